// The twin of div_constant_halves.c with y = y / 2: y becomes 0 after two
// rounds and x >= 0 stays forever. Never YES.
// termcomp-bit: NO|MAYBE
// termcomp-math: NO|MAYBE
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 2;
  while (x >= 0) {
    x = x - y;
    y = y / 2;
  }
  return 0;
}
