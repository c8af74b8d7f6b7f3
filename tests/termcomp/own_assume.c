/* The program defines __VERIFIER_assume itself, as the TPDB's pals_* files
 * do: a loop that never ends when its argument is 0. termCOMP reads the
 * program as written, so this is not SV-COMP's builtin assume, and the
 * program does not terminate for x = 0: never YES with mathematical
 * integers (termCOMP's default). The bit-precise reading answers YES: C11
 * 6.8.5p6 lets an implementation assume that this loop (no side effects, a
 * condition that is no constant expression) ends, and clang removes it. */
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int arg) {
  while (!arg) {
  }
}
// termcomp-bit: YES
// termcomp-math: MAYBE|NO
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x);
  return 0;
}
