// The loop decrements the value it tests through the pointer: terminates.
// RUN: --nondet 5
// EXPECT: run: exit *
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int v = __VERIFIER_nondet_int();
  int *p = &v;
  int count = 0;
  while (*p > 0) {
    count = (count + 1) & 7;
    (*p)--;
  }
  return count;
}
