/* bmc kind: k-induction with invariants (see bmc.h, "k-induction").
 *
 * encode.c does the combined case per loop instance in k-induction mode
 * (benc.kind_on); this file says what a loop may write (bkind_loop), runs
 * Houdini over the loop-head records the encoding leaves (benc.krecs), and
 * asks the final queries for k = 1, 2, 4, ... */
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "../interp/interp.h"
#include "../ir/c_types.h"
#include "../ir/cfg.h"
#include "../ir/ir_arith.h"
#include "../util/progress.h"
#include "internal.h"

/* Slots per loop and candidates per loop at most (the candidates grow with
 * the square of the slots). */
#define KIND_MAX_SLOTS 16u
#define KIND_MAX_CANDS 400u
#define KIND_MAX_CONSTS 8u

void bmc_kind_options_default(bmc_kind_options *o) {
  memset(o, 0, sizeof *o);
  o->max_k = 64;
  o->invariants = true;
}

/* ---- what a loop writes ----------------------------------------------------------- */
typedef struct {
  const ir_module *m;
  bkloop *L;
  uint32_t loop_fid;
  bool *fn_seen;   /* per function: scanned as a callee already */
  bool *visited;   /* per instruction of the function being traced (root search) */
  bool *taken;     /* per function: its address is taken (made on the first indirect call) */
} scan_ctx;

static void give_up(bkloop *L, const char *why) {
  if (L->ok) L->why = why;
  L->ok = false;
}

static void push_unique(u32_vec *v, uint32_t x) {
  for (size_t i = 0; i < v->len; i++)
    if (v->data[i] == x) return;
  VEC_PUSH(*v, x);
}

/* Records what a write through pointer value v of function fid reaches:
 * a global, an alloca (of the loop's function outside the loop: havocked;
 * of a callee: its own fresh object, nothing to havoc), or unknown. */
static void trace_root(scan_ctx *sc, uint32_t fid, const ir_value *v) {
  const ir_func *f = &sc->m->funcs.data[fid];
  bkloop *L = sc->L;
  switch (v->kind) {
  case IR_VAL_GLOBAL: push_unique((u32_vec *)&L->globals, v->id); return;
  case IR_VAL_INST: break;
  default: L->whole = true; return; /* an argument, null, a constant address */
  }
  if (v->id >= f->ninsts) {
    L->whole = true;
    return;
  }
  if (sc->visited[v->id]) return; /* a cycle of phis: its other operands say it */
  sc->visited[v->id] = true;
  const ir_inst *in = &f->insts[v->id];
  switch (in->op) {
  case IR_ALLOCA:
    if (fid != sc->loop_fid) return;
    if (L->in_loop[in->block]) L->allocates = true;
    else push_unique((u32_vec *)&L->allocas, v->id);
    return;
  case IR_PTRADD:
  case IR_COPY:
  case IR_INTTOPTR:
  case IR_PTRTOINT: trace_root(sc, fid, &in->ops[0]); return;
  case IR_ADD:
  case IR_SUB: /* integer address arithmetic: the pointer is one of the operands */
    for (uint32_t k = 0; k < in->nops && k < 2; k++)
      if (in->ops[k].kind != IR_VAL_CONST) trace_root(sc, fid, &in->ops[k]);
    return;
  case IR_SELECT:
    trace_root(sc, fid, &in->ops[1]);
    trace_root(sc, fid, &in->ops[2]);
    return;
  case IR_PHI:
    for (uint32_t k = 0; k < in->nops; k++) trace_root(sc, fid, &in->ops[k]);
    return;
  default: L->whole = true; return; /* a loaded pointer, a call's result */
  }
}

static void write_through(scan_ctx *sc, uint32_t fid, const ir_value *v) {
  const ir_func *f = &sc->m->funcs.data[fid];
  memset(sc->visited, 0, (f->ninsts + 1) * sizeof *sc->visited);
  trace_root(sc, fid, v);
}

static void scan_function(scan_ctx *sc, uint32_t fid, const bool *blocks);

static void scan_callee(scan_ctx *sc, uint32_t fid, const ir_inst *in, uint32_t callee, uint32_t first);

static void scan_call(scan_ctx *sc, uint32_t fid, const ir_inst *in) {
  if (in->callee != IR_NONE) {
    scan_callee(sc, fid, in, in->callee, 0);
    return;
  }
  /* an indirect call runs one of the functions whose address is taken (the
   * encoding cuts every other pointer value, encode.c indirect_call): every
   * one it could run with these arguments, whatever the types (a constant
   * address is called whatever its type) */
  if (!sc->taken) {
    sc->taken = xcalloc(sc->m->funcs.len + 1, sizeof *sc->taken);
    ir_address_taken_funcs(sc->m, sc->taken);
  }
  uint32_t nargs = in->nops ? in->nops - 1 : 0;
  for (uint32_t g = 0; g < sc->m->funcs.len; g++)
    if (sc->taken[g] && sc->m->funcs.data[g].nparams <= nargs) scan_callee(sc, fid, in, g, 1);
}

/* What the call `in` of fid writes when it calls `callee` with the
 * arguments ops[first..]. */
static void scan_callee(scan_ctx *sc, uint32_t fid, const ir_inst *in, uint32_t callee, uint32_t first) {
  bkloop *L = sc->L;
  const ir_func *g = &sc->m->funcs.data[callee];
  ir_builtin b = ir_func_effective_builtin(g);
  if (g->defined && b == IR_BUILTIN_NONE) { /* runs its body: what it writes, the loop writes */
    if (!sc->fn_seen[callee]) {
      sc->fn_seen[callee] = true;
      bool *saved = sc->visited;
      sc->visited = xcalloc(g->ninsts + 1, sizeof *sc->visited);
      scan_function(sc, callee, NULL);
      free(sc->visited);
      sc->visited = saved;
    }
    return;
  }
  switch (b) {
  case IR_BUILTIN_MALLOC:
  case IR_BUILTIN_CALLOC:
  case IR_BUILTIN_STRDUP:
  case IR_BUILTIN_ALLOCA: L->allocates = true; return;
  case IR_BUILTIN_FREE:
  case IR_BUILTIN_REALLOC:
  case IR_BUILTIN_STACKRESTORE: give_up(L, "a loop frees memory"); return;
  case IR_BUILTIN_MEMSET:
  case IR_BUILTIN_MEMCPY:
  case IR_BUILTIN_MEMMOVE:
  case IR_BUILTIN_STRCPY:
  case IR_BUILTIN_STRNCPY:
  case IR_BUILTIN_STRCAT:
  case IR_BUILTIN_STRNCAT:
  case IR_BUILTIN_SPRINTF:
  case IR_BUILTIN_SNPRINTF:
    if (in->nops > first) write_through(sc, fid, &in->ops[first]);
    return;
  default: return; /* reads memory or none; a call without body makes the encoding incomplete anyway */
  }
}

