/* nondet_string_helper.c with the string's NUL written one byte too far:
 * the walk may read past the end (memory unsafe), so neither YES nor NO. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: MAYBE
char *__VERIFIER_nondet_String(void) {
  int length = __VERIFIER_nondet_int();
  if (length < 1) length = 1;
  char *s = malloc(length + 1);
  s[length] = 'x';
  return s;
}

int main(void) {
  const char *p = __VERIFIER_nondet_String();
  while (*p != '\0') p++;
  return 0;
}
