/* bmc encode: symbolic execution of the bounded program.
 *
 * Each function is run over a reverse postorder of its CFG. States that
 * reach a block wait there and are merged when the sweep arrives (guarded
 * choice, seed 003 Sect. 4.3). An edge to a block not after its source in
 * that order is a back edge (Sect. 3.5.2, Def. 3.14): its states wait at the
 * header until the sweep passes the header's last latch, then the sweep goes
 * back to the header, at most `bound` times per header and entry of the
 * enclosing loops; beyond, the state is cut and its guard becomes an
 * unwinding condition. Calls are inlined at their call site, so the call
 * graph is call-site sensitive (Sect. 3.6); a function already on the inline
 * stack `bound` times is cut the same way.
 *
 * Because the sweep visits the blocks of every run in execution order, the
 * events (nondet draws) are created in the order the interpreter consumes
 * them on each run.
 */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/cfg.h"
#include "../ir/ir_arith.h"
#include "internal.h"

/* Work limit per encoding (instructions executed symbolically). */
#define BENC_MAX_INSTS 3000000u
/* Byte loops of mem* builtins with a symbolic length are unrolled this far. */
#define BENC_SYMBOLIC_LEN 64u
#define BENC_MAX_CONST_LEN 4096u

typedef struct {
  const ir_func *f;
  uint32_t fid;
  smt_term *args;
  uint32_t *pos;     /* per block: position in the order, UINT32_MAX unreachable */
  uint32_t *order;   /* position -> block */
  uint32_t norder;
  bstate *pending;   /* per block; guard SMT_NULL: nothing waiting */
  uint32_t *count;   /* per header block: back edges taken */
  uint32_t *entry;   /* lasso mode, per header block: the number of its current entry */
  bstate *back;      /* per header block: states on its back edges, merged */
  uint32_t *latch_first; /* per position: first header whose last latch it is */
  uint32_t *latch_next;  /* per header: next header with the same last latch */
  bool *latch_of;        /* per block: it is a loop header (some back edge targets it) */
  VEC(uint32_t) objs; /* stack objects of this frame */
  bool has_ret;
  bstate ret;
  smt_term ret_val;
  const bool *in_loop; /* benc_iteration: the loop's blocks (NULL: a whole run) */
  uint32_t iter_head;  /* benc_iteration: the loop's head */
  bool inner_loop;     /* benc_iteration: a back edge to another block was met */
  /* k-induction mode: per header block, 0 while the loop runs its base
   * iterations, i >= 1 in the i-th iteration after the havoc (assumed up to
   * kind_k, checked at kind_k + 1) */
  uint32_t *kstep;
  VEC(uint32_t) headers; /* k-induction mode: the loop headers of the function */
  bool parent_assumed; /* the call that made this frame lies in an assumed iteration */
  bool kind_ok;        /* k-induction mode: the order nests the loops (havocs allowed) */
} bframe;

/* ---- states ------------------------------------------------------------- */
static void state_free(bstate *s) {
  free(s->alive);
  free(s->regs);
  memset(s, 0, sizeof *s);
}

void benc_state_free(bstate *s) { state_free(s); }

static void state_copy(bstate *d, const bstate *s, uint32_t nregs) {
  *d = *s;
  d->alive = s->nalive ? xmalloc(s->nalive * sizeof *s->alive) : NULL;
  if (s->nalive) memcpy(d->alive, s->alive, s->nalive * sizeof *s->alive);
  d->regs = xmalloc((nregs ? nregs : 1) * sizeof *s->regs);
  if (nregs) memcpy(d->regs, s->regs, nregs * sizeof *s->regs);
}

/* Merges src (consumed) into dst; the guards are disjoint. */
static void state_merge(benc *e, bstate *dst, bstate *src, uint32_t nregs) {
  smt_ctx *c = e->ctx;
  assert(src->guard != SMT_NULL && src->guard != SMT_FALSE); /* only states that go on are merged */
  if (dst->guard == SMT_NULL || dst->guard == SMT_FALSE) {
    state_free(dst);
    *dst = *src;
    memset(src, 0, sizeof *src);
    return;
  }
  e->stat_merges++;
  smt_term g = src->guard;
  dst->mem = smt_mk_ite(c, g, src->mem, dst->mem);
  uint32_t n = src->nalive > dst->nalive ? src->nalive : dst->nalive;
  if (n > dst->nalive) bmem_set_alive(e, dst, n - 1, SMT_FALSE);
  for (uint32_t i = 0; i < n; i++) {
    smt_term a = i < src->nalive && src->alive[i] ? src->alive[i] : SMT_FALSE;
    smt_term b = dst->alive[i] ? dst->alive[i] : SMT_FALSE;
    if (a != b) dst->alive[i] = smt_mk_ite(c, g, a, b);
  }
  for (uint32_t i = 0; i < nregs; i++) {
    smt_term a = src->regs[i], b = dst->regs[i];
    if (a == b || a == SMT_NULL) continue;
    dst->regs[i] = b == SMT_NULL ? a : smt_mk_ite(c, g, a, b);
  }
  dst->guard = smt_mk_or2(c, dst->guard, g);
  state_free(src);
}

/* ---- helpers ---------------------------------------------------------------- */
static smt_term bvc(benc *e, unsigned w, uint64_t v) { return smt_mk_bv(e->ctx, w, v); }
static smt_term pconst(benc *e, uint64_t v) { return smt_mk_bv(e->ctx, e->pw, v); }
static unsigned width_of(benc *e, ir_type t) { return t.kind == IR_TY_PTR ? e->pw : (t.bits ? t.bits : 1); }

static smt_term to_bool(benc *e, smt_term t) {
  smt_ctx *c = e->ctx;
  if (smt_term_kind(c, t) == SMT_ITE && smt_term_arg(c, t, 1) == bvc(e, 1, 1) && smt_term_arg(c, t, 2) == bvc(e, 1, 0))
    return smt_term_arg(c, t, 0);
  return smt_mk_eq(c, t, bvc(e, 1, 1));
}
static smt_term from_bool(benc *e, smt_term b) { return smt_mk_ite(e->ctx, b, bvc(e, 1, 1), bvc(e, 1, 0)); }

/* t resized to w bits (zero-extending or truncating). */
static smt_term resize(benc *e, smt_term t, unsigned w, bool sign) {
  unsigned tw = smt_bv_width(e->ctx, t);
  assert(w >= 1 && tw >= 1);
  if (tw == w) return t;
  if (tw > w) return smt_mk_bv_extract(e->ctx, t, w - 1, 0);
  return sign ? smt_mk_bv_sext(e->ctx, t, w - tw) : smt_mk_bv_zext(e->ctx, t, w - tw);
}

static smt_term fresh(benc *e, const char *prefix, unsigned w) {
  return smt_mk_fresh(e->ctx, prefix, smt_sort_bv(w));
}

static void add_event(benc *e, uint32_t func, uint32_t inst, smt_term guard, smt_term value) {
  bevent ev = {func, inst, guard, value};
  VEC_PUSH(e->events, ev);
}

/* A check site of state s, violated when cond (which implies s's guard)
 * holds. */
static void add_viol(benc *e, bstate *s, prop_check check, smt_term cond, uint32_t func, uint32_t inst) {
  assert((unsigned)check < PROP_CHECK_COUNT);
  if (!(e->checks & (1u << check)) || cond == SMT_FALSE) return;
  if (e->kind_on && e->assume_ctx) {
    /* an assumed iteration of k-induction: the property holds here, so the
     * path goes on only without the violation (an assume: it prunes this
     * path, never the choices before it) */
    s->guard = smt_mk_and2(e->ctx, s->guard, smt_mk_not(e->ctx, cond));
    e->stat_assumed++;
    return;
  }
  bviol v = {check, cond, func, inst, false, (uint32_t)e->krecs.len};
  VEC_PUSH(e->viols, v);
}

void benc_cut(benc *e, bcut_kind kind, smt_term cond, uint32_t func, uint32_t block) {
  if (cond == SMT_FALSE) return;
  e->stat_cuts++;
  bcut c = {cond, (uint8_t)kind, func, block, (uint32_t)e->krecs.len};
  VEC_PUSH(e->cuts, c);
}

/* The run is cut here when cond holds: an unwinding condition that no
 * deeper bound removes, and the state goes on only without it. */
static void cut(benc *e, bstate *s, smt_term cond) {
  benc_cut(e, BCUT_OTHER, smt_mk_and2(e->ctx, s->guard, cond), IR_NONE, IR_NONE);
  s->guard = smt_mk_and2(e->ctx, s->guard, smt_mk_not(e->ctx, cond));
}

#define ENTRY_FILL_BOUND (1u << 21)

/* The bound of the loop headed by block h of function fid, and of the
 * recursion of fid (benc.bounds). */
static unsigned loop_bound(const benc *e, uint32_t fid, uint32_t h) {
  /* --function's generated main (function 0) fills the arguments' objects
   * with loops of constant trip count (at most 2^20): unrolled to the end,
   * so that the bound is spent on the function's own loops */
  if (e->m->entry_function && fid == 0) return ENTRY_FILL_BOUND;
  if (!e->bounds) return e->bound;
  assert(e->bounds->loop_base[fid] + h < e->bounds->nloop);
  return e->bounds->loop[e->bounds->loop_base[fid] + h];
}

static unsigned rec_bound(const benc *e, uint32_t fid) { return e->bounds ? e->bounds->rec[fid] : e->bound; }

static void incomplete(benc *e, const char *why) {
  if (!e->incomplete) e->incomplete_why = why;
  e->incomplete = true;
}

static smt_term eval(benc *e, bframe *fr, bstate *s, const ir_value *v, uint32_t inst) {
  unsigned w = width_of(e, v->type);
  switch (v->kind) {
  case IR_VAL_CONST: return bvc(e, w, v->imm);
  case IR_VAL_INST:
    if (v->id < fr->f->ninsts && s->regs[v->id] != SMT_NULL) return s->regs[v->id];
    return fresh(e, "unset", w); /* not defined on this path: never used by a run */
  case IR_VAL_ARG: return v->id < fr->f->nparams ? fr->args[v->id] : fresh(e, "arg", w);
  case IR_VAL_GLOBAL:
    assert(v->id < e->m->globals.len && e->global_obj[v->id] < e->objs.len);
    return pconst(e, e->objs.data[e->global_obj[v->id]].base + v->imm);
  case IR_VAL_FUNC:
    assert(v->id < e->m->funcs.len);
    return pconst(e, e->func_addr[v->id]);
  case IR_VAL_NULL: return pconst(e, 0);
  case IR_VAL_UNDEF: {
    smt_term t = fresh(e, "undef", w);
    add_event(e, fr->fid, inst, s->guard, t);
    return t;
  }
  default: return fresh(e, "bad", w);
  }
}

