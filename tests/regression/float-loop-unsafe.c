// A float sum of ten copies of a nondet float lands near 10 for x = 1.0f
// (bits 0x3f800000 = 1065353216).
// RUN: --nondet 1065353216
// EXPECT: run: error reached (reach_error) at @HERE*
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  float s = 0.0f;
  for (int i = 0; i < 10; i++)
    s += x;
  if (s > 9.99f && s < 10.01f)
    reach_error(); // HERE
  return 0;
}
