/* rules: one step of symbolic execution (seed 002 Sect. 2.1-2.2 and App. A,
 * seed 000 Sect. 3 for the bitvector rules). See internal.h for the
 * contract of seg_step and seg_initial_state.
 *
 * How a step works. seg_step copies the input state into a working state
 * ns and runs the rule of the instruction at the top frame's position on
 * it. Questions are asked of ns (its extra fresh variables only carry
 * range atoms and definitions, so they do not change what <a> implies
 * about the old variables). A comparison that <a> does not decide becomes
 * a case split: REFINE children are copies of the INPUT state with the
 * case's atom added, at the same position; the instruction is executed
 * again in each child. Every rule over-approximates: atoms added are
 * implied by the concrete semantics, fresh variables stand for values the
 * rule cannot determine.
 *
 * Results go into a fresh variable (LV stays injective); integers are held
 * in the representation repr.c chose for the slot (seed 000 Sect. 2). */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_arith.h"
#include "internal.h"

typedef enum { D_T, D_F, D_STOP } dres; /* decided true / false / successors emitted */

typedef struct {
  seg_engine *e;
  smt_ctx *ctx;
  const ir_module *m;
  seg_state *s;  /* the input state (not modified) */
  seg_state *ns; /* the working copy that becomes the EVAL successor */
  seg_succ_vec *out;
  const ir_func *f;
  const seg_func_info *fi;
  uint32_t ii; /* index of the instruction */
  const ir_inst *in;
  uint32_t var_mark; /* variables v<N> with N >= var_mark were made in this step */
  bool moved;        /* the rule positioned the frames itself */
  uint32_t arg0;     /* a call: the operand of its first argument (1 for an indirect call, whose
                        operand 0 is the function pointer) */
  /* math_ints: the instruction says how its constant operands are read
   * (add / sub / mul: signed unless nuw only, as C's x - c is x + (-c) in
   * the IR; an ordered comparison, sext / zext, division, pointer offsets);
   * elsewhere a constant with its sign bit set is ambiguous (-c or 2^n - c:
   * the IR keeps only the bits) */
  bool sign_known;
  char loc[160];
} cx;

/* ---- small helpers ------------------------------------------------------------- */

static unsigned ptr_bits(const cx *c) { return c->m->ptr_bits; }

/* Mathematical integers (seg_options.math_ints). */
static bool math(const cx *c) { return c->e->opt.math_ints; }

/* math_ints: an integer constant whose value depends on whether the C type
 * was signed (its sign bit is set) and the instruction does not say. */
static bool ambiguous_const(const cx *c, ir_value v) {
  return math(c) && !c->sign_known && v.kind == IR_VAL_CONST && v.type.kind == IR_TY_INT && v.type.bits > 1 &&
         ((v.imm >> (v.type.bits - 1)) & 1);
}

static smt_term kint(cx *c, int64_t v) { return smt_mk_int(c->ctx, v); }

static smt_term ku64(cx *c, uint64_t v) {
  mpz_t z;
  mpz_init(z);
  mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
  smt_term t = smt_mk_int_mpz(c->ctx, z);
  mpz_clear(z);
  return t;
}

/* sign * 2^k + add */
static smt_term kpow2(cx *c, unsigned k, int sign, int64_t add) { return seg_pow2(c->e, k, sign, add); }

/* The n-bit constant `bits` read unsigned or signed. */
static smt_term kconst(cx *c, uint64_t bits, unsigned n, bool sg) {
  assert(n >= 1 && n <= 64);
  bits &= ir_mask(n);
  return sg ? kint(c, ir_sext(bits, n)) : ku64(c, bits);
}

static smt_term add(cx *c, smt_term a, smt_term b) { return smt_mk_int_add2(c->ctx, a, b); }
static smt_term sub(cx *c, smt_term a, smt_term b) { return smt_mk_int_sub(c->ctx, a, b); }
static smt_term mul(cx *c, smt_term a, smt_term b) { return smt_mk_int_mul2(c->ctx, a, b); }
static smt_term le(cx *c, smt_term a, smt_term b) { return smt_mk_int_le(c->ctx, a, b); }
static smt_term lt(cx *c, smt_term a, smt_term b) { return smt_mk_int_lt(c->ctx, a, b); }
static smt_term eq(cx *c, smt_term a, smt_term b) { return smt_mk_eq(c->ctx, a, b); }
static smt_term and2(cx *c, smt_term a, smt_term b) { return smt_mk_and2(c->ctx, a, b); }
static smt_term in_range(cx *c, smt_term t, smt_term lo, smt_term hi) {
  return and2(c, le(c, lo, t), le(c, t, hi));
}
/* Range of an n-bit representation; a signed i1 reads 0 / -1 (no slot holds
 * one, but signed views of i1 operands do). */
static smt_term rlo(cx *c, unsigned n, bool sg) {
  return sg && n == 1 ? kint(c, -1) : seg_range_lo(c->e, n, sg);
}
static smt_term rhi(cx *c, unsigned n, bool sg) {
  return sg && n == 1 ? kint(c, 0) : seg_range_hi(c->e, n, sg);
}
static smt_term ptr_max(cx *c) { return kpow2(c, ptr_bits(c), 1, -1); }

static void kb(cx *c, smt_term atom) { seg_kb_add(c->e, c->ns, atom); }
static bool yes(cx *c, smt_term phi) {
  if (phi == SMT_TRUE) return true;
  if (phi == SMT_FALSE) return false;
  return seg_entails(c->e, c->ns, phi) == SMT_YES;
}

static bool is_var(cx *c, smt_term t) { return smt_term_kind(c->ctx, t) == SMT_VAR; }
static bool is_const(cx *c, smt_term t) { return smt_term_kind(c->ctx, t) == SMT_INT_CONST; }

/* A fresh auxiliary variable in [lo, hi]. */
static smt_term fresh_i(cx *c, int64_t lo, int64_t hi) {
  mpz_t a, b;
  mpz_init_set_si(a, (long)lo);
  mpz_init_set_si(b, (long)hi);
  smt_term v = seg_fresh(c->e, c->ns, a, b);
  mpz_clear(a);
  mpz_clear(b);
  return v;
}

/* A fresh multiple counter k with |k| <= 2^k + 1. */
static smt_term fresh_k(cx *c, unsigned k) {
  mpz_t a, b;
  mpz_init(b);
  mpz_ui_pow_ui(b, 2, k);
  mpz_add_ui(b, b, 1);
  mpz_init(a);
  mpz_neg(a, b);
  smt_term v = seg_fresh(c->e, c->ns, a, b);
  mpz_clear(a);
  mpz_clear(b);
  return v;
}

static smt_term fresh_of(cx *c, ir_type t, bool sg) {
  if (t.kind == IR_TY_PTR) return seg_fresh_ptr(c->e, c->ns);
  return seg_fresh_int(c->e, c->ns, t.bits, sg && t.bits > 1);
}

static bool slot_signed(const seg_func_info *fi, const ir_func *f, uint32_t slot) {
  if (slot >= fi->nslots) return false;
  ir_type t = slot < f->nparams ? f->params[slot] : f->insts[slot - f->nparams].type;
  return t.kind == IR_TY_INT && t.bits > 1 && fi->is_signed[slot];
}

static uint32_t res_slot(const cx *c) { return seg_slot_of_inst(c->f, c->ii); }
static bool res_signed(const cx *c) { return slot_signed(c->fi, c->f, res_slot(c)); }
static unsigned res_bits(const cx *c) { return c->in->type.bits; }

static bool yes(cx *c, smt_term phi);
/* Does the input state hold a heap object the program could still lose or
 * must free (the arguments' objects of --function are the caller's): a heap
 * allocation, or a list that <a> does not show empty? */
static bool heap_left(cx *c) {
  for (size_t i = 0; i < c->s->al.len; i++)
    if (c->s->al.data[i].kind == SEG_AL_HEAP && !c->s->al.data[i].caller_owned) return true;
  for (size_t i = 0; i < c->s->ls.len; i++)
    if (!yes(c, smt_mk_eq(c->ctx, c->s->ls.data[i].len, smt_mk_int(c->ctx, 0)))) return true;
  return false;
}

/* ---- successors ------------------------------------------------------------------ */

static void leaf(cx *c, seg_leaf_kind kind, const char *fmt, ...) UTIL_PRINTF(3, 4);
static void leaf(cx *c, seg_leaf_kind kind, const char *fmt, ...) {
  assert(kind != SEG_LEAF_NONE);
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  seg_succ sc = {SEG_EDGE_EVAL, NULL, kind, xstrdup(buf), false, false, false};
  if (kind == SEG_LEAF_END) sc.heap_left = heap_left(c);
  VEC_PUSH(*c->out, sc);
}

static void push_state(cx *c, seg_edge_kind k, seg_state *st) {
  assert(k == SEG_EDGE_EVAL || k == SEG_EDGE_REFINE);
  assert(seg_state_check(c->e, st));
  seg_succ sc = {k, st, SEG_LEAF_NONE, NULL, false, false, false};
  VEC_PUSH(*c->out, sc);
}

static const char *opname(const cx *c) { return ir_opcode_name((ir_opcode)c->in->op); }

/* Does t mention a variable made during this step (not in the input state)? */
static bool mentions_new(cx *c, smt_term t) {
  if (smt_term_kind(c->ctx, t) == SMT_VAR) {
    const char *nm = smt_term_name(c->ctx, t);
    if (nm[0] != 'v') return false;
    unsigned long k = strtoul(nm + 1, NULL, 10);
    return k >= c->var_mark;
  }
  uint32_t n = smt_term_nargs(c->ctx, t);
  for (uint32_t i = 0; i < n; i++)
    if (mentions_new(c, smt_term_arg(c->ctx, t, i))) return true;
  return false;
}

/* Case split (seed 002 Sect. 2.1, refinement): one REFINE child of the input
 * state per atom; the atoms cover every concrete state. A child in which an
 * atom was already known (the previous split did not help) is a STUCK leaf. */
static dres split(cx *c, uint32_t n, const smt_term *atoms) {
  assert(n >= 2); /* one atom would be no case split */
  for (uint32_t i = 0; i < n; i++) {
    smt_term a = smt_simplify(c->ctx, atoms[i]);
    if (mentions_new(c, a)) {
      leaf(c, SEG_LEAF_STUCK, "case split on an undetermined value in %s at %s", opname(c), c->loc);
      return D_STOP;
    }
    for (size_t k = 0; k < c->s->kb.len; k++)
      if (c->s->kb.data[k] == a) {
        leaf(c, SEG_LEAF_STUCK, "no progress deciding %s at %s", opname(c), c->loc);
        return D_STOP;
      }
  }
  for (uint32_t i = 0; i < n; i++) {
    seg_state *t = seg_state_copy(c->s);
    seg_kb_add(c->e, t, atoms[i]);
    push_state(c, SEG_EDGE_REFINE, t);
  }
  return D_STOP;
}

/* Decide phi under <a>, or split on it. */
static dres decide(cx *c, smt_term phi) {
  if (phi == SMT_TRUE) return D_T;
  if (phi == SMT_FALSE) return D_F;
  if (seg_entails(c->e, c->ns, phi) == SMT_YES) return D_T;
  smt_term nphi = smt_mk_not(c->ctx, phi);
  if (seg_entails(c->e, c->ns, nphi) == SMT_YES) return D_F;
  smt_term atoms[2] = {phi, nphi};
  return split(c, 2, atoms);
}

/* Decide a = b; an undecided equality splits into a < b, a = b, a > b so
 * that KB stays a conjunction of (in)equalities. */
