/* A list of n nodes with arbitrary values; the walk deletes the nodes that
 * hold m (it leaves them allocated) and ends at the last node. Terminates:
 * the graph folds the nodes into a list segment when it merges the states
 * at the loop head, and the length still ahead ranks the walk. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES
struct node {
  int value;
  struct node *next;
};

int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  struct node *head = NULL;
  for (int j = 0; j < n; j++) {
    struct node *p = malloc(sizeof *p);
    p->value = __VERIFIER_nondet_int();
    p->next = head;
    head = p;
  }
  if (head == NULL) return 0;
  struct node *curr = head;
  while (curr->next != NULL) {
    if (curr->next->value == m)
      curr->next = curr->next->next;
    else
      curr = curr->next;
  }
  return 0;
}
