// The successor is saved before the node is freed.
// EXPECT: run: exit 0
// EXPECT-NOT: run: leak*
#include <stdlib.h>

struct node { struct node *next; int v; };

int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  a->next = b;
  b->next = 0;
  struct node *p = a;
  while (p) {
    struct node *n = p->next;
    free(p);
    p = n;
  }
  return 0;
}
