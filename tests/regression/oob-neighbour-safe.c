// Pointer arithmetic that stays inside 'first', next to the same neighbour.
// EXPECT: run: exit 1
#include <stdint.h>

int first[4];
int second[4];

int main(void) {
  uintptr_t gap = (uintptr_t)second - (uintptr_t)first;
  int *p = first + (gap > 12 ? 3 : 0);
  *p = 1;
  return first[3] + second[0];
}
