// The square of a nondet int can overflow.
// RUN: --nondet 65536
// EXPECT: run: ub signed-overflow at @HERE* 65536 * 65536 does not fit in i32
extern int __VERIFIER_nondet_int(void);

int square(int v) {
  return v * v; // HERE
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  return square(x) == 0;
}
