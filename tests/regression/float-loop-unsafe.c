// A float sum of four copies of a nondet float lands near 4 for x = 1.0f
// (bits 0x3f800000 = 1065353216).
// RUN: --nondet 1065353216
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  float s = 0.0f;
  for (int i = 0; i < 4; i++)
    s += x;
  if (s > 3.99f && s < 4.01f)
    reach_error(); // HERE
  return 0;
}