/* Scans the blocks of fid (all when blocks is NULL) for writes. */
static void scan_function(scan_ctx *sc, uint32_t fid, const bool *blocks) {
  const ir_func *f = &sc->m->funcs.data[fid];
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (blocks && !blocks[in->block]) continue;
    switch (in->op) {
    case IR_STORE: write_through(sc, fid, &in->ops[1]); break;
    case IR_HAVOC: write_through(sc, fid, &in->ops[0]); break;
    case IR_ASM:
      if (in->flags & IR_ASM_MEMORY) sc->L->whole = true;
      break;
    case IR_ALLOCA:
      if (fid == sc->loop_fid) sc->L->allocates = true; /* a stack object per iteration */
      break;
    case IR_CALL: scan_call(sc, fid, in); break;
    default: break;
    }
  }
}

static bool is_int_slot(const ir_type *t) { return t->kind == IR_TY_INT && t->bits >= 1 && t->bits <= 64; }


static bool same_value(const ir_value *a, const ir_value *b) {
  return a->kind == b->kind && a->id == b->id && a->imm == b->imm && a->type.bits == b->type.bits;
}

static uint32_t slot_index(const bkloop *L, const ir_value *v) {
  for (size_t i = 0; i < L->slots.len; i++)
    if (same_value(&L->slots.data[i], v)) return (uint32_t)i;
  return UINT32_MAX;
}

/* The head's integer phis, the integer values the loop reads from before
 * it, and the phis' values on entry. */
static void find_slots(const ir_func *f, uint32_t head, bkloop *L) {
  const ir_block *hb = &f->blocks[head];
  for (uint32_t i = hb->first; i < ir_first_non_phi(f, head) && L->slots.len < KIND_MAX_SLOTS; i++)
    if (is_int_slot(&f->insts[i].type)) VEC_PUSH(L->slots, ir_inst_val(f->insts[i].type, i));
  L->nphis = (uint32_t)L->slots.len;
  for (uint32_t i = 0; i < f->ninsts && L->slots.len < KIND_MAX_SLOTS; i++) {
    const ir_inst *in = &f->insts[i];
    if (!L->in_loop[in->block] || in->op == IR_PHI) continue;
    for (uint32_t k = 0; k < in->nops && L->slots.len < KIND_MAX_SLOTS; k++) {
      const ir_value *v = &in->ops[k];
      bool outside = (v->kind == IR_VAL_INST && v->id < f->ninsts && !L->in_loop[f->insts[v->id].block]) ||
                     (v->kind == IR_VAL_ARG && v->id < f->nparams);
      if (outside && is_int_slot(&v->type) && slot_index(L, v) == UINT32_MAX) VEC_PUSH(L->slots, *v);
    }
  }
  for (uint32_t p = 0; p < L->nphis; p++) {
    const ir_inst *phi = &f->insts[L->slots.data[p].id];
    ir_value entry = {IR_VAL_NONE, {0}, 0, 0};
    bool several = false;
    for (uint32_t k = 0; k < phi->nops && k < phi->ntargets; k++) {
      if (phi->targets[k] >= f->nblocks || L->in_loop[phi->targets[k]]) continue;
      if (entry.kind == IR_VAL_NONE) entry = phi->ops[k];
      else if (!same_value(&entry, &phi->ops[k])) several = true;
    }
    bool usable = !several && (entry.kind == IR_VAL_CONST || entry.kind == IR_VAL_INST || entry.kind == IR_VAL_ARG) &&
                  entry.type.bits == phi->type.bits;
    if (!usable) entry = (ir_value){IR_VAL_NONE, {0}, 0, 0};
    VEC_PUSH(L->entries, entry);
    if (usable && entry.kind != IR_VAL_CONST && slot_index(L, &entry) == UINT32_MAX && L->slots.len < KIND_MAX_SLOTS &&
        (entry.kind == IR_VAL_ARG ? entry.id < f->nparams : entry.id < f->ninsts))
      VEC_PUSH(L->slots, entry);
  }
}

static bkloop *analyse_loop(const ir_module *m, uint32_t fid, uint32_t head) {
  const ir_func *f = &m->funcs.data[fid];
  bkloop *L = xcalloc(1, sizeof *L);
  L->ok = true;
  L->in_loop = xcalloc(f->nblocks + 1, sizeof *L->in_loop);
  if (!ir_natural_loop(f, head, L->in_loop)) {
    give_up(L, "a loop without a back edge to its head");
    return L;
  }
  /* one entry: only the head has predecessors outside the loop */
  for (uint32_t i = 0; i < f->ninsts && L->ok; i++) {
    const ir_inst *in = &f->insts[i];
    if (!ir_is_terminator(in->op) || L->in_loop[in->block] || in->op == IR_PHI) continue;
    for (uint32_t k = 0; k < in->ntargets; k++)
      if (in->targets[k] < f->nblocks && in->targets[k] != head && L->in_loop[in->targets[k]])
        give_up(L, "a loop with more than one entry");
  }
  if (!L->ok) return L;
  scan_ctx sc = {m, L, fid, xcalloc(m->funcs.len + 1, sizeof(bool)), xcalloc(f->ninsts + 1, sizeof(bool)), NULL};
  sc.fn_seen[fid] = true; /* a recursive call back into the loop's function: scanned whole below */
  scan_function(&sc, fid, L->in_loop);
  free(sc.fn_seen);
  free(sc.visited);
  free(sc.taken);
  find_slots(f, head, L);
  return L;
}

