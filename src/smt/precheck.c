/* precheck: cheap, sound decisions for conjunctions of linear atoms, tried
 * before the solver (see query.h).
 *
 * The query q is read as a conjunction of rows  sum a_j x_j <= b  (or = b)
 * over columns x_j, plus disjunction groups (from a negated conjunction,
 * an or, or a negated equality), each alternative one row:
 *   - Int atoms (<=, <, >=, >, =) over linear expressions; any non-linear
 *     subterm (product, ite, div, ...) is an opaque column;
 *   - unsigned BV comparisons and BV equalities of width <= 62, on the
 *     unsigned value: a BV term is a column with domain [0, 2^w - 1]
 *     (bv2nat(x) is the same column as x).
 * Conjuncts of any other shape are left out, which only weakens the system.
 *
 * UNSAT when every choice of alternatives is refuted, by interval bound
 * propagation and then Fourier-Motzkin elimination with integer
 * tightening (each derived row is implied over the integers). SAT when a
 * greedy assignment (fix each column near 0 within its bounds, propagate)
 * of the variables satisfies q itself under the exact evaluator smt_eval:
 * a model is checked, never assumed. Otherwise UNKNOWN.
 *
 * Arithmetic is int64 with __int128 intermediates; coefficients above 2^40
 * or bounds above 2^62 make the check give up (or forget the bound), never
 * guess. Sizes are capped (columns, rows, alternatives) for the same reason.
 */
#include <stddef.h>
#include <string.h>

#include "build.h"
#include "internal.h"

#define PC_MAXC 12     /* columns */
#define PC_MAXBASE 48  /* rows outside disjunctions */
#define PC_MAXALT 32   /* alternatives over all groups */
#define PC_MAXGROUP 8
#define PC_MAXCOMBO 64 /* choices of alternatives */
#define PC_MAXFM 128   /* rows during elimination */
#define PC_BIG ((int64_t)1 << 62)
#define PC_COEF ((int64_t)1 << 40)

typedef __int128 i128;

typedef struct {
  int64_t a[PC_MAXC];
  int64_t b;
  bool eq;
} pc_row;

typedef struct {
  int64_t lo, hi;
  bool has_lo, has_hi;
} pc_bound;

typedef struct {
  smt_ctx *ctx;
  uint32_t ncols;
  smt_term col[PC_MAXC];
  pc_bound dom[PC_MAXC]; /* BV domains */
  bool all_vars;         /* every column is a variable: models can be built */
  pc_row base[PC_MAXBASE];
  uint32_t nbase;
  pc_row alt[PC_MAXALT];
  uint32_t nalt;
  uint32_t group_start[PC_MAXGROUP], group_len[PC_MAXGROUP];
  uint32_t ngroups;
  bool failed; /* too big: give up */
} pc;

/* ---- reading terms ------------------------------------------------------- */
static bool mpz_to_i64(mpz_srcptr v, int64_t *out) {
  if (mpz_sizeinbase(v, 2) > 61) return false;
  int64_t mag = (int64_t)mpz_getlimbn(v, 0);
  if (sizeof(mp_limb_t) < 8 && mpz_size(v) > 1) mag |= (int64_t)mpz_getlimbn(v, 1) << 32;
  *out = mpz_sgn(v) < 0 ? -mag : mag;
  return true;
}

static int column(pc *P, smt_term t) {
  const smt_ctx *ctx = P->ctx;
  if (smt_term_kind(ctx, t) == SMT_BV2NAT) t = smt_term_arg(ctx, t, 0);
  for (uint32_t j = 0; j < P->ncols; j++)
    if (P->col[j] == t) return (int)j;
  if (P->ncols == PC_MAXC) return -1;
  uint32_t j = P->ncols++;
  P->col[j] = t;
  P->dom[j] = (pc_bound){0, 0, false, false};
  uint32_t w = smt_bv_width(ctx, t);
  if (w) {
    if (w > 62) return -1;
    P->dom[j] = (pc_bound){0, (int64_t)(((uint64_t)1 << w) - 1), true, true};
  }
  if (smt_term_kind(ctx, t) != SMT_VAR) P->all_vars = false;
  return (int)j;
}

