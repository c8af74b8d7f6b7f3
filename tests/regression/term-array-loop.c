// The loop condition reads memory: with memory abstracted the ITS has a
// non-terminating run, so no proof (the program does not terminate either).
// RUN: --max-steps 20000
// EXPECT: run: out of steps (20000)
int main(void) {
  int a[2] = {1, 1};
  int i = 0;
  while (a[i] > 0)
    i = 1 - i;
  return 0;
}
