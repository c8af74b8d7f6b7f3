/* Bitwise operators and bit tricks. */
#include <stdio.h>
#include <stdint.h>

static int popcount(uint32_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
static int parity(uint64_t x) { x ^= x >> 32; x ^= x >> 16; x ^= x >> 8; x ^= x >> 4; x ^= x >> 2; x ^= x >> 1; return (int)(x & 1); }
static uint32_t reverse(uint32_t x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  return (x >> 16) | (x << 16);
}

int main(void) {
  uint32_t v[] = {0, 1, 0xffffffffu, 0x80000000u, 0x12345678u, 0xdeadbeefu, 0xa5a5a5a5u};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
    uint32_t a = v[i], b = v[(i + 3) % 7];
    printf("%08x: and=%08x or=%08x xor=%08x not=%08x pop=%d par=%d rev=%08x low=%08x\n", a, a & b, a | b,
           a ^ b, ~a, popcount(a), parity(a), reverse(a), a & -a);
  }
  int8_t c = -86;
  printf("%d %d %d %d\n", c & 0x0f, c | 0x0f, c ^ 0x7f, ~c);
  int64_t m = -1234567890123LL;
  printf("%lld %lld %lld\n", (long long)(m & 0xffff), (long long)(m | 1), (long long)~m);
  return 0;
}