static bool add_coef(pc_row *r, int j, i128 c) {
  i128 v = (i128)r->a[j] + c;
  if (v > PC_COEF || v < -PC_COEF) return false;
  r->a[j] = (int64_t)v;
  return true;
}

static bool add_const(pc_row *r, i128 c) { /* moves c to the right-hand side */
  i128 v = (i128)r->b - c;
  if (v > PC_BIG || v < -PC_BIG) return false;
  r->b = (int64_t)v;
  return true;
}

/* row.lhs += c * t for an Int term t (or a BV term read as unsigned). */
static bool linear(pc *P, pc_row *r, smt_term t, i128 c, int depth) {
  const smt_ctx *ctx = P->ctx;
  if (depth > 8 || c > PC_COEF || c < -PC_COEF) return false;
  int64_t v;
  switch (smt_term_kind(ctx, t)) {
  case SMT_INT_CONST:
  case SMT_BV_CONST:
    if (smt_term_kind(ctx, t) == SMT_BV_CONST && smt_bv_width(ctx, t) > 62) return false;
    return mpz_to_i64(smt_term_value(ctx, t), &v) && add_const(r, c * v);
  case SMT_INT_ADD:
    for (uint32_t i = 0; i < smt_term_nargs(ctx, t); i++)
      if (!linear(P, r, smt_term_arg(ctx, t, i), c, depth + 1)) return false;
    return true;
  case SMT_INT_SUB:
    return linear(P, r, smt_term_arg(ctx, t, 0), c, depth + 1) &&
           linear(P, r, smt_term_arg(ctx, t, 1), -c, depth + 1);
  case SMT_INT_NEG: return linear(P, r, smt_term_arg(ctx, t, 0), -c, depth + 1);
  case SMT_INT_MUL:
    if (smt_term_nargs(ctx, t) == 2 && smt_term_kind(ctx, smt_term_arg(ctx, t, 0)) == SMT_INT_CONST) {
      if (!mpz_to_i64(smt_term_value(ctx, smt_term_arg(ctx, t, 0)), &v)) return false;
      return linear(P, r, smt_term_arg(ctx, t, 1), c * v, depth + 1);
    }
    break;
  default: break;
  }
  int j = column(P, t);
  return j >= 0 && add_coef(r, j, c);
}

/* The rows of an atom, possibly negated: 1 row, 2 (a negated equality, as
 * alternatives) or 0 (not understood). Trivial atoms: *triv = 1 (true) or
 * -1 (false). */
static int atom_rows(pc *P, smt_term t, bool neg, pc_row out[2], int *triv) {
  smt_ctx *ctx = P->ctx;
  *triv = 0;
  while (smt_term_kind(ctx, t) == SMT_NOT) {
    t = smt_term_arg(ctx, t, 0);
    neg = !neg;
  }
  if (t == SMT_TRUE || t == SMT_FALSE) {
    *triv = (t == SMT_TRUE) != neg ? 1 : -1;
    return 0;
  }
  smt_kind k = smt_term_kind(ctx, t);
  if (smt_term_sort(ctx, t) != SMT_SORT_BOOL || smt_term_nargs(ctx, t) != 2) return 0;
  smt_term l = smt_term_arg(ctx, t, 0), r = smt_term_arg(ctx, t, 1);
  smt_sort s = smt_term_sort(ctx, l);
  bool is_int = s == SMT_SORT_INT;
  bool is_bv = smt_sort_is_bv(s) && smt_sort_width(s) <= 62;
  /* as  l - r + k <= 0  (strict ones tightened), or l - r = 0 */
  int64_t k0 = 0;
  bool eq = false;
  switch (k) {
  case SMT_EQ:
    if (!is_int && !is_bv) return 0;
    eq = true;
    break;
  case SMT_INT_LE: break;
  case SMT_INT_LT: k0 = 1; break;
  case SMT_INT_GE: { smt_term x = l; l = r; r = x; break; }
  case SMT_INT_GT: { smt_term x = l; l = r; r = x; k0 = 1; break; }
  case SMT_BV_ULE: if (!is_bv) return 0; break;
  case SMT_BV_ULT: if (!is_bv) return 0; k0 = 1; break;
  case SMT_BV_UGE: if (!is_bv) return 0; { smt_term x = l; l = r; r = x; } break;
  case SMT_BV_UGT: if (!is_bv) return 0; { smt_term x = l; l = r; r = x; } k0 = 1; break;
  default: return 0;
  }
  if (!eq && !is_int && !is_bv) return 0;
  pc_row row;
  memset(&row, 0, sizeof row);
  /* a BV operand is a constant or one column (its unsigned value) */
  if (!linear(P, &row, l, 1, 0) || !linear(P, &row, r, -1, 0)) goto fail;
  if (!add_const(&row, k0)) goto fail;
  if (eq && !neg) {
    row.eq = true;
    out[0] = row;
    return 1;
  }
  if (eq && neg) { /* lhs <= b - 1  or  -lhs <= -b - 1 */
    out[0] = row;
    out[0].b = row.b - 1;
    out[1] = row;
    for (uint32_t j = 0; j < P->ncols; j++) out[1].a[j] = -row.a[j];
    out[1].b = -row.b - 1;
    return 2;
  }
  if (neg) { /* not (lhs <= b)  <=>  -lhs <= -b - 1 */
    for (uint32_t j = 0; j < P->ncols; j++) row.a[j] = -row.a[j];
    row.b = -row.b - 1;
  }
  out[0] = row;
  return 1;
fail:
  P->failed = true;
  return 0;
}

