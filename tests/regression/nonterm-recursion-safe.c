// The same recursion with a decreasing argument: terminates.
// RUN: --nondet 3
// EXPECT: run: exit 3
extern int __VERIFIER_nondet_int(void);

int f(int n) {
  if (n <= 0) return 0;
  return f(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 100) return 0;
  return f(n);
}
