/* check_math: what the Termination Competition's reading of C adds to a
 * termination verdict (--int-semantics math; `bitprove termcomp`).
 *
 * termCOMP's rule: a memory-unsafe program deserves neither YES nor NO. So
 * a TRUE or FALSE(termination) stands only with memory safety proved:
 *   - by syntax (drv_memory_safe_by_syntax): every load and store goes to a
 *     global or to a stack variable of its own frame, at a constant offset
 *     within its size, and no call reaches memory (no malloc, free, string
 *     or memory function, no call without a body but the SV-COMP ones); or
 *   - by the symbolic execution graph: complete, without a memory-error
 *     state, for valid-deref and valid-free (drv_require_memory_safety).
 * With math_ints the graph reads integers as mathematical ones, so its
 * proof covers every run of that reading; malloc then always succeeds.
 * Bit-precise (`termcomp --int-semantics bit`), a program with undefined
 * behaviour deserves neither answer either: the driver asks this for every
 * YES and NO whose proof did not already show it (verdict.ub_free).
 *
 * drv_exact_no_applies(): a non-terminating run of the direct
 * translation's exact ITS is a run of the mathematical program as
 * direct.h reads it, except where the ITS is freer than the program: a
 * program that uses unsigned operations (unsigned comparisons, udiv, urem,
 * lshr, a zext of an integer, nuw-only arithmetic) leaves open how the
 * competition reads an unsigned value that the integers take below 0, and
 * main's parameters start free in the ITS (argc >= 1 in a run); such
 * programs get no FALSE from that run. */
#ifndef BITPROVE_DRIVER_CHECK_MATH_H
#define BITPROVE_DRIVER_CHECK_MATH_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../util/budget.h"
#include "options.h"
#include "verdict.h"

/* undefined_calls_arbitrary: a call of a function without a body (and no
 * builtin) writes nothing (termCOMP's rule). */
bool drv_memory_safe_by_syntax(const ir_module *m, bool undefined_calls_arbitrary);
bool drv_exact_no_applies(const ir_module *m);

/* *out is a TRUE or FALSE(termination) that `what` describes ("termination
 * is proved for memory-safe runs only (direct translation)"). Keeps it
 * with a note saying how memory safety is proved (syntax, or the graph
 * within b), or makes it UNKNOWN: "<what>, and memory safety is not
 * proved: <the graph's reason>". With bit-precise integers (!o->math_ints)
 * the program's freedom from every undefined behaviour is what is needed
 * (a signed overflow is one, as a memory error is): the graph proves
 * valid-deref, valid-free and no-overflow, with no ERR state at all. */
void drv_require_memory_safety(const ir_module *m, const drv_options *o, budget b, const char *what, verdict *out);

#endif
