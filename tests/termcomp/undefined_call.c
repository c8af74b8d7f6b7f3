/* Calls a function without a body. The Termination Competition's rule: it
 * terminates, returns an arbitrary value and writes nothing; the answer
 * names that assumption. The loop counts down whatever ext returned. */
extern int ext(int);
// termcomp-bit: YES
// termcomp-math: YES
int main(void) {
  int x = ext(0);
  while (x > 0) x = x - 1;
  return ext(x);
}
