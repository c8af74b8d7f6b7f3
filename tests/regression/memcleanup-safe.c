// Everything allocated is freed, including through realloc and strdup.
// EXPECT: run: exit 0
// EXPECT-NOT: run: leak*
#include <stdlib.h>
#include <string.h>

char *table[2];

int main(void) {
  table[0] = malloc(8);
  table[1] = strdup("bitprove");
  table[0] = realloc(table[0], 64);
  if (table[0])
    strcpy(table[0], table[1]);
  int ok = table[0] && strcmp(table[0], "bitprove") == 0;
  free(table[0]);
  free(table[1]);
  return !ok;
}
