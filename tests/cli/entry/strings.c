/* --function on string arguments (tests/cli/check-cli.sh): under
 * --char-args string (the default) my_strlen and count_char are memory
 * safe; with --char-args bytes they read past the object's end. last_char
 * has an off-by-one for the empty string (s[len - 1] with len = 0). */
#include <stddef.h>
#include <stdint.h>

size_t my_strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

int count_char(const char *s, char c) {
  int k = 0;
  for (; *s; s++) k += *s == c;
  return k;
}

char last_char(const char *s) {
  size_t len = my_strlen(s);
  return s[len - 1];
}

/* uint8_t is a typedef of unsigned char: bytes, not a string */
unsigned first_zero(const uint8_t *p) {
  unsigned i = 0;
  while (p[i]) i++;
  return i;
}
