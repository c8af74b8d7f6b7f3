// A loop whose step is a handler chosen by a nondet value; both handlers
// decrease a positive counter, so every run ends.
// RUN: --nondet 1,5
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

static int dec(int x) { return x - 1; }
static int half(int x) { return x / 2; }

int main(void) {
  int (*step)(int) = __VERIFIER_nondet_int() ? dec : half;
  int x = __VERIFIER_nondet_int();
  while (x > 0)
    x = step(x);
  return 0;
}
