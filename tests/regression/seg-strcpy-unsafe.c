// Copies a 0-terminated alloca'd string of n >= 2 bytes into an alloca'd
// buffer one byte too small: when the only 0 is the last byte, the
// terminator is written one past the end of the destination.
// RUN: --nondet 3,65,66
// EXPECT: run: ub out-of-bounds at @HERE* store of 1 byte at offset 2 of * (size 2)
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2)
    return 0;
  char *src = alloca(n);
  char *dst = alloca(n - 1);
  src[n - 1] = 0;
  char *s = src;
  char *d = dst;
  while (*s != 0) {
    *d = *s;
    s++;
    d++;
  }
  *d = 0; // HERE
  return 0;
}
