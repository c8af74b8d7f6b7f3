/* tests/report: a failing assert() (--prop assert: FALSE(assert)). */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 7); /* REPORT-BUG */
  return 0;
}
