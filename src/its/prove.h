/* prove: the termination prover of the ITS back end (`bitprove its`).
 *
 * Method
 * ------
 *  1. The locations reachable from the start location, and the SCCs of the
 *     location graph restricted to them (iterative Tarjan). A run visits
 *     the SCCs in a topological order and never comes back to one it left,
 *     so transitions between different SCCs are taken at most once each
 *     and need no ranking; unreachable parts of the system do not matter.
 *  2. For every SCC with a transition inside it, the inner transitions are
 *     abstracted into linear transitions (lin.h), a sound OVER-approximation:
 *     linear Int atoms of the guard's top-level conjunction are kept (<, >
 *     tightened over Z), every other conjunct is dropped; an update x' = e
 *     with e linear becomes an equality, any other update leaves x' free.
 *  3. rank_lexicographic() searches a linear lexicographic ranking function
 *     of the abstraction.
 *  4. The function found is re-checked against the ORIGINAL transitions
 *     (guards and updates as smt terms, not the abstraction), see prove.c.
 *     YES is answered only when every SCC passed that re-check.
 * Non-termination is not attempted: the answers are YES or MAYBE.
 *
 * Contract: its_prove() appends to out either
 *     "YES\n" followed by a readable proof, or
 *     "MAYBE\nreason: ...\n"
 * and returns the answer. s must be valid (its_validate). timeout_ms bounds
 * every solver check (0 = none); the overall deadline is the caller's
 * business (util_set_timeout). Everything allocated is freed; terms are
 * added to s->ctx (names "rk.*", see rank_linear.h).
 */
#ifndef BITPROVE_ITS_PROVE_H
#define BITPROVE_ITS_PROVE_H

#include "../util/util.h"
#include "its.h"
#include "rank_linear.h"

typedef enum { ITS_PROVE_MAYBE = 0, ITS_PROVE_YES = 1 } its_prove_answer;

its_prove_answer its_prove(its *s, unsigned timeout_ms, strbuf *out);

/* The final re-check, exposed for tests. The SCC's inner transitions are
 * the ITS transitions tidx[0..nt-1] (transition k of lex's functions is
 * tidx[k]); lloc[l] is the index of ITS location l among the SCC's
 * locations (the location index of lex's functions). Proves with
 * smt_implies against the original guards and updates that lex is a
 * lexicographic ranking function: for component i and every transition not
 * strict in components < i, non-increase, and for its strict ones decrease
 * by >= 1 and f >= 0 before; every strict set non-empty and every
 * transition strict exactly once. SMT_YES only when all of it is proved,
 * SMT_NO when something is refuted or malformed, else SMT_DONT_KNOW. */
smt_answer its_prove_recheck(const its *s, const uint32_t *tidx, uint32_t nt, const uint32_t *lloc,
                             const rank_lex *lex);

#endif
