// The one overflowing quotient is excluded.
// RUN: --nondet -2147483648,-1
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0 || (x == -2147483647 - 1 && y == -1))
    return 0;
  return x / y > 0;
}
