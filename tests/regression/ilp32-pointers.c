// With ILP32, pointers and longs have 32 bits.
// RUN: --data-model ILP32
// EXPECT: run: exit 4
int main(void) {
  long l = 0;
  int *p = 0;
  return (int)(sizeof l + sizeof p) / 2;
}
