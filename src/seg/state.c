/* state: abstract states of the SEG (seed 002 Def. 1 and 2): construction,
 * copying, the first-order view <a>, entailment, projection of dead
 * variables, printing. See internal.h for the contract. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smtlib.h"
#include "../util/map.h"
#include "internal.h"

/* ---- symbolic variables -------------------------------------------------- */

smt_term seg_pow2(seg_engine *e, unsigned k, int sign, int64_t add) {
  mpz_t v;
  mpz_init(v);
  mpz_ui_pow_ui(v, 2, k);
  if (sign < 0) mpz_neg(v, v);
  if (add >= 0)
    mpz_add_ui(v, v, (unsigned long)add);
  else
    mpz_sub_ui(v, v, (unsigned long)-add);
  smt_term t = smt_mk_int_mpz(e->ctx, v);
  mpz_clear(v);
  return t;
}

smt_term seg_range_lo(seg_engine *e, unsigned bits, bool is_signed) {
  if (!is_signed || bits <= 1) return smt_mk_int(e->ctx, 0);
  return seg_pow2(e, bits - 1, -1, 0);
}

smt_term seg_range_hi(seg_engine *e, unsigned bits, bool is_signed) {
  if (bits <= 1) return smt_mk_int(e->ctx, 1);
  return seg_pow2(e, is_signed ? bits - 1 : bits, 1, -1);
}

static smt_term new_var(seg_engine *e) {
  char name[32];
  snprintf(name, sizeof name, "v%u", e->next_var++);
  return smt_mk_var(e->ctx, name, SMT_SORT_INT);
}

static smt_term fresh_in(seg_engine *e, seg_state *s, smt_term lo, smt_term hi) {
  assert(smt_term_kind(e->ctx, lo) == SMT_INT_CONST && smt_term_kind(e->ctx, hi) == SMT_INT_CONST);
  assert(mpz_cmp(smt_term_value(e->ctx, lo), smt_term_value(e->ctx, hi)) <= 0); /* a non-empty range */
  smt_term v = new_var(e);
  seg_kb_add(e, s, smt_mk_int_le(e->ctx, lo, v));
  seg_kb_add(e, s, smt_mk_int_le(e->ctx, v, hi));
  return v;
}

smt_term seg_fresh(seg_engine *e, seg_state *s, mpz_srcptr lo, mpz_srcptr hi) {
  return fresh_in(e, s, smt_mk_int_mpz(e->ctx, lo), smt_mk_int_mpz(e->ctx, hi));
}

smt_term seg_fresh_int(seg_engine *e, seg_state *s, unsigned bits, bool is_signed) {
  if (e->opt.math_ints && bits > 1) return new_var(e); /* an unbounded integer */
  return fresh_in(e, s, seg_range_lo(e, bits, is_signed), seg_range_hi(e, bits, is_signed));
}

smt_term seg_fresh_ptr(seg_engine *e, seg_state *s) {
  return fresh_in(e, s, smt_mk_int(e->ctx, 0), seg_range_hi(e, e->m->ptr_bits, false));
}

smt_term seg_fresh_nat(seg_engine *e, seg_state *s) {
  smt_term v = new_var(e);
  seg_kb_add(e, s, smt_mk_int_le(e->ctx, smt_mk_int(e->ctx, 0), v));
  return v;
}

/* ---- states ----------------------------------------------------------------- */

seg_state *seg_state_new(uint32_t nglobals) {
  seg_state *s = xcalloc(1, sizeof *s);
  s->globals = xcalloc(nglobals ? nglobals : 1, sizeof *s->globals);
  s->nglobals = nglobals;
  return s;
}

static void *dup_array(const void *p, size_t n, size_t size) {
  if (n == 0) return NULL;
  void *q = xmalloc(n * size);
  memcpy(q, p, n * size);
  return q;
}

#define VEC_COPY(dst, src)                                                    \
  do {                                                                        \
    (dst).data = dup_array((src).data, (src).len, sizeof *(src).data);        \
    (dst).len = (dst).cap = (src).len;                                        \
  } while (0)

seg_state *seg_state_copy(const seg_state *s) {
  seg_state *c = xcalloc(1, sizeof *c);
  c->nframes = s->nframes;
  c->frames = dup_array(s->frames, s->nframes, sizeof *s->frames);
  for (uint32_t i = 0; i < s->nframes; i++)
    c->frames[i].lv = dup_array(s->frames[i].lv, s->frames[i].nslots, sizeof(smt_term));
  VEC_COPY(c->kb, s->kb);
  VEC_COPY(c->al, s->al);
  VEC_COPY(c->pt, s->pt);
  VEC_COPY(c->ls, s->ls);
  c->nglobals = s->nglobals;
  c->globals = dup_array(s->globals, s->nglobals ? s->nglobals : 1, sizeof *s->globals);
  c->fo_cache = s->fo_cache;
  c->link = SMT_NULL; /* a new state: nothing projected away yet */
  c->abstracted = s->abstracted;
  c->nghost = s->nghost;
  c->ghost = dup_array(s->ghost, s->nghost, sizeof *s->ghost);
  return c;
}

