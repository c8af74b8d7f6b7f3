// The loop is reached only with inputs that pass a check no constant or
// small random input passes (b = a + 7, c = 2b - 3); once there, its state
// repeats. The search gets such a stem from BMC, then finds the lasso.
// VERDICT: FALSE(termination)
// RUN: --nondet 1,8,13 --max-steps 100000
// EXPECT: run: out of steps (100000)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);

static void assume_abort_if_not(int cond) {
  if (!cond) abort();
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  assume_abort_if_not(a > 0 && a < 1000 && b == a + 7 && c == 2 * b - 3);
  int s = c % 4;
  while (s != 7) s = (s + 1) % 4;
  return 0;
}
