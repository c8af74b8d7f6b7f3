/* Shifts at every width, arithmetic right shift of negative values. */
#include <stdio.h>
#include <stdint.h>

int main(void) {
  for (int s = 0; s < 8; s++)
    printf("8/%d: %d %u %d\n", s, (int8_t)((int8_t)-100 >> s), (uint8_t)(200u >> s), (uint8_t)(1u << s));
  for (int s = 0; s < 16; s += 3)
    printf("16/%d: %d %u\n", s, (int16_t)-30000 >> s, (uint16_t)((uint16_t)0xBEEF << s));
  for (int s = 0; s < 32; s += 5)
    printf("32/%d: %d %u %u\n", s, (int32_t)0x80000001 >> s, 0x80000001u >> s, 0xdeadbeefu << s);
  for (int s = 0; s < 64; s += 7)
    printf("64/%d: %lld %llu %llu\n", s, (long long)(INT64_MIN >> s),
           (unsigned long long)(0x8000000000000001ull >> s), (unsigned long long)(0xcafebabe12345678ull << s));
  int x = -1;
  printf("neg %d %d %d\n", x >> 1, x >> 31, -17 >> 2);
  unsigned y = 1;
  printf("top %u %d\n", y << 31, 1 << 30);
  uint64_t z = 1;
  printf("top64 %llu\n", (unsigned long long)(z << 63));
  uint32_t r = 0x12345678;
  printf("rot %x %x\n", (r << 8) | (r >> 24), (r >> 4) | (r << 28));
  return 0;
}
