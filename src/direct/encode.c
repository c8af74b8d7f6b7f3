/* encode.c: symbolic execution of path segments on a set of states, with
 * the bitvector encoding of seed 001, Sect. 4 (see direct.h for the
 * choices). A state is a conjunction of guard atoms and an environment
 * binding IR values (of one copy of a function) to terms over the
 * pre-state variables and temporaries of the transition being built.
 *
 * Cases. An instruction whose exact encoding is a disjunction (a sign case
 * split, a bounded number of normalization corrections) yields a list of
 * cases (guards, result). With room left (DT_MAX_STATES per path) each case
 * becomes its own state; otherwise the result is a fresh temporary r with
 * the one conjunct OR_k (guards_k /\ r = result_k): exact as well, only
 * harder for the linear abstraction of the back end. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../its/transform.h"
#include "internal.h"

#define DT_MAXC 32
#define IV_UNKNOWN_LO ((dt_i128)1)
#define IV_UNKNOWN_HI ((dt_i128)0)

typedef struct {
  smt_term g[6];
  uint8_t ng;
  smt_term t; /* Int term, or Bool for a BOOLINT value */
  uint8_t kind;
  dt_ival iv;
} dt_case;

typedef struct {
  dt_case c[DT_MAXC];
  uint32_t n;
  bool overflow; /* more cases than fit */
} dt_cases;

/* An operand as read from a state. */
typedef struct {
  uint8_t kind; /* DT_B_INT, DT_B_BOOL, DT_B_BOOLINT */
  smt_term t;
  dt_ival iv;
  uint8_t rep;
  unsigned bits;
  bool is_const;
  uint64_t cbits; /* constant's bits */
  bool none;      /* not an integer (pointer) */
  /* math mode, constants: the value, and whether the bits leave it open
   * (sign bit set: -k or 2^n - k) until an operation resolves it */
  dt_i128 mval;
  bool ambiguous;
} dt_val;

/* ---- numbers --------------------------------------------------------------- */

static dt_i128 pow2(unsigned n) { return (dt_i128)1 << n; }

dt_ival dt_rep_range(uint8_t rep, unsigned bits) {
  assert((rep == DT_REP_U || rep == DT_REP_S) && bits >= 1 && bits <= 64);
  if (rep == DT_REP_U) return (dt_ival){0, pow2(bits) - 1};
  return (dt_ival){-pow2(bits - 1), pow2(bits - 1) - 1};
}

