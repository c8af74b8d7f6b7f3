// The twin violated only in the 40th iteration: the k-induction step never
// holds (a havocked i = 39 - k reaches it) and BMC finds the run at bound 64.
// Never TRUE.
// VERDICT: FALSE(unreach-call)
// RUN: --nondet 0
// EXPECT: run: exit 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    i++;
    if (i == 40) reach_error();
  }
  return 0;
}
