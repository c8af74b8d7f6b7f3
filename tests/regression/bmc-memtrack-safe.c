// Every block is freed.
// RUN: --nondet 2
// EXPECT: run: exit 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "bmc.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = 0;
  for (int i = 0; i < n && i < 3; i++) {
    free(p);
    p = malloc(sizeof *p);
  }
  free(p);
  return 0;
}
