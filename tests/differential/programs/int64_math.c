/* 64-bit multiplication, division, modular exponentiation, mulhi. */
#include <stdio.h>
#include <stdint.h>

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
  uint64_t r = 0;
  a %= m;
  while (b) { if (b & 1) { r = (r + a) % m; } a = (a << 1) % m; b >>= 1; }
  return r;
}
static uint64_t powmod(uint64_t b, uint64_t e, uint64_t m) {
  uint64_t r = 1 % m;
  while (e) { if (e & 1) r = mulmod(r, b, m); b = mulmod(b, b, m); e >>= 1; }
  return r;
}
static uint64_t mulhi(uint64_t a, uint64_t b) {
  uint64_t al = a & 0xffffffff, ah = a >> 32, bl = b & 0xffffffff, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

int main(void) {
  printf("powmod %llu %llu\n", (unsigned long long)powmod(2, 1000000, 1000000007ull),
         (unsigned long long)powmod(123456789, 987654321, 4294967291ull));
  printf("mulhi %llx\n", (unsigned long long)mulhi(0xfedcba9876543210ull, 0x0123456789abcdefull));
  int64_t a = -9000000000000000000LL, b = 7;
  printf("div %lld %lld %lld %lld\n", (long long)(a / b), (long long)(a % b), (long long)(a / -b), (long long)(-a % b));
  uint64_t u = 0xffffffffffffffffull;
  printf("udiv %llu %llu %llu\n", (unsigned long long)(u / 3), (unsigned long long)(u % 1000), (unsigned long long)(u / u));
  int64_t m = 3037000499LL;
  printf("square %lld\n", (long long)(m * m));
  uint32_t x = 0xffffffffu;
  uint64_t wide = (uint64_t)x * x;
  printf("wide %llu %u\n", (unsigned long long)wide, x * x);
  return 0;
}
