/* Bit-precise, x stays odd and below 256 (x + 86 wraps), so the loop runs
 * forever (a lasso); over the integers x passes 300 after four steps and the
 * loop stops. The bit-precise lasso is no run of the mathematical program:
 * never NO there. */
// termcomp-bit: NO
// termcomp-math: YES|MAYBE
int main(void) {
  unsigned char x = 1;
  while (x != 0 && x < 300) x = x + 86;
  return 0;
}