void seg_state_free(seg_state *s) {
  if (!s) return;
  for (uint32_t i = 0; i < s->nframes; i++) free(s->frames[i].lv);
  free(s->frames);
  VEC_FREE(s->kb);
  VEC_FREE(s->al);
  VEC_FREE(s->pt);
  VEC_FREE(s->ls);
  free(s->globals);
  free(s->ghost);
  free(s);
}

void seg_kb_add(seg_engine *e, seg_state *s, smt_term atom) {
  smt_ctx *ctx = e->ctx;
  assert(smt_sort_is_bool(smt_term_sort(ctx, atom)));
  atom = smt_simplify(ctx, atom);
  if (atom == smt_mk_bool(ctx, true)) return;
  if (smt_term_kind(ctx, atom) == SMT_AND) { /* conjuncts one by one: merging keeps them apart */
    uint32_t n = smt_term_nargs(ctx, atom);
    for (uint32_t i = 0; i < n; i++) seg_kb_add(e, s, smt_term_arg(ctx, atom, i));
    return;
  }
  for (size_t i = 0; i < s->kb.len; i++)
    if (s->kb.data[i] == atom) return;
  VEC_PUSH(s->kb, atom);
  s->fo_cache = SMT_NULL;
}

seg_frame *seg_top(seg_state *s) {
  assert(s->nframes > 0);
  return &s->frames[s->nframes - 1];
}

seg_frame *seg_push_frame(seg_state *s, const ir_module *m, uint32_t func, uint32_t call_inst) {
  assert(func < m->funcs.len && m->funcs.data[func].defined);
  seg_frame *fr = realloc(s->frames, (s->nframes + 1) * sizeof *fr);
  if (!fr) util_die_unknown("out of memory");
  s->frames = fr;
  const ir_func *f = &m->funcs.data[func];
  seg_frame *top = &s->frames[s->nframes++];
  memset(top, 0, sizeof *top);
  top->func = func;
  top->block = 0;
  top->inst = f->nblocks ? f->blocks[0].first : 0;
  top->call_inst = call_inst;
  top->nslots = f->nparams + f->ninsts;
  top->lv = xcalloc(top->nslots ? top->nslots : 1, sizeof(smt_term));
  s->fo_cache = SMT_NULL;
  return top;
}

void seg_pop_frame(seg_state *s) {
  if (s->nframes == 0) return;
  free(s->frames[s->nframes - 1].lv);
  s->nframes--;
  s->fo_cache = SMT_NULL;
}

/* ---- <a> and entailment ------------------------------------------------------ */

/* The memory part of <a>: lo <= hi of each allocation, disjointness of two
 * allocations, what each list segment says of its length and first object,
 * functionality of two PT atoms. With a cone (fo_cone), only of the
 * allocations, lists and PT atoms that have a variable in it. */
static bool touches(const u64_map *cone, smt_term x, smt_term y) {
  return !cone || u64_map_has(cone, x) || u64_map_has(cone, y);
}

