/* malloc, calloc, realloc, free; a linked list and a growing array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int v; struct node *next; };

static struct node *push(struct node *h, int v) {
  struct node *n = malloc(sizeof *n);
  if (!n) exit(2);
  n->v = v;
  n->next = h;
  return n;
}

static struct node *reverse(struct node *h) {
  struct node *r = NULL;
  while (h) { struct node *nx = h->next; h->next = r; r = h; h = nx; }
  return r;
}

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 20; i++) h = push(h, i * 3);
  h = reverse(h);
  int s = 0, k = 0;
  for (struct node *n = h; n; n = n->next) s += n->v * ++k;
  printf("list %d %d\n", s, h->v);
  while (h) { struct node *nx = h->next; free(h); h = nx; }
  int *z = calloc(50, sizeof(int));
  if (!z) return 2;
  int nz = 0;
  for (int i = 0; i < 50; i++) nz += z[i] != 0;
  printf("calloc %d\n", nz);
  int cap = 2, len = 0;
  long *arr = malloc(cap * sizeof *arr);
  for (int i = 0; i < 100; i++) {
    if (len == cap) { cap *= 2; arr = realloc(arr, cap * sizeof *arr); if (!arr) return 3; }
    arr[len++] = (long)i * i;
  }
  long t = 0;
  for (int i = 0; i < len; i++) t += arr[i];
  printf("realloc %d %d %ld\n", cap, len, t);
  free(arr);
  free(z);
  free(NULL);
  char *str = malloc(12);
  strcpy(str, "heap str");
  printf("%s\n", str);
  free(str);
  return 0;
}
