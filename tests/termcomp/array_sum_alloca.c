/* Loops over a stack array of n ints (fill it, then find its maximum): the
 * program terminates and is memory safe for every n; with mathematical
 * integers the YES needs the symbolic execution graph's proof of memory
 * safety (the direct translation alone assumes it). */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: YES
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int *a = __builtin_alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (int j = 0; j < n; j++) if (a[j] > s) s = a[j];
  return s;
}