static void memory_atoms(seg_engine *e, const seg_state *s, const u64_map *cone, smt_term_vec *parts) {
  smt_ctx *ctx = e->ctx;
  /* allocations are non-empty intervals, pairwise disjoint */
  for (size_t i = 0; i < s->al.len; i++) {
    const seg_alloc *a = &s->al.data[i];
    if (!touches(cone, a->lo, a->hi)) continue;
    VEC_PUSH(*parts, smt_mk_int_le(ctx, a->lo, a->hi));
    for (size_t j = i + 1; j < s->al.len; j++) {
      const seg_alloc *b = &s->al.data[j];
      if (!touches(cone, b->lo, b->hi)) continue;
      VEC_PUSH(*parts, smt_mk_or2(ctx, smt_mk_int_lt(ctx, a->hi, b->lo), smt_mk_int_lt(ctx, b->hi, a->lo)));
    }
  }
  /* list segments (internal.h, seg_list): a length, head = end when it is
   * 0; otherwise a first object of `size` bytes at a non-null head, disjoint
   * from every allocation and from the first object of every other list */
  smt_term one = smt_mk_int(ctx, 1), zero = smt_mk_int(ctx, 0);
  for (size_t i = 0; i < s->ls.len; i++) {
    const seg_list *l = &s->ls.data[i];
    if (!touches(cone, l->head, l->len) && !touches(cone, l->end, l->end)) continue;
    smt_term nonempty = smt_mk_int_le(ctx, one, l->len);
    smt_term last = smt_mk_int_add2(ctx, l->head, smt_mk_int(ctx, (int64_t)l->size - 1));
    VEC_PUSH(*parts, smt_mk_int_le(ctx, zero, l->len));
    VEC_PUSH(*parts, smt_mk_implies(ctx, smt_mk_eq(ctx, l->len, zero), smt_mk_eq(ctx, l->head, l->end)));
    VEC_PUSH(*parts, smt_mk_implies(ctx, nonempty, smt_mk_int_le(ctx, one, l->head)));
    VEC_PUSH(*parts, smt_mk_implies(ctx, nonempty, smt_mk_int_le(ctx, last, seg_pow2(e, e->m->ptr_bits, 1, -2))));
    for (size_t j = 0; j < s->al.len; j++) {
      const seg_alloc *a = &s->al.data[j];
      if (!touches(cone, a->lo, a->hi)) continue;
      VEC_PUSH(*parts, smt_mk_implies(ctx, nonempty, smt_mk_or2(ctx, smt_mk_int_lt(ctx, last, a->lo),
                                                                 smt_mk_int_lt(ctx, a->hi, l->head))));
    }
    for (size_t j = i + 1; j < s->ls.len; j++) {
      const seg_list *m = &s->ls.data[j];
      if (!touches(cone, m->head, m->len)) continue;
      smt_term mlast = smt_mk_int_add2(ctx, m->head, smt_mk_int(ctx, (int64_t)m->size - 1));
      smt_term both = smt_mk_and2(ctx, nonempty, smt_mk_int_le(ctx, one, m->len));
      VEC_PUSH(*parts, smt_mk_implies(ctx, both, smt_mk_or2(ctx, smt_mk_int_lt(ctx, last, m->head),
                                                            smt_mk_int_lt(ctx, mlast, l->head))));
    }
  }
  /* the memory is a function: the same address holds the same value (for
   * atoms of the same size and representation); this gives the seed's
   * addr1 != addr2 whenever val1 != val2. Pairs whose addresses known
   * offsets tell apart (layout.c: the same class at other offsets, or two
   * allocations) are left out: the atom follows from KB and the
   * disjointness above, and a hundred globals made thousands of them. */
  if (s->pt.len < 2) return;
  seg_layout lay;
  seg_layout_build(e, s, &lay);
  for (size_t i = 0; i < s->pt.len; i++) {
    const seg_pt *p = &s->pt.data[i];
    if (!touches(cone, p->addr, p->val)) continue;
    for (size_t j = i + 1; j < s->pt.len; j++) {
      const seg_pt *q = &s->pt.data[j];
      if (p->bytes != q->bytes || p->is_signed != q->is_signed || !touches(cone, q->addr, q->val)) continue;
      smt_term n = smt_mk_int(ctx, p->bytes);
      seg_layout_rel rel = seg_layout_relate(e, &lay, p->addr, n, q->addr, n);
      if (rel == SEG_LAYOUT_DISJOINT || rel == SEG_LAYOUT_OVERLAP) continue;
      VEC_PUSH(*parts, smt_mk_implies(ctx, smt_mk_eq(ctx, p->addr, q->addr), smt_mk_eq(ctx, p->val, q->val)));
    }
  }
  seg_layout_free(&lay);
}

smt_term seg_fo(seg_engine *e, seg_state *s) {
  if (s->fo_cache != SMT_NULL) return s->fo_cache;
  assert(seg_lv_injective(s));
  smt_ctx *ctx = e->ctx;
  smt_term_vec parts = {0};
  for (size_t i = 0; i < s->kb.len; i++) VEC_PUSH(parts, s->kb.data[i]);
  memory_atoms(e, s, NULL, &parts);
  s->fo_cache = smt_mk_and(ctx, (uint32_t)parts.len, parts.data);
  VEC_FREE(parts);
  return s->fo_cache;
}

/* The bucket of seg_summary.bucket_queries a state's queries count in. */
static unsigned alloc_bucket(const seg_state *s) {
  return s->al.len <= SEG_CONE_ALLOCS ? 0 : s->al.len <= 64 ? 1 : s->al.len <= 256 ? 2 : 3;
}

/* A state asked through the cone of the question (internal.h, seg_entails). */
static bool asked_by_cone(const seg_state *s) {
  return s->al.len > SEG_CONE_ALLOCS || s->pt.len > SEG_CONE_ALLOCS;
}

static void count_query(seg_engine *e, const seg_state *s, double t0) {
  e->queries++;
  e->bucket_queries[alloc_bucket(s)]++;
  e->bucket_seconds[alloc_bucket(s)] += util_now() - t0;
}

bool seg_feasible(seg_engine *e, seg_state *s) {
  double t0 = util_now();
  bool sat;
  if (s->al.len <= SEG_CONE_ALLOCS) {
    sat = smt_is_sat(e->ctx, e->budget, seg_fo(e, s)) != SMT_UNSAT;
  } else {
    /* Many allocations: KB alone. A part of <a> that is unsatisfiable
     * makes all of it so, and a model of the pairwise disjointness of
     * hundreds of allocations took the solver up to a second to find;
     * what is lost is only pruning by memory facts. */
    sat = smt_is_sat(e->ctx, e->budget, smt_mk_and(e->ctx, (uint32_t)s->kb.len, s->kb.data)) != SMT_UNSAT;
  }
  count_query(e, s, t0);
  return sat;
}

