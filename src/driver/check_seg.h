/* check_seg: what the driver asks the symbolic execution graph (src/seg).
 *
 * Contract: drv_seg_check() builds the SEG of m within budget b and fills
 * *out with TRUE only when the graph proves property p:
 *   - valid-deref / valid-free / no-overflow: the graph is complete and has
 *     no ERR leaf (seed 002 Thm. 5): for no-overflow none at all (a run
 *     stopped at a memory error is not followed further); for the others an
 *     overflow ERR is allowed, because the graph continues every
 *     overflowing run with the wrapped value (division by zero and other UB
 *     end a run and block every proof);
 *   - valid-memtrack / valid-memcleanup: in addition, no END leaf has a heap
 *     allocation left (a program that frees everything loses nothing);
 *   - termination: in addition, the ITS of the graph terminates (seed 002
 *     Def. 6, Thm. 7), proved by the ITS back end;
 *   - unreach-call: in addition, no state calls reach_error (the graph
 *     over-approximates every run).
 * The graph merges the states of different paths at join points
 * (seg_options.join_states, --seg-join-states); when such a graph is
 * complete but proves nothing, a second one explores every path on its own
 * in the time left (merging loses disjunctions some proofs need).
 * With o->math_ints the graph reads integers as mathematical ones
 * (seg_options.math_ints). With math_ints or o->require_memory_safety
 * (termCOMP) malloc always succeeds, and a termination proof allows no
 * memory-error state at all (a null dereference does not end its runs).
 * Otherwise *out is UNKNOWN with the reason and the function returns false.
 * Writes the graph to o->dump_seg_file when set, statistics to stderr with
 * o->stats. */
#ifndef BITPROVE_DRIVER_CHECK_SEG_H
#define BITPROVE_DRIVER_CHECK_SEG_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../util/budget.h"
#include "options.h"
#include "property.h"
#include "verdict.h"

bool drv_seg_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out);

/* Can the SEG prove this property at all (every check is one it decides)? */
bool drv_seg_decides(const property *p);

#endif
