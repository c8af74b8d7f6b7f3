// An off-by-one index writes past a stack array.
// RUN: --nondet 4
// EXPECT: run: ub out-of-bounds at @HERE*
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "bmc.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 4)
    a[i] = 1; // HERE
  return 0;
}
