// The twin of walk-count-safe.c whose checksum loop runs once too often
// (a <= len): it reads the byte just past the buffer.
// RUN: --nondet 3,7
// EXPECT: run: ub out-of-bounds at @HERE*
// VERDICT: FALSE(valid-deref) for valid-memsafety
#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

/* the first entries of the CRC-8 table of polynomial 0x07; the rest 0 */
static const unsigned char table[256] = {0x00, 0x07, 0x0e, 0x09, 0x1c, 0x1b, 0x12, 0x15,
                                         0x38, 0x3f, 0x36, 0x31, 0x24, 0x23, 0x2a, 0x2d};

static unsigned char crc8(const unsigned char *data, unsigned long len) {
  const unsigned char *p = data;
  unsigned char crc = 0;
  for (unsigned long a = 0; a <= len; a++) {
    crc = table[crc ^ *p]; // HERE
    p++;
  }
  return crc;
}

static void fill(unsigned char *dst, unsigned long n, unsigned char c) {
  while (n != 0) {
    *dst++ = c;
    n--;
  }
}

int main(void) {
  unsigned long len = __VERIFIER_nondet_uint();
  unsigned char *buf = malloc(len);
  if (!buf) return 0;
  fill(buf, len, __VERIFIER_nondet_uchar());
  unsigned char crc = crc8(buf, len);
  free(buf);
  return crc == 0;
}
