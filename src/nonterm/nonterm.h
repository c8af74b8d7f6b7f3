/* nonterm: FALSE(termination) certificates, found by running the program
 * and checked by the concrete interpreter (an engine; the driver turns its
 * result into a verdict).
 *
 * Two kinds of certificate:
 *
 * LASSO, a repeated state (interp.h, "Lassos"); no solver is trusted.
 * Search: runs of main whose nondeterministic values follow simple
 * strategies (every draw the same constant: 0, 1, -1, 2, ..., 10, 16, 100;
 * then small random values in ranges around zero and small positive ones,
 * from a fixed sequence of seeds), each watched for a loop-head state whose
 * hash an earlier visit of the same run had. A run that ends (exit, UB,
 * error, assume, step limit) is no candidate. Check: the candidate run is
 * replayed from its recorded values (strict: no value beyond them) with the
 * two visits compared byte for byte. Only an identical pair is a
 * certificate; a hash collision or a state the replay does not reach again
 * is dropped. When no run of the strategies reaches any loop head, the
 * provers' find_stem is asked for stems to the loop heads of main (up to 3
 * heads, bound 8); each stem's draws answer a run's draws first, then a
 * few strategies take over; those runs are searched and checked the same
 * way.
 *
 * RECURRENT, a recurrent set (recur.c). A search run that reaches its step
 * limit without a repeated state was most likely caught in the loop it
 * visited last (once per loop head); one that ended at its call-depth
 * limit in the recursion it was in. For that loop head (or function) and
 * visit:
 *   1. the stem (the run's draws up to the visit) is replayed strictly in
 *      the interpreter, which reports the frame's values at the visit; a
 *      stem with undefined behaviour ends before it and is no stem;
 *   2. the provers' prove_recurrent looks for a set S containing those
 *      values and proves, over the bit-precise encoding of one iteration
 *      (or one execution of the function up to its next call of itself),
 *      that every state of S comes back to the head without undefined
 *      behaviour and lands in S again (for every value of the iteration's
 *      draws, or with all of them one constant), and that the values lie
 *      in S.
 *
 * The bit-precise encoding belongs to another engine (BMC), so the search
 * gets it as services (nonterm_provers) from the driver; without them it
 * finds lassos of the strategies' runs only.
 *
 * Contract: nonterm_search() runs until b's deadline (none: 10 s) and
 * returns true with *out filled (kind, explanation lines, the stem's and
 * the cycle's draws, the visits); false with *out empty otherwise. Every
 * certificate rests on the interpreter's exact comparison or replay and
 * the prover's proof. `debug`: why a candidate failed, on stderr. */
#ifndef BITPROVE_NONTERM_NONTERM_H
#define BITPROVE_NONTERM_NONTERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../interp/interp.h"
#include "../ir/ir.h"
#include "../util/budget.h"
#include "../util/util.h"

/* A recurrent-set question: the loop head `head` of function func (or, for
 * a recursion, func's entry) and the values of one visit there: values[i]
 * is instruction i's result, values[ninsts + a] argument a. */
typedef struct {
  uint32_t func, head;
  const uint64_t *values;
  uint32_t nvalues; /* ninsts + nparams of func */
  bool recursion;
  budget budget;
} nonterm_recur_query;

/* Its answer: found only with a proof that S is recurrent and contains the
 * values. */
typedef struct {
  bool found;
  char reason[200]; /* !found: why */
  char *set_c;      /* S in C over source names (NULL: not every atom can be written so); owned */
  char *set_words;  /* S with IR names where source names are missing; owned */
  bool cycle_any;   /* the proof holds for every value of the draws */
  uint64_t cycle_value; /* !cycle_any: every draw of an iteration is this */
  unsigned queries;
} nonterm_recur_proof;

/* The services of a bit-precise encoding. Either function may be NULL. */
typedef struct {
  /* A run of main reaching block `block` of func within max_bound
   * unrollings: its planned draws (owned by the caller), or false. */
  bool (*find_stem)(void *ctx, const ir_module *m, uint32_t func, uint32_t block, unsigned max_bound, budget b,
                    interp_planned_draw **draws, size_t *ndraws);
  /* A recurrent set for q (see above); out->set_* are freed by the caller. */
  bool (*prove_recurrent)(void *ctx, const ir_module *m, const nonterm_recur_query *q, nonterm_recur_proof *out);
  void *ctx;
} nonterm_provers;

typedef enum { NONTERM_LASSO = 1, NONTERM_RECURRENT } nonterm_kind;

typedef struct {
  nonterm_kind kind;
  strbuf explanation;      /* lines, each ending in '\n' */
  interp_nondet_vec draws; /* the stem's values, then (LASSO) the cycle's */
  size_t stem;             /* how many of draws are the stem */
  uint64_t first, second;  /* LASSO: the loop-head visits with equal states */
  uint64_t visit;          /* RECURRENT: the stem's loop-head visit (a recursion: the call depth) */
  bool recursion;          /* RECURRENT: of a recursion */
  char *set_c;             /* RECURRENT: S in C over source names, NULL when it cannot be written; owned */
} nonterm_result;

bool nonterm_search(const ir_module *m, budget b, const nonterm_provers *provers, bool debug, nonterm_result *out);

/* The same search for the program read with mathematical integers
 * (termCOMP's C reading): lassos only (a recurrent set is proved over the
 * bit-precise encoding; provers->find_stem still proposes stems), every
 * run and its exact check made with interp_options.math_exact, so a lasso
 * found is a run of the mathematical program whose state repeats. */
bool nonterm_search_math(const ir_module *m, budget b, const nonterm_provers *provers, bool debug,
                         nonterm_result *out);

/* A lasso candidate from elsewhere (BMC's lasso query): a run of main
 * whose draws are answered from draws[0 .. n) (the first unused planned
 * draw of the same instruction, as BMC's replay answers them; 0 after the
 * list), watched for a repeated loop-head state, and any repetition found
 * checked exactly as the search's candidates are. True with *out filled
 * (LASSO) only for a checked lasso; false with *out empty otherwise. */
bool nonterm_check_lasso(const ir_module *m, const interp_planned_draw *draws, size_t n, budget b, bool debug,
                         nonterm_result *out);
void nonterm_result_free(nonterm_result *r);

#endif