static bool add_base(pc *P, const pc_row *r) {
  if (P->nbase == PC_MAXBASE) return false;
  P->base[P->nbase++] = *r;
  return true;
}

/* A disjunction: alternatives are the (possibly negated) atoms ts[i].
 * Returns -1 if the disjunction is false, 0 ok (or left out). */
static int add_group(pc *P, uint32_t n, const smt_term *ts, bool neg) {
  if (P->ngroups == PC_MAXGROUP) return 0; /* left out: weaker */
  uint32_t start = P->nalt;
  for (uint32_t i = 0; i < n; i++) {
    pc_row rows[2];
    int triv;
    int m = atom_rows(P, ts[i], neg, rows, &triv);
    if (P->failed) return 0;
    if (triv == 1 || (m == 0 && triv == 0)) { /* true or unknown alternative: group says nothing */
      P->nalt = start;
      return 0;
    }
    for (int j = 0; j < m; j++) {
      if (P->nalt == PC_MAXALT) {
        P->nalt = start;
        return 0;
      }
      P->alt[P->nalt++] = rows[j];
    }
  }
  if (P->nalt == start) return -1; /* every alternative false */
  P->group_start[P->ngroups] = start;
  P->group_len[P->ngroups] = P->nalt - start;
  P->ngroups++;
  return 0;
}

/* Reads conjunct t (negated if neg). -1: the conjunct is false. */
static int read_conjunct(pc *P, smt_term t, bool neg, int depth) {
  smt_ctx *ctx = P->ctx;
  while (smt_term_kind(ctx, t) == SMT_NOT) {
    t = smt_term_arg(ctx, t, 0);
    neg = !neg;
  }
  smt_kind k = smt_term_kind(ctx, t);
  if ((k == SMT_AND && !neg) || (k == SMT_OR && neg)) {
    if (depth > 4) return 0;
    for (uint32_t i = 0; i < smt_term_nargs(ctx, t); i++) {
      int r = read_conjunct(P, smt_term_arg(ctx, t, i), neg, depth + 1);
      if (r < 0 || P->failed) return r;
    }
    return 0;
  }
  if (k == SMT_AND || k == SMT_OR) /* a negated and, or an or: alternatives */
    return add_group(P, smt_term_nargs(ctx, t), smt_term_args(ctx, t), k == SMT_AND);
  pc_row rows[2];
  int triv;
  int m = atom_rows(P, t, neg, rows, &triv);
  if (triv) return triv < 0 ? -1 : 0;
  if (m == 1) {
    if (!add_base(P, &rows[0])) P->failed = true;
  } else if (m == 2) {
    if (P->ngroups < PC_MAXGROUP && P->nalt + 2 <= PC_MAXALT) {
      P->group_start[P->ngroups] = P->nalt;
      P->group_len[P->ngroups++] = 2;
      P->alt[P->nalt++] = rows[0];
      P->alt[P->nalt++] = rows[1];
    }
  }
  return 0;
}