/* ---- variables -------------------------------------------------------------- */

/* Sets of terms are util maps (map.h) with the terms as keys, reserved for
 * the expected size (state_size) but growing when KB atoms have more
 * variables than estimated: a fixed-size table here could fill up and loop. */
typedef u64_map term_set;

static bool set_add(term_set *set, smt_term t) { return u64_map_add(set, t, 0); }

static void set_init(term_set *set, size_t n) {
  *set = (term_set){0};
  u64_map_reserve(set, n);
}

static void push_var(term_set *set, smt_term_vec *out, smt_term v) {
  if (v != SMT_NULL && set_add(set, v)) VEC_PUSH(*out, v);
}

/* The variables of LV, ghosts, globals, AL and PT (not KB), in the
 * documented order. */
static void structural_vars(const seg_state *s, term_set *set, smt_term_vec *out) {
  for (uint32_t i = 0; i < s->nframes; i++)
    for (uint32_t k = 0; k < s->frames[i].nslots; k++) push_var(set, out, s->frames[i].lv[k]);
  for (uint32_t j = 0; j < s->nghost; j++) push_var(set, out, s->ghost[j]);
  for (uint32_t g = 0; g < s->nglobals; g++) push_var(set, out, s->globals[g]);
  for (size_t i = 0; i < s->al.len; i++) {
    push_var(set, out, s->al.data[i].lo);
    push_var(set, out, s->al.data[i].hi);
  }
  for (size_t i = 0; i < s->pt.len; i++) {
    push_var(set, out, s->pt.data[i].addr);
    push_var(set, out, s->pt.data[i].val);
  }
  for (size_t i = 0; i < s->ls.len; i++) {
    push_var(set, out, s->ls.data[i].head);
    push_var(set, out, s->ls.data[i].end);
    push_var(set, out, s->ls.data[i].len);
  }
}

static size_t state_size(const seg_state *s) {
  size_t n = s->nglobals + s->nghost + 2 * s->al.len + 2 * s->pt.len + 3 * s->ls.len + 4 * s->kb.len;
  for (uint32_t i = 0; i < s->nframes; i++) n += s->frames[i].nslots;
  return n;
}

bool seg_lv_injective(const seg_state *s) {
  term_set seen;
  set_init(&seen, state_size(s));
  bool ok = true;
  for (uint32_t i = 0; ok && i < s->nframes; i++)
    for (uint32_t k = 0; ok && k < s->frames[i].nslots; k++)
      ok = s->frames[i].lv[k] == SMT_NULL || set_add(&seen, s->frames[i].lv[k]);
  u64_map_free(&seen);
  return ok;
}

/* ---- whole-state invariants (seg_state_check) ------------------------------- */

static bool broken(const char *what, uint32_t i) {
  fprintf(stderr, "seg_state_check: %s (at %u)\n", what, i);
  return false;
}

static bool is_int_var(smt_ctx *ctx, smt_term t) {
  return t != SMT_NULL && smt_term_kind(ctx, t) == SMT_VAR && smt_sort_is_int(smt_term_sort(ctx, t));
}

static bool is_bool_or_null(smt_ctx *ctx, smt_term t) {
  return t == SMT_NULL || smt_sort_is_bool(smt_term_sort(ctx, t));
}

/* One frame of the stack: a valid position of a defined function, LV of
 * the function's slot count holding Int variables only for slots of a
 * value type, and (above the bottom) a return to a direct call of it at
 * which the caller's frame stands. */
