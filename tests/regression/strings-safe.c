// String functions on well-sized buffers.
// EXPECT: run: exit 0
// STDOUT: bitprove:8:0:1:prove
#include <stdio.h>
#include <string.h>

int main(void) {
  char a[16] = "bit", b[16];
  strcat(a, "prove");
  strcpy(b, a);
  char *r = strrchr(b, 'p');
  printf("%s:%zu:%d:%d:%s\n", b, strlen(b), strcmp(a, b), memcmp(a, "bit", 3) == 0, r);
  return 0;
}
