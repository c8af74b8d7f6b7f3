// Seed 000, Sect. 1, g ("while (j > 0) j++" over unsigned int) with j in an
// alloca'd cell: terminates because j wraps around to 0 (it would not over
// the unbounded integers). Memory safe; the wrap-around is not an overflow.
// RUN: --nondet -6
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  unsigned int *j = alloca(sizeof(unsigned int));
  *j = (unsigned int)__VERIFIER_nondet_int();
  while (*j > 0)
    *j = *j + 1;
  return 0;
}
