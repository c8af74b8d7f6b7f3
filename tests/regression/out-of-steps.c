// A loop that never ends runs out of steps.
// RUN: --max-steps 10000
// EXPECT: run: out of steps (10000)
int main(void) {
  unsigned x = 1;
  while (x != 0)
    x = x * 3;
  return 0;
}
