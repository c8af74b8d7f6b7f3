// A recursion that calls itself with the same argument: never returns
// (every call adds a frame, so no state repeats).
// VERDICT: FALSE(termination)
// RUN: --nondet 3 --max-depth 1000
// EXPECT: run: out of resources: *
extern int __VERIFIER_nondet_int(void);

int f(int n) {
  if (n <= 0) return 0;
  return f(n) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 100) return 0;
  return f(n);
}
