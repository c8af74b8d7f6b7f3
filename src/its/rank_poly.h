/* rank_poly: polynomial ranking steps "linear plus squares" for problems
 * with non-linear guards or updates, found by counterexample-guided
 * synthesis on the ORIGINAL relations and accepted only after
 * its_check_step.
 *
 * seed 001, Sect. 3.3: a polynomial interpretation Pol removes the rules
 * s -> t [phi] with phi => Pol(s) > Pol(t) and phi => Pol(s) >= 0 when
 * every other rule has phi' => Pol(s') >= Pol(t'); "the current
 * implementation is restricted to polynomials of the form
 * sum_i a_i X_i + sum_j b_j X_j^2 + c, with a_i, b_j, c in Z". Here the
 * template of location l is
 *     f_l(x) = c_l0 + sum_i c_li x_i + sum_i d_li x_i^2,
 * and the result is an its_rank_step (problem.h): non-increase on every
 * transition, decrease by >= 1 and f >= 0 on a non-empty strict set that
 * is maximal for the search.
 *
 * Method (counterexample-guided inductive synthesis). The conditions are
 * universally quantified over x, x' (and the temporaries) and may be
 * non-linear in them, but at a CONCRETE point (a, a') in R_k they are
 * linear in the unknown coefficients. A coefficient solver picks c, d
 * (|c_li|, |d_li| <= coef_bound; the constants are free) and a strict set
 * (one Bool indicator per transition) satisfying the point constraints
 * collected so far; each condition of the candidate is then checked on the
 * real relation with the query solver (smt_query_solver, push/check/pop,
 * p->budget per check), and a model (a, a') that violates it becomes a
 * new point constraint. Candidates are tried in rising template classes:
 * linear with |coef| <= 2, with squares and |coef| <= 2, then up to
 * coef_bound; a class is left for good once it is exhausted (the point
 * constraints only grow). A verified candidate fixes its strict set, and the
 * search goes on for a larger one. A check the solver cannot decide blocks
 * the candidate (or its claim on that transition) and is remembered: if
 * nothing is found in the end the answer is RANK_UNKNOWN, not RANK_NONE.
 * Transitions whose relation is unsatisfiable are strict without a search.
 * Variables the control flow does not depend on (in no guard, nor in the
 * update of a variable that is; seed 001, Sect. 3.2, slicing) get
 * coefficient 0.
 *
 * Names: fresh synthesis unknowns "rk.pc!N", "rk.pd!N", "rk.pb!N",
 * "rk.pv!N".
 */
#ifndef BITPROVE_ITS_RANK_POLY_H
#define BITPROVE_ITS_RANK_POLY_H

#include <stdint.h>
#include <stdio.h>

#include "problem.h"
#include "rank_linear.h" /* rank_status */

typedef struct {
  uint32_t coef_bound;     /* |c_li|, |d_li| <= coef_bound (>= 2) */
  uint32_t max_candidates; /* coefficient-solver rounds */
} its_poly_opts;

/* coef_bound 16, max_candidates 60. */
its_poly_opts its_poly_default_opts(void);

/* Work counters (add up over calls; zero-initialise). */
typedef struct {
  uint64_t calls;
  uint64_t candidates;      /* coefficient solver answers */
  uint64_t checks;          /* condition checks on the real relations */
  uint64_t counterexamples; /* points added */
  uint64_t undecided;       /* checks the solver did not decide */
  uint64_t vacuous;
  uint64_t found, none, unknown;
  uint64_t check_failed;    /* results its_check_step did not prove */
} its_poly_stats;

/* Searches a polynomial ranking step for p. RANK_FOUND: *out (caller
 * frees, its_rank_step_free) passed its_check_step; technique "polynomial".
 * RANK_NONE: the bounded template space was exhausted (no candidate left).
 * RANK_UNKNOWN: nothing found, and a solver did not decide or the rounds
 * ran out first. *out is NULL unless RANK_FOUND. */
rank_status its_rank_poly(const its_problem *p, its_rank_step **out);
/* The same with options and counters (stats may be NULL). */
rank_status its_rank_poly_opts(const its_problem *p, const its_poly_opts *opts, its_rank_step **out,
                               its_poly_stats *stats);
void its_poly_stats_print(const its_poly_stats *st, FILE *out);

#endif
