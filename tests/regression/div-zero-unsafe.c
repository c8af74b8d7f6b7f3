// The remainder by a nondet divisor that may be zero.
// RUN: --nondet 7,0
// EXPECT: run: ub div-by-zero at @HERE* 7 % 0 in i32
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  return a % b; // HERE
}
