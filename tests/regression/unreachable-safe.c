// The input is reduced to the handled cases first.
// RUN: --nondet 3
// EXPECT: run: exit 1
extern int __VERIFIER_nondet_int(void);

int weight(int kind) {
  switch (kind) {
  case 0: return 1;
  case 1: return 4;
  case 2: return 9;
  }
  __builtin_unreachable();
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0)
    return 0;
  return weight(k % 3);
}
