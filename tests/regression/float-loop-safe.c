// The safe twin of float-loop-unsafe: x outside [0.99, 1.01] keeps the sum
// of four copies (relative rounding error below 1e-6) outside (3.99, 4.01);
// x = 1.0f itself is excluded. NaN compares false everywhere.
// RUN: --nondet 1065353216
// EXPECT: run: exit 0
// VERDICT: TRUE for unreach-call
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  float s = 0.0f;
  for (int i = 0; i < 4; i++)
    s += x;
  if (s > 3.99f && s < 4.01f && (x < 0.99f || x > 1.01f))
    reach_error();
  return 0;
}
