#include "ringbuf.h"

unsigned rb_sum(const struct ringbuf *rb) {
  unsigned sum = 0;
  unsigned n = rb->count < RB_CAP ? rb->count : RB_CAP;
  for (unsigned i = 0; i < n; i++) sum += rb->data[(rb->head + i) % RB_CAP];
  return sum;
}
