/* bmc memory: objects at fixed addresses, one byte array, access checks
 * (seed 003, Ch. 5: "valid_access" as a disjunction over the allocated
 * objects, Sect. 5.5; fixed addresses where the size is known, Sect. 5.3),
 * and the select simplification of Sect. 6.1 (read-over-write with constant
 * addresses, pushed through guarded choices). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_arith.h"
#include "internal.h"

/* Addresses start where the interpreter's do; objects are 16-aligned with a
 * gap so that one-past-the-end of one object is never inside the next. */
#define BMEM_FIRST 0x10000u
#define BMEM_GAP 16u
/* Bytes reserved for an object whose size is not a constant. */
#define BMEM_SLOT_SYMBOLIC(pw) ((pw) >= 64 ? ((uint64_t)1 << 28) : ((uint64_t)1 << 20))
/* Total initial bytes of globals we are willing to encode. */
#define BMEM_MAX_GLOBAL_BYTES ((uint64_t)1 << 18)

static uint64_t align_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

static smt_term bv(benc *e, uint64_t v) { return smt_mk_bv(e->ctx, e->pw, v); }

bool bmem_const(const benc *e, smt_term t, uint64_t *out) {
  if (t == SMT_NULL || smt_term_kind(e->ctx, t) != SMT_BV_CONST) return false;
  mpz_srcptr z = smt_term_value(e->ctx, t);
  if (mpz_sizeinbase(z, 2) > 64) return false;
  *out = (uint64_t)mpz_get_ui(z);
  if (sizeof(unsigned long) < 8) return false;
  return true;
}

/* Reserves `slot` bytes, returns the base (0 if the address space is full). */
static uint64_t reserve(benc *e, uint64_t slot, uint64_t align) {
  if (align < BMEM_GAP) align = BMEM_GAP;
  uint64_t base = align_up(e->next_addr, align);
  uint64_t end = base + align_up(slot ? slot : 1, BMEM_GAP) + BMEM_GAP;
  uint64_t limit = e->pw >= 64 ? ((uint64_t)1 << 62) : ((uint64_t)1 << e->pw) - 0x10000;
  if (end > limit || end < base) return 0;
  assert(base % align == 0 && end - base > slot); /* slot and a gap after it */
  e->next_addr = end;
  return base;
}

smt_term bmem_addr(benc *e, uint32_t obj) {
  assert(obj < e->objs.len);
  return bv(e, e->objs.data[obj].base);
}

/* ---- select cache ------------------------------------------------------- */
static uint64_t sel_key(smt_term mem, smt_term addr) { return (uint64_t)mem << 32 | addr; }

static smt_term sel_get(benc *e, smt_term mem, smt_term addr) {
  return (smt_term)u64_map_get_or(&e->sel, sel_key(mem, addr), SMT_NULL);
}

static void sel_put(benc *e, smt_term mem, smt_term addr, smt_term value) {
  u64_map_put(&e->sel, sel_key(mem, addr), value);
}

void bmem_free_cache(benc *e) {
  u64_map_free(&e->sel);
  u64_map_free(&e->prov);
}

/* ---- provenance ------------------------------------------------------------ */
/* The object whose region holds constant address a (objects are made at
 * increasing addresses: binary search), UINT32_MAX if none. */
