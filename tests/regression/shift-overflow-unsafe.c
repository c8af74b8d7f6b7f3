// A left shift of a signed int that does not fit is a signed overflow for
// SV-COMP's no-overflow, but clang marks it neither nsw nor anything else:
// no engine may answer TRUE (the interpreter runs it as a plain shift).
// RUN: --nondet 1073741823
// EXPECT: run: exit -4
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    return 0;
  return x << 2;
}
