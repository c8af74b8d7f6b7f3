/* dispatch: maps a property to the engines that can decide it, and runs them
 * within the time budget. This is the only place that knows every engine.
 *
 * With --engine auto: termination by a short non-termination search first
 * (lassos, recurrent sets), then the symbolic execution graph and the
 * direct translation (a program of more than DRV_LARGE_PROGRAM instructions
 * gets the direct translation first); valid-memsafety, valid-memcleanup,
 * no-overflow and unreach-call by the graph for TRUE and BMC for FALSE.
 *
 * Contract: drv_check() always fills *out with a verdict. It never answers
 * TRUE or FALSE without a proof or a checked counterexample
 * (docs/ARCHITECTURE.md, rules of soundness); when the module contains unsupported constructs the
 * answer is UNKNOWN naming the first of them. A FALSE that rests on inline
 * asm outputs (a counterexample drawing them, or non-termination of a
 * program whose asm has outputs) is UNKNOWN: the IR over-approximates them. */
#ifndef BITPROVE_DISPATCH_H
#define BITPROVE_DISPATCH_H

#include "../ir/ir.h"
#include "../util/budget.h"
#include "options.h"
#include "property.h"
#include "verdict.h"

/* Checks p within the run's budget (budget_of_run(): --timeout), handing
 * each engine its share (dispatch.c's table). */
void drv_check(const ir_module *m, const property *p, const drv_options *o, budget run, verdict *out);

#endif
