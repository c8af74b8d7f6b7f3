// Freeing a pointer into the middle of a block.
// EXPECT: run: ub invalid-free at @HERE* free of a pointer to offset 4 of heap object from malloc at *, not its start
#include <stdlib.h>

int main(void) {
  int *a = malloc(4 * sizeof *a);
  int *second = a + 1;
  *second = 2;
  free(second); // HERE
  return 0;
}
