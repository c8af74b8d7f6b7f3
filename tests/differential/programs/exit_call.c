/* exit() from a nested call flushes buffered output. */
#include <stdio.h>
#include <stdlib.h>

static void deep(int n) {
  if (n == 0) {
    printf("leaving from depth\n");
    exit(37);
  }
  deep(n - 1);
  printf("never printed\n");
}

int main(void) {
  printf("start");     /* no newline: still buffered at exit */
  printf("\n");
  deep(5);
  return 0;
}
