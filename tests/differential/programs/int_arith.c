/* Integer arithmetic at every width, signed and unsigned, incl. division
 * and remainder with negative operands (truncation toward zero). */
#include <stdio.h>
#include <stdint.h>

static int8_t   s8[]  = {0, 1, -1, 7, -7, 100, -100, 127, -128};
static int16_t  s16[] = {0, 1, -1, 300, -300, 32767, -32768, 1234};
static int32_t  s32[] = {0, 1, -1, 100000, -100000, 2147483647, -2147483647 - 1, 46341};
static int64_t  s64[] = {0, 1, -1, 10000000000LL, -10000000000LL, 9223372036854775807LL, 3037000500LL};

int main(void) {
  unsigned n8 = sizeof s8 / sizeof s8[0], n16 = sizeof s16 / sizeof s16[0];
  unsigned n32 = sizeof s32 / sizeof s32[0], n64 = sizeof s64 / sizeof s64[0];
  uint64_t acc = 0;
  for (unsigned i = 0; i < n8; i++)
    for (unsigned j = 0; j < n8; j++) {
      int a = s8[i], b = s8[j];
      int8_t sum = (int8_t)(a + b), prod = (int8_t)(a * b);
      acc = acc * 31 + (uint64_t)(sum + 3 * prod);
      if (b != 0)
        acc += (uint64_t)(a / b + 7 * (a % b));
    }
  printf("s8 %llu\n", (unsigned long long)acc);
  acc = 0;
  for (unsigned i = 0; i < n16; i++)
    for (unsigned j = 0; j < n16; j++) {
      int a = s16[i], b = s16[j];
      int16_t d = (int16_t)(a - b);
      acc = acc * 17 + (uint64_t)(d + (int16_t)(a * b));
      if (b != 0)
        acc ^= (uint64_t)((a / b) * 1000 + (a % b));
    }
  printf("s16 %llu\n", (unsigned long long)acc);
  acc = 0;
  for (unsigned i = 0; i < n32; i++)
    for (unsigned j = 0; j < n32; j++) {
      int64_t a = s32[i], b = s32[j];
      int64_t p = a * b;
      acc = acc * 13 + (uint64_t)((int32_t)(uint32_t)p + (a - b));
      if (b != 0 && !(a == INT32_MIN && b == -1))
        acc += (uint64_t)((int32_t)a / (int32_t)b - (int32_t)a % (int32_t)b);
    }
  printf("s32 %llu\n", (unsigned long long)acc);
  uint64_t h = 0;
  for (unsigned i = 0; i < n64; i++)
    for (unsigned j = 0; j < n64; j++) {
      uint64_t a = (uint64_t)s64[i], b = (uint64_t)s64[j];
      h = h * 1099511628211ULL + (a * b) + (a - b);
      if (s64[j] != 0 && !(s64[i] == INT64_MIN && s64[j] == -1))
        h += (uint64_t)(s64[i] / s64[j]) ^ (uint64_t)(s64[i] % s64[j]);
    }
  printf("s64 %llu\n", (unsigned long long)h);
  printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
  printf("%lld %lld\n", (long long)(-9223372036854775807LL / 10), (long long)(-9223372036854775807LL % 10));
  return 0;
}
