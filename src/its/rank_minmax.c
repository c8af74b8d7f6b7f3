/* rank_minmax.c: min / max of two affine functions as ranking functions
 * (rank_minmax.h). */
#include "rank_minmax.h"

#include <assert.h>
#include <stdlib.h>

#include "../smt/smt.h"
#include "abstract.h"
#include "farkas.h"

/* The Farkas certificate (one conjunction) of
 * "R#_k => a_from(x) - b_to(x') >= delta", a and b coefficient rows
 * (constant first) of the from and to locations. */
static smt_term decrease(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *a, const smt_term *b,
                         int delta) {
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  smt_term *u = xmalloc(w * sizeof *u);
  for (uint32_t j = 0; j < w; j++) u[j] = SMT_NULL;
  for (uint32_t j = 0; j < n; j++) u[j] = a[j + 1], u[n + j] = smt_mk_int_neg(ctx, b[j + 1]);
  smt_term_vec conj = {0};
  its_farkas(ctx, scc, k, u, smt_mk_int_sub(ctx, a[0], b[0]), delta, &conj);
  smt_term r = smt_mk_and(ctx, (uint32_t)conj.len, conj.data);
  VEC_FREE(conj);
  free(u);
  return r;
}

/* "R#_k => a_from(x) >= 0". */
static smt_term bounded(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *a) {
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  smt_term *u = xmalloc(w * sizeof *u);
  for (uint32_t j = 0; j < w; j++) u[j] = j < n ? a[j + 1] : SMT_NULL;
  smt_term_vec conj = {0};
  its_farkas(ctx, scc, k, u, a[0], 0, &conj);
  smt_term r = smt_mk_and(ctx, (uint32_t)conj.len, conj.data);
  VEC_FREE(conj);
  free(u);
  return r;
}

/* f >= f' - delta... for transition k, by the template (header). */
static smt_term step_condition(smt_ctx *ctx, const lin_scc *scc, uint32_t k, smt_term *const comp[2][2],
                               bool is_min, int delta) {
  /* comp[c][0]: component c at the from location, comp[c][1] at the to location */
  smt_term each[2];
  for (int i = 0; i < 2; i++) {
    smt_term alt[2];
    for (int j = 0; j < 2; j++)
      alt[j] = is_min ? decrease(ctx, scc, k, comp[i][0], comp[j][1], delta)
                      : decrease(ctx, scc, k, comp[j][0], comp[i][1], delta);
    each[i] = smt_mk_or2(ctx, alt[0], alt[1]);
  }
  return smt_mk_and2(ctx, each[0], each[1]);
}

