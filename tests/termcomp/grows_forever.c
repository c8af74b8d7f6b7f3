/* Runs forever over the integers for x = 1: NO, from the exact ITS of the
 * direct translation. Bit-precise, x + 1 overflows at INT_MAX, which is
 * undefined: SV-COMP's reading does not count runs with undefined behaviour
 * (bitprove --prop termination answers TRUE under that assumption), while
 * termcomp's rule gives such a program neither YES nor NO. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: NO
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x + 1;
  return 0;
}