static bool iv_known(dt_ival v) { return v.lo <= v.hi; }
static dt_ival iv_unknown(void) { return (dt_ival){IV_UNKNOWN_LO, IV_UNKNOWN_HI}; }
static const dt_i128 IV_LIMIT = (dt_i128)1 << 120;
static dt_ival iv_checked(dt_i128 lo, dt_i128 hi) {
  if (lo < -IV_LIMIT || hi > IV_LIMIT || lo > hi) return iv_unknown();
  return (dt_ival){lo, hi};
}
static dt_ival iv_meet(dt_ival a, dt_ival b) {
  if (!iv_known(a)) return b;
  if (!iv_known(b)) return a;
  dt_ival r = {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
  return r.lo <= r.hi ? r : b; /* empty: the case is infeasible; keep something sound */
}
static dt_ival iv_add(dt_ival a, dt_ival b) {
  if (!iv_known(a) || !iv_known(b)) return iv_unknown();
  return iv_checked(a.lo + b.lo, a.hi + b.hi);
}
static dt_ival iv_sub(dt_ival a, dt_ival b) {
  if (!iv_known(a) || !iv_known(b)) return iv_unknown();
  return iv_checked(a.lo - b.hi, a.hi - b.lo);
}
static dt_ival iv_shift(dt_ival a, dt_i128 d) {
  if (!iv_known(a)) return a;
  return iv_checked(a.lo + d, a.hi + d);
}
static bool mul_ok(dt_i128 a, dt_i128 b, dt_i128 *r) {
  if (__builtin_mul_overflow(a, b, r)) return false;
  return *r >= -IV_LIMIT && *r <= IV_LIMIT;
}
static dt_ival iv_mul(dt_ival a, dt_ival b) {
  if (!iv_known(a) || !iv_known(b)) return iv_unknown();
  dt_i128 p[4];
  if (!mul_ok(a.lo, b.lo, &p[0]) || !mul_ok(a.lo, b.hi, &p[1]) || !mul_ok(a.hi, b.lo, &p[2]) ||
      !mul_ok(a.hi, b.hi, &p[3]))
    return iv_unknown();
  dt_ival r = {p[0], p[0]};
  for (int i = 1; i < 4; i++) {
    if (p[i] < r.lo) r.lo = p[i];
    if (p[i] > r.hi) r.hi = p[i];
  }
  return r;
}
static dt_i128 floor_div(dt_i128 a, dt_i128 b) { /* b > 0 */
  dt_i128 q = a / b;
  if ((a % b) != 0 && a < 0) q--;
  return q;
}
static dt_i128 ceil_div(dt_i128 a, dt_i128 b) { return -floor_div(-a, b); }
static dt_i128 imax(dt_i128 a, dt_i128 b) { return a > b ? a : b; }
static dt_i128 imin(dt_i128 a, dt_i128 b) { return a < b ? a : b; }

smt_term dt_mk_i128(smt_ctx *ctx, dt_i128 v) {
  if (v >= INT64_MIN && v <= INT64_MAX) return smt_mk_int(ctx, (int64_t)v);
  bool neg = v < 0;
  unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
  mpz_t z, lo;
  mpz_init(z);
  mpz_init(lo);
  mpz_set_ui(z, (unsigned long)(uint64_t)(u >> 64));
  mpz_mul_2exp(z, z, 64);
  mpz_set_ui(lo, (unsigned long)(uint64_t)u);
  mpz_add(z, z, lo);
  if (neg) mpz_neg(z, z);
  smt_term t = smt_mk_int_mpz(ctx, z);
  mpz_clear(z);
  mpz_clear(lo);
  return t;
}

/* Value of a constant's bits in a representation. */
static dt_i128 const_in_rep(uint64_t bits, unsigned width, uint8_t rep) {
  dt_i128 u = (dt_i128)(width >= 64 ? bits : bits & (((uint64_t)1 << width) - 1));
  if (rep == DT_REP_S && u >= pow2(width - 1)) u -= pow2(width);
  return u;
}

/* ---- term helpers --------------------------------------------------------------- */

static smt_term I(dt_ctx *c, dt_i128 v) { return dt_mk_i128(c->ctx, v); }
static smt_term add(dt_ctx *c, smt_term a, smt_term b) { return smt_mk_int_add2(c->ctx, a, b); }
static smt_term sub(dt_ctx *c, smt_term a, smt_term b) { return smt_mk_int_sub(c->ctx, a, b); }
static smt_term mulk(dt_ctx *c, dt_i128 k, smt_term a) { return smt_mk_int_mul2(c->ctx, I(c, k), a); }
static smt_term le(dt_ctx *c, smt_term a, smt_term b) { return smt_mk_int_le(c->ctx, a, b); }
static smt_term ge(dt_ctx *c, smt_term a, smt_term b) { return smt_mk_int_ge(c->ctx, a, b); }
static smt_term lek(dt_ctx *c, smt_term a, dt_i128 k) { return le(c, a, I(c, k)); }
static smt_term gek(dt_ctx *c, smt_term a, dt_i128 k) { return ge(c, a, I(c, k)); }
static smt_term eqk(dt_ctx *c, smt_term a, dt_i128 k) { return smt_mk_eq(c->ctx, a, I(c, k)); }

/* The range of a value of width bits in rep; math mode: unbounded (i1 stays 0/1). */
static dt_ival range_of(const dt_ctx *c, uint8_t rep, unsigned bits) {
  if (c->math && bits > 1) return iv_unknown();
  return dt_rep_range(rep, bits);
}

smt_term dt_new_temp(dt_ctx *c) {
  char name[32];
  snprintf(name, sizeof name, "dt_t%u", c->temp_counter++);
  return smt_mk_var(c->ctx, name, SMT_SORT_INT);
}

smt_term dt_var_range(dt_ctx *c, uint32_t var) {
  if (c->math && c->var_bits[var] > 1) return SMT_TRUE;
  dt_ival r = c->var_bits[var] == 1 ? (dt_ival){0, 1} : dt_rep_range(c->var_rep[var], c->var_bits[var]);
  smt_term x = c->its->pre[var];
  return smt_mk_and2(c->ctx, gek(c, x, r.lo), lek(c, x, r.hi));
}

/* ---- states -------------------------------------------------------------------- */

void dt_state_free(dt_state *s) {
  VEC_FREE(s->conj);
  VEC_FREE(s->env);
}
void dt_states_clear(dt_states *ss) {
  for (size_t i = 0; i < ss->len; i++) dt_state_free(&ss->data[i]);
  ss->len = 0;
}
dt_state dt_state_clone(const dt_state *s) {
  dt_state r = {0};
  r.dead = s->dead;
  if (s->conj.len) {
    r.conj.data = xmalloc(s->conj.len * sizeof *r.conj.data);
    memcpy(r.conj.data, s->conj.data, s->conj.len * sizeof *r.conj.data);
    r.conj.len = r.conj.cap = s->conj.len;
  }
  if (s->env.len) {
    r.env.data = xmalloc(s->env.len * sizeof *r.env.data);
    memcpy(r.env.data, s->env.data, s->env.len * sizeof *r.env.data);
    r.env.len = r.env.cap = s->env.len;
  }
  return r;
}

static void push_conj(dt_state *s, smt_term t) {
  if (t == SMT_TRUE) return;
  if (t == SMT_FALSE) s->dead = true;
  VEC_PUSH(s->conj, t);
}

static smt_term fresh_in(dt_ctx *c, dt_state *s, dt_ival r) {
  smt_term t = dt_new_temp(c);
  if (iv_known(r)) {
    push_conj(s, gek(c, t, r.lo));
    push_conj(s, lek(c, t, r.hi));
  }
  return t;
}
static smt_term fresh_bool(dt_ctx *c, dt_state *s) {
  smt_term t = fresh_in(c, s, (dt_ival){0, 1});
  return eqk(c, t, 1);
}

static const dt_bind *lookup(const dt_state *s, uint32_t gval) {
  for (size_t i = s->env.len; i-- > 0;)
    if (s->env.data[i].gval == gval) return &s->env.data[i];
  return NULL;
}
static void bind(dt_state *s, uint32_t gval, uint8_t kind, smt_term t, dt_ival iv) {
  dt_bind b = {gval, kind, t, iv};
  VEC_PUSH(s->env, b);
}

/* ---- DNF of conditions ----------------------------------------------------------- */

/* Adds condition f to state si: one state per disjunct of f's DNF while
 * there is room, else f as one conjunct. */
static void state_assume(dt_ctx *c, dt_states *ss, size_t si, smt_term f) {
  if (f == SMT_TRUE) return;
  size_t room = DT_MAX_STATES > ss->len ? DT_MAX_STATES - ss->len + 1 : 1;
  /* lists of atoms, also through xor, Bool = and Bool ite; no depth limit */
  its_dnf_opts o = {room, 0, true, false};
  its_dnf d = {0};
  if (!its_to_dnf(c->ctx, f, true, &o, &d)) {
    c->info->weakened++;
    push_conj(&ss->data[si], f);
    return;
  }
  assert(d.len <= room); /* so ss stays within DT_MAX_STATES */
  if (d.len == 0) {
    ss->data[si].dead = true;
    return;
  }
  for (size_t i = 1; i < d.len; i++) {
    dt_state s2 = dt_state_clone(&ss->data[si]);
    for (size_t k = 0; k < d.data[i].len; k++) push_conj(&s2, d.data[i].data[k]);
    VEC_PUSH(*ss, s2);
  }
  for (size_t k = 0; k < d.data[0].len; k++) push_conj(&ss->data[si], d.data[0].data[k]);
  its_dnf_free(&d);
}

/* ---- cases ------------------------------------------------------------------------- */

static void cases_add(dt_cases *cs, const smt_term *g, unsigned ng, smt_term t, uint8_t kind, dt_ival iv) {
  if (cs->n >= DT_MAXC || ng > 6) {
    cs->overflow = true;
    return;
  }
  dt_case *k = &cs->c[cs->n++];
  memset(k, 0, sizeof *k);
  for (unsigned i = 0; i < ng; i++)
    if (g[i] != SMT_TRUE) k->g[k->ng++] = g[i];
  k->t = t, k->kind = kind, k->iv = iv;
}
static void case1(dt_cases *cs, smt_term t, dt_ival iv) { cases_add(cs, NULL, 0, t, DT_B_INT, iv); }
static smt_term case_guard(dt_ctx *c, const dt_case *k) { return smt_mk_and(c->ctx, k->ng, k->g); }

/* Commits the cases as the value of gval in state si: splits the state or
 * binds a fresh temporary with the disjunction. */
static void commit(dt_ctx *c, dt_states *ss, size_t si, uint32_t gval, dt_cases *cs) {
  assert(si < ss->len && cs->n <= DT_MAXC);
  dt_state *s = &ss->data[si];
  if (cs->n == 0) {
    s->dead = true;
    return;
  }
  if (cs->n == 1) {
    for (unsigned i = 0; i < cs->c[0].ng; i++) state_assume(c, ss, si, cs->c[0].g[i]);
    bind(&ss->data[si], gval, cs->c[0].kind, cs->c[0].t, cs->c[0].iv);
    return;
  }
  bool all_boolint = true;
  for (uint32_t k = 0; k < cs->n; k++) all_boolint &= cs->c[k].kind == DT_B_BOOLINT;
  if (ss->len - 1 + cs->n <= DT_MAX_STATES) {
    dt_state base = dt_state_clone(s);
    for (uint32_t k = 1; k < cs->n; k++) {
      dt_state s2 = dt_state_clone(&base);
      VEC_PUSH(*ss, s2);
      size_t j = ss->len - 1;
      bind(&ss->data[j], gval, cs->c[k].kind, cs->c[k].t, cs->c[k].iv);
      for (unsigned i = 0; i < cs->c[k].ng; i++) state_assume(c, ss, j, cs->c[k].g[i]);
    }
    dt_state_free(&base);
    bind(&ss->data[si], gval, cs->c[0].kind, cs->c[0].t, cs->c[0].iv);
    for (unsigned i = 0; i < cs->c[0].ng; i++) state_assume(c, ss, si, cs->c[0].g[i]);
    return;
  }
  c->info->weakened++;
  if (all_boolint) {
    smt_term *ds = xmalloc(cs->n * sizeof *ds);
    for (uint32_t k = 0; k < cs->n; k++) ds[k] = smt_mk_and2(c->ctx, case_guard(c, &cs->c[k]), cs->c[k].t);
    bind(s, gval, DT_B_BOOLINT, smt_mk_or(c->ctx, cs->n, ds), (dt_ival){0, 1});
    free(ds);
    return;
  }
  dt_ival hull = cs->c[0].iv;
  for (uint32_t k = 1; k < cs->n; k++) {
    if (!iv_known(hull) || !iv_known(cs->c[k].iv)) hull = iv_unknown();
    else hull = (dt_ival){imin(hull.lo, cs->c[k].iv.lo), imax(hull.hi, cs->c[k].iv.hi)};
  }
  smt_term r = fresh_in(c, s, hull);
  smt_term *ds = xmalloc(cs->n * sizeof *ds);
  for (uint32_t k = 0; k < cs->n; k++) {
    smt_term val = cs->c[k].kind == DT_B_BOOLINT ? smt_mk_ite(c->ctx, cs->c[k].t, I(c, 1), I(c, 0)) : cs->c[k].t;
    ds[k] = smt_mk_and2(c->ctx, case_guard(c, &cs->c[k]), smt_mk_eq(c->ctx, r, val));
  }
  push_conj(s, smt_mk_or(c->ctx, cs->n, ds));
  free(ds);
  bind(s, gval, DT_B_INT, r, hull);
}

/* ---- reading operands ------------------------------------------------------------------ */

static uint32_t gval_of(dt_ctx *c, uint32_t instance, ir_value v) {
  assert(instance < c->insts.len && (v.kind == IR_VAL_INST || v.kind == IR_VAL_ARG));
  const dt_instance *in = &c->insts.data[instance];
  const ir_func *f = &c->m->funcs.data[in->func];
  assert(v.kind == IR_VAL_INST ? v.id < f->ninsts : v.id < f->nparams);
  return in->base + (v.kind == IR_VAL_INST ? v.id : f->ninsts + v.id);
}

static uint8_t rep_of_gval(dt_ctx *c, uint32_t gval) {
  unsigned bits;
  return dt_gval_rep(c, gval, &bits);
}

/* The value of ITS variable / bound value gval in state s. */
static dt_val read_gval(dt_ctx *c, dt_state *s, uint32_t gval) {
  dt_val r = {0};
  /* instance values, then tracked globals (internal.h) */
  assert(gval < c->nvals_total + c->m->globals.len);
  r.rep = dt_gval_rep(c, gval, &r.bits);
  const dt_bind *b = lookup(s, gval);
  if (b) {
    r.kind = b->kind, r.t = b->t, r.iv = b->iv;
    return r;
  }
  uint32_t var = c->var_of_gval[gval];
  if (r.bits == 1) {
    r.kind = DT_B_BOOL;
    r.iv = (dt_ival){0, 1};
    r.t = var != DT_NONE ? eqk(c, c->its->pre[var], 1) : fresh_bool(c, s);
    if (var == DT_NONE) c->info->inexact++;
    return r;
  }
  r.kind = DT_B_INT;
  r.iv = range_of(c, r.rep, r.bits);
  r.t = var != DT_NONE ? c->its->pre[var] : fresh_in(c, s, r.iv);
  if (var == DT_NONE) c->info->inexact++;
  return r;
}

/* Any value of `bits` bits (counted: not a draw of the program). */
static dt_val unknown_val(dt_ctx *c, dt_state *s, unsigned bits) {
  dt_val r = {0};
  c->info->inexact++;
  r.bits = bits;
  r.rep = DT_REP_U;
  if (r.bits == 1) {
    r.kind = DT_B_BOOL;
    r.t = fresh_bool(c, s);
    r.iv = (dt_ival){0, 1};
  } else {
    r.kind = DT_B_INT;
    r.iv = range_of(c, DT_REP_U, r.bits);
    r.t = fresh_in(c, s, r.iv);
  }
  return r;
}

static dt_val read(dt_ctx *c, dt_state *s, uint32_t instance, ir_value v) {
  dt_val r = {0};
  if (v.type.kind != IR_TY_INT) {
    r.none = true;
    return r;
  }
  r.bits = v.type.bits;
  switch (v.kind) {
  case IR_VAL_CONST:
    r.is_const = true;
    r.cbits = v.imm;
    r.rep = DT_REP_U;
    if (r.bits == 1) {
      r.kind = DT_B_BOOL;
      r.t = (v.imm & 1) ? SMT_TRUE : SMT_FALSE;
      r.iv = (dt_ival){0, 1};
    } else {
      dt_i128 u = const_in_rep(v.imm, r.bits, DT_REP_U);
      r.kind = DT_B_INT;
      r.t = I(c, u);
      r.iv = (dt_ival){u, u};
      r.mval = u;
      r.ambiguous = c->math && u >= pow2(r.bits - 1);
    }
    return r;
  case IR_VAL_INST:
  case IR_VAL_ARG:
    return read_gval(c, s, gval_of(c, instance, v));
  default: /* undef (and anything else of integer type): any value */
    return unknown_val(c, s, r.bits);
  }
}

/* The Bool of an i1 value (or "x != 0" of a wider one). */
static smt_term as_bool(dt_ctx *c, const dt_val *v) {
  if (v->kind == DT_B_BOOL || v->kind == DT_B_BOOLINT) return v->t;
  return smt_mk_not(c->ctx, eqk(c, v->t, 0));
}

/* Cases of v (width > 1) in representation rep. */
static void to_rep(dt_ctx *c, const dt_val *v, uint8_t rep, dt_cases *out) {
  out->n = 0, out->overflow = false;
  if (c->math && v->kind == DT_B_INT) { /* one unbounded Int: the representation does not matter */
    if (!v->is_const) {
      case1(out, v->t, v->iv);
    } else if (v->ambiguous) {
      c->info->math_unknown++;
      case1(out, dt_new_temp(c), iv_unknown());
    } else {
      case1(out, I(c, v->mval), (dt_ival){v->mval, v->mval});
    }
    return;
  }
  if (v->is_const) {
    dt_i128 k = const_in_rep(v->cbits, v->bits, rep);
    case1(out, I(c, k), (dt_ival){k, k});
    return;
  }
  if (v->kind == DT_B_BOOLINT) {
    cases_add(out, &v->t, 1, I(c, 1), DT_B_INT, (dt_ival){1, 1});
    smt_term n = smt_mk_not(c->ctx, v->t);
    cases_add(out, &n, 1, I(c, 0), DT_B_INT, (dt_ival){0, 0});
    return;
  }
  dt_ival iv = iv_known(v->iv) ? v->iv : dt_rep_range(v->rep, v->bits);
  if (v->rep == rep) {
    case1(out, v->t, iv);
    return;
  }
  dt_i128 M = pow2(v->bits), half = pow2(v->bits - 1);
  if (rep == DT_REP_U) { /* from signed */
    if (iv.lo >= 0) {
      case1(out, v->t, iv);
    } else if (iv.hi < 0) {
      case1(out, add(c, v->t, I(c, M)), iv_shift(iv, M));
    } else {
      smt_term g0 = gek(c, v->t, 0), g1 = lek(c, v->t, -1);
      cases_add(out, &g0, 1, v->t, DT_B_INT, (dt_ival){0, iv.hi});
      cases_add(out, &g1, 1, add(c, v->t, I(c, M)), DT_B_INT, (dt_ival){iv.lo + M, M - 1});
    }
  } else { /* from unsigned */
    if (iv.hi < half) {
      case1(out, v->t, iv);
    } else if (iv.lo >= half) {
      case1(out, sub(c, v->t, I(c, M)), iv_shift(iv, -M));
    } else {
      smt_term g0 = lek(c, v->t, half - 1), g1 = gek(c, v->t, half);
      cases_add(out, &g0, 1, v->t, DT_B_INT, (dt_ival){iv.lo, half - 1});
      cases_add(out, &g1, 1, sub(c, v->t, I(c, M)), DT_B_INT, (dt_ival){-half, iv.hi - M});
    }
  }
}

/* One term for v in rep, never splitting the state: a case split becomes a
 * fresh temporary with the disjunction (phis, arguments, returns, stores:
 * their operands normally share the representation already). */
static void to_rep_single(dt_ctx *c, dt_state *s, const dt_val *v, uint8_t rep, smt_term *t, uint8_t *kind, dt_ival *iv) {
  if (v->kind == DT_B_BOOL || v->kind == DT_B_BOOLINT) {
    *t = v->t, *kind = v->kind, *iv = (dt_ival){0, 1};
    return;
  }
  dt_cases cs;
  to_rep(c, v, rep, &cs);
  *kind = DT_B_INT;
  if (cs.n == 1 && cs.c[0].ng == 0) {
    *t = cs.c[0].t, *iv = cs.c[0].iv;
    return;
  }
  dt_ival r = range_of(c, rep, v->bits);
  smt_term x = fresh_in(c, s, r);
  smt_term ds[DT_MAXC];
  assert(cs.n >= 1);
  for (uint32_t k = 0; k < cs.n; k++) ds[k] = smt_mk_and2(c->ctx, case_guard(c, &cs.c[k]), smt_mk_eq(c->ctx, x, cs.c[k].t));
  push_conj(s, smt_mk_or(c->ctx, cs.n, ds));
  *t = x, *iv = r;
}

/* ---- phase 2: normalization (seed 001, Sect. 4.2) ------------------------------------------ */

/* Cases of the value r = e - k*2^bits in the range of rep, for the e of
 * interval iv; with one case per k when at most DT_MAX_K values of k are
 * possible (Sect. 4.2, optimizations), else k a bounded temporary. Extra
 * guards g (ng) are prepended to every case. */
static void normalize(dt_ctx *c, smt_term e, dt_ival iv, uint8_t rep, unsigned bits, const smt_term *g, unsigned ng,
                      dt_cases *out) {
  dt_ival R = dt_rep_range(rep, bits);
  dt_i128 M = pow2(bits);
  smt_term gg[6];
  for (unsigned i = 0; i < ng; i++) gg[i] = g[i];
  if (iv_known(iv) && iv.lo >= R.lo && iv.hi <= R.hi) {
    cases_add(out, g, ng, e, DT_B_INT, iv);
    return;
  }
  if (iv_known(iv)) {
    dt_i128 kmin = ceil_div(iv.lo - R.hi, M), kmax = floor_div(iv.hi - R.lo, M);
    if (kmax - kmin + 1 <= DT_MAX_K) {
      for (dt_i128 k = kmin; k <= kmax; k++) {
        smt_term r = sub(c, e, I(c, k * M));
        dt_ival riv = iv_meet(iv_shift(iv, -k * M), R);
        unsigned n = ng;
        if (iv_shift(iv, -k * M).lo < R.lo) gg[n++] = gek(c, r, R.lo);
        if (iv_shift(iv, -k * M).hi > R.hi) gg[n++] = lek(c, r, R.hi);
        cases_add(out, gg, n, r, DT_B_INT, riv);
      }
      return;
    }
  }
  smt_term k = dt_new_temp(c);
  unsigned n = ng;
  smt_term r;
  if (smt_term_kind(c->ctx, e) == SMT_INT_MUL && !smt_term_is_const(c->ctx, smt_term_arg(c->ctx, e, 0))) {
    /* non-linear e: r is a fresh value in range, tied to e by the (non-linear) equation */
    r = dt_new_temp(c);
    gg[n++] = smt_mk_eq(c->ctx, r, sub(c, e, mulk(c, M, k)));
  } else {
    r = sub(c, e, mulk(c, M, k));
  }
  gg[n++] = gek(c, r, R.lo);
  gg[n++] = lek(c, r, R.hi);
  if (iv_known(iv)) {
    gg[n++] = gek(c, k, ceil_div(iv.lo - R.hi, M));
    gg[n++] = lek(c, k, floor_div(iv.hi - R.lo, M));
  }
  cases_add(out, gg, n, r, DT_B_INT, R);
}

/* ---- phase 1 per operation (seed 001, Sect. 4.1) -------------------------------------------- */

/* Result cases of a op b (both already in rep, width bits > 1) into out.
 * Returns false for "no exact or bounded encoding; use a fresh value". */
typedef struct {
  smt_term t;
  dt_ival iv;
  bool is_const;
  dt_i128 k;
} opnd;

static opnd mk_opnd(smt_ctx *ctx, smt_term t, dt_ival iv) {
  opnd o = {t, iv, false, 0};
  if (smt_term_kind(ctx, t) == SMT_INT_CONST && iv_known(iv) && iv.lo == iv.hi) o.is_const = true, o.k = iv.lo;
  return o;
}

static bool is_pow2m1(dt_i128 v, unsigned *k) { /* v = 2^k - 1, k >= 1 */
  if (v <= 0) return false;
  dt_i128 p = v + 1;
  if (p & (p - 1)) return false;
  unsigned n = 0;
  while (((dt_i128)1 << n) < p) n++;
  *k = n;
  return true;
}

/* Sign cases of a and b: calls back per (a >= 0 ?, b >= 0 ?) combination that the intervals allow. */
typedef struct {
  bool an, bn;  /* a, b non-negative */
  smt_term g[2];
  unsigned ng;
} signcase;

static unsigned sign_cases(dt_ctx *c, opnd a, opnd b, bool use_b, signcase *out) {
  unsigned n = 0;
  for (int ai = 0; ai < 2; ai++) {
    bool an = ai == 0;
    if (an && a.iv.hi < 0) continue;
    if (!an && a.iv.lo >= 0) continue;
    for (int bi = 0; bi < (use_b ? 2 : 1); bi++) {
      bool bn = bi == 0;
      if (use_b && bn && b.iv.hi < 0) continue;
      if (use_b && !bn && b.iv.lo >= 0) continue;
      signcase *s = &out[n++];
      s->an = an, s->bn = bn, s->ng = 0;
      if (a.iv.lo < 0 && a.iv.hi >= 0) s->g[s->ng++] = an ? gek(c, a.t, 0) : lek(c, a.t, -1);
      if (use_b && b.iv.lo < 0 && b.iv.hi >= 0) s->g[s->ng++] = bn ? gek(c, b.t, 0) : lek(c, b.t, -1);
    }
  }
  return n;
}

static void encode_op(dt_ctx *c, dt_state *s, const ir_inst *in, uint8_t rep, unsigned bits, opnd a, opnd b,
                      dt_cases *out) {
  smt_ctx *x = c->ctx;
  dt_ival R = dt_rep_range(rep, bits);
  dt_i128 M = pow2(bits);
  (void)s;
  if (!iv_known(a.iv)) a.iv = R; /* the sign cases below rely on known intervals */
  if (!iv_known(b.iv)) b.iv = in->op == IR_SHL || in->op == IR_LSHR || in->op == IR_ASHR ? dt_rep_range(DT_REP_U, bits) : R;
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_SHL: {
    smt_term e;
    dt_ival iv;
    if (in->op == IR_ADD) e = add(c, a.t, b.t), iv = iv_add(a.iv, b.iv);
    else if (in->op == IR_SUB) e = sub(c, a.t, b.t), iv = iv_sub(a.iv, b.iv);
    else if (in->op == IR_MUL) e = smt_mk_int_mul2(x, a.t, b.t), iv = iv_mul(a.iv, b.iv);
    else {
      if (!b.is_const) { /* shift by a variable: the amount must be < bits; value any in range */
        c->info->assumes_no_ub = true;
        smt_term g = lek(c, b.t, bits - 1);
        smt_term r = dt_new_temp(c);
        smt_term gs[3] = {g, gek(c, r, R.lo), lek(c, r, R.hi)};
        cases_add(out, gs, 3, r, DT_B_INT, R);
        return;
      }
      if (b.k < 0 || b.k >= (dt_i128)bits) { /* UB: shift too far */
        c->info->assumes_no_ub = true;
        return;
      }
      e = mulk(c, pow2((unsigned)b.k), a.t), iv = iv_mul(a.iv, (dt_ival){pow2((unsigned)b.k), pow2((unsigned)b.k)});
    }
    bool no_wrap = (rep == DT_REP_S && (in->flags & IR_NSW)) || (rep == DT_REP_U && (in->flags & IR_NUW));
    if (no_wrap) { /* overflow is UB: the guard keeps the result in range */
      c->info->assumes_no_ub = true;
      smt_term g[2];
      unsigned n = 0;
      if (!iv_known(iv) || iv.lo < R.lo) g[n++] = gek(c, e, R.lo);
      if (!iv_known(iv) || iv.hi > R.hi) g[n++] = lek(c, e, R.hi);
      cases_add(out, g, n, e, DT_B_INT, iv_meet(iv, R));
      return;
    }
    normalize(c, e, iv, rep, bits, NULL, 0, out);
    return;
  }
  case IR_UDIV: case IR_LSHR: { /* rep is U */
    dt_i128 d;
    if (in->op == IR_LSHR) {
      if (!b.is_const) {
        c->info->assumes_no_ub = true;
        smt_term r = dt_new_temp(c);
        smt_term g[3] = {lek(c, b.t, bits - 1), gek(c, r, 0), le(c, r, a.t)};
        cases_add(out, g, 3, r, DT_B_INT, (dt_ival){0, a.iv.hi});
        return;
      }
      if (b.k < 0 || b.k >= (dt_i128)bits) {
        c->info->assumes_no_ub = true;
        return;
      }
      d = pow2((unsigned)b.k);
    } else {
      if (!b.is_const) { /* 0 <= a / b <= a, b != 0 */
        c->info->assumes_no_ub = true;
        smt_term r = dt_new_temp(c);
        smt_term g[3] = {gek(c, b.t, 1), gek(c, r, 0), le(c, r, a.t)};
        cases_add(out, g, 3, r, DT_B_INT, (dt_ival){0, a.iv.hi});
        return;
      }
      d = b.k;
      if (d == 0) {
        c->info->assumes_no_ub = true;
        return;
      }
    }
    if (d == 1) {
      case1(out, a.t, a.iv);
      return;
    }
    smt_term q = dt_new_temp(c); /* d*q <= a <= d*q + d - 1 */
    smt_term dq = mulk(c, d, q);
    smt_term g[2] = {le(c, dq, a.t), le(c, a.t, add(c, dq, I(c, d - 1)))};
    cases_add(out, g, 2, q, DT_B_INT, (dt_ival){floor_div(a.iv.lo, d), floor_div(a.iv.hi, d)});
    return;
  }
  case IR_UREM: { /* rep U */
    if (!b.is_const) {
      c->info->assumes_no_ub = true;
      smt_term r = dt_new_temp(c);
      smt_term g[4] = {gek(c, b.t, 1), gek(c, r, 0), le(c, r, a.t), le(c, r, sub(c, b.t, I(c, 1)))};
      cases_add(out, g, 4, r, DT_B_INT, (dt_ival){0, imin(a.iv.hi, b.iv.hi - 1)});
      return;
    }
    if (b.k == 0) {
      c->info->assumes_no_ub = true;
      return;
    }
    if (a.iv.hi < b.k) {
      case1(out, a.t, a.iv);
      return;
    }
    smt_term q = dt_new_temp(c);
    smt_term r = sub(c, a.t, mulk(c, b.k, q));
    smt_term g[2] = {gek(c, r, 0), lek(c, r, b.k - 1)};
    cases_add(out, g, 2, r, DT_B_INT, (dt_ival){0, b.k - 1});
    return;
  }
  case IR_SDIV: case IR_SREM: case IR_ASHR: { /* rep S */
    bool rem = in->op == IR_SREM;
    dt_i128 d;
    bool negate = false;
    if (in->op == IR_ASHR) {
      if (!b.is_const) {
        c->info->assumes_no_ub = true;
        signcase sc[4];
        unsigned n = sign_cases(c, a, b, false, sc);
        for (unsigned i = 0; i < n; i++) {
          smt_term r = dt_new_temp(c);
          smt_term g[5];
          unsigned ng = 0;
          for (unsigned j = 0; j < sc[i].ng; j++) g[ng++] = sc[i].g[j];
          g[ng++] = lek(c, b.t, bits - 1);
          if (sc[i].an) g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, a.t);
          else g[ng++] = ge(c, r, a.t), g[ng++] = lek(c, r, -1);
          cases_add(out, g, ng, r, DT_B_INT, sc[i].an ? (dt_ival){0, imax(a.iv.hi, 0)} : (dt_ival){imin(a.iv.lo, -1), -1});
        }
        return;
      }
      if (b.k < 0 || b.k >= (dt_i128)bits) {
        c->info->assumes_no_ub = true;
        return;
      }
      d = pow2((unsigned)b.k);
      if (d == 1) {
        case1(out, a.t, a.iv);
        return;
      }
      /* floor division: d*q <= a <= d*q + d - 1 */
      smt_term q = dt_new_temp(c), dq = mulk(c, d, q);
      smt_term g[2] = {le(c, dq, a.t), le(c, a.t, add(c, dq, I(c, d - 1)))};
      cases_add(out, g, 2, q, DT_B_INT, (dt_ival){floor_div(a.iv.lo, d), floor_div(a.iv.hi, d)});
      return;
    }
    if (!b.is_const) {
      /* |a / b| <= |a|, a % b has the sign of a and |a % b| <= |a| (b != 0 is UB-guarded only as far as bounds go) */
      c->info->assumes_no_ub = true;
      signcase sc[4];
      unsigned n = sign_cases(c, a, b, false, sc);
      for (unsigned i = 0; i < n; i++) {
        smt_term r = dt_new_temp(c);
        smt_term g[4];
        unsigned ng = 0;
        for (unsigned j = 0; j < sc[i].ng; j++) g[ng++] = sc[i].g[j];
        dt_ival riv;
        if (rem) {
          if (sc[i].an) g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, a.t), riv = (dt_ival){0, imax(a.iv.hi, 0)};
          else g[ng++] = ge(c, r, a.t), g[ng++] = lek(c, r, 0), riv = (dt_ival){imin(a.iv.lo, 0), 0};
        } else {
          smt_term na = smt_mk_int_neg(x, a.t);
          dt_i128 m = imax(a.iv.hi, -a.iv.lo);
          if (sc[i].an) g[ng++] = ge(c, r, na), g[ng++] = le(c, r, a.t);
          else g[ng++] = ge(c, r, a.t), g[ng++] = le(c, r, na);
          riv = iv_meet((dt_ival){-m, m}, R);
        }
        cases_add(out, g, ng, r, DT_B_INT, riv);
      }
      return;
    }
    d = b.k;
    if (d == 0) {
      c->info->assumes_no_ub = true;
      return;
    }
    if (d == 1 || d == -1) {
      if (rem) {
        case1(out, I(c, 0), (dt_ival){0, 0});
      } else if (d == 1) {
        case1(out, a.t, a.iv);
      } else { /* -a; INT_MIN / -1 is UB */
        c->info->assumes_no_ub = true;
        smt_term g = gek(c, a.t, R.lo + 1);
        cases_add(out, &g, a.iv.lo <= R.lo ? 1 : 0, smt_mk_int_neg(x, a.t), DT_B_INT, iv_meet((dt_ival){-a.iv.hi, -a.iv.lo}, R));
      }
      return;
    }
    if (d < 0) d = -d, negate = true;
    /* truncating division by d > 0: q0 = trunc(a / d), r = a - d*q0 */
    signcase sc[4];
    unsigned n = sign_cases(c, a, b, false, sc);
    for (unsigned i = 0; i < n; i++) {
      smt_term q = dt_new_temp(c), dq = mulk(c, d, q);
      smt_term g[4];
      unsigned ng = 0;
      for (unsigned j = 0; j < sc[i].ng; j++) g[ng++] = sc[i].g[j];
      if (sc[i].an) g[ng++] = le(c, dq, a.t), g[ng++] = le(c, a.t, add(c, dq, I(c, d - 1)));
      else g[ng++] = le(c, sub(c, dq, I(c, d - 1)), a.t), g[ng++] = le(c, a.t, dq);
      dt_i128 qlo = a.iv.lo / d, qhi = a.iv.hi / d; /* C division truncates like sdiv */
      if (sc[i].an) qlo = imax(qlo, 0);
      else qhi = imin(qhi, 0);
      if (rem) {
        dt_ival riv = sc[i].an ? (dt_ival){0, d - 1} : (dt_ival){-(d - 1), 0};
        cases_add(out, g, ng, sub(c, a.t, dq), DT_B_INT, riv);
      } else if (negate) {
        cases_add(out, g, ng, smt_mk_int_neg(x, q), DT_B_INT, (dt_ival){-qhi, -qlo});
      } else {
        cases_add(out, g, ng, q, DT_B_INT, (dt_ival){qlo, qhi});
      }
    }
    return;
  }
  case IR_AND: case IR_OR: case IR_XOR: {
    if (a.is_const && !b.is_const) {
      opnd t = a;
      a = b, b = t;
    }
    dt_i128 all = rep == DT_REP_U ? M - 1 : -1;
    if (b.is_const) {
      if (in->op == IR_AND && b.k == all) return case1(out, a.t, a.iv);
      if (in->op != IR_AND && b.k == 0) return case1(out, a.t, a.iv);
      if (in->op == IR_AND && b.k == 0) return case1(out, I(c, 0), (dt_ival){0, 0});
      if (in->op == IR_OR && b.k == all) return case1(out, I(c, all), (dt_ival){all, all});
      if (in->op == IR_XOR && b.k == all) /* ~a */
        return case1(out, sub(c, I(c, all), a.t), rep == DT_REP_U ? iv_sub((dt_ival){all, all}, a.iv) : iv_sub((dt_ival){-1, -1}, a.iv));
      unsigned k;
      if (in->op == IR_AND && is_pow2m1(b.k, &k)) { /* a mod 2^k, in either representation */
        if (a.iv.lo >= 0 && a.iv.hi <= b.k) return case1(out, a.t, a.iv);
        smt_term q = dt_new_temp(c), r = sub(c, a.t, mulk(c, pow2(k), q));
        smt_term g[2] = {gek(c, r, 0), lek(c, r, b.k)};
        cases_add(out, g, 2, r, DT_B_INT, (dt_ival){0, b.k});
        return;
      }
    }
    if (rep == DT_REP_U) {
      smt_term r = dt_new_temp(c);
      smt_term g[4];
      unsigned ng = 0;
      dt_ival riv;
      if (in->op == IR_AND) {
        g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, a.t), g[ng++] = le(c, r, b.t);
        riv = (dt_ival){0, imin(a.iv.hi, b.iv.hi)};
      } else if (in->op == IR_OR) {
        g[ng++] = ge(c, r, a.t), g[ng++] = ge(c, r, b.t), g[ng++] = le(c, r, add(c, a.t, b.t)), g[ng++] = lek(c, r, M - 1);
        riv = (dt_ival){imax(a.iv.lo, b.iv.lo), imin(M - 1, a.iv.hi + b.iv.hi)};
      } else {
        g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, add(c, a.t, b.t)), g[ng++] = lek(c, r, M - 1);
        riv = (dt_ival){0, imin(M - 1, a.iv.hi + b.iv.hi)};
      }
      cases_add(out, g, ng, r, DT_B_INT, riv);
      return;
    }
    /* signed: the case analysis on the sign bits of Sect. 4.1 */
    signcase sc[4];
    unsigned n = sign_cases(c, a, b, true, sc);
    for (unsigned i = 0; i < n; i++) {
      smt_term r = dt_new_temp(c);
      smt_term g[6];
      unsigned ng = 0;
      for (unsigned j = 0; j < sc[i].ng; j++) g[ng++] = sc[i].g[j];
      bool an = sc[i].an, bn = sc[i].bn;
      dt_ival riv = R;
      if (in->op == IR_AND) {
        if (an || bn) {
          g[ng++] = gek(c, r, 0);
          if (an) g[ng++] = le(c, r, a.t);
          if (bn) g[ng++] = le(c, r, b.t);
          riv = (dt_ival){0, an && bn ? imin(a.iv.hi, b.iv.hi) : an ? a.iv.hi : b.iv.hi};
        } else {
          g[ng++] = le(c, r, a.t), g[ng++] = le(c, r, b.t), g[ng++] = gek(c, r, R.lo);
          riv = (dt_ival){R.lo, imin(a.iv.hi, b.iv.hi)};
        }
      } else if (in->op == IR_OR) {
        if (an && bn) {
          g[ng++] = ge(c, r, a.t), g[ng++] = ge(c, r, b.t), g[ng++] = le(c, r, add(c, a.t, b.t));
          riv = (dt_ival){imax(a.iv.lo, b.iv.lo), imin(R.hi, a.iv.hi + b.iv.hi)};
        } else {
          if (!an) g[ng++] = ge(c, r, a.t);
          if (!bn) g[ng++] = ge(c, r, b.t);
          g[ng++] = lek(c, r, -1);
          riv = (dt_ival){imax(an ? R.lo : a.iv.lo, bn ? R.lo : b.iv.lo), -1};
        }
      } else {
        if (an && bn) {
          g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, add(c, a.t, b.t));
          riv = (dt_ival){0, imin(R.hi, a.iv.hi + b.iv.hi)};
        } else if (!an && !bn) { /* ~a ^ ~b with ~a = -a-1 >= 0 */
          g[ng++] = gek(c, r, 0), g[ng++] = le(c, r, sub(c, I(c, -2), add(c, a.t, b.t)));
          riv = (dt_ival){0, R.hi};
        } else { /* one negative: r = ~(a ^ ~b) < 0, r >= neg - nonneg */
          smt_term lo = an ? sub(c, b.t, a.t) : sub(c, a.t, b.t);
          g[ng++] = ge(c, r, lo), g[ng++] = lek(c, r, -1);
          riv = (dt_ival){R.lo, -1};
        }
      }
      cases_add(out, g, ng, r, DT_B_INT, iv_meet(riv, R));
    }
    return;
  }
  default: {
    /* exec_binary passes only binary opcodes, each encoded above. A new one
     * needs its encoding here: zero cases would silently make the path
     * infeasible (unsound). Without asserts: any value in range. */
    assert(!"encode_op: binary opcode without an encoding");
    smt_term r = dt_new_temp(c);
    smt_term g[2] = {gek(c, r, R.lo), lek(c, r, R.hi)};
    cases_add(out, g, 2, r, DT_B_INT, R);
    return;
  }
  }
}

