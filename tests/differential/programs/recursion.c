/* Recursion: fib, ackermann, mutual recursion, hanoi, gcd. */
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static long hanoi(int n, int from, int to, int via, long *moves) {
  if (n == 0) return 0;
  hanoi(n - 1, from, via, to, moves);
  (*moves)++;
  hanoi(n - 1, via, to, from, moves);
  return *moves;
}
static unsigned long long gcd(unsigned long long a, unsigned long long b) { return b ? gcd(b, a % b) : a; }
static int depth(int n) { int local[4] = { n, n, n, n }; return n == 0 ? local[0] : 1 + depth(n - 1) + local[3] - n; }

int main(void) {
  printf("fib %d %d\n", fib(10), fib(20));
  printf("ack %d %d\n", ack(2, 3), ack(3, 3));
  printf("parity %d %d\n", is_even(100), is_odd(77));
  long moves = 0;
  printf("hanoi %ld\n", hanoi(10, 1, 3, 2, &moves));
  printf("gcd %llu\n", gcd(1071ull * 1000003, 462ull * 1000003));
  printf("depth %d\n", depth(1000));
  return 0;
}
