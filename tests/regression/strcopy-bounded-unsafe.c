// The twin of strcopy-bounded-safe.c whose loop copies up to cap
// characters (i < cap): a source of 8 or more characters gives a copy of
// length cap.
// RUN: --nondet 1,2,3,4,5,6,7,8,9,10,11
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "strcopy-bounded-unsafe.c", 8, "reach_error"); }
extern char __VERIFIER_nondet_char(void);

static unsigned long length(const char *s) {
  const char *p = s;
  while (*p) p++;
  return (unsigned long)(p - s);
}

static char *copy_bounded(char *dst, const char *src, unsigned long cap) {
  unsigned long i = 0;
  for (; i < cap && src[i]; i++) dst[i] = src[i];
  dst[i] = 0;
  return dst;
}

int main(void) {
  char src[12], dst[16];
  for (int i = 0; i < 11; i++) src[i] = __VERIFIER_nondet_char();
  src[11] = 0;
  copy_bounded(dst, src, 8);
  if (length(dst) >= 8) reach_error(); // HERE
  return 0;
}
