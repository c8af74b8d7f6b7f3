// The failed lookup is handled.
// RUN: --nondet 4
// EXPECT: run: exit 0
extern int __VERIFIER_nondet_int(void);

struct entry { int key, value; };
struct entry table[3] = {{1, 10}, {2, 20}, {3, 30}};

struct entry *find(int key) {
  for (int i = 0; i < 3; i++)
    if (table[i].key == key)
      return &table[i];
  return 0;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  struct entry *e = find(k);
  return e ? e->value : 0;
}
