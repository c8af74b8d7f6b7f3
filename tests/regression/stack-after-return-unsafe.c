// A function returns the address of its local array.
// EXPECT: run: ub stack-use-after-return at @HERE* load of 4 bytes at offset 4 of 'digits', out of scope since *
int *digits_of(int n) {
  int digits[4];
  for (int i = 0; i < 4; i++) {
    digits[i] = n % 10;
    n /= 10;
  }
  return digits;
}

int main(void) {
  int *d = digits_of(1234);
  return d[1]; // HERE
}
