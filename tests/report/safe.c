/* tests/report: every access in bounds, no overflow, terminates. */
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  int a[8];
  unsigned n = __VERIFIER_nondet_uint() % 8;
  for (unsigned i = 0; i < n; i++) a[i] = (int)i;
  return 0;
}
