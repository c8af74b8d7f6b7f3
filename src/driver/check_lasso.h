/* check_lasso: FALSE(termination) from a lasso with a repeated state (the
 * first certificate kind of the non-termination issue), found and checked by
 * the concrete interpreter alone (interp.h, "Lassos"); no solver is trusted.
 *
 * Search: runs of main whose nondeterministic values follow simple
 * strategies (every draw the same constant: 0, 1, -1, 2, ..., 10, 16, 100;
 * then small random values in ranges around zero and small positive ones,
 * from a fixed sequence of seeds), each watched for a
 * loop-head state whose hash an earlier visit of the same run had. A run
 * that ends (exit, UB, error, assume, step limit) is no candidate.
 * Check: the candidate run is replayed from its recorded values (strict: no
 * value beyond them) with the two visits compared byte for byte. Only an
 * identical pair makes FALSE(termination); a hash collision or a state the
 * replay does not reach again is dropped.
 *
 * Contract: drv_lasso_check() searches until `deadline` (util_now() value;
 * 0: a built-in 10 s) and returns true with *out = FALSE(termination) and
 * its explanation: the loop head, both visits, the stem's and the cycle's
 * values (re-usable with `bitprove run --nondet`; the cycle repeats
 * forever); out->cex holds stem and cycle (stem first), and out->lasso_stem
 * the stem's length. Otherwise false, *out untouched. Every FALSE rests on
 * the exact comparison.
 *
 * When no run of the strategies reaches any loop head, BMC is asked for
 * stems to the loop heads of main (bmc_find_stem: up to 3 heads, bound 8);
 * each stem's draws answer a run's draws first, then a few strategies take
 * over; those runs are searched and checked the same way.
 *
 * A search run that reaches its step limit without a repeated state is
 * handed to check_recur.h (a recurrent set at the loop head it visited
 * last, once per loop head); its FALSE is returned the same way. `debug`:
 * why a candidate failed, on stderr. */
#ifndef BITPROVE_DRIVER_CHECK_LASSO_H
#define BITPROVE_DRIVER_CHECK_LASSO_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "verdict.h"

bool drv_lasso_check(const ir_module *m, double deadline, bool debug, verdict *out);

#endif
