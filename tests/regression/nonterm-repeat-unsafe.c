// A state that comes back after several iterations: s walks the cycle
// 0 -> 1 -> 4 -> 3 -> 0 of s := (3s + 1) mod 5 and never becomes 7.
// VERDICT: FALSE(termination)
// RUN: --nondet 0 --max-steps 100000
// EXPECT: run: out of steps (100000)
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned s = __VERIFIER_nondet_uint() % 5;
  unsigned k = 0;
  while (s != 7) {
    s = (s * 3 + 1) % 5;
    k = (k + s) & 3;
  }
  return (int)k;
}
