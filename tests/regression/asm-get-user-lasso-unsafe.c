// A driver loop that reads from user space (`call __get_user_4`) only on
// command 1, and ends then; on every other command it just waits. The
// run that never sends command 1 repeats its state without executing the
// asm: it does not depend on what the asm returns, so FALSE stands (a
// lasso whose replay draws no asm output, in a program whose asm writes no
// memory).
// RUN: --nondet 0,0,0,1,0,0
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
extern int __VERIFIER_nondet_int(void);

static int get_user_int(int *dst, const int *src) {
  int ret;
  unsigned long val;
  __asm__ volatile("call __get_user_4" : "=a"(ret), "=d"(val) : "0"(src));
  *dst = (int)val;
  return ret;
}

int main(void) {
  int user = 0, v = 0;
  while (1) {
    int cmd = __VERIFIER_nondet_int();
    if (cmd == 1) {
      get_user_int(&v, &user);
      break;
    }
  }
  return v;
}
