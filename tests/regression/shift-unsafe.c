// Shifting an unsigned by its width is undefined.
// RUN: --nondet 32
// EXPECT: run: ub shift-out-of-range at @HERE* shl of i32 by 32 bits
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned s = __VERIFIER_nondet_uint();
  unsigned mask = 1u << s; // HERE
  return mask == 0;
}
