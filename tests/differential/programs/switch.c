/* switch: dense and sparse cases, fall-through, default, nested. */
#include <stdio.h>

static const char *name(int d) {
  switch (d) {
  case 0: return "zero";
  case 1: return "one";
  case 2: return "two";
  case 3: return "three";
  default: return "many";
  }
}

static int sparse(long v) {
  switch (v) {
  case -1000000: return 1;
  case 7: return 2;
  case 1L << 40: return 3;
  case 99: case 100: case 101: return 4;
  default: return 0;
  }
}

static int fall(int k) {
  int r = 0;
  switch (k) {
  case 1: r += 1;
  case 2: r += 10;
  case 3: r += 100; break;
  case 4: r += 1000;
  default: r += 10000;
  }
  return r;
}

int main(void) {
  for (int i = -1; i < 5; i++) printf("%s ", name(i));
  printf("\n");
  long vs[] = { -1000000, 7, 1L << 40, 99, 100, 101, 102, 0 };
  for (int i = 0; i < 8; i++) printf("%d", sparse(vs[i]));
  printf("\n");
  for (int k = 0; k < 6; k++) printf("%d ", fall(k));
  printf("\n");
  int count = 0;
  for (int i = 0; i < 30; i++) {
    switch (i % 3) {
    case 0:
      switch (i % 5) { case 0: count += 7; break; default: count++; }
      break;
    case 1: continue;
    default: count += 2;
    }
    count *= 2;
    count %= 1000;
  }
  printf("count %d\n", count);
  unsigned char c = 200;
  switch (c) { case 200: printf("uchar ok\n"); break; default: printf("uchar bad\n"); }
  return 0;
}
