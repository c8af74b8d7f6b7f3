/* Terminates only because an unsigned char wraps around from 255 to 0:
 * bit-precise integers prove it; with mathematical integers i grows forever. */
// termcomp-bit: YES
// termcomp-math: MAYBE|NO
int main(void) {
  unsigned char i = 1;
  while (i != 0) i++;
  return 0;
}