/* ---- bound propagation ------------------------------------------------------ */
static i128 floor_div(i128 n, i128 d) {
  i128 q = n / d;
  if (n % d != 0 && ((n < 0) != (d < 0))) q--;
  return q;
}
static i128 ceil_div(i128 n, i128 d) {
  i128 q = n / d;
  if (n % d != 0 && ((n < 0) == (d < 0))) q++;
  return q;
}

/* One direction of a row: sum s*a_j x_j <= s*b. False on conflict. */
static bool prop_row(uint32_t nc, const pc_row *r, int s, pc_bound *bd, bool *changed) {
  i128 minsum = 0, B = (i128)s * r->b;
  int ninf = 0, infj = -1;
  i128 term[PC_MAXC];
  for (uint32_t j = 0; j < nc; j++) {
    i128 a = (i128)s * r->a[j];
    term[j] = 0;
    if (a == 0) continue;
    if (a > 0 ? bd[j].has_lo : bd[j].has_hi) {
      term[j] = a * (a > 0 ? bd[j].lo : bd[j].hi);
      minsum += term[j];
    } else {
      ninf++;
      infj = (int)j;
    }
  }
  if (ninf == 0 && minsum > B) return false;
  if (ninf > 1) return true;
  for (uint32_t j = 0; j < nc; j++) {
    i128 a = (i128)s * r->a[j];
    if (a == 0 || (ninf == 1 && infj != (int)j)) continue;
    i128 rest = B - (minsum - term[j]);
    if (a > 0) {
      i128 h = floor_div(rest, a);
      if (h < PC_BIG && h > -PC_BIG && (!bd[j].has_hi || h < bd[j].hi)) {
        bd[j].hi = (int64_t)h;
        bd[j].has_hi = true;
        *changed = true;
      }
    } else {
      i128 l = ceil_div(rest, a);
      if (l < PC_BIG && l > -PC_BIG && (!bd[j].has_lo || l > bd[j].lo)) {
        bd[j].lo = (int64_t)l;
        bd[j].has_lo = true;
        *changed = true;
      }
    }
    if (bd[j].has_lo && bd[j].has_hi && bd[j].lo > bd[j].hi) return false;
  }
  return true;
}

/* False when the rows have no integer solution within the bounds (which
 * are tightened in place). */
static bool propagate(uint32_t nc, const pc_row *rows, uint32_t nr, pc_bound *bd, int rounds) {
  for (int round = 0; round < rounds; round++) {
    bool changed = false;
    for (uint32_t i = 0; i < nr; i++) {
      if (!prop_row(nc, &rows[i], 1, bd, &changed)) return false;
      if (rows[i].eq && !prop_row(nc, &rows[i], -1, bd, &changed)) return false;
    }
    if (!changed) break;
  }
  return true;
}

/* ---- Fourier-Motzkin ------------------------------------------------------------ */
static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Divides by the gcd of the coefficients, rounding the bound down. False
 * if the row is 0 <= b with b < 0. */
static bool tighten(uint32_t nc, pc_row *r) {
  int64_t g = 0;
  for (uint32_t j = 0; j < nc; j++) g = gcd64(g, r->a[j]);
  if (g == 0) return r->b >= 0;
  if (g > 1) {
    for (uint32_t j = 0; j < nc; j++) r->a[j] /= g;
    r->b = (int64_t)floor_div(r->b, g);
  }
  return true;
}

typedef struct {
  pc_row r[PC_MAXFM];
  uint32_t n;
} fm_sys;

