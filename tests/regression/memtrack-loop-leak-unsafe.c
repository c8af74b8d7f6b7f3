// A loop allocates a cell per round and never frees it: each is lost when
// the next round overwrites the pointer. The graph's merge at the loop head
// forgets the cell; it must not then claim that every run frees its memory.
// VERDICT: FALSE(valid-memtrack) for valid-memsafety
// VERDICT-SEG: UNKNOWN for valid-memsafety
// RUN: --nondet 2
// EXPECT: run: exit 0
// EXPECT-EXTRA: run: leak valid-memtrack: 2 object(s) unreachable at exit, allocated at @HERE*
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int *p = malloc(sizeof *p); // HERE
    if (!p) break;
    *p = i;
  }
  return 0;
}
