/* cfr: control-flow refinement of one termination problem by partial
 * evaluation with a property-based abstraction (Domenech, Gallagher and
 * Genaim, "Control-flow refinement by partial evaluation, and its
 * application to termination and cost analysis", TPLP 2019, Sect. 3-4;
 * the technique of iRankFinder, also used by KoAT).
 *
 * The story of the data
 * ---------------------
 * A problem (problem.h) is a set of transitions inside one SCC; an infinite
 * run that stays inside it may start at any of its locations with any
 * values. Each location l of the problem gets a finite set of properties
 * props(l): the atoms of the guards of the problem's transitions that leave
 * l (Int comparisons over program variables only; an equality a = b gives
 * a <= b and a >= b) and their negations. An abstract state (l, P) is a
 * location with a subset P of props(l); its formula is the conjunction of
 * P. The refined system is built by unfolding from the abstract states
 * (l, {}) of every location l of the problem: from (l, P) each transition t
 * of the problem that leaves l to l' and is satisfiable under P gives the
 * refined transition
 *     (l, P) -> (l', P')    with guard  guard_t /\ P  and t's updates,
 * where P' is the set of properties of l' that P /\ R_t implies over the
 * post-state (R_t the relation of t; the solver proves each one). The
 * properties of the guards make the loop's phases separate locations:
 * `x > M: x = 0` and `x < M: x = x + 1` become a step into the abstract
 * state "x <= M", where only the second transition remains, which the
 * linear ranking step proves.
 *
 * Soundness (why a proof on the refined system is one for the problem)
 * ---------
 * Every infinite run of the problem, from location l with values v, is
 * simulated by an infinite run of the refined system from (l, {}): if the
 * values at (l, P) satisfy P and the run takes t to l', the refined
 * transition of ((l, P), t) is enabled (its guard is guard_t /\ P, its
 * updates are t's) and leads to (l', P') whose P' holds after the step
 * because P /\ R_t implies it. So when no infinite run of the refined
 * system exists (from any location, any values), none of the problem's
 * exists. Conversely every refined transition's relation is contained in
 * the original's, so the refined runs are runs of the problem (the
 * refinement loses nothing a NO would need, though the prover takes NO
 * only from the whole system).
 * its_cfr_check() proves exactly these facts again, independently of the
 * construction, before the prover uses a refinement: the initial states,
 * each refined transition's shape (origin, endpoints, guard = guard_t /\ P
 * as the same hash-consed term, the same updates), and the coverage
 *     P /\ R_t  =>  OR_{refined r of ((l,P), t)} P'_r(x')
 * or P /\ R_t unsatisfiable, for every abstract state (l, P) and every
 * transition t of the problem leaving l.
 *
 * Bounds: at most opt->max_locs abstract states (else ITS_CFR_TOO_LARGE),
 * at most ITS_CFR_MAX_PROPS properties per location (the first ones, in
 * the order of the transitions), every query within opt->budget (a
 * property whose implication the solver does not decide is left out,
 * which keeps the construction sound: P' only gets weaker).
 *
 * Ownership: an its_cfr owns its refined its (terms in the problem's
 * smt_ctx, which must outlive it) and its arrays; its_cfr_free().
 */
#ifndef BITPROVE_ITS_CFR_H
#define BITPROVE_ITS_CFR_H

#include <stdbool.h>
#include <stdint.h>

#include "../smt/query.h"
#include "../util/budget.h"
#include "problem.h"

#define ITS_CFR_MAX_PROPS 64

typedef enum {
  ITS_CFR_DONE = 0,      /* *out is the refined system */
  ITS_CFR_TOO_LARGE = 1, /* more abstract states than allowed */
  ITS_CFR_NO_PROPS = 2,  /* no location has a property: the refinement would be the problem itself */
  ITS_CFR_TIMEOUT = 3    /* the budget ran out */
} its_cfr_status;
const char *its_cfr_status_name(its_cfr_status st);

typedef struct {
  uint32_t max_locs; /* abstract states at most (0: 48) */
  budget budget;     /* every query, and the construction as a whole */
} its_cfr_options;

/* Work counters (add up over calls; zero-initialise). */
typedef struct {
  uint64_t calls, done, too_large, no_props, timeouts;
  uint64_t states, trans, pruned; /* abstract states, refined transitions, unsatisfiable pairs */
  uint64_t check_failed;          /* refinements its_cfr_check did not prove */
} its_cfr_stats;

typedef struct {
  its *s;               /* the refined system: same smt_ctx and variables as the problem's its */
  uint32_t *orig_loc;   /* s->nlocs: the problem's ITS location of each abstract state */
  smt_term *state;      /* s->nlocs: the abstract state's formula (Bool, over pre-state variables) */
  uint32_t *orig_trans; /* s->trans.len: the problem's transition (index into p->s->trans) */
} its_cfr;

/* Builds the refined system of p (above). ITS_CFR_DONE: *out set (the
 * caller frees it); otherwise *out is NULL. stats may be NULL. */
its_cfr_status its_cfr_refine(const its_problem *p, const its_cfr_options *opt, its_cfr **out,
                              its_cfr_stats *stats);

/* SMT_YES when r is proved a refinement of p as stated above (initial
 * states, shapes, coverage); SMT_NO when some condition fails; SMT_DONT_KNOW
 * when a query was not decided. */
smt_answer its_cfr_check(const its_problem *p, const its_cfr *r, budget b);

/* The abstract states, one a line: "  l_cfr1 = l where x - M <= 0". */
void its_cfr_print_states(const its_cfr *r, const its *orig, strbuf *out);

void its_cfr_free(its_cfr *r);

#endif