/* ---- instructions ------------------------------------------------------------------------------ */

/* Runs fn over the product of the cases of two operands and collects the
 * results, prefixing the operand guards. */
static void product2(dt_ctx *c, dt_state *s, const ir_inst *in, uint8_t rep, unsigned bits, const dt_cases *ca,
                     const dt_cases *cb, dt_cases *out) {
  out->n = 0, out->overflow = ca->overflow || cb->overflow;
  for (uint32_t i = 0; i < ca->n; i++)
    for (uint32_t j = 0; j < cb->n; j++) {
      dt_cases r = {0};
      encode_op(c, s, in, rep, bits, mk_opnd(c->ctx, ca->c[i].t, ca->c[i].iv), mk_opnd(c->ctx, cb->c[j].t, cb->c[j].iv), &r);
      /* no case at all only where the operation is UB (assumed not to happen) */
      assert(r.n > 0 || r.overflow || c->info->assumes_no_ub);
      out->overflow |= r.overflow;
      for (uint32_t k = 0; k < r.n; k++) {
        smt_term g[6];
        unsigned ng = 0;
        for (unsigned q = 0; q < ca->c[i].ng && ng < 6; q++) g[ng++] = ca->c[i].g[q];
        for (unsigned q = 0; q < cb->c[j].ng && ng < 6; q++) g[ng++] = cb->c[j].g[q];
        smt_term rest = smt_mk_and(c->ctx, r.c[k].ng, r.c[k].g);
        if (ng < 6) g[ng++] = rest;
        else g[5] = smt_mk_and2(c->ctx, g[5], rest);
        cases_add(out, g, ng, r.c[k].t, r.c[k].kind, r.c[k].iv);
      }
    }
}

