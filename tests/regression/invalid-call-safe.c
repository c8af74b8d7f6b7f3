// Missing entries are skipped.
// RUN: --nondet 1
// EXPECT: run: exit 40
extern int __VERIFIER_nondet_int(void);

static int inc(int v) { return v + 1; }
static int dbl(int v) { return 2 * v; }

int (*handlers[3])(int) = {inc, dbl, 0};

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2 || !handlers[k])
    return 0;
  return handlers[k](20);
}
