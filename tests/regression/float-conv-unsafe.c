// Converting a double whose integral part does not fit in int is undefined
// (C11 6.3.1.4): 3e9 as int. Bits of 3e9: 0x41e65a0bc0000000.
// RUN: --nondet 4748581863621132288
// EXPECT: run: ub float-to-int-out-of-range at @HERE* double 3000000000 does not fit in signed i32
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  int x = (int)d; // HERE
  return x > 0;
}
