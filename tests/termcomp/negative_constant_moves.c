// The twin of negative_constant_stuck.c where i = -5 moves on by 2: it
// terminates in both readings. Never NO.
// termcomp-bit: YES|MAYBE
// termcomp-math: YES
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  while (i < 0) {
    if (i != -5)
      i = i + 1;
    else
      i = i + 2;
  }
  return 0;
}
