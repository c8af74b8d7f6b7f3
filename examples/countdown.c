/* bitprove's demo: a loop that always terminates, but whose sum overflows
 * (undefined behaviour in C) when the nondeterministic input is large.
 *   bitprove run --nondet 3 examples/countdown.c          -> run: exit 0
 *   bitprove run --nondet 300000000 examples/countdown.c  -> run: ub signed-overflow */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int sum = 0;
  for (int i = 10; i > 0; i--)
    sum += x;
  return sum == 30 ? 0 : 1;
}
