// exit() from a nested call ends the run with its code; the block held only
// in a live frame is still reachable (not a memtrack leak).
// EXPECT: run: exit 3
// EXPECT-NOT: run: leak valid-memtrack*
// EXPECT-EXTRA: run: leak valid-memcleanup: 1 object(s)*
#include <stdlib.h>

void fail(int code) { exit(code); }

int main(void) {
  int *p = malloc(sizeof *p);
  *p = 3;
  fail(*p);
  free(p);
  return 0;
}
