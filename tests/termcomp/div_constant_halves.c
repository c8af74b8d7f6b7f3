// Division by a constant in the mathematical reading: y = (y + 1) / 2
// truncates toward zero, so y stays >= 1 (2, 1, 1, ...) and x falls by at
// least 1 each round. The quotient is a fresh q with y + 1 = 2q + r,
// 0 <= r <= 1 for a nonnegative dividend (encode.c, math_sdiv_const).
// termcomp-bit: YES|MAYBE
// termcomp-math: YES
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 2;
  while (x >= 0) {
    x = x - y;
    y = (y + 1) / 2;
  }
  return 0;
}
