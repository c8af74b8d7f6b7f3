/* rank_minmax: ranking functions that are, at each location, the minimum
 * or the maximum of two affine functions, found with Farkas' lemma and
 * selectors over the linear abstraction, accepted only after
 * its_check_step.
 *
 * Loops that walk down the smaller of two values and reset the other one
 *     while (x > 0 && y > 0) { if (x < y) { y = x - 1; x = *; } else { x = y - 1; y = *; } }
 * have no linear ranking function (either variable may grow without
 * bound), no multiphase one, and control-flow refinement by the guards
 * does not help (the reset value forgets which case comes next); f =
 * min(x, y) falls by at least 1 on every step and is >= 0 while the loop
 * runs. (Such piecewise functions are AProVE's and Ultimate's; the
 * template is ours.)
 *
 * Conditions, for f_l = min(g_l, h_l) and a transition l -> l' of the
 * linear over-approximation R# (abstract.h), with delta = 1 on the strict
 * transitions and 0 on the others:
 *     min: for each pre-state component a in {g, h}, some post-state
 *          component b with  R# => a_l(x) - b_l'(x') >= delta
 *          (then min(post) <= b(x') <= a(x) - delta for either a, so
 *          min(post) <= min(pre) - delta);
 *          strict also: R# => g_l(x) >= 0 and R# => h_l(x) >= 0;
 *     max: for each post-state component b, some pre-state a with
 *          R# => a_l(x) - b_l'(x') >= delta;
 *          strict also: R# => a_l(x) >= 0 for some a.
 * The choice of a or b per transition is a Bool selector: each
 * alternative is its own Farkas certificate, and the solver picks. At
 * least one transition is strict (a Bool per transition, as rank_linear);
 * the strict ones found are the step's strict set.
 *
 * The step's function is the Int term min/max (an ite) over s->pre;
 * its_check_step proves it against the original transitions before the
 * prover removes anything. Only problems of at most MINMAX_MAX_TRANS
 * transitions are tried: each adds ten Farkas certificates; and each
 * query gets at most MINMAX_QUERY_MS.
 *
 * Names: fresh unknowns "rk.c!N", "rk.l!N", "rk.b!N".
 */
#ifndef BITPROVE_ITS_RANK_MINMAX_H
#define BITPROVE_ITS_RANK_MINMAX_H

#include "problem.h"
#include "rank_linear.h" /* rank_status */

#define MINMAX_MAX_TRANS 12
#define MINMAX_QUERY_MS 100 /* each template's query at most (the answers found take < 0.1 s; a
                                   hopeless one can take seconds) */

/* Tries min, then max. RANK_FOUND: *out (technique "min" or "max"; caller
 * frees) passed its_check_step. RANK_NONE: neither template fits (or the
 * problem is too large). RANK_UNKNOWN: a solver query (bounded by
 * p->budget and MINMAX_QUERY_MS) was not decided. *out is NULL unless RANK_FOUND. */
rank_status its_rank_minmax(const its_problem *p, its_rank_step **out);

#endif
