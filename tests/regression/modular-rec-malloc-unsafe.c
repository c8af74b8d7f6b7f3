// The unsafe twin of modular-rec-malloc-safe: the cell is freed twice when
// n is 2 (the second free in the callee's callee frees the caller's cell
// through a global).
// RUN: --nondet 4
// EXPECT: run: ub double-free at @HERE*
// VERDICT: FALSE(valid-free) for valid-memsafety
// VERDICT-SEG: UNKNOWN for valid-memsafety
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int *last;

void build(int n) {
  if (n <= 0) return;
  int *cell = malloc(sizeof *cell);
  if (!cell) return;
  *cell = n;
  if (n == 1) free(last);
  last = cell;
  build(n - 1);
  free(cell); // HERE
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 100) return 0;
  build(n);
  return 0;
}
