// reach_error is unreachable only because the loop keeps x == y: both
// count down to 0 together. BMC cannot unroll the loop (its bound is an
// input); the symbolic execution graph keeps x = y through the merge at
// the loop header and proves unreach-call.
// RUN: --nondet 5
// EXPECT: run: exit 0
// VERDICT: TRUE for unreach-call
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  int y = x;
  while (x > 0) {
    x--;
    y--;
  }
  if (y != 0) reach_error();
  return 0;
}
