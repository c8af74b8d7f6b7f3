// Native replay (tests/harness), ILP32: long and pointers are 32 bits; the
// harness compiles with -m32. Overflow of a 32-bit long for a large value.
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned long k = __VERIFIER_nondet_ulong();
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(k > 4000000000ul);
  __VERIFIER_assume(x > 1000000 && x < 2000000);
  long y = x * 4096;
  return (int)(y + (long)(k & 1));
}