static bool frame_ok(const seg_engine *e, const seg_state *s, uint32_t i) {
  const ir_module *m = e->m;
  const seg_frame *fr = &s->frames[i];
  if (fr->func >= m->funcs.len) return broken("frame of an unknown function", i);
  const ir_func *f = &m->funcs.data[fr->func];
  if (!f->defined || f->nblocks == 0) return broken("frame of a function without body", i);
  if (e->finfo && !e->finfo[fr->func].has_info) return broken("frame of a function without seg_func_info", i);
  if (fr->block >= f->nblocks) return broken("block index out of range", i);
  const ir_block *bl = &f->blocks[fr->block];
  if (fr->inst < bl->first || fr->inst >= bl->first + bl->count || fr->inst >= f->ninsts)
    return broken("instruction index outside its block", i);
  if (f->insts[fr->inst].op == IR_PHI) return broken("position at a phi (phis run with the branch)", i);
  if (fr->nslots != f->nparams + f->ninsts) return broken("LV size is not nparams + ninsts", i);
  if (fr->nslots && !fr->lv) return broken("LV array missing", i);
  for (uint32_t k = 0; k < fr->nslots; k++) {
    if (fr->lv[k] == SMT_NULL) continue;
    if (!is_int_var(e->ctx, fr->lv[k])) return broken("LV entry is not an Int variable", i);
    ir_type t = k < f->nparams ? f->params[k] : f->insts[k - f->nparams].type;
    if (t.kind == IR_TY_VOID || t.bits == 0) return broken("LV entry for a value without width", i);
    if (t.kind == IR_TY_PTR && t.bits != m->ptr_bits) return broken("pointer slot of another width", i);
    if (e->finfo && e->finfo[fr->func].is_signed[k] && !(t.kind == IR_TY_INT && t.bits > 1))
      return broken("signed representation of an i1 or a pointer", i);
  }
  if (i == 0) return fr->call_inst == IR_NONE || broken("bottom frame returns to a call", i);
  const seg_frame *cf = &s->frames[i - 1];
  const ir_func *caller = &m->funcs.data[cf->func];
  if (fr->call_inst >= caller->ninsts || cf->inst != fr->call_inst)
    return broken("caller does not stand at the frame's call", i);
  const ir_inst *call = &caller->insts[fr->call_inst];
  if (call->op != IR_CALL || (call->callee != fr->func && call->callee != IR_NONE))
    return broken("frame's call is no call of it", i);
  return true;
}

bool seg_state_check(const seg_engine *e, const seg_state *s) {
  smt_ctx *ctx = e->ctx;
  if (s->nframes == 0 || !s->frames) return broken("no frame", 0);
  for (uint32_t i = 0; i < s->nframes; i++)
    if (!frame_ok(e, s, i)) return false;
  if (!seg_lv_injective(s)) return broken("LV not injective", 0);
  if (s->nglobals != e->m->globals.len + e->m->funcs.len)
    return broken("one base address per global and per function", s->nglobals);
  for (uint32_t g = 0; g < s->nglobals; g++)
    if (s->globals[g] != SMT_NULL && !is_int_var(ctx, s->globals[g])) return broken("global base not a variable", g);
  if (s->nghost && !s->abstracted) return broken("ghosts outside a modular analysis", s->nghost);
  for (uint32_t j = 0; j < s->nghost; j++)
    if (!is_int_var(ctx, s->ghost[j])) return broken("ghost is not an Int variable", j);
  for (size_t i = 0; i < s->al.len; i++) {
    const seg_alloc *a = &s->al.data[i];
    if (!is_int_var(ctx, a->lo) || !is_int_var(ctx, a->hi)) return broken("allocation bound not a variable", (uint32_t)i);
    if (a->kind > SEG_AL_GLOBAL) return broken("allocation of an unknown kind", (uint32_t)i);
    if (a->kind == SEG_AL_STACK && a->depth >= s->nframes) return broken("stack object of a missing frame", (uint32_t)i);
    if (a->kind != SEG_AL_STACK && a->dynamic) return broken("dynamic allocation not on the stack", (uint32_t)i);
  }
  for (size_t i = 0; i < s->pt.len; i++) {
    const seg_pt *p = &s->pt.data[i];
    if (!is_int_var(ctx, p->addr) || !is_int_var(ctx, p->val)) return broken("PT atom over a non-variable", (uint32_t)i);
    if (p->bytes < 1 || p->bytes > 8) return broken("PT atom size outside 1..8", (uint32_t)i);
  }
  if (s->ls.len && s->abstracted) return broken("list segments in an abstracted state", 0);
  for (size_t i = 0; i < s->ls.len; i++) {
    const seg_list *l = &s->ls.data[i];
    if (!is_int_var(ctx, l->head) || !is_int_var(ctx, l->end) || !is_int_var(ctx, l->len))
      return broken("list segment over a non-variable", (uint32_t)i);
    if (l->next_off + e->m->ptr_bits / 8 > l->size) return broken("list's next pointer outside its objects", (uint32_t)i);
  }
  /* KB: Bool atoms as seg_kb_add keeps them (no true, conjunctions split,
   * no duplicates: split() and check_mul find atoms by identity) */
  term_set seen;
  set_init(&seen, s->kb.len);
  bool ok = true;
  for (size_t i = 0; ok && i < s->kb.len; i++) {
    smt_term a = s->kb.data[i];
    if (a == SMT_NULL || a == SMT_TRUE || !smt_sort_is_bool(smt_term_sort(ctx, a)))
      ok = broken("KB atom is not a Bool term other than true", (uint32_t)i);
    else if (smt_term_kind(ctx, a) == SMT_AND)
      ok = broken("KB atom is a conjunction", (uint32_t)i);
    else if (!set_add(&seen, a))
      ok = broken("KB atom twice", (uint32_t)i);
  }
  u64_map_free(&seen);
  if (!ok) return false;
  if (!is_bool_or_null(ctx, s->link)) return broken("link is not Bool", 0);
  if (!is_bool_or_null(ctx, s->fo_cache)) return broken("<a> cache is not Bool", 0);
  return true;
}

