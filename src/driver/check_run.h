/* check_run: termination of a program without inputs, by running it.
 *
 * A program that draws no value (no nondet call, no read of uninitialised
 * memory, no undef operand, no external global's contents, no asm output:
 * every one of them is a draw of the interpreter, interp.h) and whose main
 * takes no arguments has exactly one run, for the interpreter's object
 * addresses and with allocation succeeding (SV-COMP's reading of malloc).
 * drv_run_termination() runs it in the interpreter, strictly (the first
 * draw ends the run, and the answer is "not decided") within b and at most
 * DRV_RUN_MAX_STEPS instructions:
 *   - the run ends (return, exit, abort, an error call, a failing assume,
 *     a trap) without undefined behaviour: true, *out = TRUE, with the
 *     number of steps and the assumptions;
 *   - anything else: false, *out untouched (a run with undefined behaviour
 *     or that does not end within the steps is left to the other engines).
 * The caller must not ask about a program with inline asm (IR_ASM,
 * IR_HAVOC): the interpreter runs one of an asm's behaviours (memory behind
 * a "memory" clobber unchanged), not all of them. */
#ifndef BITPROVE_DRIVER_CHECK_RUN_H
#define BITPROVE_DRIVER_CHECK_RUN_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../util/budget.h"
#include "verdict.h"

#define DRV_RUN_MAX_STEPS 50000000u

bool drv_run_termination(const ir_module *m, budget b, verdict *out);

#endif
