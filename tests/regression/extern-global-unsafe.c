// Globals the program declares but never defines (as Linux drivers do with
// jiffies or __this_module) have unknown contents: the interpreter draws
// them when first read, the engines leave them unconstrained, and a TRUE
// names them as an assumption. Here a large `limit` reaches the error.
// VERDICT: FALSE(unreach-call)
// RUN: --nondet 0,9,0
// EXPECT: run: error reached (reach_error) at @HERE*
extern void reach_error(void);
extern unsigned long jiffies;
extern int limit;
extern int table[];

int main(void) {
  unsigned long start = jiffies;
  int n = 0;
  while (n < 10 && jiffies == start) n++;
  if (limit > 5 && table[0] != limit) reach_error(); // HERE
  return n;
}
