/* tests/report: an out-of-bounds write at a line the test checks (line 9). */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 4) return 0;
  if (i == 4) {
    a[i] = 1; /* REPORT-BUG: i == 4 writes past the end of a */
  }
  return a[0] - a[0];
}
