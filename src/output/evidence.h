/* evidence: what a verdict rests on, as data, for the files bitprove writes
 * for other tools (witness.h, harness.h) and for the driver's verdict.
 *
 * A FALSE keeps its counterexample: the nondeterministic values the
 * interpreter consumed in the replay that confirmed it, in order, each with
 * its width, origin and (for a __VERIFIER_nondet_* call) the function
 * called. A FALSE(termination) keeps its lasso or recurrent set besides. A
 * TRUE may keep invariants: loop-head facts in source terms, for
 * correctness witnesses.
 *
 * Ownership: the evidence owns every vector and string in it;
 * evidence_free() frees them and leaves an empty evidence. */
#ifndef BITPROVE_OUTPUT_EVIDENCE_H
#define BITPROVE_OUTPUT_EVIDENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../interp/interp.h"
#include "../ir/ir.h"
#include "../util/util.h"

/* A fact that held at a program location in every run the proof covers, as
 * a side-effect-free C expression over the source program's own variable
 * names. */
typedef struct {
  ir_loc loc;     /* the loop head's (or statement's) source location */
  char *func;     /* the enclosing source function's name (owned) */
  char *expr;     /* the C expression (owned) */
  bool loop_head; /* loop_invariant (true) or location_invariant (false) */
} evidence_invariant;
typedef VEC(evidence_invariant) evidence_invariant_vec;

typedef struct {
  interp_nondet_vec cex; /* FALSE: the replayed run's nondet values;
                            FALSE(termination): the stem's, then the cycle's */
  size_t lasso_stem;     /* FALSE(termination): how many of cex are the stem */
  uint64_t lasso_first, lasso_second; /* FALSE(termination): the loop-head visits with equal states */
  uint64_t recur_visit;  /* FALSE(termination) by a recurrent set: the stem's loop-head visit (else 0) */
  char *recur_set;       /* ... and the set as a C expression over source variables (NULL: none) */
  bool recur_call;       /* ... of a recursion: recur_visit is the call depth of the stem's last call */
  evidence_invariant_vec invariants; /* TRUE: may be empty */
} evidence;

void evidence_free(evidence *e);

#endif
