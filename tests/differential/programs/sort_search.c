/* Quicksort, insertion sort on structs, binary search. */
#include <stdio.h>

struct rec { int key; char tag; };

static void quicksort(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) i++;
    while (a[j] > p) j--;
    if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

static void isort(struct rec *r, int n) {
  for (int i = 1; i < n; i++) {
    struct rec x = r[i];
    int j = i - 1;
    while (j >= 0 && r[j].key > x.key) { r[j + 1] = r[j]; j--; }
    r[j + 1] = x;
  }
}

static int bsearch_int(const int *a, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) return mid;
    if (a[mid] < key) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

int main(void) {
  int a[200];
  unsigned s = 12345;
  for (int i = 0; i < 200; i++) { s = s * 1103515245u + 12345u; a[i] = (int)((s >> 16) % 1000) - 500; }
  quicksort(a, 0, 199);
  int ok = 1;
  for (int i = 1; i < 200; i++) ok &= a[i - 1] <= a[i];
  printf("sorted %d min %d max %d median %d\n", ok, a[0], a[199], a[100]);
  printf("search %d %d\n", bsearch_int(a, 200, a[37]) >= 0, bsearch_int(a, 200, 10000));
  struct rec r[8] = { { 5, 'e' }, { 1, 'a' }, { 4, 'd' }, { 1, 'b' }, { 9, 'i' }, { 0, 'z' }, { 5, 'f' }, { 2, 'c' } };
  isort(r, 8);
  for (int i = 0; i < 8; i++) printf("%d%c ", r[i].key, r[i].tag);
  printf("\n");
  return 0;
}