/* Converts every case of cs from rep `from` to rep `to` (width bits). */
static void cases_convert(dt_ctx *c, dt_cases *cs, uint8_t from, uint8_t to, unsigned bits) {
  if (from == to || c->math) return;
  dt_cases out = {0};
  out.overflow = cs->overflow;
  for (uint32_t i = 0; i < cs->n; i++) {
    dt_val v = {0};
    v.kind = cs->c[i].kind, v.t = cs->c[i].t, v.iv = cs->c[i].iv, v.rep = from, v.bits = bits;
    if (v.kind == DT_B_INT && smt_term_kind(c->ctx, v.t) == SMT_INT_CONST && iv_known(v.iv) && v.iv.lo == v.iv.hi) {
      v.is_const = true;
      v.cbits = (uint64_t)(v.iv.lo & (pow2(bits) - 1));
    }
    dt_cases conv;
    to_rep(c, &v, to, &conv);
    out.overflow |= conv.overflow;
    for (uint32_t k = 0; k < conv.n; k++) {
      smt_term g[7];
      unsigned ng = 0;
      for (unsigned q = 0; q < cs->c[i].ng; q++) g[ng++] = cs->c[i].g[q];
      for (unsigned q = 0; q < conv.c[k].ng; q++) g[ng++] = conv.c[k].g[q];
      if (ng > 6) {
        g[5] = smt_mk_and(c->ctx, ng - 5, g + 5);
        ng = 6;
      }
      cases_add(&out, g, ng, conv.c[k].t, DT_B_INT, conv.c[k].iv);
    }
  }
  *cs = out;
}

