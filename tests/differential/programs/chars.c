/* Characters: arithmetic, escapes, putchar/puts, a hand-made itoa. */
#include <stdio.h>

static void itoa_base(long v, int base, char *out) {
  char tmp[72];
  int n = 0, neg = v < 0;
  unsigned long u = neg ? 0UL - (unsigned long)v : (unsigned long)v;
  do { tmp[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[u % base]; u /= base; } while (u);
  if (neg) tmp[n++] = '-';
  for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
  out[n] = 0;
}

int main(void) {
  for (char c = 'a'; c <= 'z'; c += 5) putchar(c - 'a' + 'A');
  putchar('\n');
  puts("tab\tquote\"backslash\\ octal\101 hex\x42");
  char buf[80];
  long vals[] = { 0, 255, -255, 1234567, -9223372036854775807L - 1 };
  for (int i = 0; i < 5; i++) {
    itoa_base(vals[i], 16, buf); printf("%s ", buf);
    itoa_base(vals[i], 7, buf); printf("%s ", buf);
    itoa_base(vals[i], 2, buf); printf("%s\n", buf);
  }
  int digits = 0, letters = 0;
  const char *s = "R2-D2 and C-3PO, 1977!";
  for (const char *p = s; *p; p++) {
    if (*p >= '0' && *p <= '9') digits++;
    else if ((*p | 32) >= 'a' && (*p | 32) <= 'z') letters++;
  }
  printf("%d %d\n", digits, letters);
  char high = (char)0xe9;
  printf("%d %d\n", high, (unsigned char)high);
  return 0;
}
