// A recursion on an integer argument, f(n - 1) down to 0: the modular
// symbolic execution graph (seed 004) proves it terminates through the
// cycle call state -> call abstraction -> entry state of f.
// RUN: --nondet 5
// EXPECT: run: exit 5
// VERDICT-SEG: TRUE for termination
extern int __VERIFIER_nondet_int(void);

int count(int n) {
  if (n <= 0) return 0;
  return count(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000) return 0;
  return count(n);
}
