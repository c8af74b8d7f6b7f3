// A signed char counted up: c + 1 is computed in int and converted back,
// 127 + 1 becomes -128 (implementation-defined, not undefined), so the loop
// ends because of the bit width.
// RUN: --nondet 100
// EXPECT: run: exit 0
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  while (c > 0)
    c++;
  return 0;
}
