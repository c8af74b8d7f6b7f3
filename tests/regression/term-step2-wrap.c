// i += 2 over unsigned int never reaches an odd bound: with n = UINT_MAX
// the counter wraps around from 4294967294 to 0 and the loop never ends.
// RUN: --nondet 4294967295 --max-steps 20000
// EXPECT: run: out of steps (20000)
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  for (unsigned int i = 0; i < n; i += 2)
    ;
  return 0;
}
