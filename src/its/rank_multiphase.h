/* rank_multiphase: multiphase linear ranking functions (Ben-Amram and
 * Genaim, "On multiphase-linear ranking functions", CAV 2017) for a whole
 * termination problem, found phase by phase with Farkas' lemma over the
 * linear abstraction and accepted only after its_check_nested.
 *
 * A multiphase function <f^1, .., f^d> (problem.h, kind
 * ITS_NESTED_PHASES) proves that no run stays inside the problem: f^1
 * falls on every step until it is negative, then f^2 falls, and so on; the
 * last phase is bounded. The loop
 *     while (x >= 0) { if (*) x = x + y; else x = x + z; y = y + z; z = z - 1; }
 * has the phases z, y, x, but neither a lexicographic nor a nested
 * function (nested would need f^2 >= max(y, z) + 1).
 *
 * Synthesis (greedy, one phase at a time, on the problem's transitions
 * restricted to where the earlier phases are over, P^i in problem.h):
 *   1. a linear ranking function for every transition of P^i (decreasing
 *      by >= 1 and >= 0): found, it is the last phase;
 *   2. else a function that decreases by >= 1 on every transition of P^i,
 *      bounded or not, and whose decrease needs the restriction of the
 *      previous phase (its Farkas multiplier is positive on some
 *      transition; otherwise the previous phase itself would be found
 *      again): the next phase. Its constants are moved (all by the
 *      same amount) so that the smallest is MULTIPHASE_SHIFT before it
 *      restricts the transitions (f^i <= -1): the decrease does not see a
 *      common constant, and the solver's choice of constant is arbitrary
 *      (a very negative one would leave most of the state space to the
 *      later phases); a larger constant only shrinks P^{i+1};
 *   3. transitions whose P^{i+1} is unsatisfiable over Z are done; when
 *      none is left the phases found so far suffice.
 * The greedy choice in step 2 can miss a function that exists (a phase
 * that falls everywhere but leaves too much of P^{i+1}); CAV 2017 gives a
 * complete procedure for single-path loops only. d is at most max_depth.
 *
 * Soundness: the result is turned into Int terms over s->pre and returned
 * only if its_check_nested proves it against the original transitions
 * (SMT_YES). Anything else is RANK_NONE or RANK_UNKNOWN.
 *
 * Names: fresh synthesis unknowns "rk.c!N", "rk.l!N" (farkas.h).
 */
#ifndef BITPROVE_ITS_RANK_MULTIPHASE_H
#define BITPROVE_ITS_RANK_MULTIPHASE_H

#include <stdint.h>
#include <stdio.h>

#include "problem.h"
#include "rank_linear.h" /* rank_status */

#define MULTIPHASE_SHIFT 1024

/* Work counters (add up over calls; zero-initialise). */
typedef struct {
  uint64_t calls;
  uint64_t solver_checks; /* synthesis queries */
  uint64_t found, none, unknown;
  uint64_t check_failed; /* synthesised functions its_check_nested did not prove */
  uint64_t depth_sum;    /* sum of the depths found */
} its_multiphase_stats;

/* Searches a multiphase function of depth 1..max_depth for all of p's
 * transitions. RANK_FOUND: *out (caller frees, its_nested_free; kind
 * ITS_NESTED_PHASES, technique "multiphase") passed its_check_nested.
 * RANK_NONE: the greedy synthesis found none. RANK_UNKNOWN: a solver query
 * (each bounded by p->budget) was not decided. *out is NULL unless
 * RANK_FOUND. stats may be NULL. */
rank_status its_rank_multiphase(const its_problem *p, uint32_t max_depth, its_nested **out,
                                its_multiphase_stats *stats);
void its_multiphase_stats_print(const its_multiphase_stats *st, FILE *out);

#endif
