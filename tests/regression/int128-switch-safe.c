// A switch on an __int128 (the front end lowers it to a switch on the
// number of the equal case): x = 3u for a 64-bit u is below 2^66, so the
// case 2^70 is never taken.
// RUN: --nondet 5
// EXPECT: run: exit 0
// VERDICT: TRUE for unreach-call
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "int128-switch-safe.c", 9, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);

static int classify(__int128 x) {
  switch (x) {
  case 0: return 1;
  case 3: return 2;
  case (__int128)1 << 70: return 3;
  default: return 0;
  }
}

int main(void) {
  unsigned long u = __VERIFIER_nondet_ulong();
  __int128 x = (__int128)u * 3;
  if (classify(x) == 3) reach_error();
  return 0;
}
