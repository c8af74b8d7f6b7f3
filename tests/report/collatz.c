// Termination of the Collatz iteration is open: bitprove works on it for a
// long time. check_html.py kills the run once the HTML report's draft is on
// disk and checks the draft (the property listed without a verdict).
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  while (n > 1)
    n = n % 2 ? 3 * n + 1 : n / 2;
  return 0;
}
