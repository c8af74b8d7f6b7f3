/* rank_linear: linear ranking functions for linear integer transition
 * systems (lin.h), found with Farkas' lemma and re-checked over Z.
 *
 * A ranking function assigns each location l an affine function
 *     f_l(x) = c_{l,0} + sum_i c_{l,i+1} x_i      (integer coefficients)
 * such that, for every active transition l -> l' with relation R,
 *     R  =>  f_l(x) - f_l'(x') >= 0                    (non-increase)
 * and for a non-empty set of "strict" transitions also
 *     R  =>  f_l(x) - f_l'(x') >= 1  and  f_l(x) >= 0  (decrease, bound).
 * Strict transitions can then be removed and the rest ranked again: the
 * functions found in turn form a lexicographic ranking function
 * (rank_lexicographic; seed 001, Sect. 3.3: remove the rules s -> t with
 * s >_Pol t when all others satisfy s >=_Pol t, here with linear Pol).
 *
 * Synthesis (rank_linear). Each implication "R => g(x,x',t) >= delta",
 * universally quantified over x, x', t with the coefficients of g unknown,
 * becomes by the affine Farkas lemma the existential constraint
 *     exists lambda >= 0 (free for equalities) with
 *     lambda^T A + u = 0  and  lambda^T d + u_0 - delta >= 0
 * (R is A z + d <= 0 / = 0, g = u.z + u_0), linear in the unknowns c and
 * lambda (Podelski-Rybalchenko style). Each transition's decrease and bound
 * constraints are guarded by a Bool indicator; the solver is asked for at
 * least one new indicator at a time, the ones found are kept, until no more
 * can be added: a maximal (not necessarily maximum) strict set.
 *
 * Soundness and exactness. Farkas' lemma over Q is sound for integer
 * programs: the rational relaxation of R contains the integer points, so a
 * certificate over Q proves the implication over Z. It is incomplete (R's
 * integer hull can be smaller; "<" is tightened to "<= -1" by lin's parser,
 * which helps). Unknowns and multipliers are solved over the rationals
 * (the solver reads them as reals: simplex, not branch and bound, which
 * made large SCCs take tens of seconds per check): every constraint is
 * homogeneous except the ">= delta" rows with delta in {0,1}, so the
 * rational solution scaled by its common denominator is an integer one,
 * and nothing is lost. Transitions whose relation is unsatisfiable
 * over Z are counted strict (vacuously) without Farkas.
 * Whatever the synthesis says, a YES never rests on it: rank_linear runs
 * rank_check, which proves the conditions directly over Z with the smt
 * query layer, before it returns RANK_FOUND.
 *
 * Names: synthesis unknowns are fresh variables "rk.c!N", "rk.l!N",
 * "rk.b!N"; rank_check uses "rk.x<i>", "rk.x<i>'" and "rk.t<k>.<j>". Callers
 * sharing the smt_ctx must not use these names.
 *
 * Ownership: rank_func and rank_lex results belong to the caller
 * (rank_func_free / rank_lex_free).
 */
#ifndef BITPROVE_ITS_RANK_LINEAR_H
#define BITPROVE_ITS_RANK_LINEAR_H

#include <assert.h>
#include <stdio.h>

#include "../smt/query.h"
#include "lin.h"

typedef enum { RANK_NONE = 0, RANK_FOUND = 1, RANK_UNKNOWN = 2 } rank_status;
const char *rank_status_name(rank_status s); /* "found", "none", "unknown" */

typedef struct {
  uint32_t nvars, nlocs, ntrans;
  mpz_t *coef;  /* nlocs * (nvars + 1); location l: [l*(nvars+1)] the
                   constant, [l*(nvars+1) + 1 + i] the coefficient of x_i */
  bool *strict; /* ntrans: the transition is strictly decreasing */
} rank_func;

/* Work counters (add up over calls; zero-initialise). */
typedef struct {
  uint64_t calls;          /* rank_linear calls */
  uint64_t solver_checks;  /* check-sat calls of the synthesis */
  uint64_t vacuous;        /* transitions found unsatisfiable */
  uint64_t found, none, unknown;
  uint64_t recheck_failed; /* synthesis results rank_check did not prove */
  uint64_t components;     /* lexicographic components produced */
} rank_stats;

/* A zero function with no strict transition, shaped for scc. */
rank_func *rank_func_new(const lin_scc *scc);
rank_func *rank_func_copy(const rank_func *f);
void rank_func_free(rank_func *f);
/* The coefficient of x_i at location loc (var = 1 + i), or the constant
 * (var = 0). */
static inline mpz_ptr rank_func_coef(const rank_func *f, uint32_t loc, uint32_t var) {
  assert(loc < f->nlocs && var <= f->nvars); /* var 0: the constant */
  return f->coef[loc * (f->nvars + 1) + var];
}
/* "l0: 2*x - y + 1; l1: ...  strict {0, 2}" */
void rank_func_print(FILE *out, const lin_scc *scc, const rank_func *f);

/* Searches a ranking function for the transitions k with active[k] (all
 * when active is NULL). RANK_FOUND: *out is a function that rank_check
 * proved, whose strict set is non-empty and maximal for the synthesis.
 * RANK_NONE: no linear ranking function exists for the Farkas encoding (or
 * the re-check refuted the candidate, reported loudly on stderr).
 * RANK_UNKNOWN: a solver gave up. b bounds each solver check. stats may
 * be NULL. */
rank_status rank_linear(smt_ctx *ctx, const lin_scc *scc, const bool *active, budget b,
                        rank_func **out, rank_stats *stats);

/* A cheap first try for large SCCs: each bound of the guards, "e <= 0"
 * over pre-state variables (not a bare type range), gives the candidate
 * f = -e at every location, which the solver checks transition by
 * transition (non-increasing everywhere, decreasing and bounded on the
 * strict ones) and rank_check re-checks. The first of at most
 * max_candidates distinct candidates that works is returned (RANK_FOUND);
 * else RANK_NONE. Loop counters against constants (i < 4) are found so
 * without a Farkas problem that grows with every atom of the SCC. */
rank_status rank_linear_guards(smt_ctx *ctx, const lin_scc *scc, const bool *active, uint32_t max_candidates,
                               budget b, rank_func **out);

/* Proves over Z, without Farkas, that f is non-increasing on every active
 * transition and decreasing and bounded on every strict one, and that the
 * strict set is non-empty and inside the active set. SMT_YES only when all
 * of it is proved; SMT_NO when some condition fails (or the shape is
 * wrong); SMT_DONT_KNOW when a query was not decided. */
smt_answer rank_check(smt_ctx *ctx, budget b, const lin_scc *scc, const bool *active, const rank_func *f);

/* A lexicographic ranking function: comps[0] ranks all transitions, and
 * comps[i] the transitions not strict in comps[0..i-1]; every transition
 * is strict in exactly one component. */
typedef struct {
  uint32_t ncomps;
  rank_func **comps;
} rank_lex;

/* Repeats rank_linear, removing the strict transitions, until none is left
 * (RANK_FOUND, *out set) or no function is found (RANK_NONE/RANK_UNKNOWN,
 * *out NULL). */
rank_status rank_lexicographic(smt_ctx *ctx, const lin_scc *scc, budget b, rank_lex **out,
                               rank_stats *stats);
void rank_lex_free(rank_lex *lex);
void rank_lex_print(FILE *out, const lin_scc *scc, const rank_lex *lex);
void rank_stats_print(const rank_stats *st, FILE *out);

#endif
