// A table of handlers: a nondet index picks one, and a loop applies it
// until the counter is gone. Every handler in the table (and every other
// function of that type whose address is taken) decreases a positive
// counter, so every run ends. The direct translation makes the call a
// choice among the candidates of the shared lookup (issue 40).
// RUN: --nondet 5,1
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
// VERDICT-DIRECT: TRUE for termination
extern int __VERIFIER_nondet_int(void);

static int dec(int x) { return x - 1; }
static int half(int x) { return x / 2; }
static int sub3(int x) { return x - 3; }

static int (*const table[3])(int) = {dec, half, sub3};

int main(void) {
  int x = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2)
    k = 0;
  while (x > 0)
    x = table[k](x);
  return 0;
}
