// The list of list-walk-safe.c, summed by a walk that reads one node past
// the end: the last step dereferences NULL (a node is always built first).
// VERDICT: FALSE(valid-deref) for valid-memsafety
// VERDICT-SEG: UNKNOWN for valid-memsafety
// RUN: --nondet 2
// EXPECT: run: ub null-deref at @HERE* load of 8 bytes at address 0x8 (null pointer)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int value;
  struct node *next;
};

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) n = 1;
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    if (!p) return 0;
    p->value = i & 7;
    p->next = head;
    head = p;
  }
  int sum = 0;
  struct node *p = head;
  while (p->next != NULL || p->value >= 0) { // HERE
    sum = (sum + p->value) & 255;
    p = p->next;
  }
  return sum;
}
