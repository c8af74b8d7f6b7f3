// An _Atomic struct of 16 bytes has no lock-free instruction: clang calls the
// generic __atomic_store/load/exchange/compare_exchange, which are read as
// byte copies and a bytewise comparison (the single-threaded meaning).
// EXPECT: run: exit 0
// VERDICT: TRUE for unreach-call
#include <stdatomic.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "atomics-struct.c", 9, "reach_error"); }

struct quad {
  int a, b, c, d;
};
static _Atomic struct quad q;

int main(void) {
  struct quad one = {1, 2, 3, 4}, two = {5, 6, 7, 8};
  atomic_store(&q, one);
  struct quad got = atomic_load(&q);
  if (got.d != 4)
    reach_error();
  struct quad old = atomic_exchange(&q, two);
  got = atomic_load(&q);
  if (old.a != 1 || got.b != 6)
    reach_error();
  struct quad want = one;
  if (atomic_compare_exchange_strong(&q, &want, one)) /* q holds two: fails */
    reach_error();
  if (want.c != 7) /* and tells what it found */
    reach_error();
  if (!atomic_compare_exchange_strong(&q, &want, one))
    reach_error();
  got = atomic_load(&q);
  if (got.a != 1)
    reach_error();
  return 0;
}
