// Seed 000, Sect. 1, g: "while (j > 0) j++" over unsigned int terminates
// because j wraps around to 0 (it would not over the unbounded integers).
// RUN: --nondet 4294967290
// EXPECT: run: exit 0
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int j = __VERIFIER_nondet_uint();
  while (j > 0)
    j++;
  return 0;
}
