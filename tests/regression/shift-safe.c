// The shift amount is reduced modulo the width.
// RUN: --nondet 32
// EXPECT: run: exit 0
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned s = __VERIFIER_nondet_uint();
  unsigned mask = 1u << (s % 32);
  return mask != 1;
}
