// Nested counting loops with a bound from the input terminate.
// RUN: --nondet 20
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      s = j;
  return s > 100;
}
