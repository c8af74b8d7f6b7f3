/* printf conversions and flags. */
#include <stdio.h>
#include <stddef.h>

int main(void) {
  printf("%d %i %u %x %X %o\n", -42, 17, 4000000000u, 0xbeef, 0xbeef, 8);
  printf("%ld %lu %lx\n", -1234567890123L, 18446744073709551615UL, 0xfedcba9876543210UL);
  printf("%lld %llu %llx\n", -9223372036854775807LL - 1, 12345678901234567890ULL, 0x1ULL << 63);
  printf("%hhd %hhu %hd %hu\n", (signed char)-5, (unsigned char)250, (short)-30000, (unsigned short)60000);
  printf("%c%c%c %s|%10s|%-10s|%.2s|\n", 'a', 66, '!', "str", "right", "left", "truncate");
  printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%-3d] [%3d]\n", 42, 42, 42, 42, 42, 7, 12345);
  printf("[%#x] [%#o] [%8.3x] [%-8x] [%08X]\n", 255, 8, 0xab, 0xcd, 0xef);
  printf("[%*d] [%-*d] [%.*d]\n", 6, 1, 4, 2, 3, 5);
  printf("100%% done %d%%\n", 50);
  printf("%zu %td\n", sizeof(long), (ptrdiff_t)-3);
  int n = printf("count me\n");
  printf("printed %d\n", n);
  puts("puts line");
  putchar('x');
  putchar('\n');
  printf("%s\n", "");
  printf("%d %d %d\n", 0, -0, 2147483647);
  printf("%x %u\n", (unsigned)-1, (unsigned)-1);
  return 0;
}
