/* "while (u > 0) u++" leaves the loop when u wraps to 0 (bit-precise);
 * over the integers it runs forever for every u > 0. */
extern unsigned __VERIFIER_nondet_uint(void);
// termcomp-bit: YES
// termcomp-math: MAYBE|NO
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  while (u > 0) u++;
  return 0;
}
