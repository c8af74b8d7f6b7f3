/* abstract.c: the linear over-approximation of ITS transitions (abstract.h). */
#include "abstract.h"

#include <assert.h>
#include <stdlib.h>

#include "../smt/smt.h"
#include "transform.h"

/* ---- linear abstraction --------------------------------------------------- */

/* vec (w + 1 entries: pre, post, temporaries, constant) += mult * t. False
 * when t is not linear over pre-state variables and the temporaries of tr
 * (vec is then partly modified; callers discard it). */
static bool linearize(const its *s, const its_trans *tr, smt_term t, mpz_srcptr mult, mpz_t *vec, uint32_t w,
                      uint32_t depth) {
  smt_ctx *ctx = s->ctx;
  if (depth > 200 || !smt_sort_is_int(smt_term_sort(ctx, t))) return false;
  uint32_t n = s->nvars, na = smt_term_nargs(ctx, t);
  switch (smt_term_kind(ctx, t)) {
  case SMT_INT_CONST:
    mpz_addmul(vec[w], mult, smt_term_value(ctx, t));
    return true;
  case SMT_VAR: {
    uint32_t i = its_var_of_term(s, t);
    if (i != ITS_NONE) {
      mpz_add(vec[i], vec[i], mult);
      return true;
    }
    for (uint32_t j = 0; j < tr->ntemps; j++)
      if (tr->temps[j] == t) {
        mpz_add(vec[2 * n + j], vec[2 * n + j], mult);
        return true;
      }
    return false; /* a post-state variable or a stranger */
  }
  case SMT_INT_ADD:
    for (uint32_t a = 0; a < na; a++)
      if (!linearize(s, tr, smt_term_arg(ctx, t, a), mult, vec, w, depth + 1)) return false;
    return true;
  case SMT_INT_SUB:
  case SMT_INT_NEG: {
    mpz_t neg;
    mpz_init(neg);
    mpz_neg(neg, mult);
    bool ok = true;
    for (uint32_t a = 0; a < na && ok; a++)
      ok = linearize(s, tr, smt_term_arg(ctx, t, a), (a == 0 && na > 1) ? mult : neg, vec, w, depth + 1);
    mpz_clear(neg);
    return ok;
  }
  case SMT_INT_MUL: {
    mpz_t m;
    mpz_init_set(m, mult);
    smt_term other = SMT_NULL;
    bool ok = true;
    for (uint32_t a = 0; a < na && ok; a++) {
      smt_term x = smt_term_arg(ctx, t, a);
      if (smt_term_kind(ctx, x) == SMT_INT_CONST)
        mpz_mul(m, m, smt_term_value(ctx, x));
      else if (other == SMT_NULL)
        other = x;
      else
        ok = false; /* a product of two non-constants */
    }
    if (ok) {
      if (other == SMT_NULL)
        mpz_add(vec[w], vec[w], m);
      else
        ok = linearize(s, tr, other, m, vec, w, depth + 1);
    }
    mpz_clear(m);
    return ok;
  }
  default:
    return false; /* ite, div, mod, conversions: not linear */
  }
}

static mpz_t *vec_new(uint32_t len) {
  mpz_t *v = xmalloc(len * sizeof *v);
  for (uint32_t i = 0; i < len; i++) mpz_init(v[i]);
  return v;
}
static void vec_free(mpz_t *v, uint32_t len) {
  for (uint32_t i = 0; i < len; i++) mpz_clear(v[i]);
  free(v);
}

/* Adds "a REL b" (kind an Int comparison or Int equality) to lin transition
 * k, exactly over Z; false (nothing added) when a or b is not linear. */
static bool add_cmp(const its *s, const its_trans *tr, lin_scc *scc, uint32_t k, smt_kind kind, smt_term a,
                    smt_term b) {
  uint32_t w = 2 * s->nvars + tr->ntemps;
  mpz_t *v = vec_new(w + 1);
  mpz_t one, mone;
  mpz_init_set_si(one, 1);
  mpz_init_set_si(mone, -1);
  smt_term lhs = a, rhs = b; /* lhs - rhs (+1) <= 0 */
  if (kind == SMT_INT_GE || kind == SMT_INT_GT) lhs = b, rhs = a;
  bool ok = linearize(s, tr, lhs, one, v, w, 0) && linearize(s, tr, rhs, mone, v, w, 0);
  if (ok) {
    if (kind == SMT_INT_LT || kind == SMT_INT_GT) mpz_add_ui(v[w], v[w], 1);
    mpz_srcptr *coef = xmalloc((w + 1) * sizeof *coef);
    for (uint32_t i = 0; i <= w; i++) coef[i] = v[i];
    lin_trans_add_atom(scc, k, kind == SMT_EQ ? LIN_EQ : LIN_LE, coef);
    free(coef);
  }
  mpz_clear(one);
  mpz_clear(mone);
  vec_free(v, w + 1);
  return ok;
}

