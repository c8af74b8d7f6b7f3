// VERDICT: TRUE for valid-memsafety
// VERDICT-SEG: TRUE for valid-memsafety
// A string walked by index up to its NUL (the pattern scanner of a small
// regex library: `while (p[i] != '\0') ...`): the NUL at a drawn position of
// a 64-byte buffer bounds the index. The graph keeps p + i <= NUL across the
// merge at the loop head, as it keeps s <= NUL for a pointer walk s++.
// RUN: --nondet 7,65,66,67,0,0,0,0,0,0,0,0
// EXPECT: run: exit 3
#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

static int count_classes(const char *p) {
  int i = 0, n = 0;
  while (p[i] != '\0') {
    if (p[i] >= 'A' && p[i] <= 'Z') n++;
    i++;
  }
  return n;
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
