// The twin of calloc-zero-safe.c whose device starts "opened" (a write
// after the calloc): rx is freed twice.
// RUN: --nondet 0,0
// EXPECT: run: ub double-free*
// VERDICT: FALSE(valid-free) for valid-memsafety
#include <stdlib.h>
extern _Bool __VERIFIER_nondet_bool(void);

struct dev {
  char *rx;
  int opened;
  char *tx;
  char *log;
};

static void *zalloc(size_t n) {
  if (__VERIFIER_nondet_bool()) return 0;
  return calloc(1, n);
}

static void cleanup(struct dev *d) {
  free(d->log);
  free(d->tx);
  free(d->rx);
  free(d);
}

int main(void) {
  struct dev *d = zalloc(sizeof *d);
  if (!d) return 1;
  d->opened = 1;
  d->rx = malloc(16);
  if (!d->rx || __VERIFIER_nondet_bool()) {
    cleanup(d);
    return 1;
  }
  if (d->opened) free(d->rx);
  d->tx = malloc(16);
  cleanup(d);
  return 0;
}
