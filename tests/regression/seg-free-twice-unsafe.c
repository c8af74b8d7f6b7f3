// A heap cell is freed under a nondet condition and then freed again.
// RUN: --nondet 1
// EXPECT: run: ub double-free at @HERE* free of heap object from malloc at *, already freed at *
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = malloc(sizeof(int));
  if (p == 0)
    return 0;
  *p = n;
  if (n > 0)
    free(p);
  free(p); // HERE
  return 0;
}