void seg_state_vars(seg_engine *e, const seg_state *s, smt_term_vec *out) {
  term_set set;
  set_init(&set, state_size(s));
  structural_vars(s, &set, out);
  smt_term_vec tv = {0};
  for (size_t i = 0; i < s->kb.len; i++) {
    tv.len = 0;
    smt_term_vars(e->ctx, s->kb.data[i], &tv);
    for (size_t k = 0; k < tv.len; k++) push_var(&set, out, tv.data[k]);
  }
  VEC_FREE(tv);
  u64_map_free(&set);
}

/* <a> restricted to the cone of phi (seed 004 Sect. 5.1: information
 * unrelated to a question is left out): the KB atoms connected to phi's
 * variables through shared variables, lo <= hi of the allocations they
 * touch, disjointness of two touched allocations, and functionality of two
 * touched PT atoms. A conjunction of atoms of <a>, so whatever it implies
 * <a> implies. */
static void kb_cone(seg_engine *e, const seg_state *s, smt_term phi, term_set *cone, smt_term_vec *parts) {
  smt_ctx *ctx = e->ctx;
  set_init(cone, state_size(s));
  smt_term_vec tv = {0};
  smt_term_vars(ctx, phi, &tv);
  for (size_t i = 0; i < tv.len; i++) set_add(cone, tv.data[i]);
  bool *used = xcalloc(s->kb.len ? s->kb.len : 1, sizeof *used);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < s->kb.len; i++) {
      if (used[i]) continue;
      tv.len = 0;
      smt_term_vars(ctx, s->kb.data[i], &tv);
      bool touches = false;
      for (size_t k = 0; k < tv.len && !touches; k++) touches = u64_map_has(cone, tv.data[k]);
      if (!touches) continue;
      used[i] = changed = true;
      VEC_PUSH(*parts, s->kb.data[i]);
      for (size_t k = 0; k < tv.len; k++) set_add(cone, tv.data[k]);
    }
  }
  free(used);
  VEC_FREE(tv);
}

static smt_term fo_cone(seg_engine *e, seg_state *s, smt_term phi) {
  term_set cone;
  smt_term_vec parts = {0};
  kb_cone(e, s, phi, &cone, &parts);
  memory_atoms(e, s, &cone, &parts);
  smt_term fo = smt_mk_and(e->ctx, (uint32_t)parts.len, parts.data);
  VEC_FREE(parts);
  u64_map_free(&cone);
  return fo;
}

bool seg_feasible_near(seg_engine *e, seg_state *s, smt_term seed) {
  if (!asked_by_cone(s)) return seg_feasible(e, s);
  double t0 = util_now();
  term_set cone;
  smt_term_vec parts = {0};
  kb_cone(e, s, seed, &cone, &parts);
  VEC_PUSH(parts, seed);
  bool sat = smt_is_sat(e->ctx, e->budget, smt_mk_and(e->ctx, (uint32_t)parts.len, parts.data)) != SMT_UNSAT;
  VEC_FREE(parts);
  u64_map_free(&cone);
  count_query(e, s, t0);
  return sat;
}

static smt_answer entails(seg_engine *e, seg_state *s, smt_term phi) {
  /* a state with many allocations (globals of a large program: <a> has
   * their pairwise disjointness) is asked through phi's cone; "not
   * implied by the cone" only loses a proof */
  if (asked_by_cone(s)) return smt_implies(e->ctx, e->budget, fo_cone(e, s, phi), phi);
  return smt_implies(e->ctx, e->budget, seg_fo(e, s), phi);
}

smt_answer seg_entails(seg_engine *e, seg_state *s, smt_term phi) {
  double t0 = util_now();
  smt_answer r = entails(e, s, phi);
  count_query(e, s, t0);
  return r;
}

/* ---- projection ---------------------------------------------------------------- */

static void drop_dead_slots(seg_engine *e, seg_state *s) {
  if (s->nframes == 0) return;
  seg_frame *fr = seg_top(s);
  const ir_func *f = &e->m->funcs.data[fr->func];
  if (!e->finfo || !e->finfo[fr->func].has_info || fr->inst != ir_first_non_phi(f, fr->block)) return;
  const seg_func_info *fi = &e->finfo[fr->func];
  if (fi->all_live) return;
  const uint64_t *live = ir_live_in(&fi->live, fr->block);
  for (uint32_t k = 0; k < fr->nslots; k++)
    if (!ir_bits_get(live, k) && fr->lv[k] != SMT_NULL) {
      fr->lv[k] = SMT_NULL;
      s->fo_cache = SMT_NULL;
    }
}

