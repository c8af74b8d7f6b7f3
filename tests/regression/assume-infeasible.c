// The nondet value violates the assumption: the run is infeasible, which is
// not an error (and the error below is not reached).
// RUN: --nondet 5
// EXPECT: run: infeasible (assume) at @HERE*
extern void abort(void);
void reach_error() {}
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10); // HERE
  if (x < 10)
    reach_error();
  return 0;
}
