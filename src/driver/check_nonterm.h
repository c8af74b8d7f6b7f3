/* check_nonterm: what the driver asks the non-termination search
 * (src/nonterm), with BMC's bit-precise encoding as its provers (stems to
 * loop heads, recurrent sets), and how its certificate becomes a verdict.
 *
 * Contract: drv_nonterm_check() searches within b and returns true with
 * *out = FALSE(termination), its explanation and evidence (the stem's and
 * the cycle's values; the lasso's visits or the recurrent set) when the
 * search found a checked certificate; otherwise false with *out untouched.
 * drv_nonterm_verdict() makes that verdict of a certificate found
 * elsewhere (BMC's lasso query, checked by nonterm_check_lasso). */
#ifndef BITPROVE_DRIVER_CHECK_NONTERM_H
#define BITPROVE_DRIVER_CHECK_NONTERM_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../nonterm/nonterm.h"
#include "../util/budget.h"
#include "verdict.h"

bool drv_nonterm_check(const ir_module *m, budget b, bool debug, verdict *out);
/* The same for the program read with mathematical integers (termCOMP):
 * lassos whose every step is exact over the integers (nonterm_search_math). */
bool drv_nonterm_check_math(const ir_module *m, budget b, bool debug, verdict *out);
/* A certificate as that verdict (FALSE(termination), explanation,
 * evidence); takes r's contents over and leaves r empty. */
void drv_nonterm_verdict(nonterm_result *r, verdict *out);

#endif
