/* Short-circuit evaluation with side effects, comma, ternary, ! and comparisons. */
#include <stdio.h>

static int calls;
static int t(int v) { calls = calls * 10 + 1; return v; }
static int f(int v) { calls = calls * 10 + 2; return v; }

int main(void) {
  calls = 0; int r1 = t(0) && f(1); printf("%d %d\n", r1, calls);
  calls = 0; int r2 = t(1) && f(1); printf("%d %d\n", r2, calls);
  calls = 0; int r3 = t(1) || f(0); printf("%d %d\n", r3, calls);
  calls = 0; int r4 = t(0) || f(0) || t(5); printf("%d %d\n", r4, calls);
  int x = 5;
  int y = (x++, x++, x * 2);
  printf("comma %d %d\n", x, y);
  int z = x > 6 ? (x < 10 ? 1 : 2) : 3;
  printf("ternary %d %d\n", z, !x + !!x + !0);
  int a = -3; unsigned b = 2;
  printf("cmp %d %d %d %d\n", a < 0, a == -3, (a & 1) != 0, b >= 2u);
  long long big = 1LL << 40;
  printf("bool %d %d\n", big ? 1 : 0, (int)(big != 0) + (int)(big == 0));
  int cnt = 0;
  for (int i = 0; i < 20; i++) if ((i % 2 == 0 && i % 3 == 0) || (i > 15 && !(i & 1))) cnt++;
  printf("cnt %d\n", cnt);
  return 0;
}
