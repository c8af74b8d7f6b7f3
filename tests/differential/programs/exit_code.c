/* A non-zero exit status returned from main. */
#include <stdio.h>

static int collatz(unsigned long n) { int s = 0; while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; s++; } return s; }

int main(void) {
  int best = 0, arg = 0;
  for (unsigned long i = 1; i < 300; i++) { int c = collatz(i); if (c > best) { best = c; arg = (int)i; } }
  printf("collatz %d %d\n", arg, best);
  return best % 200 + 3;
}
