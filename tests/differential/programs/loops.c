/* Loops: while, do-while, for with break/continue, goto, nested exits. */
#include <stdio.h>

int main(void) {
  int i = 0, s = 0;
  while (i < 100) { i++; if (i % 3 == 0) continue; if (i > 50) break; s += i; }
  printf("while %d %d\n", i, s);
  int n = 0;
  do { n += 7; } while (n % 5 != 0);
  printf("do %d\n", n);
  int found = -1;
  for (int a = 1; a < 30 && found < 0; a++)
    for (int b = a; b < 30; b++) {
      int c2 = a * a + b * b;
      int c = 1;
      while (c * c < c2) c++;
      if (c * c == c2 && c > 20) { found = a * 10000 + b * 100 + c; break; }
    }
  printf("pythagoras %d\n", found);
  int k = 0;
again:
  k += 3;
  if (k < 20) goto again;
  printf("goto %d\n", k);
  unsigned long long f = 1;
  for (unsigned j = 1; j <= 20; j++) f *= j;
  printf("fact %llu\n", f);
  int primes = 0;
  for (int p = 2; p < 500; p++) {
    int isp = 1;
    for (int d = 2; d * d <= p; d++) if (p % d == 0) { isp = 0; break; }
    primes += isp;
  }
  printf("primes %d\n", primes);
  int x = 0;
  for (;;) { if (++x == 13) break; }
  printf("forever %d\n", x);
  return 0;
}
