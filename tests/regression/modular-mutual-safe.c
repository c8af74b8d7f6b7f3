// Mutual recursion: even and odd call each other with n - 1. Each gets one
// entry state; the ITS cycle runs through both call abstractions.
// RUN: --nondet 7
// EXPECT: run: exit 0
// VERDICT-SEG: TRUE for termination
extern int __VERIFIER_nondet_int(void);

int is_odd(int n);

int is_even(int n) {
  if (n == 0) return 1;
  return is_odd(n - 1);
}

int is_odd(int n) {
  if (n == 0) return 0;
  return is_even(n - 1);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  return is_even(n);
}
