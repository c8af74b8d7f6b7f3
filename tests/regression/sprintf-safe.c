// snprintf truncates to the buffer: 7 characters and the terminator fit.
// EXPECT: run: exit 0
// STDOUT: 8 1234567
#include <stdio.h>

int main(void) {
  char buf[8];
  int n = snprintf(buf, sizeof buf, "%d", 12345678);
  printf("%d %s\n", n, buf);
  return 0;
}
