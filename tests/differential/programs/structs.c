/* Nested structs, padding, struct copy, pass and return by value. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

struct inner { char c; int i; short s; };
struct outer { char tag; struct inner in[2]; long long ll; char tail; };
struct pair { int a, b; };
struct big { int v[10]; char name[6]; };

static struct pair swap(struct pair p) { struct pair q = { p.b, p.a }; return q; }
static struct big make_big(int seed) {
  struct big b;
  for (int i = 0; i < 10; i++) b.v[i] = seed * i;
  for (int i = 0; i < 5; i++) b.name[i] = (char)('a' + (seed + i) % 26);
  b.name[5] = 0;
  return b;
}
static int sum_big(struct big b) { int s = 0; for (int i = 0; i < 10; i++) s += b.v[i]; b.v[0] = 999; return s; }

int main(void) {
  printf("sizes %zu %zu %zu %zu\n", sizeof(struct inner), sizeof(struct outer), sizeof(struct pair), sizeof(struct big));
  printf("offsets %zu %zu %zu %zu %zu %zu\n", offsetof(struct inner, i), offsetof(struct inner, s),
         offsetof(struct outer, in), offsetof(struct outer, ll), offsetof(struct outer, tail),
         offsetof(struct outer, in[1].s));
  struct outer o = { 'x', { { 'a', 1, 2 }, { 'b', 3, 4 } }, 1234567890123LL, 'z' };
  struct outer p = o;
  p.in[1].i = 42;
  printf("%c %c %d %d %d %lld %c\n", p.tag, p.in[0].c, p.in[0].i, o.in[1].i, p.in[1].i, p.ll, p.tail);
  struct pair q = swap((struct pair){ 5, 9 });
  printf("swap %d %d\n", q.a, q.b);
  struct big b = make_big(3);
  printf("big %d %s %d\n", sum_big(b), b.name, b.v[0]);
  struct outer *po = &o;
  po->in[0].s += 10;
  (*po).in[1].c = 'q';
  printf("%d %c\n", o.in[0].s, o.in[1].c);
  struct inner arr[3] = { [2] = { 'k', 7, 8 } };
  printf("zero-init %d %d %c %d\n", arr[0].i, arr[1].s, arr[2].c, arr[2].i + arr[2].s);
  unsigned char *bytes = (unsigned char *)&q;
  printf("bytes %u %u %u %u\n", bytes[0], bytes[1], bytes[4], bytes[5]);
  return 0;
}