const bkloop *bkind_loop(benc *e, uint32_t fid, uint32_t head) {
  uint64_t key = (uint64_t)fid << 32 | head, idx;
  if (u64_map_get(&e->kloops, key, &idx)) return e->kloop_list.data[idx - 1];
  bkloop *L = analyse_loop(e->m, fid, head);
  VEC_PUSH(e->kloop_list, L);
  u64_map_put(&e->kloops, key, e->kloop_list.len);
  return L;
}

void bkind_free(benc *e) {
  for (size_t i = 0; i < e->kloop_list.len; i++) {
    bkloop *L = e->kloop_list.data[i];
    VEC_FREE(L->globals);
    VEC_FREE(L->allocas);
    VEC_FREE(L->slots);
    VEC_FREE(L->entries);
    free(L->in_loop);
    free(L);
  }
  VEC_FREE(e->kloop_list);
  u64_map_free(&e->kloops);
  for (size_t i = 0; i < e->krecs.len; i++) free(e->krecs.data[i].slots);
  VEC_FREE(e->krecs);
}

/* ---- invariant candidates ----------------------------------------------------------- */
typedef struct {
  bmc_kind_atom atom;
  uint32_t sa, sb; /* slot indices (sb UINT32_MAX: the constant) */
  uint32_t sx, sy; /* SUM, DIFF2: slot indices (UINT32_MAX: the constant atom.x / atom.y) */
  uint32_t lin_s[BMC_KIND_LIN_TERMS]; /* LIN: the terms' slot indices */
  unsigned w;
  bool alive;
} cand;
typedef VEC(cand) cand_vec;

static smt_term slot_term(const bkrec *r, uint32_t slot) { return r->slots[slot]; }

/* k * v as shifts and adds (|k| <= KIND_LIN_MAX_COEF): Z3's incremental
 * core bit-blasts a product with a constant as a full multiplier, which
 * made the queries of sampled equalities 15 times slower. */
static smt_term times_const(smt_ctx *c, int64_t k, smt_term v, unsigned w) {
  uint64_t m = k < 0 ? (uint64_t)-k : (uint64_t)k;
  smt_term sum = smt_mk_bv(c, w, 0);
  for (unsigned i = 0; i < 63 && i < w && (m >> i); i++)
    if (m >> i & 1)
      sum = smt_mk_bv_op2(c, SMT_BV_ADD, sum, i ? smt_mk_bv_op2(c, SMT_BV_SHL, v, smt_mk_bv(c, w, i)) : v);
  return k < 0 ? smt_mk_bv_op2(c, SMT_BV_SUB, smt_mk_bv(c, w, 0), sum) : sum;
}

/* The candidate at record r; SMT_NULL when a slot is not set there. */
static smt_term cand_term(smt_ctx *c, const cand *cd, const bkrec *r) {
  if (cd->atom.rel == KREL_LIN) {
    smt_term sum = smt_mk_bv(c, cd->w, cd->atom.c);
    for (unsigned i = 0; i < cd->atom.nlin; i++) {
      smt_term v = slot_term(r, cd->lin_s[i]);
      if (v == SMT_NULL || smt_bv_width(c, v) != cd->w) return SMT_NULL;
      sum = smt_mk_bv_op2(c, SMT_BV_ADD, sum, times_const(c, cd->atom.lin_c[i], v, cd->w));
    }
    return smt_mk_eq(c, sum, smt_mk_bv(c, cd->w, 0));
  }
  smt_term a = slot_term(r, cd->sa);
  smt_term b = cd->sb == UINT32_MAX ? smt_mk_bv(c, cd->w, cd->atom.c) : slot_term(r, cd->sb);
  if (a == SMT_NULL || b == SMT_NULL || smt_bv_width(c, a) != cd->w || smt_bv_width(c, b) != cd->w) return SMT_NULL;
  switch (cd->atom.rel) {
  case KREL_EQ: return smt_mk_eq(c, a, b);
  case KREL_SLE: return smt_mk_bv_op2(c, SMT_BV_SLE, a, b);
  case KREL_SGE: return smt_mk_bv_op2(c, SMT_BV_SGE, a, b);
  case KREL_ULE: return smt_mk_bv_op2(c, SMT_BV_ULE, a, b);
  case KREL_UGE: return smt_mk_bv_op2(c, SMT_BV_UGE, a, b);
  case KREL_DIFF: return smt_mk_eq(c, smt_mk_bv_op2(c, SMT_BV_SUB, a, b), smt_mk_bv(c, cd->w, cd->atom.c));
  case KREL_SUM:
  case KREL_DIFF2: {
    smt_term x = cd->sx == UINT32_MAX ? smt_mk_bv(c, cd->w, cd->atom.x.imm) : slot_term(r, cd->sx);
    smt_term y = cd->sy == UINT32_MAX ? smt_mk_bv(c, cd->w, cd->atom.y.imm) : slot_term(r, cd->sy);
    if (x == SMT_NULL || y == SMT_NULL || smt_bv_width(c, x) != cd->w || smt_bv_width(c, y) != cd->w) return SMT_NULL;
    smt_kind op = cd->atom.rel == KREL_SUM ? SMT_BV_ADD : SMT_BV_SUB;
    return smt_mk_eq(c, smt_mk_bv_op2(c, op, a, b), smt_mk_bv_op2(c, op, x, y));
  }
  default: return SMT_NULL;
  }
}

static void add_cand(cand_vec *cs, size_t *per_loop, uint32_t fid, uint32_t head, const bkloop *L, uint32_t sa,
                     uint32_t sb, uint8_t rel, uint64_t k) {
  if (*per_loop >= KIND_MAX_CANDS) return;
  unsigned w = L->slots.data[sa].type.bits;
  uint64_t ones = ir_mask(w), smax = ones >> 1, smin = smax + 1;
  k &= ones;
  if (sb == UINT32_MAX && ((rel == KREL_ULE && k == ones) || (rel == KREL_SLE && k == smax) ||
                           (rel == KREL_SGE && k == smin) || (rel == KREL_UGE && k == 0)))
    return; /* true of every value */
  ir_value none = {IR_VAL_NONE, {0}, 0, 0};
  cand cd = {.atom = {.func = fid, .block = head, .a = L->slots.data[sa], .b = sb == UINT32_MAX ? none : L->slots.data[sb],
                      .x = none, .y = none, .rel = rel, .c = k},
             .sa = sa, .sb = sb, .sx = UINT32_MAX, .sy = UINT32_MAX, .w = w, .alive = true};
  VEC_PUSH(*cs, cd);
  (*per_loop)++;
}

