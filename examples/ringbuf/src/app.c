#include <assert.h>

#include "ringbuf.h"

extern unsigned char read_sensor(void); /* the platform's, no body here */

int main(void) {
  struct ringbuf rb;
  rb_init(&rb);
  /* one reading more than fits: the last push is refused */
  for (int i = 0; i <= RB_CAP; i++) rb_push(&rb, read_sensor());
  assert(rb.count == RB_CAP + 1); /* wrong: the buffer holds RB_CAP bytes */
  unsigned char c;
  while (rb_pop(&rb, &c) == 0) {
  }
  return (int)rb_sum(&rb);
}
