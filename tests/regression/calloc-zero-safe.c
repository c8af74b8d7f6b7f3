// A device struct from a zeroing allocator that may fail (kzalloc): its
// buffers are allocated one by one, and the clean-up after a failed one
// frees every buffer field, those never set included. calloc's zeros make
// those free(NULL) (allowed); a field the program set is freed once.
// RUN: --nondet 0,0
// EXPECT: run: exit 0
// VERDICT: TRUE for valid-memsafety
// VERDICT-SEG: TRUE for valid-memsafety
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
  d->rx = malloc(16);
  if (!d->rx || __VERIFIER_nondet_bool()) {
    cleanup(d);
    return 1;
  }
  if (d->opened) free(d->rx); /* never: calloc left opened 0 */
  d->tx = malloc(16);
  cleanup(d);
  return 0;
}
