/* A reverse memchr over an alloca'd buffer of n >= 1 bytes: the pointer
 * starts one past the end and walks back while the count walks down. The
 * load *--cp is in bounds only by the relation lo + n <= cp that the loop
 * keeps; the symbolic execution graph must carry it through its merges to
 * prove memory safety, on which YES rests. */
#include <alloca.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES
static const void *last_of(const void *s, int c, size_t n) {
  const unsigned char *cp;
  if (n != 0) {
    cp = (const unsigned char *)s + n;
    do {
      if (*(--cp) == (unsigned char)c) return cp;
    } while (--n != 0);
  }
  return NULL;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) n = 1;
  char *area = alloca(n);
  for (int i = 0; i < n; i++) area[i] = (char)i;
  return last_of(area, __VERIFIER_nondet_int(), n) != NULL;
}
