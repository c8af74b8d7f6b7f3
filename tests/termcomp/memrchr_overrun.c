/* The twin of memrchr_walk.c that starts one byte too far (cp = s + n + 1):
 * its first load reads past the buffer. A memory-unsafe program deserves
 * neither YES nor NO. */
#include <alloca.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: MAYBE
static const void *last_of(const void *s, int c, size_t n) {
  const unsigned char *cp;
  if (n != 0) {
    cp = (const unsigned char *)s + n + 1;
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
