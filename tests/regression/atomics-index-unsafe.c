// Each round publishes its slot number in an atomic index (atomic_store) and
// claims the slot with atomic_fetch_add, but the bound on the rounds is one
// too large: the ninth round stores one element past the array.
// RUN: --nondet 9
// EXPECT: run: ub out-of-bounds at @HERE* store of 4 bytes at offset 32 of 'slots' (size 32)
// VERDICT: FALSE(valid-deref) for valid-memsafety
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

#define N 8
static int slots[N];
static atomic_int next;

static int *claim(void) { return &slots[atomic_fetch_add_explicit(&next, 1, memory_order_relaxed)]; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= N + 1);
  for (int i = 0; i < n; i++) {
    atomic_store(&next, i);
    *claim() = i; // HERE
  }
  return atomic_exchange(&next, 0) == n ? 0 : 1;
}
