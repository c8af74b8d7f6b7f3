/* rank_poly.c: counterexample-guided synthesis of "linear plus squares"
 * ranking steps (rank_poly.h; seed 001, Sect. 3.3). */
#include "rank_poly.h"

#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"

/* Template classes tried in turn; the last one is the unrestricted
 * template within coef_bound and needs no indicator. */
enum { LEVEL_LINEAR_SMALL = 0, LEVEL_SQUARES_SMALL = 1, LEVEL_FULL = 2 };
#define SMALL_BOUND 2

/* The search state. Unknowns of location l: unk[l*np + 0] the constant,
 * unk[l*np + 1 + i] the coefficient of x_i, unk[l*np + 1 + n + i] that of
 * x_i^2 (np = 1 + 2n); val holds the current candidate's values in the
 * same layout. */
typedef struct {
  const its_problem *p;
  smt_ctx *ctx;
  uint32_t n, np;
  smt_term *unk;
  smt_term *ind;    /* nt strict indicators */
  smt_term level[2]; /* indicators of the restricted template classes */
  smt_solver *cs;   /* coefficient solver (own instance: it keeps its assertions) */
  smt_solver *vs;   /* verification solver (own instance: its models, the counterexample
                     * points, depend only on this search, not on earlier queries) */
  mpz_t *val;
  bool *cand_strict; /* the candidate's strict set */
  mpz_t *pt_pre, *pt_post; /* a counterexample point */
  its_poly_stats *st;
  bool undecided; /* some solver answer was unknown */
} poly_search;

its_poly_opts its_poly_default_opts(void) {
  its_poly_opts o = {16, 60};
  return o;
}

static size_t nunk(const poly_search *ps) { return (size_t)ps->p->nloc * ps->np; }

/* ---- terms ------------------------------------------------------------------ */

/* f_l at the concrete point a: linear in the unknowns. */
static smt_term template_at(const poly_search *ps, uint32_t l, mpz_t *a) {
  smt_ctx *ctx = ps->ctx;
  const smt_term *u = ps->unk + (size_t)l * ps->np;
  smt_term_vec sum = {0};
  mpz_t sq;
  mpz_init(sq);
  VEC_PUSH(sum, u[0]);
  for (uint32_t i = 0; i < ps->n; i++) {
    mpz_mul(sq, a[i], a[i]);
    VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, a[i]), u[1 + i]));
    VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, sq), u[1 + ps->n + i]));
  }
  smt_term r = smt_mk_int_add(ctx, (uint32_t)sum.len, sum.data);
  mpz_clear(sq);
  VEC_FREE(sum);
  return r;
}

/* The candidate's f_l applied to the Int terms xs. */
static smt_term candidate_at(const poly_search *ps, uint32_t l, const smt_term *xs) {
  smt_ctx *ctx = ps->ctx;
  mpz_t *v = ps->val + (size_t)l * ps->np;
  smt_term_vec sum = {0};
  VEC_PUSH(sum, smt_mk_int_mpz(ctx, v[0]));
  for (uint32_t i = 0; i < ps->n; i++) {
    if (mpz_sgn(v[1 + i])) VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, v[1 + i]), xs[i]));
    if (mpz_sgn(v[1 + ps->n + i])) {
      smt_term sq = smt_mk_int_mul2(ctx, xs[i], xs[i]);
      VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, v[1 + ps->n + i]), sq));
    }
  }
  smt_term r = smt_mk_int_add(ctx, (uint32_t)sum.len, sum.data);
  VEC_FREE(sum);
  return r;
}

static smt_term abs_le(smt_ctx *ctx, smt_term x, int64_t b) {
  return smt_mk_and2(ctx, smt_mk_int_le(ctx, x, smt_mk_int(ctx, b)), smt_mk_int_ge(ctx, x, smt_mk_int(ctx, -b)));
}

/* Marks the variables the problem's control flow depends on: those in a
 * guard, and those in the update of a marked variable (backward slicing,
 * seed 001, Sect. 3.2). A function over the others cannot be bounded by a
 * guard; leaving them out shrinks the search a lot on large systems. */
