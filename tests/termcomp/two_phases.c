/* Two phases: the reset x = 0 happens at most once, then M - x decreases.
 * No linear ranking function for the loop as a whole; the ITS back end's
 * control-flow refinement separates the phases. (Bit-precise: x + 1 never
 * overflows, as x < M; the answer there may come from other engines.) */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES|MAYBE
// termcomp-math: YES
int main(void) {
  int x = __VERIFIER_nondet_int();
  int M = __VERIFIER_nondet_int();
  if (M < 0) return 0;
  while (x != M) {
    if (x > M) x = 0;
    else x = x + 1;
  }
  return 0;
}
