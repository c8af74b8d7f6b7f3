// The twin of run-once-safe.c whose loop misses its exit: i wraps around
// before it could reach the bound, and the state repeats (h runs through a
// cycle of the generator). Never TRUE.
// RUN: --max-steps 100000
// EXPECT: run: out of steps*
// VERDICT: FALSE(termination)
int table[64];

int main(void) {
  unsigned char h = 1;
  for (unsigned char i = 0; i < 1000; i++) {
    h = h * 5u + 3u;
    table[h % 64] = 1;
  }
  return table[0] < 0;
}