/* true: refuted; false: not refuted (feasible over the rationals, or too big) */
static bool fm_refute(uint32_t nc, fm_sys *S) {
  static const int NOT_REFUTED = 0;
  bool eliminated[PC_MAXC] = {false};
  for (uint32_t step = 0; step < nc; step++) {
    /* pick the column with the fewest new rows */
    int best = -1;
    long best_cost = 0;
    for (uint32_t j = 0; j < nc; j++) {
      if (eliminated[j]) continue;
      long p = 0, m = 0;
      for (uint32_t i = 0; i < S->n; i++) {
        if (S->r[i].a[j] > 0) p++;
        else if (S->r[i].a[j] < 0) m++;
      }
      long cost = p * m - p - m;
      if (best < 0 || cost < best_cost) {
        best = (int)j;
        best_cost = cost;
      }
    }
    if (best < 0) break;
    uint32_t j = (uint32_t)best;
    eliminated[j] = true;
    static _Thread_local fm_sys next;
    next.n = 0;
    for (uint32_t i = 0; i < S->n; i++)
      if (S->r[i].a[j] == 0) next.r[next.n++] = S->r[i];
    for (uint32_t p = 0; p < S->n; p++) {
      if (S->r[p].a[j] <= 0) continue;
      for (uint32_t m = 0; m < S->n; m++) {
        if (S->r[m].a[j] >= 0) continue;
        if (next.n == PC_MAXFM) return NOT_REFUTED;
        i128 cp = -(i128)S->r[m].a[j], cm = S->r[p].a[j];
        pc_row *o = &next.r[next.n];
        bool ok = true;
        for (uint32_t k = 0; k < nc && ok; k++) {
          i128 v = cp * S->r[p].a[k] + cm * S->r[m].a[k];
          ok = v <= PC_COEF && v >= -PC_COEF;
          o->a[k] = (int64_t)v;
        }
        i128 b = cp * S->r[p].b + cm * S->r[m].b;
        if (!ok || b > PC_BIG || b < -PC_BIG) return NOT_REFUTED;
        o->b = (int64_t)b;
        o->eq = false;
        if (!tighten(nc, o)) return true;
        next.n++;
      }
    }
    memcpy(S->r, next.r, next.n * sizeof *next.r); /* only the rows in use */
    S->n = next.n;
  }
  for (uint32_t i = 0; i < S->n; i++)
    if (!tighten(nc, &S->r[i])) return true;
  return false;
}

/* Is the conjunction of rows (with the column domains) infeasible? */
static bool refute(const pc *P, const pc_row *rows, uint32_t nr, pc_bound *bd) {
  uint32_t nc = P->ncols;
  memcpy(bd, P->dom, nc * sizeof *bd);
  if (!propagate(nc, rows, nr, bd, 10)) return true;
  static _Thread_local fm_sys S;
  S.n = 0;
  /* equalities as two inequalities; bounds as rows */
  for (uint32_t i = 0; i < nr; i++) {
    if (S.n + 2 > PC_MAXFM) return false;
    S.r[S.n] = rows[i];
    S.r[S.n].eq = false;
    if (!tighten(nc, &S.r[S.n])) return true;
    S.n++;
    if (rows[i].eq) {
      pc_row *o = &S.r[S.n];
      for (uint32_t j = 0; j < nc; j++) o->a[j] = -rows[i].a[j];
      o->b = -rows[i].b;
      o->eq = false;
      if (!tighten(nc, o)) return true;
      S.n++;
    }
  }
  for (uint32_t j = 0; j < nc; j++) {
    for (int side = 0; side < 2; side++) {
      bool has = side ? bd[j].has_hi : bd[j].has_lo;
      if (!has) continue;
      if (S.n == PC_MAXFM) return false;
      pc_row *o = &S.r[S.n++];
      memset(o, 0, sizeof *o);
      o->a[j] = side ? 1 : -1;
      o->b = side ? bd[j].hi : -bd[j].lo;
    }
  }
  return fm_refute(nc, &S);
}

/* ---- models -------------------------------------------------------------------- */
/* Fixes the columns one by one near 0 inside their bounds, propagating; on
 * success checks q under the assignment with the exact evaluator. */
