// list-tail-safe.c with the last node linked back to the first: the walk
// to NULL never ends.
// VERDICT: FALSE(termination)
// VERDICT-SEG: UNKNOWN for termination
// RUN: --nondet 3 --max-steps 100000
// EXPECT: run: out of steps (100000)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { int val; struct node* next; } node_t;
int main() {
  int n = __VERIFIER_nondet_int();
  node_t* head = malloc(sizeof(node_t));
  if (!head) return 0;
  head->val = 0;
  node_t* curr = head;
  for (int i = 1; i < n; i++) {
    node_t* nn = malloc(sizeof(node_t));
    if (!nn) break;
    nn->val = i;
    curr->next = nn;
    curr = nn;
  }
  curr->next = head;
  for (node_t *p = head; p != NULL; p = p->next) ;
  while (head != NULL) { node_t *q = head->next; free(head); head = q; }
  return 0;
}
