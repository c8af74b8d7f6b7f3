/* abstract: the linear over-approximation of ITS transitions (lin.h), the
 * input of the Farkas-based ranking techniques.
 *
 * A transition's relation R = guard /\ AND x_i' = update_i becomes a linear
 * relation R# with R => R# over Z (a sound OVER-approximation):
 *   - linear Int atoms of the guard's top-level conjunction are kept
 *     exactly (<, > tightened over Z; a negated comparison flipped);
 *   - every other conjunct (disjunctions, non-linear atoms, div/mod, ...) is
 *     dropped;
 *   - an update x' = e with e linear over pre-state variables and the
 *     transition's temporaries becomes an equality; any other update leaves
 *     x' free.
 * A ranking function proved for R# is therefore one for R; the prover still
 * re-checks it against R (problem.h) before it is used.
 */
#ifndef BITPROVE_ITS_ABSTRACT_H
#define BITPROVE_ITS_ABSTRACT_H

#include "its.h"
#include "lin.h"
#include "problem.h"

typedef struct {
  uint32_t dropped_conjuncts, free_updates;
} its_abs_stats;

/* The abstraction of the problem's transitions: transition k of the result
 * is p->tidx[k], location l of the result is p->locs[l] (names copied).
 * stats may be NULL. The caller frees the result (lin_scc_free). */
lin_scc *its_abstract_problem(const its_problem *p, its_abs_stats *stats);

/* Appends the abstraction of ITS transition ti to scc as a transition
 * lf -> lt (local location indices of scc). */
void its_abstract_trans(const its *s, uint32_t ti, lin_scc *scc, uint32_t lf, uint32_t lt, its_abs_stats *stats);

/* The same, over the variables the problem's guards can depend on only
 * (its guards' variables, closed under the updates that feed them): the
 * result's variable j is ITS variable vars->data[j] (vars is overwritten);
 * atoms that mention another variable are dropped, which over-approximates
 * again. A ranking function of the result, with coefficient 0 for every
 * other variable, ranks the problem; large SCCs of real programs (hundreds
 * of variables, few in guards) become small Farkas problems. With
 * drop_ranges, the bounds of single variables by constants of 2^15 or more
 * (type ranges, which every transition of the direct translation carries
 * for every variable) are dropped as well. */
lin_scc *its_abstract_problem_sliced(const its_problem *p, its_abs_stats *stats, bool drop_ranges, u32_vec *vars);

#endif
