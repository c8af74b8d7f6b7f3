// A ring buffer of N ints whose indices are atomics: the tail advances with
// fetch_add, a full buffer drops its oldest element by a compare-exchange on
// the head, but the test for "full" is off by one, so the fill level
// reaches N after N pushes.
// RUN: --nondet 6
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
#include <stdatomic.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "atomics-counter-unsafe.c", 10, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

#define N 4u
static int buf[N];
static atomic_uint head, tail;

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 6);
  for (unsigned i = 0; i < n; i++) {
    unsigned t = atomic_fetch_add(&tail, 1);
    buf[t % N] = (int)i;
    unsigned h = atomic_load(&head);
    if (t - h == N) /* full: drop the oldest */
      atomic_compare_exchange_strong(&head, &h, h + 1);
    atomic_thread_fence(memory_order_release);
  }
  if (atomic_load(&tail) - atomic_load(&head) > N - 1)
    reach_error(); // HERE
  return 0;
}
