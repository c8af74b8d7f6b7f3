/* Globals with pointer initializers, static locals, const tables. */
#include <stdio.h>

static int x = 10, y[4] = { 1, 2, 3, 4 };
static int *px = &x;
static int *py2 = &y[2];
static int **ppx = &px;
static const char *words[] = { "alpha", "beta", "gamma" };
static const char *second = "literal" + 3;
struct node { int v; struct node *next; };
static struct node n3 = { 3, 0 }, n2 = { 2, &n3 }, n1 = { 1, &n2 };
static struct node *head = &n1;
static struct { int *p; char c; long l; } mixed = { &y[1], 'm', -5 };
static char buf[16] = "abc";
static unsigned long long big = 0xffffffffffffffffull;
static int zeroed[100];

static int counter(void) { static int n = 5; return n++; }

int main(void) {
  printf("%d %d %d\n", *px, *py2, **ppx);
  *py2 = 30;
  **ppx = 11;
  printf("%d %d\n", x, y[2]);
  for (int i = 0; i < 3; i++) printf("%s ", words[i]);
  printf("%s\n", second);
  int s = 0;
  for (struct node *n = head; n; n = n->next) s = s * 10 + n->v;
  printf("list %d\n", s);
  printf("mixed %d %c %ld\n", *mixed.p, mixed.c, mixed.l);
  buf[3] = 'd';
  printf("buf %s %d\n", buf, buf[15]);
  printf("big %llu\n", big);
  int z = 0;
  for (int i = 0; i < 100; i++) z += zeroed[i];
  printf("zeroed %d\n", z);
  counter(); counter();
  printf("counter %d\n", counter());
  return 0;
}
