// The Linux kernel's get_user() as drivers use it: `call __get_user_4`,
// the error code in eax and the value in edx. bitprove models the call by
// its constraints (both outputs arbitrary, no memory written). The loop
// counts i up to len whatever the values read are, so it terminates.
// RUN: --nondet 3,0,7,0,9,0,1
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
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
  int sum = 0;
  for (int i = 0; i < len && i < 4; i++) {
    int v;
    if (get_user_int(&v, &buf[i])) break;
    sum += v & 0xff;
  }
  return sum > 1000;
}
