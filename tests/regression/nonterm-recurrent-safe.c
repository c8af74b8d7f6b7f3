// x odd: adding 2 reaches 1 after wrapping around: terminates.
// RUN: --nondet 4294967291
// EXPECT: run: exit 0
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x % 2 == 0) return 0;
  while (x != 1) x += 2;
  return 0;
}
