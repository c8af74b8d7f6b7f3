// The assumption holds and the program goes on.
// RUN: --nondet 12
// EXPECT: run: exit 12
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10 && x < 20);
  return x;
}
