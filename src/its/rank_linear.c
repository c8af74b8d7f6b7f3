/* rank_linear: Farkas-based synthesis of linear ranking functions, their
 * re-check over Z, and the lexicographic combination (rank_linear.h). */
#include "rank_linear.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/build.h"
#include "../smt/solver.h"
#include "farkas.h"

typedef smt_term_vec term_vec;

const char *rank_status_name(rank_status s) {
  switch (s) {
  case RANK_FOUND: return "found";
  case RANK_NONE: return "none";
  default: return "unknown";
  }
}

/* ---- functions --------------------------------------------------------- */

rank_func *rank_func_new(const lin_scc *scc) {
  rank_func *f = xcalloc(1, sizeof *f);
  f->nvars = scc->nvars;
  f->nlocs = scc->nlocs;
  f->ntrans = (uint32_t)scc->trans.len;
  size_t nc = (size_t)f->nlocs * (f->nvars + 1);
  f->coef = xmalloc((nc ? nc : 1) * sizeof *f->coef);
  for (size_t i = 0; i < nc; i++) mpz_init(f->coef[i]);
  f->strict = xcalloc(f->ntrans ? f->ntrans : 1, sizeof *f->strict);
  return f;
}

rank_func *rank_func_copy(const rank_func *f) {
  rank_func *g = xcalloc(1, sizeof *g);
  *g = *f;
  size_t nc = (size_t)f->nlocs * (f->nvars + 1);
  g->coef = xmalloc((nc ? nc : 1) * sizeof *g->coef);
  for (size_t i = 0; i < nc; i++) mpz_init_set(g->coef[i], f->coef[i]);
  g->strict = xmalloc((f->ntrans ? f->ntrans : 1) * sizeof *g->strict);
  memcpy(g->strict, f->strict, f->ntrans * sizeof *g->strict);
  return g;
}

void rank_func_free(rank_func *f) {
  if (!f) return;
  size_t nc = (size_t)f->nlocs * (f->nvars + 1);
  for (size_t i = 0; i < nc; i++) mpz_clear(f->coef[i]);
  free(f->coef);
  free(f->strict);
  free(f);
}

void rank_func_print(FILE *out, const lin_scc *scc, const rank_func *f) {
  for (uint32_t l = 0; l < f->nlocs; l++) {
    fprintf(out, "%s%s:", l ? "; " : "", scc->loc_names[l]);
    bool first = true;
    for (uint32_t i = 1; i <= f->nvars; i++) {
      mpz_ptr c = rank_func_coef(f, l, i);
      int sg = mpz_sgn(c);
      if (!sg) continue;
      fputs(sg < 0 ? (first ? " -" : " - ") : (first ? " " : " + "), out);
      first = false;
      if (mpz_cmpabs_ui(c, 1) != 0) {
        mpz_t m;
        mpz_init(m);
        mpz_abs(m, c);
        gmp_fprintf(out, "%Zd*", m);
        mpz_clear(m);
      }
      fputs(scc->var_names[i - 1], out);
    }
    mpz_ptr c0 = rank_func_coef(f, l, 0);
    if (first) gmp_fprintf(out, " %Zd", c0);
    else if (mpz_sgn(c0) > 0) gmp_fprintf(out, " + %Zd", c0);
    else if (mpz_sgn(c0) < 0) {
      mpz_t m;
      mpz_init(m);
      mpz_abs(m, c0);
      gmp_fprintf(out, " - %Zd", m);
      mpz_clear(m);
    }
  }
  fputs("  strict {", out);
  bool first = true;
  for (uint32_t k = 0; k < f->ntrans; k++)
    if (f->strict[k]) {
      fprintf(out, "%s%u", first ? "" : ", ", k);
      first = false;
    }
  fputs("}", out);
}

/* ---- re-check over Z ------------------------------------------------------ */

/* f_l applied to the terms xs. */
static smt_term apply_func(smt_ctx *ctx, const rank_func *f, uint32_t l, const smt_term *xs) {
  assert(l < f->nlocs && (f->nvars == 0 || xs));
  term_vec sum = {0};
  VEC_PUSH(sum, smt_mk_int_mpz(ctx, rank_func_coef(f, l, 0)));
  for (uint32_t i = 0; i < f->nvars; i++)
    VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, rank_func_coef(f, l, i + 1)), xs[i]));
  smt_term r = smt_mk_int_add(ctx, (uint32_t)sum.len, sum.data);
  VEC_FREE(sum);
  return r;
}

