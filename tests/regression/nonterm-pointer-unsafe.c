// The loop tests a value through a pointer, and nothing in the loop
// changes it: for v > 0 it never ends.
// VERDICT: FALSE(termination)
// RUN: --nondet 1 --max-steps 100000
// EXPECT: run: out of steps (100000)
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int v = __VERIFIER_nondet_int();
  int *p = &v;
  int count = 0;
  while (*p > 0) {
    count = (count + 1) & 7;
  }
  return count;
}
