// A negative constant in == / != (the IR keeps only its bits, 0xFFFFFFFB):
// i is an int that only signed comparisons and nsw additions touch, so
// the mathematical reading compares with -5, and from i = -5 the loop
// never moves. Bit-precise it is the same program.
// termcomp-bit: NO
// termcomp-math: NO
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  while (i < 0) {
    if (i != -5)
      i = i + 1;
  }
  return 0;
}
