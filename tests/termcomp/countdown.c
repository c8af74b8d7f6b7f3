/* Terminates with either reading of integers. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  while (x > 0 && y > 0) {
    if (__VERIFIER_nondet_int()) x = x - 1;
    else { y = y - 1; x = x + 5; }
  }
  return 0;
}
