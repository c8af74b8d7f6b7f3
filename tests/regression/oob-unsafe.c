// An off-by-one loop bound writes one element past a local array.
// EXPECT: run: ub out-of-bounds at @HERE* store of 4 bytes at offset 20 of 'a' (size 20)
int main(void) {
  int a[5];
  int s = 0;
  for (int i = 0; i <= 5; i++)
    a[i] = i; // HERE
  for (int i = 0; i < 5; i++)
    s += a[i];
  return s;
}