static void relevant_vars(const its_problem *p, bool *rel) {
  const its *s = p->s;
  smt_term_vec vars = {0};
  for (uint32_t k = 0; k < p->nt; k++) smt_term_vars(s->ctx, s->trans.data[p->tidx[k]].guard, &vars);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t j = 0; j < vars.len; j++) {
      uint32_t i = its_var_of_term(s, vars.data[j]);
      if (i == ITS_NONE || rel[i]) continue;
      rel[i] = grew = true;
      for (uint32_t k = 0; k < p->nt; k++) {
        smt_term up = s->trans.data[p->tidx[k]].update[i];
        if (up != SMT_NULL) smt_term_vars(s->ctx, up, &vars);
      }
    }
  }
  VEC_FREE(vars);
}

/* Bounds on the non-constant coefficients: |.| <= coef_bound always, 0 for
 * irrelevant variables; the restricted classes behind their indicators. */
static void assert_bounds(poly_search *ps, uint32_t bound) {
  smt_ctx *ctx = ps->ctx;
  smt_term zero = smt_mk_int(ctx, 0);
  smt_term_vec all = {0}, small = {0}, linear = {0};
  bool *rel = xcalloc(ps->n ? ps->n : 1, sizeof *rel);
  relevant_vars(ps->p, rel);
  for (uint32_t l = 0; l < ps->p->nloc; l++)
    for (uint32_t j = 1; j < ps->np; j++) {
      smt_term u = ps->unk[(size_t)l * ps->np + j];
      if (!rel[(j - 1) % ps->n]) {
        VEC_PUSH(all, smt_mk_eq(ctx, u, zero));
        continue;
      }
      VEC_PUSH(all, abs_le(ctx, u, bound));
      VEC_PUSH(small, abs_le(ctx, u, SMALL_BOUND));
      VEC_PUSH(linear, j <= ps->n ? abs_le(ctx, u, SMALL_BOUND) : smt_mk_eq(ctx, u, zero));
    }
  smt_solver_assert(ps->cs, smt_mk_and(ctx, (uint32_t)all.len, all.data));
  smt_solver_assert(ps->cs, smt_mk_implies(ctx, ps->level[LEVEL_LINEAR_SMALL],
                                           smt_mk_and(ctx, (uint32_t)linear.len, linear.data)));
  smt_solver_assert(ps->cs, smt_mk_implies(ctx, ps->level[LEVEL_SQUARES_SMALL],
                                           smt_mk_and(ctx, (uint32_t)small.len, small.data)));
  VEC_FREE(all), VEC_FREE(small), VEC_FREE(linear);
  free(rel);
}

/* "the unknowns have the candidate's values" */
static smt_term is_candidate(const poly_search *ps) {
  smt_term_vec eqs = {0};
  for (size_t j = 0; j < nunk(ps); j++) VEC_PUSH(eqs, smt_mk_eq(ps->ctx, ps->unk[j], smt_mk_int_mpz(ps->ctx, ps->val[j])));
  smt_term r = smt_mk_and(ps->ctx, (uint32_t)eqs.len, eqs.data);
  VEC_FREE(eqs);
  return r;
}

/* ---- the loop's two halves ------------------------------------------------------ */

static void read_int(smt_ctx *ctx, smt_solver *sv, smt_term t, mpz_ptr out) {
  smt_term v = smt_solver_value(sv, t);
  if (v && smt_term_kind(ctx, v) == SMT_INT_CONST) mpz_set(out, smt_term_value(ctx, v));
  else mpz_set_ui(out, 0); /* absent from the model: any value fits */
}