static dres decide_eq(cx *c, smt_term a, smt_term b) {
  smt_term e = eq(c, a, b);
  if (e == SMT_TRUE) return D_T;
  if (e == SMT_FALSE) return D_F;
  if (yes(c, e)) return D_T;
  if (yes(c, smt_mk_not(c->ctx, e))) return D_F;
  smt_term l = lt(c, a, b), g = lt(c, b, a);
  if (yes(c, le(c, a, b))) return split(c, 2, (smt_term[]){l, e});
  if (yes(c, le(c, b, a))) return split(c, 2, (smt_term[]){g, e});
  return split(c, 3, (smt_term[]){l, e, g});
}

/* ---- operands ---------------------------------------------------------------------- */

/* Converts x (an n-bit value held in representation from) into representation
 * to (seed 000 Sect. 3: LV_u / LV_s): u = s if s >= 0 else s + 2^n. */
static bool conv(cx *c, smt_term x, unsigned n, bool from, bool to, smt_term *out) {
  assert(n >= 1);
  if (from == to || (math(c) && n > 1)) { /* an unbounded integer has one representation */
    *out = x;
    return true;
  }
  dres d = from ? decide(c, le(c, kint(c, 0), x)) : decide(c, le(c, x, kpow2(c, n - 1, 1, -1)));
  if (d == D_STOP) return false;
  if (d == D_T)
    *out = x;
  else
    *out = from ? add(c, x, kpow2(c, n, 1, 0)) : sub(c, x, kpow2(c, n, 1, 0));
  return true;
}

/* A term in [0, 2^P) for the pointer expression e: e itself when provably in
 * range, else a fresh w with w = e - 2^P*k, k in [-1, 1]. */
static smt_term ptr_wrap(cx *c, smt_term e) {
  if (yes(c, in_range(c, e, kint(c, 0), ptr_max(c)))) return e;
  smt_term w = seg_fresh_ptr(c->e, c->ns), k = fresh_i(c, -1, 1);
  kb(c, eq(c, w, sub(c, e, mul(c, kpow2(c, ptr_bits(c), 1, 0), k))));
  return w;
}

/* Value of operand v in its own representation (*sg); constants unsigned. */
static bool rd_native(cx *c, ir_value v, smt_term *out, bool *sg) {
  const seg_frame *fr = seg_top(c->ns);
  unsigned P = ptr_bits(c);
  *sg = false;
  switch (v.kind) {
  case IR_VAL_CONST:
    if (ambiguous_const(c, v)) { /* -c or 2^n - c: any value */
      *out = seg_fresh_int(c->e, c->ns, v.type.bits, false);
      return true;
    }
    *out = kconst(c, v.imm, v.type.kind == IR_TY_PTR ? P : v.type.bits, false);
    return true;
  case IR_VAL_INST:
  case IR_VAL_ARG: {
    uint32_t slot = v.kind == IR_VAL_INST ? seg_slot_of_inst(c->f, v.id) : seg_slot_of_arg(v.id);
    if (slot >= fr->nslots || fr->lv[slot] == SMT_NULL) {
      leaf(c, SEG_LEAF_STUCK, "%s %u has no symbolic value at %s", v.kind == IR_VAL_INST ? "value" : "argument",
           v.id, c->loc);
      return false;
    }
    *out = fr->lv[slot];
    *sg = slot_signed(c->fi, c->f, slot);
    return true;
  }
  case IR_VAL_GLOBAL: {
    if (v.id >= c->m->globals.len || c->ns->globals[v.id] == SMT_NULL) {
      leaf(c, SEG_LEAF_STUCK, "global %u without address at %s", v.id, c->loc);
      return false;
    }
    smt_term base = c->ns->globals[v.id];
    int64_t off = ir_sext(v.imm, P);
    /* 0 <= off <= size keeps base+off <= hi+1 <= 2^P-1 (allocations end below 2^P-1) */
    if (off >= 0 && (uint64_t)off <= c->m->globals.data[v.id].size)
      *out = add(c, base, kint(c, off));
    else
      *out = ptr_wrap(c, add(c, base, kint(c, off)));
    return true;
  }
  case IR_VAL_NULL:
    *out = kint(c, 0);
    return true;
  case IR_VAL_UNDEF:
    *out = fresh_of(c, v.type, false);
    return true;
  case IR_VAL_FUNC: {
    /* the address of a function: a variable of the state like a global's
     * base (seg_initial_state), for every function whose address is taken */
    uint32_t k = (uint32_t)c->m->globals.len + v.id;
    if (v.id >= c->m->funcs.len || k >= c->ns->nglobals || c->ns->globals[k] == SMT_NULL) {
      leaf(c, SEG_LEAF_STUCK, "address of function %s at %s",
           v.id < c->m->funcs.len ? c->m->funcs.data[v.id].name : "?", c->loc);
      return false;
    }
    *out = c->ns->globals[k];
    return true;
  }
  default:
    leaf(c, SEG_LEAF_STUCK, "unsupported operand in %s at %s", opname(c), c->loc);
    return false;
  }
}

/* Value of operand v in representation sg (pointers: always unsigned). */
static bool rd(cx *c, ir_value v, bool sg, smt_term *out) {
  unsigned n = v.type.kind == IR_TY_PTR ? ptr_bits(c) : v.type.bits;
  if (v.kind == IR_VAL_CONST) {
    *out = ambiguous_const(c, v) ? seg_fresh_int(c->e, c->ns, n, sg) : kconst(c, v.imm, n, sg);
    return true;
  }
  if (v.kind == IR_VAL_UNDEF) {
    *out = fresh_of(c, v.type, sg);
    if (sg && n == 1) *out = smt_mk_int_neg(c->ctx, *out); /* signed i1 reads 0 / -1 */
    return true;
  }
  bool nsg;
  smt_term x;
  if (!rd_native(c, v, &x, &nsg)) return false;
  return conv(c, x, n, nsg, sg, out);
}

/* ---- results ------------------------------------------------------------------------ */

static bool set_res(cx *c, smt_term w) {
  /* LV holds variables (fresh: LV stays injective) of valued slots only */
  assert(is_var(c, w) && c->in->type.kind != IR_TY_VOID && res_slot(c) < seg_top(c->ns)->nslots);
  seg_top(c->ns)->lv[res_slot(c)] = w;
  return true;
}

static smt_term fresh_res(cx *c) { return fresh_of(c, c->in->type, res_signed(c)); }

/* result := t (t already in the result's representation) */
static bool def_eq(cx *c, smt_term t) {
  smt_term w = fresh_res(c);
  kb(c, eq(c, w, t));
  return set_res(c, w);
}

/* result := t where t is held in representation tsg. When the result's
 * representation differs and t is not provably in its range: a split when
 * t mentions only old variables (may_split), else the exact modulo relation
 * w = t -+ 2^n*k with k in [0, 1]. */
static bool def_term(cx *c, smt_term t, bool tsg, bool may_split) {
  bool rsg = res_signed(c);
  unsigned n = c->in->type.kind == IR_TY_PTR ? ptr_bits(c) : res_bits(c);
  if (tsg == rsg || (math(c) && n > 1) || yes(c, in_range(c, t, rlo(c, n, rsg), rhi(c, n, rsg))))
    return def_eq(c, t);
  if (may_split) {
    smt_term u;
    if (!conv(c, t, n, tsg, rsg, &u)) return false;
    return def_eq(c, u);
  }
  smt_term w = fresh_res(c), k = fresh_i(c, 0, 1), m = mul(c, kpow2(c, n, 1, 0), k);
  kb(c, eq(c, w, tsg ? add(c, t, m) : sub(c, t, m)));
  return set_res(c, w);
}

static bool def_const(cx *c, uint64_t bits) {
  unsigned n = res_bits(c);
  if (math(c) && n > 1 && ((bits >> (n - 1)) & 1)) return set_res(c, fresh_res(c)); /* -c or 2^n - c */
  return def_eq(c, kconst(c, bits, res_bits(c), res_signed(c)));
}

/* ---- range checks ---------------------------------------------------------------------- */

/* nsw / nuw (seed 000 Sect. 3.1, "signed add refinement"): ERR_OVERFLOW when
 * the exact result e may leave the n-bit range of representation sg. The
 * overflowing case also continues with the wrapped value, as the machine
 * does: no-overflow is refuted by the ERR leaf, while memory safety and
 * termination are then proved for wrapping runs too (a superset of the
 * UB-free ones), not only up to the overflow. */
static bool check_range(cx *c, smt_term e, unsigned n, bool sg) {
  if (math(c) && n > 1) return true; /* unbounded integers do not overflow */
  dres d = decide(c, le(c, e, rhi(c, n, sg)));
  if (d == D_STOP) return false;
  if (d == D_T) d = decide(c, le(c, rlo(c, n, sg), e));
  if (d == D_STOP) return false;
  if (d == D_F)
    leaf(c, SEG_LEAF_ERR_OVERFLOW, "%s overflow in %s at %s", sg ? "signed" : "unsigned", opname(c), c->loc);
  return true;
}

/* The wrapped value of an exact sum/difference e (seed 000 Sect. 3.1): e in
 * range -> e; e > hi -> e - 2^n; e < lo -> e + 2^n. */
static bool wrap_cases(cx *c, smt_term e, unsigned n, bool sg, smt_term *out) {
  if (math(c) && n > 1) { /* exact */
    *out = e;
    return true;
  }
  dres d = decide(c, le(c, e, rhi(c, n, sg)));
  if (d == D_STOP) return false;
  if (d == D_F) {
    *out = sub(c, e, kpow2(c, n, 1, 0));
    return true;
  }
  d = decide(c, le(c, rlo(c, n, sg), e));
  if (d == D_STOP) return false;
  *out = d == D_T ? e : add(c, e, kpow2(c, n, 1, 0));
  return true;
}

/* ---- arithmetic ------------------------------------------------------------------------- */

/* add / sub (seed 000 Sect. 3.1): exact value in the result's representation,
 * wrapped by case analysis. */
static bool rule_addsub(cx *c) {
  unsigned n = res_bits(c);
  bool rsg = res_signed(c);
  const ir_value *o = c->in->ops;
  if (math(c)) { /* a constant is -c (C's x - c) unless the operation is nuw only */
    c->sign_known = true;
    rsg = (c->in->flags & IR_NSW) || !(c->in->flags & IR_NUW);
  }
  for (int sg = 1; sg >= 0; sg--) {
    unsigned flag = sg ? IR_NSW : IR_NUW;
    if (!(c->in->flags & flag)) continue;
    smt_term x, y;
    if (!rd(c, o[0], sg, &x) || !rd(c, o[1], sg, &y)) return false;
    if (!check_range(c, c->in->op == IR_ADD ? add(c, x, y) : sub(c, x, y), n, sg)) return false;
  }
  smt_term x, y, w;
  if (!rd(c, o[0], rsg, &x) || !rd(c, o[1], rsg, &y)) return false;
  if (!wrap_cases(c, c->in->op == IR_ADD ? add(c, x, y) : sub(c, x, y), n, rsg, &w)) return false;
  return def_eq(c, w);
}

/* The two factors of a mul, or of shl by a constant amount (x * 2^a). */
static bool factors(cx *c, bool sg, smt_term *x, smt_term *y) {
  const ir_value *o = c->in->ops;
  if (!rd(c, o[0], sg, x)) return false;
  if (c->in->op == IR_SHL) {
    *y = kpow2(c, (unsigned)o[1].imm, 1, 0);
    return true;
  }
  return rd(c, o[1], sg, y);
}

/* nsw/nuw of mul/shl: the exact product must be in range. Linear: decide
 * (split). Nonlinear and not proven: an ERR_OVERFLOW leaf and a REFINE child
 * with the in-bounds atoms. */
