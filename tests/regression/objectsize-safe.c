// __builtin_object_size (llvm.objectsize) in a _FORTIFY_SOURCE-style check:
// the front end answers "unknown" (-1 for type 0), which every compiler may
// answer, so the check passes and the copy of at most 8 bytes into 8 is
// what makes the program safe.
// RUN: --nondet 5
// EXPECT: run: exit 0
// VERDICT: TRUE for valid-memsafety
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

static void copy_checked(char *dst, const char *src, size_t n) {
  size_t room = __builtin_object_size(dst, 0);
  if (room != (size_t)-1 && n > room) abort();
  memcpy(dst, src, n);
}

int main(void) {
  char src[9] = "abcdefgh";
  char *dst = malloc(8);
  if (!dst) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) n = 8;
  copy_checked(dst, src, (size_t)n);
  free(dst);
  return 0;
}
