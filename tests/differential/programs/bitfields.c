/* Bit-fields: packing, signed fields, wrap on assignment. */
#include <stdio.h>

struct flags {
  unsigned a : 3;
  unsigned b : 5;
  signed   c : 4;
  unsigned d : 1;
  unsigned e : 12;
  unsigned long long big : 40;
  int tail;
};

struct small { unsigned char x : 2, y : 6; };

int main(void) {
  struct flags f = { 0 };
  printf("size %zu %zu\n", sizeof(struct flags), sizeof(struct small));
  f.a = 5; f.b = 31; f.c = -3; f.d = 1; f.e = 4095; f.big = 0x123456789aull; f.tail = 7;
  printf("%u %u %d %u %u %llx %d\n", f.a, f.b, f.c, f.d, f.e, (unsigned long long)f.big, f.tail);
  f.a = f.a + 4;      /* wraps to 1 */
  f.b += 3;           /* wraps to 2 */
  f.c = 7; f.c += 1;  /* 8 does not fit into signed 4 bits: implementation-defined, clang gives -8 */
  f.e = 5000;         /* 5000 mod 4096 */
  printf("%u %u %d %u\n", f.a, f.b, f.c, f.e);
  struct small s = { 3, 63 };
  s.x++;
  s.y = (unsigned char)(s.y + 2);
  printf("%u %u\n", s.x, s.y);
  unsigned char raw[sizeof(struct small)];
  s.x = 2; s.y = 5;
  __builtin_memcpy(raw, &s, sizeof raw);
  printf("raw %u\n", raw[0]);
  int sum = 0;
  for (int i = 0; i < 20; i++) { f.c = i - 8; sum += f.c * i; }
  printf("sum %d\n", sum);
  return 0;
}
