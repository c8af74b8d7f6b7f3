// The unsafe twin of modular-mutual-safe: is_odd passes n on unchanged
// when n is large, so is_even(200) and is_odd(200) call each other
// forever. Never TRUE.
// RUN: --nondet 7
// EXPECT: run: exit 0
// VERDICT: UNKNOWN for termination
// VERDICT-SEG: UNKNOWN for termination
extern int __VERIFIER_nondet_int(void);

int is_odd(int n);

int is_even(int n) {
  if (n == 0) return 1;
  return is_odd(n - 1);
}

int is_odd(int n) {
  if (n == 0) return 0;
  if (n > 100) return is_even(n + 1);
  return is_even(n - 1);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  return is_even(n);
}
