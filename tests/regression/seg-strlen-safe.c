// Seed 002's strlen over an alloca'd string: n >= 1 bytes, the last one is 0
// (the others are uninitialised, i.e. nondet), so the walk stops at the
// latest at str + n - 1. Terminates, memory safe, no overflow.
// RUN: --nondet 5,65,66,67,68
// EXPECT: run: exit 4
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1)
    return 0;
  char *str = alloca(n);
  str[n - 1] = 0;
  char *p = str;
  while (*p != 0)
    p++;
  return p - str;
}
