// Modifying a string literal.
// EXPECT: run: ub write-to-constant at @HERE*
int main(void) {
  char *s = "hello";
  s[0] = 'H'; // HERE
  return s[0];
}
