/* query: the questions engines ask, with a result cache, a cheap pre-check
 * and statistics.
 *
 * Every query reduces to the satisfiability of one simplified term Q:
 *   smt_is_sat(A)      Q = A
 *   smt_is_valid(A)    Q = not A         (valid iff Q is unsat; a top-level
 *                                        or is negated into an and)
 *   smt_implies(A, B)  Q = A and not B   (valid iff Q is unsat)
 * The answer is cached by Q's term index, so repeated questions (the SEG
 * asks the same implications again and again) cost one array lookup, and
 * is_valid(A => B) shares its entry with implies(A, B). UNKNOWN answers are
 * cached with the timeout they had; a later query with a larger timeout
 * asks the solver again.
 *
 * Before the solver, a pre-check (precheck.c) looks at conjunctions of
 * linear Int atoms (and unsigned comparisons of BV terms of width <= 62,
 * read as bounded integers): bound propagation and Fourier-Motzkin
 * elimination refute (UNSAT), and a candidate assignment that the exact
 * evaluator confirms proves SAT. It answers only when certain.
 *
 * The solver is created on the first query that needs it (Z3 by default)
 * and is used with push/assert/check/pop. Each query carries its budget
 * (util/budget.h): the solver gets the budget's query limit, capped by its
 * deadline; the context holds no limit of its own. With a dump directory set, every
 * query that reaches the solver is written as query-NNNNNN.smt2 with its
 * answer as a trailing comment, replayable with `z3 FILE`.
 *
 * Statistics count queries per kind, cache hits, pre-check decisions,
 * solver calls and answers, and time; smt_stats_print() prints them.
 */
#ifndef BITPROVE_SMT_QUERY_H
#define BITPROVE_SMT_QUERY_H

#include <stdio.h>

#include "solver.h"
#include "term.h"

/* Answers to yes/no questions (validity, implication). */
typedef enum { SMT_DONT_KNOW = 0, SMT_YES = 1, SMT_NO = 2 } smt_answer;
const char *smt_answer_name(smt_answer a);

typedef enum { SMT_Q_SAT = 0, SMT_Q_VALID, SMT_Q_IMPLIES, SMT_Q_NUM_KINDS } smt_query_kind;

typedef struct {
  uint64_t queries;
  uint64_t trivial;      /* decided by the simplifier (Q was true/false) */
  uint64_t cache_hits;
  uint64_t precheck_sat, precheck_unsat;
  uint64_t solver_calls, solver_sat, solver_unsat, solver_unknown;
  double seconds;        /* total time in these queries */
  double solver_seconds; /* of which in the solver */
} smt_query_stats;

typedef struct {
  smt_query_stats q[SMT_Q_NUM_KINDS];
  uint64_t precheck_calls; /* pre-check attempts (decided or not) */
  double precheck_seconds;
} smt_stats;

/* ---- options ---------------------------------------------------------- */
void smt_set_cache(smt_ctx *ctx, bool on);       /* default on */
void smt_set_precheck(smt_ctx *ctx, bool on);    /* default on */
/* Dump every solver query into dir (created if missing); NULL stops. */
void smt_set_dump_dir(smt_ctx *ctx, const char *dir);

/* ---- queries ------------------------------------------------------------ */
smt_result smt_is_sat(smt_ctx *ctx, budget b, smt_term a);
smt_answer smt_is_valid(smt_ctx *ctx, budget b, smt_term a);
smt_answer smt_implies(smt_ctx *ctx, budget b, smt_term a, smt_term c);
/* The reason of the last DONT_KNOW/UNKNOWN answer ("timeout", ...). */
const char *smt_last_reason(const smt_ctx *ctx);
/* The solver the queries use (created on demand); callers may use it for
 * their own push/assert/check/pop sequences if they pop what they push. */
smt_solver *smt_query_solver(smt_ctx *ctx);

/* ---- pre-check (precheck.c) --------------------------------------------- */
/* SMT_SAT / SMT_UNSAT when the cheap reasoning is certain, else UNKNOWN.
 * Counted in stats.precheck_*; never calls a solver. */
smt_result smt_precheck_sat(smt_ctx *ctx, smt_term q);

/* ---- statistics ----------------------------------------------------------- */
const smt_stats *smt_stats_get(const smt_ctx *ctx);
void smt_stats_reset(smt_ctx *ctx);
void smt_stats_print(const smt_ctx *ctx, FILE *out);

#endif