/* Combines answers: NO wins over DONT_KNOW wins over YES. */
static smt_answer worse(smt_answer a, smt_answer b) {
  if (a == SMT_NO || b == SMT_NO) return SMT_NO;
  if (a == SMT_DONT_KNOW || b == SMT_DONT_KNOW) return SMT_DONT_KNOW;
  return SMT_YES;
}

/* The Int variables standing for x, x' (rk.x<i>, rk.x<i>') and transition
 * k's temporaries (rk.t<k>.<j>): fixed names, so that queries repeat and hit
 * the query cache. */
static void state_vars(smt_ctx *ctx, uint32_t n, smt_term *pre, smt_term *post) {
  for (uint32_t i = 0; i < n; i++) {
    char *a = xasprintf("rk.x%u", i), *b = xasprintf("rk.x%u'", i);
    pre[i] = smt_mk_var(ctx, a, SMT_SORT_INT);
    post[i] = smt_mk_var(ctx, b, SMT_SORT_INT);
    free(a);
    free(b);
  }
}

static void temp_vars(smt_ctx *ctx, const lin_scc *scc, uint32_t k, term_vec *tmp) {
  tmp->len = 0;
  for (uint32_t j = 0; j < scc->trans.data[k].ntemps; j++) {
    char *name = xasprintf("rk.t%u.%u", k, j);
    VEC_PUSH(*tmp, smt_mk_var(ctx, name, SMT_SORT_INT));
    free(name);
  }
}

smt_answer rank_check(smt_ctx *ctx, budget b, const lin_scc *scc, const bool *active, const rank_func *f) {
  uint32_t n = scc->nvars;
  if (f->nvars != n || f->nlocs != scc->nlocs || f->ntrans != scc->trans.len) return SMT_NO;
  smt_term *pre = xmalloc((n ? n : 1) * sizeof *pre), *post = xmalloc((n ? n : 1) * sizeof *post);
  state_vars(ctx, n, pre, post);
  smt_answer ans = SMT_YES;
  bool any_strict = false;
  term_vec tmp = {0};
  for (uint32_t k = 0; k < f->ntrans && ans != SMT_NO; k++) {
    bool act = !active || active[k];
    if (!act) {
      if (f->strict[k]) ans = SMT_NO; /* claims a transition it does not rank */
      continue;
    }
    const lin_trans *t = &scc->trans.data[k];
    temp_vars(ctx, scc, k, &tmp);
    smt_term rel = lin_trans_term(ctx, scc, k, pre, post, tmp.data);
    smt_term fl = apply_func(ctx, f, t->from, pre), fl2 = apply_func(ctx, f, t->to, post);
    smt_term diff = smt_mk_int_sub(ctx, fl, fl2);
    smt_term zero = smt_mk_int(ctx, 0);
    if (f->strict[k]) {
      any_strict = true;
      ans = worse(ans, smt_implies(ctx, b, rel, smt_mk_int_ge(ctx, diff, smt_mk_int(ctx, 1))));
      if (ans != SMT_NO) ans = worse(ans, smt_implies(ctx, b, rel, smt_mk_int_ge(ctx, fl, zero)));
    } else {
      ans = worse(ans, smt_implies(ctx, b, rel, smt_mk_int_ge(ctx, diff, zero)));
    }
  }
  if (!any_strict) ans = SMT_NO;
  VEC_FREE(tmp);
  free(pre);
  free(post);
  return ans;
}

/* ---- synthesis --------------------------------------------------------------- */

/* The coefficients of the model. The solver reads the unknowns as reals
 * (smt_z3_relax_ints): the rational solution is scaled by the least common
 * multiple of its denominators, which keeps every constraint (homogeneous,
 * or ">= delta" with delta in {0, 1}, see the header). */
