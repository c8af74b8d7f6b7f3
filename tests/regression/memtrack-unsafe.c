// The only pointer to the first block is overwritten.
// EXPECT: run: exit 0
// EXPECT-EXTRA: run: leak valid-memtrack: 1 object(s) unreachable at exit, allocated at @HERE*
#include <stdlib.h>

int *keep;

int main(void) {
  int *p = malloc(sizeof *p); // HERE
  p = malloc(sizeof *p);
  keep = p;
  return 0;
}
