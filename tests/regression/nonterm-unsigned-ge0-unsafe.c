// An unsigned counter compared with >= 0: always true, the counter wraps
// from 0 to 255 and counts down again.
// VERDICT: FALSE(termination)
// RUN: --max-steps 100000
// EXPECT: run: out of steps (100000)
int main(void) {
  int n = 0;
  for (unsigned char i = 10; i >= 0; i--) n = (n + i) & 255;
  return n;
}
