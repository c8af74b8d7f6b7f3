// The loop is reached only with inputs that pass a check no constant or
// small random input passes (b = a + 7, c = 2b - 3); once there, s
// counts up to 7 and ends (the terminating twin).
// VERDICT: TRUE for termination
// RUN: --nondet 1,8,13
// EXPECT: run: exit 0
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
  while (s != 7) s = s + 1;
  return 0;
}
