/* An unsigned char counter compared with 300: bit-precise, c never exceeds
 * 255 and wraps to 0, so the loop runs forever; over the integers c reaches
 * 300 and the loop stops. */
// termcomp-bit: MAYBE|NO
// termcomp-math: YES
int main(void) {
  unsigned char c;
  int n = 0;
  for (c = 0; c < 300; c++) n = n + 2;
  return n;
}