static bool check_mul(cx *c, bool sg) {
  unsigned n = res_bits(c);
  smt_term x, y;
  if (!factors(c, sg, &x, &y)) return false;
  smt_term e = mul(c, x, y);
  if (is_const(c, x) || is_const(c, y)) return check_range(c, e, n, sg);
  smt_term lo = le(c, rlo(c, n, sg), e), hi = le(c, e, rhi(c, n, sg));
  if (yes(c, and2(c, lo, hi))) return true;
  for (size_t k = 0; k < c->s->kb.len; k++)
    if (c->s->kb.data[k] == smt_simplify(c->ctx, hi) || c->s->kb.data[k] == smt_simplify(c->ctx, lo)) {
      leaf(c, SEG_LEAF_STUCK, "no progress deciding %s at %s", opname(c), c->loc);
      return false;
    }
  leaf(c, SEG_LEAF_ERR_OVERFLOW, "%s overflow in %s at %s (not proven in bounds)", sg ? "signed" : "unsigned",
       opname(c), c->loc);
  if (!mentions_new(c, e)) {
    seg_state *t = seg_state_copy(c->s);
    seg_kb_add(c->e, t, lo);
    seg_kb_add(c->e, t, hi);
    push_state(c, SEG_EDGE_REFINE, t);
  }
  return true; /* and the wrapping run goes on (see check_range): the result is then any value in range */
}

/* mul, and shl by a constant (seed 000 Sect. 3.2): w = e when <a> implies
 * e in range ("inBounds"); by a constant: w = e - 2^n*k with k fresh;
 * nonlinear: w fresh in range. */
static bool rule_mul(cx *c) {
  unsigned n = res_bits(c);
  bool rsg = res_signed(c);
  if (math(c) && n > 1) { /* the exact product; nonlinear: any value */
    c->sign_known = true; /* as for add / sub */
    rsg = (c->in->flags & IR_NSW) || !(c->in->flags & IR_NUW);
    smt_term x, y;
    if (!factors(c, rsg, &x, &y)) return false;
    if (is_const(c, x) || is_const(c, y)) return def_eq(c, mul(c, x, y));
    return set_res(c, fresh_res(c));
  }
  if ((c->in->flags & IR_NSW) && !check_mul(c, true)) return false;
  if ((c->in->flags & IR_NUW) && !check_mul(c, false)) return false;
  smt_term x, y;
  if (!factors(c, rsg, &x, &y)) return false;
  smt_term e = mul(c, x, y);
  if (yes(c, in_range(c, e, rlo(c, n, rsg), rhi(c, n, rsg)))) return def_eq(c, e);
  smt_term w = fresh_res(c);
  if (is_const(c, x) || is_const(c, y)) {
    smt_term k = fresh_k(c, n);
    kb(c, eq(c, w, sub(c, e, mul(c, kpow2(c, n, 1, 0), k))));
  }
  return set_res(c, w);
}

/* x / cv (cv > 0 constant) in representation sg, truncating toward zero:
 * x >= 0: cv*q <= x <= cv*q + cv - 1; x <= 0: cv*q - cv + 1 <= x <= cv*q.
 * *q is a fresh variable. */
static bool div_const(cx *c, smt_term x, smt_term cv, unsigned n, bool sg, smt_term *q) {
  assert(is_const(c, cv) && mpz_sgn(smt_term_value(c->ctx, cv)) > 0);
  dres d = sg ? decide(c, le(c, kint(c, 0), x)) : D_T;
  if (d == D_STOP) return false;
  *q = seg_fresh_int(c->e, c->ns, n, sg);
  smt_term cq = mul(c, cv, *q), cm1 = sub(c, cv, kint(c, 1));
  if (d == D_T) {
    kb(c, le(c, cq, x));
    kb(c, le(c, x, add(c, cq, cm1)));
  } else {
    kb(c, le(c, sub(c, cq, cm1), x));
    kb(c, le(c, x, cq));
  }
  return true;
}

/* udiv / urem / sdiv / srem (seed 000 Sect. 3.2 "similar rules for division"). */
static bool rule_div(cx *c) {
  uint8_t op = c->in->op;
  bool sg = op == IR_SDIV || op == IR_SREM, rem = op == IR_UREM || op == IR_SREM;
  unsigned n = res_bits(c);
  smt_term x, d;
  c->sign_known = true; /* the operator says how its constants are read */
  if (!rd(c, c->in->ops[0], sg, &x) || !rd(c, c->in->ops[1], sg, &d)) return false;
  /* division by zero is UB (math_ints: an unsigned value may be negative too) */
  bool eq0 = sg || (math(c) && n > 1);
  dres r = eq0 ? decide_eq(c, d, kint(c, 0)) : decide(c, le(c, kint(c, 1), d));
  if (r == D_STOP) return false;
  if ((eq0 && r == D_T) || (!eq0 && r == D_F)) {
    leaf(c, SEG_LEAF_ERR_UB, "division by zero at %s", c->loc);
    return false;
  }
  /* math_ints: unsigned division agrees with the integer one on a
   * non-negative dividend and a positive constant divisor; else any value */
  if (math(c) && n > 1 && !sg &&
      !(is_const(c, d) && mpz_sgn(smt_term_value(c->ctx, d)) > 0 && yes(c, le(c, kint(c, 0), x))))
    return set_res(c, fresh_res(c));
  /* INT_MIN / -1 overflows */
  if (sg && n > 1 && !math(c)) {
    smt_term smin = rlo(c, n, true), m1 = kint(c, -1);
    smt_term ok = smt_mk_or2(c->ctx, smt_mk_not(c->ctx, eq(c, x, smin)), smt_mk_not(c->ctx, eq(c, d, m1)));
    if (!yes(c, ok)) {
      r = decide_eq(c, d, m1);
      if (r == D_STOP) return false;
      if (r == D_T) {
        r = decide(c, lt(c, smin, x));
        if (r == D_STOP) return false;
        if (r == D_F) {
          /* a trap on the machine: the run ends here (ERR_UB blocks every proof) */
          leaf(c, SEG_LEAF_ERR_UB, "INT_MIN %s -1 at %s", rem ? "%" : "/", c->loc);
          return false;
        }
      }
    }
  }
  /* `exact` (pointer differences): an inexact division gives poison, any
   * value, so without a proof of exactness the result is just in range */
  if ((c->in->flags & IR_EXACT) && !rem &&
      !(is_const(c, d) && (mpz_cmpabs_ui(smt_term_value(c->ctx, d), 1) == 0 || is_const(c, x))))
    return set_res(c, fresh_res(c));
  if (is_const(c, d)) {
    mpz_srcptr dv = smt_term_value(c->ctx, d);
    bool neg = mpz_sgn(dv) < 0;
    smt_term cv = neg ? smt_mk_int_neg(c->ctx, d) : d, q;
    if (!div_const(c, x, cv, n, sg, &q)) return false;
    if (rem) return def_term(c, sub(c, x, mul(c, cv, q)), sg, false);
    return def_term(c, neg ? smt_mk_int_neg(c->ctx, q) : q, sg, false);
  }
  if (sg) return set_res(c, fresh_res(c)); /* signed by a variable: any value */
  smt_term q = seg_fresh_int(c->e, c->ns, n, false);
  kb(c, le(c, q, x)); /* udiv: 0 <= q <= x; urem: 0 <= r <= x, r <= d - 1 */
  if (rem) kb(c, le(c, q, sub(c, d, kint(c, 1))));
  return def_term(c, q, false, false);
}

/* The number of bits up to the highest set one (0 for 0). */
static unsigned bit_length(uint64_t x) {
  unsigned k = 0;
  while (k < 64 && (x >> k)) k++;
  return k;
}

/* i1 and / or / xor: exact linear encodings. */
static bool bitwise_i1(cx *c) {
  assert(res_bits(c) == 1);
  smt_term a, b;
  if (!rd(c, c->in->ops[0], false, &a) || !rd(c, c->in->ops[1], false, &b)) return false;
  smt_term r = seg_fresh_int(c->e, c->ns, 1, false), one = kint(c, 1);
  switch (c->in->op) {
  case IR_AND:
    kb(c, le(c, r, a));
    kb(c, le(c, r, b));
    kb(c, le(c, sub(c, add(c, a, b), one), r));
    break;
  case IR_OR:
    kb(c, le(c, a, r));
    kb(c, le(c, b, r));
    kb(c, le(c, r, add(c, a, b)));
    break;
  default: /* xor */
    kb(c, le(c, r, add(c, a, b)));
    kb(c, le(c, sub(c, a, b), r));
    kb(c, le(c, sub(c, b, a), r));
    kb(c, le(c, r, sub(c, kint(c, 2), add(c, a, b))));
    break;
  }
  return set_res(c, r);
}

/* x & (2^k - 1) = x - 2^k*q with 0 <= r <= 2^k - 1 (the low k bits are the
 * same in either representation, so x is read as it is held). */
static bool and_mask(cx *c, ir_value xv, unsigned k) {
  unsigned n = res_bits(c);
  assert(k >= 1 && k < n); /* a low mask, neither 0 nor all ones */
  smt_term x;
  bool xsg;
  if (!rd_native(c, xv, &x, &xsg)) return false;
  /* math_ints: x is unbounded, so is q (x & (2^k - 1) is x mod 2^k) */
  smt_term q = math(c) ? seg_fresh_int(c->e, c->ns, n, true) : fresh_k(c, n - k), w = fresh_res(c);
  kb(c, eq(c, w, sub(c, x, mul(c, kpow2(c, k, 1, 0), q))));
  kb(c, le(c, kint(c, 0), w));
  kb(c, le(c, w, kpow2(c, k, 1, -1)));
  return set_res(c, w);
}

/* math_ints, and / or / xor of integers wider than one bit: x & (2^k - 1)
 * is x mod 2^k; on non-negative operands 0 <= x & y <= min(x, y) and
 * max(x, y) <= x | y <= x + y, 0 <= x ^ y <= x + y; else any value. */
static bool bitwise_math(cx *c) {
  const ir_value *o = c->in->ops;
  unsigned n = res_bits(c);
  if (c->in->op == IR_AND)
    for (int i = 0; i < 2; i++) {
      if (o[i].kind != IR_VAL_CONST) continue;
      uint64_t mval = o[i].imm & ir_mask(n);
      if (mval == 0) return def_const(c, 0);
      if (mval != ir_mask(n) && (mval & (mval + 1)) == 0) {
        return and_mask(c, o[1 - i], bit_length(mval));
      }
    }
  smt_term x, y;
  if (!rd(c, o[0], false, &x) || !rd(c, o[1], false, &y)) return false;
  smt_term zero = kint(c, 0), w = fresh_res(c);
  if (!yes(c, and2(c, le(c, zero, x), le(c, zero, y)))) return set_res(c, w);
  if (c->in->op == IR_AND) {
    kb(c, le(c, zero, w));
    kb(c, le(c, w, x));
    kb(c, le(c, w, y));
  } else {
    if (c->in->op == IR_OR) {
      kb(c, le(c, x, w));
      kb(c, le(c, y, w));
    } else {
      kb(c, le(c, zero, w));
    }
    kb(c, le(c, w, add(c, x, y)));
  }
  return set_res(c, w);
}

/* The number of low bits that can be set in v's value, read off its
 * definition: k for a zext from ik, for an `and` with a mask below 2^k and
 * for a constant below 2^k; the full width otherwise. */
static unsigned set_bits_bound(const cx *c, ir_value v) {
  unsigned n = v.type.bits;
  if (v.kind == IR_VAL_CONST) return bit_length(v.imm & ir_mask(n));
  if (v.kind != IR_VAL_INST) return n;
  const ir_inst *d = &c->f->insts[v.id];
  if (d->op == IR_ZEXT) return d->ops[0].type.bits < n ? d->ops[0].type.bits : n;
  if (d->op == IR_AND) {
    unsigned k0 = d->ops[0].kind == IR_VAL_CONST ? set_bits_bound(c, d->ops[0]) : n;
    unsigned k1 = d->ops[1].kind == IR_VAL_CONST ? set_bits_bound(c, d->ops[1]) : n;
    return k0 < k1 ? k0 : k1;
  }
  return n;
}

