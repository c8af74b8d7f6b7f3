/* tests/report: a program of two files; the bug is in two-files-put.c. */
extern int __VERIFIER_nondet_int(void);
void put(int *a, int i);

int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 4) put(a, i);
  return 0;
}
