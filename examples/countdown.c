/* bitprove's demo: a countdown from a nondeterministic start.
 * It terminates for every input, but `x * 2` overflows (undefined
 * behaviour) when x is large: try `bitprove run --nondet 2147483647`. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int steps = 0;
  while (x > 0) {
    x = x - 1;
    steps++;
  }
  int doubled = steps * 2;
  return doubled > 100 ? 1 : 0;
}
