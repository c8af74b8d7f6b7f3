/* layout: constant offsets between addresses, read off KB, to decide
 * memory questions without the solver (seed 004 Sect. 5.1: the cost of
 * queries over states with many allocations).
 *
 * A program with a hundred globals has a hundred allocations, and <a> holds
 * their pairwise disjointness: some five thousand disjunctions. Asking the
 * solver whether a store to one global may overwrite the value recorded for
 * another took up to two seconds a query. Yet the answer follows from
 * arithmetic alone: KB holds hi = lo + size - 1 of each global and
 * a = p + k for each field or element address, so both ranges have known
 * offsets in known allocations, and two allocations are disjoint.
 *
 * The view: the equality atoms x - y = k of KB (two variables, coefficients
 * +1 and -1; also written as the two halves x - y <= k, y - x <= -k) joined into classes by a weighted union-find, each variable
 * with its offset from the class's root. Everything it derives follows
 * from KB atoms and the disjointness of allocations, i.e. from <a>: an
 * answer it gives is one the solver would give. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint32_t node_of(seg_layout *l, smt_term v, bool add) {
  uint64_t i;
  if (u64_map_get(&l->index, v, &i)) return (uint32_t)i;
  if (!add) return UINT32_MAX;
  uint32_t n = (uint32_t)l->parent.len;
  VEC_PUSH(l->parent, n);
  VEC_PUSH(l->offset, 0);
  VEC_PUSH(l->var, v);
  u64_map_put(&l->index, v, n);
  return n;
}

/* Root of node n and n's value minus the root's; paths are compressed. */
static uint32_t find(seg_layout *l, uint32_t n, int64_t *off) {
  int64_t total = 0;
  uint32_t r = n;
  while (l->parent.data[r] != r) {
    total += l->offset.data[r];
    r = l->parent.data[r];
  }
  /* compress: point every node of the path at r with its full offset */
  int64_t rest = total;
  for (uint32_t k = n; l->parent.data[k] != k;) {
    uint32_t next = l->parent.data[k];
    int64_t own = l->offset.data[k];
    l->parent.data[k] = r;
    l->offset.data[k] = rest;
    rest -= own;
    k = next;
  }
  *off = total;
  return r;
}

/* Constants of atoms are below 2^40 in magnitude and KB has fewer than
 * 2^22 atoms; an offset is a signed sum of constants of atoms along a path
 * of equalities, so no offset or sum of two overflows. */
enum { LAYOUT_CONST_BITS = 40, LAYOUT_MAX_ATOMS = 1 << 22 };
static bool small(int64_t k) {
  return k > -(INT64_C(1) << LAYOUT_CONST_BITS) && k < (INT64_C(1) << LAYOUT_CONST_BITS);
}

/* x = y + k */
static void unite(seg_layout *l, smt_term x, smt_term y, int64_t k) {
  int64_t ox, oy;
  uint32_t rx = find(l, node_of(l, x, true), &ox), ry = find(l, node_of(l, y, true), &oy);
  if (rx == ry) return; /* known already (or KB is contradictory: then every answer is sound) */
  l->parent.data[rx] = ry;
  l->offset.data[rx] = oy + k - ox; /* val(rx) = val(ry) + oy + k - ox */
}

/* Monomial: v (coefficient 1) or (* c v) with a constant c; else false. */
static bool monomial(smt_ctx *ctx, smt_term m, smt_term *v, long *coef) {
  if (smt_term_kind(ctx, m) == SMT_VAR) {
    *v = m;
    *coef = 1;
    return true;
  }
  if (smt_term_kind(ctx, m) != SMT_INT_MUL || smt_term_nargs(ctx, m) != 2) return false;
  smt_term c = smt_term_arg(ctx, m, 0), x = smt_term_arg(ctx, m, 1);
  if (smt_term_kind(ctx, c) != SMT_INT_CONST || smt_term_kind(ctx, x) != SMT_VAR) return false;
  mpz_srcptr z = smt_term_value(ctx, c);
  if (!mpz_fits_slong_p(z)) return false;
  *v = x;
  *coef = mpz_get_si(z);
  return true;
}

static bool small_const(smt_ctx *ctx, smt_term t, int64_t *k) {
  if (smt_term_kind(ctx, t) != SMT_INT_CONST) return false;
  mpz_srcptr z = smt_term_value(ctx, t);
  if (!mpz_fits_slong_p(z)) return false;
  *k = mpz_get_si(z);
  return small(*k);
}

/* An atom (= (+ a*x b*y) k) (or with <= for `le`) with {a, b} = {1, -1}:
 * x - y = k (x - y <= k). */
static bool difference_atom_of(smt_ctx *ctx, smt_term atom, bool le, smt_term *x, smt_term *y, int64_t *k) {
  if (smt_term_kind(ctx, atom) != (le ? SMT_INT_LE : SMT_EQ)) return false;
  smt_term p = smt_term_arg(ctx, atom, 0), c = smt_term_arg(ctx, atom, 1);
  if (!smt_sort_is_int(smt_term_sort(ctx, p)) || !small_const(ctx, c, k)) return false;
  if (smt_term_kind(ctx, p) != SMT_INT_ADD || smt_term_nargs(ctx, p) != 2) return false;
  smt_term v1, v2;
  long c1, c2;
  if (!monomial(ctx, smt_term_arg(ctx, p, 0), &v1, &c1) || !monomial(ctx, smt_term_arg(ctx, p, 1), &v2, &c2))
    return false;
  if (c1 == 1 && c2 == -1) {
    *x = v1, *y = v2;
  } else if (c1 == -1 && c2 == 1) {
    *x = v2, *y = v1;
  } else {
    return false;
  }
  return true;
}

