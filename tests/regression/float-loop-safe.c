// The safe twin of float-loop-unsafe: x outside [0.99, 1.01] keeps the sum
// of ten copies (relative rounding error below 1e-6) outside (9.99, 10.01);
// x = 1.0f itself is excluded. NaN compares false everywhere.
// RUN: --nondet 1065353216
// EXPECT: run: exit 0
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  float s = 0.0f;
  for (int i = 0; i < 10; i++)
    s += x;
  if (s > 9.99f && s < 10.01f && (x < 0.99f || x > 1.01f))
    reach_error();
  return 0;
}
