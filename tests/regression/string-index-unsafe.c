// VERDICT: FALSE(valid-deref) for valid-memsafety
// The twin of string-index-safe.c whose scanner looks one byte past each
// character it reads, also past the NUL: with the NUL in the last byte of the
// buffer it reads s[64].
// RUN: --nondet 63,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65,65
// EXPECT: run: ub out-of-bounds at @HERE*
#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

static int count_classes(const char *p) {
  int i = 0, n = 0;
  while (p[i] != '\0') {
    if (p[i] >= 'A' && p[i + 1] <= 'Z') n++;
    i++;
  }
  return n + (p[i + 1] == '*'); // HERE
}

int main(void) {
  unsigned long len = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(len < 64);
  char *s = malloc(64);
  if (!s) return 0;
  for (unsigned long k = 0; k < len; k++) s[k] = (char)__VERIFIER_nondet_uchar();
  s[len] = '\0';
  int r = count_classes(s);
  free(s);
  return r;
}
