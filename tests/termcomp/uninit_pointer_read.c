/* The loop terminates, but its first read goes through a pointer that was
 * never initialised (the shape of termCOMP's AProVE_memory_unsafe programs:
 * a wrong YES of an earlier build, whose direct translation assumed memory
 * safety). A memory-unsafe program deserves neither YES nor NO. */
extern int __VERIFIER_nondet_int(void);
// termcomp-bit: MAYBE
// termcomp-math: MAYBE
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p;
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s;
}
