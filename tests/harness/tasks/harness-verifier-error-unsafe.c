// Native replay (tests/harness): __VERIFIER_error and __VERIFIER_assume are
// declared, not defined: the harness defines them, and the run it replays
// passes the assumption.
extern void __VERIFIER_error(void);
extern void __VERIFIER_assume(int);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(a > 250);
  unsigned char sum = (unsigned char)(a + b);
  if (sum == 3)
    __VERIFIER_error();
  return 0;
}
