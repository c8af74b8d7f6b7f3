// Allocation hooks in a global struct, initialised to wrappers of malloc
// and free and called through it (the pattern of JSON libraries); every
// block is freed once and never used after.
// RUN: --nondet 1
// EXPECT: run: exit 1
// VERDICT: TRUE for valid-memsafety
// EXPECT-NOT: run: leak*
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static void *my_malloc(size_t n) { return malloc(n); }
static void my_free(void *p) { free(p); }

static struct {
  void *(*alloc)(size_t);
  void (*dealloc)(void *);
} hooks = {my_malloc, my_free};

int main(void) {
  int *p = hooks.alloc(sizeof *p);
  if (!p)
    return 1;
  *p = __VERIFIER_nondet_int();
  int v = *p;
  hooks.dealloc(p);
  return v > 0;
}
