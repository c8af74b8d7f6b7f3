// Seed 000, Sect. 1, f ("j = 0; while (j <= x) j++" over unsigned int) with x
// and j in alloca'd cells: does not terminate for x = UINT_MAX, because j
// wraps around to 0. Memory safe; unsigned wrap-around is not an overflow.
// RUN: --nondet -1 --max-steps 20000
// EXPECT: run: out of steps (20000)
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  unsigned int *x = alloca(sizeof(unsigned int));
  unsigned int *j = alloca(sizeof(unsigned int));
  *x = (unsigned int)__VERIFIER_nondet_int();
  *j = 0;
  while (*j <= *x)
    *j = *j + 1;
  return 0;
}
