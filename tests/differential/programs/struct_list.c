/* A binary search tree on the heap with insertion, traversal, height, free. */
#include <stdio.h>
#include <stdlib.h>

struct tree { int key; struct tree *l, *r; };

static struct tree *ins(struct tree *t, int k) {
  if (!t) { t = calloc(1, sizeof *t); t->key = k; return t; }
  if (k < t->key) t->l = ins(t->l, k); else if (k > t->key) t->r = ins(t->r, k);
  return t;
}
static int height(const struct tree *t) { if (!t) return 0; int a = height(t->l), b = height(t->r); return 1 + (a > b ? a : b); }
static void walk(const struct tree *t, int *out, int *n) { if (!t) return; walk(t->l, out, n); out[(*n)++] = t->key; walk(t->r, out, n); }
static void drop(struct tree *t) { if (!t) return; drop(t->l); drop(t->r); free(t); }

int main(void) {
  struct tree *root = NULL;
  unsigned s = 7;
  for (int i = 0; i < 100; i++) { s = s * 69069u + 1u; root = ins(root, (int)(s >> 20) % 500); }
  int keys[100], n = 0;
  walk(root, keys, &n);
  long sum = 0;
  for (int i = 0; i < n; i++) sum += (long)keys[i] * (i + 1);
  printf("n=%d height=%d sum=%ld first=%d last=%d\n", n, height(root), sum, keys[0], keys[n - 1]);
  drop(root);
  return 0;
}