static bool difference_atom(smt_ctx *ctx, smt_term atom, smt_term *x, smt_term *y, int64_t *k) {
  return difference_atom_of(ctx, atom, false, x, y, k);
}

void seg_layout_build(seg_engine *e, const seg_state *s, seg_layout *l) {
  memset(l, 0, sizeof *l);
  /* x - y <= k and y - x <= -k: an equality that a merge wrote as its two
   * halves (graph.c, merge_kb) */
  u64_map halves = {0};
  for (size_t i = 0; i < s->kb.len && s->kb.len < LAYOUT_MAX_ATOMS; i++) {
    smt_term x, y;
    int64_t k;
    if (difference_atom(e->ctx, s->kb.data[i], &x, &y, &k)) {
      unite(l, x, y, k);
    } else if (difference_atom_of(e->ctx, s->kb.data[i], true, &x, &y, &k)) {
      uint64_t other;
      if (u64_map_get(&halves, ((uint64_t)y << 32) | x, &other) && (int64_t)other == -k)
        unite(l, x, y, k);
      else
        u64_map_put(&halves, ((uint64_t)x << 32) | y, (uint64_t)k);
    }
  }
  u64_map_free(&halves);
  /* allocations whose size the view knows: both bounds in one class */
  for (size_t i = 0; i < s->al.len; i++) {
    const seg_alloc *a = &s->al.data[i];
    seg_layout_extent x = {SMT_NULL, 0, 0};
    int64_t olo, ohi;
    smt_term rlo, rhi;
    if (seg_layout_offset(e, l, a->lo, &rlo, &olo) && seg_layout_offset(e, l, a->hi, &rhi, &ohi) && rlo == rhi &&
        olo <= ohi) {
      x.root = rlo;
      x.lo = olo;
      x.hi = ohi;
    }
    VEC_PUSH(l->extent, x);
  }
  l->built = true;
}

void seg_layout_free(seg_layout *l) {
  VEC_FREE(l->parent);
  VEC_FREE(l->offset);
  VEC_FREE(l->var);
  VEC_FREE(l->extent);
  u64_map_free(&l->index);
  memset(l, 0, sizeof *l);
}

bool seg_layout_offset(seg_engine *e, seg_layout *l, smt_term t, smt_term *root, int64_t *off) {
  smt_ctx *ctx = e->ctx;
  int64_t k = 0;
  smt_term v = t;
  if (smt_term_kind(ctx, t) == SMT_INT_ADD && smt_term_nargs(ctx, t) == 2 &&
      small_const(ctx, smt_term_arg(ctx, t, 0), &k)) {
    v = smt_term_arg(ctx, t, 1); /* linear normal form: the constant first */
  } else if (smt_term_kind(ctx, t) == SMT_INT_CONST) {
    return false;
  }
  if (smt_term_kind(ctx, v) != SMT_VAR) return false;
  uint32_t n = node_of(l, v, false);
  int64_t o = 0;
  if (n != UINT32_MAX) {
    uint32_t r = find(l, n, &o);
    v = l->var.data[r];
  }
  *root = v;
  *off = o + k;
  return true;
}

/* The allocation whose known extent holds [root+lo, root+hi], or -1. */
static long holder(const seg_layout *l, smt_term root, int64_t lo, int64_t hi) {
  for (size_t i = 0; i < l->extent.len; i++) {
    const seg_layout_extent *x = &l->extent.data[i];
    if (x->root == root && x->lo <= lo && hi <= x->hi) return (long)i;
  }
  return -1;
}

/* [a, a + n - 1] as root + [lo, hi]. */
static bool range_of(seg_engine *e, seg_layout *l, smt_term a, smt_term n, smt_term *root, int64_t *lo,
                     int64_t *hi) {
  int64_t len;
  if (!small_const(e->ctx, n, &len) || len < 1 || !seg_layout_offset(e, l, a, root, lo)) return false;
  *hi = *lo + len - 1;
  return true;
}

long seg_layout_holder(seg_engine *e, seg_layout *l, smt_term a, smt_term n) {
  assert(l->built);
  smt_term r;
  int64_t lo, hi;
  if (!range_of(e, l, a, n, &r, &lo, &hi)) return -1;
  return holder(l, r, lo, hi);
}

seg_layout_rel seg_layout_relate(seg_engine *e, seg_layout *l, smt_term a1, smt_term n1, smt_term a2, smt_term n2) {
  assert(l->built);
  smt_term r1, r2;
  int64_t lo1, hi1, lo2, hi2;
  if (!range_of(e, l, a1, n1, &r1, &lo1, &hi1) || !range_of(e, l, a2, n2, &r2, &lo2, &hi2))
    return SEG_LAYOUT_UNKNOWN;
  if (r1 == r2) {
    if (hi1 < lo2 || hi2 < lo1) return SEG_LAYOUT_DISJOINT;
    return lo1 == lo2 ? SEG_LAYOUT_SAME_START : SEG_LAYOUT_OVERLAP;
  }
  /* different classes: disjoint when two different allocations hold them */
  long h1 = holder(l, r1, lo1, hi1), h2 = holder(l, r2, lo2, hi2);
  if (h1 >= 0 && h2 >= 0 && h1 != h2) return SEG_LAYOUT_DISJOINT;
  return SEG_LAYOUT_UNKNOWN;
}
