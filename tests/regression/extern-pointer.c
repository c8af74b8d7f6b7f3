// A pointer stored in an external global points wherever the global's
// definition (not part of the program) makes it point: the interpreter
// draws some address for it, and a dereference of that address proves no
// memory error. bitprove says so instead of answering FALSE.
// VERDICT: UNKNOWN for valid-memsafety
// RUN: --nondet 0
// EXPECT: run: ub null-deref at @HERE*
struct dev {
  int id;
};
extern struct dev *the_dev;

int main(void) {
  return the_dev->id; // HERE
}