smt_term seg_kb_constant(seg_engine *e, const seg_state *s, smt_term x) {
  smt_ctx *ctx = e->ctx;
  for (size_t i = 0; i < s->kb.len; i++) {
    smt_term t = s->kb.data[i];
    if (smt_term_kind(ctx, t) != SMT_EQ || smt_term_arg(ctx, t, 0) != x) continue;
    smt_term k = smt_term_arg(ctx, t, 1);
    if (smt_term_kind(ctx, k) == SMT_INT_CONST) return k;
  }
  return SMT_NULL;
}

/* For an equality atom that is linear in d with coefficient +-1: the term
 * d equals under the atom (without d), else SMT_NULL. */
smt_term seg_definition_of(seg_engine *e, smt_term atom, smt_term d) {
  smt_ctx *ctx = e->ctx;
  if (smt_term_kind(ctx, atom) != SMT_EQ) return SMT_NULL;
  smt_term l = smt_term_arg(ctx, atom, 0), r = smt_term_arg(ctx, atom, 1);
  if (!smt_sort_is_int(smt_term_sort(ctx, l))) return SMT_NULL;
  smt_term f = smt_mk_int_sub(ctx, l, r); /* atom: f = 0 */
  smt_term one = smt_mk_int(ctx, 1);
  smt_term d1 = smt_mk_int_add2(ctx, d, one);
  smt_term shifted = smt_subst(ctx, f, 1, &d, &d1);
  smt_term coef = smt_mk_int_sub(ctx, shifted, f); /* constant when f is linear in d */
  if (smt_term_kind(ctx, coef) != SMT_INT_CONST) return SMT_NULL;
  mpz_srcptr c = smt_term_value(ctx, coef);
  if (mpz_cmpabs_ui(c, 1) != 0) return SMT_NULL;
  /* f = c*d + rest, so d = d - c*f on f = 0 (c*c = 1) */
  smt_term def = smt_mk_int_sub(ctx, d, smt_mk_int_mul2(ctx, coef, f));
  smt_term_vec tv = {0};
  smt_term_vars(ctx, def, &tv);
  bool mentions_d = false;
  for (size_t i = 0; i < tv.len; i++) mentions_d |= tv.data[i] == d;
  VEC_FREE(tv);
  return mentions_d ? SMT_NULL : def; /* non-linear occurrences */
}

static bool atom_mentions(seg_engine *e, smt_term atom, smt_term v, smt_term_vec *tmp) {
  tmp->len = 0;
  smt_term_vars(e->ctx, atom, tmp);
  for (size_t i = 0; i < tmp->len; i++)
    if (tmp->data[i] == v) return true;
  return false;
}

/* Eliminates one dead variable d from KB. */
static void eliminate(seg_engine *e, seg_state *s, smt_term d, smt_term_vec *tmp) {
  smt_term def = SMT_NULL;
  size_t def_at = SIZE_MAX;
  for (size_t i = 0; i < s->kb.len && def == SMT_NULL; i++)
    if (atom_mentions(e, s->kb.data[i], d, tmp)) {
      def = seg_definition_of(e, s->kb.data[i], d);
      if (def != SMT_NULL) def_at = i;
    }
  smt_term_vec old = s->kb;
  s->kb = (smt_term_vec){0};
  u64_map in_kb = {0}; /* the new KB's atoms: each once */
  u64_map_reserve(&in_kb, old.len);
  smt_term_vec parts = {0};
  for (size_t i = 0; i < old.len; i++) {
    smt_term a = old.data[i];
    bool mentions = i == def_at || atom_mentions(e, a, d, tmp);
    if (mentions) /* the ITS transition keeps it (internal.h, link) */
      s->link = s->link == SMT_NULL ? a : smt_mk_and2(e->ctx, s->link, a);
    if (i == def_at || (mentions && def == SMT_NULL)) continue; /* no definition: forget what d said */
    parts.len = 0;
    if (mentions) { /* rewritten: simplified and split as seg_kb_add does */
      smt_term r = smt_simplify(e->ctx, smt_subst(e->ctx, a, 1, &d, &def));
      smt_conjuncts(e->ctx, r, &parts);
    } else { /* as it was: already simplified, one atom */
      VEC_PUSH(parts, a);
    }
    for (size_t k = 0; k < parts.len; k++)
      if (u64_map_add(&in_kb, parts.data[k], 0)) VEC_PUSH(s->kb, parts.data[k]);
  }
  VEC_FREE(parts);
  VEC_FREE(old);
  u64_map_free(&in_kb);
  s->fo_cache = SMT_NULL;
}

void seg_project(seg_engine *e, seg_state *s) {
  assert(seg_lv_injective(s));
  drop_dead_slots(e, s);
  term_set live;
  set_init(&live, state_size(s));
  smt_term_vec order = {0};
  structural_vars(s, &live, &order);
  /* the dead variables of KB, in order of first occurrence */
  smt_term_vec dead = {0};
  smt_term_vec tv = {0};
  for (size_t i = 0; i < s->kb.len; i++) {
    tv.len = 0;
    smt_term_vars(e->ctx, s->kb.data[i], &tv);
    for (size_t k = 0; k < tv.len; k++)
      if (set_add(&live, tv.data[k])) VEC_PUSH(dead, tv.data[k]);
  }
  for (size_t i = 0; i < dead.len; i++) eliminate(e, s, dead.data[i], &tv);
  VEC_FREE(tv);
  VEC_FREE(dead);
  VEC_FREE(order);
  u64_map_free(&live);
}

