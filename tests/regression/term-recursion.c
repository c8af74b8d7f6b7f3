// Recursion whose argument decreases: the recursive call is abstracted
// (fresh result, a transition into the callee's entry).
// RUN: --nondet 30
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int sum(int n) {
  if (n <= 0)
    return 0;
  return sum(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000)
    return 0;
  return sum(n) > 2000;
}
