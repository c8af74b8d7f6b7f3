/* i runs through 0, 3, 6, 2, 5, 1, 4, 0, ... and never reaches 10: a lasso
 * whose every step is exact over the integers, so NO in both readings. */
// termcomp-bit: NO
// termcomp-math: NO
int main(void) {
  int i = 0;
  while (i < 10) i = (i + 3) % 7;
  return 0;
}
