/* sprintf, snprintf (with truncation) and strstr, printed. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[64], small[8];
  int n = sprintf(buf, "%d-%u-%x-%s", -42, 7u, 255, "ok");
  printf("%d [%s]\n", n, buf);
  n = snprintf(small, sizeof small, "%ld/%c/%05d", 123456L, 'z', 42);
  printf("%d [%s]\n", n, small);
  n = snprintf(small, 0, "%s", "nothing written");
  printf("%d [%s]\n", n, small);
  const char *hay = "the quick brown fox";
  const char *p = strstr(hay, "brown");
  printf("%ld %s\n", (long)(p - hay), p);
  printf("%d %d\n", strstr(hay, "cat") == NULL, strstr(hay, "") == hay);
  return n % 7;
}
