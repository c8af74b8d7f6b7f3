// strcat overflows the destination by the terminator.
// EXPECT: run: ub out-of-bounds at @HERE* strcat write of 6 bytes at offset 3 of 'a' (size 8)
#include <string.h>

int main(void) {
  char a[8] = "bit";
  strcat(a, "prove"); // HERE
  return a[0];
}
