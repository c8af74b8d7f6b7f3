// Seed 000, Sect. 1, f: "j = 0; while (j <= x) j++" over unsigned int does
// not terminate when x is UINT_MAX (j wraps to 0), although it would over
// the unbounded integers.
// RUN: --nondet 4294967295 --max-steps 20000
// EXPECT: run: out of steps (20000)
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int j = 0;
  while (j <= x)
    j++;
  return 0;
}