static void push_const(u64_vec *ks, uint64_t v) {
  for (size_t i = 0; i < ks->len; i++)
    if (ks->data[i] == v) return;
  if (ks->len < KIND_MAX_CONSTS) VEC_PUSH(*ks, v);
}

/* ---- affine equalities from sample runs ------------------------------------------- */
#define KIND_SAMPLE_RUNS 12
#define KIND_SAMPLE_ROWS 96       /* per loop */
#define KIND_SAMPLE_STEPS 200000  /* per run */
#define KIND_LIN_MAX_COEF 4096

typedef struct {
  benc *e;
  u64_vec *rows;  /* per loop of e->kloop_list: its slots' values, row after row */
  uint64_t state; /* the draws' PRNG */
  unsigned run;
} sample_ctx;

/* Small inputs, a different range per run, some negative. */
static bool small_draw(void *ctxp, const interp_draw *d, uint64_t *value) {
  sample_ctx *c = ctxp;
  if (d->pointer) return false;
  c->state = c->state * 6364136223846793005ULL + 1442695040888963407ULL;
  uint64_t r = c->state >> 33;
  int64_t v = (int64_t)(r % (2 + 3 * c->run));
  if (c->run % 3 == 2 && (r >> 24) % 4 == 0) v = -v;
  *value = (uint64_t)v;
  return true;
}

static void observe_head(void *ctxp, const interp_event *ev) {
  sample_ctx *c = ctxp;
  if (ev->kind != INTERP_EV_HEAD) return;
  uint64_t idx;
  if (!u64_map_get(&c->e->kloops, (uint64_t)ev->func << 32 | ev->block, &idx)) return;
  const bkloop *L = c->e->kloop_list.data[idx - 1];
  u64_vec *rows = &c->rows[idx - 1];
  if (!L->ok || !L->slots.len || rows->len >= (size_t)KIND_SAMPLE_ROWS * L->slots.len) return;
  const ir_func *f = &c->e->m->funcs.data[ev->func];
  for (size_t i = 0; i < L->slots.len; i++) {
    const ir_value *v = &L->slots.data[i];
    uint32_t at = v->kind == IR_VAL_ARG ? f->ninsts + v->id : v->id;
    uint64_t bits = at < ev->nvalues ? ev->values[at] : 0;
    VEC_PUSH(*rows, (uint64_t)ir_sext(bits, v->type.bits));
  }
}

/* Adds the affine equalities over the slots of width w of loop L that
 * hold in the rows: a basis of the null space of [rows | 1] (rational
 * Gauss-Jordan), each vector scaled to integers. */
static void null_space_candidates(cand_vec *cs, size_t *n, uint32_t fid, uint32_t head, const bkloop *L,
                                  const u64_vec *rows, unsigned w) {
  uint32_t cols[KIND_MAX_SLOTS + 1], nc = 0;
  for (uint32_t i = 0; i < L->slots.len; i++)
    if (L->slots.data[i].type.bits == w) cols[nc++] = i;
  if (nc < 1) return;
  uint32_t ncol = nc + 1, nrow = (uint32_t)(rows->len / L->slots.len);
  if (nrow < 2) return;
  mpq_t *M = xmalloc((size_t)nrow * ncol * sizeof *M);
  for (uint32_t r = 0; r < nrow; r++)
    for (uint32_t k = 0; k < ncol; k++) {
      mpq_init(M[r * ncol + k]);
      int64_t v = k < nc ? (int64_t)rows->data[(size_t)r * L->slots.len + cols[k]] : 1;
      mpq_set_si(M[r * ncol + k], v, 1);
    }
  /* reduced row echelon form */
  int32_t pivot_of[KIND_MAX_SLOTS + 2];
  for (uint32_t k = 0; k < ncol; k++) pivot_of[k] = -1;
  uint32_t pr = 0;
  mpq_t t;
  mpq_init(t);
  for (uint32_t k = 0; k < ncol && pr < nrow; k++) {
    uint32_t sel = nrow;
    for (uint32_t r = pr; r < nrow && sel == nrow; r++)
      if (mpq_sgn(M[r * ncol + k])) sel = r;
    if (sel == nrow) continue;
    for (uint32_t j = 0; j < ncol; j++) mpq_swap(M[pr * ncol + j], M[sel * ncol + j]);
    mpq_set(t, M[pr * ncol + k]);
    for (uint32_t j = 0; j < ncol; j++) mpq_div(M[pr * ncol + j], M[pr * ncol + j], t);
    for (uint32_t r = 0; r < nrow; r++) {
      if (r == pr || !mpq_sgn(M[r * ncol + k])) continue;
      mpq_set(t, M[r * ncol + k]);
      for (uint32_t j = 0; j < ncol; j++) {
        mpq_t prod;
        mpq_init(prod);
        mpq_mul(prod, t, M[pr * ncol + j]);
        mpq_sub(M[r * ncol + j], M[r * ncol + j], prod);
        mpq_clear(prod);
      }
    }
    pivot_of[k] = (int32_t)pr++;
  }
  /* one null vector per free column */
  for (uint32_t fcol = 0; fcol < ncol; fcol++) {
    if (pivot_of[fcol] >= 0) continue;
    mpz_t lcm, num;
    mpz_init_set_ui(lcm, 1);
    mpz_init(num);
    for (uint32_t k = 0; k < ncol; k++)
      if (pivot_of[k] >= 0) mpz_lcm(lcm, lcm, mpq_denref(M[(uint32_t)pivot_of[k] * ncol + fcol]));
    int64_t coef[KIND_MAX_SLOTS + 2];
    bool ok = true;
    unsigned nz = 0;
    for (uint32_t k = 0; k < ncol && ok; k++) {
      if (k == fcol) {
        mpz_set(num, lcm);
      } else if (pivot_of[k] >= 0) {
        const mpq_t *q = &M[(uint32_t)pivot_of[k] * ncol + fcol];
        mpz_divexact(num, lcm, mpq_denref(*q));
        mpz_mul(num, num, mpq_numref(*q));
        mpz_neg(num, num);
      } else {
        mpz_set_ui(num, 0);
      }
      ok = mpz_cmpabs_ui(num, KIND_LIN_MAX_COEF) <= 0;
      coef[k] = ok ? mpz_get_si(num) : 0;
      if (k < nc && coef[k]) nz++;
    }
    mpz_clears(lcm, num, NULL);
    if (!ok || nz < 2 || nz > BMC_KIND_LIN_TERMS) continue;
    size_t before = cs->len;
    uint32_t some = 0;
    while (!coef[some]) some++; /* a slot of the equality (nz >= 2) */
    add_cand(cs, n, fid, head, L, cols[some], UINT32_MAX, KREL_LIN, 0);
    if (cs->len == before) continue;
    cand *cd = &cs->data[cs->len - 1];
    cd->atom.c = (uint64_t)coef[nc] & ir_mask(w);
    for (uint32_t k = 0; k < nc; k++)
      if (coef[k]) {
        unsigned i = cd->atom.nlin++;
        cd->lin_s[i] = cols[k];
        cd->atom.lin_v[i] = L->slots.data[cols[k]];
        cd->atom.lin_c[i] = coef[k];
      }
  }
  mpq_clear(t);
  for (size_t i = 0; i < (size_t)nrow * ncol; i++) mpq_clear(M[i]);
  free(M);
}

