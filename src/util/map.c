/* map.c: the u64 -> u64 hash map (contract in map.h). */
#include "map.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Slot of k (k != 0): where it is, or the empty slot ending its probe run. */
static size_t find_slot(const u64_map *m, uint64_t k) {
  size_t mask = m->cap - 1, i = (size_t)u64_map_hash(k) & mask;
  while (m->keys[i] != 0 && m->keys[i] != k) i = (i + 1) & mask;
  return i;
}

static void rehash(u64_map *m, size_t ncap) {
  assert(ncap >= 2 && (ncap & (ncap - 1)) == 0);
  uint64_t *ok = m->keys, *ov = m->vals;
  size_t oc = m->cap;
  m->keys = xcalloc(ncap, sizeof *m->keys);
  m->vals = xmalloc(ncap * sizeof *m->vals);
  m->cap = ncap;
  for (size_t i = 0; i < oc; i++) {
    if (ok[i] == 0) continue;
    size_t j = find_slot(m, ok[i]);
    m->keys[j] = ok[i];
    m->vals[j] = ov[i];
  }
  free(ok);
  free(ov);
}

/* Non-zero keys in the table must stay at most half of it. */
static void grow_for(u64_map *m, size_t nonzero) {
  if (2 * nonzero <= m->cap) return;
  size_t ncap = m->cap ? m->cap : 64; /* most memo tables hold dozens of terms */
  while (2 * nonzero > ncap) ncap *= 2;
  rehash(m, ncap);
}

static size_t nonzero_len(const u64_map *m) { return m->len - (m->has_zero ? 1 : 0); }

uint64_t *u64_map_slot(u64_map *m, uint64_t k, uint64_t init, bool *added) {
  if (k == 0) {
    bool fresh = !m->has_zero;
    if (fresh) {
      m->has_zero = true;
      m->zero_val = init;
      m->len++;
    }
    if (added) *added = fresh;
    return &m->zero_val;
  }
  /* Room for one more first (even if k is there): one probe, not two. */
  grow_for(m, nonzero_len(m) + 1);
  size_t i = find_slot(m, k);
  if (m->keys[i] == k) {
    if (added) *added = false;
    return &m->vals[i];
  }
  m->keys[i] = k;
  m->vals[i] = init;
  m->len++;
  if (added) *added = true;
  return &m->vals[i];
}

void u64_map_put(u64_map *m, uint64_t k, uint64_t v) { *u64_map_slot(m, k, v, NULL) = v; }

bool u64_map_add(u64_map *m, uint64_t k, uint64_t v) {
  bool added;
  u64_map_slot(m, k, v, &added);
  return added;
}

bool u64_map_remove(u64_map *m, uint64_t k) {
  if (k == 0) {
    if (!m->has_zero) return false;
    m->has_zero = false;
    m->len--;
    return true;
  }
  if (m->cap == 0) return false;
  size_t mask = m->cap - 1, i = find_slot(m, k);
  if (m->keys[i] != k) return false;
  /* Backward shift: move later entries of the run into the hole when their
   * home slot does not lie cyclically in (hole, j]. */
  for (size_t j = (i + 1) & mask; m->keys[j] != 0; j = (j + 1) & mask) {
    size_t home = (size_t)u64_map_hash(m->keys[j]) & mask;
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays) continue;
    m->keys[i] = m->keys[j];
    m->vals[i] = m->vals[j];
    i = j;
  }
  m->keys[i] = 0;
  m->len--;
  return true;
}

void u64_map_reserve(u64_map *m, size_t n) { grow_for(m, n); }

void u64_map_clear(u64_map *m) {
  if (m->cap) memset(m->keys, 0, m->cap * sizeof *m->keys);
  m->len = 0;
  m->has_zero = false;
}

void u64_map_free(u64_map *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

bool u64_map_next(const u64_map *m, size_t *it, uint64_t *k, uint64_t *v) {
  /* *it: 0 = the key 0 not visited yet, i + 1 = continue at slot i. */
  if (*it == 0) {
    *it = 1;
    if (m->has_zero) {
      if (k) *k = 0;
      if (v) *v = m->zero_val;
      return true;
    }
  }
  for (size_t i = *it - 1; i < m->cap; i++)
    if (m->keys[i] != 0) {
      if (k) *k = m->keys[i];
      if (v) *v = m->vals[i];
      *it = i + 2;
      return true;
    }
  *it = m->cap + 1;
  return false;
}
