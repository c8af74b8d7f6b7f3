/* A program that defines its own pointer-returning __VERIFIER_nondet_
 * function (as the Termination Competition's string benchmarks do): its
 * body is the model, a fresh NUL-terminated string, not an arbitrary
 * pointer. The walk to the NUL terminates and is memory safe. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES
char *__VERIFIER_nondet_String(void) {
  int length = __VERIFIER_nondet_int();
  if (length < 1) length = 1;
  char *s = malloc(length);
  s[length - 1] = '\0';
  return s;
}

int main(void) {
  const char *p = __VERIFIER_nondet_String();
  while (*p != '\0') p++;
  return 0;
}
