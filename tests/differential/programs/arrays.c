/* One- and multi-dimensional arrays, arrays of structs, sorting. */
#include <stdio.h>

#define N 16
static int grid[4][5];
struct pt { int x, y; };

static void bubble(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j + 1 < n - i; j++)
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = (i * 7919) % 31 - 15;
  bubble(a, N);
  for (int i = 0; i < N; i++) printf("%d%c", a[i], i + 1 < N ? ' ' : '\n');
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) grid[i][j] = i * 10 + j;
  int diag = 0, total = 0;
  for (int i = 0; i < 4; i++) { diag += grid[i][i]; for (int j = 0; j < 5; j++) total += grid[i][j]; }
  printf("grid %d %d %d\n", diag, total, grid[3][4]);
  int (*row)[5] = grid + 2;
  printf("row %d %d\n", (*row)[1], row[1][3]);
  struct pt pts[5];
  for (int i = 0; i < 5; i++) { pts[i].x = i * i; pts[i].y = 10 - i; }
  long s = 0;
  for (int i = 0; i < 5; i++) s += pts[i].x * pts[i].y;
  printf("pts %ld\n", s);
  char cube[2][3][4];
  for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) for (int k = 0; k < 4; k++) cube[i][j][k] = (char)(i * 12 + j * 4 + k);
  printf("cube %d %d %zu\n", cube[1][2][3], ((char *)cube)[13], sizeof cube);
  int copy[N];
  for (int i = 0; i < N; i++) copy[N - 1 - i] = a[i];
  printf("copy %d %d\n", copy[0], copy[N - 1]);
  return 0;
}
