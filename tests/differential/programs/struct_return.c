/* Structs passed and returned by value at every size class of the x86-64
 * ABI: in one register, in two registers ({i64, i16}, {i64, i64}, {i32, i32}
 * pairs), and in memory (sret / byval). */
#include <stdio.h>
#include <stdint.h>

struct s1 { char c; };
struct s4 { short a; char b; };
struct s8 { int a, b; };
struct s12 { int a, b, c; };
struct s10 { long a; short b; };
struct s16 { long a, b; };
struct mixed { char c; long l; };
struct s24 { long a, b, c; };
struct arr { unsigned char v[13]; };

static struct s1 mk1(char c) { struct s1 r = { c }; return r; }
static struct s4 mk4(short a, char b) { struct s4 r = { a, b }; return r; }
static struct s8 mk8(int a) { struct s8 r = { a, -a }; return r; }
static struct s12 mk12(int a) { struct s12 r = { a, a + 1, a + 2 }; return r; }
static struct s10 mk10(long a) { struct s10 r = { a, (short)(a & 0x7fff) }; return r; }
static struct s16 mk16(long a) { struct s16 r = { a, ~a }; return r; }
static struct mixed mkm(char c, long l) { struct mixed r = { c, l }; return r; }
static struct s24 mk24(long a) { struct s24 r = { a, a * 2, a * 3 }; return r; }
static struct arr mkarr(int k) { struct arr r; for (int i = 0; i < 13; i++) r.v[i] = (unsigned char)(k * i); return r; }

static long sum12(struct s12 s) { return s.a + s.b + s.c; }
static long sum10(struct s10 s) { return s.a + s.b; }
static long sum16(struct s16 s, struct s8 t) { return s.a + s.b + t.a + t.b; }
static long summ(struct mixed m, struct s24 big) { return m.c + m.l + big.a + big.b + big.c; }
static struct s16 twice(struct s16 s) { s.a *= 2; s.b *= 2; return s; }

int main(void) {
  struct s1 a = mk1('x');
  struct s4 b = mk4(-300, 'y');
  struct s8 c = mk8(77);
  struct s12 d = mk12(1000);
  struct s10 e = mk10(100000000000L);
  struct s16 f = mk16(-5);
  struct mixed g = mkm('m', 1L << 40);
  struct s24 h = mk24(11);
  struct arr k = mkarr(7);
  printf("%c | %d %c | %d %d | %d %d %d\n", a.c, b.a, b.b, c.a, c.b, d.a, d.b, d.c);
  printf("%ld %d | %ld %ld | %c %ld | %ld %ld %ld | %u %u\n", e.a, e.b, f.a, f.b, g.c, g.l, h.a, h.b, h.c, k.v[1], k.v[12]);
  printf("%ld %ld %ld %ld\n", sum12(d), sum10(e), sum16(f, c), summ(g, h));
  struct s16 t = twice(twice(f));
  printf("%ld %ld\n", t.a, t.b);
  return 0;
}
