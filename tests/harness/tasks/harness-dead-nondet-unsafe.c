// Native replay (tests/harness): a function main never calls reads
// __VERIFIER_nondet_int and calls __VERIFIER_error. The front end lowers only
// what main can call, so the module has neither, yet the native link needs
// both: the harness defines them weakly.
extern void reach_error(void);
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int never_called(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3)
    __VERIFIER_error();
  return x;
}

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c == 42)
    reach_error();
  return 0;
}