static rank_status try_template(const its_problem *p, const lin_scc *scc, const uint32_t *vars, bool is_min,
                                its_rank_step **out) {
  smt_ctx *ctx = p->s->ctx;
  uint32_t n = scc->nvars, np = n + 1;
  size_t per = (size_t)p->nloc * np;
  /* both components of every location in one array (component i at
   * c[i]): one model read, one common scale */
  size_t nall = 2 * per + 1; /* + 1: never a zero-byte allocation */
  smt_term *all = xmalloc(nall * sizeof *all);
  for (size_t j = 0; j < 2 * per; j++) all[j] = smt_mk_fresh(ctx, "rk.c", SMT_SORT_INT);
  smt_term *c[2] = {all, all + per};
  smt_term *strict = xmalloc((p->nt ? p->nt : 1) * sizeof *strict);
  smt_solver *sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
  bool relaxed = smt_z3_relax_ints(sv); /* simplex, not branch and bound (farkas.h) */
  for (uint32_t k = 0; k < p->nt; k++) {
    const lin_trans *tr = &scc->trans.data[k];
    smt_term *comp[2][2] = {{c[0] + (size_t)tr->from * np, c[0] + (size_t)tr->to * np},
                            {c[1] + (size_t)tr->from * np, c[1] + (size_t)tr->to * np}};
    strict[k] = smt_mk_fresh(ctx, "rk.b", SMT_SORT_BOOL);
    smt_term weak = step_condition(ctx, scc, k, comp, is_min, 0);
    smt_term strong = step_condition(ctx, scc, k, comp, is_min, 1);
    smt_term b0 = bounded(ctx, scc, k, comp[0][0]), b1 = bounded(ctx, scc, k, comp[1][0]);
    strong = smt_mk_and2(ctx, strong, is_min ? smt_mk_and2(ctx, b0, b1) : smt_mk_or2(ctx, b0, b1));
    smt_solver_assert(sv, smt_mk_ite(ctx, strict[k], strong, weak));
  }
  smt_solver_assert(sv, smt_mk_or(ctx, p->nt, strict));
  /* the template is a bet: a query the solver does not settle quickly
   * (disjunctions of Farkas certificates) is given up, and the time goes
   * to the techniques after it */
  budget b = budget_queries(p->budget, p->budget.query_ms && p->budget.query_ms < MINMAX_QUERY_MS ? p->budget.query_ms
                                                                                                 : MINMAX_QUERY_MS);
  smt_result r = smt_solver_check(sv, b);
  rank_status st = r == SMT_SAT ? RANK_FOUND : r == SMT_UNSAT ? RANK_NONE : RANK_UNKNOWN;
  if (st == RANK_FOUND) {
    its_rank_step *step = its_rank_step_new(p->nloc, p->nt, is_min ? "min" : "max");
    mpz_t *val = xmalloc(nall * sizeof *val);
    for (size_t j = 0; j < 2 * per; j++) mpz_init(val[j]);
    its_farkas_model(ctx, sv, relaxed, all, 2 * per, val);
    smt_term *xs = xmalloc((n ? n : 1) * sizeof *xs); /* variable j of the abstraction is ITS variable vars[j] */
    for (uint32_t j = 0; j < n; j++) xs[j] = p->s->pre[vars[j]];
    for (uint32_t l = 0; l < p->nloc; l++) {
      smt_term g = its_affine_term(ctx, val + (size_t)l * np, n, xs);
      smt_term h = its_affine_term(ctx, val + per + (size_t)l * np, n, xs);
      smt_term g_first = is_min ? smt_mk_int_le(ctx, g, h) : smt_mk_int_ge(ctx, g, h);
      step->f[l] = smt_mk_ite(ctx, g_first, g, h);
    }
    free(xs);
    for (size_t j = 0; j < 2 * per; j++) mpz_clear(val[j]);
    free(val);
    for (uint32_t k = 0; k < p->nt; k++) step->strict[k] = smt_solver_value(sv, strict[k]) == SMT_TRUE;
    *out = step;
  }
  smt_solver_free(sv);
  free(strict);
  free(all);
  return st;
}

rank_status its_rank_minmax(const its_problem *p, its_rank_step **out) {
  *out = NULL;
  if (p->nt == 0 || p->nt > MINMAX_MAX_TRANS) return RANK_NONE;
  u32_vec vars = {0};
  lin_scc *scc = its_abstract_problem_sliced(p, NULL, false, &vars);
  assert(scc->trans.len == p->nt); /* transition k of the abstraction is the problem's k-th */
  rank_status st = RANK_NONE;
  for (int kind = 0; kind < 2 && st != RANK_FOUND; kind++) {
    its_rank_step *step = NULL;
    rank_status r = try_template(p, scc, vars.data, kind == 0, &step);
    if (r == RANK_FOUND) {
      smt_answer a = its_check_step(p, step);
      if (a == SMT_YES) {
        *out = step;
        st = RANK_FOUND;
        break;
      }
      its_rank_step_free(step);
      r = a == SMT_NO ? RANK_NONE : RANK_UNKNOWN;
    }
    if (r == RANK_UNKNOWN) st = RANK_UNKNOWN;
  }
  lin_scc_free(scc);
  VEC_FREE(vars);
  return st;
}