/* Runs the program a few times with small inputs and returns, per loop of
 * e->kloop_list, the slots' values at its head visits. */
static u64_vec *sample_runs(benc *e) {
  sample_ctx sc = {e, xcalloc(e->kloop_list.len + 1, sizeof(u64_vec)), 0x9e3779b97f4a7c15ULL, 0};
  for (sc.run = 0; sc.run < KIND_SAMPLE_RUNS && !budget_expired(e->budget); sc.run++) {
    interp_options io;
    interp_options_default(&io);
    io.out = NULL;
    io.draw = small_draw;
    io.draw_ctx = &sc;
    io.observe = observe_head;
    io.observe_ctx = &sc;
    io.lasso.enabled = true;
    io.lasso.max_visits = 4000;
    io.max_steps = KIND_SAMPLE_STEPS;
    io.budget = e->budget;
    interp_result res;
    interp_run(e->m, &io, &res);
    interp_result_free(&res);
  }
  return sc.rows;
}

/* Candidates for every loop with a record in e (see bmc.h). */
static void make_candidates(benc *e, cand_vec *cs) {
  u64_vec *samples = sample_runs(e);
  for (size_t li = 0; li < e->kloop_list.len; li++) {
    const bkloop *L = e->kloop_list.data[li];
    if (!L->ok || !L->slots.len) continue;
    /* which loop: find a record of it */
    const bkrec *first = NULL;
    uint32_t fid = 0, head = 0;
    for (size_t r = 0; r < e->krecs.len && !first; r++) {
      const bkrec *rec = &e->krecs.data[r];
      if (bkind_loop(e, rec->func, rec->block) == L && rec->kind == BKREC_ENTRY) first = rec;
    }
    if (!first) continue;
    fid = first->func, head = first->block;
    const ir_func *f = &e->m->funcs.data[fid];
    size_t n = 0;
    for (uint32_t a = 0; a < L->slots.len; a++) {
      unsigned w = L->slots.data[a].type.bits;
      u64_vec ks = {0};
      push_const(&ks, 0);
      uint64_t v;
      smt_term at = first->slots[a];
      if (at != SMT_NULL && bmem_const(e, at, &v)) push_const(&ks, v);
      /* constants the loop compares with */
      for (uint32_t i = 0; i < f->ninsts; i++) {
        const ir_inst *in = &f->insts[i];
        if (in->op != IR_ICMP || !L->in_loop[in->block]) continue;
        for (uint32_t k = 0; k < 2; k++)
          if (in->ops[k].kind == IR_VAL_CONST && in->ops[k].type.bits == w) {
            push_const(&ks, in->ops[k].imm);
            push_const(&ks, in->ops[k].imm - 1);
            push_const(&ks, in->ops[k].imm + 1);
          }
      }
      for (size_t k = 0; k < ks.len; k++) {
        if (a < L->nphis) add_cand(cs, &n, fid, head, L, a, UINT32_MAX, KREL_EQ, ks.data[k]);
        add_cand(cs, &n, fid, head, L, a, UINT32_MAX, KREL_SLE, ks.data[k]);
        add_cand(cs, &n, fid, head, L, a, UINT32_MAX, KREL_SGE, ks.data[k]);
        add_cand(cs, &n, fid, head, L, a, UINT32_MAX, KREL_ULE, ks.data[k]);
      }
      VEC_FREE(ks);
      for (uint32_t b = a + 1; b < L->slots.len; b++) {
        if (L->slots.data[b].type.bits != w || (a >= L->nphis && b >= L->nphis)) continue;
        static const uint8_t rels[] = {KREL_EQ, KREL_SLE, KREL_SGE, KREL_ULE, KREL_UGE};
        for (size_t k = 0; k < sizeof rels; k++) add_cand(cs, &n, fid, head, L, a, b, rels[k], 0);
        smt_term ta = first->slots[a], tb = first->slots[b];
        uint64_t va, vb;
        if (ta != SMT_NULL && tb != SMT_NULL && bmem_const(e, ta, &va) && bmem_const(e, tb, &vb) && va != vb)
          add_cand(cs, &n, fid, head, L, a, b, KREL_DIFF, va - vb);
      }
    }
    /* two phis against their values on entry */
    for (uint32_t a = 0; a < L->nphis; a++)
      for (uint32_t b = a + 1; b < L->nphis; b++) {
        const ir_value *ea = &L->entries.data[a], *eb = &L->entries.data[b];
        if (ea->kind == IR_VAL_NONE || eb->kind == IR_VAL_NONE || L->slots.data[a].type.bits != L->slots.data[b].type.bits ||
            (ea->kind == IR_VAL_CONST && eb->kind == IR_VAL_CONST))
          continue;
        for (int op = 0; op < 2; op++) {
          size_t before = cs->len;
          add_cand(cs, &n, fid, head, L, a, b, op ? KREL_DIFF2 : KREL_SUM, 0);
          if (cs->len == before) continue;
          cand *cd = &cs->data[cs->len - 1];
          cd->atom.x = *ea, cd->atom.y = *eb;
          cd->sx = ea->kind == IR_VAL_CONST ? UINT32_MAX : slot_index(L, ea);
          cd->sy = eb->kind == IR_VAL_CONST ? UINT32_MAX : slot_index(L, eb);
          if ((ea->kind != IR_VAL_CONST && cd->sx == UINT32_MAX) || (eb->kind != IR_VAL_CONST && cd->sy == UINT32_MAX)) {
            cs->len--;
            n--;
          }
        }
      }
    /* affine equalities of the sample runs, per width */
    for (uint32_t a = 0; a < L->slots.len; a++) {
      bool first_of_width = true;
      for (uint32_t b = 0; b < a && first_of_width; b++)
        first_of_width = L->slots.data[b].type.bits != L->slots.data[a].type.bits;
      if (first_of_width) null_space_candidates(cs, &n, fid, head, L, &samples[li], L->slots.data[a].type.bits);
    }
  }
  for (size_t i = 0; i < e->kloop_list.len; i++) VEC_FREE(samples[i]);
  free(samples);
}

