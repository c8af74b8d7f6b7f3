// Negating INT_MIN overflows.
// RUN: --nondet -2147483648
// EXPECT: run: ub signed-overflow at @HERE* 0 - -2147483648 does not fit in i32
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int a = x < 0 ? -x : x; // HERE
  return a < 0;
}
