// The twin of int128-switch-safe.c with x = u * u, which is 2^70 for
// u = 2^35: the case 2^70 is taken.
// RUN: --nondet 34359738368
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "int128-switch-unsafe.c", 8, "reach_error"); }
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
  __int128 x = (__int128)u * u;
  if (classify(x) == 3) reach_error(); // HERE
  return 0;
}
