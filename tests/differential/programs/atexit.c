/* atexit handlers run in reverse order of registration, after main returns
 * or exit() is called, and may still print. */
#include <stdio.h>
#include <stdlib.h>

static int state = 1;
static void first(void) { printf("first handler, state %d\n", state); }
static void second(void) { state *= 10; printf("second handler\n"); }

int main(void) {
  atexit(first);
  atexit(second);
  state = 4;
  printf("main done\n");
  return 5;
}
