// Inline asm outputs are unknown values (ir.h, IR_ASM / IR_HAVOC): a register
// output draws one value of its width, a memory output ("=m") one byte per
// byte, lowest address first. The real program prints "7 5"; the model
// allows any values, and the interpreter takes the ones given.
// RUN: --nondet 1,2,3,4,9
// EXPECT: run: exit 0
// EXPECT-EXTRA: run: nondet values (5): 1,2,3,4,9
// STDOUT: 67305985 9
#include <stdio.h>
int g;

int main(void) {
  int x;
  __asm__ volatile("movl $7, %0" : "=m"(g));
  __asm__ volatile("movl $5, %0" : "=r"(x));
  __asm__ volatile("" ::: "memory");
  printf("%d %d\n", g, x);
  return 0;
}
