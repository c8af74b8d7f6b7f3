// sprintf writes its text and terminator: 9 bytes into an 8-byte buffer.
// EXPECT: run: ub out-of-bounds at @HERE*
#include <stdio.h>

int main(void) {
  char buf[8];
  int n = sprintf(buf, "%d", 12345678); // HERE
  return n;
}
