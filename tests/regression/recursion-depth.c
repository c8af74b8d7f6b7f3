// Unbounded recursion ends as out of resources, not as a crash.
// RUN: --max-depth 500
// EXPECT: run: out of resources: call depth limit (500) exceeded calling 'down' at @HERE*
int down(int n) {
  return down(n + 1) + 1; // HERE
}

int main(void) { return down(0); }
