#include "ringbuf.h"

void rb_init(struct ringbuf *rb) {
  rb->head = 0;
  rb->count = 0;
}

int rb_push(struct ringbuf *rb, unsigned char c) {
  if (rb->count >= RB_CAP || rb->head >= RB_CAP) {
    platform_log("ringbuf full");
    return -1;
  }
  rb->data[(rb->head + rb->count) % RB_CAP] = c;
  rb->count++;
  return 0;
}

int rb_pop(struct ringbuf *rb, unsigned char *out) {
  if (rb->count == 0 || rb->head >= RB_CAP) return -1;
  *out = rb->data[rb->head];
  rb->head = (rb->head + 1) % RB_CAP;
  rb->count--;
  return 0;
}

/* The bug: the index wraps around only in the comment. */
unsigned char rb_get(const struct ringbuf *rb, unsigned i) {
  return rb->data[rb->head + i]; /* should be (rb->head + i) % RB_CAP */
}
