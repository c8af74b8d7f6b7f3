/* prove: the termination prover of the ITS back end (`bitprove its`, and
 * the last stage of the C termination engines).
 *
 * Method (each step in its own module; this file drives them)
 * ------
 *  1. Preprocessing (preprocess.h): transformations that keep termination
 *     from the start location exactly (unsatisfiable and unreachable parts
 *     removed, DNF splitting, constant propagation, chaining, slicing,
 *     invariants conjoined to guards).
 *  2. A worklist of termination problems (problem.h), initially the SCCs of
 *     the location graph reachable from the start with their inner
 *     transitions. Transitions between SCCs are taken at most once by a run
 *     and need no argument. For each problem the techniques are tried,
 *     cheapest first:
 *       linear   one linear ranking function, found with Farkas' lemma on
 *                the linear abstraction (rank_linear.h), strict set maximal;
 *       nested   a nested (multiphase) linear ranking function for all the
 *                problem's transitions (rank_nested.h);
 *       poly     a ranking function "linear plus squares" (seed 001 Sect.
 *                3.3) for non-linear transitions (rank_poly.h).
 *     A ranking step removes its strict transitions; the SCCs of the rest
 *     become new problems (seed 001 Sect. 3.3: rules s -> t with s >_Pol t
 *     are removed when all others satisfy s >=_Pol t, then the dependency
 *     graph is decomposed again). A nested function closes the problem.
 *     Every result is accepted only after its independent check against
 *     the ORIGINAL (preprocessed) transitions (problem.h): YES never rests
 *     on the abstraction or on the synthesis.
 *  3. When some problem stays open: non-termination (nonterm.h) on the
 *     preprocessed system, whose runs are those of the input: NO with a
 *     checked witness, else MAYBE.
 *
 * Soundness of YES: an infinite run from the start visits finitely many
 * SCCs, so a suffix stays inside one SCC, i.e. inside one initial problem.
 * If a problem's ranking step is proved (every transition non-increasing,
 * the strict ones decreasing and bounded), an infinite run inside it takes
 * the strict transitions finitely often, so a suffix stays inside the rest,
 * hence inside one SCC of the rest: one of the new problems. A nested
 * function proves no infinite run stays inside its problem. As the removal
 * strictly shrinks the problems, the recursion ends, and when every problem
 * is closed no infinite run exists.
 *
 * Contract: its_prove() appends to out one of
 *     "YES\n" and a readable proof (preprocessing, then per problem the
 *             technique, the functions, the transitions removed),
 *     "NO\n"  and the checked witness,
 *     "MAYBE\nreason: ...\n"
 * and returns the answer. s must be valid (its_validate); s itself is not
 * changed (terms are added to s->ctx). timeout_ms bounds every solver check
 * (0 = none); the overall deadline is the caller's (util_set_timeout).
 * Options select techniques (for experiments and for the cross-check that
 * no two configurations contradict each other); its_prove() uses all.
 */
#ifndef BITPROVE_ITS_PROVE_H
#define BITPROVE_ITS_PROVE_H

#include "../util/util.h"
#include "its.h"

typedef enum { ITS_PROVE_MAYBE = 0, ITS_PROVE_YES = 1, ITS_PROVE_NO = 2 } its_prove_answer;

typedef struct {
  bool preprocess; /* step 1 */
  bool linear, nested, poly; /* ranking techniques */
  bool nonterm;    /* step 3 */
  uint32_t nested_depth; /* maximal depth of nested functions (0 = 3) */
  double seconds;  /* overall wall-clock budget (0 = none): past it, MAYBE with reason "timeout" */
} its_prove_options;

/* All techniques on. */
its_prove_options its_prove_default_options(void);

its_prove_answer its_prove(its *s, unsigned timeout_ms, strbuf *out);
its_prove_answer its_prove_with(its *s, const its_prove_options *opt, unsigned timeout_ms, strbuf *out);

#endif
