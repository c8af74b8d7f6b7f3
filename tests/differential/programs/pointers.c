/* Pointer arithmetic, differences, comparisons, pointers to pointers,
 * byte views of integers (little endian). */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>

static void inc_all(int **pp, int n) { for (int i = 0; i < n; i++) (*pp[i])++; }

int main(void) {
  int a[10];
  for (int i = 0; i < 10; i++) a[i] = i * i;
  int *p = a, *q = &a[7];
  printf("diff %td %td\n", q - p, p - q);
  printf("deref %d %d %d\n", *(p + 3), q[-2], *(q - 7));
  printf("cmp %d %d %d\n", p < q, q <= p, p + 7 == q);
  int *e = a + 10;          /* one past the end */
  int n = 0;
  for (int *it = a; it != e; it++) n += *it;
  printf("sum %d\n", n);
  int x = 1, y = 2, z = 3;
  int *ptrs[3] = { &x, &y, &z };
  inc_all(ptrs, 3);
  int **pp = &ptrs[1];
  **pp += 40;
  printf("pp %d %d %d\n", x, y, z);
  uint32_t w = 0x11223344;
  unsigned char *b = (unsigned char *)&w;
  printf("bytes %x %x %x %x\n", b[0], b[1], b[2], b[3]);
  b[2] = 0xee;
  printf("w %x\n", w);
  uint64_t big = 0;
  uint16_t *h = (uint16_t *)&big;
  h[3] = 0xabcd; h[0] = 1;
  printf("big %llx\n", (unsigned long long)big);
  char s[] = "hello";
  char *c = s;
  while (*c) { *c = (char)(*c - 32); c++; }
  printf("%s %td\n", s, c - s);
  void *v = &a[4];
  int *back = (int *)((char *)v + sizeof(int));
  printf("void %d\n", *back);
  intptr_t ia = (intptr_t)&a[2], ib = (intptr_t)&a[6];
  printf("intptr %ld\n", (long)(ib - ia));
  int *null = NULL;
  printf("null %d %d\n", null == 0, p != NULL);
  return 0;
}
