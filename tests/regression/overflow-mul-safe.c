// Squares of values bounded by 46340 fit in an int.
// RUN: --nondet 46340
// EXPECT: run: exit 1
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int square(int v) { return v * v; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -46340 && x <= 46340);
  return square(x) == 2147395600;
}
