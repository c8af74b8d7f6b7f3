// Two blocks reachable from a global, one never freed.
// EXPECT: run: exit 0
// EXPECT-NOT: run: leak valid-memtrack*
// EXPECT-EXTRA: run: leak valid-memcleanup: 1 object(s) not freed at exit, allocated at @HERE*
#include <stdlib.h>

char *table[2];

int main(void) {
  table[0] = malloc(8);
  table[1] = malloc(8); // HERE
  free(table[0]);
  return 0;
}
