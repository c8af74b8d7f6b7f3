// Seed 001, Example 1, g: "while (i <= j) ++i" does not terminate with
// bitvector arithmetic when j is INT_MAX (i wraps around before it exceeds
// j), although it terminates over the unbounded integers.
// RUN: --nondet 0,2147483647 --max-steps 20000
// EXPECT: run: out of steps (20000)
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  while (i <= j)
    i = (int)((unsigned)i + 1u);
  return 0;
}