/* ---- memory accesses -------------------------------------------------------------- */
static void check_access(benc *e, bframe *fr, bstate *s, smt_term addr, smt_term n, uint32_t inst) {
  if (!(e->checks & (1u << PROP_VALID_DEREF))) return;
  smt_term ok = bmem_valid(e, s, addr, n);
  add_viol(e, s, PROP_VALID_DEREF, smt_mk_and2(e->ctx, s->guard, smt_mk_not(e->ctx, ok)), fr->fid, inst);
}

/* The access [addr, addr+n) (n: BV(pw)) stays in the region of its
 * provenance object, or the run is cut here (memory.c: what bmem_select's
 * provenance skips rest on). Called after the access's valid-deref check,
 * so that an out-of-bounds access is still reported as such. */
static void region_cut(benc *e, bstate *s, smt_term addr, smt_term n) {
  smt_term in = bmem_region_cond(e, addr, n);
  if (in == SMT_TRUE) return;
  smt_term none = smt_mk_eq(e->ctx, n, pconst(e, 0));
  cut(e, s, smt_mk_not(e->ctx, smt_mk_or2(e->ctx, none, in)));
}

/* A byte-wise operation over n bytes (BV(pw)): constant lengths exactly,
 * symbolic ones up to BENC_SYMBOLIC_LEN with the rest cut. Calls op(i,
 * inrange) for each i; returns the number of iterations (0: cut all). */
static uint64_t byte_range(benc *e, bstate *s, smt_term n, smt_term *inrange_out, uint64_t max) {
  uint64_t cn;
  if (bmem_const(e, n, &cn)) {
    if (cn > max) {
      cut(e, s, SMT_TRUE);
      return 0;
    }
    *inrange_out = SMT_NULL;
    return cn;
  }
  cut(e, s, smt_mk_bv_op2(e->ctx, SMT_BV_UGT, n, pconst(e, BENC_SYMBOLIC_LEN)));
  *inrange_out = n;
  return BENC_SYMBOLIC_LEN;
}

/* A scalar access of n >= 2 bytes at a constant address into a flat
 * object marks its bytes as a field (benc.speculate). */
static void note_field(benc *e, smt_term addr, unsigned n) {
  uint64_t a, size;
  if (!e->speculate || n < 2 || !bmem_const(e, addr, &a)) return;
  uint32_t o = bmem_provenance(e, addr);
  if (o == UINT32_MAX) return;
  bobj *ob = &e->objs.data[o];
  if (!bmem_const(e, ob->size, &size) || size > BMEM_FLAT_MAX) return;
  for (uint64_t j = a - ob->base; j < a - ob->base + n && j < size; j++) ob->fields |= (uint64_t)1 << j;
}

/* Before a store of n bytes (BV(pw)) at addr: its speculative window
 * (benc.speculate), the run of non-field bytes of its flat object where
 * addr's constant part lies, and the cut where [addr, addr+n) leaves it.
 * Called after region_cut; spec_end after the store. */
static void spec_begin(benc *e, bstate *s, smt_term addr, smt_term n) {
  e->win_hi = 0;
  if (!e->speculate) return;
  uint32_t o = bmem_flat_object(e, addr);
  if (o == UINT32_MAX) return;
  const bobj *ob = &e->objs.data[o];
  uint64_t size = 0, k;
  smt_term rest;
  bmem_const(e, ob->size, &size);
  bmem_split_const(e, addr, &k, &rest);
  uint64_t c = k - ob->base;
  if (!ob->fields || c >= size || (ob->fields >> c & 1) || (e->nospec && u64_map_has(e->nospec, bmem_site_key(e, o))))
    return;
  uint64_t lo = c, hi = c + 1;
  while (lo > 0 && !(ob->fields >> (lo - 1) & 1)) lo--;
  while (hi < size && !(ob->fields >> hi & 1)) hi++;
  smt_ctx *cx = e->ctx;
  smt_term in = bmem_within(e, addr, n, ob->base + lo, pconst(e, hi - lo));
  smt_term out = smt_mk_and2(cx, smt_mk_not(cx, smt_mk_eq(cx, n, pconst(e, 0))), smt_mk_not(cx, in));
  benc_cut(e, BCUT_SPEC, smt_mk_and2(cx, s->guard, out), IR_NONE, o);
  s->guard = smt_mk_and2(cx, s->guard, smt_mk_not(cx, out));
  e->win_obj = o;
  e->win_lo = lo;
  e->win_hi = hi;
}

static void spec_end(benc *e) { e->win_hi = 0; }

/* A symbolic-length operation on [p, p+n) touches at most the bytes of p's
 * provenance object on a run that goes on (region_cut): cnt bytes cut down
 * to them. Constant lengths keep cnt (their accesses are exact). */
static uint64_t region_bytes(benc *e, smt_term p, uint64_t cnt, bool symbolic) {
  if (!symbolic) return cnt;
  uint32_t o = bmem_provenance(e, p);
  if (o == UINT32_MAX) return cnt;
  uint64_t size = e->objs.data[o].region, k;
  smt_term rest;
  bmem_const(e, e->objs.data[o].size, &size); /* its bytes, when the size is known */
  bmem_split_const(e, p, &k, &rest);
  if (rest == SMT_NULL) size = k - e->objs.data[o].base < size ? size - (k - e->objs.data[o].base) : 0;
  return cnt < size ? cnt : size;
}

/* mem with byte i of [dst, dst+n) set to value(i); n symbolic: guarded. */
static void mem_write_bytes(benc *e, bstate *s, smt_term dst, smt_term n, const smt_term *bytes, uint64_t cnt,
                            bool symbolic) {
  for (uint64_t i = 0; i < cnt; i++) {
    smt_term a = smt_mk_bv_op2(e->ctx, SMT_BV_ADD, dst, pconst(e, i));
    smt_term cond = symbolic ? smt_mk_bv_op2(e->ctx, SMT_BV_ULT, pconst(e, i), n) : SMT_TRUE;
    s->mem = bmem_store1_if(e, s->mem, a, bytes[i], cond);
  }
}

/* ---- builtins ------------------------------------------------------------------------- */
static void end_run(bstate *s) { s->guard = SMT_FALSE; }

static void check_leaks(benc *e, bstate *s, uint32_t func, uint32_t inst) {
  unsigned want = (1u << PROP_VALID_MEMTRACK) | (1u << PROP_VALID_MEMCLEANUP);
  if (!(e->checks & want)) return;
  smt_term_vec alive = {0};
  for (uint32_t o = 0; o < e->objs.len; o++) {
    const bobj *ob = &e->objs.data[o];
    /* the arguments' objects of --function (allocated by the generated
     * main, function 0) are the caller's, kept reachable to the end */
    if (ob->kind == BOBJ_HEAP && !(e->m->entry_function && ob->func == 0)) VEC_PUSH(alive, bmem_alive(e, s, o));
  }
  smt_term any = smt_mk_and2(e->ctx, s->guard, smt_mk_or(e->ctx, (uint32_t)alive.len, alive.data));
  VEC_FREE(alive);
  add_viol(e, s, PROP_VALID_MEMCLEANUP, any, func, inst);
  add_viol(e, s, PROP_VALID_MEMTRACK, any, func, inst);
}

static smt_term do_free(benc *e, bframe *fr, bstate *s, smt_term p, uint32_t inst) {
  smt_ctx *c = e->ctx;
  smt_term_vec ok = {0};
  VEC_PUSH(ok, smt_mk_eq(c, p, pconst(e, 0)));
  for (uint32_t o = 0; o < e->objs.len; o++) {
    if (e->objs.data[o].kind != BOBJ_HEAP) continue;
    smt_term alive = bmem_alive(e, s, o);
    if (alive == SMT_FALSE) continue;
    smt_term hit = smt_mk_eq(c, p, bmem_addr(e, o));
    if (hit == SMT_FALSE) continue;
    VEC_PUSH(ok, smt_mk_and2(c, alive, hit));
    bmem_set_alive(e, s, o, smt_mk_and2(c, alive, smt_mk_not(c, hit)));
  }
  smt_term valid = smt_mk_or(c, (uint32_t)ok.len, ok.data);
  VEC_FREE(ok);
  add_viol(e, s, PROP_VALID_FREE, smt_mk_and2(c, s->guard, smt_mk_not(c, valid)), fr->fid, inst);
  return valid;
}

static smt_term new_object(benc *e, bframe *fr, bstate *s, bobj_kind kind, smt_term size, uint32_t inst) {
  uint32_t o = bmem_new(e, s, kind, size, fr->fid, inst);
  if (kind == BOBJ_STACK) VEC_PUSH(fr->objs, o);
  return bmem_addr(e, o);
}

/* Length of the string at p (BV(pw)), strings longer than
 * BENC_SYMBOLIC_LEN cut; checks that the bytes read are valid and records
 * the reads as events (the interpreter draws for uninitialised bytes). */
static smt_term string_length(benc *e, bframe *fr, bstate *s, smt_term p, uint32_t inst) {
  smt_ctx *c = e->ctx;
  smt_term bytes[BENC_SYMBOLIC_LEN];
  smt_term nonzero_all = SMT_TRUE;
  for (unsigned i = 0; i < BENC_SYMBOLIC_LEN; i++) {
    bytes[i] = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, p, pconst(e, i)));
    add_event(e, fr->fid, inst, smt_mk_and2(c, s->guard, nonzero_all), bytes[i]);
    nonzero_all = smt_mk_and2(c, nonzero_all, smt_mk_not(c, smt_mk_eq(c, bytes[i], bvc(e, 8, 0))));
  }
  smt_term len = pconst(e, BENC_SYMBOLIC_LEN);
  for (unsigned i = BENC_SYMBOLIC_LEN; i-- > 0;)
    len = smt_mk_ite(c, smt_mk_eq(c, bytes[i], bvc(e, 8, 0)), pconst(e, i), len);
  cut(e, s, nonzero_all);
  if (e->checks & (1u << PROP_VALID_DEREF)) {
    smt_term ok = bmem_valid(e, s, p, smt_mk_bv_op2(c, SMT_BV_ADD, len, pconst(e, 1)));
    add_viol(e, s, PROP_VALID_DEREF, smt_mk_and2(c, s->guard, smt_mk_not(c, ok)), fr->fid, inst);
  }
  region_cut(e, s, p, smt_mk_bv_op2(c, SMT_BV_ADD, len, pconst(e, 1)));
  return len;
}