/* The point (pt_pre, pt_post) lies in R_k: every condition on k holds there. */
static void add_point(poly_search *ps, uint32_t k) {
  smt_ctx *ctx = ps->ctx;
  const its_trans *tr = &ps->p->s->trans.data[ps->p->tidx[k]];
  smt_term before = template_at(ps, ps->p->lloc[tr->from], ps->pt_pre);
  smt_term after = template_at(ps, ps->p->lloc[tr->to], ps->pt_post);
  smt_term diff = smt_mk_int_sub(ctx, before, after);
  smt_solver_assert(ps->cs, smt_mk_int_ge(ctx, diff, smt_mk_int(ctx, 0)));
  smt_term strict = smt_mk_and2(ctx, smt_mk_int_ge(ctx, diff, smt_mk_int(ctx, 1)),
                                smt_mk_int_ge(ctx, before, smt_mk_int(ctx, 0)));
  smt_solver_assert(ps->cs, smt_mk_implies(ctx, ps->ind[k], strict));
  ps->st->counterexamples++;
}

/* Is "R_k and bad" satisfiable? On SAT the model's x, x' go to pt_*. */
static smt_result find_violation(poly_search *ps, uint32_t k, smt_term bad) {
  smt_ctx *ctx = ps->ctx;
  const its *s = ps->p->s;
  smt_solver *qs = ps->vs;
  ps->st->checks++;
  smt_solver_push(qs);
  smt_solver_assert(qs, smt_mk_and2(ctx, its_problem_relation(s, ps->p->tidx[k]), bad));
  smt_result r = smt_solver_check(qs, ps->p->budget);
  if (r == SMT_SAT)
    for (uint32_t i = 0; i < ps->n; i++) {
      read_int(ctx, qs, s->pre[i], ps->pt_pre[i]);
      read_int(ctx, qs, s->post[i], ps->pt_post[i]);
    }
  smt_solver_pop(qs, 1);
  if (r == SMT_UNKNOWN) ps->st->undecided++, ps->undecided = true;
  return r;
}

/* Checks the candidate on every live transition; adds a point per
 * violation and blocks what could not be decided. True when all held. */
static bool verify_candidate(poly_search *ps, const bool *live) {
  smt_ctx *ctx = ps->ctx;
  const its *s = ps->p->s;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  bool ok = true;
  for (uint32_t k = 0; k < ps->p->nt; k++) {
    if (!live[k]) continue;
    const its_trans *tr = &s->trans.data[ps->p->tidx[k]];
    smt_term before = candidate_at(ps, ps->p->lloc[tr->from], s->pre);
    smt_term after = candidate_at(ps, ps->p->lloc[tr->to], s->post);
    smt_term diff = smt_mk_int_sub(ctx, before, after);
    smt_result r = find_violation(ps, k, smt_mk_int_lt(ctx, diff, zero));
    if (r == SMT_SAT) add_point(ps, k);
    if (r == SMT_UNKNOWN) smt_solver_assert(ps->cs, smt_mk_not(ctx, is_candidate(ps)));
    if (r != SMT_UNSAT) {
      ok = false;
      continue;
    }
    if (!ps->cand_strict[k]) continue;
    r = find_violation(ps, k, smt_mk_or2(ctx, smt_mk_int_lt(ctx, diff, one), smt_mk_int_lt(ctx, before, zero)));
    if (r == SMT_SAT) add_point(ps, k);
    if (r == SMT_UNKNOWN) smt_solver_assert(ps->cs, smt_mk_not(ctx, smt_mk_and2(ctx, is_candidate(ps), ps->ind[k])));
    if (r != SMT_UNSAT) ok = false;
  }
  return ok;
}

/* Asks the coefficient solver for a candidate that makes at least one
 * transition outside fixed strict, in the lowest template class not yet
 * exhausted (*level). */