/* A value the program draws (__VERIFIER_nondet_*): any value of its range. */
static void commit_input(dt_ctx *c, dt_states *ss, size_t si, uint32_t gval, uint8_t rep, unsigned bits) {
  dt_state *s = &ss->data[si];
  if (bits == 1) {
    bind(s, gval, DT_B_BOOL, fresh_bool(c, s), (dt_ival){0, 1});
  } else {
    dt_ival r = range_of(c, rep, bits);
    bind(s, gval, DT_B_INT, fresh_in(c, s, r), r);
  }
}

/* A value the translation does not know: any value of its range (counted:
 * the ITS then has runs the program does not). */
static void commit_fresh(dt_ctx *c, dt_states *ss, size_t si, uint32_t gval, uint8_t rep, unsigned bits) {
  c->info->inexact++;
  commit_input(c, ss, si, gval, rep, bits);
}

/* Binds the cases, or, when they overflowed their budget, a fresh value of
 * the result's range (a sound weakening, counted). */
static void commit_or_weaken(dt_ctx *c, dt_states *ss, size_t si, uint32_t gval, dt_cases *cs, uint8_t rep,
                             unsigned bits) {
  if (cs->overflow) {
    c->info->weakened++;
    commit_fresh(c, ss, si, gval, rep, bits);
  } else {
    commit(c, ss, si, gval, cs);
  }
}

/* The predicate a p b on two terms of one representation. */
static smt_term cmp_terms(dt_ctx *c, ir_pred p, smt_term a, smt_term b) {
  smt_ctx *x = c->ctx;
  switch (p) {
  case IR_EQ: return smt_mk_eq(x, a, b);
  case IR_NE: return smt_mk_not(x, smt_mk_eq(x, a, b));
  case IR_UGT: case IR_SGT: return smt_mk_int_gt(x, a, b);
  case IR_UGE: case IR_SGE: return smt_mk_int_ge(x, a, b);
  case IR_ULT: case IR_SLT: return smt_mk_int_lt(x, a, b);
  default: return smt_mk_int_le(x, a, b);
  }
}

/* i1 comparisons (1 is -1 when signed). */
static smt_term cmp_bools(dt_ctx *c, ir_pred p, smt_term a, smt_term b) {
  smt_ctx *x = c->ctx;
  smt_term na = smt_mk_not(x, a), nb = smt_mk_not(x, b);
  switch (p) {
  case IR_EQ: return smt_mk_eq(x, a, b);
  case IR_NE: return smt_mk_xor(x, a, b);
  case IR_ULT: case IR_SGT: return smt_mk_and2(x, na, b);
  case IR_ULE: case IR_SGE: return smt_mk_or2(x, na, b);
  case IR_UGT: case IR_SLT: return smt_mk_and2(x, a, nb);
  default: return smt_mk_or2(x, a, nb); /* UGE, SLE */
  }
}

/* OR over the cases of (guards /\ f(case values)) for Bool results. */
static smt_term bool_over(dt_ctx *c, const dt_cases *ca, const dt_cases *cb, ir_pred p) {
  smt_term ds[DT_MAXC * 2];
  uint32_t n = 0;
  assert(ca->n >= 1 && cb->n >= 1); /* to_rep gives every value a case: the OR below is not empty */
  for (uint32_t i = 0; i < ca->n; i++)
    for (uint32_t j = 0; j < cb->n && n < DT_MAXC * 2; j++) {
      smt_term g = smt_mk_and2(c->ctx, case_guard(c, &ca->c[i]), case_guard(c, &cb->c[j]));
      ds[n++] = smt_mk_and2(c->ctx, g, cmp_terms(c, p, ca->c[i].t, cb->c[j].t));
    }
  return smt_mk_or(c->ctx, n, ds);
}

static uint32_t result_gval(dt_ctx *c, uint32_t instance, uint32_t i) { return c->insts.data[instance].base + i; }

/* ---- math mode (direct.h, "Integer semantics") ---------------------------------------------- */

/* Reads an ambiguous constant in rep: the operation tells which C value it was. */
static void math_resolve(dt_val *v, uint8_t rep) {
  if (!v->is_const || !v->ambiguous) return;
  v->mval = const_in_rep(v->cbits, v->bits, rep);
  v->ambiguous = false;
}

/* Reads an ambiguous constant as the value it meets (a phi's or select's
 * result, the other operand of == / !=) is read, when every signed /
 * unsigned use of that value's class is of one kind (ir_repr_unanimous):
 * `i != -5` on an int that only signed comparisons and nsw arithmetic
 * touch is -5, not 2^32 - 5. Mixed or no votes: it stays ambiguous. */
static void math_resolve_as(dt_ctx *c, dt_val *v, uint32_t partner_gval) {
  if (!c->math || !v->is_const || !v->ambiguous) return;
  uint8_t rep = dt_gval_math_rep(c, partner_gval);
  if (rep != DT_REP_NONE) math_resolve(v, rep);
}

/* The term of an integer operand (an ambiguous constant: a fresh value). */
static smt_term math_term(dt_ctx *c, const dt_val *v, dt_ival *iv) {
  dt_cases cs;
  to_rep(c, v, DT_REP_S, &cs);
  assert(cs.n == 1 || v->kind == DT_B_BOOLINT);
  if (cs.n == 1) {
    *iv = cs.c[0].iv;
    return cs.c[0].t;
  }
  *iv = (dt_ival){0, 1};
  return smt_mk_ite(c->ctx, v->t, I(c, 1), I(c, 0));
}

static void math_fresh(dt_ctx *c, dt_state *s, uint32_t gv) {
  c->info->math_unknown++;
  bind(s, gv, DT_B_INT, dt_new_temp(c), iv_unknown());
}

/* x / k and x % k over Z for a constant k != 0, as C11 6.5.5 defines
 * them (the quotient truncated toward zero): fresh q and r with
 * x = k*q + r, |r| < |k|, and r of x's sign (r >= 0 when x >= 0, r <= 0
 * when x < 0). The result is q (sdiv) or r (srem). */
static void math_sdiv_const(dt_ctx *c, dt_state *s, uint32_t gv, const ir_inst *in, dt_val a, dt_i128 k) {
  assert(k != 0 && (in->op == IR_SDIV || in->op == IR_SREM));
  dt_ival ia;
  smt_term x = math_term(c, &a, &ia);
  smt_term q = dt_new_temp(c), r = dt_new_temp(c);
  dt_i128 m = (k < 0 ? -k : k) - 1; /* |r| <= m */
  push_conj(s, smt_mk_eq(c->ctx, x, add(c, mulk(c, k, q), r)));
  smt_term nonneg = smt_mk_and2(c->ctx, gek(c, x, 0), smt_mk_and2(c->ctx, gek(c, r, 0), lek(c, r, m)));
  smt_term neg = smt_mk_and2(c->ctx, lek(c, x, -1), smt_mk_and2(c->ctx, lek(c, r, 0), gek(c, r, -m)));
  push_conj(s, smt_mk_or2(c->ctx, nonneg, neg));
  if (in->op == IR_SDIV) bind(s, gv, DT_B_INT, q, iv_unknown());
  else bind(s, gv, DT_B_INT, r, (dt_ival){-m, m});
}

/* add / sub / mul over Z, sdiv / srem by a constant (math_sdiv_const); every other operator has no clean integer
 * counterpart and yields a fresh value. */
