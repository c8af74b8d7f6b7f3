// A string function: copy_bounded copies at most cap - 1 characters of a
// NUL-terminated string and always terminates the copy, so the copy's
// length (by a strlen of ours) is below cap. The source is a string of
// 0 to 11 arbitrary characters.
// RUN: --nondet 1,2,3,4,5,6,7,8,9,10,11,12,13
// EXPECT: run: exit 0
// VERDICT: TRUE for unreach-call
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "strcopy-bounded-safe.c", 8, "reach_error"); }
extern char __VERIFIER_nondet_char(void);

static unsigned long length(const char *s) {
  const char *p = s;
  while (*p) p++;
  return (unsigned long)(p - s);
}

static char *copy_bounded(char *dst, const char *src, unsigned long cap) {
  unsigned long i = 0;
  for (; i + 1 < cap && src[i]; i++) dst[i] = src[i];
  dst[i] = 0;
  return dst;
}

int main(void) {
  char src[12], dst[16];
  for (int i = 0; i < 11; i++) src[i] = __VERIFIER_nondet_char();
  src[11] = 0;
  copy_bounded(dst, src, 8);
  if (length(dst) >= 8) reach_error();
  return 0;
}
