// An uninitialised local is read as a nondet value (the first one given).
// RUN: --nondet 42
// EXPECT: run: error reached (reach_error) at @HERE*
// EXPECT-EXTRA: run: nondet values (1): 42
extern void abort(void);
void reach_error() {}

int main(void) {
  int x;
  if (x == 42)
    reach_error(); // HERE
  return 0;
}