static smt_term builtin_call(benc *e, bframe *fr, bstate *s, ir_builtin b, const ir_inst *in, uint32_t inst,
                             const smt_term *args, uint32_t nargs) {
  smt_ctx *c = e->ctx;
  unsigned rw = in->type.kind == IR_TY_VOID ? 0 : width_of(e, in->type);
  smt_term zero = rw ? bvc(e, rw, 0) : SMT_NULL;
  if (e->lasso_on && b >= IR_BUILTIN_REALLOC && b <= IR_BUILTIN_SNPRINTF && b != IR_BUILTIN_FREE &&
      b != IR_BUILTIN_ALLOCA && b != IR_BUILTIN_STACKSAVE && b != IR_BUILTIN_STACKRESTORE && b != IR_BUILTIN_MEMSET) {
    bload l = {SMT_NULL, 0}; /* reads memory the lasso query cannot place: it compares every object */
    VEC_PUSH(e->loads, l);
  }
  switch (b) {
  case IR_BUILTIN_NONDET: {
    if (!rw) return SMT_NULL;
    smt_term t = fresh(e, "nondet", rw);
    add_event(e, fr->fid, inst, s->guard, t);
    return t;
  }
  case IR_BUILTIN_ASSUME:
    if (nargs >= 1) {
      smt_term a = args[0];
      s->guard = smt_mk_and2(c, s->guard, smt_mk_not(c, smt_mk_eq(c, a, bvc(e, smt_bv_width(c, a), 0))));
    }
    return zero;
  case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_VERIFIER_ERROR:
    add_viol(e, s, PROP_UNREACH_CALL, s->guard, fr->fid, inst);
    end_run(s);
    return zero;
  case IR_BUILTIN_EXIT:
    check_leaks(e, s, fr->fid, inst);
    end_run(s);
    return zero;
  case IR_BUILTIN_ASSERT_FAIL:
  case IR_BUILTIN_ABORT:
  case IR_BUILTIN_TRAP: end_run(s); return zero;
  case IR_BUILTIN_ATOMIC_BEGIN:
  case IR_BUILTIN_ATOMIC_END: return zero;
  case IR_BUILTIN_PRINTF:
  case IR_BUILTIN_PUTS:
  case IR_BUILTIN_PUTCHAR:
  case IR_BUILTIN_STACKSAVE:
    /* no effect on memory; any result over-approximates the real one */
    return rw ? fresh(e, "lib", rw) : SMT_NULL;
  case IR_BUILTIN_STACKRESTORE:
    /* VLA objects stay alive to the function's end: only dereference checks
     * could tell, and valid-deref is never proved (bmc.h) */
    return zero;
  case IR_BUILTIN_MALLOC:
    if (nargs < 1) break;
    return new_object(e, fr, s, BOBJ_HEAP, resize(e, args[0], e->pw, false), inst);
  case IR_BUILTIN_ALLOCA:
    if (nargs < 1) break;
    return new_object(e, fr, s, BOBJ_STACK, resize(e, args[0], e->pw, false), inst);
  case IR_BUILTIN_CALLOC: {
    if (nargs < 2) break;
    smt_term n = resize(e, args[0], e->pw, false), k = resize(e, args[1], e->pw, false);
    cut(e, s, smt_mk_bv_op2(c, SMT_BV_UMULO, n, k)); /* the interpreter returns NULL then */
    smt_term size = smt_mk_bv_op2(c, SMT_BV_MUL, n, k);
    smt_term p = new_object(e, fr, s, BOBJ_HEAP, size, inst);
    smt_term inr = SMT_NULL;
    uint64_t cnt = byte_range(e, s, size, &inr, BENC_MAX_CONST_LEN);
    for (uint64_t i = 0; i < cnt; i++) {
      smt_term a = smt_mk_bv_op2(c, SMT_BV_ADD, p, pconst(e, i));
      s->mem = bmem_store1(e, s->mem, a, bvc(e, 8, 0)); /* bytes past size are never validly read */
    }
    return p;
  }
  case IR_BUILTIN_FREE:
    if (nargs < 1) break;
    do_free(e, fr, s, args[0], inst);
    return zero;
  case IR_BUILTIN_REALLOC: {
    if (nargs < 2) break;
    /* only the simple case: p == NULL is malloc; otherwise a constant new
     * size and a p that is exactly one heap object */
    smt_term p = args[0], n = resize(e, args[1], e->pw, false);
    uint64_t cp, cn;
    if (bmem_const(e, p, &cp) && cp == 0) return new_object(e, fr, s, BOBJ_HEAP, n, inst);
    if (!bmem_const(e, n, &cn) || cn == 0 || cn > BENC_MAX_CONST_LEN) break;
    uint32_t hit = UINT32_MAX;
    for (uint32_t o = 0; o < e->objs.len; o++)
      if (e->objs.data[o].kind == BOBJ_HEAP && bmem_const(e, p, &cp) && cp == e->objs.data[o].base) hit = o;
    if (hit == UINT32_MAX) break;
    uint64_t old;
    if (!bmem_const(e, e->objs.data[hit].size, &old)) break;
    uint64_t keep = old < cn ? old : cn;
    smt_term *bytes = xmalloc((keep ? keep : 1) * sizeof *bytes);
    for (uint64_t i = 0; i < keep; i++) bytes[i] = bmem_select(e, s->mem, pconst(e, cp + i));
    smt_term q = new_object(e, fr, s, BOBJ_HEAP, n, inst);
    mem_write_bytes(e, s, q, n, bytes, keep, false);
    free(bytes);
    do_free(e, fr, s, p, inst);
    return q;
  }
  case IR_BUILTIN_MEMSET: {
    if (nargs < 3) break;
    smt_term d = args[0], n = resize(e, args[2], e->pw, false);
    smt_term byte = resize(e, args[1], 8, false);
    smt_term pos = smt_mk_bv_op2(c, SMT_BV_UGT, n, pconst(e, 0));
    if (e->checks & (1u << PROP_VALID_DEREF))
      add_viol(e, s, PROP_VALID_DEREF, smt_mk_and(c, 3, (smt_term[]){s->guard, pos, smt_mk_not(c, bmem_valid(e, s, d, n))}),
               fr->fid, inst);
    region_cut(e, s, d, n);
    smt_term inr = SMT_NULL;
    uint64_t cnt = region_bytes(e, d, byte_range(e, s, n, &inr, BENC_MAX_CONST_LEN), inr != SMT_NULL);
    smt_term *bytes = xmalloc((cnt ? cnt : 1) * sizeof *bytes);
    for (uint64_t i = 0; i < cnt; i++) bytes[i] = byte;
    spec_begin(e, s, d, n);
    mem_write_bytes(e, s, d, n, bytes, cnt, inr != SMT_NULL);
    spec_end(e);
    free(bytes);
    return rw ? resize(e, d, rw, false) : SMT_NULL;
  }
  case IR_BUILTIN_MEMCPY:
  case IR_BUILTIN_MEMMOVE: {
    if (nargs < 3) break;
    smt_term d = args[0], src = args[1], n = resize(e, args[2], e->pw, false);
    smt_term pos = smt_mk_bv_op2(c, SMT_BV_UGT, n, pconst(e, 0));
    if (e->checks & (1u << PROP_VALID_DEREF)) {
      smt_term ok = smt_mk_and2(c, bmem_valid(e, s, src, n), bmem_valid(e, s, d, n));
      add_viol(e, s, PROP_VALID_DEREF, smt_mk_and(c, 3, (smt_term[]){s->guard, pos, smt_mk_not(c, ok)}), fr->fid, inst);
    }
    region_cut(e, s, src, n);
    region_cut(e, s, d, n);
    smt_term inr = SMT_NULL;
    uint64_t cnt = byte_range(e, s, n, &inr, BENC_MAX_CONST_LEN);
    cnt = region_bytes(e, d, region_bytes(e, src, cnt, inr != SMT_NULL), inr != SMT_NULL);
    smt_term *bytes = xmalloc((cnt ? cnt : 1) * sizeof *bytes);
    for (uint64_t i = 0; i < cnt; i++)
      bytes[i] = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, src, pconst(e, i)));
    spec_begin(e, s, d, n);
    mem_write_bytes(e, s, d, n, bytes, cnt, inr != SMT_NULL);
    spec_end(e);
    free(bytes);
    return rw ? resize(e, d, rw, false) : SMT_NULL;
  }
  case IR_BUILTIN_MEMCMP: {
    if (nargs < 3 || !rw) break;
    smt_term a = args[0], q = args[1], n = resize(e, args[2], e->pw, false);
    if (e->checks & (1u << PROP_VALID_DEREF)) { /* both ranges are checked whole, as the interpreter does */
      smt_term ok = smt_mk_and2(c, bmem_valid(e, s, a, n), bmem_valid(e, s, q, n));
      smt_term pos = smt_mk_bv_op2(c, SMT_BV_UGT, n, pconst(e, 0));
      add_viol(e, s, PROP_VALID_DEREF, smt_mk_and(c, 3, (smt_term[]){s->guard, pos, smt_mk_not(c, ok)}), fr->fid, inst);
    }
    region_cut(e, s, a, n);
    region_cut(e, s, q, n);
    smt_term inr = SMT_NULL;
    uint64_t cnt = byte_range(e, s, n, &inr, BENC_MAX_CONST_LEN);
    cnt = region_bytes(e, q, region_bytes(e, a, cnt, inr != SMT_NULL), inr != SMT_NULL);
    smt_term r = bvc(e, rw, 0);
    for (uint64_t i = cnt; i-- > 0;) { /* the first differing byte decides: (int)a_i - (int)b_i */
      smt_term x = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, a, pconst(e, i)));
      smt_term y = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, q, pconst(e, i)));
      smt_term diff = smt_mk_bv_op2(c, SMT_BV_SUB, resize(e, x, rw < 9 ? 9 : rw, false), resize(e, y, rw < 9 ? 9 : rw, false));
      smt_term differs = smt_mk_not(c, smt_mk_eq(c, x, y));
      if (inr != SMT_NULL) differs = smt_mk_and2(c, differs, smt_mk_bv_op2(c, SMT_BV_ULT, pconst(e, i), n));
      r = smt_mk_ite(c, differs, resize(e, diff, rw, false), r);
    }
    return r;
  }
  case IR_BUILTIN_STRLEN:
    if (nargs < 1 || !rw) break;
    return resize(e, string_length(e, fr, s, args[0], inst), rw, false);
  case IR_BUILTIN_STRCPY: {
    if (nargs < 2) break;
    smt_term len = string_length(e, fr, s, args[1], inst);
    smt_term n = smt_mk_bv_op2(c, SMT_BV_ADD, len, pconst(e, 1));
    if (e->checks & (1u << PROP_VALID_DEREF))
      add_viol(e, s, PROP_VALID_DEREF, smt_mk_and2(c, s->guard, smt_mk_not(c, bmem_valid(e, s, args[0], n))), fr->fid,
               inst);
    region_cut(e, s, args[0], n);
    smt_term bytes[BENC_SYMBOLIC_LEN + 1];
    for (unsigned i = 0; i <= BENC_SYMBOLIC_LEN; i++)
      bytes[i] = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, args[1], pconst(e, i)));
    mem_write_bytes(e, s, args[0], n, bytes, BENC_SYMBOLIC_LEN + 1, true);
    return rw ? resize(e, args[0], rw, false) : SMT_NULL;
  }
  case IR_BUILTIN_STRNCPY: {
    if (nargs < 3) break;
    smt_term d = args[0], src = args[1], n = resize(e, args[2], e->pw, false);
    smt_term inr = SMT_NULL;
    uint64_t cnt = byte_range(e, s, n, &inr, BENC_MAX_CONST_LEN);
    smt_term *bytes = xmalloc((cnt ? cnt : 1) * sizeof *bytes);
    smt_term ended = SMT_FALSE, nread = pconst(e, 0);
    for (uint64_t i = 0; i < cnt; i++) {
      smt_term b = bmem_select(e, s->mem, smt_mk_bv_op2(c, SMT_BV_ADD, src, pconst(e, i)));
      bytes[i] = smt_mk_ite(c, ended, bvc(e, 8, 0), b);
      nread = smt_mk_ite(c, ended, nread, pconst(e, i + 1)); /* source bytes read: up to the NUL */
      ended = smt_mk_or2(c, ended, smt_mk_eq(c, b, bvc(e, 8, 0)));
    }
    if (e->checks & (1u << PROP_VALID_DEREF)) {
      smt_term rd = inr != SMT_NULL ? smt_mk_ite(c, smt_mk_bv_op2(c, SMT_BV_ULT, n, nread), n, nread) : nread;
      smt_term ok = smt_mk_and2(c, bmem_valid(e, s, src, rd), bmem_valid(e, s, d, n));
      smt_term pos = smt_mk_bv_op2(c, SMT_BV_UGT, n, pconst(e, 0));
      add_viol(e, s, PROP_VALID_DEREF, smt_mk_and(c, 3, (smt_term[]){s->guard, pos, smt_mk_not(c, ok)}), fr->fid, inst);
    }
    region_cut(e, s, src, inr != SMT_NULL ? smt_mk_ite(c, smt_mk_bv_op2(c, SMT_BV_ULT, n, nread), n, nread) : nread);
    region_cut(e, s, d, n);
    mem_write_bytes(e, s, d, n, bytes, cnt, inr != SMT_NULL);
    free(bytes);
    return rw ? resize(e, d, rw, false) : SMT_NULL;
  }
  default: break;
  }
  /* a library function this encoding does not model: the run is cut */
  incomplete(e, "library function not modelled");
  cut(e, s, SMT_TRUE);
  return rw ? fresh(e, "lib", rw) : SMT_NULL;
}