static bool same_loop(const cand *cd, const bkrec *r) { return cd->atom.func == r->func && cd->atom.block == r->block; }

/* prefix[i]: the live candidates assumed at the havoc records before
 * record i (i = 0 .. krecs.len). A query about a point assumes only the
 * havocs made before it: the encoding meets the points of one path in the
 * order they run, and the invariants are known only up to the first
 * point where one fails (bmc.h). */
static smt_term *prefix_hypotheses(benc *e, const cand_vec *cs) {
  smt_ctx *c = e->ctx;
  size_t n = e->krecs.len;
  smt_term *P = xcalloc(n + 1, sizeof *P);
  P[0] = SMT_TRUE;
  for (size_t r = 0; r < n; r++) {
    const bkrec *rec = &e->krecs.data[r];
    P[r + 1] = P[r];
    if (rec->kind != BKREC_HAVOC) continue;
    smt_term_vec parts = {0};
    for (size_t i = 0; i < cs->len; i++) {
      if (!cs->data[i].alive || !same_loop(&cs->data[i], rec)) continue;
      smt_term t = cand_term(c, &cs->data[i], rec);
      if (t != SMT_NULL) VEC_PUSH(parts, t);
    }
    smt_term h = smt_mk_and(c, (uint32_t)parts.len, parts.data);
    VEC_FREE(parts);
    if (h != SMT_TRUE) P[r + 1] = smt_mk_and2(c, P[r], smt_mk_implies(c, rec->guard, h));
  }
  return P;
}

/* Houdini: drops the candidates that are not inductive (bmc.h); when the
 * solver gives up, every candidate. */
static void houdini(benc *e, cand_vec *cs) {
  smt_ctx *c = e->ctx;
  for (;;) {
    smt_term *P = prefix_hypotheses(e, cs);
    smt_term_vec fails = {0};
    for (size_t r = 0; r < e->krecs.len; r++) {
      const bkrec *rec = &e->krecs.data[r];
      if (rec->kind == BKREC_HAVOC || rec->guard == SMT_FALSE) continue;
      smt_term_vec nots = {0};
      for (size_t i = 0; i < cs->len; i++) {
        if (!cs->data[i].alive || !same_loop(&cs->data[i], rec)) continue;
        smt_term t = cand_term(c, &cs->data[i], rec);
        if (t == SMT_NULL) cs->data[i].alive = false; /* cannot be checked there */
        else VEC_PUSH(nots, smt_mk_not(c, t));
      }
      smt_term some = smt_mk_or(c, (uint32_t)nots.len, nots.data);
      VEC_FREE(nots);
      if (some != SMT_FALSE) VEC_PUSH(fails, smt_mk_and(c, 3, (smt_term[]){rec->guard, P[r], some}));
    }
    smt_term goal = smt_mk_or(c, (uint32_t)fails.len, fails.data);
    VEC_FREE(fails);
    if (goal == SMT_FALSE) {
      free(P);
      return;
    }
    smt_solver *sv = smt_solver_new(c, SMT_BACKEND_Z3);
    /* Z3's one-shot solver (no push): its preprocessing takes the
     * candidates' products with constants apart (bhmr2007: 1.3 s, against
     * 19 s in the incremental core); the encoding here is k = 1's, small */
    smt_solver_assert(sv, goal);
    e->stat_queries++;
    double t0 = util_now();
    smt_result sr = smt_solver_check(sv, e->budget);
    e->stat_solve_s += util_now() - t0;
    if (sr != SMT_SAT) {
      smt_solver_free(sv);
      free(P);
      if (sr == SMT_UNSAT) return;
      for (size_t i = 0; i < cs->len; i++) cs->data[i].alive = false;
      return;
    }
    unsigned dropped = 0;
    for (size_t r = 0; r < e->krecs.len; r++) {
      const bkrec *rec = &e->krecs.data[r];
      if (rec->kind == BKREC_HAVOC || !bmc_model_bool(sv, rec->guard) || !bmc_model_bool(sv, P[r])) continue;
      for (size_t i = 0; i < cs->len; i++) {
        if (!cs->data[i].alive || !same_loop(&cs->data[i], rec)) continue;
        smt_term t = cand_term(c, &cs->data[i], rec);
        if (t != SMT_NULL && !bmc_model_bool(sv, t)) {
          cs->data[i].alive = false;
          dropped++;
        }
      }
    }
    smt_solver_free(sv);
    free(P);
    if (!dropped) { /* cannot happen with an exact model; be safe */
      for (size_t i = 0; i < cs->len; i++) cs->data[i].alive = false;
      return;
    }
  }
}

/* ---- the queries --------------------------------------------------------------------- */
static bool any_loop_allocates(benc *e) {
  for (size_t i = 0; i < e->kloop_list.len; i++)
    if (e->kloop_list.data[i]->allocates) return true;
  return false;
}

