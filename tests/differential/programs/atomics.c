/* C11 atomics and the GCC builtins, read sequentially (one thread): atomic
 * loads and stores, every fetch-op, exchange, compare-exchange (strong and
 * weak, succeeding and failing), fences, atomic_flag, atomic pointers and
 * floats (fadd/fsub), 64-bit atomics, signed wrap-around of atomic arithmetic. */
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

static atomic_int ai = 10;
static _Atomic unsigned au = 3;
static _Atomic long long all = -5;
static _Atomic short as = 100;
static _Atomic signed char ac = 120;
static atomic_flag flag = ATOMIC_FLAG_INIT;
static int arr[4] = {7, 8, 9, 10};
static _Atomic(int *) ap = arr;
static _Atomic float af = 1.5f;
static _Atomic double ad = 0.25;
static int plain = 6;

/* The operation first, then the value after it (printf's arguments are
 * unsequenced). */
#define SHOW(what, op, after)                                                  \
  do {                                                                         \
    long long r_ = (long long)(op);                                            \
    printf("%s %lld -> %lld\n", what, r_, (long long)(after));                 \
  } while (0)

int main(void) {
  atomic_store(&ai, 5);
  printf("load %d\n", atomic_load(&ai));
  SHOW("fetch_add", atomic_fetch_add(&ai, 3), atomic_load(&ai));
  SHOW("fetch_sub", atomic_fetch_sub(&au, 5), atomic_load(&au)); /* wraps */
  SHOW("fetch_or", atomic_fetch_or(&ai, 0x30), atomic_load(&ai));
  SHOW("fetch_and", atomic_fetch_and(&ai, 0x1c), atomic_load(&ai));
  SHOW("fetch_xor", atomic_fetch_xor_explicit(&ai, 0xff, memory_order_relaxed),
       atomic_load_explicit(&ai, memory_order_relaxed));
  int e = 0;
  bool ok = atomic_compare_exchange_strong(&ai, &e, 1);
  printf("cas strong fail %d e=%d ai=%d\n", ok, e, atomic_load(&ai));
  ok = atomic_compare_exchange_strong(&ai, &e, 1);
  printf("cas strong ok %d e=%d ai=%d\n", ok, e, atomic_load(&ai));
  e = 1;
  while (!atomic_compare_exchange_weak(&ai, &e, e * 40)) {
  }
  printf("cas weak %d ai=%d\n", e, atomic_load(&ai));
  SHOW("exchange", atomic_exchange(&ai, INT_MAX), atomic_load(&ai));
  SHOW("wrap", atomic_fetch_add(&ai, 1), atomic_load(&ai)); /* no UB for atomics */
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_acquire);
  SHOW("flag", atomic_flag_test_and_set(&flag), atomic_flag_test_and_set(&flag));
  atomic_flag_clear(&flag);
  printf("flag cleared %d\n", atomic_flag_test_and_set_explicit(&flag, memory_order_relaxed));
  SHOW("ll", atomic_fetch_add(&all, 1000000000000LL), atomic_load(&all));
  as += 7;
  ac++;
  ac++;
  ac += 10; /* 132 does not fit: the conversion to signed char wraps */
  printf("short %d char %d\n", as, ac);
  int *p = atomic_load(&ap);
  atomic_store(&ap, p + 2);
  int *want = arr;
  ok = atomic_compare_exchange_strong(&ap, &want, arr + 3);
  printf("ptr %d %d %d\n", *p, ok, (int)(want - arr));
  SHOW("ptr fetch_add", *atomic_fetch_add(&ap, 1), *(atomic_load(&ap) - 2));
  af += 2.25f;
  ad = ad * 3;
  printf("float %g double %g\n", (double)atomic_load(&af), atomic_load(&ad));
  float fl = 0.5f;
  double db = 10.0;
  float fo = __atomic_fetch_add(&fl, 1.25f, __ATOMIC_SEQ_CST); /* atomicrmw fadd */
  double dbo = __atomic_fetch_sub(&db, 0.125, __ATOMIC_SEQ_CST); /* atomicrmw fsub */
  printf("fadd %g -> %g fsub %g -> %g\n", (double)fo, (double)fl, dbo, db);
  SHOW("sync add", __sync_fetch_and_add(&plain, 2), plain);
  printf("sync sub %d\n", __sync_sub_and_fetch(&plain, 1));
  SHOW("sync bool cas", __sync_bool_compare_and_swap(&plain, 7, 70), __sync_bool_compare_and_swap(&plain, 7, 71));
  SHOW("sync val cas", __sync_val_compare_and_swap(&plain, 70, 9), plain);
  SHOW("sync nand", __sync_fetch_and_nand(&plain, 12), plain);
  printf("sync lock %d\n", __sync_lock_test_and_set(&plain, 4));
  __sync_lock_release(&plain);
  __sync_synchronize();
  plain = -3;
  SHOW("atomic max", __atomic_fetch_max(&plain, 2, __ATOMIC_SEQ_CST), plain);
  SHOW("atomic min", __atomic_fetch_min(&plain, -8, __ATOMIC_SEQ_CST), plain);
  unsigned u = 5;
  SHOW("atomic umax", __atomic_fetch_max(&u, 0xfffffff0u, __ATOMIC_RELAXED), u);
  SHOW("atomic umin", __atomic_fetch_min(&u, 9u, __ATOMIC_ACQ_REL), u);
  printf("atomic add_fetch %d\n", __atomic_add_fetch(&plain, 100, __ATOMIC_SEQ_CST));
  int expected = 92, desired = 1;
  ok = __atomic_compare_exchange_n(&plain, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  printf("cas_n %d %d %d\n", ok, expected, plain);
  int xv = 33, old;
  __atomic_exchange(&plain, &xv, &old, __ATOMIC_SEQ_CST);
  __atomic_load(&plain, &xv, __ATOMIC_SEQ_CST);
  printf("exchange generic %d %d\n", old, xv);
  return (int)(atomic_load(&all) & 0x3f);
}
