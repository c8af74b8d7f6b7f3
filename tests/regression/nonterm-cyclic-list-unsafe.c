// A list whose last node points back to the first, walked until NULL.
// VERDICT: FALSE(termination)
// RUN: --max-steps 100000
// EXPECT: run: out of steps (100000)
#include <stdlib.h>

struct node {
  struct node *next;
  int v;
};

int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b), *c = malloc(sizeof *c);
  if (!a || !b || !c) return 0;
  a->next = b, b->next = c, c->next = a;
  a->v = 1, b->v = 2, c->v = 3;
  int sum = 0;
  for (struct node *p = a; p; p = p->next) sum = (sum + p->v) & 15;
  free(a), free(b), free(c);
  return sum;
}
