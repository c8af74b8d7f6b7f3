/* i <= n holds forever when n is UINT_MAX (i wraps to 0): bit-precise, the
 * loop need not terminate; over the integers i passes n and it stops. */
extern unsigned __VERIFIER_nondet_uint(void);
// termcomp-bit: MAYBE|NO
// termcomp-math: YES
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i, s = 0;
  for (i = 0; i <= n; i++) s += 2;
  return (int)s;
}
