// Formatted output matches the native program's.
// EXPECT: run: exit 0
// STDOUT: [  -42] [2a  ] [0x00ff] [+7] [ab   ] [abc] [z] [%]
// STDOUT: 18446744073709551615 -1 255 65535 0377
// STDOUT: hello
// STDOUT: done
#include <stdio.h>

int main(void) {
  printf("[%5d] [%-4x] [%#06x] [%+d] [%-5.2s] [%s] [%c] [%%]\n", -42, 42, 255, 7, "abc", "abc", 'z');
  printf("%lu %lld %hhu %hu %#o\n", (unsigned long)-1, -1LL, (unsigned char)-1, (unsigned short)-1, 255);
  puts("hello");
  printf("%s\n", "done");
  return 0;
}