/* Is goal satisfiable? */
static smt_result ask(benc *e, smt_term goal) {
  if (goal == SMT_FALSE) return SMT_UNSAT;
  smt_solver *sv = smt_solver_new(e->ctx, SMT_BACKEND_Z3);
  /* Z3's incremental core: its one-shot bit-blasting tactic ran past the
   * timeout and an interrupt on larger k (trex03-1 at k = 8: 14 s over) */
  smt_solver_push(sv);
  smt_solver_assert(sv, goal);
  e->stat_queries++;
  double t0 = util_now();
  smt_result r = smt_solver_check(sv, e->budget);
  e->stat_solve_s += util_now() - t0;
  smt_solver_free(sv);
  return r;
}

typedef enum { KSTEP_PROVED, KSTEP_NEXT, KSTEP_STOP } kstep_result;

/* One k: encode, strengthen (first time: Houdini on this encoding), ask. */
static kstep_result try_k(const ir_module *m, unsigned checks, const bmc_kind_options *o, unsigned k, cand_vec *cs,
                          bool *cands_made, bmc_kind_result *out) {
  smt_ctx *ctx = smt_ctx_new();
  benc e = {0};
  e.m = m;
  e.ctx = ctx;
  e.pw = m->ptr_bits;
  e.bound = k;
  e.checks = checks;
  e.budget = o->budget;
  e.kind_on = true;
  e.kind_k = k;
  kstep_result res = KSTEP_NEXT;
  double t0 = util_now();
  bool encoded = benc_run(&e);
  e.stat_encode_s = util_now() - t0;
  if (!encoded) {
    snprintf(out->reason, sizeof out->reason, "%s (k %u)",
             e.out_of_time ? "timeout (or work limit) while encoding" : e.incomplete_why ? e.incomplete_why
                                                                                          : "no main function",
             k);
    res = KSTEP_STOP;
  } else if (e.incomplete) {
    snprintf(out->reason, sizeof out->reason, "%s", e.incomplete_why);
    res = KSTEP_STOP;
  } else if ((checks & (1u << PROP_VALID_MEMCLEANUP)) && any_loop_allocates(&e)) {
    snprintf(out->reason, sizeof out->reason, "k-induction: a loop allocates (valid-memcleanup needs every object)");
    res = KSTEP_STOP;
  }
  if (res == KSTEP_NEXT) {
    if (o->invariants && !*cands_made) {
      *cands_made = true;
      make_candidates(&e, cs);
      out->candidates = (unsigned)cs->len;
      houdini(&e, cs);
    }
    smt_term *P = prefix_hypotheses(&e, cs);
    smt_term_vec conds = {0};
    for (size_t i = 0; i < e.viols.len; i++) VEC_PUSH(conds, smt_mk_and2(ctx, e.viols.data[i].cond, P[e.viols.data[i].seq]));
    smt_term any = smt_mk_or(ctx, (uint32_t)conds.len, conds.data);
    conds.len = 0;
    smt_result vr = ask(&e, any);
    if (vr == SMT_UNSAT) {
      for (size_t i = 0; i < e.cuts.len; i++) VEC_PUSH(conds, smt_mk_and2(ctx, e.cuts.data[i].cond, P[e.cuts.data[i].seq]));
      smt_term cut = smt_mk_or(ctx, (uint32_t)conds.len, conds.data);
      smt_result cr = ask(&e, cut);
      if (cr == SMT_UNSAT) {
        res = KSTEP_PROVED;
        out->havocs = (unsigned)e.stat_havocs;
      } else if (cr == SMT_SAT) {
        snprintf(out->reason, sizeof out->reason, "k-induction: %s (k %u)",
                 e.kind_failed ? e.kind_why : "a run is cut (recursion deeper than k)", k);
      } else {
        snprintf(out->reason, sizeof out->reason, "k-induction: solver gave up (k %u)", k);
        res = KSTEP_STOP;
      }
    } else if (vr == SMT_SAT) {
      snprintf(out->reason, sizeof out->reason, "k-induction: step not proved up to k %u", k);
    } else {
      snprintf(out->reason, sizeof out->reason, "k-induction: solver gave up (k %u)", k);
      res = KSTEP_STOP;
    }
    VEC_FREE(conds);
    free(P);
  }
  if (o->stats)
    fprintf(stderr, "kind: k %u: %llu insts, %llu havocs, %zu records, %zu checks, %llu assumed, %llu queries, "
                    "encode %.2fs, solve %.2fs\n",
            k, (unsigned long long)e.stat_insts, (unsigned long long)e.stat_havocs, e.krecs.len, e.viols.len,
            (unsigned long long)e.stat_assumed, (unsigned long long)e.stat_queries, e.stat_encode_s, e.stat_solve_s);
  bmc_stats_add(&out->stats, &e);
  benc_free(&e);
  bkind_free(&e);
  smt_ctx_free(ctx);
  return res;
}

/* A bound between two slots that an equality between them, also proved,
 * implies (left out of the answer; the proof assumed both). */
static bool implied_by_equality(const cand_vec *cs, const cand *cd) {
  if (cd->sb == UINT32_MAX || cd->atom.rel == KREL_EQ || cd->atom.rel == KREL_DIFF) return false;
  for (size_t i = 0; i < cs->len; i++) {
    const cand *o = &cs->data[i];
    if (o->alive && o->atom.rel == KREL_EQ && o->sa == cd->sa && o->sb == cd->sb && o->atom.func == cd->atom.func &&
        o->atom.block == cd->atom.block)
      return true;
  }
  return false;
}

bool bmc_kind_applies(const ir_module *m, unsigned checks) {
  unsigned provable = BMC_PROVABLE_CHECKS;
  return checks && !(checks & ~provable) && !m->unsupported.len &&
         !((checks & (1u << PROP_NO_OVERFLOW)) && bmc_has_unflagged_shl(m));
}

