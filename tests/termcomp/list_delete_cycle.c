/* list_delete_ends.c with the last node linked back to the first: a walk
 * that only deletes nodes holding m runs forever when no node holds m. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE|NO
// termcomp-math: MAYBE|NO
struct node {
  int value;
  struct node *next;
};

int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  struct node *head = NULL, *last = NULL;
  for (int j = 0; j < n; j++) {
    struct node *p = malloc(sizeof *p);
    p->value = __VERIFIER_nondet_int();
    p->next = head;
    if (last == NULL) last = p;
    head = p;
  }
  if (head == NULL) return 0;
  last->next = head;
  struct node *curr = head;
  while (curr->next != NULL) {
    if (curr->next->value == m)
      curr->next = curr->next->next;
    else
      curr = curr->next;
  }
  return 0;
}