/* and / or / xor (seed 000 Sect. 3.3). */
static bool rule_bitwise(cx *c) {
  const ir_value *o = c->in->ops;
  unsigned n = res_bits(c);
  bool rsg = res_signed(c);
  if (o[0].kind == IR_VAL_CONST && o[1].kind == IR_VAL_CONST) {
    uint64_t r = 0;
    ir_arith_binary((ir_opcode)c->in->op, 0, n, o[0].imm, o[1].imm, &r);
    return def_const(c, r);
  }
  if (n == 1) return bitwise_i1(c);
  if (math(c)) return bitwise_math(c);
  if (c->in->op == IR_XOR) /* x ^ ~0 = ~x: -1 - x signed, umax - x unsigned */
    for (int i = 0; i < 2; i++)
      if (o[i].kind == IR_VAL_CONST && (o[i].imm & ir_mask(n)) == ir_mask(n)) {
        smt_term x;
        if (!rd(c, o[1 - i], rsg, &x)) return false;
        return def_eq(c, sub(c, rsg ? kint(c, -1) : rhi(c, n, false), x));
      }
  if (c->in->op == IR_AND) {
    for (int i = 0; i < 2; i++) {
      if (o[i].kind != IR_VAL_CONST) continue;
      uint64_t mval = o[i].imm & ir_mask(n);
      if (mval == 0) return def_const(c, 0);
      if (mval == ir_mask(n)) {
        smt_term x;
        return rd(c, o[1 - i], rsg, &x) && def_eq(c, x);
      }
      if ((mval & (mval + 1)) == 0) {
        return and_mask(c, o[1 - i], bit_length(mval));
      }
    }
  }
  smt_term x, y;
  if (!rd(c, o[0], rsg, &x) || !rd(c, o[1], rsg, &y)) return false;
  smt_term zero = kint(c, 0);
  bool xnn = !rsg || yes(c, le(c, zero, x)), ynn = !rsg || yes(c, le(c, zero, y));
  smt_term w = fresh_res(c);
  /* beyond the seed: or / xor of values with at most k low bits set have
   * at most k low bits set (a table index crc ^ byte stays below 256) */
  unsigned kx = set_bits_bound(c, o[0]), ky = set_bits_bound(c, o[1]), k = kx > ky ? kx : ky;
  if (c->in->op != IR_AND && k < n) {
    kb(c, le(c, kint(c, 0), w));
    kb(c, le(c, w, kpow2(c, k, 1, -1)));
  }
  switch (c->in->op) {
  case IR_AND: /* 0 <= x & y <= min(x, y) for non-negative operands */
    if (xnn || ynn) kb(c, le(c, zero, w));
    if (xnn) kb(c, le(c, w, x));
    if (ynn) kb(c, le(c, w, y));
    break;
  case IR_OR: /* max(x, y) <= x | y <= x + y */
    if (xnn && ynn) {
      kb(c, le(c, x, w));
      kb(c, le(c, y, w));
      kb(c, le(c, w, add(c, x, y)));
    }
    break;
  default: /* 0 <= x ^ y <= x + y */
    if (xnn && ynn) {
      kb(c, le(c, zero, w));
      kb(c, le(c, w, add(c, x, y)));
    }
    break;
  }
  return set_res(c, w);
}

/* shl / lshr / ashr. By a constant a < n: shl = mul by 2^a; lshr = udiv by
 * 2^a of the unsigned view; ashr: 2^a*q <= x <= 2^a*q + 2^a - 1 (floor).
 * An amount >= n is UB. */
/* A shl without nsw may still be a signed overflow in C: clang does not
 * flag `x << k` on a signed int, and SV-COMP's no-overflow counts it. Unless
 * the front end learnt the C type (IR_NSW for signed, IR_UNSIGNED_SHL for
 * unsigned: fe_options.shift_signs), the signed view of the result must fit
 * (else an ERR_OVERFLOW leaf; the run continues wrapped, see check_range).
 * Unsigned shifts that wrap are then reported too: only no-overflow proofs
 * are lost. */
static bool shl_fits_signed(cx *c, ir_value xv, unsigned a, unsigned n) {
  smt_term xs;
  if (n < 2 || !rd(c, xv, true, &xs)) return n < 2;
  return check_range(c, mul(c, xs, kpow2(c, a, 1, 0)), n, true);
}

static bool rule_shift(cx *c) {
  unsigned n = res_bits(c);
  const ir_value *o = c->in->ops;
  if (o[1].kind == IR_VAL_CONST) {
    uint64_t a = o[1].imm & ir_mask(o[1].type.bits);
    if (a >= n) {
      leaf(c, SEG_LEAF_ERR_UB, "shift by %llu >= %u bits at %s", (unsigned long long)a, n, c->loc);
      return false;
    }
    if (c->in->op == IR_SHL && !(c->in->flags & (IR_NSW | IR_UNSIGNED_SHL)) && !math(c) &&
        !shl_fits_signed(c, o[0], (unsigned)a, n))
      return false;
    if (c->in->op == IR_SHL) {
      ir_inst tmp = *c->in; /* factors() reads the amount from ops[1].imm */
      ir_value ops2[2] = {o[0], o[1]};
      ops2[1].imm = a;
      tmp.ops = ops2;
      const ir_inst *saved = c->in;
      c->in = &tmp;
      bool ok = rule_mul(c);
      c->in = saved;
      return ok;
    }
    bool sg = c->in->op == IR_ASHR;
    smt_term x;
    if (!rd(c, o[0], sg, &x)) return false;
    if (a == 0) return def_term(c, x, sg, true);
    /* math_ints: lshr is the floor division of a non-negative value only */
    if (math(c) && !sg && !yes(c, le(c, kint(c, 0), x))) return set_res(c, fresh_res(c));
    if ((c->in->flags & IR_EXACT) && !is_const(c, x)) return set_res(c, fresh_res(c)); /* poison if inexact */
    smt_term q = seg_fresh_int(c->e, c->ns, n, sg), p = kpow2(c, (unsigned)a, 1, 0);
    kb(c, le(c, mul(c, p, q), x));
    kb(c, le(c, x, add(c, mul(c, p, q), kpow2(c, (unsigned)a, 1, -1))));
    return def_term(c, q, sg, false);
  }
  if (math(c)) return set_res(c, fresh_res(c)); /* a variable amount: no integer rule */
  smt_term amt;
  if (!rd(c, o[1], false, &amt)) return false;
  dres d = decide(c, le(c, amt, kint(c, (int64_t)n - 1)));
  if (d == D_STOP) return false;
  if (d == D_F) {
    leaf(c, SEG_LEAF_ERR_UB, "shift amount >= %u bits at %s", n, c->loc);
    return false;
  }
  if (c->in->op == IR_SHL && (c->in->flags & (IR_NSW | IR_NUW))) {
    leaf(c, SEG_LEAF_STUCK, "shl nsw/nuw by a variable amount at %s", c->loc);
    return false;
  }
  if (c->in->op == IR_SHL && !(c->in->flags & IR_UNSIGNED_SHL) && res_bits(c) > 1) /* may overflow in the signed view (shl_fits_signed) */
    leaf(c, SEG_LEAF_ERR_OVERFLOW, "shift left by a variable amount may overflow at %s", c->loc);
  if (c->in->op == IR_LSHR && !res_signed(c)) { /* 0 <= x >> a <= x */
    smt_term x;
    if (!rd(c, o[0], false, &x)) return false;
    smt_term w = fresh_res(c);
    kb(c, le(c, w, x));
    return set_res(c, w);
  }
  return set_res(c, fresh_res(c));
}

/* icmp (seed 000 Sect. 3.1, "icmp ugt" and its refinement). */
static bool rule_icmp(cx *c) {
  const ir_value *o = c->in->ops;
  uint8_t p = c->in->pred;
  bool sg;
  if (p == IR_EQ || p == IR_NE) {
    smt_term t;
    sg = false;
    if (o[0].kind == IR_VAL_INST || o[0].kind == IR_VAL_ARG) {
      if (!rd_native(c, o[0], &t, &sg)) return false;
    } else if (o[1].kind == IR_VAL_INST || o[1].kind == IR_VAL_ARG) {
      if (!rd_native(c, o[1], &t, &sg)) return false;
    }
  } else {
    sg = p >= IR_SGT;
    c->sign_known = true; /* the predicate says how a constant is read */
  }
  /* math_ints, == / != with a constant that is -c or 2^n - c: either */
  if (ambiguous_const(c, o[0]) || ambiguous_const(c, o[1])) return set_res(c, fresh_res(c));
  smt_term x, y;
  if (!rd(c, o[0], sg, &x) || !rd(c, o[1], sg, &y)) return false;
  dres d;
  switch (p) {
  case IR_EQ: case IR_NE: d = decide_eq(c, x, y); break;
  case IR_UGT: case IR_SGT: d = decide(c, lt(c, y, x)); break;
  case IR_UGE: case IR_SGE: d = decide(c, le(c, y, x)); break;
  case IR_ULT: case IR_SLT: d = decide(c, lt(c, x, y)); break;
  default: d = decide(c, le(c, x, y)); break;
  }
  if (d == D_STOP) return false;
  bool r = (d == D_T) != (p == IR_NE);
  return def_const(c, r ? 1 : 0);
}

static bool rule_select(cx *c) {
  smt_term cond, x;
  if (!rd(c, c->in->ops[0], false, &cond)) return false;
  dres d = decide(c, le(c, kint(c, 1), cond));
  if (d == D_STOP) return false;
  bool sg = c->in->type.kind == IR_TY_INT && res_signed(c);
  if (!rd(c, c->in->ops[d == D_T ? 1 : 2], sg, &x)) return false;
  return def_eq(c, x);
}

/* llvm.*.with.overflow: 1 iff the exact result leaves the range. */
static bool rule_overflow(cx *c) {
  uint8_t k = c->in->pred;
  bool sg = k == IR_OVF_SADD || k == IR_OVF_SSUB || k == IR_OVF_SMUL;
  unsigned n = c->in->ops[0].type.bits;
  if (math(c) && n > 1) return def_const(c, 0); /* unbounded integers do not overflow */
  smt_term x, y, e;
  if (!rd(c, c->in->ops[0], sg, &x) || !rd(c, c->in->ops[1], sg, &y)) return false;
  bool linear = true;
  if (k == IR_OVF_SADD || k == IR_OVF_UADD)
    e = add(c, x, y);
  else if (k == IR_OVF_SSUB || k == IR_OVF_USUB)
    e = sub(c, x, y);
  else {
    e = mul(c, x, y);
    linear = is_const(c, x) || is_const(c, y);
  }
  smt_term hi = le(c, e, rhi(c, n, sg)), lo = le(c, rlo(c, n, sg), e);
  if (!linear) {
    smt_term inb = and2(c, lo, hi);
    if (yes(c, inb)) return def_const(c, 0);
    if (yes(c, smt_mk_not(c->ctx, inb))) return def_const(c, 1);
    return set_res(c, fresh_res(c));
  }
  dres d = decide(c, hi);
  if (d == D_T) d = decide(c, lo);
  if (d == D_STOP) return false;
  return def_const(c, d == D_T ? 0 : 1);
}

/* trunc of x (n bits, held as xsg) to m bits (seed 000 Sect. 3.3): w = x when
 * x is in the target range, else w = x - 2^m*k. */
static bool trunc_to(cx *c, smt_term x, unsigned n, unsigned m) {
  assert(m < n);
  bool rsg = res_signed(c);
  if (math(c) && m > 1) return def_eq(c, x); /* casts keep the value */
  if (math(c)) { /* to one bit: the parity, x - 2q with q unbounded */
    smt_term w = fresh_res(c), q = seg_fresh_int(c->e, c->ns, n > 1 ? n : 2, true);
    kb(c, eq(c, w, sub(c, x, mul(c, kint(c, 2), q))));
    return set_res(c, w);
  }
  if (yes(c, in_range(c, x, rlo(c, m, rsg), rhi(c, m, rsg)))) return def_eq(c, x);
  smt_term w = fresh_res(c), k = fresh_k(c, n > m ? n - m : 1);
  kb(c, eq(c, w, sub(c, x, mul(c, kpow2(c, m, 1, 0), k))));
  return set_res(c, w);
}

