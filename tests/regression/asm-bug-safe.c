// A driver-like environment loop with the Linux kernel's BUG() (inline asm
// ud2 with its __bug_table entry) on one path: the machine traps there and
// the run ends, as with abort(); every other command counts n down, so the
// loop ends. Before the asm model, "inline asm (control transfer)".
// RUN: --nondet 2,5,5,0
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
extern int __VERIFIER_nondet_int(void);

#define BUG()                                                                                     \
  do {                                                                                            \
    __asm__ __volatile__("1:\tud2\n"                                                              \
                         ".pushsection __bug_table,\"aw\"\n"                                      \
                         "2:\t.long 1b - 2b, %c0 - 2b\n"                                          \
                         "\t.word %c1, 0\n"                                                       \
                         "\t.org 2b+%c2\n"                                                        \
                         ".popsection"                                                            \
                         :                                                                        \
                         : "i"(__FILE__), "i"(__LINE__), "i"(12));                                \
    __builtin_unreachable();                                                                      \
  } while (0)

int main(void) {
  int n = __VERIFIER_nondet_int();
  while (1) {
    int cmd = __VERIFIER_nondet_int();
    if (cmd == 0) break;
    if (cmd == 1) BUG();
    n--;
    if (n < 0) break;
  }
  return 0;
}