static void fill_f(smt_ctx *ctx, smt_solver *s, const smt_term *c, rank_func *f, bool relaxed) {
  size_t nc = (size_t)f->nlocs * (f->nvars + 1);
  if (relaxed) {
    mpq_t *q = xmalloc((nc ? nc : 1) * sizeof *q);
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (size_t i = 0; i < nc; i++) {
      mpq_init(q[i]);
      if (!smt_z3_value_rational(s, c[i], q[i])) mpq_set_ui(q[i], 0, 1); /* rank_check will judge */
      mpz_lcm(l, l, mpq_denref(q[i]));
    }
    for (size_t i = 0; i < nc; i++) {
      assert(mpz_divisible_p(l, mpq_denref(q[i]))); /* l is a common multiple: divexact is exact */
      mpz_divexact(f->coef[i], l, mpq_denref(q[i]));
      mpz_mul(f->coef[i], f->coef[i], mpq_numref(q[i]));
      mpq_clear(q[i]);
    }
    mpz_clear(l);
    free(q);
    return;
  }
  for (size_t i = 0; i < nc; i++) {
    smt_term v = smt_solver_value(s, c[i]);
    if (v && smt_term_kind(ctx, v) == SMT_INT_CONST) mpz_set(f->coef[i], smt_term_value(ctx, v));
    else mpz_set_ui(f->coef[i], 0); /* rank_check will judge */
  }
}

rank_status rank_linear(smt_ctx *ctx, const lin_scc *scc, const bool *active, budget b,
                        rank_func **out, rank_stats *stats) {
  rank_stats dummy;
  if (!stats) {
    memset(&dummy, 0, sizeof dummy);
    stats = &dummy;
  }
  stats->calls++;
  *out = NULL;
  uint32_t n = scc->nvars, nt = (uint32_t)scc->trans.len, np = n + 1;
  size_t nc = (size_t)scc->nlocs * np;
  rank_func *f = rank_func_new(scc);
  assert(f->nvars == n && f->nlocs == scc->nlocs && f->ntrans == nt); /* arity: the SCC's variables */
  bool any_active = false, any_strict = false;
  bool *live = xcalloc(nt ? nt : 1, sizeof *live); /* active and satisfiable */
  smt_term *pre = xmalloc((n ? n : 1) * sizeof *pre), *post = xmalloc((n ? n : 1) * sizeof *post);
  term_vec tmp = {0};
  state_vars(ctx, n, pre, post);
  for (uint32_t k = 0; k < nt; k++) {
    if (active && !active[k]) continue;
    any_active = true;
    temp_vars(ctx, scc, k, &tmp);
    smt_term rel = lin_trans_term(ctx, scc, k, pre, post, tmp.data);
    if (smt_is_sat(ctx, b, rel) == SMT_UNSAT) {
      f->strict[k] = true; /* vacuous: no step is ever taken */
      any_strict = true;
      stats->vacuous++;
    } else {
      live[k] = true;
    }
  }
  VEC_FREE(tmp);
  free(pre);
  free(post);
  rank_status st = RANK_NONE;
  if (!any_active) goto done; /* nothing to rank: no strict transition possible */

  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  bool relaxed = smt_z3_relax_ints(s); /* simplex, not branch and bound */
  smt_term *c = xmalloc((nc ? nc : 1) * sizeof *c);
  for (size_t i = 0; i < nc; i++) c[i] = smt_mk_fresh(ctx, "rk.c", SMT_SORT_INT);
  smt_term *ind = xcalloc(nt ? nt : 1, sizeof *ind);
  term_vec conj = {0}, pending = {0};
  for (uint32_t k = 0; k < nt; k++) {
    if (!live[k]) continue;
    const lin_trans *t = &scc->trans.data[k];
    uint32_t w = lin_trans_width(scc, k);
    assert(t->from < scc->nlocs && t->to < scc->nlocs && w >= 2 * n);
    smt_term *u = xcalloc(w, sizeof *u);
    const smt_term *cf = c + (size_t)t->from * np, *ct = c + (size_t)t->to * np;
    /* g = f_from(x) - f_to(x'): u = (c_from, -c_to, 0), u0 = c_from0 - c_to0 */
    for (uint32_t i = 0; i < n; i++) {
      u[i] = cf[i + 1];
      u[n + i] = smt_mk_int_neg(ctx, ct[i + 1]);
    }
    smt_term u0 = smt_mk_int_sub(ctx, cf[0], ct[0]);
    conj.len = 0;
    its_farkas(ctx, scc, k, u, u0, 0, &conj); /* non-increase */
    smt_solver_assert(s, smt_mk_and(ctx, (uint32_t)conj.len, conj.data));
    conj.len = 0;
    its_farkas(ctx, scc, k, u, u0, 1, &conj); /* decrease by >= 1 */
    for (uint32_t i = 0; i < n; i++) u[n + i] = SMT_NULL;
    its_farkas(ctx, scc, k, u, cf[0], 0, &conj); /* bound: f_from(x) >= 0 */
    ind[k] = smt_mk_fresh(ctx, "rk.b", SMT_SORT_BOOL);
    smt_solver_assert(s, smt_mk_implies(ctx, ind[k], smt_mk_and(ctx, (uint32_t)conj.len, conj.data)));
    free(u);
  }
  /* Grow the strict set one solver call at a time: ask for a new one. */
  bool have_model = false;
  for (;;) {
    pending.len = 0;
    for (uint32_t k = 0; k < nt; k++)
      if (live[k] && !f->strict[k]) VEC_PUSH(pending, ind[k]);
    if (pending.len == 0) break;
    smt_solver_push(s);
    smt_solver_assert(s, smt_mk_or(ctx, (uint32_t)pending.len, pending.data));
    stats->solver_checks++;
    smt_result r = smt_solver_check(s, b);
    if (r == SMT_SAT) {
      fill_f(ctx, s, c, f, relaxed);
      have_model = true;
      for (uint32_t k = 0; k < nt; k++) {
        if (!live[k] || f->strict[k]) continue;
        if (smt_solver_value(s, ind[k]) == SMT_TRUE) {
          f->strict[k] = true;
          any_strict = true;
        }
      }
    }
    smt_solver_pop(s, 1);
    if (r != SMT_SAT) {
      if (r == SMT_UNKNOWN && !any_strict) st = RANK_UNKNOWN;
      break;
    }
    for (uint32_t k = 0; k < nt; k++)
      if (live[k] && f->strict[k]) smt_solver_assert(s, ind[k]);
  }
  /* Only vacuous transitions strict and no model yet: any function that is
   * non-increasing on the others will do; ask for one. */
  if (any_strict && !have_model) {
    stats->solver_checks++;
    smt_result r = smt_solver_check(s, b);
    if (r == SMT_SAT) fill_f(ctx, s, c, f, relaxed);
    else any_strict = false, st = r == SMT_UNKNOWN ? RANK_UNKNOWN : RANK_NONE;
  }
  VEC_FREE(conj);
  VEC_FREE(pending);
  free(ind);
  free(c);
  smt_solver_free(s);
  if (any_strict) {
    smt_answer a = rank_check(ctx, b, scc, active, f);
    if (a == SMT_YES) {
      st = RANK_FOUND;
    } else {
      stats->recheck_failed++;
      /* a re-check that runs out of time is no inconsistency; a refutation is */
      if (a == SMT_NO) {
        fprintf(stderr, "bitprove: rank_linear: INTERNAL: the synthesised ranking function failed its "
                        "re-check (%s); treated as none found:\n  ",
                smt_answer_name(a));
        rank_func_print(stderr, scc, f);
        fputc('\n', stderr);
      }
      st = a == SMT_DONT_KNOW ? RANK_UNKNOWN : RANK_NONE;
    }
  }
done:
  free(live);
  if (st == RANK_FOUND) {
    *out = f;
    stats->found++;
  } else {
    rank_func_free(f);
    if (st == RANK_NONE) stats->none++;
    else stats->unknown++;
  }
  return st;
}

