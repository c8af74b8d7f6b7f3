// The index is checked on both sides.
// RUN: --nondet -1
// EXPECT: run: exit 0
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char *buf = calloc(8, 1);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8) {
    free(buf);
    return 0;
  }
  int c = buf[i];
  free(buf);
  return c;
}
