// The safe twin of float-conv-unsafe: the conversion is guarded (NaN fails
// both comparisons), so 3e9 is never converted.
// RUN: --nondet 4748581863621132288
// EXPECT: run: exit 0
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  int x = 0;
  if (d > -2147483649.0 && d < 2147483648.0)
    x = (int)d;
  if (x == 0 && d == 1.0)
    reach_error();
  return x > 0;
}
