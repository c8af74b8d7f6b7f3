/* Compiler builtins that become LLVM intrinsics: ctpop, ctlz, cttz, bswap,
 * overflow checks, expect, memcpy/memset of constant size. */
#include <stdio.h>
#include <stdint.h>

int main(void) {
  uint32_t v[] = { 1, 0x80000000u, 0x00f0f000u, 0xffffffffu, 12345 };
  for (int i = 0; i < 5; i++)
    printf("%08x pop=%d clz=%d ctz=%d bswap=%08x\n", v[i], __builtin_popcount(v[i]), __builtin_clz(v[i]),
           __builtin_ctz(v[i]), __builtin_bswap32(v[i]));
  uint64_t w = 0x0102030405060708ull;
  printf("%016llx %d %d\n", (unsigned long long)__builtin_bswap64(w), __builtin_popcountll(w), __builtin_clzll(w));
  printf("%04x\n", __builtin_bswap16(0xabcd));
  int r;
  int o1 = __builtin_add_overflow(2147483600, 100, &r);
  printf("add %d %d\n", o1, r);
  int o2 = __builtin_mul_overflow(65536, 65536, &r);
  printf("mul %d %d\n", o2, r);
  unsigned ur;
  int o3 = __builtin_sub_overflow(3u, 5u, &ur);
  printf("sub %d %u\n", o3, ur);
  long lr;
  int o4 = __builtin_smull_overflow(1L << 40, 1L << 20, &lr);
  printf("smull %d %ld\n", o4, lr);
  if (__builtin_expect(v[0] == 1, 1)) printf("expect\n");
  struct { int a[4]; } s1 = { { 1, 2, 3, 4 } }, s2;
  __builtin_memcpy(&s2, &s1, sizeof s1);
  __builtin_memset(s1.a, 0, 2 * sizeof(int));
  printf("mem %d %d %d\n", s2.a[3], s1.a[1], s1.a[2]);
  return 0;
}
