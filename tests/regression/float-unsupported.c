// long double (x86_fp80) is not supported: the run must stop where its value
// is used, not invent one (an invented value could "reach" the error below).
// EXPECT: run: unsupported: value of an unsupported construct (the module has floating point (long double, x86_fp80)) at @HERE*
// EXPECT-NOT: run: error reached*
extern void reach_error(void);

int main(void) {
  long double d = 2.5;
  int x = (int)(d * 2);
  if (x != 5) // the first use of the float's value // HERE
    reach_error();
  return 0;
}