static void math_binary(dt_ctx *c, dt_state *s, uint32_t gv, const ir_inst *in, dt_val a, dt_val b) {
  if ((in->op == IR_SDIV || in->op == IR_SREM) && b.is_const && b.kind == DT_B_INT) {
    math_resolve(&b, DT_REP_S);
    dt_i128 k = b.mval;
    if (k != 0 && k > -((dt_i128)1 << 62) && k < ((dt_i128)1 << 62)) {
      math_sdiv_const(c, s, gv, in, a, k);
      return;
    }
  }
  if (in->op != IR_ADD && in->op != IR_SUB && in->op != IR_MUL) {
    math_fresh(c, s, gv);
    return;
  }
  /* C's x - c is x + (-c) in the IR: constants are signed unless the
   * operation is nuw only (an unsigned C type that cannot wrap) */
  uint8_t crep = (in->flags & IR_NSW) || !(in->flags & IR_NUW) ? DT_REP_S : DT_REP_U;
  math_resolve(&a, crep);
  math_resolve(&b, crep);
  dt_ival ia, ib;
  smt_term ta = math_term(c, &a, &ia), tb = math_term(c, &b, &ib);
  if (in->op == IR_ADD) bind(s, gv, DT_B_INT, add(c, ta, tb), iv_add(ia, ib));
  else if (in->op == IR_SUB) bind(s, gv, DT_B_INT, sub(c, ta, tb), iv_sub(ia, ib));
  else bind(s, gv, DT_B_INT, smt_mk_int_mul2(c->ctx, ta, tb), iv_mul(ia, ib));
}

/* Casts are the identity on values; i1 results keep the parity (trunc) and
 * sext of an i1 is 0 / -1. */
static void math_cast(dt_ctx *c, dt_state *s, uint32_t gv, const ir_inst *in, dt_val a) {
  unsigned to = in->type.bits;
  if (a.kind == DT_B_BOOL || a.kind == DT_B_BOOLINT) {
    if (to == 1) bind(s, gv, DT_B_BOOL, a.t, (dt_ival){0, 1});
    else if (in->op == IR_SEXT) bind(s, gv, DT_B_INT, smt_mk_ite(c->ctx, a.t, I(c, -1), I(c, 0)), (dt_ival){-1, 0});
    else bind(s, gv, DT_B_BOOLINT, a.t, (dt_ival){0, 1});
    return;
  }
  if (in->op == IR_ZEXT) math_resolve(&a, DT_REP_U);
  if (in->op == IR_SEXT) math_resolve(&a, DT_REP_S);
  dt_ival iv;
  smt_term t = math_term(c, &a, &iv);
  if (to == 1) { /* trunc to i1: the low bit, t - 2q in {0, 1} */
    smt_term q = dt_new_temp(c);
    bind(s, gv, DT_B_BOOL, eqk(c, sub(c, t, mulk(c, 2, q)), 1), (dt_ival){0, 1});
    return;
  }
  bind(s, gv, DT_B_INT, t, iv);
}

static void exec_icmp(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i, const ir_inst *in) {
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  if (in->ops[0].type.kind != IR_TY_INT) { /* pointers are not tracked */
    commit_fresh(c, ss, si, gv, DT_REP_U, 1);
    return;
  }
  dt_val a = read(c, s, instance, in->ops[0]), b = read(c, s, instance, in->ops[1]);
  if (a.bits == 1) {
    bind(s, gv, DT_B_BOOL, cmp_bools(c, (ir_pred)in->pred, a.t, b.t), (dt_ival){0, 1});
    return;
  }
  uint8_t rep;
  if (in->pred >= IR_UGT && in->pred <= IR_ULE) rep = DT_REP_U;
  else if (in->pred >= IR_SGT) rep = DT_REP_S;
  else rep = a.is_const ? b.rep : a.rep;
  if (c->math && in->pred != IR_EQ && in->pred != IR_NE) { /* the predicate says how to read a constant */
    math_resolve(&a, rep);
    math_resolve(&b, rep);
  } else if (c->math) { /* == / !=: as the other operand is read */
    if (!b.is_const && (in->ops[1].kind == IR_VAL_INST || in->ops[1].kind == IR_VAL_ARG))
      math_resolve_as(c, &a, gval_of(c, instance, in->ops[1]));
    if (!a.is_const && (in->ops[0].kind == IR_VAL_INST || in->ops[0].kind == IR_VAL_ARG))
      math_resolve_as(c, &b, gval_of(c, instance, in->ops[0]));
  }
  /* x == 0 / x != 0 of a 0/1 value is its Bool */
  if ((in->pred == IR_EQ || in->pred == IR_NE) && (a.kind == DT_B_BOOLINT || b.kind == DT_B_BOOLINT)) {
    dt_val *bv = a.kind == DT_B_BOOLINT ? &a : &b, *o = a.kind == DT_B_BOOLINT ? &b : &a;
    if (o->is_const) {
      uint64_t k = o->cbits;
      smt_term t = k == 0 ? smt_mk_not(c->ctx, bv->t) : k == 1 ? bv->t : SMT_FALSE;
      if (in->pred == IR_NE) t = smt_mk_not(c->ctx, t);
      bind(s, gv, DT_B_BOOL, t, (dt_ival){0, 1});
      return;
    }
  }
  dt_cases ca, cb;
  to_rep(c, &a, rep, &ca);
  to_rep(c, &b, rep, &cb);
  bind(s, gv, DT_B_BOOL, bool_over(c, &ca, &cb, (ir_pred)in->pred), (dt_ival){0, 1});
}

static void exec_overflow(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i, const ir_inst *in) {
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  dt_val a = read(c, s, instance, in->ops[0]), b = read(c, s, instance, in->ops[1]);
  if (a.bits == 1 || a.none || b.none) {
    commit_fresh(c, ss, si, gv, DT_REP_U, 1);
    return;
  }
  if (c->math) { /* integers do not overflow */
    bind(s, gv, DT_B_BOOL, SMT_FALSE, (dt_ival){0, 1});
    return;
  }
  bool sgn = in->pred == IR_OVF_SADD || in->pred == IR_OVF_SSUB || in->pred == IR_OVF_SMUL;
  uint8_t rep = sgn ? DT_REP_S : DT_REP_U;
  dt_ival R = dt_rep_range(rep, a.bits);
  dt_cases ca, cb;
  to_rep(c, &a, rep, &ca);
  to_rep(c, &b, rep, &cb);
  smt_term ds[DT_MAXC * 2];
  uint32_t n = 0;
  assert(ca.n >= 1 && cb.n >= 1); /* to_rep gives every value a case: the OR below is not empty */
  for (uint32_t p = 0; p < ca.n; p++)
    for (uint32_t q = 0; q < cb.n && n < DT_MAXC * 2; q++) {
      smt_term x = ca.c[p].t, y = cb.c[q].t, e;
      if (in->pred == IR_OVF_SADD || in->pred == IR_OVF_UADD) e = add(c, x, y);
      else if (in->pred == IR_OVF_SSUB || in->pred == IR_OVF_USUB) e = sub(c, x, y);
      else e = smt_mk_int_mul2(c->ctx, x, y);
      smt_term out = smt_mk_or2(c->ctx, smt_mk_int_lt(c->ctx, e, I(c, R.lo)), smt_mk_int_gt(c->ctx, e, I(c, R.hi)));
      smt_term g = smt_mk_and2(c->ctx, case_guard(c, &ca.c[p]), case_guard(c, &cb.c[q]));
      ds[n++] = smt_mk_and2(c->ctx, g, out);
    }
  bind(s, gv, DT_B_BOOL, smt_mk_or(c->ctx, n, ds), (dt_ival){0, 1});
}

static void exec_binary(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i, const ir_inst *in) {
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  dt_val a = read(c, s, instance, in->ops[0]), b = read(c, s, instance, in->ops[1]);
  unsigned bits = in->type.bits;
  if (bits == 1) {
    smt_ctx *x = c->ctx;
    smt_term t;
    switch (in->op) {
    case IR_AND: case IR_MUL: t = smt_mk_and2(x, a.t, b.t); break;
    case IR_OR: t = smt_mk_or2(x, a.t, b.t); break;
    case IR_XOR: case IR_ADD: case IR_SUB: t = smt_mk_xor(x, a.t, b.t); break;
    case IR_UREM: case IR_SREM: t = SMT_FALSE; break;
    default: t = a.t; break; /* udiv/sdiv by 1 (-1), shifts by 0: anything else is UB */
    }
    bind(s, gv, DT_B_BOOL, t, (dt_ival){0, 1});
    return;
  }
  if (c->math) {
    math_binary(c, s, gv, in, a, b);
    return;
  }
  uint8_t rep_res = rep_of_gval(c, gv), rep_op = rep_res;
  if (in->op == IR_UDIV || in->op == IR_UREM || in->op == IR_LSHR) rep_op = DT_REP_U;
  if (in->op == IR_SDIV || in->op == IR_SREM || in->op == IR_ASHR) rep_op = DT_REP_S;
  uint8_t rep_b = (in->op == IR_SHL || in->op == IR_LSHR || in->op == IR_ASHR) ? DT_REP_U : rep_op;
  dt_cases ca, cb, res;
  to_rep(c, &a, rep_op, &ca);
  to_rep(c, &b, rep_b, &cb);
  product2(c, s, in, rep_op, bits, &ca, &cb, &res);
  if (!res.overflow) cases_convert(c, &res, rep_op, rep_res, bits);
  commit_or_weaken(c, ss, si, gv, &res, rep_res, bits);
}