/* ---- functions ----------------------------------------------------------------------- */
static bool run_function(benc *e, uint32_t fid, smt_term *args, bstate *s, smt_term *ret);

/* Calls function `callee` (resolved) with the call's arguments ops[first..]
 * in state s: its body inlined, a builtin executed, or the run cut. */
static smt_term call_resolved(benc *e, bframe *fr, bstate *s, const ir_inst *in, uint32_t inst, uint32_t callee,
                              uint32_t first) {
  unsigned rw = in->type.kind == IR_TY_VOID ? 0 : width_of(e, in->type);
  assert(callee < e->m->funcs.len && in->nops >= first);
  const ir_func *g = &e->m->funcs.data[callee];
  uint32_t nargs = in->nops - first;
  smt_term *args = xcalloc(nargs > g->nparams ? nargs + 1 : g->nparams + 1, sizeof *args);
  for (uint32_t i = 0; i < nargs; i++) args[i] = eval(e, fr, s, &in->ops[first + i], inst);
  if (e->rec_on && callee == e->rec_fid && g->defined && nargs >= g->nparams) {
    /* benc_recursion: the function is called again, the cycle closes */
    for (uint32_t i = 0; i < g->nparams; i++) {
      smt_term a = resize(e, args[i], width_of(e, g->params[i]), false);
      e->rec_args[i] = e->rec_guard == SMT_FALSE ? a : smt_mk_ite(e->ctx, s->guard, a, e->rec_args[i]);
    }
    e->rec_guard = smt_mk_or2(e->ctx, e->rec_guard, s->guard);
    s->guard = SMT_FALSE;
    free(args);
    return rw ? fresh(e, "rec", rw) : SMT_NULL;
  }
  smt_term r = SMT_NULL;
  ir_builtin b = ir_func_effective_builtin(g);
  if (b != IR_BUILTIN_NONE) {
    r = builtin_call(e, fr, s, b, in, inst, args, nargs);
  } else if (!g->defined || g->nblocks == 0 || nargs < g->nparams) {
    incomplete(e, "call to a function without body");
    r = rw ? fresh(e, "extern", rw) : SMT_NULL;
  } else {
    unsigned depth = 0;
    for (size_t i = 0; i < e->call_stack.len; i++) depth += e->call_stack.data[i] == callee;
    if (depth >= rec_bound(e, callee)) {
      /* recursion deeper than the bound */
      benc_cut(e, BCUT_RECURSION, s->guard, callee, IR_NONE);
      s->guard = SMT_FALSE;
      r = rw ? fresh(e, "rec", rw) : SMT_NULL;
    } else {
      for (uint32_t i = 0; i < g->nparams; i++) args[i] = resize(e, args[i], width_of(e, g->params[i]), false);
      if (depth && e->bounds) e->bounds->used[e->bounds->nloop + callee] = true; /* a recursive call */
      smt_term *caller_regs = s->regs;
      s->regs = NULL;
      e->stat_calls++;
      if (!run_function(e, callee, args, s, &r)) {
        s->regs = caller_regs;
        free(args);
        return SMT_NULL;
      }
      free(s->regs);
      s->regs = caller_regs;
      if (rw && r == SMT_NULL) r = fresh(e, "ret", rw);
      if (rw) r = resize(e, r, rw, false);
    }
  }
  free(args);
  return r;
}

/* Function pointers (issue 40): at most this many leaves of an ite tree of
 * addresses are read as the pointer's value set. */
#define BENC_MAX_FP_LEAVES 64u

/* Collects the leaves of the ite tree t into *out; false when a leaf is not
 * a constant or there are too many. */
static bool const_leaves(benc *e, smt_term t, u64_vec *out) {
  smt_ctx *c = e->ctx;
  if (smt_term_kind(c, t) == SMT_ITE)
    return const_leaves(e, smt_term_arg(c, t, 1), out) && const_leaves(e, smt_term_arg(c, t, 2), out);
  uint64_t a;
  if (!bmem_const(e, t, &a) || out->len >= BENC_MAX_FP_LEAVES) return false;
  VEC_PUSH(*out, a);
  return true;
}

void bmc_call_candidates(const ir_module *m, const bool *taken, const uint64_t *func_addr, const ir_inst *call,
                         const uint64_t *leaves, size_t nleaves, u32_vec *out) {
  assert(call->op == IR_CALL && call->callee == IR_NONE);
  if (!leaves) {
    ir_indirect_candidates(m, taken, call, out);
    return;
  }
  for (uint32_t g = 0; g < m->funcs.len; g++) {
    bool hit = false;
    for (size_t k = 0; k < nleaves && !hit; k++) hit = leaves[k] == func_addr[g];
    if (hit && taken[g] && ir_callee_compatible(m, call, g)) VEC_PUSH(*out, g);
  }
}

/* An indirect call through the symbolic pointer fp: one run per candidate
 * callee g under guard && fp == addr(g), merged like states at a join point
 * (their guards are disjoint). A run through any other value (null, a data
 * pointer, a function of another type) is one the interpreter ends as an
 * invalid call, which no property asks about: it is cut, so no TRUE is
 * claimed while it is possible. */
static smt_term indirect_call(benc *e, bframe *fr, bstate *s, const ir_inst *in, uint32_t inst, smt_term fp) {
  smt_ctx *c = e->ctx;
  const ir_module *m = e->m;
  unsigned rw = in->type.kind == IR_TY_VOID ? 0 : width_of(e, in->type);
  u64_vec leaves = {0};
  bool exact = const_leaves(e, fp, &leaves);
  u32_vec cands = {0};
  bmc_call_candidates(m, e->func_taken, e->func_addr, in, exact ? leaves.data : NULL, leaves.len, &cands);
  VEC_FREE(leaves);
  if (cands.len == 0) {
    VEC_FREE(cands);
    if (!exact) incomplete(e, "indirect call through a symbolic pointer without candidate callee");
    cut(e, s, SMT_TRUE);
    return rw ? fresh(e, "call", rw) : SMT_NULL;
  }
  uint32_t nregs = fr->f->ninsts;
  bstate out = {0};
  out.guard = SMT_FALSE;
  smt_term r = SMT_NULL, none = SMT_TRUE;
  for (size_t k = 0; k < cands.len; k++) {
    uint32_t g = cands.data[k];
    smt_term hit = smt_mk_eq(c, fp, pconst(e, e->func_addr[g]));
    none = smt_mk_and2(c, none, smt_mk_not(c, hit));
    smt_term gg = smt_mk_and2(c, s->guard, hit);
    if (gg == SMT_FALSE) continue;
    bstate sg;
    state_copy(&sg, s, nregs);
    sg.guard = gg;
    smt_term rg = call_resolved(e, fr, &sg, in, inst, g, 1);
    if (e->out_of_time) {
      state_free(&sg);
      break;
    }
    if (sg.guard == SMT_NULL || sg.guard == SMT_FALSE) {
      state_free(&sg);
      continue;
    }
    if (rw) {
      rg = rg == SMT_NULL ? fresh(e, "call", rw) : resize(e, rg, rw, false);
      r = r == SMT_NULL ? rg : smt_mk_ite(c, sg.guard, rg, r);
    }
    state_merge(e, &out, &sg, nregs);
  }
  VEC_FREE(cands);
  benc_cut(e, BCUT_OTHER, smt_mk_and2(c, s->guard, none), IR_NONE, IR_NONE);
  if (out.guard == SMT_NULL || out.guard == SMT_FALSE) {
    state_free(&out);
    s->guard = SMT_FALSE; /* no run goes on after the call */
  } else {
    state_free(s);
    *s = out;
  }
  return rw && r == SMT_NULL ? fresh(e, "call", rw) : r;
}

