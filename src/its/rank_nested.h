/* rank_nested: nested (multiphase) linear ranking functions for a whole
 * termination problem, found with Farkas' lemma over the linear
 * abstraction and accepted only after its_check_nested.
 *
 * A nested ranking function of depth d (problem.h; after Leike & Heizmann's
 * nested ranking templates; seed-free) gives each location l affine
 * functions f^1_l .. f^d_l with, for every transition l -> l' of relation R,
 *     R => f^1_l(x) - f^1_l'(x') >= 1
 *     R => f^i_l(x) - f^i_l'(x') + f^{i-1}_l(x) >= 1     (1 < i <= d)
 *     R => f^d_l(x) >= 0.
 * It proves that no run stays in the problem forever, also where no linear
 * lexicographic function exists: `while (x >= 0) { x = x + y; y = y - 1; }`
 * has f^1 = y + 1 (y falls until it is negative), f^2 = x + 1 (then x
 * falls by at least 1 - f^1 >= 1 per step).
 *
 * Synthesis. With f^i_l(x) = c^i_{l,0} + sum_j c^i_{l,j} x_j and the
 * coefficients unknown, every condition is linear in the unknowns (f^{i-1}
 * is affine in x too), so each one, over the linear over-approximation R#
 * of R (its_abstract_problem), becomes a Farkas constraint (farkas.h). One
 * solver query per depth, d = 1, 2, .., max_depth, the first satisfiable
 * one wins. Transitions whose ORIGINAL relation is unsatisfiable over Z
 * need nothing (the check holds vacuously) and are left out.
 *
 * Soundness: the result is turned into Int terms over s->pre and returned
 * only if its_check_nested proves it against the original transitions
 * (SMT_YES). A refutation there means a bug (R => R# is sound): it is
 * reported on stderr and the answer is RANK_NONE.
 *
 * Names: fresh synthesis unknowns "rk.c!N", "rk.l!N" (farkas.h).
 */
#ifndef BITPROVE_ITS_RANK_NESTED_H
#define BITPROVE_ITS_RANK_NESTED_H

#include <stdint.h>

#include "problem.h"
#include "rank_linear.h" /* rank_status */

/* Work counters (add up over calls; zero-initialise). */
typedef struct {
  uint64_t calls;
  uint64_t solver_checks;  /* one per depth tried */
  uint64_t vacuous;        /* transitions whose relation is unsatisfiable */
  uint64_t found, none, unknown;
  uint64_t check_failed;   /* synthesised functions its_check_nested did not prove */
  uint64_t depth_sum;      /* sum of the depths found */
} its_nested_stats;

/* Searches a nested ranking function of depth 1..max_depth for all of
 * p's transitions. RANK_FOUND: *out (caller frees, its_nested_free) passed
 * its_check_nested; technique "nested". RANK_NONE: none up to max_depth for
 * the Farkas encoding over the abstraction (or the check refuted it).
 * RANK_UNKNOWN: a solver query (each bounded by p->budget) was not
 * decided. *out is NULL unless RANK_FOUND. */
rank_status its_rank_nested(const its_problem *p, uint32_t max_depth, its_nested **out);
/* The same, counting into stats (may be NULL). */
rank_status its_rank_nested_counted(const its_problem *p, uint32_t max_depth, its_nested **out,
                                    its_nested_stats *stats);
void its_nested_stats_print(const its_nested_stats *st, FILE *out);

#endif
