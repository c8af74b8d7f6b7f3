// abort() ends the run abnormally (no leak check).
// EXPECT: run: abort at @HERE*
// EXPECT-NOT: run: leak*
#include <stdlib.h>

int main(void) {
  char *p = malloc(4);
  if (p)
    abort(); // HERE
  return 0;
}
