// The loop writes a global only inside a called function: the havoc must
// cover what callees write. Never TRUE.
// VERDICT: FALSE(unreach-call)
// RUN: --nondet 0
// EXPECT: run: exit 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int count = 0;
static void tick(void) { count++; }

int main(void) {
  while (__VERIFIER_nondet_int()) {
    tick();
    if (count == 30) reach_error();
  }
  return 0;
}
