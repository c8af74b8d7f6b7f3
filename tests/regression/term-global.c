// A counter in a global variable (tracked as an ITS variable).
// EXPECT: run: exit 0
int counter;
int limit = 10;

static void step(void) { counter++; }

int main(void) {
  while (counter < limit)
    step();
  return 0;
}