static smt_term exec_call(benc *e, bframe *fr, bstate *s, const ir_inst *in, uint32_t inst) {
  if (in->callee != IR_NONE) return call_resolved(e, fr, s, in, inst, in->callee, 0);
  assert(in->nops >= 1);
  if (!e->func_taken) {
    e->func_taken = xcalloc(e->m->funcs.len + 1, sizeof *e->func_taken);
    ir_address_taken_funcs(e->m, e->func_taken);
  }
  smt_term fp = eval(e, fr, s, &in->ops[0], inst);
  uint64_t addr;
  /* a constant address: that function, whatever its type (a K&R call through
   * a mismatched declaration); only an address-taken one, as kind.c traces */
  if (bmem_const(e, fp, &addr))
    for (uint32_t g = 0; g < e->m->funcs.len; g++)
      if (e->func_addr[g] == addr && e->func_taken[g]) return call_resolved(e, fr, s, in, inst, g, 1);
  return indirect_call(e, fr, s, in, inst, fp);
}

static smt_kind binary_kind(uint8_t op) {
  switch (op) {
  case IR_ADD: return SMT_BV_ADD;
  case IR_SUB: return SMT_BV_SUB;
  case IR_MUL: return SMT_BV_MUL;
  case IR_UDIV: return SMT_BV_UDIV;
  case IR_SDIV: return SMT_BV_SDIV;
  case IR_UREM: return SMT_BV_UREM;
  case IR_SREM: return SMT_BV_SREM;
  case IR_SHL: return SMT_BV_SHL;
  case IR_LSHR: return SMT_BV_LSHR;
  case IR_ASHR: return SMT_BV_ASHR;
  case IR_AND: return SMT_BV_AND;
  case IR_OR: return SMT_BV_OR;
  default: return SMT_BV_XOR;
  }
}

static smt_kind pred_kind(uint8_t p) {
  static const smt_kind k[] = {SMT_EQ, SMT_EQ, SMT_BV_UGT, SMT_BV_UGE, SMT_BV_ULT,
                               SMT_BV_ULE, SMT_BV_SGT, SMT_BV_SGE, SMT_BV_SLT, SMT_BV_SLE};
  return p <= IR_SLE ? k[p] : SMT_EQ;
}

/* seed 003 Sect. 4.5: the safety condition of a signed operation. */
static smt_term signed_overflow(benc *e, uint8_t op, smt_term a, smt_term b, unsigned w) {
  smt_ctx *c = e->ctx;
  switch (op) {
  case IR_ADD: return smt_mk_bv_op2(c, SMT_BV_SADDO, a, b);
  case IR_SUB: return smt_mk_bv_op2(c, SMT_BV_SSUBO, a, b);
  case IR_MUL: return smt_mk_bv_op2(c, SMT_BV_SMULO, a, b);
  case IR_SHL: {
    smt_term back = smt_mk_bv_op2(c, SMT_BV_ASHR, smt_mk_bv_op2(c, SMT_BV_SHL, a, b), b);
    return smt_mk_and2(c, smt_mk_bv_op2(c, SMT_BV_ULT, b, bvc(e, w, w)), smt_mk_not(c, smt_mk_eq(c, back, a)));
  }
  default: return SMT_FALSE;
  }
}

/* The undefined behaviour of a binary operation other than signed
 * overflow (benc.ub_all): division by zero and INT_MIN % -1, shift amounts
 * of at least the width, and violated nuw / exact flags (poison, which the
 * interpreter treats as undefined behaviour). */
static smt_term other_ub(benc *e, const ir_inst *in, smt_term a, smt_term b, unsigned w) {
  smt_ctx *c = e->ctx;
  smt_term_vec ub = {0};
  smt_term zero = bvc(e, w, 0);
  switch (in->op) {
  case IR_UDIV: case IR_UREM: case IR_SDIV: VEC_PUSH(ub, smt_mk_eq(c, b, zero)); break;
  case IR_SREM:
    VEC_PUSH(ub, smt_mk_eq(c, b, zero));
    VEC_PUSH(ub, smt_mk_bv_op2(c, SMT_BV_SDIVO, a, b));
    break;
  case IR_SHL: case IR_LSHR: case IR_ASHR: VEC_PUSH(ub, smt_mk_bv_op2(c, SMT_BV_UGE, b, bvc(e, w, w))); break;
  default: break;
  }
  if (in->flags & IR_NUW) {
    if (in->op == IR_ADD) VEC_PUSH(ub, smt_mk_bv_op2(c, SMT_BV_UADDO, a, b));
    if (in->op == IR_SUB) VEC_PUSH(ub, smt_mk_bv_op2(c, SMT_BV_USUBO, a, b));
    if (in->op == IR_MUL) VEC_PUSH(ub, smt_mk_bv_op2(c, SMT_BV_UMULO, a, b));
    if (in->op == IR_SHL) {
      smt_term back = smt_mk_bv_op2(c, SMT_BV_LSHR, smt_mk_bv_op2(c, SMT_BV_SHL, a, b), b);
      VEC_PUSH(ub, smt_mk_not(c, smt_mk_eq(c, back, a)));
    }
  }
  if (in->flags & IR_EXACT) {
    smt_term back = SMT_NULL;
    if (in->op == IR_UDIV) back = smt_mk_bv_op2(c, SMT_BV_UREM, a, b);
    if (in->op == IR_SDIV) back = smt_mk_bv_op2(c, SMT_BV_SREM, a, b);
    if (back != SMT_NULL) VEC_PUSH(ub, smt_mk_not(c, smt_mk_eq(c, back, zero)));
    if (in->op == IR_LSHR || in->op == IR_ASHR) {
      smt_term sh = smt_mk_bv_op2(c, SMT_BV_SHL, smt_mk_bv_op2(c, in->op == IR_LSHR ? SMT_BV_LSHR : SMT_BV_ASHR, a, b), b);
      VEC_PUSH(ub, smt_mk_not(c, smt_mk_eq(c, sh, a)));
    }
  }
  smt_term r = smt_mk_or(c, (uint32_t)ub.len, ub.data);
  VEC_FREE(ub);
  return r;
}

