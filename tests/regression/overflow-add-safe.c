// The addition is guarded, so it cannot overflow.
// RUN: --nondet 2147483647
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (x < 2147483647)
    y = x + 1;
  return y - x == 1;
}
