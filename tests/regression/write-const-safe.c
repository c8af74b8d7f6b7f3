// An array initialised from the literal is writable.
// EXPECT: run: exit 72
int main(void) {
  char s[] = "hello";
  s[0] = 'H';
  return s[0];
}
