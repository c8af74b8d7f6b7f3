// Allocation hooks in a global struct, initialised to wrappers of malloc
// and free and called through it (the pattern of JSON libraries); the
// block is read after the free hook released it.
// RUN: --nondet 1
// EXPECT: run: ub use-after-free at @HERE*
// VERDICT: FALSE(valid-deref) for valid-memsafety
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
  hooks.dealloc(p);
  int v = *p; // HERE
  return v > 0;
}
