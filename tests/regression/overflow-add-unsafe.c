// Adding one to a nondet int overflows when the value is INT_MAX.
// RUN: --nondet 2147483647
// EXPECT: run: ub signed-overflow at @HERE* 2147483647 + 1 does not fit in i32
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1; // HERE
  return y > x;
}
