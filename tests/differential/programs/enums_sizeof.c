/* Enums, sizeof and _Alignof of the LP64 types, typedefs. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

enum color { RED, GREEN = 5, BLUE, ALPHA = -2 };
enum big { SMALL = 1, LARGE = 0x7fffffff };
typedef struct { char c; double *d; } holder;   /* pointer to double only: no float arithmetic */

int main(void) {
  enum color c = BLUE;
  printf("enum %d %d %d %d %zu\n", RED, GREEN, c, ALPHA, sizeof(enum color));
  printf("big %d\n", LARGE);
  printf("sizes %zu %zu %zu %zu %zu %zu %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long),
         sizeof(long long), sizeof(void *), sizeof(size_t));
  printf("align %zu %zu %zu %zu\n", _Alignof(char), _Alignof(int), _Alignof(long long), _Alignof(holder));
  printf("holder %zu %zu\n", sizeof(holder), offsetof(holder, d));
  int arr[7];
  printf("arr %zu %zu\n", sizeof arr, sizeof arr / sizeof arr[0]);
  switch (c) { case RED: puts("red"); break; case BLUE: puts("blue"); break; default: puts("other"); }
  int counts[3] = { 0 };
  for (enum color k = RED; k <= BLUE; k++) counts[k % 3]++;
  printf("counts %d %d %d\n", counts[0], counts[1], counts[2]);
  return 0;
}
