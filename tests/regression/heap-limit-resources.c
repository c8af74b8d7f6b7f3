// By default an allocation above the heap limit is not modelled: the run
// ends out of resources instead of returning NULL (SV-COMP tasks assume that
// malloc succeeds, so a fabricated NULL could fake a violation).
// RUN: --heap-limit 16
// EXPECT: run: out of resources: heap limit (16 bytes) exceeded by malloc of 32 bytes at @HERE*
#include <stdlib.h>

struct pair { int a, b; };

int main(void) {
  struct pair *p = malloc(sizeof *p * 4); // HERE
  p->b = 1;
  free(p);
  return 0;
}
