// A list node is read after it has been freed.
// EXPECT: run: ub use-after-free at @HERE* load of 8 bytes at offset 0 of heap object from malloc at *, freed at *
#include <stdlib.h>

struct node { struct node *next; int v; };

int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  a->next = b;
  b->next = 0;
  for (struct node *p = a; p; p = p->next) // HERE
    free(p);
  return 0;
}
