// The absolute value is taken in unsigned arithmetic, which wraps.
// RUN: --nondet -2147483648
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned a = x < 0 ? 0u - (unsigned)x : (unsigned)x;
  return a != 2147483648u;
}
