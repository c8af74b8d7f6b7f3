// Walking off the end of one global lands inside the next one: the address is
// valid, the access is not (provenance says it is derived from 'first').
// EXPECT: run: ub out-of-bounds at @HERE* store of 4 bytes at offset * of 'first' (size 16)
#include <stdint.h>

int first[4];
int second[4];

int main(void) {
  uintptr_t gap = (uintptr_t)second - (uintptr_t)first;
  int *p = first + gap / sizeof(int);
  *p = 1; // HERE
  return second[0];
}