bool seg_same_position(const seg_state *a, const seg_state *b) {
  if (a->nframes != b->nframes) return false;
  for (uint32_t i = 0; i < a->nframes; i++) {
    const seg_frame *x = &a->frames[i], *y = &b->frames[i];
    if (x->func != y->func || x->block != y->block || x->inst != y->inst || x->call_inst != y->call_inst)
      return false;
  }
  return true;
}

/* ---- printing ---------------------------------------------------------------- */

static void print_slot_name(const ir_func *f, uint32_t k, strbuf *out) {
  if (k < f->nparams) {
    const char *n = f->param_names ? f->param_names[k] : NULL;
    if (n)
      strbuf_printf(out, "%s", n);
    else
      strbuf_printf(out, "%%arg%u", k);
    return;
  }
  const ir_inst *in = &f->insts[k - f->nparams];
  if (in->name)
    strbuf_printf(out, "%s", in->name);
  else
    strbuf_printf(out, "%%%u", k - f->nparams);
}

void seg_state_print(seg_engine *e, const seg_state *s, strbuf *out, const char *sep) {
  smt_ctx *ctx = e->ctx;
  for (uint32_t i = 0; i < s->nframes; i++) {
    const seg_frame *fr = &s->frames[i];
    const ir_func *f = &e->m->funcs.data[fr->func];
    const char *bname = f->blocks[fr->block].name;
    if (bname)
      strbuf_printf(out, "%s:%s:%u", f->name, bname, fr->inst - f->blocks[fr->block].first);
    else
      strbuf_printf(out, "%s:b%u:%u", f->name, fr->block, fr->inst - f->blocks[fr->block].first);
    strbuf_printf(out, "%s", sep);
    bool any = false;
    for (uint32_t k = 0; k < fr->nslots; k++) {
      if (fr->lv[k] == SMT_NULL) continue;
      strbuf_printf(out, "%s", any ? ", " : "LV: ");
      print_slot_name(f, k, out);
      strbuf_printf(out, "=");
      smt_print_term(ctx, out, fr->lv[k]);
      any = true;
    }
    if (any) strbuf_printf(out, "%s", sep);
  }
  if (s->nghost) {
    strbuf_printf(out, "entry values: ");
    for (uint32_t j = 0; j < s->nghost; j++) {
      if (j) strbuf_printf(out, ", ");
      smt_print_term(ctx, out, s->ghost[j]);
    }
    strbuf_printf(out, "%s", sep);
  }
  if (s->kb.len) {
    strbuf_printf(out, "KB: ");
    for (size_t i = 0; i < s->kb.len; i++) {
      if (i) strbuf_printf(out, ", ");
      smt_print_term(ctx, out, s->kb.data[i]);
    }
    strbuf_printf(out, "%s", sep);
  }
  if (s->al.len) {
    strbuf_printf(out, "AL: ");
    for (size_t i = 0; i < s->al.len; i++) {
      const seg_alloc *a = &s->al.data[i];
      strbuf_printf(out, "%s[", i ? ", " : "");
      smt_print_term(ctx, out, a->lo);
      strbuf_printf(out, ",");
      smt_print_term(ctx, out, a->hi);
      strbuf_printf(out, "]%s", a->kind == SEG_AL_HEAP ? "h" : a->kind == SEG_AL_STACK ? "s" : "g");
    }
    strbuf_printf(out, "%s", sep);
  }
  if (s->pt.len) {
    strbuf_printf(out, "PT: ");
    for (size_t i = 0; i < s->pt.len; i++) {
      const seg_pt *p = &s->pt.data[i];
      if (i) strbuf_printf(out, ", ");
      smt_print_term(ctx, out, p->addr);
      strbuf_printf(out, " ->%u%c ", p->bytes, p->is_signed ? 's' : 'u');
      smt_print_term(ctx, out, p->val);
    }
    strbuf_printf(out, "%s", sep);
  }
  if (s->ls.len) {
    strbuf_printf(out, "LS: ");
    for (size_t i = 0; i < s->ls.len; i++) {
      const seg_list *l = &s->ls.data[i];
      strbuf_printf(out, "%slist(", i ? ", " : "");
      smt_print_term(ctx, out, l->head);
      strbuf_printf(out, " .. ");
      smt_print_term(ctx, out, l->end);
      strbuf_printf(out, ", length ");
      smt_print_term(ctx, out, l->len);
      strbuf_printf(out, ", %u bytes, next at %u)", l->size, l->next_off);
    }
    strbuf_printf(out, "%s", sep);
  }
}
