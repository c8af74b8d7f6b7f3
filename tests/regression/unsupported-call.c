// A call to a function without a body ends the run as unsupported.
// EXPECT: run: unsupported: call to undefined function 'mystery' at @HERE*
extern int mystery(int);

int main(void) {
  return mystery(3); // HERE
}
