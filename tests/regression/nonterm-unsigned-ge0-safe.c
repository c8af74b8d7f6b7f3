// The same count-down with a signed counter: terminates.
// EXPECT: run: exit *
int main(void) {
  int n = 0;
  for (signed char i = 10; i >= 0; i--) n = (n + i) & 255;
  return n;
}