/* trunc / zext / sext / ptrtoint / inttoptr / copy. */
static bool rule_cast(cx *c) {
  ir_value v = c->in->ops[0];
  unsigned n = v.type.kind == IR_TY_PTR ? ptr_bits(c) : v.type.bits;
  unsigned m = c->in->type.kind == IR_TY_PTR ? ptr_bits(c) : c->in->type.bits;
  uint8_t op = c->in->op;
  smt_term x;
  bool xsg;
  c->sign_known = op == IR_SEXT || op == IR_ZEXT;
  if (math(c) && c->in->type.kind == IR_TY_PTR && v.type.kind != IR_TY_PTR) {
    /* an integer as an address: itself when it is one, else any address */
    if (!rd(c, v, false, &x)) return false;
    if (yes(c, in_range(c, x, kint(c, 0), ptr_max(c)))) return def_eq(c, x);
    return set_res(c, seg_fresh_ptr(c->e, c->ns));
  }
  if (op == IR_SEXT) { /* w = signed view of x */
    if (!rd(c, v, true, &x)) return false;
    return def_term(c, x, true, true);
  }
  if (op == IR_ZEXT || ((op == IR_PTRTOINT || op == IR_INTTOPTR) && m > n)) { /* unsigned view */
    if (!rd(c, v, false, &x)) return false;
    return def_term(c, x, false, true);
  }
  if (m < n) { /* trunc, or a narrowing ptrtoint / inttoptr */
    if (!rd_native(c, v, &x, &xsg)) return false;
    return trunc_to(c, x, n, m);
  }
  /* same width: copy */
  bool rsg = c->in->type.kind == IR_TY_INT && res_signed(c);
  if (!rd(c, v, rsg, &x)) return false;
  return def_eq(c, x);
}

/* ptradd: e = p + signed offset, wrapped into [0, 2^P). */
static bool rule_ptradd(cx *c) {
  smt_term p, off;
  c->sign_known = true; /* offsets are signed */
  if (!rd(c, c->in->ops[0], false, &p) || !rd(c, c->in->ops[1], true, &off)) return false;
  smt_term e = add(c, p, off);
  if (yes(c, in_range(c, e, kint(c, 0), ptr_max(c)))) return def_eq(c, e);
  /* math_ints: an unbounded offset wraps any number of times: any address */
  if (math(c) && !is_const(c, off)) return set_res(c, seg_fresh_ptr(c->e, c->ns));
  smt_term w = seg_fresh_ptr(c->e, c->ns), k = fresh_i(c, -1, 1);
  kb(c, eq(c, w, sub(c, e, mul(c, kpow2(c, ptr_bits(c), 1, 0), k))));
  return set_res(c, w);
}

/* ---- control flow ------------------------------------------------------------------------- */

/* Branch to block `to`: all phis of `to` read their operand for the current
 * block from the pre-state, in parallel; then the frame enters `to` and dead
 * variables are projected away. */
static bool goto_block(cx *c, uint32_t to) {
  const ir_func *f = c->f;
  if (to >= f->nblocks) {
    leaf(c, SEG_LEAF_STUCK, "branch to a missing block at %s", c->loc);
    return false;
  }
  uint32_t from = seg_top(c->ns)->block, first = f->blocks[to].first, fnp = ir_first_non_phi(f, to);
  uint32_t nphi = fnp - first;
  smt_term *vals = xmalloc((nphi ? nphi : 1) * sizeof *vals);
  for (uint32_t j = 0; j < nphi; j++) {
    const ir_inst *phi = &f->insts[first + j];
    uint32_t a = 0;
    while (a < phi->ntargets && a < phi->nops && phi->targets[a] != from) a++;
    uint32_t slot = seg_slot_of_inst(f, first + j);
    if (a >= phi->ntargets || a >= phi->nops) {
      leaf(c, SEG_LEAF_STUCK, "phi without an entry for the incoming block at %s", c->loc);
      free(vals);
      return false;
    }
    if (!rd(c, phi->ops[a], slot_signed(c->fi, f, slot), &vals[j])) {
      free(vals);
      return false;
    }
  }
  for (uint32_t j = 0; j < nphi; j++) {
    uint32_t slot = seg_slot_of_inst(f, first + j);
    smt_term w = fresh_of(c, f->insts[first + j].type, slot_signed(c->fi, f, slot));
    kb(c, eq(c, w, vals[j]));
    seg_top(c->ns)->lv[slot] = w;
  }
  free(vals);
  seg_frame *fr = seg_top(c->ns);
  assert(fnp < first + f->blocks[to].count); /* a block ends with its terminator, never a phi */
  fr->block = to;
  fr->inst = fnp;
  seg_project(c->e, c->ns);
  c->moved = true;
  return true;
}

static bool rule_condbr(cx *c) {
  smt_term cond;
  if (!rd(c, c->in->ops[0], false, &cond)) return false;
  dres d = decide(c, le(c, kint(c, 1), cond));
  if (d == D_STOP) return false;
  return goto_block(c, c->in->targets[d == D_T ? 0 : 1]);
}

static bool rule_switch(cx *c) {
  smt_term x;
  bool sg;
  ir_value v = c->in->ops[0];
  if (math(c) && v.type.kind == IR_TY_INT && v.type.bits > 1)
    for (uint32_t i = 0; i + 1 < c->in->ntargets; i++)
      if ((c->in->case_values[i] >> (v.type.bits - 1)) & 1) {
        leaf(c, SEG_LEAF_STUCK, "switch with a case constant that is -c or 2^n - c (mathematical integers) at %s",
             c->loc);
        return false;
      }
  if (!rd_native(c, v, &x, &sg)) return false;
  for (uint32_t i = 0; i + 1 < c->in->ntargets; i++) {
    dres d = decide_eq(c, x, kconst(c, c->in->case_values[i], v.type.bits, sg));
    if (d == D_STOP) return false;
    if (d == D_T) return goto_block(c, c->in->targets[i + 1]);
  }
  return goto_block(c, c->in->targets[0]);
}

/* ---- memory --------------------------------------------------------------------------------- */

/* A new allocation [lo, hi] of n >= 1 bytes (seed 002, alloca): lo >= 1 and
 * hi = lo + n - 1 <= 2^P - 2 (the address one past an object never wraps). */
static smt_term new_alloc(cx *c, smt_term nbytes, seg_al_kind kind) {
  assert(kind != SEG_AL_GLOBAL && c->ns->nframes >= 1); /* globals are allocated by seg_initial_state */
  smt_term lo = seg_fresh_ptr(c->e, c->ns), hi = seg_fresh_ptr(c->e, c->ns);
  kb(c, le(c, kint(c, 1), lo));
  kb(c, eq(c, hi, sub(c, add(c, lo, nbytes), kint(c, 1))));
  kb(c, le(c, hi, kpow2(c, ptr_bits(c), 1, -2)));
  bool caller_owned = kind == SEG_AL_HEAP && c->m->entry_function && c->ns->nframes == 1 &&
                      c->ns->frames[0].func == 0; /* the generated main (function 0) */
  seg_alloc a = {lo, hi, (uint8_t)kind, false, c->ns->nframes - 1, caller_owned};
  VEC_PUSH(c->ns->al, a);
  c->ns->fo_cache = SMT_NULL;
  return lo;
}

/* Allocation of nbytes (alloca, alloca builtin): split on nbytes >= 1; none
 * for 0 bytes (the result is then some non-null pointer). */
static bool alloc_result(cx *c, smt_term nbytes, seg_al_kind kind) {
  dres d = decide(c, le(c, kint(c, 1), nbytes));
  if (d == D_STOP) return false;
  if (d == D_F) {
    smt_term w = seg_fresh_ptr(c->e, c->ns);
    kb(c, le(c, kint(c, 1), w));
    return set_res(c, w);
  }
  return def_eq(c, new_alloc(c, nbytes, kind));
}

static bool rule_alloca(cx *c) {
  smt_term cnt;
  if (!rd(c, c->in->ops[0], false, &cnt)) return false;
  size_t before = c->ns->al.len;
  if (!alloc_result(c, mul(c, cnt, ku64(c, c->in->size)), SEG_AL_STACK)) return false;
  /* a VLA (variable size, or not in the entry block) may end at a stackrestore */
  if (c->ns->al.len > before && (c->in->block != 0 || c->in->ops[0].kind != IR_VAL_CONST))
    c->ns->al.data[c->ns->al.len - 1].dynamic = true;
  return true;
}

static void remove_alloc(cx *c, size_t i);
static bool fresh_result_if_any(cx *c);

/* llvm.stackrestore ends the VLAs of the scope it closes. Which of the
 * frame's dynamic stack objects belong to that scope is not tracked, so all
 * of them end (sound: a VLA of an outer scope used later becomes an ERR,
 * never a missed one). */
static bool rule_stackrestore(cx *c) {
  uint32_t depth = c->ns->nframes - 1;
  for (size_t i = c->ns->al.len; i-- > 0;)
    if (c->ns->al.data[i].kind == SEG_AL_STACK && c->ns->al.data[i].dynamic && c->ns->al.data[i].depth == depth)
      remove_alloc(c, i);
  return fresh_result_if_any(c);
}

/* Is [ad, ad + n - 1] inside an allocation in every state the KB allows?
 * hint is the address as computed (before addr_var): an allocation whose
 * start it mentions (a global's base plus an offset) is asked first, alone.
 * With few allocations each is asked, newest first; with many, one query
 * asks for the disjunction (the same condition: the bytes are allocated,
 * whichever allocation holds them in each state) instead of one query per
 * allocation, which made stores cost hundreds of queries in programs with
 * many globals. */
#define SEG_ALLOC_SINGLE_QUERIES 8
static bool in_alloc(cx *c, smt_term ad, smt_term n, smt_term hint) {
  seg_layout lay;
  seg_layout_build(c->e, c->ns, &lay);
  long held = seg_layout_holder(c->e, &lay, ad, n);
  seg_layout_free(&lay);
  if (held >= 0) return true; /* known offsets inside a known extent */
  smt_term end = sub(c, add(c, ad, n), kint(c, 1));
  size_t nal = c->ns->al.len;
  bool *asked = nal ? xcalloc(nal, sizeof *asked) : NULL;
  bool found = false;
  if (hint != SMT_NULL && nal > 1) {
    smt_term_vec vs = {0};
    smt_term_vars(c->ctx, hint, &vs);
    for (size_t i = nal; i-- > 0 && !found;) {
      seg_alloc a = c->ns->al.data[i];
      bool named = a.lo == hint;
      for (size_t k = 0; k < vs.len && !named; k++) named = vs.data[k] == a.lo;
      if (!named) continue;
      asked[i] = true;
      found = yes(c, and2(c, le(c, a.lo, ad), le(c, end, a.hi)));
    }
    VEC_FREE(vs);
  }
  if (!found && nal <= SEG_ALLOC_SINGLE_QUERIES) {
    for (size_t i = nal; i-- > 0 && !found;) {
      seg_alloc a = c->ns->al.data[i];
      if (!asked[i]) found = yes(c, and2(c, le(c, a.lo, ad), le(c, end, a.hi)));
    }
  } else if (!found) {
    smt_term_vec alts = {0};
    for (size_t i = nal; i-- > 0;) {
      seg_alloc a = c->ns->al.data[i];
      if (!asked[i]) VEC_PUSH(alts, and2(c, le(c, a.lo, ad), le(c, end, a.hi)));
    }
    found = alts.len && yes(c, smt_mk_or(c->ctx, (uint32_t)alts.len, alts.data));
    VEC_FREE(alts);
  }
  free(asked);
  return found;
}

