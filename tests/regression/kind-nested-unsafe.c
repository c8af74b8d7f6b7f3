// Nested loops: the inner one runs five times per outer iteration, the
// error needs ten outer iterations. A havoc of the outer loop must not lose
// the inner loop's effect (the k-induction block order keeps each loop's
// blocks together). Never TRUE.
// VERDICT: FALSE(unreach-call)
// RUN: --nondet 0
// EXPECT: run: exit 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    int j = 0;
    while (j < 5) j++;
    i += j;
    if (i == 50) reach_error();
  }
  return 0;
}