static smt_result next_candidate(poly_search *ps, const bool *live, const bool *fixed, uint32_t *level) {
  smt_ctx *ctx = ps->ctx;
  smt_term_vec pending = {0};
  for (uint32_t k = 0; k < ps->p->nt; k++)
    if (live[k] && !fixed[k]) VEC_PUSH(pending, ps->ind[k]);
  if (pending.len == 0) {
    VEC_FREE(pending);
    return SMT_UNSAT;
  }
  smt_solver_push(ps->cs);
  smt_solver_assert(ps->cs, smt_mk_or(ctx, (uint32_t)pending.len, pending.data));
  smt_result r;
  for (;;) {
    r = *level < LEVEL_FULL ? smt_solver_check_assumptions(ps->cs, 1, &ps->level[*level], ps->p->budget)
                            : smt_solver_check(ps->cs, ps->p->budget);
    if (r != SMT_UNSAT || *level == LEVEL_FULL) break;
    ++*level; /* exhausted for good: the constraints only grow */
  }
  if (r == SMT_SAT) {
    ps->st->candidates++;
    for (size_t j = 0; j < nunk(ps); j++) read_int(ctx, ps->cs, ps->unk[j], ps->val[j]);
    for (uint32_t k = 0; k < ps->p->nt; k++)
      ps->cand_strict[k] = fixed[k] || (live[k] && smt_solver_value(ps->cs, ps->ind[k]) == SMT_TRUE);
  }
  smt_solver_pop(ps->cs, 1);
  if (r == SMT_UNKNOWN) ps->undecided = true;
  VEC_FREE(pending);
  return r;
}

/* ---- entry points ------------------------------------------------------------------ */

static mpz_t *mpz_array(size_t len) {
  mpz_t *v = xmalloc((len ? len : 1) * sizeof *v);
  for (size_t i = 0; i < len; i++) mpz_init(v[i]);
  return v;
}

static void mpz_array_free(mpz_t *v, size_t len) {
  for (size_t i = 0; i < len; i++) mpz_clear(v[i]);
  free(v);
}

/* A variable private to one search: "prefix!i.j" cannot be a name of the
 * system (no '!' there) nor a fresh one (those are "prefix!N"). */
static smt_term local_var(smt_ctx *ctx, const char *prefix, uint32_t i, uint32_t j, smt_sort sort) {
  char *name = xasprintf("%s!%u.%u", prefix, i, j);
  smt_term t = smt_mk_var(ctx, name, sort);
  free(name);
  return t;
}

