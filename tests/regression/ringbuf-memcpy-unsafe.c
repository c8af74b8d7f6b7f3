// The twin of ringbuf-memcpy-safe.c with put's room off by one (cap -
// size instead of cap - 1 - size): two puts fill all 8 bytes and the
// check of the fill level fails.
// RUN: --nondet 0,0,0,0,0,0,0,0,5,1,3,1
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
// VERDICT-BMC: FALSE(unreach-call)
#include <string.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ringbuf-memcpy-unsafe.c", 11, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);

struct ring {
  unsigned char buf[8];
  unsigned cap, size, rd, wr;
};

static unsigned put(struct ring *r, const unsigned char *src, unsigned n) {
  unsigned room = r->cap - r->size;
  if (n > room) n = room;
  unsigned first = r->cap - r->wr;
  if (first > n) first = n;
  memcpy(r->buf + r->wr, src, first);
  memcpy(r->buf, src + first, n - first);
  r->wr = (r->wr + n) % r->cap;
  r->size += n;
  return n;
}

static unsigned get(struct ring *r, unsigned char *dst, unsigned n) {
  if (n > r->size) n = r->size;
  unsigned first = r->cap - r->rd;
  if (first > n) first = n;
  memcpy(dst, r->buf + r->rd, first);
  memcpy(dst + first, r->buf, n - first);
  r->rd = (r->rd + n) % r->cap;
  r->size -= n;
  return n;
}

int main(void) {
  struct ring r;
  r.cap = sizeof r.buf;
  r.size = r.rd = r.wr = 0;
  unsigned char tmp[8];
  for (int i = 0; i < 8; i++) tmp[i] = __VERIFIER_nondet_uchar();
  for (int k = 0; k < 3; k++) {
    unsigned n = __VERIFIER_nondet_uchar() % 9u;
    if (__VERIFIER_nondet_int()) put(&r, tmp, n);
    else get(&r, tmp, n);
    if (r.size > r.cap - 1) reach_error(); // HERE
  }
  return 0;
}
