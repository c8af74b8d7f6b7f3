// VERDICT: FALSE(no-overflow)
// RUN: --nondet 128,0,0,0,0,0,0,0,9
// EXPECT: run: ub signed-overflow at @HERE*
/* Left shifts of unsigned values wrap (a CRC-32 over a buffer, a big-endian
 * word from bytes); a signed one that does not fit is an overflow: the byte is
 * promoted to int, and 128 << 24 does not fit. Without
 * knowing which C shifts were signed, it is not told from the others. */
#include <stdint.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);

static uint32_t be32(const unsigned char *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

int main(void) {
  unsigned char buf[8];
  for (int i = 0; i < 8; i++) buf[i] = __VERIFIER_nondet_uchar();
  uint32_t crc = 0xffffffffu;
  unsigned n = __VERIFIER_nondet_uint() % 9;
  for (unsigned i = 0; i < n; i++) {
    crc ^= (uint32_t)buf[i] << 24;
    for (int k = 0; k < 8; k++)
      crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04c11db7u : crc << 1;
  }
  int top = buf[0] << 24; /* int: 128 << 24 does not fit */ // HERE
  return (int)((crc ^ be32(buf)) & 1) + (top < 0);
}
