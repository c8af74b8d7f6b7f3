// Native replay (tests/harness): one shared sequence of nondet values read
// through functions of many types, each converted to its own type; the error
// is reached only when every value reads back exactly (negative char and
// short, a char above 127 as unsigned, a 64-bit value, NULL). reach_error is
// declared, not defined: the harness defines it.
#include <stddef.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern size_t __VERIFIER_nondet_size_t(void);
extern void *__VERIFIER_nondet_pointer(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  _Bool b = __VERIFIER_nondet_bool();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  size_t z = __VERIFIER_nondet_size_t();
  void *p = __VERIFIER_nondet_pointer();
  int i = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  if (c == -3 && uc == 200 && s == -5 && us == 65000 && b && l == -7 && ul == 0xfedcba9876543210ul &&
      ll == -1234567890123ll && z == 77 && p == NULL && i == -2 && u == 4000000000u)
    reach_error();
  return 0;
}
