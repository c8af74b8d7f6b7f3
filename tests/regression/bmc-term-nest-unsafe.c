// The twin of bmc-term-nest-safe.c with one bound gone: the inner loop
// advances only when the input says so, so an input of all zeros keeps it
// at the same state forever. Never TRUE.
// RUN: --nondet 1
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
// VERDICT-BMC: FALSE(termination)
extern int __VERIFIER_nondet_int(void);

int total;

int main(void) {
  int round = 0;
  while (round < 4) {
    for (int step = 0; step < 10;)
      if (__VERIFIER_nondet_int()) total += step++;
    round++;
  }
  return 0;
}
