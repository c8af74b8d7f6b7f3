// A list of a nondeterministic number of nodes, built at the front, walked
// to its end and freed node by node: terminates, memory safe, no leak.
// The graph folds the built nodes into a list segment at the loop head and
// unfolds it on every access (issue 41).
// VERDICT: TRUE for termination
// VERDICT-SEG: TRUE for valid-memsafety
// RUN: --nondet 3
// EXPECT: run: exit 0
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
  int sum = 0;
  for (struct node *p = head; p != NULL; p = p->next) sum = (sum + p->value) & 255;
  while (head != NULL) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return sum > 255;
}
