// The twin of asm-get-user-safe.c whose loop steps by the value read: it
// ends only for some values, which the real __get_user_4 may never return
// (user memory the program does not see). A lasso that needs particular
// asm outputs is no run of the real program: never FALSE, never TRUE.
// RUN: --nondet 3,0,1,0,1,0,1,0,1
// EXPECT: run: exit 3
// VERDICT: UNKNOWN for termination
extern int __VERIFIER_nondet_int(void);

static int get_user_int(int *dst, const int *src) {
  int ret;
  unsigned long val;
  __asm__ volatile("call __get_user_4" : "=a"(ret), "=d"(val) : "0"(src));
  *dst = (int)val;
  return ret;
}

int main(void) {
  int buf[4] = {0, 0, 0, 0};
  int len = __VERIFIER_nondet_int();
  int i = 0;
  while (i < len && i < 4) {
    int v;
    if (get_user_int(&v, &buf[0])) break;
    i += v & 1;
  }
  return i;
}
