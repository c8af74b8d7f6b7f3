// The loop bound is right.
// EXPECT: run: exit 10
int main(void) {
  int a[5];
  int s = 0;
  for (int i = 0; i < 5; i++)
    a[i] = i;
  for (int i = 0; i < 5; i++)
    s += a[i];
  return s;
}
