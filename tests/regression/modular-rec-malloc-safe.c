// A recursion that allocates a cell per call and frees it after the
// recursive call returns: the intersection carries the caller's heap
// object (removed by the generalization to the entry state) past the call.
// RUN: --nondet 4
// EXPECT: run: exit 0
// VERDICT-SEG: TRUE for valid-memsafety
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

void build(int n) {
  if (n <= 0) return;
  int *cell = malloc(sizeof *cell);
  if (cell) *cell = n;
  build(n - 1);
  free(cell);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 100) return 0;
  build(n);
  return 0;
}
