// VERDICT: FALSE(no-overflow)
// A left shift of a signed int that does not fit is a signed overflow for
// SV-COMP's no-overflow, though clang marks it neither nsw nor anything else:
// the front end learns that the shift is signed (frontend/shift_sign.c).
// RUN: --nondet 1073741823
// EXPECT: run: ub signed-overflow at @HERE*
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    return 0;
  return x << 2; // HERE
}
