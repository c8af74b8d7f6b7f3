/* String and memory functions of the C library. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char a[32], b[32];
  strcpy(a, "hello");
  strcpy(b, "world");
  printf("%zu %zu %zu\n", strlen(a), strlen(""), strlen("abc\0def"));
  strcat(a, ", ");
  strcat(a, b);
  printf("%s (%zu)\n", a, strlen(a));
  int c1 = strcmp("abc", "abd"), c2 = strcmp("abc", "abc"), c3 = strcmp("b", "abc");
  printf("cmp %d %d %d\n", c1 < 0, c2 == 0, c3 > 0);
  printf("ncmp %d %d\n", strncmp("abcdef", "abcxyz", 3) == 0, strncmp("abcdef", "abcxyz", 4) < 0);
  char m[16];
  memset(m, 'x', sizeof m);
  m[15] = 0;
  memset(m + 2, 0, 3);
  printf("memset %s %d %s\n", m, m[3], m + 5);
  int src[5] = { 1, 2, 3, 4, 5 }, dst[5] = { 0 };
  memcpy(dst, src, sizeof src);
  printf("memcpy %d %d\n", dst[0], dst[4]);
  memmove(src + 1, src, 4 * sizeof(int));
  printf("memmove %d %d %d %d %d\n", src[0], src[1], src[2], src[3], src[4]);
  printf("memcmp %d %d\n", memcmp(src, dst, sizeof(int)) == 0, memcmp(src, dst, 2 * sizeof(int)) != 0);
  char t[8];
  strncpy(t, "abcdefghij", 7);
  t[7] = 0;
  printf("strncpy %s\n", t);
  return 0;
}
