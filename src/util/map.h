/* map: the one hash map of bitprove, uint64 key -> uint64 value.
 *
 * The story of the data. Keys and values live in two parallel arrays of
 * `cap` slots (cap a power of two, or 0 before the first insertion), probed
 * linearly from a mixed hash of the key. Slot key 0 means "empty"; the key 0
 * itself is legal and kept aside in `zero_val` / `has_zero`, so every uint64
 * is a valid key (term 0, pointer NULL and node (0, 0) need no special
 * casing by the callers). Removal shifts the following entries of the probe
 * run back (no tombstones), so a lookup never scans more than the run.
 *
 * Contract:
 *  - A zero-initialized u64_map ({0}) is an empty map; u64_map_free() returns
 *    it to that state.
 *  - The table grows (doubling) before the load would exceed 1/2; lookups are
 *    expected O(1). u64_map_reserve() sizes it for n keys in advance.
 *  - Pointers returned by u64_map_slot() are valid until the next insertion,
 *    removal, clear or free.
 *  - Iteration (u64_map_next) visits every entry once, in slot order (key 0
 *    first): deterministic for a given insertion history, but not insertion
 *    order. Callers whose output depends on an order must sort or keep a
 *    vector of their own.
 *  - The map does not own what the values point to.
 *
 * Users: term memo tables (smt, its), pointer maps of the front end, node
 * lookup of the direct translation, select cache of BMC, term sets of the
 * SEG and the ITS preprocessing. The hash-consing table of src/smt/term.c
 * is not one of them: its keys are structural (kind, sort, arguments). */
#ifndef BITPROVE_UTIL_MAP_H
#define BITPROVE_UTIL_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t *keys; /* cap slots; 0 = empty */
  uint64_t *vals; /* cap slots */
  size_t cap, len; /* len counts the key 0 too */
  bool has_zero;
  uint64_t zero_val;
} u64_map;

/* A 64-bit mixer (the finalizer of splitmix64): every key bit reaches the
 * low bits that pick the slot. */
static inline uint64_t u64_map_hash(uint64_t k) {
  k ^= k >> 30;
  k *= 0xbf58476d1ce4e5b9ull;
  k ^= k >> 27;
  k *= 0x94d049bb133111ebull;
  k ^= k >> 31;
  return k;
}

/* True when k is in the map; *val (if val is not NULL) receives its value. */
static inline bool u64_map_get(const u64_map *m, uint64_t k, uint64_t *val) {
  if (k == 0) {
    if (m->has_zero && val) *val = m->zero_val;
    return m->has_zero;
  }
  if (m->cap == 0) return false;
  size_t mask = m->cap - 1;
  for (size_t i = (size_t)u64_map_hash(k) & mask;; i = (i + 1) & mask) {
    if (m->keys[i] == k) {
      if (val) *val = m->vals[i];
      return true;
    }
    if (m->keys[i] == 0) return false;
  }
}

/* The value of k, or def when k is absent. */
static inline uint64_t u64_map_get_or(const u64_map *m, uint64_t k, uint64_t def) {
  uint64_t v;
  return u64_map_get(m, k, &v) ? v : def;
}

static inline bool u64_map_has(const u64_map *m, uint64_t k) { return u64_map_get(m, k, NULL); }
static inline size_t u64_map_len(const u64_map *m) { return m->len; }

/* Sets the value of k (inserting or overwriting). */
void u64_map_put(u64_map *m, uint64_t k, uint64_t v);
/* The value cell of k; when k was absent it is inserted with value `init`
 * and *added (if not NULL) is set true, else false. */
uint64_t *u64_map_slot(u64_map *m, uint64_t k, uint64_t init, bool *added);
/* Inserts k with value v only if absent; true when it was inserted (a set's
 * "add"). */
bool u64_map_add(u64_map *m, uint64_t k, uint64_t v);
/* Removes k; true when it was present. */
bool u64_map_remove(u64_map *m, uint64_t k);
/* Makes room for n keys without further growth. */
void u64_map_reserve(u64_map *m, size_t n);
/* Removes every entry, keeps the memory. */
void u64_map_clear(u64_map *m);
/* Releases the memory; the map is empty and reusable. */
void u64_map_free(u64_map *m);
/* Iteration: start with *it = 0; each call returns the next entry in *k, *v
 * (either may be NULL) and true, or false at the end. The map must not change
 * during an iteration. */
bool u64_map_next(const u64_map *m, size_t *it, uint64_t *k, uint64_t *v);

#endif
