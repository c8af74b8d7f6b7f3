/* nonterm: proofs of non-termination of an ITS (the NO answer of
 * `bitprove its`).
 *
 * termCOMP's NO for an ITS means: some run from the start location, with
 * the start values of the variables chosen freely, is infinite. A run may
 * take any enabled transition and choose the temporaries freely (demonic
 * choice is the system's: one infinite run suffices).
 *
 * Techniques, cheapest first:
 *   1. fixed points: a location l on a cycle, a cycle of transitions
 *      t_1 .. t_k from l back to l (the simple cycles of the location
 *      graph reachable from the start, self-loops first, then longer ones
 *      up to 16 transitions, at most 128 cycles) and a state x with values
 *      for the temporaries such that the cycle is enabled at x and leads
 *      back to exactly x. The composed relation (temporaries of every
 *      position renamed apart, unconstrained updates as fresh variables)
 *      with x' = x is asked with smt_is_sat, then together with the path
 *      from the start (3.); the model gives x and the temporaries.
 *   2. closed recurrent sets of a single loop (a self-loop, or a cycle
 *      composed into one transition l -> l): a set G of states (a
 *      conjunction of atoms over the program variables) such that G is
 *      satisfiable and every state in G has a successor in G through the
 *      loop. Temporaries and unconstrained updates are first replaced by a
 *      fixed choice c(x), tried in this order (duplicates skipped):
 *        a. a temporary fixed by an equality of the guard (coefficient
 *           +-1, e.g. t = x + 1 from x - t + 1 = 0) gets that term; then
 *           one bounded by an inequality gets the bound itself (t > x gives
 *           t := x + 1: the guard's easiest value); an unconstrained update
 *           keeps the variable's value; anything left is 0;
 *        b. equalities as in a., unconstrained updates kept, the rest 0;
 *        c. equalities and bounds as in a., the rest 0;
 *        d. equalities as in a., the rest the constants of a model in
 *           which the guard holds twice in a row with the same values.
 *      The guard g(x) = guard(x, c(x)) is split into disjunctive normal
 *      form (at most 8 disjuncts; an Int disequality becomes < or >). For
 *      each disjunct D the candidates are, with u the loop's update and
 *      Delta(p <= k) = "p(u(x)) <= p(x)" (the atom does not get worse;
 *      equalities: p(u(x)) = p(x)):
 *        D, D /\ Delta(D), D /\ D(u), D /\ Delta(D) /\ Delta^2(D),
 *        D /\ D(u) /\ D(u^2), D /\ Delta .. Delta^3, D /\ Delta(D) /\ D(u).
 *      G is closed when G(x) => g(x) /\ G(u(x)) is valid (smt_implies).
 *   3. reachability: the witness (the fixed point x, or some state of G) is
 *      reached from the start location along a concrete path of at most
 *      ITS_NONTERM_MAX_PATH transitions, found by unrolling the location
 *      graph with the solver (bounded model checking of the ITS, start
 *      values free, bounds 4, 12, 32). Without such a path there is no NO.
 *   4. lassos: the unrolling itself, up to 24 transitions, asked for a
 *      location and state that occur twice on one path; this finds the
 *      fixed points of closed walks that are not simple cycles (two
 *      self-loops taken in turn, x cycling through several values).
 * Every NO is checked before it is returned: the path and the witness are
 * confirmed by evaluating the ORIGINAL guards and updates of the transitions
 * on the concrete values (fixed point, lasso; smt_eval), or by the validity
 * proofs above redone transition by transition on the original terms with
 * the chosen c(x) (recurrent set) plus the concrete path into G (G
 * evaluated on its last state). A witness the check refutes is reported on
 * stderr ("nonterm: internal error: ...") and counted in check_failures;
 * one that cannot be evaluated (an Int div/mod by 0 on it, which SMT-LIB
 * leaves uninterpreted) is dropped quietly (unconfirmed).
 *
 * Contract: its_nonterm() returns true only with a checked witness and then
 * appends to out a readable one (the "NO" line is the caller's): the
 * technique ("technique: fixed point ...", "technique: closed recurrent
 * set ...", "technique: lasso ..."), the loop (transitions by index and
 * location names), the witness state (x = value, ...) and values of the
 * temporaries, or the choices c and the set G (as a formula), and the path
 * from the start (transition indices, the state at each step and the
 * values of the temporaries). Returns false otherwise (out untouched).
 * b bounds every solver query; the speculative ones (everything but the
 * re-checks of a found witness) get min(b.query_ms, 2000 ms), also when
 * b.query_ms is 0 (= no bound from the caller).
 * s must be valid (its_validate). Terms are added to s->ctx with fresh
 * names "nt.*!N" and, with options.accel, "ac.*!N" (accel.h; callers must
 * not use these prefixes). Everything allocated
 * is freed; the query solver's stack is left as it was (the unrolling
 * lives in a solver of its own). stats may be NULL.
 */
#ifndef BITPROVE_ITS_NONTERM_H
#define BITPROVE_ITS_NONTERM_H

#include <stdbool.h>

#include "../util/util.h"
#include "its.h"

#define ITS_NONTERM_MAX_PATH 32

typedef struct {
  uint32_t loops_tried;
  uint32_t fixpoint_queries, recurrent_queries, path_queries, lasso_queries;
  uint32_t found_fixpoint, found_recurrent, found_lasso; /* 0 or 1 each */
  uint32_t accelerated, walks; /* accelerated self-loops, closed walks of two loops (options.accel) */
  bool found_by_accel;         /* the witness's loop is an accelerated one or a walk */
  uint32_t check_failures; /* witnesses the independent check refuted (a bug; also on stderr) */
  uint32_t unconfirmed;    /* witnesses dropped: a term without a value on them (div/mod by 0) */
} its_nonterm_stats;

/* Which techniques run (its_nonterm: all of them). */
typedef struct {
  /* Loop acceleration (accel.h; Frohn and Giesl, FMCAD 2019, as in LoAT):
   * the self-loops with constant increments accelerated into transitions
   * that take them n >= 2 times (each proved to be n original steps), and
   * the closed walks of two loops through one location (two simple cycles,
   * or a cycle and an accelerated self-loop, in either order) composed
   * into one more loop; techniques 1 and 2 then also run on these loops,
   * after everything else failed (before that the search runs exactly as
   * without the step). The unrolling (3., 4.) keeps to the original
   * transitions. A witness
   * that uses an accelerated transition prints its definition and
   * "found by the accel step". Besides the checks above (which evaluate
   * or re-prove an accelerated step on its proved terms, accel.h), such a
   * witness is replayed concretely on the ORIGINAL transitions, every
   * accelerated step as its n rounds of the self-loop: the fixed point's
   * round, or three rounds from the recurrent set's reached state, each
   * ending in the set (at most 100000 steps; otherwise no NO). */
  bool accel;
} its_nonterm_options;

bool its_nonterm(its *s, budget b, strbuf *out, its_nonterm_stats *stats);
bool its_nonterm_with(its *s, const its_nonterm_options *o, budget b, strbuf *out, its_nonterm_stats *stats);

#endif
