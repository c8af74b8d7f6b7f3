/* Conversions between signed and unsigned types of all widths. */
#include <stdio.h>
#include <stdint.h>

int main(void) {
  int32_t vals[] = {0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536,
                    -32768, -32769, 2147483647, -2147483647 - 1, 0x12345678, -0x12345678};
  for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    int32_t v = vals[i];
    printf("%d: s8=%d u8=%u s16=%d u16=%u u32=%u s64=%lld u64=%llu\n", v, (int8_t)v, (uint8_t)v,
           (int16_t)v, (uint16_t)v, (uint32_t)v, (long long)(int64_t)v,
           (unsigned long long)(uint64_t)v);
  }
  int64_t big = -5000000000LL;
  printf("trunc %d %u %d\n", (int32_t)big, (uint32_t)big, (int16_t)big);
  uint64_t ubig = 0xfedcba9876543210ull;
  printf("utrunc %u %u %u %lld\n", (uint32_t)ubig, (uint16_t)ubig, (uint8_t)ubig, (long long)ubig);
  char c = (char)200;
  signed char sc = (signed char)200;
  unsigned char uc = 200;
  printf("chars %d %d %d\n", c, sc, uc);
  _Bool b1 = 5, b2 = 0, b3 = (_Bool)-3;
  printf("bools %d %d %d\n", b1, b2, b3);
  unsigned short us = 65535;
  short ss = (short)us;
  printf("short %d %d %u\n", ss, us, (unsigned)(ss + 1));
  long l = -1;
  unsigned long ul = (unsigned long)l;
  printf("long %ld %lu %d\n", l, ul, (int)(ul >> 60));
  return 0;
}
