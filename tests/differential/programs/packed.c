/* Packed structs: unaligned fields, and bit-fields whose storage unit is
 * wider than 64 bits (clang loads it as one i72 / i80). */
#include <stdio.h>
#include <stdint.h>

#pragma pack(push, 1)
struct unaligned { char c; int32_t i; int64_t l; short s; };
struct wide_bits { signed f0 : 18; signed f1 : 3; signed f2 : 14; unsigned f3 : 23; signed f4 : 17; uint8_t tail; };
struct bits70 { unsigned long long a : 60; unsigned b : 10; };
#pragma pack(pop)

static struct unaligned u[3] = { { 'a', -1, 1LL << 50, 7 }, { 'b', 2, -3, 8 } };
static struct wide_bits w = { 39, 0, -4, 936, 93, 200 };
static struct bits70 b70 = { 5, 7 };

int main(void) {
  printf("sizes %zu %zu %zu\n", sizeof(struct unaligned), sizeof(struct wide_bits), sizeof(struct bits70));
  u[2] = u[0];
  u[2].i += 10;
  u[1].l *= 1000;
  long long s = 0;
  for (int k = 0; k < 3; k++) s += u[k].c + u[k].i + u[k].l + u[k].s;
  printf("unaligned %lld %d\n", s, u[2].i);
  int32_t *pi = &u[1].i;          /* misaligned pointer: fine for byte-addressed memory */
  printf("via ptr %d\n", *pi);
  printf("wide %d %d %d %u %d %u\n", w.f0, w.f1, w.f2, w.f3, w.f4, w.tail);
  w.f4 = -5;
  w.f0 += 1000;
  printf("wide %d %d %d\n", w.f4, w.f2, w.f0);
  printf("b70 %llu %u\n", (unsigned long long)b70.a, b70.b);
  b70.b = 1023;
  b70.a = (1ULL << 60) - 1;
  printf("b70 %llu %u\n", (unsigned long long)b70.a, b70.b);
  return b70.b & 0x3f;
}
