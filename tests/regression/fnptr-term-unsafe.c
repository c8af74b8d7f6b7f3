// A loop whose step is a handler chosen by a nondet value; the identity
// handler never decreases the counter, so that run loops forever.
// RUN: --nondet 1,5 --max-steps 10000
// EXPECT: run: out of steps (10000)
extern int __VERIFIER_nondet_int(void);

static int id(int x) { return x; }
static int dec(int x) { return x - 1; }

int main(void) {
  int (*step)(int) = __VERIFIER_nondet_int() ? id : dec;
  int x = __VERIFIER_nondet_int();
  while (x > 0)
    x = step(x);
  return 0;
}
