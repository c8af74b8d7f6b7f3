/* Runs forever with either reading for x = 1 (bit-precise, x + 1 overflows
 * at INT_MAX, which is undefined; the SV-COMP reading does not count runs
 * with undefined behaviour, so it may answer YES under that assumption, and
 * bitprove says so; over the integers x grows forever: NO, from the exact
 * ITS of the direct translation). */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: YES
// termcomp-math: NO
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x + 1;
  return 0;
}