static uint32_t object_at_const(const benc *e, uint64_t a) {
  size_t lo = 0, hi = e->objs.len;
  while (lo < hi) { /* first object with base > a */
    size_t mid = lo + (hi - lo) / 2;
    if (e->objs.data[mid].base <= a) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return UINT32_MAX;
  const bobj *o = &e->objs.data[lo - 1];
  return o->region && a - o->base < o->region ? (uint32_t)(lo - 1) : UINT32_MAX;
}

uint32_t bmem_provenance(benc *e, smt_term addr) {
  if (!e->memory_model) return UINT32_MAX; /* seed 003's encoding alone */
  uint64_t memo;
  if (u64_map_get(&e->prov, addr, &memo)) return (uint32_t)memo - 1;
  smt_ctx *c = e->ctx;
  uint32_t r = UINT32_MAX;
  uint64_t v;
  switch (smt_term_kind(c, addr)) {
  case SMT_BV_CONST:
    if (bmem_const(e, addr, &v)) r = object_at_const(e, v);
    break;
  case SMT_BV_ADD: { /* base + offset: the operand that has an object gives it */
    uint32_t a = bmem_provenance(e, smt_term_arg(c, addr, 0)), b = bmem_provenance(e, smt_term_arg(c, addr, 1));
    r = a == UINT32_MAX ? b : b == UINT32_MAX || a == b ? a : UINT32_MAX;
    break;
  }
  case SMT_ITE: { /* a pointer chosen by a branch: one object only when both agree */
    uint32_t a = bmem_provenance(e, smt_term_arg(c, addr, 1)), b = bmem_provenance(e, smt_term_arg(c, addr, 2));
    r = a == b ? a : UINT32_MAX;
    break;
  }
  default: break;
  }
  u64_map_put(&e->prov, addr, (uint64_t)r + 1);
  return r;
}

uint64_t bmem_site_key(const benc *e, uint32_t o) {
  const bobj *ob = &e->objs.data[o];
  return (uint64_t)ob->kind << 62 | (uint64_t)(ob->func & 0x3fffffffu) << 32 | ob->inst;
}

smt_term bmem_within(benc *e, smt_term addr, smt_term n, uint64_t base, smt_term len) {
  smt_ctx *c = e->ctx;
  /* n <= len and addr - base <= len - n (unsigned, no wrap) */
  smt_term off = smt_mk_bv_op2(c, SMT_BV_SUB, addr, bv(e, base));
  return smt_mk_and2(c, smt_mk_bv_op2(c, SMT_BV_ULE, n, len),
                     smt_mk_bv_op2(c, SMT_BV_ULE, off, smt_mk_bv_op2(c, SMT_BV_SUB, len, n)));
}

smt_term bmem_region_cond(benc *e, smt_term addr, smt_term n) {
  smt_ctx *c = e->ctx;
  assert(smt_bv_width(c, addr) == e->pw && smt_bv_width(c, n) == e->pw);
  /* a constant access of constant length is exact as it is; one of
   * symbolic length at a constant address is bounded by its object too */
  if (smt_term_kind(c, addr) == SMT_BV_CONST && smt_term_kind(c, n) == SMT_BV_CONST) return SMT_TRUE;
  uint32_t o = bmem_provenance(e, addr);
  if (o == UINT32_MAX) return SMT_TRUE;
  const bobj *ob = &e->objs.data[o];
  /* within the object's bytes (a part of its region). An access beyond
   * them is out of bounds, which ends the interpreter's run too. */
  return bmem_within(e, addr, n, ob->base, ob->size);
}

void bmem_split_const(benc *e, smt_term t, uint64_t *k, smt_term *rest) {
  smt_ctx *c = e->ctx;
  *k = 0;
  *rest = t;
  if (bmem_const(e, t, k)) {
    *rest = SMT_NULL;
  } else if (smt_term_kind(c, t) == SMT_BV_ADD && bmem_const(e, smt_term_arg(c, t, 0), k)) {
    *rest = smt_term_arg(c, t, 1);
  } else {
    *k = 0;
  }
}

/* Do byte addresses a and b differ on every run that goes on? */
static bool surely_distinct(benc *e, smt_term a, smt_term b) {
  uint64_t ka, kb;
  smt_term ra, rb;
  bmem_split_const(e, a, &ka, &ra);
  bmem_split_const(e, b, &kb, &rb);
  if (ra == rb) return ka != kb; /* the same base, other constants (mod 2^pw: ka, kb < 2^pw) */
  uint32_t pa = bmem_provenance(e, a), pb = bmem_provenance(e, b);
  return pa != UINT32_MAX && pb != UINT32_MAX && pa != pb; /* disjoint regions */
}

/* The condition a == i for byte addresses a (read) and i (stored). When
 * both lie in the region of one object (provenance: exact for constants,
 * a condition of every run that goes on for others), they are equal
 * exactly when their low k bits are, for 2^k >= the region's length: a
 * k-bit comparison instead of a pointer-wide one. */
static smt_term same_address(benc *e, smt_term a, smt_term i) {
  smt_ctx *c = e->ctx;
  uint32_t pa = bmem_provenance(e, a);
  if (pa != UINT32_MAX && pa == bmem_provenance(e, i)) {
    uint64_t region = e->objs.data[pa].region;
    unsigned k = 1;
    while (k < e->pw && ((uint64_t)1 << k) < region) k++;
    if (k < e->pw) return smt_mk_eq(c, smt_mk_bv_extract(c, a, k - 1, 0), smt_mk_bv_extract(c, i, k - 1, 0));
  }
  return smt_mk_eq(c, a, i);
}

uint32_t bmem_flat_object(benc *e, smt_term addr) {
  if (smt_term_kind(e->ctx, addr) == SMT_BV_CONST) return UINT32_MAX;
  uint32_t o = bmem_provenance(e, addr);
  uint64_t size;
  if (o == UINT32_MAX || !bmem_const(e, e->objs.data[o].size, &size) || size == 0 || size > BMEM_FLAT_MAX)
    return UINT32_MAX;
  return o;
}

static smt_term select_rec(benc *e, smt_term mem, smt_term addr, unsigned *budget);

/* The select from memory that is no store: pushed into both sides of a
 * guarded choice, else the solver's (an initial or havocked array). */
static smt_term select_below(benc *e, smt_term mem, smt_term addr, unsigned *budget) {
  smt_ctx *c = e->ctx;
  if (smt_term_kind(c, mem) != SMT_ITE) return smt_mk_select(c, mem, addr);
  smt_term t = select_rec(e, smt_term_arg(c, mem, 1), addr, budget);
  smt_term f = select_rec(e, smt_term_arg(c, mem, 2), addr, budget);
  return smt_mk_ite(c, smt_term_arg(c, mem, 0), t, f);
}

/* select at a non-constant address of flat object o: the newest store to
 * each of its bytes, found by walking the chain until every byte is seen
 * (addr lies in the object's bytes on a run that goes on: region_cut). The
 * partial results depend on the stores above them: only the whole is cached. */
static smt_term select_flat(benc *e, uint32_t o, smt_term mem, smt_term addr, unsigned *budget) {
  smt_ctx *c = e->ctx;
  const bobj *ob = &e->objs.data[o];
  uint64_t size = 0;
  bmem_const(e, ob->size, &size);
  assert(size >= 1 && size <= BMEM_FLAT_MAX); /* flat_object */
  uint64_t seen = 0, all = size == 64 ? ~(uint64_t)0 : ((uint64_t)1 << size) - 1;
  smt_term_vec idx = {0}, val = {0};
  smt_term cur = mem, r = SMT_NULL;
  while (r == SMT_NULL) {
    smt_kind k = smt_term_kind(c, cur);
    uint64_t ci;
    if (k == SMT_STORE) {
      smt_term i = smt_term_arg(c, cur, 1), v = smt_term_arg(c, cur, 2);
      if (i == addr) {
        r = v;
      } else if (bmem_const(e, i, &ci)) {
        if (ci - ob->base < size && !(seen >> (ci - ob->base) & 1)) {
          seen |= (uint64_t)1 << (ci - ob->base);
          if (seen == all) {
            r = v; /* the last byte not seen: addr is that one when no other is */
          } else {
            VEC_PUSH(idx, i);
            VEC_PUSH(val, v);
          }
        } else {
          e->stat_skips++; /* another object, or a byte a newer store wrote */
        }
        cur = smt_term_arg(c, cur, 0);
      } else if (surely_distinct(e, addr, i)) {
        e->stat_skips++;
        cur = smt_term_arg(c, cur, 0);
      } else if (*budget > 0) { /* a symbolic store into it that was not flattened */
        (*budget)--;
        VEC_PUSH(idx, i);
        VEC_PUSH(val, v);
        cur = smt_term_arg(c, cur, 0);
      } else {
        r = smt_mk_select(c, cur, addr);
      }
    } else {
      r = select_below(e, cur, addr, budget);
    }
  }
  e->stat_expands += idx.len;
  for (size_t j = idx.len; j-- > 0;) r = smt_mk_ite(c, same_address(e, addr, idx.data[j]), val.data[j], r);
  VEC_FREE(idx);
  VEC_FREE(val);
  return r;
}

/* Stores a select may read over by ite before it leaves the rest to the
 * solver's array theory. */
#define BMEM_EXPAND_BUDGET 1024u

static smt_term select_rec(benc *e, smt_term mem, smt_term addr, unsigned *budget) {
  smt_term cached = sel_get(e, mem, addr);
  if (cached != SMT_NULL) return cached;
  uint32_t flat = bmem_flat_object(e, addr);
  if (flat != UINT32_MAX) {
    smt_term r = select_flat(e, flat, mem, addr, budget);
    sel_put(e, mem, addr, r);
    return r;
  }
  smt_ctx *c = e->ctx;
  smt_term cur = mem, r = SMT_NULL;
  /* the stores read over by ite, innermost last: r = ite(a == i1, v1, ite(a == i2, v2, ...)) */
  smt_term_vec idx = {0}, val = {0};
  smt_term_vec mems = {0}; /* the memory at each of them, to cache the partial results */
  while (r == SMT_NULL) {
    smt_kind k = smt_term_kind(c, cur);
    if (k == SMT_STORE) {
      smt_term i = smt_term_arg(c, cur, 1);
      if (i == addr) {
        r = smt_term_arg(c, cur, 2);
      } else if (surely_distinct(e, addr, i)) {
        e->stat_skips++;
        cur = smt_term_arg(c, cur, 0);
      } else if (*budget > 0) {
        (*budget)--;
        e->stat_expands++;
        VEC_PUSH(idx, i);
        VEC_PUSH(val, smt_term_arg(c, cur, 2));
        VEC_PUSH(mems, cur);
        cur = smt_term_arg(c, cur, 0);
        smt_term hit = sel_get(e, cur, addr);
        if (hit != SMT_NULL) r = hit;
      } else {
        r = smt_mk_select(c, cur, addr);
      }
    } else {
      r = select_below(e, cur, addr, budget);
    }
  }
  sel_put(e, cur, addr, r);
  for (size_t j = idx.len; j-- > 0;) {
    r = smt_mk_ite(c, same_address(e, addr, idx.data[j]), val.data[j], r);
    sel_put(e, mems.data[j], addr, r);
  }
  VEC_FREE(idx);
  VEC_FREE(val);
  VEC_FREE(mems);
  sel_put(e, mem, addr, r);
  return r;
}

smt_term bmem_select(benc *e, smt_term mem, smt_term addr) {
  unsigned budget = e->memory_model ? BMEM_EXPAND_BUDGET : 0;
  return select_rec(e, mem, addr, &budget);
}

/* store with O(1) simplification. The simplifying smt_mk_store keeps
 * stores at constant indices sorted, which rebuilds the whole chain above
 * a store to a lower address: quadratic in the number of stores of a run
 * (globals, stack and heap objects are at increasing addresses, so most
 * stores are "lower" than some earlier one). bmem_select does not need the
 * order: it skips stores at other constant addresses wherever they are. */
static smt_term store_raw(benc *e, smt_term mem, smt_term addr, smt_term byte) {
  smt_ctx *c = e->ctx;
  if (smt_term_kind(c, byte) == SMT_SELECT && smt_term_arg(c, byte, 0) == mem && smt_term_arg(c, byte, 1) == addr)
    return mem; /* writes back what is there */
  if (smt_term_kind(c, mem) == SMT_STORE && smt_term_arg(c, mem, 1) == addr) mem = smt_term_arg(c, mem, 0);
  return smt_mk_raw(c, SMT_STORE, 3, (smt_term[]){mem, addr, byte}, 0, 0);
}

smt_term bmem_store1_if(benc *e, smt_term mem, smt_term addr, smt_term byte, smt_term cond) {
  smt_ctx *c = e->ctx;
  assert(smt_bv_width(c, byte) == 8 && smt_bv_width(c, addr) == e->pw);
  if (cond == SMT_FALSE) return mem;
  uint32_t o = bmem_flat_object(e, addr);
  if (o == UINT32_MAX) {
    smt_term stored = store_raw(e, mem, addr, byte);
    return cond == SMT_TRUE ? stored : smt_mk_ite(c, cond, stored, mem);
  }
  /* flat: every byte of the object, at its constant address */
  const bobj *ob = &e->objs.data[o];
  uint64_t size = 0;
  bmem_const(e, ob->size, &size);
  uint64_t lo = 0, hi = size;
  if (e->win_hi && e->win_obj == o) { /* a speculative window (benc.speculate): only its bytes */
    lo = e->win_lo;
    hi = e->win_hi;
  }
  assert(lo < hi && hi <= size);
  smt_term m = mem;
  for (uint64_t j = lo; j < hi; j++) {
    smt_term at = bv(e, ob->base + j);
    smt_term old = bmem_select(e, mem, at);
    smt_term nb = smt_mk_ite(c, smt_mk_and2(c, cond, same_address(e, addr, at)), byte, old);
    if (nb != old) m = store_raw(e, m, at, nb);
  }
  return m;
}

smt_term bmem_store1(benc *e, smt_term mem, smt_term addr, smt_term byte) {
  return bmem_store1_if(e, mem, addr, byte, SMT_TRUE);
}

smt_term bmem_load(benc *e, smt_term mem, smt_term addr, unsigned n) {
  assert(n >= 1 && smt_bv_width(e->ctx, addr) == e->pw);
  smt_term r = SMT_NULL;
  for (unsigned i = 0; i < n; i++) {
    smt_term a = i ? smt_mk_bv_op2(e->ctx, SMT_BV_ADD, addr, bv(e, i)) : addr;
    smt_term b = bmem_select(e, mem, a);
    r = r == SMT_NULL ? b : smt_mk_bv_concat(e->ctx, b, r);
  }
  assert(smt_bv_width(e->ctx, r) == 8 * n); /* BV(8n), little endian */
  return r;
}

smt_term bmem_store(benc *e, smt_term mem, smt_term addr, smt_term value, unsigned n) {
  unsigned w = smt_bv_width(e->ctx, value);
  assert(w >= 1 && smt_bv_width(e->ctx, addr) == e->pw);
  for (unsigned i = 0; i < n; i++) {
    smt_term a = i ? smt_mk_bv_op2(e->ctx, SMT_BV_ADD, addr, bv(e, i)) : addr;
    smt_term b;
    if (8 * i + 7 < w) {
      b = smt_mk_bv_extract(e->ctx, value, 8 * i + 7, 8 * i);
    } else if (8 * i < w) { /* a partial top byte (i1 stored in a byte): zero-fill */
      b = smt_mk_bv_zext(e->ctx, smt_mk_bv_extract(e->ctx, value, w - 1, 8 * i), 8 - (w - 8 * i));
    } else {
      b = smt_mk_bv(e->ctx, 8, 0);
    }
    mem = bmem_store1(e, mem, a, b);
  }
  return mem;
}

/* ---- objects -------------------------------------------------------------------- */
smt_term bmem_alive(benc *e, const bstate *s, uint32_t o) {
  assert(o < e->objs.len);
  if (e->objs.data[o].kind == BOBJ_GLOBAL) return SMT_TRUE;
  return o < s->nalive && s->alive[o] ? s->alive[o] : SMT_FALSE;
}

void bmem_set_alive(benc *e, bstate *s, uint32_t o, smt_term alive) {
  assert(o < e->objs.len); /* alive[] never runs past the objects */
  if (o >= s->nalive) {
    uint32_t n = o + 1;
    s->alive = xrealloc(s->alive, n * sizeof *s->alive);
    for (uint32_t i = s->nalive; i < n; i++) s->alive[i] = SMT_FALSE;
    s->nalive = n;
  }
  s->alive[o] = alive;
}

uint32_t bmem_new(benc *e, bstate *s, bobj_kind kind, smt_term size, uint32_t func, uint32_t inst) {
  uint64_t csize = 0, slot;
  assert(smt_bv_width(e->ctx, size) == e->pw); /* bobj.size: BV(pw) */
  bool known = bmem_const(e, size, &csize);
  slot = known ? csize : BMEM_SLOT_SYMBOLIC(e->pw);
  uint64_t base = reserve(e, slot, 16);
  bobj o = {(uint8_t)kind, false, base, slot, 0, base ? e->next_addr - base : 0, size, func, inst};
  if (!base) { /* address space exhausted: the run is cut here */
    benc_cut(e, BCUT_OTHER, s->guard, IR_NONE, IR_NONE);
    s->guard = SMT_FALSE;
    o.base = BMEM_FIRST;
  } else if (!known) {
    /* a larger request does not fit the slot: cut (the interpreter's heap
     * limit would end such a run anyway) */
    smt_term fits = smt_mk_bv_op2(e->ctx, SMT_BV_ULE, size, bv(e, slot));
    benc_cut(e, BCUT_OTHER, smt_mk_and2(e->ctx, s->guard, smt_mk_not(e->ctx, fits)), IR_NONE, IR_NONE);
    s->guard = smt_mk_and2(e->ctx, s->guard, fits);
  }
  VEC_PUSH(e->objs, o);
  uint32_t id = (uint32_t)(e->objs.len - 1);
  if (kind != BOBJ_GLOBAL) bmem_set_alive(e, s, id, SMT_TRUE);
  return id;
}

smt_term bmem_valid(benc *e, const bstate *s, smt_term addr, smt_term n) {
  smt_ctx *c = e->ctx;
  assert(smt_bv_width(c, addr) == e->pw && smt_bv_width(c, n) == e->pw);
  uint64_t ca = 0, cn = 0;
  bool addr_known = bmem_const(e, addr, &ca), n_known = bmem_const(e, n, &cn);
  smt_term_vec alts = {0};
  for (uint32_t i = 0; i < e->objs.len; i++) {
    const bobj *o = &e->objs.data[i];
    smt_term alive = bmem_alive(e, s, i);
    if (alive == SMT_FALSE) continue;
    if (addr_known && (ca < o->base || ca - o->base > o->slot)) continue;
    if (addr_known && n_known && smt_term_kind(c, o->size) == SMT_BV_CONST) {
      if (ca - o->base + cn <= o->slot && cn <= o->slot) VEC_PUSH(alts, alive);
      continue;
    }
    VEC_PUSH(alts, smt_mk_and2(c, alive, bmem_within(e, addr, n, o->base, o->size)));
  }
  smt_term r = smt_mk_or(c, (uint32_t)alts.len, alts.data);
  VEC_FREE(alts);
  return r;
}

/* ---- initial memory ---------------------------------------------------------------- */
bool bmem_init(benc *e, bstate *s) {
  const ir_module *m = e->m;
  smt_ctx *c = e->ctx;
  assert(e->objs.len == 0); /* globals are the first objects */
  e->next_addr = BMEM_FIRST;
  /* functions: one non-dereferenceable address each, no object */
  e->func_addr = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *e->func_addr);
  for (size_t f = 0; f < m->funcs.len; f++) e->func_addr[f] = reserve(e, 1, 16);
  e->global_obj = xcalloc(m->globals.len ? m->globals.len : 1, sizeof *e->global_obj);
  uint64_t total = 0;
  for (size_t g = 0; g < m->globals.len; g++) {
    const ir_global *gl = &m->globals.data[g];
    total += gl->size;
    if (total > BMEM_MAX_GLOBAL_BYTES) return false;
    uint64_t base = reserve(e, gl->size, gl->align ? gl->align : 1);
    if (!base) return false;
    bobj o = {BOBJ_GLOBAL, gl->constant, base, gl->size, 0, e->next_addr - base, bv(e, gl->size), IR_NONE, (uint32_t)g};
    VEC_PUSH(e->objs, o);
    e->global_obj[g] = e->objs.len - 1;
  }
  s->mem = smt_mk_var(c, "mem0", smt_sort_array(e->pw));
  for (size_t g = 0; g < m->globals.len; g++) {
    const ir_global *gl = &m->globals.data[g];
    if (gl->external) continue; /* contents unknown */
    uint64_t base = e->objs.data[e->global_obj[g]].base;
    for (uint64_t i = 0; i < gl->size; i++) {
      uint8_t b = gl->init ? gl->init[i] : 0;
      s->mem = bmem_store1(e, s->mem, bv(e, base + i), smt_mk_bv(c, 8, b));
    }
    for (uint32_t r = 0; r < gl->nrelocs; r++) {
      const ir_reloc *rl = &gl->relocs[r];
      assert(rl->offset + e->pw / 8 <= gl->size); /* ir_verify */
      uint64_t target = rl->kind == IR_VAL_FUNC ? e->func_addr[rl->target]
                                                : e->objs.data[e->global_obj[rl->target]].base;
      smt_term v = bv(e, target + rl->addend);
      s->mem = bmem_store(e, s->mem, bv(e, base + rl->offset), v, e->pw / 8);
    }
  }
  return true;
}
