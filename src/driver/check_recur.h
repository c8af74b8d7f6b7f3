/* check_recur: FALSE(termination) from a recurrent set (the second
 * certificate kind of the non-termination issue; bmc.h, "recurrent sets").
 *
 * Candidates come from the lasso search (check_lasso.h): a run that went on
 * until its step limit without a repeated state was most likely caught in
 * the loop it visited last. For that loop head and visit:
 *   1. the stem (the run's draws up to the visit) is replayed strictly in
 *      the interpreter, which reports the frame's values at the visit; a
 *      stem with undefined behaviour ends before it and is no stem;
 *   2. bmc_recur_find() looks for a set S containing those values and
 *      proves, over the bit-precise encoding of one iteration, that every
 *      state of S comes back to the head without undefined behaviour and
 *      lands in S again (for every value of the iteration's draws, or with
 *      all of them one constant);
 *   3. S is evaluated on the replayed values once more (smt_eval): the stem
 *      really reaches S.
 * A run that ended at its call-depth limit was most likely caught in a
 * recursion: the same with the last call as the visit, S a set of the
 * callee's arguments, and the cycle one execution of it up to the next
 * call of it (bmc.h, query.recursion).
 * Only then FALSE(termination), explained by the loop head, S (in source
 * names where debug info gives them), the stem's values and the cycle's.
 *
 * Contract: drv_recur_try() returns true with *out = FALSE(termination)
 * (out->cex = the stem's values, out->lasso_stem = their count,
 * out->recur_set = S as a C expression when every atom can be written in
 * source terms, else NULL; out->recur_visit = the visit) or false with *out
 * untouched; it stops at `deadline`. */
#ifndef BITPROVE_DRIVER_CHECK_RECUR_H
#define BITPROVE_DRIVER_CHECK_RECUR_H

#include <stdbool.h>

#include "../interp/interp.h"
#include "../ir/ir.h"
#include "verdict.h"

typedef struct {
  bool recursion;       /* a recursion: func's entry, visit = the call depth of the call */
  uint32_t func, block; /* the loop head */
  uint64_t visit;       /* its visit number in the run */
  uint64_t ndraws;      /* draws of the run before that visit */
  uint64_t steps;       /* the run's length (a bound for the replay) */
} drv_recur_candidate;

bool drv_recur_try(const ir_module *m, const interp_nondet_vec *draws, const drv_recur_candidate *cand,
                   double deadline, bool debug, verdict *out);

#endif