bmc_kind_answer bmc_kinduction(const ir_module *m, unsigned checks, const bmc_kind_options *o, bmc_kind_result *out) {
  bmc_kind_options defaults;
  if (!o) {
    bmc_kind_options_default(&defaults);
    o = &defaults;
  }
  memset(out, 0, sizeof *out);
  out->answer = KIND_UNKNOWN;
  if (!bmc_kind_applies(m, checks)) {
    snprintf(out->reason, sizeof out->reason,
             m->unsupported.len ? "unsupported construct"
             : (checks & (1u << PROP_NO_OVERFLOW)) && bmc_has_unflagged_shl(m)
                 ? "no-overflow with a left shift without nsw"
                 : "k-induction decides unreach-call, no-overflow and valid-memcleanup only (memory is address-based)");
    return out->answer;
  }
  cand_vec cs = {0};
  bool cands_made = false;
  unsigned maxk = o->max_k ? o->max_k : 64;
  for (unsigned k = 1;; k *= 2) {
    if (k > maxk) k = maxk;
    util_progress_count("k", k);
    out->k = k;
    kstep_result r = try_k(m, checks, o, k, &cs, &cands_made, out);
    if (r == KSTEP_PROVED) {
      out->answer = KIND_SAFE;
      for (size_t i = 0; i < cs.len; i++)
        if (cs.data[i].alive && !implied_by_equality(&cs, &cs.data[i])) VEC_PUSH(out->invariants, cs.data[i].atom);
      break;
    }
    if (r == KSTEP_STOP) break;
    if (k >= maxk) break;
    if (budget_expired(o->budget)) {
      snprintf(out->reason, sizeof out->reason, "k-induction: timeout after k %u", k);
      break;
    }
  }
  VEC_FREE(cs);
  assert(out->answer != KIND_UNKNOWN || out->reason[0]);
  return out->answer;
}

void bmc_kind_result_free(bmc_kind_result *r) { VEC_FREE(r->invariants); }

/* ---- rendering ------------------------------------------------------------------------- */
/* The C variable of slot value v of function f, cast to its type read
 * signed or unsigned; false when it has none. */
static bool render_slot(const ir_func *f, uint32_t head, const ir_value *v, bool sgn, strbuf *out) {
  const char *var = NULL;
  /* a phi's C variable is its value at the start of the phi's own block
   * only: the value a loop is entered with, a phi of an earlier loop, is
   * not the variable's value at this head (ir.h, ir_inst.var) */
  if (v->kind == IR_VAL_INST && v->id < f->ninsts && (f->insts[v->id].op != IR_PHI || f->insts[v->id].block == head))
    var = f->insts[v->id].var;
  const char *ty = c_int_type(v->type.bits, sgn);
  if (!var || !ty) return false;
  strbuf_printf(out, "(%s)%s", ty, var);
  return true;
}

static void render_const(unsigned w, uint64_t k, bool sgn, strbuf *out) {
  if (sgn) {
    int64_t s = ir_sext(k, w);
    if (s == INT64_MIN) strbuf_printf(out, "(-9223372036854775807LL - 1)");
    else strbuf_printf(out, "%lldLL", (long long)s);
  } else {
    strbuf_printf(out, "%lluULL", (unsigned long long)k);
  }
}

char *bmc_kind_render(const ir_module *m, const bmc_kind_atom_vec *atoms, uint32_t func, uint32_t block) {
  assert(func < m->funcs.len);
  const ir_func *f = &m->funcs.data[func];
  strbuf sb = {0};
  unsigned n = 0;
  for (size_t i = 0; i < atoms->len; i++) {
    const bmc_kind_atom *a = &atoms->data[i];
    if (a->func != func || a->block != block) continue;
    bool sgn = a->rel == KREL_EQ || a->rel == KREL_SLE || a->rel == KREL_SGE;
    strbuf one = {0};
    static const char *ops[] = {"==", "<=", ">=", "<=", ">="}; /* EQ .. UGE, the plain relations */
    unsigned w = a->a.type.bits;
    bool ok;
    if (a->rel == KREL_LIN) {
      /* sum of c_i * v_i + c == 0 modulo 2^w: unsigned long long products, cut to the unsigned type */
      const char *ty = c_int_type(w, false);
      ok = ty != NULL;
      strbuf_printf(&one, "(%s)(", ty ? ty : "?");
      for (unsigned k = 0; k < a->nlin && ok; k++) {
        strbuf_printf(&one, "%lluULL * ", (unsigned long long)(uint64_t)a->lin_c[k]);
        ok = render_slot(f, block, &a->lin_v[k], false, &one);
        strbuf_printf(&one, " + ");
      }
      strbuf_printf(&one, "%lluULL) == 0", (unsigned long long)a->c);
    } else if (a->rel == KREL_SUM || a->rel == KREL_DIFF2) {
      /* a op b == x op y modulo 2^w, in the unsigned type */
      const char *ty = c_int_type(w, false), *op = a->rel == KREL_SUM ? " + " : " - ";
      ok = ty != NULL;
      strbuf_printf(&one, "(%s)(", ty ? ty : "?");
      ok = ok && render_slot(f, block, &a->a, false, &one);
      strbuf_printf(&one, "%s", op);
      ok = ok && render_slot(f, block, &a->b, false, &one);
      strbuf_printf(&one, ") == (%s)(", ty ? ty : "?");
      if (a->x.kind == IR_VAL_CONST) render_const(w, a->x.imm, false, &one);
      else ok = ok && render_slot(f, block, &a->x, false, &one);
      strbuf_printf(&one, "%s", op);
      if (a->y.kind == IR_VAL_CONST) render_const(w, a->y.imm, false, &one);
      else ok = ok && render_slot(f, block, &a->y, false, &one);
      strbuf_printf(&one, ")");
    } else if (a->rel == KREL_DIFF) {
      /* a - b == c modulo 2^w: computed in the unsigned type, where C wraps */
      const char *ty = c_int_type(w, false);
      strbuf_printf(&one, "(%s)(", ty ? ty : "?");
      ok = ty && render_slot(f, block, &a->a, false, &one);
      strbuf_printf(&one, " - ");
      ok = ok && render_slot(f, block, &a->b, false, &one);
      strbuf_printf(&one, ") == ");
      render_const(w, a->c, false, &one);
    } else {
      ok = render_slot(f, block, &a->a, sgn, &one);
      strbuf_printf(&one, " %s ", ops[a->rel]);
      if (a->b.kind == IR_VAL_NONE) render_const(w, a->c, sgn, &one);
      else ok = ok && render_slot(f, block, &a->b, sgn, &one);
    }
    if (ok && one.data) {
      strbuf_printf(&sb, "%s(%s)", n++ ? " && " : "", one.data);
    }
    strbuf_free(&one);
  }
  if (!n) {
    strbuf_free(&sb);
    return NULL;
  }
  char *r = xstrdup(sb.data);
  strbuf_free(&sb);
  return r;
}
