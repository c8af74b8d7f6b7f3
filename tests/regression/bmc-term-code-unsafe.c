// A reactive loop with a code lock: every input outside the code ends the
// run, and only the sequence 3 1 4 1 5 brings the state back to where it
// started. Random inputs find it with a chance of about 1 in 8000 per run;
// BMC's lasso query (two visits of the loop head with the same state) finds
// it at bound 8, and the interpreter confirms it.
// RUN: --nondet 3,1,4,1,5,9
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
// VERDICT-BMC: FALSE(termination)
extern int __VERIFIER_nondet_int(void);

int state;
int opened;

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
    state = state == 4 ? 0 : state + 1;
    if (state == 0) opened++;
    if (opened > 1) opened = 1;
  }
}