static void exec_cast(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i, const ir_inst *in) {
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  if (in->type.kind != IR_TY_INT) return;
  unsigned to = in->type.bits;
  uint8_t rep_res = rep_of_gval(c, gv);
  if (in->op == IR_PTRTOINT || in->ops[0].type.kind != IR_TY_INT) {
    commit_fresh(c, ss, si, gv, rep_res, to);
    return;
  }
  dt_val a = read(c, s, instance, in->ops[0]);
  if (c->math) {
    math_cast(c, s, gv, in, a);
    return;
  }
  unsigned from = a.bits;
  dt_cases cs = {0};
  if (in->op == IR_COPY) {
    if (to == 1) {
      bind(s, gv, DT_B_BOOL, a.t, (dt_ival){0, 1});
      return;
    }
    if (a.kind == DT_B_BOOLINT) {
      bind(s, gv, DT_B_BOOLINT, a.t, (dt_ival){0, 1});
      return;
    }
    to_rep(c, &a, rep_res, &cs);
    commit(c, ss, si, gv, &cs);
    return;
  }
  if (in->op == IR_TRUNC) {
    if (a.kind == DT_B_BOOLINT) { /* 0/1 stays 0/1 */
      if (to == 1) bind(s, gv, DT_B_BOOL, a.t, (dt_ival){0, 1});
      else bind(s, gv, DT_B_BOOLINT, a.t, (dt_ival){0, 1});
      return;
    }
    dt_ival iv = iv_known(a.iv) ? a.iv : dt_rep_range(a.rep, from);
    smt_term t = a.is_const ? I(c, const_in_rep(a.cbits, from, DT_REP_U)) : a.t;
    if (a.is_const) iv = (dt_ival){const_in_rep(a.cbits, from, DT_REP_U), const_in_rep(a.cbits, from, DT_REP_U)};
    if (to == 1) { /* the low bit: t - 2q in {0, 1} */
      if (a.is_const) {
        bind(s, gv, DT_B_BOOL, (a.cbits & 1) ? SMT_TRUE : SMT_FALSE, (dt_ival){0, 1});
        return;
      }
      smt_term q = dt_new_temp(c);
      bind(s, gv, DT_B_BOOL, eqk(c, sub(c, t, mulk(c, 2, q)), 1), (dt_ival){0, 1});
      return;
    }
    normalize(c, t, iv, rep_res, to, NULL, 0, &cs);
    commit(c, ss, si, gv, &cs);
    return;
  }
  /* zext / sext */
  if (from == 1) {
    if (in->op == IR_ZEXT) {
      bind(s, gv, DT_B_BOOLINT, a.t, (dt_ival){0, 1});
      return;
    }
    dt_i128 minus1 = rep_res == DT_REP_S ? -1 : pow2(to) - 1;
    smt_term nb = smt_mk_not(c->ctx, a.t);
    cases_add(&cs, &a.t, 1, I(c, minus1), DT_B_INT, (dt_ival){minus1, minus1});
    cases_add(&cs, &nb, 1, I(c, 0), DT_B_INT, (dt_ival){0, 0});
    commit(c, ss, si, gv, &cs);
    return;
  }
  if (a.kind == DT_B_BOOLINT) {
    bind(s, gv, DT_B_BOOLINT, a.t, (dt_ival){0, 1});
    return;
  }
  uint8_t rep_src = in->op == IR_ZEXT ? DT_REP_U : DT_REP_S;
  to_rep(c, &a, rep_src, &cs); /* the value is the same at the wider width */
  cases_convert(c, &cs, rep_src, rep_res, to);
  commit_or_weaken(c, ss, si, gv, &cs, rep_res, to);
}

static void exec_select(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i, const ir_inst *in) {
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  if (in->type.kind != IR_TY_INT) return;
  dt_val cnd = read(c, s, instance, in->ops[0]);
  dt_val a = read(c, s, instance, in->ops[1]), b = read(c, s, instance, in->ops[2]);
  smt_term cb = as_bool(c, &cnd), ncb = smt_mk_not(c->ctx, cb);
  if (in->type.bits == 1) {
    smt_term t = smt_mk_or2(c->ctx, smt_mk_and2(c->ctx, cb, a.t), smt_mk_and2(c->ctx, ncb, b.t));
    bind(s, gv, DT_B_BOOL, t, (dt_ival){0, 1});
    return;
  }
  uint8_t rep = rep_of_gval(c, gv);
  math_resolve_as(c, &a, gv);
  math_resolve_as(c, &b, gv);
  if (a.kind == DT_B_BOOLINT && b.kind == DT_B_BOOLINT) {
    smt_term t = smt_mk_or2(c->ctx, smt_mk_and2(c->ctx, cb, a.t), smt_mk_and2(c->ctx, ncb, b.t));
    bind(s, gv, DT_B_BOOLINT, t, (dt_ival){0, 1});
    return;
  }
  dt_cases ca, cbb, cs = {0};
  to_rep(c, &a, rep, &ca);
  to_rep(c, &b, rep, &cbb);
  for (uint32_t k = 0; k < ca.n; k++) {
    smt_term g[7] = {cb};
    unsigned ng = 1;
    for (unsigned q = 0; q < ca.c[k].ng && ng < 6; q++) g[ng++] = ca.c[k].g[q];
    cases_add(&cs, g, ng, ca.c[k].t, DT_B_INT, ca.c[k].iv);
  }
  for (uint32_t k = 0; k < cbb.n; k++) {
    smt_term g[7] = {ncb};
    unsigned ng = 1;
    for (unsigned q = 0; q < cbb.c[k].ng && ng < 6; q++) g[ng++] = cbb.c[k].g[q];
    cases_add(&cs, g, ng, cbb.c[k].t, DT_B_INT, cbb.c[k].iv);
  }
  commit(c, ss, si, gv, &cs);
}

static uint32_t global_gval(dt_ctx *c, uint32_t g) {
  assert(g < c->m->globals.len && c->gtracked[g]);
  return c->nvals_total + g;
}

/* Every tracked global that matters gets an unknown value of its range. */
static void havoc_tracked_globals(dt_ctx *c, dt_state *s) {
  for (size_t g = 0; g < c->m->globals.len; g++)
    if (c->gtracked[g] && c->grelevant[g]) {
      uint32_t gv = global_gval(c, (uint32_t)g);
      dt_ival r = range_of(c, c->grep[g], c->gbits[g]);
      bind(s, gv, DT_B_INT, fresh_in(c, s, r), r);
      c->info->inexact++;
    }
}

static void exec_inst(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t i) {
  assert(instance < c->insts.len && si < ss->len);
  const dt_instance *I0 = &c->insts.data[instance];
  const ir_func *f = &c->m->funcs.data[I0->func];
  const dt_func *df = &c->funcs[I0->func];
  assert(i < f->ninsts);
  const ir_inst *in = &f->insts[i];
  dt_state *s = &ss->data[si];
  uint32_t gv = result_gval(c, instance, i);
  if (df->cell_bits && df->cell_bits[i]) { /* a new cell: uninitialized (calloc: zero) */
    if (df->relevant[i]) {
      bool zero = in->op == IR_CALL && c->m->funcs.data[in->callee].builtin == IR_BUILTIN_CALLOC;
      if (zero) bind(s, gv, DT_B_INT, I(c, 0), (dt_ival){0, 0});
      else commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), df->cell_bits[i]);
    }
    return;
  }
  switch (in->op) {
  case IR_STORE: {
    ir_value p = in->ops[1];
    uint32_t cell = dt_cell_of(c, I0->func, p);
    if (cell != DT_NONE) {
      if (df->relevant[cell]) {
        dt_val v = read(c, s, instance, in->ops[0]);
        smt_term t;
        uint8_t kind;
        dt_ival iv;
        to_rep_single(c, s, &v, rep_of_gval(c, result_gval(c, instance, cell)), &t, &kind, &iv);
        bind(s, result_gval(c, instance, cell), kind, t, iv);
      }
      return;
    }
    if (p.kind == IR_VAL_GLOBAL && c->gtracked[p.id] && c->grelevant[p.id]) {
      dt_val v = read(c, s, instance, in->ops[0]);
      smt_term t;
      uint8_t kind;
      dt_ival iv;
      to_rep_single(c, s, &v, c->grep[p.id], &t, &kind, &iv);
      bind(s, global_gval(c, p.id), kind, t, iv);
    }
    return;
  }
  case IR_ASM:
    /* a "memory" clobber may write every global (any memory the program can
     * name); untracked memory is any value on every load anyway */
    if (in->flags & IR_ASM_MEMORY) havoc_tracked_globals(c, &ss->data[si]);
    break;
  case IR_CALL: {
    assert(in->callee < c->m->funcs.len); /* build_node refuses indirect calls */
    const ir_func *g = &c->m->funcs.data[in->callee];
    if (g->builtin == IR_BUILTIN_ASSUME && in->nops) {
      dt_val v = read(c, s, instance, in->ops[0]);
      state_assume(c, ss, si, as_bool(c, &v));
      return;
    }
    if (!df->relevant[i] || in->type.kind != IR_TY_INT) return;
    if (g->builtin == IR_BUILTIN_NONDET) commit_input(c, ss, si, gv, rep_of_gval(c, gv), in->type.bits);
    else commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), in->type.bits);
    return;
  }
  default:
    break;
  }
  if (!df->relevant[i] || in->type.kind != IR_TY_INT) return;
  switch (in->op) {
  case IR_ICMP: exec_icmp(c, ss, si, instance, i, in); return;
  case IR_OVERFLOW: exec_overflow(c, ss, si, instance, i, in); return;
  case IR_SELECT: exec_select(c, ss, si, instance, i, in); return;
  case IR_TRUNC: case IR_ZEXT: case IR_SEXT: case IR_COPY: case IR_PTRTOINT:
    exec_cast(c, ss, si, instance, i, in);
    return;
  case IR_LOAD: {
    ir_value p = in->ops[0];
    uint32_t cell = dt_cell_of(c, I0->func, p);
    if ((p.kind == IR_VAL_GLOBAL && c->gtracked[p.id]) || cell != DT_NONE) {
      dt_val v = read_gval(c, s, cell != DT_NONE ? result_gval(c, instance, cell) : global_gval(c, p.id));
      dt_cases cs;
      if (v.kind == DT_B_INT) {
        to_rep(c, &v, rep_of_gval(c, gv), &cs);
        commit(c, ss, si, gv, &cs);
      } else {
        bind(s, gv, v.kind, v.t, v.iv);
      }
      return;
    }
    commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), in->type.bits);
    return;
  }
  default:
    if (ir_is_binary(in->op)) {
      exec_binary(c, ss, si, instance, i, in);
      return;
    }
    /* anything else of integer type: any value */
    commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), in->type.bits);
    return;
  }
}

void dt_exec_segment(dt_ctx *c, dt_states *ss, uint32_t node) {
  assert(node < c->nodes.len);
  const dt_node *nd = &c->nodes.data[node];
  const ir_func *f = &c->m->funcs.data[c->insts.data[nd->instance].func];
  assert(nd->last != DT_NONE && nd->first <= nd->last && nd->last < f->ninsts);
  for (uint32_t i = nd->first; i <= nd->last; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->op == IR_PHI || ir_is_terminator(in->op)) continue;
    if (in->op == IR_CALL && i == nd->last) continue; /* the edge does the call */
    size_t n0 = ss->len;
    for (size_t si = 0; si < n0; si++)
      if (!ss->data[si].dead) exec_inst(c, ss, si, nd->instance, i);
  }
}

/* ---- edges --------------------------------------------------------------------------------------- */

static smt_term eq_const(dt_ctx *c, const dt_val *v, uint64_t k) {
  assert(!v->none && v->bits >= 1 && v->bits <= 64);
  if (v->kind == DT_B_BOOL || v->kind == DT_B_BOOLINT) {
    if (v->kind == DT_B_BOOL) k &= 1;
    return k == 0 ? smt_mk_not(c->ctx, v->t) : k == 1 ? v->t : SMT_FALSE;
  }
  if (c->math) {
    dt_i128 u = const_in_rep(k, v->bits, DT_REP_U);
    if (u >= pow2(v->bits - 1)) { /* -k or 2^n - k: an unknown outcome */
      c->info->math_unknown++;
      return eqk(c, dt_new_temp(c), 1);
    }
    return eqk(c, v->t, u);
  }
  dt_i128 kv = const_in_rep(k, v->bits, v->rep);
  return eqk(c, v->t, kv);
}

