// The unsafe twin of modular-rec-ptr-safe: the string has no terminating
// 0, so the recursion reads past the array's end.
// EXPECT: run: ub out-of-bounds at @HERE*
// VERDICT: FALSE(valid-deref) for valid-memsafety
// VERDICT-SEG: UNKNOWN for valid-memsafety
int length(const char *s) {
  if (*s == 0) return 0; // HERE
  return 1 + length(s + 1);
}

int main(void) {
  char buf[8];
  for (int i = 0; i < 8; i++) buf[i] = 'a';
  return length(buf);
}
