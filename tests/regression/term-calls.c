// A loop whose progress is made by a called function (inlined).
// RUN: --nondet 50
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

static int dec(int x) { return x - 1; }
static int positive(int x) { return x > 0; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (positive(x))
    x = dec(x);
  return 0;
}
