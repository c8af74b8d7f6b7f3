// A property after the loop that needs a strengthening invariant: the step
// from an arbitrary state at the loop head fails (i and k unrelated) until
// Houdini proves i == k and i <= n inductive.
// VERDICT: TRUE for unreach-call
// RUN: --nondet 3
// EXPECT: run: exit 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  int i = 0, k = 0;
  while (i < n) {
    i++;
    k++;
  }
  if (k != n) reach_error();
  return 0;
}
