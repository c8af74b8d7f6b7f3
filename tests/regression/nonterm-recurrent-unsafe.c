// Diverges without repeating a state for 2^31 iterations: x stays even and
// never equals 1. Needs a recurrent set ({x even}), not a repeated state.
// VERDICT: FALSE(termination)
// RUN: --nondet 4 --max-steps 100000
// EXPECT: run: out of steps (100000)
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x % 2 == 1) return 0;
  while (x != 1) x += 2;
  return 0;
}
