// The twin of bmc-term-code-unsafe.c whose lock opens only once: after the
// code the run ends. Every run ends after at most 5 inputs: a complete
// unwinding proves it.
// RUN: --nondet 3,1,4,1,5,9
// EXPECT: run: exit 1
// VERDICT: TRUE for termination
// VERDICT-BMC: TRUE for termination
extern int __VERIFIER_nondet_int(void);

int state;

static int expect(int s) {
  switch (s) {
  case 0: return 3;
  case 1: return 1;
  case 2: return 4;
  case 3: return 1;
  default: return 5;
  }
}

int main(void) {
  while (1) {
    int input = __VERIFIER_nondet_int();
    if (input != expect(state)) return 0;
    state++;
    if (state == 5) return 1;
  }
}
