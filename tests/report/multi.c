/* tests/report: a task with two properties: termination holds (TRUE),
 * no-overflow does not (the addition at line 13 overflows for x near INT_MAX). */
extern int __VERIFIER_nondet_int(void);
extern int ticks; /* declared, never defined: TRUE rests on an assumption about it */

int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = ticks;
  if (n > 10) n = 10;
  for (int i = 0; i < n; i++) {
  }
  if (x > 0)
    x = x + 100; /* REPORT-BUG: signed overflow */
  return x;
}
