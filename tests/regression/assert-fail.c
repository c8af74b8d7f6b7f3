// A failing assert() calls __assert_fail: reported by that name (it is not
// a call of reach_error).
// RUN: --nondet 4
// EXPECT: run: error reached (__assert_fail) at @HERE*
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 4); // HERE
  return 0;
}
