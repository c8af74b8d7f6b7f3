// INT_MIN / -1 does not fit in an int.
// RUN: --nondet -2147483648,-1
// EXPECT: run: ub div-overflow at @HERE* -2147483648 / -1 does not fit in i32
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0)
    return 0;
  return x / y > 0; // HERE
}
