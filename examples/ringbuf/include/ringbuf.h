/* A fixed-size ring buffer of bytes: the small project of the README's
 * "Checking your own code". RB_CAP (the capacity) comes from the build:
 * -D RB_CAP=8. */
#ifndef RINGBUF_H
#define RINGBUF_H

#ifndef RB_CAP
#error "define RB_CAP (the capacity), e.g. -D RB_CAP=8"
#endif

struct ringbuf {
  unsigned head;  /* index of the oldest byte */
  unsigned count; /* bytes stored, at most RB_CAP */
  unsigned char data[RB_CAP];
};

void rb_init(struct ringbuf *rb);
/* Appends c; -1 (and a log line) when the buffer is full. */
int rb_push(struct ringbuf *rb, unsigned char c);
/* Removes the oldest byte into *out; -1 when empty. */
int rb_pop(struct ringbuf *rb, unsigned char *out);
/* The i-th oldest byte (i < count). */
unsigned char rb_get(const struct ringbuf *rb, unsigned i);
/* Sum of the stored bytes. */
unsigned rb_sum(const struct ringbuf *rb);

/* Provided by the platform (not part of this project). */
void platform_log(const char *msg);

#endif
