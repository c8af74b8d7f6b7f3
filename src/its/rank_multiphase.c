/* rank_multiphase.c: phase-by-phase synthesis of multiphase ranking
 * functions (rank_multiphase.h). */
#include "rank_multiphase.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "abstract.h"
#include "farkas.h"

/* One phase: nloc * (nvars + 1) coefficients, location l's constant at
 * [l * np], its coefficient of x_j at [l * np + 1 + j]. */
typedef struct {
  uint32_t nloc, np;
  mpz_t *c;
} phase;

static void phase_init(phase *f, uint32_t nloc, uint32_t np) {
  f->nloc = nloc, f->np = np;
  size_t len = (size_t)nloc * np;
  f->c = xmalloc((len ? len : 1) * sizeof *f->c);
  for (size_t i = 0; i < (size_t)nloc * np; i++) mpz_init(f->c[i]);
}

static void phase_clear(phase *f) {
  for (size_t i = 0; i < (size_t)f->nloc * f->np; i++) mpz_clear(f->c[i]);
  free(f->c);
}

/* One query: a function that falls by >= 1 on every live transition of
 * scc (and is >= 0 there too when bounded). With latest[k] != UINT32_MAX,
 * the decrease must use atom latest[k] of transition k (the previous
 * phase's restriction) somewhere: its Farkas multipliers sum to >= 1
 * (enough, as the unknowns scale). Without that the previous phase itself
 * would do again, and the phases would never progress. RANK_FOUND: *f
 * holds the function. */
static rank_status find_phase(const its_problem *p, const lin_scc *scc, const bool *live, const uint32_t *latest,
                              bool bounded, phase *f) {
  smt_ctx *ctx = p->s->ctx;
  uint32_t n = scc->nvars, np = n + 1;
  assert(f->nloc == p->nloc && f->np == np); /* one function per location of the problem */
  size_t nc = (size_t)p->nloc * np;
  smt_term *c = xmalloc((nc ? nc : 1) * sizeof *c);
  for (size_t i = 0; i < nc; i++) c[i] = smt_mk_fresh(ctx, "rk.c", SMT_SORT_INT);
  smt_solver *sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
  bool relaxed = smt_z3_relax_ints(sv); /* simplex, not branch and bound (farkas.h) */
  smt_term_vec conj = {0}, used = {0};
  for (uint32_t k = 0; k < scc->trans.len; k++) {
    if (!live[k]) continue;
    const lin_trans *tr = &scc->trans.data[k];
    const smt_term *cf = c + (size_t)tr->from * np, *ct = c + (size_t)tr->to * np;
    uint32_t w = lin_trans_width(scc, k);
    smt_term *u = xmalloc(w * sizeof *u);
    smt_term *lam = xmalloc((tr->atoms.len ? tr->atoms.len : 1) * sizeof *lam);
    for (uint32_t j = 0; j < w; j++) u[j] = SMT_NULL;
    for (uint32_t j = 0; j < n; j++) u[j] = cf[j + 1], u[n + j] = smt_mk_int_neg(ctx, ct[j + 1]);
    /* f_from(x) - f_to(x') >= 1 */
    its_farkas_multipliers(ctx, scc, k, u, smt_mk_int_sub(ctx, cf[0], ct[0]), 1, &conj, lam);
    if (latest && latest[k] != UINT32_MAX) {
      assert(latest[k] < tr->atoms.len);
      VEC_PUSH(used, lam[latest[k]]);
    }
    if (bounded) {
      for (uint32_t j = 0; j < w; j++) u[j] = j < n ? cf[j + 1] : SMT_NULL;
      its_farkas(ctx, scc, k, u, cf[0], 0, &conj); /* f_from(x) >= 0 */
    }
    free(lam);
    free(u);
  }
  if (used.len) VEC_PUSH(conj, smt_mk_int_ge(ctx, smt_mk_int_add(ctx, (uint32_t)used.len, used.data), smt_mk_int(ctx, 1)));
  VEC_FREE(used);
  smt_solver_assert(sv, smt_mk_and(ctx, (uint32_t)conj.len, conj.data));
  VEC_FREE(conj);
  smt_result r = smt_solver_check(sv, p->budget);
  rank_status st = r == SMT_SAT ? RANK_FOUND : r == SMT_UNSAT ? RANK_NONE : RANK_UNKNOWN;
  if (st == RANK_FOUND) its_farkas_model(ctx, sv, relaxed, c, nc, f->c);
  smt_solver_free(sv);
  free(c);
  return st;
}

/* Moves f's constants so that the smallest is MULTIPHASE_SHIFT, keeping
 * their differences (which the decrease between locations depends on). */
static void raise_constants(phase *f) {
  if (!f->nloc) return;
  mpz_t lo;
  mpz_init_set(lo, f->c[0]);
  for (uint32_t l = 1; l < f->nloc; l++)
    if (mpz_cmp(f->c[(size_t)l * f->np], lo) < 0) mpz_set(lo, f->c[(size_t)l * f->np]);
  mpz_ui_sub(lo, MULTIPHASE_SHIFT, lo); /* lo := SHIFT - min */
  for (uint32_t l = 0; l < f->nloc; l++) mpz_add(f->c[(size_t)l * f->np], f->c[(size_t)l * f->np], lo);
  mpz_clear(lo);
}

