/* Function pointers: tables, callbacks, pointers in structs, returning them. */
#include <stdio.h>

typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }

static binop table[] = { add, sub, mul, maxi };
struct op { const char *name; binop f; };
static const struct op ops[] = { { "add", add }, { "sub", sub }, { "mul", mul }, { "max", maxi } };

static int fold(const int *v, int n, int init, binop f) { int acc = init; for (int i = 0; i < n; i++) acc = f(acc, v[i]); return acc; }
static binop pick(int k) { return table[k & 3]; }
static void apply(void (*cb)(int, void *), void *ctx) { for (int i = 0; i < 5; i++) cb(i, ctx); }
static void accumulate(int i, void *ctx) { *(int *)ctx += i * i; }

int main(void) {
  int v[] = { 3, -1, 4, 1, -5, 9 };
  for (int i = 0; i < 4; i++) printf("%s %d\n", ops[i].name, fold(v, 6, i == 2 ? 1 : 0, ops[i].f));
  printf("pick %d %d\n", pick(6)(7, 8), (*pick(1))(7, 8));
  int total = 0;
  apply(accumulate, &total);
  printf("cb %d\n", total);
  binop f = add;
  printf("eq %d %d\n", f == add, f == table[1]);
  int (*arr[2])(int, int) = { mul, sub };
  printf("arr %d\n", arr[0](arr[1](10, 4), 3));
  return 0;
}
