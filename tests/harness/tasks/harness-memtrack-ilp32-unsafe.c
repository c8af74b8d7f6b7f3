// Native replay (tests/harness), ILP32, valid-memtrack: blocks lost while
// the program runs. The last pointer to a block is overwritten in a loop,
// and a list whose head lives only in build()'s frame is lost when build()
// returns. The interpreter finds both lost at exit (its roots are the
// globals once main has returned); natively, stale copies of the pointers
// stay in the stack memory below the live frames, which LeakSanitizer reads
// as roots unless the harness tells it not to (src/output/harness.h,
// "valid-memtrack"): then one of the two sites goes unreported.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct node {
  struct node *next;
  int val;
};

static void push(struct node **head, int v) {
  struct node *n = malloc(sizeof *n);
  n->next = *head;
  n->val = v;
  *head = n;
}

static int build(int n) {
  struct node *head = 0;
  for (int i = 0; i < n; i++)
    push(&head, i);
  return head->val;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 4);
  char *buf = 0;
  for (int i = 0; i <= n; i++) {
    buf = malloc(8); // the block of the previous iteration is lost here
    buf[0] = (char)i;
  }
  free(buf);
  return build(n) == n - 1 ? 0 : 1;
}
