// The asm's memory output ("=m") is g itself, set to 5 in every iteration:
// the real loop never ends, and the model makes g unknown after the asm,
// so no engine may claim termination. The interpreter draws g's new bytes
// (here 0,0,0,0: the loop ends).
// RUN: --nondet 0,0,0,0
// EXPECT: run: exit 0
int g;

int main(void) {
  g = 3;
  while (g > 0) {
    g--;
    __asm__ volatile("movl $5, %0" : "=m"(g));
  }
  return 0;
}