/* Executes one non-phi, non-terminator instruction. False: give up. */
static bool exec_inst(benc *e, bframe *fr, bstate *s, uint32_t id) {
  smt_ctx *c = e->ctx;
  const ir_inst *in = &fr->f->insts[id];
  unsigned w = in->type.kind == IR_TY_VOID ? 0 : width_of(e, in->type);
  smt_term r = SMT_NULL;
  e->stat_insts++;
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
  case IR_SHL: case IR_LSHR: case IR_ASHR: case IR_AND: case IR_OR: case IR_XOR: {
    smt_term a = eval(e, fr, s, &in->ops[0], id), b = eval(e, fr, s, &in->ops[1], id);
    r = smt_mk_bv_op2(c, binary_kind(in->op), a, b);
    if (in->flags & IR_NSW)
      add_viol(e, s, PROP_NO_OVERFLOW, smt_mk_and2(c, s->guard, signed_overflow(e, in->op, a, b, w)), fr->fid, id);
    if (in->op == IR_SDIV)
      add_viol(e, s, PROP_NO_OVERFLOW, smt_mk_and2(c, s->guard, smt_mk_bv_op2(c, SMT_BV_SDIVO, a, b)), fr->fid, id);
    if (e->ub_all) add_viol(e, s, PROP_NO_OVERFLOW, smt_mk_and2(c, s->guard, other_ub(e, in, a, b, w)), fr->fid, id);
    break;
  }
  case IR_ICMP: {
    smt_term a = eval(e, fr, s, &in->ops[0], id), b = eval(e, fr, s, &in->ops[1], id);
    smt_term t = in->pred == IR_EQ || in->pred == IR_NE ? smt_mk_eq(c, a, b)
                                                         : smt_mk_bv_op2(c, pred_kind(in->pred), a, b);
    if (in->pred == IR_NE) t = smt_mk_not(c, t);
    r = from_bool(e, t);
    break;
  }
  case IR_SELECT: {
    smt_term cnd = eval(e, fr, s, &in->ops[0], id);
    smt_term a = eval(e, fr, s, &in->ops[1], id), b = eval(e, fr, s, &in->ops[2], id);
    r = smt_mk_ite(c, to_bool(e, cnd), a, b);
    break;
  }
  case IR_TRUNC: case IR_ZEXT: case IR_PTRTOINT: case IR_INTTOPTR: case IR_COPY:
    r = resize(e, eval(e, fr, s, &in->ops[0], id), w, false);
    break;
  case IR_SEXT: r = resize(e, eval(e, fr, s, &in->ops[0], id), w, true); break;
  case IR_PTRADD: {
    smt_term p = eval(e, fr, s, &in->ops[0], id);
    smt_term off = resize(e, eval(e, fr, s, &in->ops[1], id), e->pw, true);
    r = smt_mk_bv_op2(c, SMT_BV_ADD, p, off);
    break;
  }
  case IR_OVERFLOW: {
    smt_term a = eval(e, fr, s, &in->ops[0], id), b = eval(e, fr, s, &in->ops[1], id);
    static const smt_kind k[] = {SMT_BV_SADDO, SMT_BV_UADDO, SMT_BV_SSUBO, SMT_BV_USUBO, SMT_BV_SMULO, SMT_BV_UMULO};
    r = from_bool(e, smt_mk_bv_op2(c, in->pred <= IR_OVF_UMUL ? k[in->pred] : SMT_BV_SADDO, a, b));
    break;
  }
  case IR_ALLOCA: {
    smt_term n = resize(e, eval(e, fr, s, &in->ops[0], id), e->pw, false);
    smt_term size = smt_mk_bv_op2(c, SMT_BV_MUL, n, pconst(e, in->size));
    r = new_object(e, fr, s, BOBJ_STACK, size, id);
    break;
  }
  case IR_LOAD: {
    smt_term p = eval(e, fr, s, &in->ops[0], id);
    unsigned n = (unsigned)in->size;
    if (n == 0 || n > 8) {
      incomplete(e, "wide load");
      cut(e, s, SMT_TRUE);
      r = fresh(e, "load", w);
      break;
    }
    check_access(e, fr, s, p, pconst(e, n), id);
    region_cut(e, s, p, pconst(e, n));
    note_field(e, p, n);
    if (e->lasso_on) {
      bload l = {p, n};
      VEC_PUSH(e->loads, l);
    }
    r = resize(e, bmem_load(e, s->mem, p, n), w, false);
    add_event(e, fr->fid, id, s->guard, r);
    break;
  }
  case IR_STORE: {
    smt_term v = eval(e, fr, s, &in->ops[0], id), p = eval(e, fr, s, &in->ops[1], id);
    unsigned n = (unsigned)in->size;
    if (n == 0 || n > 8) {
      incomplete(e, "wide store");
      cut(e, s, SMT_TRUE);
      break;
    }
    check_access(e, fr, s, p, pconst(e, n), id);
    region_cut(e, s, p, pconst(e, n));
    note_field(e, p, n);
    spec_begin(e, s, p, pconst(e, n));
    s->mem = bmem_store(e, s->mem, p, v, n);
    spec_end(e);
    break;
  }
  case IR_CALL:
    r = exec_call(e, fr, s, in, id);
    if (e->out_of_time) return false;
    break;
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FCMP: case IR_FPTOSI:
  case IR_FPTOUI: case IR_SITOFP: case IR_UITOFP: case IR_FPEXT: case IR_FPTRUNC: case IR_FMATH: {
    /* operands in order, as the interpreter reads (and draws for) them */
    smt_term ops[2] = {SMT_NULL, SMT_NULL}, ub = SMT_FALSE;
    for (uint32_t k = 0; k < in->nops && k < 2; k++) ops[k] = eval(e, fr, s, &in->ops[k], id);
    if (ops[0] != SMT_NULL) r = bfloat_value(e, in, ops, w, &ub);
    if (r == SMT_NULL) incomplete(e, "float instruction of unexpected widths");
    /* fptosi / fptoui out of range is undefined; the interpreter ends the
     * run there. Runs go on here with the conversion's unspecified value
     * (a TRUE covers every value; a model through it does not replay).
     * Recurrent sets (ub_all) prove it absent like any other UB. */
    if (e->ub_all && ub != SMT_FALSE) add_viol(e, s, PROP_NO_OVERFLOW, smt_mk_and2(c, s->guard, ub), fr->fid, id);
    break;
  }
  case IR_ASM:
    /* The interpreter reads no operand and draws the result (one value of
     * its width): an event, so that models replay. With a "memory" clobber
     * both go on with memory unchanged, which is one behaviour of the asm,
     * not all: no proof. */
    if (in->flags & IR_ASM_MEMORY) incomplete(e, "inline asm with a memory clobber: memory modelled as unchanged, no proof");
    if (w) {
      r = fresh(e, "asm", w);
      add_event(e, fr->fid, id, s->guard, r);
    }
    break;
  case IR_HAVOC: {
    /* an asm memory output: checked like a store of `size` bytes, then one
     * fresh byte per address, lowest first, as the interpreter draws them */
    smt_term p = eval(e, fr, s, &in->ops[0], id);
    uint64_t n = in->size;
    if (n > BENC_MAX_CONST_LEN) {
      incomplete(e, "wide asm memory output");
      cut(e, s, SMT_TRUE);
      break;
    }
    check_access(e, fr, s, p, pconst(e, n), id);
    region_cut(e, s, p, pconst(e, n));
    smt_term *bytes = xcalloc(n + 1, sizeof *bytes);
    for (uint64_t i = 0; i < n; i++) {
      bytes[i] = fresh(e, "asm", 8);
      add_event(e, fr->fid, id, s->guard, bytes[i]);
    }
    mem_write_bytes(e, s, p, pconst(e, n), bytes, n, false);
    free(bytes);
    break;
  }
  default: break;
  }
  if (w && r == SMT_NULL) r = fresh(e, "v", w);
  /* a result's term has its IR type's width (a call's is resized by exec_call) */
  assert(!w || in->op == IR_CALL || smt_bv_width(c, r) == w);
  s->regs[id] = r;
  return true;
}

/* ---- control flow --------------------------------------------------------------------------- */
/* fr's block order: the reverse postorder of g (fr's blocks, its edges)
 * from the entry, and each block's position (UINT32_MAX: unreachable). */
static void set_order(bframe *fr, const graph *g) {
  uint32_t nb = fr->f->nblocks;
  fr->pos = xmalloc((nb + 1) * sizeof *fr->pos);
  fr->order = xmalloc((nb + 1) * sizeof *fr->order);
  for (uint32_t b = 0; b < nb; b++) fr->pos[b] = UINT32_MAX;
  fr->norder = nb ? graph_rpo(g, 0, fr->order) : 0;
  for (uint32_t i = 0; i < fr->norder; i++) fr->pos[fr->order[i]] = i;
}

static void compute_order(bframe *fr) {
  graph cfg;
  ir_cfg_graph(fr->f, &cfg);
  set_order(fr, &cfg);
  graph_free(&cfg);
}

/* k-induction mode: a reverse postorder in which each loop's blocks come
 * together (the search takes the edges to blocks in fewer loops first, so
 * a loop's exits end up after its body): a loop instance then runs all its
 * iterations before the sweep leaves it, which the per-header phases need.
 * Sets fr->kind_ok when every loop's blocks lie between its head and its
 * last latch, the loops' ranges nest, and every back edge of the order is
 * a natural loop's. */
static void compute_kind_order(benc *e, bframe *fr) {
  const ir_func *f = fr->f;
  uint32_t nb = f->nblocks;
  bool *is_header = xcalloc(nb + 1, sizeof *is_header);
  uint32_t *depth = xcalloc(nb + 1, sizeof *depth);
  ir_loop_headers(f, is_header);
  for (uint32_t h = 0; h < nb; h++)
    if (is_header[h]) {
      const bkloop *L = bkind_loop(e, fr->fid, h);
      for (uint32_t b = 0; b < nb; b++) depth[b] += L->in_loop[b];
    }
  u32_vec src = {0}, dst = {0};
  for (uint32_t b = 0; b < nb; b++) {
    const ir_block *bl = &f->blocks[b];
    if (!bl->count) continue;
    const ir_inst *t = &f->insts[bl->first + bl->count - 1];
    if (!ir_is_terminator(t->op)) continue;
    size_t first = dst.len;
    for (uint32_t k = 0; k < t->ntargets; k++) {
      if (t->targets[k] >= nb) continue;
      VEC_PUSH(src, b);
      VEC_PUSH(dst, t->targets[k]);
      for (size_t j = dst.len - 1; j > first && depth[dst.data[j - 1]] > depth[dst.data[j]]; j--) {
        uint32_t x = dst.data[j];
        dst.data[j] = dst.data[j - 1], dst.data[j - 1] = x;
      }
    }
  }
  graph g;
  graph_build(&g, nb, (uint32_t)src.len, src.data, dst.data, NULL);
  set_order(fr, &g);
  graph_free(&g);
  /* the nesting the phases rely on */
  bool ok = true;
  uint32_t *last = xcalloc(nb + 1, sizeof *last);
  for (size_t i = 0; i < src.len && ok; i++) {
    uint32_t a = src.data[i], b = dst.data[i];
    if (fr->pos[a] == UINT32_MAX || fr->pos[b] > fr->pos[a]) continue;
    ok = is_header[b] && bkind_loop(e, fr->fid, b)->in_loop[a];
    if (fr->pos[a] > last[b]) last[b] = fr->pos[a];
  }
  for (uint32_t h = 0; h < nb && ok; h++) {
    if (!is_header[h] || fr->pos[h] == UINT32_MAX) continue;
    const bkloop *L = bkind_loop(e, fr->fid, h);
    for (uint32_t b = 0; b < nb && ok; b++)
      if (L->in_loop[b] && fr->pos[b] != UINT32_MAX) ok = fr->pos[b] >= fr->pos[h] && fr->pos[b] <= last[h];
    for (uint32_t h2 = 0; h2 < nb && ok; h2++) {
      if (h2 == h || !is_header[h2] || fr->pos[h2] == UINT32_MAX) continue;
      uint32_t a0 = fr->pos[h], a1 = last[h], b0 = fr->pos[h2], b1 = last[h2];
      ok = a1 < b0 || b1 < a0 || (a0 <= b0 && b1 <= a1) || (b0 <= a0 && a1 <= b1);
    }
  }
  fr->kind_ok = ok;
  free(last);
  VEC_FREE(src);
  VEC_FREE(dst);
  free(depth);
  free(is_header);
}

/* The last latch (position) of every loop header, as lists per position. */
static void compute_latches(bframe *fr) {
  const ir_func *f = fr->f;
  uint32_t nb = f->nblocks;
  uint32_t *last = xmalloc(nb * sizeof *last);
  fr->latch_first = xmalloc((nb + 1) * sizeof *fr->latch_first);
  fr->latch_next = xmalloc(nb * sizeof *fr->latch_next);
  for (uint32_t b = 0; b < nb; b++) last[b] = fr->latch_first[b] = fr->latch_next[b] = UINT32_MAX;
  for (uint32_t p = 0; p < fr->norder; p++) {
    const ir_block *bl = &f->blocks[fr->order[p]];
    if (!bl->count) continue;
    const ir_inst *t = &f->insts[bl->first + bl->count - 1];
    if (!ir_is_terminator(t->op)) continue;
    for (uint32_t k = 0; k < t->ntargets; k++) {
      uint32_t h = t->targets[k];
      if (h < nb && fr->pos[h] <= p && (last[h] == UINT32_MAX || last[h] < p)) last[h] = p;
    }
  }
  fr->latch_of = xcalloc(nb + 1, sizeof *fr->latch_of);
  for (uint32_t h = 0; h < nb; h++)
    if (last[h] != UINT32_MAX) {
      fr->latch_of[h] = true;
      fr->latch_next[h] = fr->latch_first[last[h]];
      fr->latch_first[last[h]] = h;
    }
  free(last);
}

/* Sends a copy of s along edge (from -> to) under cond; phis of `to` read
 * s's registers. Returns the new state in *out (guard FALSE: nothing). */
