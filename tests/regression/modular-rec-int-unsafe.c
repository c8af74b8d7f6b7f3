// The unsafe twin of modular-rec-int-safe: the recursion steps by 2 and
// stops only at 0, so an odd n recurses forever (unsigned: n - 2 wraps to
// another odd value). Never TRUE.
// RUN: --nondet 4
// EXPECT: run: exit 4
// VERDICT: FALSE(termination)
// VERDICT-SEG: UNKNOWN for termination
extern unsigned __VERIFIER_nondet_uint(void);

unsigned count(unsigned n) {
  if (n == 0) return 0;
  return count(n - 2) + 2;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  return (int)count(n);
}
