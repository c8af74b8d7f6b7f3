/* Terminates: x halves until 0. The direct translation has no integer rule
 * for division (x / 2 is an unknown value there), so its ITS has an
 * infinite run: only a hint, never NO (the translation is not exact); the
 * graph over mathematical integers proves it. Its twin grows_forever.c gets
 * NO from the exact ITS. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES|MAYBE
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x / 2;
  return 0;
}