/* Is PT atom p disjoint from [lo, hi]? (One disjunction: two allocations
 * are disjoint without either order being known.) */
static smt_term pt_disjoint(cx *c, seg_pt p, smt_term lo, smt_term hi) {
  smt_term pend = add(c, p.addr, kint(c, (int64_t)p.bytes - 1));
  return smt_mk_or2(c->ctx, lt(c, pend, lo), lt(c, hi, p.addr));
}

/* Marks keep[i] for the atoms idx[0..n-1] that the KB proves disjoint from
 * [lo, hi], by group testing: one query for the whole group, halves when it
 * fails. A store usually overlaps one or two atoms of many (a program with
 * many globals holds an atom per global), so this asks O(k log n) queries
 * where one per atom made every store cost as many as there are atoms. */
static void mark_disjoint(cx *c, const uint32_t *idx, size_t n, smt_term lo, smt_term hi, bool *keep) {
  if (n == 0) return;
  smt_term_vec conj = {0};
  for (size_t i = 0; i < n; i++) VEC_PUSH(conj, pt_disjoint(c, c->ns->pt.data[idx[i]], lo, hi));
  bool all = yes(c, smt_mk_and(c->ctx, (uint32_t)conj.len, conj.data));
  VEC_FREE(conj);
  if (all) {
    for (size_t i = 0; i < n; i++) keep[idx[i]] = true;
  } else if (n > 1) {
    mark_disjoint(c, idx, n / 2, lo, hi, keep);
    mark_disjoint(c, idx + n / 2, n - n / 2, lo, hi, keep);
  }
}

/* Drops every PT atom that <a> does not prove disjoint from [lo, hi]:
 * decided by known offsets where they tell (layout.c), by the solver for
 * the rest. */
static void drop_pt_overlapping(cx *c, smt_term lo, smt_term hi) {
  size_t npt = c->ns->pt.len;
  if (npt == 0) return;
  bool *keep = xcalloc(npt, sizeof *keep);
  uint32_t *ask = xmalloc(npt * sizeof *ask);
  size_t nask = 0;
  seg_layout lay;
  seg_layout_build(c->e, c->ns, &lay);
  smt_term len = add(c, sub(c, hi, lo), kint(c, 1));
  for (size_t i = 0; i < npt; i++) {
    seg_pt p = c->ns->pt.data[i];
    if (p.addr == lo) continue; /* the same address overlaps */
    seg_layout_rel rel = seg_layout_relate(c->e, &lay, p.addr, kint(c, p.bytes), lo, len);
    if (rel == SEG_LAYOUT_DISJOINT) keep[i] = true;
    else if (rel == SEG_LAYOUT_UNKNOWN) ask[nask++] = (uint32_t)i;
  }
  seg_layout_free(&lay);
  mark_disjoint(c, ask, nask, lo, hi, keep);
  size_t k = 0;
  for (size_t i = 0; i < npt; i++)
    if (keep[i]) c->ns->pt.data[k++] = c->ns->pt.data[i];
  c->ns->pt.len = k;
  c->ns->fo_cache = SMT_NULL;
  free(keep);
  free(ask);
}

/* An address as a variable (PT atoms hold variables). */
static smt_term addr_var(cx *c, smt_term ad) {
  if (is_var(c, ad)) return ad;
  smt_term v = seg_fresh_ptr(c->e, c->ns);
  kb(c, eq(c, v, ad));
  return v;
}

/* Bytes ad .. ad + n - 1 inside the first object of a list (by known
 * offsets): the unfolding (internal.h, seg_list) as a refinement, one REFINE
 * child per case <a> allows, and true; the instruction runs again in each.
 * False when no list holds the bytes. */
static bool unfold_at(cx *c, smt_term ad, uint64_t n) {
  if (c->s->ls.len == 0) return false;
  seg_layout lay;
  seg_layout_build(c->e, c->ns, &lay);
  long i = seg_list_holding(c->e, c->ns, &lay, ad, n);
  seg_layout_free(&lay);
  if (i < 0) return false;
  seg_list l = c->s->ls.data[i];
  bool nonempty = yes(c, le(c, kint(c, 1), l.len));
  bool empty = !nonempty && yes(c, eq(c, l.len, kint(c, 0)));
  if (!nonempty) push_state(c, SEG_EDGE_REFINE, seg_list_empty_case(c->e, c->s, (size_t)i));
  if (!empty) push_state(c, SEG_EDGE_REFINE, seg_list_unfolded_case(c->e, c->s, (size_t)i));
  c->e->lists_unfolded++;
  return true;
}

/* The address p of an access of size bytes, as a variable (*ad), once the
 * bytes are known to be allocated; bytes in a list's first object unfold it
 * (unfold_at); else an ERR_DEREF leaf ("invalid <what> of N bytes") and
 * false. */
static bool access_address(cx *c, ir_value p, uint64_t size, const char *what, smt_term *ad) {
  smt_term ad0;
  if (!rd(c, p, false, &ad0)) return false;
  *ad = addr_var(c, ad0);
  if (size == 0 || !in_alloc(c, *ad, ku64(c, size), ad0)) {
    if (size > 0 && unfold_at(c, *ad, size)) return false;
    /* a null pointer in every represented state: each of their runs has
     * this undefined behaviour here (a crash on real machines) */
    bool null = size > 0 && yes(c, eq(c, *ad, kint(c, 0)));
    leaf(c, SEG_LEAF_ERR_DEREF, "%s %s of %llu bytes at %s", null ? "null-pointer" : "invalid", what,
         (unsigned long long)size, c->loc);
    c->out->data[c->out->len - 1].definite = null;
    return false;
  }
  return true;
}

/* load (seed 002 App. A): the bytes must be allocated; a PT atom at the same
 * address and size gives the value, else the value is fresh and recorded. */
static bool rule_load(cx *c) {
  uint64_t size = c->in->size;
  smt_term ad;
  if (!access_address(c, c->in->ops[0], size, "load", &ad)) return false;
  bool ptr = c->in->type.kind == IR_TY_PTR, rsg = !ptr && res_signed(c);
  unsigned bits = ptr ? ptr_bits(c) : res_bits(c);
  bool exact = size <= 8 && bits == 8 * size;
  if (exact) {
    seg_layout lay;
    seg_layout_build(c->e, c->ns, &lay);
    size_t found = SIZE_MAX;
    for (size_t i = c->ns->pt.len; i-- > 0 && found == SIZE_MAX;) {
      seg_pt p = c->ns->pt.data[i];
      if (p.bytes != size) continue;
      if (p.addr == ad) {
        found = i;
        continue;
      }
      seg_layout_rel rel = seg_layout_relate(c->e, &lay, p.addr, ku64(c, size), ad, ku64(c, size));
      if (rel == SEG_LAYOUT_SAME_START || (rel == SEG_LAYOUT_UNKNOWN && yes(c, eq(c, p.addr, ad)))) found = i;
    }
    seg_layout_free(&lay);
    if (found != SIZE_MAX) {
      seg_pt p = c->ns->pt.data[found];
      smt_term v;
      if (!conv(c, p.val, bits, p.is_signed, rsg, &v)) return false;
      return def_eq(c, v);
    }
  }
  smt_term w = fresh_res(c);
  if (exact) {
    seg_pt p = {ad, w, (uint32_t)size, rsg};
    VEC_PUSH(c->ns->pt, p);
    c->ns->fo_cache = SMT_NULL;
  }
  return set_res(c, w);
}

/* store (seed 002 App. A): the bytes must be allocated; PT atoms that may
 * overlap are forgotten, the stored value is recorded. */
static bool rule_store(cx *c) {
  ir_value vv = c->in->ops[0];
  smt_term ad, val;
  bool vsg;
  uint64_t size = c->in->size;
  if (!access_address(c, c->in->ops[1], size, "store", &ad)) return false;
  if (!rd_native(c, vv, &val, &vsg)) return false;
  unsigned bits = vv.type.kind == IR_TY_PTR ? ptr_bits(c) : vv.type.bits;
  drop_pt_overlapping(c, ad, sub(c, add(c, ad, ku64(c, size)), kint(c, 1)));
  if (size <= 8 && bits == 8 * size && vv.kind == IR_VAL_CONST && vv.type.kind == IR_TY_INT &&
      !ambiguous_const(c, vv)) {
    /* a constant: recorded in both representations (both atoms hold), so
     * that loads of either representation find it */
    for (int sg = 0; sg < 2; sg++) {
      smt_term v = seg_fresh_int(c->e, c->ns, bits, sg);
      kb(c, eq(c, v, kconst(c, vv.imm, bits, sg)));
      seg_pt p = {ad, v, (uint32_t)size, sg != 0};
      VEC_PUSH(c->ns->pt, p);
    }
    c->ns->fo_cache = SMT_NULL;
  } else if (size <= 8 && bits == 8 * size) {
    if (!is_var(c, val)) {
      smt_term v = fresh_of(c, vv.type, vsg);
      kb(c, eq(c, v, val));
      val = v;
    }
    seg_pt p = {ad, val, (uint32_t)size, vsg};
    VEC_PUSH(c->ns->pt, p);
    c->ns->fo_cache = SMT_NULL;
  }
  return true;
}

/* Removes allocation i and the PT atoms that may point into it. */
static void remove_alloc(cx *c, size_t i) {
  assert(i < c->ns->al.len);
  seg_alloc a = c->ns->al.data[i];
  drop_pt_overlapping(c, a.lo, a.hi);
  memmove(&c->ns->al.data[i], &c->ns->al.data[i + 1], (c->ns->al.len - i - 1) * sizeof(seg_alloc));
  c->ns->al.len--;
  c->ns->fo_cache = SMT_NULL;
}

/* ---- calls ------------------------------------------------------------------------------------ */

/* Call of a defined function: push a frame whose parameters are fresh
 * variables equal to the arguments (seed 004 Def. 1: states with a stack).
 * For a modular callee the result is a call state, which graph.c continues
 * by a call abstraction and intersections (seed 004 Sect. 3.1, 3.2); the
 * frame pushed here then never runs inline, so recursion is fine. */
static bool call_defined(cx *c, uint32_t callee) {
  const ir_func *g = &c->m->funcs.data[callee];
  bool modular = c->e->modular && c->e->modular[callee];
  for (uint32_t i = 0; i < c->ns->nframes && !modular; i++)
    if (c->ns->frames[i].func == callee) {
      leaf(c, SEG_LEAF_STUCK, "recursion (not supported by the SEG yet): %s at %s", g->name, c->loc);
      return false;
    }
  if (c->in->nops - c->arg0 < g->nparams || !c->e->finfo || !c->e->finfo[callee].is_signed) {
    leaf(c, SEG_LEAF_STUCK, "call of %s with missing arguments at %s", g->name, c->loc);
    return false;
  }
  const seg_func_info *gi = &c->e->finfo[callee];
  smt_term *vals = xmalloc((g->nparams ? g->nparams : 1) * sizeof *vals);
  for (uint32_t i = 0; i < g->nparams; i++)
    if (!rd(c, c->in->ops[c->arg0 + i], slot_signed(gi, g, i), &vals[i])) {
      free(vals);
      return false;
    }
  assert(g->defined && g->nblocks > 0);
  seg_push_frame(c->ns, c->m, callee, c->ii);
  for (uint32_t i = 0; i < g->nparams; i++) {
    smt_term w = fresh_of(c, g->params[i], slot_signed(gi, g, i));
    kb(c, eq(c, w, vals[i]));
    seg_top(c->ns)->lv[seg_slot_of_arg(i)] = w;
  }
  free(vals);
  seg_frame *fr = seg_top(c->ns);
  fr->block = 0;
  fr->inst = g->nblocks ? ir_first_non_phi(g, 0) : 0;
  seg_project(c->e, c->ns);
  c->moved = true;
  return true;
}

/* ret: from main an END leaf; else the frame's stack objects are freed, the
 * frame popped, and the caller's call slot gets the returned value. */
