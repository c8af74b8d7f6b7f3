/* Unions: type punning and unions of structs. */
#include <stdio.h>
#include <stdint.h>

union word { uint32_t u; int32_t s; uint16_t h[2]; uint8_t b[4]; };
struct tagged { int kind; union { int i; char c[8]; struct { short a, b; } pr; } v; };

static int value(const struct tagged *t) {
  switch (t->kind) {
  case 0: return t->v.i;
  case 1: return t->v.c[0] + t->v.c[1];
  default: return t->v.pr.a * t->v.pr.b;
  }
}

int main(void) {
  union word w;
  w.u = 0xfffe0102;
  printf("%u %d %u %u %u %u\n", w.u, w.s, w.h[0], w.h[1], w.b[0], w.b[3]);
  w.b[3] = 0x7f;
  printf("%d\n", w.s);
  w.h[0] = 0xffff;
  printf("%x\n", w.u);
  printf("size %zu %zu\n", sizeof(union word), sizeof(struct tagged));
  struct tagged t[3];
  t[0].kind = 0; t[0].v.i = -77;
  t[1].kind = 1; t[1].v.c[0] = 'A'; t[1].v.c[1] = 'B';
  t[2].kind = 2; t[2].v.pr.a = -3; t[2].v.pr.b = 1000;
  for (int i = 0; i < 3; i++) printf("v%d %d\n", i, value(&t[i]));
  union { int64_t l; int32_t i[2]; } m = { .l = -2 };
  printf("%d %d\n", m.i[0], m.i[1]);
  return 0;
}
