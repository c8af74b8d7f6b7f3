// Copies a 0-terminated alloca'd string of n >= 2 bytes (last byte 0, the
// others nondet) into an alloca'd buffer of the same size.
// RUN: --nondet 3,65,66
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2)
    return 0;
  char *src = alloca(n);
  char *dst = alloca(n);
  src[n - 1] = 0;
  char *s = src;
  char *d = dst;
  while (*s != 0) {
    *d = *s;
    s++;
    d++;
  }
  *d = 0;
  return 0;
}
