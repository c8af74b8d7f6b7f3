// The unsafe twin of modular-many-calls-safe: one call site passes a
// divisor that makes the recursion repeat itself (b stays non-zero and
// a % b == a when a < b... here gcd2 swaps without reducing when b == 1).
// Never TRUE.
// RUN: --nondet 12 --nondet 18
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
// VERDICT-SEG: UNKNOWN for termination
extern unsigned __VERIFIER_nondet_uint(void);

unsigned gcd2(unsigned a, unsigned b) {
  if (b == 0) return a;
  if (b == 1) return gcd2(b, a);
  return gcd2(b, a % b);
}

int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  gcd2(x, y);
  gcd2(y, x);
  gcd2(x, 12);
  gcd2(18, y);
  return 0;
}