/* Binds the values flowing along an edge: phis of the target block. */
static void bind_phis(dt_ctx *c, dt_states *ss, size_t si, uint32_t instance, uint32_t from_block, uint32_t to_block) {
  const dt_instance *I0 = &c->insts.data[instance];
  const ir_func *f = &c->m->funcs.data[I0->func];
  const dt_func *df = &c->funcs[I0->func];
  assert(to_block < f->nblocks);
  uint32_t first = f->blocks[to_block].first, end = first + f->blocks[to_block].count;
  /* read all incoming values first: phis assign simultaneously */
  uint32_t n = 0;
  for (uint32_t i = first; i < end && f->insts[i].op == IR_PHI; i++) n++;
  if (!n) return;
  dt_bind *vals = xcalloc(n, sizeof *vals);
  dt_state *s = &ss->data[si];
  for (uint32_t i = first, k = 0; k < n; i++, k++) {
    const ir_inst *in = &f->insts[i];
    vals[k].gval = DT_NONE;
    if (!df->relevant[i] || in->type.kind != IR_TY_INT) continue;
    uint32_t j = 0;
    while (j < in->ntargets && in->targets[j] != from_block) j++;
    if (j == in->ntargets) continue;
    dt_val v = read(c, s, instance, in->ops[j]);
    uint32_t gv = result_gval(c, instance, i);
    math_resolve_as(c, &v, gv);
    if (v.bits == 1) {
      vals[k] = (dt_bind){gv, DT_B_BOOL, v.t, {0, 1}};
      continue;
    }
    to_rep_single(c, s, &v, rep_of_gval(c, gv), &vals[k].t, &vals[k].kind, &vals[k].iv);
    vals[k].gval = gv;
  }
  for (uint32_t k = 0; k < n; k++)
    if (vals[k].gval != DT_NONE) bind(s, vals[k].gval, vals[k].kind, vals[k].t, vals[k].iv);
  free(vals);
}

/* Binds the parameters of instance callee to the arguments of the call
 * instruction i of instance caller. */
static void bind_args(dt_ctx *c, dt_state *s, uint32_t caller, uint32_t i, uint32_t callee) {
  const ir_func *f = &c->m->funcs.data[c->insts.data[caller].func];
  const ir_inst *in = &f->insts[i];
  assert(in->op == IR_CALL && callee < c->insts.len);
  assert(in->callee == IR_NONE || c->insts.data[callee].func == in->callee);
  const ir_func *g = &c->m->funcs.data[c->insts.data[callee].func];
  const dt_func *dg = &c->funcs[c->insts.data[callee].func];
  uint32_t a0 = dt_call_arg0(in), nargs = in->nops - a0;
  dt_bind *vals = xcalloc(g->nparams + 1, sizeof *vals);
  for (uint32_t k = 0; k < g->nparams && k < nargs; k++) {
    vals[k].gval = DT_NONE;
    if (!dg->relevant[g->ninsts + k] || g->params[k].kind != IR_TY_INT) continue;
    uint32_t gv = c->insts.data[callee].base + g->ninsts + k;
    dt_val v = read(c, s, caller, in->ops[a0 + k]);
    if (v.none) { /* an indirect call's pointer for an integer of its width: a value not followed */
      v = unknown_val(c, s, g->params[k].bits);
    }
    if (v.bits == 1) {
      vals[k] = (dt_bind){gv, DT_B_BOOL, v.t, {0, 1}};
      continue;
    }
    to_rep_single(c, s, &v, rep_of_gval(c, gv), &vals[k].t, &vals[k].kind, &vals[k].iv);
    vals[k].gval = gv;
  }
  for (uint32_t k = 0; k < g->nparams && k < nargs; k++)
    if (vals[k].gval != DT_NONE) bind(s, vals[k].gval, vals[k].kind, vals[k].t, vals[k].iv);
  free(vals);
}

void dt_exec_edge(dt_ctx *c, dt_states *ss, uint32_t from, const dt_edge *e) {
  const dt_node *nd = &c->nodes.data[from];
  uint32_t instance = nd->instance;
  const dt_instance *I0 = &c->insts.data[instance];
  const ir_func *f = &c->m->funcs.data[I0->func];
  const ir_inst *last = &f->insts[nd->last];
  assert(from < c->nodes.len && nd->last != DT_NONE);
  assert(e->kind != DT_E_BRANCH || (e->to < c->nodes.len && e->succ < last->ntargets));
  assert((e->kind != DT_E_ENTER && e->kind != DT_E_SUMMARY && e->kind != DT_E_SKIP && e->kind != DT_E_BUILTIN) ||
         last->op == IR_CALL);
  assert(e->kind != DT_E_RETURN || (I0->parent != DT_NONE && last->op == IR_RET));
  size_t n0 = ss->len;
  for (size_t si = 0; si < n0; si++) {
    if (ss->data[si].dead) continue;
    switch (e->kind) {
    case DT_E_BRANCH: {
      if (last->op == IR_CONDBR) {
        dt_val v = read(c, &ss->data[si], instance, last->ops[0]);
        smt_term b = as_bool(c, &v);
        state_assume(c, ss, si, e->succ == 0 ? b : smt_mk_not(c->ctx, b));
      } else if (last->op == IR_SWITCH) {
        dt_val v = read(c, &ss->data[si], instance, last->ops[0]);
        if (e->succ > 0) {
          state_assume(c, ss, si, eq_const(c, &v, last->case_values[e->succ - 1]));
        } else {
          uint32_t nc = last->ntargets - 1;
          smt_term *ne = xmalloc((nc + 1) * sizeof *ne);
          for (uint32_t k = 0; k < nc; k++) ne[k] = smt_mk_not(c->ctx, eq_const(c, &v, last->case_values[k]));
          state_assume(c, ss, si, smt_mk_and(c->ctx, nc, ne));
          free(ne);
        }
      }
      /* every state made from si by the split needs the phis */
      break;
    }
    case DT_E_ENTER:
    case DT_E_SUMMARY:
      bind_args(c, &ss->data[si], instance, nd->last, e->callee_instance);
      break;
    case DT_E_RETURN: {
      /* the call's result in the parent, from the ret operand */
      const dt_instance *P = &c->insts.data[I0->parent];
      const dt_func *dp = &c->funcs[P->func];
      const ir_func *pf = &c->m->funcs.data[P->func];
      uint32_t ci = I0->call_inst;
      if (last->nops && dp->relevant[ci] && pf->insts[ci].type.kind == IR_TY_INT) {
        dt_state *s = &ss->data[si];
        dt_val v = read(c, s, instance, last->ops[0]);
        uint32_t gv = P->base + ci;
        if (v.none) v = unknown_val(c, s, pf->insts[ci].type.bits); /* a pointer for an integer (indirect call) */
        if (v.bits == 1) {
          bind(s, gv, DT_B_BOOL, v.t, (dt_ival){0, 1});
        } else {
          smt_term t;
          uint8_t kind;
          dt_ival iv;
          to_rep_single(c, s, &v, rep_of_gval(c, gv), &t, &kind, &iv);
          bind(s, gv, kind, t, iv);
        }
      }
      break;
    }
    case DT_E_SKIP: {
      const dt_func *df = &c->funcs[I0->func];
      if (df->relevant[nd->last] && last->type.kind == IR_TY_INT) {
        uint32_t gv = result_gval(c, instance, nd->last);
        commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), last->type.bits);
      }
      havoc_tracked_globals(c, &ss->data[si]); /* the callee may have written them */
      break;
    }
    case DT_E_BUILTIN: { /* builtins write no tracked global (their addresses are never operands) */
      const dt_func *df = &c->funcs[I0->func];
      if (df->relevant[nd->last] && last->type.kind == IR_TY_INT) {
        uint32_t gv = result_gval(c, instance, nd->last);
        assert(e->succ < c->m->funcs.len);
        if (c->m->funcs.data[e->succ].builtin == IR_BUILTIN_NONDET)
          commit_input(c, ss, si, gv, rep_of_gval(c, gv), last->type.bits);
        else
          commit_fresh(c, ss, si, gv, rep_of_gval(c, gv), last->type.bits);
      }
      break;
    }
    default:
      break;
    }
  }
  if (e->kind == DT_E_BRANCH) {
    uint32_t to_block = c->nodes.data[e->to].block;
    for (size_t si = 0; si < ss->len; si++)
      if (!ss->data[si].dead) bind_phis(c, ss, si, instance, nd->block, to_block);
  }
}

/* ---- emission ---------------------------------------------------------------------------------------- */

void dt_materialize(dt_ctx *c, dt_states *ss, const uint32_t *vars, uint32_t nv) {
  /* gvals of the variables */
  for (uint32_t k = 0; k < nv; k++) {
    uint32_t var = vars[k];
    size_t n0 = ss->len;
    for (size_t si = 0; si < n0; si++) {
      dt_state *s = &ss->data[si];
      if (s->dead) continue;
      /* find the gval bound to this variable */
      uint32_t gval = DT_NONE;
      for (size_t q = s->env.len; q-- > 0;)
        if (c->var_of_gval[s->env.data[q].gval] == var) {
          gval = s->env.data[q].gval;
          break;
        }
      if (gval == DT_NONE) continue;
      const dt_bind *b = lookup(s, gval);
      assert(b != NULL); /* gval is bound in s: it was just found there */
      if (b->kind == DT_B_INT) continue;
      smt_term bt = b->t;
      if (bt == SMT_TRUE || bt == SMT_FALSE) {
        bind(s, gval, DT_B_INT, I(c, bt == SMT_TRUE), (dt_ival){bt == SMT_TRUE, bt == SMT_TRUE});
        continue;
      }
      /* (x = 1) with x an ITS variable or temporary in [0, 1] */
      if (smt_term_kind(c->ctx, bt) == SMT_EQ && smt_term_kind(c->ctx, smt_term_arg(c->ctx, bt, 0)) == SMT_VAR &&
          smt_term_arg(c->ctx, bt, 1) == I(c, 1)) {
        bind(s, gval, DT_B_INT, smt_term_arg(c->ctx, bt, 0), (dt_ival){0, 1});
        continue;
      }
      dt_cases cs = {0};
      smt_term nb = smt_mk_not(c->ctx, bt);
      cases_add(&cs, &bt, 1, I(c, 1), DT_B_INT, (dt_ival){1, 1});
      cases_add(&cs, &nb, 1, I(c, 0), DT_B_INT, (dt_ival){0, 0});
      commit(c, ss, si, gval, &cs);
    }
  }
}

smt_term dt_var_value(dt_ctx *c, const dt_state *s, uint32_t var) {
  for (size_t q = s->env.len; q-- > 0;) {
    if (c->var_of_gval[s->env.data[q].gval] == var) {
      const dt_bind *b = &s->env.data[q];
      if (b->kind == DT_B_INT) return b->t;
      return smt_mk_ite(c->ctx, b->t, I(c, 1), I(c, 0)); /* not materialized (no room): exact anyway */
    }
  }
  return c->its->pre[var];
}

void dt_states_prune(dt_ctx *c, dt_states *ss) {
  size_t w = 0;
  for (size_t r = 0; r < ss->len; r++) {
    dt_state *s = &ss->data[r];
    bool dead = s->dead;
    if (!dead && s->conj.len) {
      smt_term g = smt_mk_and(c->ctx, (uint32_t)s->conj.len, s->conj.data);
      if (g == SMT_FALSE || smt_precheck_sat(c->ctx, g) == SMT_UNSAT) dead = true;
    }
    if (dead) {
      dt_state_free(s);
      continue;
    }
    ss->data[w++] = *s;
  }
  ss->len = w;
}
