// A table of handlers called through a function pointer chosen by a
// nondet index in range; the third handler breaks the bound on the counter.
// RUN: --nondet 2
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "fnptr-table.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int counter;

static int inc(int x) { counter += 1; return x + 1; }
static int dbl(int x) { counter += 2; return x * 2; }
static int neg(int x) { counter += 5; return -x; }

static int (*const table[3])(int) = {inc, dbl, neg};

int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  int r = table[i](5);
  if (counter < 1 || counter > 3 || (r != 6 && r != 10 && r != -5))
    reach_error(); // HERE
  return 0;
}
