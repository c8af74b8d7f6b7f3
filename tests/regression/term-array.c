// A loop over an array: memory is abstracted (loads are any value, stores
// are dropped), the loop is bounded by its counter.
// RUN: --nondet 7
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[16];
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < 16; i++)
    a[i] = k + i;
  int s = 0;
  for (int i = 0; i < 16; i++)
    if (a[i] > 10)
      s++;
  return s > 16;
}
