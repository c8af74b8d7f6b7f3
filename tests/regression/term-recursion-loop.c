// Recursion that never ends.
// RUN: --max-depth 500
// EXPECT: run: out of resources: call depth limit (500) exceeded calling 'spin' at @HERE*
extern int __VERIFIER_nondet_int(void);

int spin(int n) {
  if (n == 0)
    return 0;
  return spin(n) + 1; // HERE
}

int main(void) { return spin(__VERIFIER_nondet_int() | 1); }
