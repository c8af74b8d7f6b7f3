// Still allocated at exit but reachable from a global: memtrack holds
// (memcleanup does not).
// EXPECT: run: exit 0
// EXPECT-NOT: run: leak valid-memtrack*
// EXPECT-EXTRA: run: leak valid-memcleanup: 1 object(s) not freed at exit*
#include <stdlib.h>

struct list { struct list *next; } *head;

int main(void) {
  struct list *n = malloc(sizeof *n);
  n->next = 0;
  head = n;
  return 0;
}
