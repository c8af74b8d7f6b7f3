// A driver whose release handler drops a lock with the kernel's xchg (an
// output, a memory output and a "memory" clobber) in an environment loop:
// command 2 repeats forever without running it. The lasso the interpreter
// replays draws no asm output, and every asm of the program that writes
// memory has outputs (each a draw when it runs), so the run executed no
// asm at all: FALSE(termination) stands. (Before: any asm that writes
// memory kept every lasso from being reported.)
// RUN: --nondet 1,2,1,2,0
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
extern int __VERIFIER_nondet_int(void);

static unsigned long lock_word;

static unsigned long xchg(unsigned long *p, unsigned long x) {
  __asm__ volatile("xchgq %0,%1" : "=r"(x), "+m"(*p) : "0"(x) : "memory");
  return x;
}

int main(void) {
  int opened = 0;
  while (__VERIFIER_nondet_int()) {
    int cmd = __VERIFIER_nondet_int();
    if (cmd == 0) opened = 1;
    else if (cmd == 1) {
      if (opened) {
        xchg(&lock_word, 0);
        return 0;
      }
    }
  }
  return 0;
}
