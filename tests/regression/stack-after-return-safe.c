// The caller provides the array.
// EXPECT: run: exit 3
void digits_of(int n, int *digits) {
  for (int i = 0; i < 4; i++) {
    digits[i] = n % 10;
    n /= 10;
  }
}

int main(void) {
  int d[4];
  digits_of(1234, d);
  return d[1];
}