static bool rule_ret(cx *c) {
  if (c->ns->nframes <= 1 && c->ns->abstracted) { /* graph.c intersects return states instead */
    leaf(c, SEG_LEAF_STUCK, "return state of %s expanded at %s", c->f->name, c->loc);
    return false;
  }
  if (c->ns->nframes <= 1) {
    leaf(c, SEG_LEAF_END, "return from main");
    return false;
  }
  const seg_frame *cf = &c->ns->frames[c->ns->nframes - 2];
  uint32_t call = seg_top(c->ns)->call_inst;
  const ir_func *caller = &c->m->funcs.data[cf->func];
  const seg_func_info *ci = &c->e->finfo[cf->func];
  assert(call < caller->ninsts && cf->inst == call); /* the caller waits at the call */
  const ir_inst *cin = &caller->insts[call];
  assert(cin->op == IR_CALL &&
         (cin->callee == c->ns->frames[c->ns->nframes - 1].func || cin->callee == IR_NONE));
  uint32_t cslot = seg_slot_of_inst(caller, call);
  bool has_val = c->in->nops == 1 && cin->type.kind != IR_TY_VOID;
  bool csg = has_val && slot_signed(ci, caller, cslot);
  smt_term rv = SMT_NULL;
  if (has_val && !rd(c, c->in->ops[0], csg, &rv)) return false;
  uint32_t depth = c->ns->nframes - 1;
  for (size_t i = c->ns->al.len; i-- > 0;)
    if (c->ns->al.data[i].kind == SEG_AL_STACK && c->ns->al.data[i].depth >= depth) remove_alloc(c, i);
  seg_pop_frame(c->ns);
  if (has_val) {
    smt_term w = fresh_of(c, cin->type, csg);
    kb(c, eq(c, w, rv));
    seg_top(c->ns)->lv[cslot] = w;
  }
  seg_frame *fr = seg_top(c->ns);
  fr->inst = call + 1;
  seg_project(c->e, c->ns);
  c->moved = true;
  return true;
}

/* calloc's zeroed bytes as PT atoms, for objects of at most this many
 * bytes (each atom costs two variables and two KB atoms). */
enum { CALLOC_ZERO_MAX_BYTES = 256, CALLOC_ZERO_FINE_BYTES = 64 };

/* n's value when n is a constant or KB has the atom n = constant (a size
 * passed as an argument); else SMT_NULL. */
static smt_term known_const(cx *c, smt_term n) {
  if (is_const(c, n)) return n;
  return is_var(c, n) ? seg_kb_constant(c->e, c->ns, n) : SMT_NULL;
}

static void zero_atom(cx *c, smt_term lo, uint64_t at, uint32_t bytes, smt_term z) {
  smt_term a = seg_fresh_ptr(c->e, c->ns);
  kb(c, eq(c, a, add(c, lo, ku64(c, at))));
  seg_pt p = {a, z, bytes, false};
  VEC_PUSH(c->ns->pt, p);
}

/* The bytes lo .. lo+n-1 of a fresh calloc'd object are 0: PT atoms
 * lo+k ->8 z at each multiple k of 8 (and, in objects of at most
 * CALLOC_ZERO_FINE_BYTES, lo+k ->4 z at each multiple of 4, where int
 * fields sit), the tail by 4-, 2- and 1-byte atoms; z = 0 shared. Loads
 * find them like stored values (rule_load: same start and size); stores
 * drop the ones they may overlap. Atoms that overlap state the same
 * bytes, all 0, so they never disagree. */
static void calloc_zero_atoms(cx *c, smt_term lo, uint64_t n) {
  if (n == 0 || n > CALLOC_ZERO_MAX_BYTES) return;
  smt_term z = seg_fresh_int(c->e, c->ns, 64, false);
  kb(c, eq(c, z, kint(c, 0)));
  uint32_t bytes;
  for (uint64_t k = 0; k < n; k += bytes) {
    bytes = n - k >= 8 ? 8 : n - k >= 4 ? 4 : n - k >= 2 ? 2 : 1;
    zero_atom(c, lo, k, bytes, z);
    if (bytes == 8 && n <= CALLOC_ZERO_FINE_BYTES) {
      zero_atom(c, lo, k, 4, z);
      zero_atom(c, lo, k + 4, 4, z);
    }
  }
  c->ns->fo_cache = SMT_NULL;
}

/* malloc / calloc: a NULL result (unless malloc_never_fails and n >= 1), and
 * (for n >= 1) a fresh heap object; calloc's (zeroed) with its bytes 0. */
static bool heap_alloc(cx *c, smt_term n, bool zeroed) {
  assert(c->in->type.kind == IR_TY_PTR); /* the result slot holds the pointer */
  dres d = decide(c, le(c, kint(c, 1), n));
  if (d == D_STOP) return false;
  if (!(c->e->opt.malloc_never_fails && d == D_T)) { /* NULL (malloc(0) may give it in any case) */
    seg_state *t = seg_state_copy(c->ns);
    smt_term w = seg_fresh_ptr(c->e, t);
    seg_kb_add(c->e, t, eq(c, w, kint(c, 0)));
    seg_top(t)->lv[res_slot(c)] = w;
    seg_top(t)->inst++;
    push_state(c, SEG_EDGE_EVAL, t);
  }
  if (d == D_F) return false;
  smt_term lo = new_alloc(c, n, SEG_AL_HEAP);
  smt_term size = zeroed ? known_const(c, n) : SMT_NULL;
  if (size != SMT_NULL && mpz_fits_ulong_p(smt_term_value(c->ctx, size)))
    calloc_zero_atoms(c, lo, mpz_get_ui(smt_term_value(c->ctx, size)));
  return def_eq(c, lo);
}

static bool bi_free(cx *c) {
  smt_term p;
  if (!rd(c, c->in->ops[c->arg0], false, &p)) return false;
  dres d = decide(c, le(c, kint(c, 1), p));
  if (d == D_STOP) return false;
  if (d == D_F) return true; /* free(NULL) */
  for (size_t i = c->ns->al.len; i-- > 0;) {
    seg_alloc a = c->ns->al.data[i];
    if (a.kind != SEG_AL_HEAP) continue;
    if (a.lo == p || yes(c, eq(c, p, a.lo))) {
      remove_alloc(c, i);
      return true;
    }
  }
  if (unfold_at(c, p, 1)) return false;
  leaf(c, SEG_LEAF_ERR_FREE, "invalid free at %s", c->loc);
  return false;
}

/* memset(d, c, n) / memcpy(d, s, n) / memmove(d, s, n). */
static bool bi_mem(cx *c, bool two) {
  const ir_value *o = c->in->ops + c->arg0;
  if (c->in->nops - c->arg0 < 3) {
    leaf(c, SEG_LEAF_STUCK, "%s with too few arguments at %s", two ? "memcpy" : "memset", c->loc);
    return false;
  }
  smt_term d, s = SMT_NULL, n;
  if (!rd(c, o[0], false, &d) || (two && !rd(c, o[1], false, &s)) || !rd(c, o[2], false, &n)) return false;
  if (!yes(c, le(c, n, kint(c, 0)))) {
    if (!in_alloc(c, d, n, d) || (two && !in_alloc(c, s, n, s))) {
      leaf(c, SEG_LEAF_ERR_DEREF, "invalid %s at %s", two ? "memcpy/memmove" : "memset", c->loc);
      return false;
    }
    drop_pt_overlapping(c, d, sub(c, add(c, d, n), kint(c, 1)));
  }
  if (c->in->type.kind != IR_TY_VOID) return def_eq(c, d);
  return true;
}

static bool bi_assume(cx *c) {
  smt_term x;
  bool sg;
  if (!rd_native(c, c->in->ops[c->arg0], &x, &sg)) return false;
  bool ne0 = sg || math(c); /* math_ints: an unsigned value may be negative too */
  dres d = ne0 ? decide_eq(c, x, kint(c, 0)) : decide(c, le(c, kint(c, 0), sub(c, x, kint(c, 1))));
  if (d == D_STOP) return false;
  bool holds = ne0 ? d == D_F : d == D_T;
  if (!holds) {
    leaf(c, SEG_LEAF_PRUNED, "assume(false) at %s", c->loc);
    return false;
  }
  return true;
}

static bool fresh_result_if_any(cx *c) {
  if (c->in->type.kind != IR_TY_VOID) set_res(c, fresh_res(c));
  return true;
}

static bool call_builtin(cx *c, const ir_func *g) {
  const ir_value *o = c->in->ops + c->arg0;
  uint32_t nops = c->in->nops - c->arg0;
  switch ((ir_builtin)g->builtin) {
  case IR_BUILTIN_NONDET:
  case IR_BUILTIN_PRINTF:
  case IR_BUILTIN_PUTS:
  case IR_BUILTIN_PUTCHAR:
  case IR_BUILTIN_STACKSAVE:
    return fresh_result_if_any(c);
  case IR_BUILTIN_STACKRESTORE:
    return rule_stackrestore(c);
  case IR_BUILTIN_ATOMIC_BEGIN:
  case IR_BUILTIN_ATOMIC_END:
    return fresh_result_if_any(c);
  case IR_BUILTIN_ASSUME:
    if (nops < 1) break;
    return bi_assume(c);
  case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_VERIFIER_ERROR:
    leaf(c, SEG_LEAF_END, "%s", g->name);
    c->out->data[c->out->len - 1].error_call = true; /* what unreach-call asks about */
    return false;
  case IR_BUILTIN_ASSERT_FAIL:
  case IR_BUILTIN_ABORT:
  case IR_BUILTIN_EXIT:
  case IR_BUILTIN_TRAP:
    leaf(c, SEG_LEAF_END, "%s", g->name);
    return false;
  case IR_BUILTIN_MALLOC: {
    smt_term n;
    if (nops < 1 || c->in->type.kind != IR_TY_PTR) break;
    return rd(c, o[0], false, &n) && heap_alloc(c, n, false);
  }
  case IR_BUILTIN_CALLOC: {
    smt_term k, s;
    if (nops < 2 || c->in->type.kind != IR_TY_PTR) break;
    if (!rd(c, o[0], false, &k) || !rd(c, o[1], false, &s)) return false;
    if (!is_const(c, k) && !is_const(c, s)) {
      leaf(c, SEG_LEAF_STUCK, "calloc with two non-constant arguments at %s", c->loc);
      return false;
    }
    return heap_alloc(c, mul(c, k, s), true);
  }
  case IR_BUILTIN_FREE:
    if (nops < 1) break;
    return bi_free(c);
  case IR_BUILTIN_MEMSET:
    return bi_mem(c, false);
  case IR_BUILTIN_MEMCPY:
  case IR_BUILTIN_MEMMOVE:
    return bi_mem(c, true);
  case IR_BUILTIN_ALLOCA: {
    smt_term n;
    if (nops < 1 || c->in->type.kind != IR_TY_PTR) break;
    return rd(c, o[0], false, &n) && alloc_result(c, n, SEG_AL_STACK);
  }
  default:
    break;
  }
  if (c->e->opt.undefined_calls_arbitrary && !g->defined && g->builtin == IR_BUILTIN_NONE &&
      ir_builtin_of_name(g->name) == IR_BUILTIN_NONE)
    return fresh_result_if_any(c); /* terminates, any result, writes nothing */
  leaf(c, SEG_LEAF_STUCK, "call to %s at %s", g->name, c->loc);
  return false;
}

static bool call_function(cx *c, uint32_t callee) {
  const ir_func *g = &c->m->funcs.data[callee];
  if (g->defined) return call_defined(c, callee);
  return call_builtin(c, g);
}