rank_status its_rank_poly_opts(const its_problem *p, const its_poly_opts *opts, its_rank_step **out,
                               its_poly_stats *stats) {
  its_poly_stats dummy;
  if (!stats) {
    memset(&dummy, 0, sizeof dummy);
    stats = &dummy;
  }
  its_poly_opts defaults = its_poly_default_opts();
  if (!opts) opts = &defaults;
  stats->calls++;
  *out = NULL;
  smt_ctx *ctx = p->s->ctx;
  uint32_t nt = p->nt;
  poly_search ps = {.p = p, .ctx = ctx, .n = p->s->nvars, .st = stats};
  ps.np = 1 + 2 * ps.n;

  /* vacuous transitions are strict for free */
  bool *live = xcalloc(nt ? nt : 1, sizeof *live), *fixed = xcalloc(nt ? nt : 1, sizeof *fixed);
  bool any_live = false, any_vacuous = false;
  for (uint32_t k = 0; k < nt; k++) {
    live[k] = smt_is_sat(ctx, p->budget, its_problem_relation(p->s, p->tidx[k])) != SMT_UNSAT;
    any_live |= live[k];
    if (!live[k]) any_vacuous = true, stats->vacuous++;
  }

  /* The unknowns live only in this call's solver: named by their position
   * (not by the context's fresh counter), so the search, whose candidates
   * are the solver's models, does not depend on what ran before it. */
  ps.unk = xmalloc((nunk(&ps) ? nunk(&ps) : 1) * sizeof *ps.unk);
  for (uint32_t l = 0; l < p->nloc; l++)
    for (uint32_t j = 0; j < ps.np; j++)
      ps.unk[(size_t)l * ps.np + j] = local_var(ctx, j == 0 ? "rk.pc" : "rk.pd", l, j, SMT_SORT_INT);
  ps.ind = xmalloc((nt ? nt : 1) * sizeof *ps.ind);
  for (uint32_t k = 0; k < nt; k++) ps.ind[k] = local_var(ctx, "rk.pb", k, 0, SMT_SORT_BOOL);
  ps.level[0] = local_var(ctx, "rk.pv", 0, 0, SMT_SORT_BOOL);
  ps.level[1] = local_var(ctx, "rk.pv", 1, 0, SMT_SORT_BOOL);
  ps.val = mpz_array(nunk(&ps));
  ps.pt_pre = mpz_array(ps.n);
  ps.pt_post = mpz_array(ps.n);
  ps.cand_strict = xcalloc(nt ? nt : 1, sizeof *ps.cand_strict);
  ps.cs = smt_solver_new(ctx, SMT_BACKEND_Z3);
  ps.vs = smt_solver_new(ctx, SMT_BACKEND_Z3);
  assert_bounds(&ps, opts->coef_bound < SMALL_BOUND ? SMALL_BOUND : opts->coef_bound);

  /* best: the last verified candidate (terms over s->pre) */
  its_rank_step *best = NULL;
  uint32_t level = LEVEL_LINEAR_SMALL;
  bool exhausted = !any_live; /* the coefficient solver ran out of candidates */
  for (uint32_t round = 0; any_live && round < opts->max_candidates; round++) {
    smt_result r = next_candidate(&ps, live, fixed, &level);
    exhausted = r == SMT_UNSAT;
    if (r != SMT_SAT) break;
    if (!verify_candidate(&ps, live)) continue;
    its_rank_step_free(best);
    best = its_rank_step_new(p->nloc, nt, "polynomial");
    for (uint32_t l = 0; l < p->nloc; l++) best->f[l] = candidate_at(&ps, l, p->s->pre);
    for (uint32_t k = 0; k < nt; k++) {
      if (ps.cand_strict[k] && !fixed[k]) smt_solver_assert(ps.cs, ps.ind[k]);
      fixed[k] = ps.cand_strict[k];
    }
  }
  if (!best && any_vacuous) { /* f = 0 never increases; only the vacuous ones strict */
    best = its_rank_step_new(p->nloc, nt, "polynomial");
    for (uint32_t l = 0; l < p->nloc; l++) best->f[l] = smt_mk_int(ctx, 0);
  }
  if (best)
    for (uint32_t k = 0; k < nt; k++) best->strict[k] = fixed[k] || !live[k];

  /* out of rounds, or a check undecided on the way: we do not know */
  rank_status st = best ? RANK_FOUND : exhausted && !ps.undecided ? RANK_NONE : RANK_UNKNOWN;
  if (best) {
    smt_answer a = its_check_step(p, best);
    if (a != SMT_YES) {
      stats->check_failed++;
      if (a == SMT_NO) {
        strbuf b = {0};
        its_print_functions(p, best->f, &b);
        fprintf(stderr,
                "bitprove: rank_poly: INTERNAL: a verified polynomial ranking step was refuted by "
                "its_check_step; treated as none found:\n  %s\n",
                b.data ? b.data : "");
        strbuf_free(&b);
      }
      its_rank_step_free(best);
      best = NULL;
      st = a == SMT_NO ? RANK_NONE : RANK_UNKNOWN;
    }
  }
  *out = best;
  if (st == RANK_FOUND) stats->found++;
  else if (st == RANK_NONE) stats->none++;
  else stats->unknown++;

  smt_solver_free(ps.cs);
  smt_solver_free(ps.vs);
  free(ps.cand_strict);
  mpz_array_free(ps.pt_post, ps.n);
  mpz_array_free(ps.pt_pre, ps.n);
  mpz_array_free(ps.val, nunk(&ps));
  free(ps.ind);
  free(ps.unk);
  free(fixed);
  free(live);
  return st;
}

rank_status its_rank_poly(const its_problem *p, its_rank_step **out) {
  return its_rank_poly_opts(p, NULL, out, NULL);
}

void its_poly_stats_print(const its_poly_stats *st, FILE *out) {
  fprintf(out,
          "poly: calls %llu, candidates %llu, checks %llu, counterexamples %llu, undecided %llu, vacuous %llu, "
          "found %llu, none %llu, unknown %llu, check failed %llu\n",
          (unsigned long long)st->calls, (unsigned long long)st->candidates, (unsigned long long)st->checks,
          (unsigned long long)st->counterexamples, (unsigned long long)st->undecided,
          (unsigned long long)st->vacuous, (unsigned long long)st->found, (unsigned long long)st->none,
          (unsigned long long)st->unknown, (unsigned long long)st->check_failed);
}
