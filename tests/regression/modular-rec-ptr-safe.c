// A recursion over a pointer into a string: length(s + 1) until the
// terminating 0. The entry state keeps the array's allocation (moved from
// main's frame by the call abstraction), so every load is in bounds.
// EXPECT: run: exit 7
// VERDICT-SEG: TRUE for valid-memsafety
int length(const char *s) {
  if (*s == 0) return 0;
  return 1 + length(s + 1);
}

int main(void) {
  char buf[8];
  for (int i = 0; i < 7; i++) buf[i] = 'a';
  buf[7] = 0;
  return length(buf);
}