/* An indirect call (issue 40): its callee is the function whose address
 * (a variable of the state, seg_initial_state) the pointer equals. The
 * candidates are the functions whose address is taken and whose type fits
 * the call (ir_callee_compatible). When <a> says which one it is, the call
 * proceeds as a direct call of it (functions have distinct addresses, so
 * no other candidate is possible then); otherwise, when <a> implies that
 * the pointer is one of them, a case split (seed 002, refinement) with one
 * REFINE child per candidate that <a> allows, fp = address of g. A pointer
 * that may be no candidate (null, data, a function of another type: the
 * run ends as an invalid call, or calls what no candidate covers) is a
 * STUCK leaf: no TRUE while it is possible. */
static bool call_indirect(cx *c) {
  smt_term fp;
  bool sg;
  if (c->in->nops < 1 || !rd_native(c, c->in->ops[0], &fp, &sg)) return false;
  c->arg0 = 1;
  uint32_t base = (uint32_t)c->m->globals.len;
  smt_term_vec hits = {0};
  u32_vec cands = {0};
  for (uint32_t g = 0; g < c->m->funcs.len; g++) {
    if (base + g >= c->ns->nglobals || c->ns->globals[base + g] == SMT_NULL) continue; /* address not taken */
    if (!ir_callee_compatible(c->m, c->in, g)) continue;
    smt_term h = eq(c, fp, c->ns->globals[base + g]);
    if (h == SMT_FALSE) continue;
    if (h == SMT_TRUE || yes(c, h)) { /* the pointer is g's address */
      VEC_FREE(hits);
      VEC_FREE(cands);
      return call_function(c, g);
    }
    if (yes(c, smt_mk_not(c->ctx, h))) continue;
    VEC_PUSH(hits, h);
    VEC_PUSH(cands, g);
  }
  bool covered = hits.len > 0 && yes(c, smt_mk_or(c->ctx, (uint32_t)hits.len, hits.data));
  if (!covered) {
    leaf(c, SEG_LEAF_STUCK, "indirect call at %s: the pointer may be no function of the call's type", c->loc);
  } else if (hits.len == 1) {
    uint32_t g = cands.data[0]; /* <a> implies the one hit (solver-dependent: not asked as such above) */
    VEC_FREE(hits);
    VEC_FREE(cands);
    return call_function(c, g);
  } else {
    split(c, (uint32_t)hits.len, hits.data);
  }
  VEC_FREE(hits);
  VEC_FREE(cands);
  return false;
}

static bool rule_call(cx *c) {
  uint32_t callee = c->in->callee;
  if (callee == IR_NONE) return call_indirect(c);
  if (callee >= c->m->funcs.len) {
    leaf(c, SEG_LEAF_STUCK, "call of a missing function at %s", c->loc);
    return false;
  }
  return call_function(c, callee);
}

/* ---- floating point and inline asm ------------------------------------------------------------ */

/* Floats are not modelled: a result is any value of its width (an
 * over-approximation, so every proof stays sound; a branch on an fcmp
 * splits both ways). A float-to-signed conversion whose value does not fit
 * is undefined (C11 6.3.1.4); the operand is unknown here, so an ERR leaf
 * says it may happen (it matters for no-overflow only, like a wrapping nsw
 * operation) and the run continues with any value. */
static bool rule_float(cx *c) {
  if (c->in->op == IR_FPTOSI)
    leaf(c, SEG_LEAF_ERR_OVERFLOW, "float-to-integer conversion may be out of range in %s at %s", opname(c), c->loc);
  return fresh_result_if_any(c);
}

/* Inline asm (ir.h IR_ASM): its output is any value; a "memory" clobber may
 * write whatever the asm can reach, so every PT atom is forgotten (the
 * allocations stay: an asm allocates and frees nothing). */
static bool rule_asm(cx *c) {
  if (c->in->flags & IR_ASM_MEMORY) {
    c->ns->pt.len = 0;
    c->ns->fo_cache = SMT_NULL;
  }
  return fresh_result_if_any(c);
}

/* An asm's memory output: the bytes must be allocated (a store), and what
 * was known of them is forgotten. */
static bool rule_havoc(cx *c) {
  uint64_t size = c->in->size;
  smt_term ad;
  if (!access_address(c, c->in->ops[0], size, "asm memory output", &ad)) return false;
  drop_pt_overlapping(c, ad, sub(c, add(c, ad, ku64(c, size)), kint(c, 1)));
  return true;
}

/* ---- dispatch ---------------------------------------------------------------------------------- */

static bool dispatch(cx *c) {
  switch ((ir_opcode)c->in->op) {
  case IR_ADD: case IR_SUB: return rule_addsub(c);
  case IR_MUL: return rule_mul(c);
  case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM: return rule_div(c);
  case IR_SHL: case IR_LSHR: case IR_ASHR: return rule_shift(c);
  case IR_AND: case IR_OR: case IR_XOR: return rule_bitwise(c);
  case IR_ICMP: return rule_icmp(c);
  case IR_SELECT: return rule_select(c);
  case IR_TRUNC: case IR_ZEXT: case IR_SEXT: case IR_PTRTOINT: case IR_INTTOPTR: case IR_COPY:
    return rule_cast(c);
  case IR_PTRADD: return rule_ptradd(c);
  case IR_OVERFLOW: return rule_overflow(c);
  case IR_ALLOCA: return rule_alloca(c);
  case IR_LOAD: return rule_load(c);
  case IR_STORE: return rule_store(c);
  case IR_CALL: return rule_call(c);
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FCMP: case IR_FPTOSI:
  case IR_FPTOUI: case IR_SITOFP: case IR_UITOFP: case IR_FPEXT: case IR_FPTRUNC: case IR_FMATH:
    return rule_float(c);
  case IR_ASM: return rule_asm(c);
  case IR_HAVOC: return rule_havoc(c);
  case IR_BR: return goto_block(c, c->in->targets[0]);
  case IR_CONDBR: return rule_condbr(c);
  case IR_SWITCH: return rule_switch(c);
  case IR_RET: return rule_ret(c);
  case IR_UNREACHABLE:
    leaf(c, SEG_LEAF_ERR_UB, "unreachable executed at %s", c->loc);
    return false;
  case IR_PHI:
    leaf(c, SEG_LEAF_STUCK, "phi executed alone at %s", c->loc);
    return false;
  default:
    leaf(c, SEG_LEAF_STUCK, "unsupported instruction %s at %s", opname(c), c->loc);
    return false;
  }
}

void seg_step(seg_engine *e, seg_state *s, seg_succ_vec *out) {
  cx c;
  memset(&c, 0, sizeof c);
  c.e = e;
  c.ctx = e->ctx;
  c.m = e->m;
  c.s = s;
  c.out = out;
  c.var_mark = e->next_var;
  if (s->nframes == 0) {
    snprintf(c.loc, sizeof c.loc, "?");
    leaf(&c, SEG_LEAF_STUCK, "state without a frame");
    return;
  }
  const seg_frame *fr = &s->frames[s->nframes - 1];
  c.f = &e->m->funcs.data[fr->func];
  c.fi = &e->finfo[fr->func];
  if (fr->inst >= c.f->ninsts || !c.fi->is_signed) {
    snprintf(c.loc, sizeof c.loc, "?");
    leaf(&c, SEG_LEAF_STUCK, "position outside %s", c.f->name);
    return;
  }
  c.ii = fr->inst;
  c.in = &c.f->insts[c.ii];
  assert(c.in->block == fr->block); /* the position's instruction is in the frame's block */
  ir_loc_format(e->m, c.in->loc, c.loc, sizeof c.loc);
  c.ns = seg_state_copy(s);
  if (dispatch(&c)) {
    if (!c.moved) seg_top(c.ns)->inst++;
    push_state(&c, SEG_EDGE_EVAL, c.ns);
  } else {
    seg_state_free(c.ns);
  }
}

/* ---- initial state ------------------------------------------------------------------------------- */

seg_state *seg_initial_state(seg_engine *e, const char **why) {
  const ir_module *m = e->m;
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || !m->funcs.data[mainf].defined || m->funcs.data[mainf].nblocks == 0) {
    if (why) *why = "no defined function main";
    return NULL;
  }
  cx c;
  memset(&c, 0, sizeof c);
  c.e = e;
  c.ctx = e->ctx;
  c.m = m;
  /* one base address per global, then one per function whose address is
   * taken (rd_native, IR_VAL_FUNC): not dereferenceable (no allocation),
   * at least 1 (not null) */
  seg_state *s = seg_state_new((uint32_t)(m->globals.len + m->funcs.len));
  c.s = c.ns = s;
  bool *taken = xcalloc(m->funcs.len + 1, sizeof *taken);
  ir_address_taken_funcs(m, taken);
  for (size_t f = 0; f < m->funcs.len; f++) {
    if (!taken[f]) continue;
    smt_term a = seg_fresh_ptr(e, s);
    seg_kb_add(e, s, le(&c, kint(&c, 1), a));
    s->globals[m->globals.len + f] = a;
  }
  free(taken);
  for (size_t i = 0; i < m->globals.len; i++) {
    const ir_global *g = &m->globals.data[i];
    smt_term base = seg_fresh_ptr(e, s);
    seg_kb_add(e, s, le(&c, kint(&c, 1), base));
    s->globals[i] = base;
    if (g->size == 0) continue;
    smt_term hi = seg_fresh_ptr(e, s);
    seg_kb_add(e, s, eq(&c, hi, add(&c, base, ku64(&c, g->size - 1))));
    seg_kb_add(e, s, le(&c, hi, kpow2(&c, m->ptr_bits, 1, -2)));
    seg_alloc a = {base, hi, SEG_AL_GLOBAL, false, 0, false};
    VEC_PUSH(s->al, a);
    if ((g->size == 1 || g->size == 2 || g->size == 4 || g->size == 8) && g->nrelocs == 0 && !g->external) {
      uint64_t v = 0;
      for (uint64_t b = 0; g->init && b < g->size; b++) v |= (uint64_t)g->init[b] << (8 * b);
      unsigned gbits = (unsigned)(8 * g->size);
      smt_term val = seg_fresh_int(e, s, gbits, false);
      if (!e->opt.math_ints || !((v >> (gbits - 1)) & 1)) /* math_ints: -c or 2^n - c is any value */
        seg_kb_add(e, s, eq(&c, val, ku64(&c, v)));
      seg_pt p = {base, val, (uint32_t)g->size, false};
      VEC_PUSH(s->pt, p);
    }
    /* a function's address in the initial bytes (a table of handlers, a
     * struct of hooks): its pointer-sized field holds that address */
    for (uint32_t r = 0; r < g->nrelocs && !g->external; r++) {
      const ir_reloc *rl = &g->relocs[r];
      uint32_t pb = m->ptr_bits / 8;
      if (rl->kind != IR_VAL_FUNC || rl->addend != 0 || rl->target >= m->funcs.len || rl->offset > g->size ||
          g->size - rl->offset < pb || s->globals[m->globals.len + rl->target] == SMT_NULL)
        continue;
      smt_term ad = base;
      if (rl->offset) {
        ad = seg_fresh_ptr(e, s);
        seg_kb_add(e, s, eq(&c, ad, add(&c, base, ku64(&c, rl->offset))));
      }
      seg_pt p = {ad, s->globals[m->globals.len + rl->target], pb, false};
      VEC_PUSH(s->pt, p);
    }
  }
  s->fo_cache = SMT_NULL;
  const ir_func *f = &m->funcs.data[mainf];
  seg_push_frame(s, m, mainf, IR_NONE);
  const seg_func_info *fi = e->finfo ? &e->finfo[mainf] : NULL;
  for (uint32_t i = 0; i < f->nparams; i++) {
    bool sg = fi && fi->is_signed && slot_signed(fi, f, i);
    seg_top(s)->lv[i] = fresh_of(&c, f->params[i], sg);
  }
  seg_frame *fr = seg_top(s);
  assert(s->nframes == 1 && fr->call_inst == IR_NONE);
  fr->block = 0;
  fr->inst = ir_first_non_phi(f, 0);
  seg_project(e, s);
  assert(seg_state_check(e, s));
  return s;
}
