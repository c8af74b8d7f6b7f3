// The list of list-walk-safe.c with its last node pointing back to the
// first: the walk to NULL never ends once the list has a node.
// VERDICT: FALSE(termination)
// VERDICT-SEG: UNKNOWN for termination
// RUN: --nondet 3 --max-steps 100000
// EXPECT: run: out of steps (100000)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int value;
  struct node *next;
};

int main(void) {
  int n = __VERIFIER_nondet_int();
  struct node *head = NULL, *last = NULL;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    if (!p) break;
    p->value = i;
    p->next = head;
    if (!head) last = p;
    head = p;
  }
  if (last) last->next = head;
  int sum = 0;
  for (struct node *p = head; p != NULL; p = p->next) sum = (sum + p->value) & 255;
  return sum > 255;
}
