// The sum is always even, so it is never 7.
// RUN: --nondet 3
// EXPECT: run: exit 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "reach-error-safe.c", 7, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, sum = 0;
  while (i < n && i < 10) {
    sum += 2;
    i++;
  }
  if (sum == 7)
    reach_error();
  return 0;
}
