// An unsigned char can never reach 300: the loop does not terminate.
// RUN: --max-steps 20000
// EXPECT: run: out of steps (20000)
int main(void) {
  int n = 0;
  for (unsigned char i = 0; i < 300; i++)
    n = i;
  return n;
}
