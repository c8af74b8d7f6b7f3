/* Unit tests of the u64 -> u64 map (src/util/map.h): empty map, key 0,
 * overwrite, add-if-absent, removal inside probe runs, growth to 1e6 keys,
 * keys that collide in the low bits, iteration, clear and reuse; and a long
 * random sequence checked against a plain array. */
#include <stdlib.h>

#include "../../src/util/map.h"
#include "../../src/util/util.h"
#include "test_util.h"

static uint64_t rng_state = 12345;
static uint64_t rng(void) {
  return test_xorshift(&rng_state);
}

static void test_basic(void) {
  u64_map m = {0};
  uint64_t v = 77;
  CHECK(!u64_map_get(&m, 5, &v) && v == 77);
  CHECK(!u64_map_has(&m, 0));
  CHECK(u64_map_get_or(&m, 5, 9) == 9);
  CHECK(!u64_map_remove(&m, 5));
  u64_map_put(&m, 5, 50);
  u64_map_put(&m, 0, 1000); /* the key 0 is a key like any other */
  u64_map_put(&m, UINT64_MAX, 1);
  CHECK(u64_map_len(&m) == 3);
  CHECK(u64_map_get(&m, 5, &v) && v == 50);
  CHECK(u64_map_get(&m, 0, &v) && v == 1000);
  CHECK(u64_map_get_or(&m, UINT64_MAX, 0) == 1);
  u64_map_put(&m, 5, 51);
  CHECK(u64_map_get_or(&m, 5, 0) == 51 && u64_map_len(&m) == 3);
  CHECK(!u64_map_add(&m, 5, 99) && u64_map_get_or(&m, 5, 0) == 51);
  CHECK(u64_map_add(&m, 6, 60) && u64_map_get_or(&m, 6, 0) == 60);
  bool added = true;
  uint64_t *cell = u64_map_slot(&m, 0, 3, &added);
  CHECK(!added && *cell == 1000);
  cell = u64_map_slot(&m, 7, 3, &added);
  CHECK(added && *cell == 3);
  *cell = 70;
  CHECK(u64_map_get_or(&m, 7, 0) == 70);
  CHECK(u64_map_remove(&m, 0) && !u64_map_has(&m, 0) && !u64_map_remove(&m, 0));
  CHECK(u64_map_len(&m) == 4);

  /* iteration sees every entry once */
  u64_map_put(&m, 0, 1);
  size_t it = 0, n = 0;
  uint64_t k, sum = 0;
  while (u64_map_next(&m, &it, &k, &v)) n++, sum += k + v;
  CHECK(n == u64_map_len(&m));
  CHECK(sum == (0 + 1) + (5 + 51) + (UINT64_MAX + 1) + (6 + 60) + (7 + 70));

  u64_map_clear(&m);
  CHECK(u64_map_len(&m) == 0 && !u64_map_has(&m, 5) && !u64_map_has(&m, 0));
  it = 0;
  CHECK(!u64_map_next(&m, &it, NULL, NULL));
  u64_map_put(&m, 5, 1);
  CHECK(u64_map_get_or(&m, 5, 0) == 1);
  u64_map_free(&m);
  CHECK(m.cap == 0 && m.len == 0 && !u64_map_has(&m, 5));
  u64_map_free(&m); /* freeing twice is harmless */
}

/* 1e6 keys, then remove every other one: lookups stay right through growth
 * and backward-shift deletion. */
static void test_growth(void) {
  const uint64_t N = 1000000;
  u64_map m = {0};
  for (uint64_t i = 0; i < N; i++) u64_map_put(&m, i * 3, i);
  CHECK(u64_map_len(&m) == N);
  CHECK(2 * N <= m.cap); /* load factor at most 1/2 */
  bool ok = true;
  for (uint64_t i = 0; i < N && ok; i++) ok = u64_map_get_or(&m, i * 3, UINT64_MAX) == i && !u64_map_has(&m, i * 3 + 1);
  CHECK(ok);
  for (uint64_t i = 0; i < N; i += 2) CHECK_MSG(u64_map_remove(&m, i * 3), "remove %llu", (unsigned long long)i);
  CHECK(u64_map_len(&m) == N / 2);
  ok = true;
  for (uint64_t i = 0; i < N && ok; i++) ok = u64_map_has(&m, i * 3) == (i % 2 == 1);
  CHECK(ok);
  u64_map_free(&m);
}

/* Keys equal in their low 32 bits (node keys (instance, first), packed term
 * pairs) and keys that are multiples of a large power of two. */
static void test_colliding(void) {
  u64_map m = {0};
  for (uint64_t i = 0; i < 5000; i++) {
    u64_map_put(&m, i << 32, i);
    u64_map_put(&m, (i << 32) | 7, i + 1);
    u64_map_put(&m, i << 50, i + 2);
  }
  bool ok = true;
  for (uint64_t i = 0; i < 5000 && ok; i++)
    ok = u64_map_get_or(&m, (i << 32) | 7, 0) == i + 1 && u64_map_get_or(&m, i << 50, 0) == i + 2 &&
         (i < 1 || u64_map_get_or(&m, i << 32, 0) == i);
  CHECK(ok);
  u64_map_free(&m);

  /* A run of keys in consecutive home slots, removal in the middle of it. */
  m = (u64_map){0};
  u64_map_reserve(&m, 8);
  size_t cap = m.cap;
  CHECK(cap >= 16);
  uint64_t same[6];
  size_t found = 0;
  for (uint64_t k = 1; found < 6; k++)
    if ((u64_map_hash(k) & (cap - 1)) == 3) same[found++] = k;
  for (size_t i = 0; i < 6; i++) u64_map_put(&m, same[i], i);
  CHECK(m.cap == cap); /* reserve made room */
  CHECK(u64_map_remove(&m, same[1]) && u64_map_remove(&m, same[4]));
  for (size_t i = 0; i < 6; i++) CHECK(u64_map_has(&m, same[i]) == (i != 1 && i != 4));
  CHECK(u64_map_get_or(&m, same[5], 99) == 5);
  u64_map_free(&m);
}

/* Random puts and removes on a small key space against a reference array. */
static void test_random(void) {
  enum { K = 4096 };
  static uint64_t ref[K];
  static bool in[K];
  u64_map m = {0};
  size_t len = 0;
  bool ok = true;
  for (int step = 0; step < 400000 && ok; step++) {
    uint64_t r = rng(), k = r % K, key = k * 0x100000000ull; /* low bits all 0 */
    if ((r >> 20) % 3 == 0) {
      bool was = u64_map_remove(&m, key);
      ok = was == in[k];
      if (in[k]) len--;
      in[k] = false;
    } else {
      if (!in[k]) len++;
      in[k] = true;
      ref[k] = r;
      u64_map_put(&m, key, r);
    }
    if (ok && step % 1000 == 0) {
      for (uint64_t j = 0; j < K && ok; j++) {
        uint64_t v;
        bool has = u64_map_get(&m, j * 0x100000000ull, &v);
        ok = has == in[j] && (!has || v == ref[j]);
      }
      ok = ok && u64_map_len(&m) == len;
    }
  }
  CHECK(ok);
  u64_map_free(&m);
}

int main(void) {
  test_basic();
  test_growth();
  test_colliding();
  test_random();
  return TEST_SUMMARY();
}
