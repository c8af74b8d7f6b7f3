/* Variable-length arrays (dynamic stack allocation) in loops and recursion. */
#include <stdio.h>

static long tri(int n) {
  long rows[n + 1][n + 1];
  for (int i = 0; i <= n; i++) {
    rows[i][0] = rows[i][i] = 1;
    for (int j = 1; j < i; j++) rows[i][j] = rows[i - 1][j - 1] + rows[i - 1][j];
  }
  return rows[n][n / 2];
}

static int rec(int n) {
  int buf[n + 1];
  for (int i = 0; i <= n; i++) buf[i] = i;
  return n == 0 ? buf[0] : buf[n] + rec(n - 1);
}

int main(void) {
  for (int n = 1; n < 30; n += 7) printf("C(%d,%d)=%ld\n", n, n / 2, tri(n));
  printf("rec %d\n", rec(50));
  long total = 0;
  for (int k = 1; k < 40; k++) {
    char v[k];
    for (int i = 0; i < k; i++) v[i] = (char)(i ^ k);
    for (int i = 0; i < k; i++) total += v[i];
  }
  printf("total %ld\n", total);
  return 0;
}
