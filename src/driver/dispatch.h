/* dispatch: maps a property to the engines that can decide it, and runs them
 * within the time budget. This is the only place that knows every engine.
 *
 * Contract: drv_check() always fills *out with a verdict. It never answers
 * TRUE or FALSE without a proof or a checked counterexample (ARCHITECTURE.md,
 * rules of soundness); when the module contains unsupported constructs the
 * answer is UNKNOWN naming the first of them. */
#ifndef BITPROVE_DISPATCH_H
#define BITPROVE_DISPATCH_H

#include "../ir/ir.h"
#include "property.h"
#include "verdict.h"

void drv_check(const ir_module *m, const property *p, verdict *out);

#endif
