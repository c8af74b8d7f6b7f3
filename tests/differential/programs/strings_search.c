/* String search functions of the C library: strchr, strrchr, strstr, memchr. */
#include <stdio.h>
#include <string.h>

int main(void) {
  const char *a = "hello, world";
  const char *p = strchr(a, 'w');
  printf("strchr %s %td %d\n", p, p - a, strchr(a, 'z') == NULL);
  printf("strrchr %s\n", strrchr(a, 'l'));
  printf("strstr %s %d\n", strstr(a, "lo,"), strstr(a, "xyz") == NULL);
  const char *m = memchr(a, 'o', strlen(a));
  printf("memchr %td\n", m - a);
  printf("strchr nul %td\n", strchr(a, '\0') - a);
  return 0;
}
