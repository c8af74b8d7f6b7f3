// Two owners free the same block.
// EXPECT: run: ub double-free at @HERE* free of heap object from malloc at *, already freed at *
#include <stdlib.h>

struct owner { char *buf; };

void release(struct owner *o) { free(o->buf); } // HERE

int main(void) {
  char *b = malloc(16);
  struct owner x = {b}, y = {b};
  release(&x);
  release(&y);
  return 0;
}
