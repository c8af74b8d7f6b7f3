// The safe twin of asm-loop-clobber-unsafe and asm-loop-output-unsafe: the
// asm writes only a register output, which the loop does not test.
// RUN: --nondet 7,7,7
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
int g;

int main(void) {
  int x = 0;
  g = 3;
  while (g > 0) {
    g--;
    __asm__ volatile("movl $5, %0" : "=r"(x));
  }
  return x == 7 ? 0 : 1;
}
