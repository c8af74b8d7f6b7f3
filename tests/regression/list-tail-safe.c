// A list built at its tail (the node that is added last is the current one,
// its next pointer not yet written), walked to its end and freed: the merge
// at the loop head keeps the current node as an allocation (the first node
// in one state, the newest in the other) and folds the nodes before it.
// VERDICT: TRUE for valid-memsafety
// VERDICT-SEG: TRUE for termination
// RUN: --nondet 3
// EXPECT: run: exit 0
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
  curr->next = NULL;
  for (node_t *p = head; p != NULL; p = p->next) ;
  while (head != NULL) { node_t *q = head->next; free(head); head = q; }
  return 0;
}
