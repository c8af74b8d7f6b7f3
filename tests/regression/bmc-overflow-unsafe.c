// A product of a nondet value through a call overflows for large inputs.
// RUN: --nondet 1000000
// EXPECT: run: ub signed-overflow at @HERE*
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "bmc.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

static int scale(int x) {
  return x * 3000; // HERE
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0)
    return scale(x) > 0;
  return 0;
}
