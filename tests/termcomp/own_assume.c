/* The program defines __VERIFIER_assume itself, as the TPDB's pals_* files
 * do: a loop that never ends when its argument is 0. termCOMP reads the
 * program as written, so this is not SV-COMP's builtin assume, and the
 * program does not terminate for x = 0: never YES with mathematical
 * integers (termCOMP's default). The bit-precise reading answers YES today
 * (bounded model checking: "no loop is entered"; C11 6.8.5p6 lets an
 * implementation assume this loop ends), left open here. */
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int arg) {
  while (!arg) {
  }
}
// termcomp-bit: YES|MAYBE|NO
// termcomp-math: MAYBE|NO
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x);
  return 0;
}
