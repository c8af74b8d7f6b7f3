// Only the heap pointer is freed.
// RUN: --nondet 0
// EXPECT: run: exit 6
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int local = 0;
  int *heap = __VERIFIER_nondet_int() ? malloc(sizeof *heap) : 0;
  int *p = heap ? heap : &local;
  *p = 3;
  free(heap);
  return local + 3;
}