static bool is_cmp(smt_kind k) { return k == SMT_INT_LE || k == SMT_INT_LT || k == SMT_INT_GE || k == SMT_INT_GT; }

/* Adds the linear atoms of guard conjunct c; drops (and counts) the rest. */
static void add_conjunct(const its *s, const its_trans *tr, lin_scc *scc, uint32_t k, smt_term c, its_abs_stats *st,
                         uint32_t depth) {
  smt_ctx *ctx = s->ctx;
  smt_kind kind = smt_term_kind(ctx, c);
  if (c == SMT_TRUE) return;
  if (c == SMT_FALSE) { /* the relation is empty: 1 <= 0, exact */
    uint32_t w = 2 * s->nvars + tr->ntemps;
    mpz_t *v = vec_new(w + 1);
    mpz_set_ui(v[w], 1);
    mpz_srcptr *coef = xmalloc((w + 1) * sizeof *coef);
    for (uint32_t i = 0; i <= w; i++) coef[i] = v[i];
    lin_trans_add_atom(scc, k, LIN_LE, coef);
    free(coef);
    vec_free(v, w + 1);
    return;
  }
  if (kind == SMT_AND && depth < 100) {
    for (uint32_t a = 0; a < smt_term_nargs(ctx, c); a++)
      add_conjunct(s, tr, scc, k, smt_term_arg(ctx, c, a), st, depth + 1);
    return;
  }
  bool ok = false;
  if (is_cmp(kind)) {
    ok = add_cmp(s, tr, scc, k, kind, smt_term_arg(ctx, c, 0), smt_term_arg(ctx, c, 1));
  } else if (kind == SMT_EQ && smt_sort_is_int(smt_term_sort(ctx, smt_term_arg(ctx, c, 0)))) {
    ok = add_cmp(s, tr, scc, k, SMT_EQ, smt_term_arg(ctx, c, 0), smt_term_arg(ctx, c, 1));
  } else if (kind == SMT_NOT) {
    smt_term d = smt_term_arg(ctx, c, 0);
    smt_kind dk = smt_term_kind(ctx, d);
    if (is_cmp(dk)) {
      /* not(a <= b) = a > b, not(a < b) = a >= b, and so on */
      smt_kind neg = dk == SMT_INT_LE ? SMT_INT_GT : dk == SMT_INT_LT ? SMT_INT_GE : dk == SMT_INT_GE ? SMT_INT_LT : SMT_INT_LE;
      ok = add_cmp(s, tr, scc, k, neg, smt_term_arg(ctx, d, 0), smt_term_arg(ctx, d, 1));
    }
  }
  if (!ok) st->dropped_conjuncts++;
}

/* Appends the abstraction of ITS transition ti as a transition of scc
 * between local locations lf -> lt. */
void its_abstract_trans(const its *s, uint32_t ti, lin_scc *scc, uint32_t lf, uint32_t lt, its_abs_stats *st) {
  its_abs_stats dummy = {0, 0};
  if (!st) st = &dummy;
  assert(ti < s->trans.len && scc->nvars == s->nvars); /* the abstraction keeps the ITS's variables */
  const its_trans *tr = &s->trans.data[ti];
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars, w = 2 * n + tr->ntemps;
  uint32_t k = lin_scc_add_trans(scc, lf, lt, tr->ntemps);
  add_conjunct(s, tr, scc, k, smt_simplify(ctx, tr->guard), st, 0);
  mpz_t mone;
  mpz_init_set_si(mone, -1);
  for (uint32_t i = 0; i < n; i++) {
    if (tr->update[i] == SMT_NULL) continue; /* x' free */
    mpz_t *v = vec_new(w + 1);
    if (linearize(s, tr, smt_simplify(ctx, tr->update[i]), mone, v, w, 0)) {
      mpz_add_ui(v[n + i], v[n + i], 1); /* x'_i - e = 0 */
      mpz_srcptr *coef = xmalloc((w + 1) * sizeof *coef);
      for (uint32_t j = 0; j <= w; j++) coef[j] = v[j];
      lin_trans_add_atom(scc, k, LIN_EQ, coef);
      free(coef);
    } else {
      st->free_updates++;
    }
    vec_free(v, w + 1);
  }
  mpz_clear(mone);
}


