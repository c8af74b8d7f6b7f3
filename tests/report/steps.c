/* Termination by the graph through a called function: the report's graph
 * has states of main and of step (browser.sh hides step's). */
extern int __VERIFIER_nondet_int(void);

static int step(int x) {
  if (x > 10) return x - 2;
  return x - 1;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = step(x);
  return 0;
}