/* Location l's function of f as an Int term over s->pre. */
static smt_term phase_term(const its_problem *p, const phase *f, uint32_t l) {
  return its_affine_term(p->s->ctx, f->c + (size_t)l * f->np, f->np - 1, p->s->pre);
}

/* Restricts transition k of scc to f_from(x) <= -1 (the atom f + 1 <= 0). */
static void restrict_to_negative(lin_scc *scc, uint32_t k, const phase *f) {
  const lin_trans *tr = &scc->trans.data[k];
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  const mpz_t *c = f->c + (size_t)tr->from * f->np;
  mpz_srcptr *coef = xcalloc(w + 1, sizeof *coef);
  mpz_t d;
  mpz_init(d);
  mpz_add_ui(d, c[0], 1);
  for (uint32_t j = 0; j < n; j++) coef[j] = c[j + 1];
  coef[w] = d;
  lin_trans_add_atom(scc, k, LIN_LE, coef);
  mpz_clear(d);
  free(coef);
}

rank_status its_rank_multiphase(const its_problem *p, uint32_t max_depth, its_nested **out,
                                its_multiphase_stats *stats) {
  its_multiphase_stats dummy;
  if (!stats) {
    memset(&dummy, 0, sizeof dummy);
    stats = &dummy;
  }
  stats->calls++;
  *out = NULL;
  smt_ctx *ctx = p->s->ctx;
  lin_scc *scc = its_abstract_problem(p, NULL);
  uint32_t np = scc->nvars + 1;
  /* premise[k]: P^i of transition k over Z; live[k]: satisfiable so far */
  smt_term *premise = xmalloc((p->nt ? p->nt : 1) * sizeof *premise);
  bool *live = xcalloc(p->nt ? p->nt : 1, sizeof *live);
  uint32_t *latest = xmalloc((p->nt ? p->nt : 1) * sizeof *latest); /* the last restriction atom */
  for (uint32_t k = 0; k < p->nt; k++) latest[k] = UINT32_MAX;
  rank_status st = RANK_NONE;
  for (uint32_t k = 0; k < p->nt && st != RANK_UNKNOWN; k++) {
    premise[k] = its_problem_relation(p->s, p->tidx[k]);
    smt_result r = smt_is_sat(ctx, p->budget, premise[k]);
    live[k] = r != SMT_UNSAT;
  }
  phase *phases = xcalloc(max_depth ? max_depth : 1, sizeof *phases);
  uint32_t depth = 0;
  bool done = false;
  while (!done && depth < max_depth && st == RANK_NONE) {
    phase *f = &phases[depth];
    phase_init(f, p->nloc, np);
    depth++;
    stats->solver_checks++;
    rank_status last = find_phase(p, scc, live, NULL, true, f);
    if (last == RANK_FOUND) {
      done = true;
      break;
    }
    if (last == RANK_UNKNOWN || depth == max_depth) {
      st = last;
      break;
    }
    stats->solver_checks++;
    rank_status r = find_phase(p, scc, live, depth > 1 ? latest : NULL, false, f);
    if (r != RANK_FOUND) {
      st = r;
      break;
    }
    raise_constants(f);
    bool any_live = false;
    for (uint32_t k = 0; k < p->nt; k++) {
      if (!live[k]) continue;
      uint32_t from = scc->trans.data[k].from;
      premise[k] = smt_mk_and2(ctx, premise[k], smt_mk_int_le(ctx, phase_term(p, f, from), smt_mk_int(ctx, -1)));
      smt_result sr = smt_is_sat(ctx, p->budget, premise[k]);
      live[k] = sr != SMT_UNSAT;
      if (live[k]) {
        restrict_to_negative(scc, k, f);
        latest[k] = (uint32_t)scc->trans.data[k].atoms.len - 1;
      }
      any_live |= live[k];
    }
    done = !any_live;
  }
  if (done) {
    its_nested *nf = its_nested_new(depth, p->nloc, "multiphase");
    nf->kind = ITS_NESTED_PHASES;
    for (uint32_t i = 0; i < depth; i++)
      for (uint32_t l = 0; l < p->nloc; l++) nf->f[i * p->nloc + l] = phase_term(p, &phases[i], l);
    smt_answer a = its_accept_nested(p, nf, "rank_multiphase");
    if (a == SMT_YES) {
      *out = nf;
      st = RANK_FOUND;
      stats->depth_sum += depth;
    } else {
      stats->check_failed++;
      st = a == SMT_NO ? RANK_NONE : RANK_UNKNOWN;
    }
  }
  if (st == RANK_FOUND) stats->found++;
  else if (st == RANK_NONE) stats->none++;
  else stats->unknown++;
  for (uint32_t i = 0; i < depth; i++) phase_clear(&phases[i]);
  free(phases);
  free(live);
  free(latest);
  free(premise);
  lin_scc_free(scc);
  return st;
}

void its_multiphase_stats_print(const its_multiphase_stats *st, FILE *out) {
  fprintf(out,
          "multiphase: calls %llu, solver checks %llu, found %llu, none %llu, unknown %llu, check failed %llu, "
          "depth sum %llu\n",
          (unsigned long long)st->calls, (unsigned long long)st->solver_checks, (unsigned long long)st->found,
          (unsigned long long)st->none, (unsigned long long)st->unknown, (unsigned long long)st->check_failed,
          (unsigned long long)st->depth_sum);
}
