// With --malloc-may-fail, malloc above the heap limit returns NULL (a real
// allocator's behaviour) and here its result is used without a check.
// RUN: --heap-limit 16 --malloc-may-fail
// EXPECT: run: ub null-deref at @HERE* store of 4 bytes at address 0x4 (null pointer)
#include <stdlib.h>

struct pair { int a, b; };

int main(void) {
  struct pair *p = malloc(sizeof *p * 4);
  p->b = 1; // HERE
  free(p);
  return 0;
}
