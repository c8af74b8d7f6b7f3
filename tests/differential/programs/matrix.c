/* Matrix multiplication and a determinant by fraction-free elimination. */
#include <stdio.h>
#include <stdint.h>

#define N 6

static void matmul(int64_t c[N][N], int64_t a[N][N], int64_t b[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int64_t s = 0;
      for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static int64_t det(int64_t m[N][N]) {   /* Bareiss */
  int64_t a[N][N], prev = 1;
  int sign = 1;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) a[i][j] = m[i][j];
  for (int k = 0; k < N - 1; k++) {
    if (a[k][k] == 0) {
      int r = k + 1;
      while (r < N && a[r][k] == 0) r++;
      if (r == N) return 0;
      for (int j = 0; j < N; j++) { int64_t t = a[k][j]; a[k][j] = a[r][j]; a[r][j] = t; }
      sign = -sign;
    }
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) / prev;
    prev = a[k][k];
  }
  return sign * a[N - 1][N - 1];
}

int main(void) {
  int64_t a[N][N], b[N][N], c[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { a[i][j] = (i * 3 + j * 5) % 7 - 3; b[i][j] = (i == j) * 2 + (i + j) % 3; }
  matmul(c, a, b);
  uint64_t h = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) h = h * 31 + (uint64_t)c[i][j];
  printf("hash %llu\n", (unsigned long long)h);
  printf("c[2][3]=%lld c[5][0]=%lld\n", (long long)c[2][3], (long long)c[5][0]);
  printf("det a=%lld b=%lld c=%lld\n", (long long)det(a), (long long)det(b), (long long)det(c));
  return 0;
}
