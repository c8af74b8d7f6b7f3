// The divisor is checked first.
// RUN: --nondet 7,0
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  return b > 0 ? a % b : 0;
}
