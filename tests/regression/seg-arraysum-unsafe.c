// A malloc'd int array of n elements (1 <= n <= 1000) is filled with an
// off-by-one bound (i <= n) while summing: the last iteration writes one
// past the end.
// RUN: --nondet 4
// EXPECT: run: ub out-of-bounds at @HERE* store of 4 bytes at offset 16 of heap object from malloc at * (size 16)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 1000);
  int *a = malloc(n * sizeof(int));
  if (a == 0)
    return 0;
  unsigned int sum = 0;
  for (int i = 0; i <= n; i++) {
    a[i] = i; // HERE
    sum += a[i];
  }
  free(a);
  return sum & 0xff;
}