/* ---- lexicographic combination ------------------------------------------------ */

rank_status rank_lexicographic(smt_ctx *ctx, const lin_scc *scc, budget b, rank_lex **out,
                               rank_stats *stats) {
  uint32_t nt = (uint32_t)scc->trans.len;
  bool *active = xmalloc((nt ? nt : 1) * sizeof *active);
  for (uint32_t k = 0; k < nt; k++) active[k] = true;
  rank_lex *lex = xcalloc(1, sizeof *lex);
  uint32_t left = nt;
  rank_status st = RANK_FOUND;
  while (left > 0) {
    rank_func *f;
    st = rank_linear(ctx, scc, active, b, &f, stats);
    if (st != RANK_FOUND) break;
    for (uint32_t k = 0; k < nt; k++) {
      assert(!f->strict[k] || active[k]); /* rank_linear marks active transitions only: left never wraps */
      if (f->strict[k]) active[k] = false, left--;
    }
    lex->comps = xrealloc(lex->comps, (lex->ncomps + 1) * sizeof *lex->comps);
    lex->comps[lex->ncomps++] = f;
    if (stats) stats->components++;
  }
  free(active);
  if (st != RANK_FOUND) {
    rank_lex_free(lex);
    lex = NULL;
  }
  *out = lex;
  return st;
}

