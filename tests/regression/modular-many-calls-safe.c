// A recursive function called from four sites: one analysis of gcd
// serves them all (its entry state generalizes every call abstraction), so
// the graph grows with the functions, not with the call sites.
// RUN: --nondet 12 --nondet 18
// EXPECT: run: exit 0
// VERDICT-SEG: TRUE for termination
extern unsigned __VERIFIER_nondet_uint(void);

unsigned gcd(unsigned a, unsigned b) {
  if (b == 0) return a;
  return gcd(b, a % b);
}

int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  gcd(x, y);
  gcd(y, x);
  gcd(x, 12);
  gcd(18, y);
  return 0;
}
