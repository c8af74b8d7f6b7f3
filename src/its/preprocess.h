/* preprocess: transformations of an ITS that keep its termination behaviour
 * from the start location EXACTLY (both ways: the result has an infinite
 * run from its start iff the input has one), run before the ranking and
 * non-termination techniques.
 *
 * Steps (each documented with its exactness argument where it is
 * implemented; files preprocess.c, preprocess_chain.c,
 * preprocess_invariants.c), run in this order:
 *   prune   drop transitions whose guard is unsatisfiable (smt_is_sat says
 *           UNSAT; UNKNOWN keeps it) and transitions leaving locations not
 *           reachable from the start in the location graph. Run again
 *           after every step that may create such transitions;
 *   split   DNF splitting of the transitions inside a strongly connected
 *           component (the only ones the ranking techniques abstract): an
 *           `or`, a `not (a = b)` over Int (into a < b, a > b), an `ite` in
 *           a guard or update (case split on its condition); one transition
 *           per disjunct, never more than ITS_PRE_MAX_SPLIT for one
 *           transition (else it is left whole);
 *   slice   a variable that no guard depends on, directly or through the
 *           updates of variables that guards depend on, is made
 *           unconstrained everywhere (seed 001, Sect. 3.2);
 *   const   a variable whose value at a location other than the start is a
 *           known constant on every path (forward constant propagation,
 *           updates evaluated) is replaced by the constant in the guards
 *           and updates of the transitions leaving it;
 *   chain   a location other than the start, without a self-loop and with
 *           outgoing transitions, is eliminated by composing each incoming
 *           with each outgoing transition (temporaries of the two renamed
 *           apart, an unconstrained update of the first becoming a fresh
 *           temporary read by the second; seed 001, Sect. 3.3), when
 *           in*out <= in + out + 2, the system stays within 4x the
 *           transitions it had after the first pruning, and the composed
 *           terms stay small; a sink (no outgoing transition) keeps its
 *           incoming ones; slicing is then run again;
 *   inv     invariants at every location but the start (whose states are
 *           arbitrary), Houdini style: candidate atoms (guard atoms of
 *           the adjacent transitions, their images under translations
 *           x' = x + d, x = c and x - y = c from the incoming updates, a
 *           choice x = c1 \/ x = c2 of incoming constants) are
 *           kept while every transition l -> l' provably (smt_implies)
 *           maps the candidates of l and its guard into each candidate of
 *           l'; the survivors are conjoined to the guards of the outgoing
 *           transitions. Every state a run reaches satisfies them, so the
 *           runs are exactly the same. Then split again (a choice of values
 *           becomes one transition per value).
 *
 * Contract: its_preprocess() returns a NEW its over s->ctx (the caller
 * frees it; s is not changed) with the same variables, in the same order,
 * and a start location of the same name (s should satisfy its_validate();
 * without a valid start a plain copy is returned). Locations may
 * disappear: the result has the start and the locations its transitions
 * touch, in their original order. When log is not NULL one line per step
 * that changed something is appended ("chaining: eliminated 3
 * location(s), 7 -> 5 transition(s)"), and one line per location with
 * invariants ("invariant at l1: x >= 0 /\ y - x <= 0"). Solver queries
 * get min(b.query_ms, ITS_PRE_QUERY_MS) each (0 = ITS_PRE_QUERY_MS; an
 * UNKNOWN only costs a simplification), within b's deadline. Terms are added to s->ctx; fresh
 * temporaries are made by smt_mk_fresh(ctx, "pp.t", Int), named "pp.t!N".
 * Stats are reset at the start of the call.
 */
#ifndef BITPROVE_ITS_PREPROCESS_H
#define BITPROVE_ITS_PREPROCESS_H

#include "../util/budget.h"
#include "../util/util.h"
#include "its.h"

#define ITS_PRE_MAX_SPLIT 16
#define ITS_PRE_QUERY_MS 1000u

typedef struct {
  uint32_t unsat_removed;       /* transitions and compositions with UNSAT guards */
  uint32_t unreachable_removed; /* transitions leaving unreachable locations */
  uint32_t split_added;       /* transitions added by DNF splitting */
  uint32_t constants;         /* (location, variable) pairs replaced */
  uint32_t chained_locs;      /* locations eliminated by chaining */
  uint32_t sliced_vars;       /* variables made unconstrained */
  uint32_t invariant_atoms;   /* invariant atoms added to guards */
} its_pre_stats;

its *its_preprocess(const its *s, budget b, its_pre_stats *stats, strbuf *log);

#endif
