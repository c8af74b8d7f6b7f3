// Seed 001, Example 1, f: "while (i > 0) ++i" terminates with bitvector
// arithmetic because i wraps around to a negative value (it would not
// terminate over the unbounded integers). The increment is written with an
// explicit wrap-around (unsigned add, converted back), which is defined in C.
// RUN: --nondet 2147483600
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  while (i > 0)
    i = (int)((unsigned)i + 1u);
  return 0;
}
