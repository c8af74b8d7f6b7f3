// Freeing the address of a local variable.
// RUN: --nondet 0
// EXPECT: run: ub invalid-free at @HERE* free of stack object 'local'
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int local = 0;
  int *p = __VERIFIER_nondet_int() ? malloc(sizeof *p) : &local;
  *p = 3;
  free(p); // HERE
  return 0;
}