static bool find_model(pc *P, smt_term q, const pc_row *rows, uint32_t nr, const pc_bound *bd0) {
  uint32_t nc = P->ncols;
  pc_bound bd[PC_MAXC], save[PC_MAXC];
  memcpy(bd, bd0, nc * sizeof *bd);
  for (uint32_t j = 0; j < nc; j++) {
    int64_t cand[3];
    int ncand = 0;
    int64_t v = 0;
    if (bd[j].has_lo && v < bd[j].lo) v = bd[j].lo;
    if (bd[j].has_hi && v > bd[j].hi) v = bd[j].hi;
    cand[ncand++] = v;
    if (bd[j].has_lo && bd[j].lo != v) cand[ncand++] = bd[j].lo;
    if (bd[j].has_hi && bd[j].hi != v) cand[ncand++] = bd[j].hi;
    bool fixed = false;
    memcpy(save, bd, nc * sizeof *bd);
    for (int c = 0; c < ncand && !fixed; c++) {
      bd[j] = (pc_bound){cand[c], cand[c], true, true};
      /* a few rounds suffice here: the evaluator has the last word */
      if (propagate(nc, rows, nr, bd, 3)) fixed = true;
      else memcpy(bd, save, nc * sizeof *bd);
    }
    if (!fixed) return false;
  }
  mpz_t vals[PC_MAXC];
  mpz_srcptr vp[PC_MAXC];
  for (uint32_t j = 0; j < nc; j++) {
    mpz_init(vals[j]);
    int64_t v = bd[j].lo;
    uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
    mpz_set_ui(vals[j], (unsigned long)(mag >> 32));
    mpz_mul_2exp(vals[j], vals[j], 32);
    mpz_add_ui(vals[j], vals[j], (unsigned long)(mag & 0xffffffffu));
    if (v < 0) mpz_neg(vals[j], vals[j]);
    vp[j] = vals[j];
  }
  mpz_t out;
  mpz_init(out);
  bool sat = smt_eval(P->ctx, q, nc, P->col, vp, out) && mpz_sgn(out) != 0;
  mpz_clear(out);
  for (uint32_t j = 0; j < nc; j++) mpz_clear(vals[j]);
  return sat;
}

/* ---- the check ------------------------------------------------------------------- */
static smt_result precheck(smt_ctx *ctx, smt_term q) {
  if (q == SMT_TRUE) return SMT_SAT;
  if (q == SMT_FALSE) return SMT_UNSAT;
  static _Thread_local pc P;
  memset(&P, 0, offsetof(pc, base));
  P.nbase = P.nalt = P.ngroups = 0;
  P.failed = false;
  P.ctx = ctx;
  P.all_vars = true;
  if (read_conjunct(&P, q, false, 0) < 0) return SMT_UNSAT;
  if (P.failed || (P.nbase == 0 && P.ngroups == 0)) return SMT_UNKNOWN;
  uint32_t combos = 1;
  for (uint32_t g = 0; g < P.ngroups; g++) {
    combos *= P.group_len[g];
    if (combos > PC_MAXCOMBO) return SMT_UNKNOWN;
  }
  pc_row rows[PC_MAXBASE + PC_MAXGROUP];
  memcpy(rows, P.base, P.nbase * sizeof *rows);
  pc_bound bd[PC_MAXC];
  /* the base alone may already be infeasible */
  if (P.ngroups > 0 && refute(&P, rows, P.nbase, bd)) return SMT_UNSAT;
  bool all_refuted = true;
  uint32_t choice[PC_MAXGROUP] = {0};
  for (uint32_t c = 0; c < combos; c++) {
    uint32_t nr = P.nbase;
    for (uint32_t g = 0; g < P.ngroups; g++) rows[nr++] = P.alt[P.group_start[g] + choice[g]];
    if (!refute(&P, rows, nr, bd)) {
      all_refuted = false;
      if (P.all_vars && find_model(&P, q, rows, nr, bd)) return SMT_SAT;
    }
    for (uint32_t g = 0; g < P.ngroups; g++) { /* next choice */
      if (++choice[g] < P.group_len[g]) break;
      choice[g] = 0;
    }
  }
  return all_refuted ? SMT_UNSAT : SMT_UNKNOWN;
}

smt_result smt_precheck_sat(smt_ctx *ctx, smt_term q) {
  double t0 = util_now();
  smt_result r = precheck(ctx, q);
  ctx->stats.precheck_calls++;
  ctx->stats.precheck_seconds += util_now() - t0;
  return r;
}
