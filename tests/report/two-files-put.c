/* tests/report: the second file of two-files-main.c's program. */
void put(int *a, int i) {
  a[i] = 1; /* REPORT-BUG: i == 4 writes past the end of main's a */
}
