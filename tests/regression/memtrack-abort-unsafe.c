// Blocks are lost in a loop before the program aborts: memtrack is violated
// even though the run does not end normally (memcleanup is not judged).
// EXPECT: run: abort at *
// EXPECT-EXTRA: run: leak valid-memtrack: 2 object(s) unreachable when the run stopped, allocated at @HERE*
// EXPECT-NOT: run: leak valid-memcleanup*
#include <stdlib.h>

int main(void) {
  for (int i = 0; i < 3; i++) {
    char *p = malloc(8); // HERE
    p[0] = (char)i;
  }
  abort();
}
