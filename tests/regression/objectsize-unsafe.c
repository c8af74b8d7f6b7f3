// The twin of objectsize-safe.c that copies up to 9 bytes into 8: the size
// check sees "unknown" (as at -O0 on a heap object) and lets the copy
// overflow; the memory model reports it.
// RUN: --nondet 9
// EXPECT: run: ub out-of-bounds at @HERE*
// VERDICT: FALSE(valid-deref) for valid-memsafety
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

static void copy_checked(char *dst, const char *src, size_t n) {
  size_t room = __builtin_object_size(dst, 0);
  if (room != (size_t)-1 && n > room) abort();
  memcpy(dst, src, n); // HERE
}

int main(void) {
  char src[9] = "abcdefgh";
  char *dst = malloc(8);
  if (!dst) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 9) n = 9;
  copy_checked(dst, src, (size_t)n);
  free(dst);
  return 0;
}
