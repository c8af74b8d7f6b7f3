// The unsafe twin of loop-relation-safe: y runs one step ahead when x is
// 3, so y ends at -1.
// RUN: --nondet 5
// EXPECT: run: error reached (reach_error) at @HERE*
// VERDICT: FALSE(unreach-call)
// VERDICT-SEG: UNKNOWN for unreach-call
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  int y = x;
  while (x > 0) {
    if (x == 3) y--;
    x--;
    y--;
  }
  if (y != 0) reach_error(); // HERE
  return 0;
}