lin_scc *its_abstract_problem(const its_problem *p, its_abs_stats *stats) {
  const its *s = p->s;
  const char **lnames = xmalloc((p->nloc ? p->nloc : 1) * sizeof *lnames);
  for (uint32_t l = 0; l < p->nloc; l++) lnames[l] = s->loc_names[p->locs[l]];
  lin_scc *scc = lin_scc_new(s->nvars, (const char *const *)s->var_names, p->nloc, lnames);
  free(lnames);
  for (uint32_t k = 0; k < p->nt; k++) {
    const its_trans *tr = &s->trans.data[p->tidx[k]];
    assert(p->lloc[tr->from] < p->nloc && p->lloc[tr->to] < p->nloc); /* a problem's transitions stay inside it */
    its_abstract_trans(s, p->tidx[k], scc, p->lloc[tr->from], p->lloc[tr->to], stats);
  }
  return scc;
}

/* ---- slicing per problem ------------------------------------------------ */

/* A bound of one variable by a constant of at least 2^15: a type's range
 * (-2^31 <= x, x <= 2^31 - 1) rather than a condition of the program. */
static bool is_range_atom(const lin_atom *at, uint32_t w) {
  if (at->rel != LIN_LE || mpz_sizeinbase(at->a[w], 2) < 16) return false;
  uint32_t nz = 0;
  for (uint32_t i = 0; i < w; i++) nz += mpz_sgn(at->a[i]) != 0;
  return nz == 1;
}

lin_scc *its_abstract_problem_sliced(const its_problem *p, its_abs_stats *stats, bool drop_ranges, u32_vec *vars) {
  lin_scc *full = its_abstract_problem(p, stats);
  uint32_t n = full->nvars;
  /* the variables the problem's guards can depend on (its_relevant_vars,
   * per SCC): every other one influences no guard of the problem, so
   * dropping what the relation says about it only over-approximates, and an
   * infinite run of the problem projects to one over these variables */
  bool *rel = its_relevant_vars(p->s, p->tidx, p->nt);
  vars->len = 0;
  for (uint32_t i = 0; i < n; i++)
    if (rel[i]) VEC_PUSH(*vars, i);
  uint32_t m = (uint32_t)vars->len;
  const char **vnames = xmalloc((m ? m : 1) * sizeof *vnames);
  for (uint32_t j = 0; j < m; j++) vnames[j] = full->var_names[vars->data[j]];
  lin_scc *out = lin_scc_new(m, vnames, full->nlocs, (const char *const *)full->loc_names);
  free(vnames);
  for (uint32_t k = 0; k < (uint32_t)full->trans.len; k++) {
    const lin_trans *t = &full->trans.data[k];
    uint32_t nk = lin_scc_add_trans(out, t->from, t->to, t->ntemps);
    uint32_t w = 2 * m + t->ntemps;
    mpz_srcptr *coef = xmalloc((w + 1) * sizeof *coef);
    for (size_t a = 0; a < t->atoms.len; a++) {
      const lin_atom *at = &t->atoms.data[a];
      bool mentions_dropped = false;
      for (uint32_t i = 0; i < n && !mentions_dropped; i++)
        mentions_dropped = !rel[i] && (mpz_sgn(at->a[i]) || mpz_sgn(at->a[n + i]));
      if (mentions_dropped) continue; /* dropping an atom over-approximates */
      if (drop_ranges && is_range_atom(at, 2 * n + t->ntemps)) continue;
      for (uint32_t j = 0; j < m; j++) {
        coef[j] = at->a[vars->data[j]];
        coef[m + j] = at->a[n + vars->data[j]];
      }
      for (uint32_t j = 0; j < t->ntemps; j++) coef[2 * m + j] = at->a[2 * n + j];
      coef[w] = at->a[2 * n + t->ntemps];
      lin_trans_add_atom(out, nk, at->rel, coef);
    }
    free(coef);
  }
  free(rel);
  lin_scc_free(full);
  return out;
}
