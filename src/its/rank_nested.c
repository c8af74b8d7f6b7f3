/* rank_nested.c: Farkas-based synthesis of nested ranking functions
 * (rank_nested.h). */
#include "rank_nested.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "abstract.h"
#include "farkas.h"

/* Unknown coefficient j (0 = constant, 1 + i = x_i) of f^{i+1}_l. */
typedef struct {
  uint32_t nloc, np; /* np = nvars + 1 */
  smt_term *c;
} coef_table;

static smt_term *coef_at(const coef_table *t, uint32_t level, uint32_t l) {
  assert(l < t->nloc);
  return t->c + ((size_t)level * t->nloc + l) * t->np;
}

/* Asserts the Farkas constraints of the nested conditions of depth d for
 * transition k (lf -> lt) of the abstraction. */
static void assert_transition(smt_ctx *ctx, smt_solver *sv, const lin_scc *scc, uint32_t k, const coef_table *t,
                              uint32_t d) {
  const lin_trans *tr = &scc->trans.data[k];
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  assert(d >= 1 && t->np == n + 1); /* a nested function has a level; one coefficient per variable and a constant */
  smt_term *u = xmalloc(w * sizeof *u);
  smt_term_vec conj = {0};
  for (uint32_t i = 0; i < d; i++) {
    const smt_term *cf = coef_at(t, i, tr->from), *ct = coef_at(t, i, tr->to);
    const smt_term *prev = i > 0 ? coef_at(t, i - 1, tr->from) : NULL;
    for (uint32_t j = 0; j < w; j++) u[j] = SMT_NULL;
    /* f^i_from(x) - f^i_to(x') (+ f^{i-1}_from(x)) >= 1 */
    for (uint32_t j = 0; j < n; j++) {
      u[j] = prev ? smt_mk_int_add2(ctx, cf[j + 1], prev[j + 1]) : cf[j + 1];
      u[n + j] = smt_mk_int_neg(ctx, ct[j + 1]);
    }
    smt_term u0 = smt_mk_int_sub(ctx, cf[0], ct[0]);
    if (prev) u0 = smt_mk_int_add2(ctx, u0, prev[0]);
    its_farkas(ctx, scc, k, u, u0, 1, &conj);
  }
  /* f^d_from(x) >= 0 */
  const smt_term *last = coef_at(t, d - 1, tr->from);
  for (uint32_t j = 0; j < w; j++) u[j] = SMT_NULL;
  for (uint32_t j = 0; j < n; j++) u[j] = last[j + 1];
  its_farkas(ctx, scc, k, u, last[0], 0, &conj);
  smt_solver_assert(sv, smt_mk_and(ctx, (uint32_t)conj.len, conj.data));
  VEC_FREE(conj);
  free(u);
}

/* One solver query for depth d. RANK_FOUND: *out holds the candidate
 * (not yet checked). */
static rank_status try_depth(const its_problem *p, const lin_scc *scc, const bool *live, uint32_t d,
                             its_nested **out) {
  smt_ctx *ctx = p->s->ctx;
  uint32_t n = scc->nvars;
  coef_table t = {p->nloc, n + 1, NULL};
  size_t nc = (size_t)d * p->nloc * t.np;
  t.c = xmalloc((nc ? nc : 1) * sizeof *t.c);
  for (size_t i = 0; i < nc; i++) t.c[i] = smt_mk_fresh(ctx, "rk.c", SMT_SORT_INT);
  smt_solver *sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
  for (uint32_t k = 0; k < p->nt; k++)
    if (live[k]) assert_transition(ctx, sv, scc, k, &t, d);
  smt_result r = smt_solver_check(sv, p->budget);
  rank_status st = r == SMT_SAT ? RANK_FOUND : r == SMT_UNSAT ? RANK_NONE : RANK_UNKNOWN;
  if (st == RANK_FOUND) {
    its_nested *nf = its_nested_new(d, p->nloc, "nested");
    mpz_t *val = xmalloc((nc ? nc : 1) * sizeof *val);
    for (size_t i = 0; i < nc; i++) mpz_init(val[i]);
    its_farkas_model(ctx, sv, false, t.c, nc, val); /* 0 where the model has none: the check judges */
    for (uint32_t i = 0; i < d; i++)
      for (uint32_t l = 0; l < p->nloc; l++)
        nf->f[i * p->nloc + l] = its_affine_term(ctx, val + ((size_t)i * p->nloc + l) * t.np, n, p->s->pre);
    for (size_t i = 0; i < nc; i++) mpz_clear(val[i]);
    free(val);
    *out = nf;
  }
  smt_solver_free(sv);
  free(t.c);
  return st;
}

rank_status its_rank_nested_counted(const its_problem *p, uint32_t max_depth, its_nested **out,
                                    its_nested_stats *stats) {
  its_nested_stats dummy;
  if (!stats) {
    memset(&dummy, 0, sizeof dummy);
    stats = &dummy;
  }
  stats->calls++;
  *out = NULL;
  smt_ctx *ctx = p->s->ctx;
  bool *live = xcalloc(p->nt ? p->nt : 1, sizeof *live);
  for (uint32_t k = 0; k < p->nt; k++) {
    live[k] = smt_is_sat(ctx, p->budget, its_problem_relation(p->s, p->tidx[k])) != SMT_UNSAT;
    if (!live[k]) stats->vacuous++;
  }
  lin_scc *scc = its_abstract_problem(p, NULL);
  rank_status st = RANK_NONE;
  its_nested *cand = NULL;
  for (uint32_t d = 1; d <= max_depth && st == RANK_NONE; d++) {
    stats->solver_checks++;
    st = try_depth(p, scc, live, d, &cand);
  }
  if (st == RANK_FOUND) {
    smt_answer a = its_accept_nested(p, cand, "rank_nested");
    if (a == SMT_YES) {
      *out = cand;
      stats->depth_sum += cand->depth;
    } else {
      stats->check_failed++;
      st = a == SMT_NO ? RANK_NONE : RANK_UNKNOWN;
    }
  }
  if (st == RANK_FOUND) stats->found++;
  else if (st == RANK_NONE) stats->none++;
  else stats->unknown++;
  lin_scc_free(scc);
  free(live);
  return st;
}

rank_status its_rank_nested(const its_problem *p, uint32_t max_depth, its_nested **out) {
  return its_rank_nested_counted(p, max_depth, out, NULL);
}

void its_nested_stats_print(const its_nested_stats *st, FILE *out) {
  fprintf(out,
          "nested: calls %llu, solver checks %llu, vacuous %llu, found %llu, none %llu, unknown %llu, "
          "check failed %llu, depth sum %llu\n",
          (unsigned long long)st->calls, (unsigned long long)st->solver_checks, (unsigned long long)st->vacuous,
          (unsigned long long)st->found, (unsigned long long)st->none, (unsigned long long)st->unknown,
          (unsigned long long)st->check_failed, (unsigned long long)st->depth_sum);
}