static void transfer(benc *e, bframe *fr, const bstate *s, uint32_t from, uint32_t to, smt_term cond,
                     uint32_t term_inst, bstate *out) {
  const ir_func *f = fr->f;
  assert(from < f->nblocks && to < f->nblocks);
  smt_term g = smt_mk_and2(e->ctx, s->guard, cond);
  memset(out, 0, sizeof *out);
  out->guard = SMT_FALSE;
  if (g == SMT_FALSE) return;
  state_copy(out, s, f->ninsts);
  out->guard = g;
  const ir_block *bl = &f->blocks[to];
  smt_term_vec vals = {0};
  uint32_t n = 0;
  while (n < bl->count && f->insts[bl->first + n].op == IR_PHI) {
    const ir_inst *phi = &f->insts[bl->first + n];
    smt_term v = SMT_NULL;
    for (uint32_t k = 0; k < phi->nops && k < phi->ntargets; k++)
      if (phi->targets[k] == from) {
        v = eval(e, fr, out, &phi->ops[k], term_inst);
        break;
      }
    if (v == SMT_NULL) v = fresh(e, "phi", width_of(e, phi->type));
    VEC_PUSH(vals, v);
    n++;
  }
  for (uint32_t i = 0; i < n; i++) out->regs[bl->first + i] = vals.data[i];
  VEC_FREE(vals);
}

/* ---- k-induction mode ------------------------------------------------------------- */
/* Does block b lie in an assumed iteration of a loop of fr? */
static bool kind_in_assumed(benc *e, bframe *fr, uint32_t b) {
  for (size_t i = 0; i < fr->headers.len; i++) {
    uint32_t h = fr->headers.data[i];
    if (fr->kstep[h] >= 1 && fr->kstep[h] <= e->kind_k && bkind_loop(e, fr->fid, h)->in_loop[b]) return true;
  }
  return false;
}

/* Does the edge from -> to leave a loop of fr in an assumed iteration? */
static bool kind_leaves_assumed(benc *e, bframe *fr, uint32_t from, uint32_t to) {
  for (size_t i = 0; i < fr->headers.len; i++) {
    uint32_t h = fr->headers.data[i];
    if (fr->kstep[h] >= 1 && fr->kstep[h] <= e->kind_k) {
      const bkloop *L = bkind_loop(e, fr->fid, h);
      if (L->in_loop[from] && !L->in_loop[to]) return true;
    }
  }
  return false;
}

static void kind_record(benc *e, bframe *fr, bstate *s, uint32_t h, bkrec_kind kind) {
  const bkloop *L = bkind_loop(e, fr->fid, h);
  if (!L->ok) return;
  bkrec r = {(uint8_t)kind, fr->fid, h, s->guard, xcalloc(L->slots.len + 1, sizeof *r.slots)};
  for (size_t i = 0; i < L->slots.len; i++) {
    const ir_value *v = &L->slots.data[i];
    if (v->kind == IR_VAL_INST)
      r.slots[i] = v->id < fr->f->ninsts ? s->regs[v->id] : SMT_NULL;
    else if (v->kind == IR_VAL_ARG && v->id < fr->f->nparams)
      r.slots[i] = fr->args[v->id];
  }
  VEC_PUSH(e->krecs, r);
}

/* The object holding the constant address t, or UINT32_MAX. */
static uint32_t object_at(benc *e, smt_term t) {
  uint64_t a;
  if (t == SMT_NULL || !bmem_const(e, t, &a)) return UINT32_MAX;
  for (uint32_t o = 0; o < e->objs.len; o++)
    if (a >= e->objs.data[o].base && a < e->objs.data[o].base + e->objs.data[o].slot) return o;
  return UINT32_MAX;
}

/* Bytes havocked one by one at most; larger writes havoc all of memory. */
#define BKIND_HAVOC_BYTES 4096u

/* The state b on the back edge of loop h, havocked to any state the loop
 * head may see: its phis fresh, the bytes the loop may write fresh (every
 * byte when a write's target is unknown; read-only globals keep theirs).
 * False (b untouched) when the loop cannot be havocked. */
static bool kind_havoc(benc *e, bframe *fr, bstate *b, uint32_t h) {
  smt_ctx *c = e->ctx;
  const bkloop *L = bkind_loop(e, fr->fid, h);
  if (!fr->kind_ok || !L->ok) {
    if (!e->kind_failed) e->kind_why = fr->kind_ok ? L->why : "loops that the block order does not nest";
    e->kind_failed = true;
    return false;
  }
  bool whole = L->whole || L->allocates;
  VEC(uint32_t) objs = {0};
  uint64_t bytes = 0;
  for (size_t i = 0; i < L->globals.len && !whole; i++) VEC_PUSH(objs, e->global_obj[L->globals.data[i]]);
  for (size_t i = 0; i < L->allocas.len && !whole; i++) {
    uint32_t o = object_at(e, b->regs[L->allocas.data[i]]);
    if (o == UINT32_MAX) whole = true;
    else VEC_PUSH(objs, o);
  }
  u64_vec sizes = {0}; /* per object of objs, its constant size */
  for (size_t i = 0; i < objs.len && !whole; i++) {
    uint64_t n = 0;
    if (!bmem_const(e, e->objs.data[objs.data[i]].size, &n) || (bytes += n) > BKIND_HAVOC_BYTES) whole = true;
    VEC_PUSH(sizes, n);
  }
  if (whole) {
    smt_term old = b->mem;
    b->mem = smt_mk_fresh(c, "kmem", smt_sort_array(e->pw));
    uint64_t kept = 0, n;
    for (uint32_t o = 0; o < e->objs.len; o++) {
      const bobj *ob = &e->objs.data[o];
      if (!ob->readonly || !bmem_const(e, ob->size, &n) || (kept += n) > BKIND_HAVOC_BYTES) continue;
      for (uint64_t k = 0; k < n; k++) {
        smt_term a = pconst(e, ob->base + k);
        b->mem = bmem_store1(e, b->mem, a, bmem_select(e, old, a));
      }
    }
  } else {
    for (size_t i = 0; i < objs.len; i++) {
      const bobj *ob = &e->objs.data[objs.data[i]];
      for (uint64_t k = 0; k < sizes.data[i]; k++)
        b->mem = bmem_store1(e, b->mem, pconst(e, ob->base + k), fresh(e, "kbyte", 8));
    }
  }
  VEC_FREE(objs);
  VEC_FREE(sizes);
  const ir_block *bl = &fr->f->blocks[h];
  for (uint32_t i = bl->first; i < ir_first_non_phi(fr->f, h); i++)
    b->regs[i] = fresh(e, "kphi", width_of(e, fr->f->insts[i].type));
  e->stat_havocs++;
  kind_record(e, fr, b, h, BKREC_HAVOC);
  return true;
}

/* Sends ns to block `to`: forward edges wait at `to`; back edges wait at
 * the header until the sweep passes the header's last latch, so that every
 * latch of a loop (continue statements) contributes to the same iteration. */
static void deliver(benc *e, bframe *fr, bstate *ns, uint32_t cur_pos, uint32_t to) {
  assert(to < fr->f->nblocks && cur_pos < fr->norder);
  if (ns->guard == SMT_FALSE) {
    state_free(ns);
    return;
  }
  if (fr->in_loop && (!fr->in_loop[to] || (fr->pos[to] <= cur_pos && to != fr->iter_head))) {
    /* an iteration: leaving the loop ends the path; another back edge is an inner loop */
    if (fr->in_loop[to]) fr->inner_loop = true;
    state_free(ns);
    return;
  }
  if (e->kind_on && kind_leaves_assumed(e, fr, fr->order[cur_pos], to)) {
    state_free(ns); /* an assumed iteration does not leave its loop */
    return;
  }
  assert(fr->pos[to] != UINT32_MAX); /* a successor of a reachable block is in the order */
  if (fr->pos[to] > cur_pos)
    state_merge(e, &fr->pending[to], ns, fr->f->ninsts);
  else
    state_merge(e, &fr->back[to], ns, fr->f->ninsts);
}

/* After position p: loops whose last latch is p go round again (at most
 * `bound` times per entry of the enclosing loops) or are cut. */
static void loop_back(benc *e, bframe *fr, uint32_t p, uint32_t *next_pos) {
  if (fr->in_loop) return; /* an iteration: the states at the head are its result */
  for (uint32_t h = fr->latch_first[p]; h != UINT32_MAX; h = fr->latch_next[h]) {
    bstate *b = &fr->back[h];
    if (b->guard == SMT_NULL || b->guard == SMT_FALSE) {
      state_free(b);
      continue;
    }
    uint32_t hp = fr->pos[h];
    if (e->kind_on && fr->kstep[h]) {
      if (fr->kstep[h] == 1) kind_record(e, fr, b, h, BKREC_POST);
      if (fr->kstep[h] > e->kind_k) { /* the checked iteration ends here */
        state_free(b);
        continue;
      }
      fr->kstep[h]++;
    } else if (fr->count[h] >= loop_bound(e, fr->fid, h)) {
      if (!e->kind_on || !kind_havoc(e, fr, b, h)) {
        benc_cut(e, BCUT_LOOP, b->guard, fr->fid, h);
        state_free(b);
        continue;
      }
      fr->kstep[h] = 1;
    } else {
      fr->count[h]++;
    }
    if (e->bounds) e->bounds->used[e->bounds->loop_base[fr->fid] + h] = true;
    for (uint32_t q = hp + 1; q <= p; q++) { /* inner loops start over */
      fr->count[fr->order[q]] = 0;
      if (fr->kstep) fr->kstep[fr->order[q]] = 0;
    }
    state_merge(e, &fr->pending[h], b, fr->f->ninsts);
    memset(b, 0, sizeof *b);
    if (hp < *next_pos) *next_pos = hp;
  }
}

static void frame_free(bframe *fr) {
  if (fr->pending)
    for (uint32_t b = 0; b < fr->f->nblocks; b++) state_free(&fr->pending[b]);
  free(fr->pending);
  free(fr->pos);
  free(fr->order);
  free(fr->count);
  free(fr->entry);
  if (fr->back)
    for (uint32_t b = 0; b < fr->f->nblocks; b++) state_free(&fr->back[b]);
  free(fr->back);
  free(fr->latch_first);
  free(fr->latch_next);
  free(fr->latch_of);
  free(fr->kstep);
  VEC_FREE(fr->headers);
  VEC_FREE(fr->objs);
  state_free(&fr->ret);
}

