// A malloc'd int array of n elements (1 <= n <= 1000), checked for NULL,
// filled and summed in one loop, and freed. The sum is unsigned: no signed overflow.
// RUN: --nondet 4
// EXPECT: run: exit 6
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
  for (int i = 0; i < n; i++) {
    a[i] = i;
    sum += a[i];
  }
  free(a);
  return sum & 0xff;
}
