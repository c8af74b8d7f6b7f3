/* Designated initializers, compound literals, partially initialised aggregates. */
#include <stdio.h>

struct point { int x, y, z; };
struct shape { const char *name; struct point pts[3]; int n; };

static struct shape shapes[] = {
  { .name = "tri", .pts = { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 3, 0 } }, .n = 3 },
  { .n = 1, .name = "dot", .pts[0].y = 9 },
  [3] = { "far", { [2] = { .z = -1 } }, 2 },
};
static int sparse[10] = { [1] = 1, [4] = 4, [9] = 9 };
static char text[10] = "hi";

static int area2(const struct point *p) { return (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y); }

int main(void) {
  printf("n %zu\n", sizeof shapes / sizeof shapes[0]);
  for (int i = 0; i < 4; i++)
    printf("%s %d %d %d %d\n", shapes[i].name ? shapes[i].name : "(null)", shapes[i].n, shapes[i].pts[0].y,
           shapes[i].pts[2].z, area2(shapes[i].pts));
  int s = 0;
  for (int i = 0; i < 10; i++) s = s * 2 + sparse[i];
  printf("sparse %d\n", s);
  printf("text %s %d %d\n", text, text[2], text[9]);
  struct point *p = &(struct point){ .y = 5 };
  p->x += 2;
  printf("compound %d %d %d\n", p->x, p->y, p->z);
  int sum = 0;
  for (const int *q = (const int[]){ 1, 2, 3, 4 }; *q != 4; q++) sum += *q;
  printf("sum %d\n", sum);
  struct point local = { 1 };
  printf("local %d %d %d\n", local.x, local.y, local.z);
  return 0;
}
