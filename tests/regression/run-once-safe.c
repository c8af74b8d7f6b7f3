// No input at all: the program has one run, which the interpreter runs to
// its end (a loop of 100000 iterations over a table, too deep to unroll).
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
int table[64];

int main(void) {
  unsigned h = 1;
  for (int i = 0; i < 100000; i++) {
    h = h * 1103515245u + 12345u;
    table[h % 64] += 1;
  }
  return table[0] < 0;
}
