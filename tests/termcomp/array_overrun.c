/* The twin of array_sum_alloca.c that reads one element past the array:
 * it terminates, but is not memory safe, so never YES. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: MAYBE
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int *a = __builtin_alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (int j = 0; j <= n; j++) if (a[j] > s) s = a[j];
  return s;
}
