/* Terminates with either reading of integers; bit-precise, x + 5 may be a
 * signed overflow (undefined behaviour), and termCOMP's rule gives a
 * program with undefined behaviour neither YES nor NO. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: YES
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  while (x > 0 && y > 0) {
    if (__VERIFIER_nondet_int()) x = x - 1;
    else { y = y - 1; x = x + 5; }
  }
  return 0;
}
