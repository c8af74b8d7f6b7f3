// The block is freed before exit.
// RUN: --nondet 3
// EXPECT: run: exit 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "bmc.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

int *keep;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n == 3)
    keep = malloc(sizeof *keep);
  free(keep);
  return 0;
}
