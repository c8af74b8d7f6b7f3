// Seed 002's strlen over an alloca'd buffer of n >= 1 bytes whose 0 is never
// written: when none of the (nondet) bytes is 0 the walk reads past the end.
// RUN: --nondet 3,65,66,67
// EXPECT: run: ub out-of-bounds at @HERE* load of 1 byte at offset 3 of *
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1)
    return 0;
  char *str = alloca(n);
  char *p = str;
  while (*p != 0) // HERE
    p++;
  return 0;
}
