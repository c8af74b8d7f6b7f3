// A table of handlers: a nondet index picks one, and a loop applies it
// until the counter is gone. The identity handler never decreases the
// counter, so with index 1 and a positive counter the run loops forever.
// RUN: --nondet 5,1 --max-steps 10000
// EXPECT: run: out of steps (10000)
// VERDICT: FALSE(termination)
// VERDICT-DIRECT: UNKNOWN for termination
extern int __VERIFIER_nondet_int(void);

static int dec(int x) { return x - 1; }
static int id(int x) { return x; }
static int sub3(int x) { return x - 3; }

static int (*const table[3])(int) = {dec, id, sub3};

int main(void) {
  int x = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2)
    k = 0;
  while (x > 0)
    x = table[k](x);
  return 0;
}
