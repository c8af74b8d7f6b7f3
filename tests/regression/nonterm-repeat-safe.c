// The same walk, twenty steps long: terminates.
// RUN: --nondet 0
// EXPECT: run: exit *
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned s = __VERIFIER_nondet_uint() % 5;
  unsigned k = 0;
  for (int i = 0; i < 20; i++) {
    s = (s * 3 + 1) % 5;
    k = (k + s) & 3;
  }
  return (int)k;
}
