// A counter behind a pointer to a heap cell of its own: the cell is
// tracked as a variable (its pointer is only loaded from and stored to).
// RUN: --nondet 12
// EXPECT: run: exit 0
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (!p)
    return 0;
  *p = __VERIFIER_nondet_int();
  while (*p >= 0)
    (*p)--;
  free(p);
  return 0;
}
