// A loop nest bounded by constants, as in product lines: 4 rounds of an
// outer loop around 10 steps of an inner one, with input-dependent work
// inside. Every run ends; BMC proves it by a complete unwinding with the
// outer loop at bound 4 and the inner one at bound 16.
// RUN: --nondet 1
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
// VERDICT-BMC: TRUE for termination
extern int __VERIFIER_nondet_int(void);

int total;

int main(void) {
  int round = 0;
  while (round < 4) {
    for (int step = 0; step < 10; step++)
      if (__VERIFIER_nondet_int()) total += step;
    round++;
  }
  return 0;
}
