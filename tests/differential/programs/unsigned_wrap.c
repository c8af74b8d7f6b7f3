/* Unsigned wrap-around at all widths and the integer promotions. */
#include <stdio.h>
#include <stdint.h>

int main(void) {
  uint8_t a = 200, b = 100;
  int promoted = a + b;               /* int arithmetic: 300 */
  uint8_t wrapped = (uint8_t)(a + b); /* 44 */
  printf("u8: %d %u %u %u\n", promoted, wrapped, (uint8_t)(a * b), (uint8_t)(b - a));
  uint16_t c = 65535, d = 2;
  printf("u16: %u %u %u %d\n", (uint16_t)(c + d), (uint16_t)((unsigned)c * c), (uint16_t)(d - c), (unsigned)c * c > 0u);
  uint32_t e = 4294967295u, f = 3;
  printf("u32: %u %u %u %u\n", e + f, e * f, f - e, e / f);
  uint64_t g = 18446744073709551615ull, h = 10;
  printf("u64: %llu %llu %llu %llu %llu\n", (unsigned long long)(g + h), (unsigned long long)(g * h),
         (unsigned long long)(h - g), (unsigned long long)(g / h), (unsigned long long)(g % h));
  /* loops that rely on wrap */
  uint8_t k = 250;
  int steps = 0;
  while (k != 4) { k++; steps++; }
  printf("steps %d\n", steps);
  unsigned u = 0;
  u--;
  printf("u-- %u %d\n", u, u > 0);
  /* comparisons mixing signed and unsigned */
  int neg = -1;
  printf("cmp %d %d %d\n", neg < 1u, (long)neg < 1L, neg < (unsigned char)1);
  uint32_t x = 0x12345678;
  for (int i = 0; i < 20; i++)
    x = x * 1664525u + 1013904223u;
  printf("lcg %u\n", x);
  return 0;
}
