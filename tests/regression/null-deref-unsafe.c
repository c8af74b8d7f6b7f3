// A lookup that fails returns NULL, and the result is used unchecked.
// RUN: --nondet 4
// EXPECT: run: ub null-deref at @HERE* load of 4 bytes at address 0x4 (null pointer)
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
  return find(k)->value; // HERE
}
