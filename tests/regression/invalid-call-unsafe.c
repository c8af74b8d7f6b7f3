// A handler table with a missing entry is called through.
// RUN: --nondet 2
// EXPECT: run: ub invalid-call at @HERE* call through a null function pointer
extern int __VERIFIER_nondet_int(void);

static int inc(int v) { return v + 1; }
static int dbl(int v) { return 2 * v; }

int (*handlers[3])(int) = {inc, dbl, 0};

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2)
    return 0;
  return handlers[k](20); // HERE
}
