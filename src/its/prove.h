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
 *       nested   a nested linear ranking function for all the problem's
 *                transitions (rank_nested.h);
 *       multiphase  a multiphase linear ranking function for all of them
 *                (rank_multiphase.h; Ben-Amram & Genaim, CAV 2017), for
 *                phases that grow different variables;
 *       minmax   a ranking function min(g, h) or max(g, h) of two affine
 *                functions per location (rank_minmax.h);
 *       poly     a ranking function "linear plus squares" (seed 001 Sect.
 *                3.3) for non-linear transitions (rank_poly.h).
 *     When none of them makes progress on a problem:
 *       cfr      control-flow refinement by partial evaluation (cfr.h):
 *                the problem's locations split by the guards' atoms into
 *                abstract states, the refinement checked with the solver
 *                to simulate every run of the problem, and the refined
 *                system's SCCs proved by the techniques above (not
 *                refined again), within 30 % of the time left. The
 *                problem is closed when they all are; otherwise it stays
 *                open as before.
 *     A ranking step removes its strict transitions; the SCCs of the rest
 *     become new problems (seed 001 Sect. 3.3: rules s -> t with s >_Pol t
 *     are removed when all others satisfy s >=_Pol t, then the dependency
 *     graph is decomposed again). A nested function closes the problem.
 *     Every result is accepted only after its independent check against
 *     the ORIGINAL (preprocessed) transitions (problem.h): YES never rests
 *     on the abstraction or on the synthesis.
 *  3. When some problem stays open: non-termination (nonterm.h) on the
 *     preprocessed system, whose runs are those of the input: NO with a
 *     checked witness, else MAYBE. Its loops include, with the step
 *       accel    loop acceleration (accel.h: self-loops with constant
 *                increments taken n >= 2 times at once, each proved over Z
 *                to be n steps of the original) and the closed walks of
 *                two loops through one location (nonterm.h).
 *
 * Soundness of YES: an infinite run from the start visits finitely many
 * SCCs, so a suffix stays inside one SCC, i.e. inside one initial problem.
 * If a problem's ranking step is proved (every transition non-increasing,
 * the strict ones decreasing and bounded), an infinite run inside it takes
 * the strict transitions finitely often, so a suffix stays inside the rest,
 * hence inside one SCC of the rest: one of the new problems. A nested
 * or multiphase function proves no infinite run stays inside its problem. A refinement
 * (cfr.h) turns an infinite run inside its problem into an infinite run of
 * the refined system, which visits finitely many of its SCCs: so when each
 * of them is closed (by the same argument), the problem is. As the removal
 * strictly shrinks the problems, the recursion ends, and when every problem
 * is closed no infinite run exists.
 *
 * Contract: its_prove_with() fills an its_prove_result: the answer, for
 * MAYBE the reason (one line), for YES the readable proof (preprocessing,
 * then per problem the technique, the functions, the transitions removed),
 * for NO the checked witness. its_prove_result_print() writes it in
 * termCOMP's form:
 *     "YES\n" and the proof,
 *     "NO\n"  and the witness,
 *     "MAYBE\nreason: ...\n".
 * s must be valid (its_validate); s itself is not changed (terms are added
 * to s->ctx). opt->budget bounds the whole proof (its deadline) and every
 * solver check (its query limit); nothing of s->ctx is changed but its
 * terms and statistics.
 * Options select techniques (for experiments and for the cross-check that
 * no two configurations contradict each other); its_prove() uses all.
 *
 * Isolation: its_prove_isolated() runs the prover in a child process
 * (util_run_isolated), so that a solver call overrunning its timeout cannot
 * take the caller's time; the result crosses the process boundary through
 * its_prove_result_serialise / its_prove_result_parse, the only encoding.
 */
#ifndef BITPROVE_ITS_PROVE_H
#define BITPROVE_ITS_PROVE_H

#include "../util/budget.h"
#include "../util/util.h"
#include "its.h"

typedef enum { ITS_PROVE_MAYBE = 0, ITS_PROVE_YES = 1, ITS_PROVE_NO = 2 } its_prove_answer;

typedef struct {
  bool preprocess; /* step 1 */
  bool linear, nested, multiphase, minmax, poly; /* ranking techniques */
  bool cfr;        /* control-flow refinement of a problem the ranking techniques leave open */
  bool nonterm;    /* step 3 */
  bool accel;      /* step 3 with loop acceleration and closed walks of two loops (nonterm.h, accel.h) */
  bool project;    /* step 0: first the projection onto the counters (project.h) of a large system */
  uint32_t nested_depth; /* maximal depth of nested functions (0 = 3); multiphase: one more */
  double rank_share;     /* with nonterm: step 2 gets this fraction of the time left, in (0, 1]; 0: all of it */
  budget budget; /* the whole proof (past its deadline: MAYBE with reason "timeout") and each solver check */
} its_prove_options;

typedef struct {
  its_prove_answer answer;
  strbuf reason; /* MAYBE: why, one line without "reason: " (never empty) */
  strbuf proof;  /* YES: the proof; NO: the witness; the lines after the answer line */
} its_prove_result;

/* All techniques on, queries of 10000 ms, no deadline. */
its_prove_options its_prove_default_options(void);

/* All techniques within b; the result printed (its_prove_result_print) to
 * out. */
its_prove_answer its_prove(its *s, budget b, strbuf *out);
/* Fills *out (the caller frees it with its_prove_result_free); returns its answer. */
its_prove_answer its_prove_with(its *s, const its_prove_options *opt, its_prove_result *out);
void its_prove_result_free(its_prove_result *r);
/* Appends the termCOMP text ("YES\n" + proof, "NO\n" + witness, "MAYBE\nreason: ...\n"). */
void its_prove_result_print(const its_prove_result *r, strbuf *out);
/* The first line of the reason of a MAYBE (its length in *len); "MAYBE"
 * for the other answers. */
const char *its_prove_reason_line(const its_prove_result *r, int *len);

/* The result as text for another process, and back. Parsing fails (false,
 * *out a MAYBE with reason "malformed prover answer") on any text that
 * its_prove_result_serialise did not write. */
void its_prove_result_serialise(const its_prove_result *r, strbuf *out);
bool its_prove_result_parse(const char *text, size_t len, its_prove_result *out);

/* its_prove_with in a child process, killed at opt->budget's deadline (none:
 * no limit); the proof inside ends ITS_ISOLATED_MARGIN seconds earlier.
 * True when the child answered; false when it was killed or died: then
 * *out is a MAYBE whose reason says so ("timeout", "crashed", ...). The
 * caller frees *out either way. */
#define ITS_ISOLATED_MARGIN 0.5
bool its_prove_isolated(its *s, const its_prove_options *opt, its_prove_result *out);

#endif
