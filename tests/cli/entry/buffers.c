/* --function with --buffer-arg (tests/cli/check-cli.sh): sum reads its n
 * elements, sum_bad one more (i <= n), first the first byte even when n
 * is 0. */
#include <stddef.h>

unsigned sum(const unsigned char *buf, size_t n) {
  unsigned s = 0;
  for (size_t i = 0; i < n; i++) s += buf[i];
  return s;
}

unsigned sum_bad(const unsigned char *buf, size_t n) {
  unsigned s = 0;
  for (size_t i = 0; i <= n; i++) s += buf[i];
  return s;
}

int isum(int n, const int *a) {
  int s = 0;
  for (int i = 0; i < n; i++) s ^= a[i];
  return s;
}

int first(const char *p, unsigned len) {
  (void)len;
  return p[0];
}

/* two character pointers: no length among them */
int strs(const char *a, const char *b) { return a[0] == b[0]; }
