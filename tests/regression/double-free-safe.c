// Ownership is transferred: the pointer is cleared after the first release.
// EXPECT: run: exit 0
// EXPECT-NOT: run: leak*
#include <stdlib.h>

struct owner { char *buf; };

void release(struct owner *o) {
  free(o->buf);
  o->buf = 0;
}

int main(void) {
  struct owner x = {malloc(16)}, y = {0};
  y.buf = x.buf;
  x.buf = 0;
  release(&x);
  release(&y);
  return 0;
}
