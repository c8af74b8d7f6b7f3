/* verdict: what bitprove answers for one property, and how it is printed.
 *
 * Output convention (SV-COMP): the first line is exactly TRUE,
 * FALSE(<subproperty>) or UNKNOWN; the lines after it explain (for UNKNOWN
 * the first of them is "reason: ..."; for TRUE the proof and the
 * assumptions it rests on; for FALSE the checked trace).
 *
 * A FALSE verdict also keeps its counterexample as data (cex): the
 * nondeterministic values the interpreter consumed in the replay that
 * confirmed it, in order, each with its width, origin and (for a
 * __VERIFIER_nondet_* call) the function called. --harness and --testcase
 * write it (harness.h). A TRUE verdict may keep invariants (loop-head facts
 * in source terms) for correctness witnesses. verdict_free() frees both. */
#ifndef BITPROVE_VERDICT_H
#define BITPROVE_VERDICT_H

#include <stdbool.h>
#include <stdio.h>

#include "../interp/interp.h"
#include "../util/util.h"
#include "property.h"

typedef enum { VERDICT_TRUE, VERDICT_FALSE, VERDICT_UNKNOWN } verdict_kind;

/* TRUE: a fact that held at a program location in every run the proof
 * covers, as a side-effect-free C expression over the source program's own
 * variable names (for correctness witnesses; see witness.h). */
typedef struct {
  ir_loc loc;     /* the loop head's (or statement's) source location */
  char *func;     /* the enclosing source function's name (owned) */
  char *expr;     /* the C expression (owned) */
  bool loop_head; /* loop_invariant (true) or location_invariant (false) */
} verdict_invariant;
typedef VEC(verdict_invariant) verdict_invariant_vec;

typedef struct {
  verdict_kind kind;
  prop_check violated; /* FALSE: the subproperty */
  strbuf detail;       /* explanation lines, each ending in '\n' */
  interp_nondet_vec cex; /* FALSE: the replayed run's nondet values (owned);
                            FALSE(termination): the stem's, then the cycle's */
  size_t lasso_stem;     /* FALSE(termination): how many of cex are the stem */
  uint64_t lasso_first, lasso_second; /* FALSE(termination): the loop-head visits with equal states */
  uint64_t recur_visit;  /* FALSE(termination) by a recurrent set: the stem's loop-head visit (else 0) */
  char *recur_set;       /* ... and the set as a C expression over source variables (owned; NULL: none) */
  bool recur_call;       /* ... of a recursion: recur_visit is the call depth of the stem's last call */
  verdict_invariant_vec invariants; /* TRUE: may be empty (owned) */
} verdict;

void verdict_unknown(verdict *v, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* Appends one explanation line. */
void verdict_note(verdict *v, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* Appends each line of text (which may be NULL) as one explanation line,
 * prefixed by prefix. */
void verdict_note_lines(verdict *v, const char *prefix, const char *text);
/* Prints "<head>VERDICT\n" and the detail lines, each prefixed by indent. */
void verdict_print(const verdict *v, const char *head, const char *indent, FILE *out);
void verdict_free(verdict *v);

#endif