void rank_lex_free(rank_lex *lex) {
  if (!lex) return;
  for (uint32_t i = 0; i < lex->ncomps; i++) rank_func_free(lex->comps[i]);
  free(lex->comps);
  free(lex);
}

void rank_lex_print(FILE *out, const lin_scc *scc, const rank_lex *lex) {
  for (uint32_t i = 0; i < lex->ncomps; i++) {
    fprintf(out, "[%u] ", i);
    rank_func_print(out, scc, lex->comps[i]);
    fputc('\n', out);
  }
}

void rank_stats_print(const rank_stats *st, FILE *out) {
  fprintf(out,
          "rank: calls %llu, solver checks %llu, vacuous %llu, found %llu, none %llu, unknown %llu, "
          "re-check failed %llu, components %llu\n",
          (unsigned long long)st->calls, (unsigned long long)st->solver_checks,
          (unsigned long long)st->vacuous, (unsigned long long)st->found, (unsigned long long)st->none,
          (unsigned long long)st->unknown, (unsigned long long)st->recheck_failed,
          (unsigned long long)st->components);
}

/* ---- candidates from the guards ----------------------------------------------- */

/* Is atom a (of a transition over n variables) a bound on pre-state
 * variables only, "sum a_i x_i + d <= 0", that is not just a variable's
 * type range (one variable, |d| >= 2^15)? */
static bool guard_candidate(const lin_scc *scc, const lin_trans *t, const lin_atom *a) {
  uint32_t n = scc->nvars, w = 2 * n + t->ntemps;
  assert(a >= t->atoms.data && a < t->atoms.data + t->atoms.len); /* an atom of t: w + 1 coefficients */
  if (a->rel != LIN_LE) return false;
  uint32_t nz = 0;
  for (uint32_t i = 0; i < w; i++) {
    if (!mpz_sgn(a->a[i])) continue;
    if (i >= n) return false; /* a post-state variable or a temporary */
    nz++;
  }
  if (nz == 0) return false;
  return nz > 1 || mpz_sizeinbase(a->a[w], 2) <= 15;
}

/* Is atom a of t exactly +-(x'_i - x_i - d) = 0 (x'_i = x_i + d), or one
 * half of it (the LE form, sign in *sign)? *shifted: d != 0. */
static bool translation_atom(const lin_scc *scc, const lin_trans *t, const lin_atom *a, uint32_t i, int *sign,
                             bool *shifted) {
  uint32_t n = scc->nvars, w = 2 * n + t->ntemps;
  int c = mpz_sgn(a->a[i]);
  if (c == 0 || mpz_cmpabs(a->a[i], a->a[n + i]) != 0 || mpz_sgn(a->a[n + i]) != -c) return false;
  for (uint32_t j = 0; j < w; j++)
    if (j != i && j != n + i && mpz_sgn(a->a[j])) return false;
  *sign = c;
  *shifted = mpz_sgn(a->a[w]) != 0;
  return true;
}

/* How transition t moves x_i: MOVE_KEEP (x'_i = x_i among its atoms),
 * MOVE_SHIFT (x'_i = x_i + d, d != 0: a counter), else MOVE_OTHER. */
typedef enum { MOVE_KEEP, MOVE_OTHER, MOVE_SHIFT } var_move;

static var_move move_of(const lin_scc *scc, const lin_trans *t, uint32_t i) {
  bool le_pos = false, le_neg = false;
  for (size_t j = 0; j < t->atoms.len; j++) {
    int sign;
    bool shifted;
    if (!translation_atom(scc, t, &t->atoms.data[j], i, &sign, &shifted)) continue;
    if (t->atoms.data[j].rel == LIN_EQ) return shifted ? MOVE_SHIFT : MOVE_KEEP;
    if (shifted) continue; /* a one-sided shift bound: not an equality */
    if (sign > 0) le_pos = true;
    else le_neg = true;
  }
  return le_pos && le_neg ? MOVE_KEEP : MOVE_OTHER;
}

/* Decides the strict set of candidate f (the same function at every
 * location): SMT_YES when f is non-increasing on every active transition
 * and decreasing and bounded on at least one (those are marked strict). */
