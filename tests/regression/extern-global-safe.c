// Globals the program declares but never defines (as Linux drivers do with
// jiffies or __this_module) have unknown contents: the interpreter draws
// them when first read, the engines leave them unconstrained, and a TRUE
// names them as an assumption. Here `limit` cannot be both larger and smaller than 5.
// VERDICT: TRUE for unreach-call
// RUN: --nondet 0,0
// EXPECT: run: exit 10
extern void reach_error(void);
extern unsigned long jiffies;
extern int limit;
extern int table[];

int main(void) {
  unsigned long start = jiffies;
  int n = 0;
  while (n < 10 && jiffies == start) n++;
  if (limit > 5 && limit < 5 && table[0] != limit) reach_error();
  return n;
}
