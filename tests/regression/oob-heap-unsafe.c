// A nondet index reads before the start of a heap buffer.
// RUN: --nondet -1
// EXPECT: run: ub out-of-bounds at @HERE* load of 1 byte at offset -1 of heap object from calloc at * (size 8)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char *buf = calloc(8, 1);
  int i = __VERIFIER_nondet_int();
  if (i >= 8) {
    free(buf);
    return 0;
  }
  int c = buf[i]; // HERE
  free(buf);
  return c;
}