static smt_answer candidate_strict(smt_ctx *ctx, budget b, const lin_scc *scc, const bool *active, rank_func *f,
                                   const smt_term *pre, const smt_term *post) {
  term_vec tmp = {0};
  bool any = false;
  smt_answer ans = SMT_YES;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  for (uint32_t k = 0; k < f->ntrans && ans == SMT_YES; k++) {
    f->strict[k] = false;
    if (active && !active[k]) continue;
    const lin_trans *t = &scc->trans.data[k];
    temp_vars(ctx, scc, k, &tmp);
    smt_term rel = lin_trans_term(ctx, scc, k, pre, post, tmp.data);
    smt_term fl = apply_func(ctx, f, t->from, pre), diff = smt_mk_int_sub(ctx, fl, apply_func(ctx, f, t->to, post));
    smt_answer dec = smt_implies(ctx, b, rel, smt_mk_and2(ctx, smt_mk_int_ge(ctx, diff, one), smt_mk_int_ge(ctx, fl, zero)));
    if (dec == SMT_YES) {
      f->strict[k] = any = true;
      continue;
    }
    ans = smt_implies(ctx, b, rel, smt_mk_int_ge(ctx, diff, zero));
  }
  VEC_FREE(tmp);
  return ans == SMT_YES && any ? SMT_YES : SMT_NO;
}

rank_status rank_linear_guards(smt_ctx *ctx, const lin_scc *scc, const bool *active, uint32_t max_candidates, budget b,
                               rank_func **out) {
  *out = NULL;
  uint32_t n = scc->nvars;
  smt_term *pre = xmalloc((n ? n : 1) * sizeof *pre), *post = xmalloc((n ? n : 1) * sizeof *post);
  state_vars(ctx, n, pre, post);
  rank_func *f = rank_func_new(scc);
  /* candidates in order of appearance, each once (same coefficients) */
  typedef struct {
    const lin_atom *a;
    uint32_t w; /* index of its constant */
  } cand;
  VEC(cand) seen = {0};
  rank_status st = RANK_NONE;
  /* A candidate over variables that every active transition keeps cannot
   * decrease anywhere: skipped without a query. Candidates over counters
   * (a variable some transition shifts by a constant) go first. On a long
   * loop body of many variables (seq-mthreaded/pals_lcr.5: 82), the bounds
   * on flags and fields came first and used up the candidates and the
   * time before the counter's. */
  var_move *moves = xcalloc(n ? n : 1, sizeof *moves);
  for (uint32_t k = 0; k < scc->trans.len; k++)
    if (!active || active[k])
      for (uint32_t i = 0; i < n; i++) {
        var_move m = move_of(scc, &scc->trans.data[k], i);
        if (m > moves[i]) moves[i] = m;
      }
  for (int pass = 0; pass < 2; pass++)
  for (uint32_t k = 0; k < scc->trans.len && st != RANK_FOUND && seen.len < max_candidates; k++) {
    if (active && !active[k]) continue;
    const lin_trans *t = &scc->trans.data[k];
    uint32_t w = 2 * n + t->ntemps;
    for (size_t j = 0; j < t->atoms.len && st != RANK_FOUND && seen.len < max_candidates; j++) {
      const lin_atom *a = &t->atoms.data[j];
      if (!guard_candidate(scc, t, a)) continue;
      var_move most = MOVE_KEEP;
      for (uint32_t i = 0; i < n; i++)
        if (mpz_sgn(a->a[i]) && moves[i] > most) most = moves[i];
      if (most == MOVE_KEEP || (pass == 0 && most != MOVE_SHIFT)) continue;
      bool dup = false;
      for (size_t q = 0; q < seen.len && !dup; q++) {
        const cand *b = &seen.data[q];
        dup = mpz_cmp(a->a[w], b->a->a[b->w]) == 0;
        for (uint32_t i = 0; i < n && dup; i++) dup = mpz_cmp(a->a[i], b->a->a[i]) == 0;
      }
      if (dup) continue;
      cand c = {a, w};
      VEC_PUSH(seen, c);
      /* f = -(sum a_i x_i + d) >= 0 where the guard holds */
      for (uint32_t l = 0; l < scc->nlocs; l++) {
        mpz_neg(rank_func_coef(f, l, 0), a->a[w]);
        for (uint32_t i = 0; i < n; i++) mpz_neg(rank_func_coef(f, l, i + 1), a->a[i]);
      }
      if (candidate_strict(ctx, b, scc, active, f, pre, post) == SMT_YES && rank_check(ctx, b, scc, active, f) == SMT_YES)
        st = RANK_FOUND;
    }
  }
  VEC_FREE(seen);
  free(moves);
  free(pre);
  free(post);
  if (st == RANK_FOUND) *out = f;
  else rank_func_free(f);
  return st;
}
