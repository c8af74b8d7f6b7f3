// The list of list-walk-safe.c freed node by node, but the last node is
// freed a second time after the loop: a double free whenever the list has a
// node. The graph unfolds the list to free each node and must not call it
// memory safe.
// VERDICT: FALSE(valid-free) for valid-memsafety
// VERDICT-SEG: UNKNOWN for valid-memsafety
// RUN: --nondet 2
// EXPECT: run: ub double-free at @HERE*
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int value;
  struct node *next;
};

int main(void) {
  int n = __VERIFIER_nondet_int();
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    if (!p) break;
    p->value = i;
    p->next = head;
    head = p;
  }
  struct node *last = NULL;
  while (head != NULL) {
    struct node *next = head->next;
    last = head;
    free(head);
    head = next;
  }
  if (last) free(last); // HERE
  return 0;
}