static void frame_init(benc *e, bframe *fr, uint32_t fid, smt_term *args) {
  fr->f = &e->m->funcs.data[fid];
  fr->fid = fid;
  fr->args = args;
  if (e->kind_on) compute_kind_order(e, fr);
  else compute_order(fr);
  fr->pending = xcalloc(fr->f->nblocks, sizeof *fr->pending);
  fr->count = xcalloc(fr->f->nblocks, sizeof *fr->count);
  fr->entry = xcalloc(fr->f->nblocks, sizeof *fr->entry);
  fr->back = xcalloc(fr->f->nblocks, sizeof *fr->back);
  compute_latches(fr);
  fr->ret.guard = SMT_NULL;
  fr->iter_head = UINT32_MAX;
  if (e->kind_on) {
    fr->kstep = xcalloc(fr->f->nblocks, sizeof *fr->kstep);
    for (uint32_t h = 0; h < fr->f->nblocks; h++)
      if (fr->latch_of[h]) VEC_PUSH(fr->headers, h);
  }
  fr->parent_assumed = e->assume_ctx;
}

/* Lasso mode: the state arriving at loop head b (its phis set). */
static void record_visit(benc *e, bframe *fr, const bstate *st, uint32_t b) {
  const ir_func *f = fr->f;
  const ir_block *bl = &f->blocks[b];
  if (fr->count[b] == 0) fr->entry[b] = ++e->next_entry; /* a new entry of the loop */
  bvisit v = {fr->fid, b, fr->entry[b], fr->count[b], st->guard, st->mem, ir_first_non_phi(f, b) - bl->first, NULL,
              (uint32_t)e->objs.len, NULL, e->events.len, e->loads.len};
  v.phis = xcalloc(v.nphis + 1, sizeof *v.phis);
  for (uint32_t i = 0; i < v.nphis; i++) v.phis[i] = st->regs[bl->first + i];
  v.alive = xcalloc(v.nobjs + 1, sizeof *v.alive);
  for (uint32_t o = 0; o < v.nobjs; o++) v.alive[o] = bmem_alive(e, st, o);
  VEC_PUSH(e->visits, v);
}

/* Sweeps the blocks of fr from position p to the end of the order (see
 * the file comment). False when out of time/work. */
static bool sweep(benc *e, bframe *fr, uint32_t p) {
  bool ok = true;
  while (p < fr->norder) {
    uint32_t b = fr->order[p];
    if (fr->pending[b].guard == SMT_NULL || fr->pending[b].guard == SMT_FALSE) {
      state_free(&fr->pending[b]);
      uint32_t next = p + 1;
      loop_back(e, fr, p, &next);
      p = next;
      continue;
    }
    if (budget_expired(e->budget) || e->stat_insts > BENC_MAX_INSTS) {
      e->out_of_time = true;
      ok = false;
      break;
    }
    bstate st = fr->pending[b];
    memset(&fr->pending[b], 0, sizeof fr->pending[b]);
    if (e->reach_on && fr->fid == e->reach_func && b == e->reach_block)
      e->reach = smt_mk_or2(e->ctx, e->reach, st.guard);
    if (e->lasso_on && fr->latch_of[b]) record_visit(e, fr, &st, b);
    if (e->kind_on) {
      e->assume_ctx = fr->parent_assumed || kind_in_assumed(e, fr, b);
      if (fr->latch_of[b] && !fr->kstep[b]) kind_record(e, fr, &st, b, fr->count[b] ? BKREC_BASE : BKREC_ENTRY);
    }
    const ir_block *bl = &fr->f->blocks[b];
    assert(bl->count >= 1); /* ir_verify: every block ends in its terminator */
    uint32_t last = bl->first + bl->count - 1, i = bl->first;
    while (i < last && fr->f->insts[i].op == IR_PHI) i++;
    for (; i < last && st.guard != SMT_FALSE; i++)
      if (!exec_inst(e, fr, &st, i)) {
        ok = false;
        break;
      }
    if (!ok) {
      state_free(&st);
      break;
    }
    uint32_t next = p + 1;
    const ir_inst *t = &fr->f->insts[last];
    if (st.guard != SMT_FALSE) {
      e->stat_insts++;
      smt_term cnd;
      bstate ns;
      switch (t->op) {
      case IR_BR:
        transfer(e, fr, &st, b, t->targets[0], SMT_TRUE, last, &ns);
        deliver(e, fr, &ns, p, t->targets[0]);
        break;
      case IR_CONDBR:
        cnd = to_bool(e, eval(e, fr, &st, &t->ops[0], last));
        transfer(e, fr, &st, b, t->targets[0], cnd, last, &ns);
        deliver(e, fr, &ns, p, t->targets[0]);
        transfer(e, fr, &st, b, t->targets[1], smt_mk_not(e->ctx, cnd), last, &ns);
        deliver(e, fr, &ns, p, t->targets[1]);
        break;
      case IR_SWITCH: {
        smt_term v = eval(e, fr, &st, &t->ops[0], last);
        unsigned vw = smt_bv_width(e->ctx, v);
        smt_term_vec hits = {0};
        for (uint32_t k = 1; k < t->ntargets; k++) {
          smt_term h = smt_mk_eq(e->ctx, v, bvc(e, vw, t->case_values[k - 1]));
          VEC_PUSH(hits, h);
          transfer(e, fr, &st, b, t->targets[k], h, last, &ns);
          deliver(e, fr, &ns, p, t->targets[k]);
        }
        smt_term none = smt_mk_not(e->ctx, smt_mk_or(e->ctx, (uint32_t)hits.len, hits.data));
        VEC_FREE(hits);
        transfer(e, fr, &st, b, t->targets[0], none, last, &ns);
        deliver(e, fr, &ns, p, t->targets[0]);
        break;
      }
      case IR_RET: {
        if (e->kind_on && kind_in_assumed(e, fr, b)) break; /* leaves an assumed iteration */
        smt_term v = t->nops ? eval(e, fr, &st, &t->ops[0], last) : SMT_NULL;
        for (size_t k = 0; k < fr->objs.len; k++) bmem_set_alive(e, &st, fr->objs.data[k], SMT_FALSE);
        if (fr->has_ret && v != SMT_NULL && fr->ret_val != SMT_NULL)
          fr->ret_val = smt_mk_ite(e->ctx, st.guard, v, fr->ret_val);
        else if (v != SMT_NULL)
          fr->ret_val = v;
        fr->has_ret = true;
        state_merge(e, &fr->ret, &st, 0);
        break;
      }
      default: break; /* unreachable: the run ends (UB) */
      }
    }
    state_free(&st);
    loop_back(e, fr, p, &next);
    p = next;
  }
  return ok;
}

/* Runs function fid from state s (its regs are replaced by the callee's);
 * on return s is the merged state of all returns (guard FALSE if none) and
 * *ret the returned value. False when out of time/work. */
static bool run_function(benc *e, uint32_t fid, smt_term *args, bstate *s, smt_term *ret) {
  assert(fid < e->m->funcs.len && e->m->funcs.data[fid].nblocks > 0);
  bframe fr = {0};
  frame_init(e, &fr, fid, args);
  VEC_PUSH(e->call_stack, fid);
  s->regs = xcalloc(fr.f->ninsts ? fr.f->ninsts : 1, sizeof *s->regs);
  fr.pending[0] = *s;
  memset(s, 0, sizeof *s);
  bool assume_ctx = e->assume_ctx;
  bool ok = sweep(e, &fr, 0);
  e->assume_ctx = assume_ctx; /* the caller's block goes on */
  e->call_stack.len--;
  if (ok && fr.has_ret && fr.ret.guard != SMT_NULL) {
    *s = fr.ret;
    memset(&fr.ret, 0, sizeof fr.ret);
    free(s->regs); /* the callee's registers */
    s->regs = NULL;
  } else {
    memset(s, 0, sizeof *s);
    s->guard = SMT_FALSE;
    s->mem = smt_mk_var(e->ctx, "mem0", smt_sort_array(e->pw));
  }
  *ret = fr.ret_val;
  frame_free(&fr);
  return ok;
}

bool benc_iteration(benc *e, uint32_t fid, uint32_t head, const bool *in_loop, smt_term *args, bstate *start,
                    bstate *next) {
  bframe fr = {0};
  frame_init(e, &fr, fid, args);
  fr.in_loop = in_loop;
  fr.iter_head = head;
  memset(next, 0, sizeof *next);
  next->guard = SMT_FALSE;
  bool ok = fr.pos[head] != UINT32_MAX;
  if (ok) {
    VEC_PUSH(e->call_stack, fid);
    fr.pending[head] = *start;
    memset(start, 0, sizeof *start);
    ok = sweep(e, &fr, fr.pos[head]) && !fr.inner_loop;
    e->call_stack.len--;
  }
  if (ok && fr.back[head].guard != SMT_NULL) {
    *next = fr.back[head];
    memset(&fr.back[head], 0, sizeof fr.back[head]);
  }
  state_free(start);
  frame_free(&fr);
  return ok;
}

bool benc_recursion(benc *e, uint32_t fid, smt_term *args, bstate *start, smt_term *back, smt_term *next_args) {
  const ir_func *f = &e->m->funcs.data[fid];
  e->rec_on = true;
  e->rec_fid = fid;
  e->rec_guard = SMT_FALSE;
  e->rec_args = next_args;
  for (uint32_t i = 0; i < f->nparams; i++) next_args[i] = SMT_NULL;
  smt_term ret = SMT_NULL;
  free(start->regs); /* run_function gives the state the callee's registers */
  start->regs = NULL;
  bool ok = run_function(e, fid, args, start, &ret);
  *back = e->rec_guard;
  e->rec_on = false;
  e->rec_args = NULL;
  state_free(start); /* the returns: they left the cycle */
  return ok;
}

bool benc_run(benc *e) {
  uint32_t main_id = ir_func_find(e->m, "main");
  if (main_id == IR_NONE || !e->m->funcs.data[main_id].defined) return false;
  bstate s = {0};
  s.guard = SMT_TRUE;
  if (!bmem_init(e, &s)) {
    state_free(&s);
    incomplete(e, "globals too large");
    return false;
  }
  const ir_func *mf = &e->m->funcs.data[main_id];
  smt_term *args = xcalloc(mf->nparams + 1, sizeof *args);
  for (uint32_t i = 0; i < mf->nparams; i++) args[i] = fresh(e, "mainarg", width_of(e, mf->params[i]));
  if (mf->nparams) incomplete(e, "main with parameters");
  smt_term ret = SMT_NULL;
  bool ok = run_function(e, main_id, args, &s, &ret);
  if (ok) check_leaks(e, &s, main_id, IR_NONE);
  free(args);
  state_free(&s);
  return ok;
}
