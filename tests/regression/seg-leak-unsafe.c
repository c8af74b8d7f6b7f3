// The only pointer to a malloc'd cell is overwritten by a second malloc
// under a nondet condition: the first cell is lost (valid-memtrack).
// RUN: --nondet 1
// EXPECT: run: exit 0
// EXPECT-EXTRA: run: leak valid-memtrack: 1 object(s) unreachable at exit, allocated at @HERE*
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = malloc(sizeof(int)); // HERE
  if (n > 0)
    p = malloc(sizeof(int));
  free(p);
  return 0;
}
