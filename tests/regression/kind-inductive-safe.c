// An unbounded loop whose property holds by induction over one iteration:
// no unwinding is complete and the graph need not close; k-induction proves
// it with k = 1 (the step assumes the check of the iteration before).
// VERDICT: TRUE for unreach-call
// RUN: --nondet 1,1,1,0
// EXPECT: run: exit 0
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = 0;
  while (__VERIFIER_nondet_uint()) {
    x += 2;
    if (x % 2 != 0) reach_error();
  }
  return 0;
}
