// A switch claimed exhaustive is not.
// RUN: --nondet 3
// EXPECT: run: ub unreachable at @HERE*
extern int __VERIFIER_nondet_int(void);

int weight(int kind) {
  switch (kind) {
  case 0: return 1;
  case 1: return 4;
  case 2: return 9;
  }
  __builtin_unreachable(); // HERE
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0)
    return 0;
  return weight(k);
}
