// The asm stores 5 into g behind a "memory" clobber, so the real loop never
// ends. The model lets such an asm write any memory it can reach (g among
// it): no engine may claim termination. The interpreter picks the behaviour
// "memory unchanged", under which its run ends.
// EXPECT: run: exit 0
int g;

int main(void) {
  g = 3;
  while (g > 0) {
    g--;
    __asm__ volatile("movl $5, g(%%rip)" ::: "memory");
  }
  return 0;
}
