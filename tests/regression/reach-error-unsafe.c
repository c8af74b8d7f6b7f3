// A counter checked against a nondet bound reaches the error for bound 3.
// RUN: --nondet 3
// EXPECT: run: error reached (reach_error) at @HERE*
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "reach-error-unsafe.c", 7, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, sum = 0;
  while (i < n && i < 10) {
    sum += 2;
    i++;
  }
  if (sum == 6)
    reach_error(); // HERE
  return 0;
}
