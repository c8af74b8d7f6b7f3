/* check_bmc: what the driver asks bounded model checking (src/bmc), and how
 * its answer becomes a verdict.
 *
 * Contract: drv_bmc_verdict() maps a bmc_result to the verdict (it only
 * reads r):
 *   BMC_VIOLATION -> FALSE(r->violated) with the replayed trace: one line
 *                    per nondeterministic value, the interpreter's outcome,
 *                    and "nondet values: a,b,..." (re-usable with
 *                    `bitprove run --nondet`);
 *   BMC_SAFE      -> TRUE with the bound of the complete unwinding;
 *   BMC_UNKNOWN   -> UNKNOWN with "bmc: <reason>", and a note when
 *                    no-overflow is never proved (r->shl_unprovable).
 * drv_bmc_check() runs BMC on the safety checks of p within budget b and
 * fills *out that way; a property with
 * termination is UNKNOWN without running it. */
#ifndef BITPROVE_DRIVER_CHECK_BMC_H
#define BITPROVE_DRIVER_CHECK_BMC_H

#include "../bmc/bmc.h"
#include "options.h"
#include "property.h"
#include "verdict.h"

void drv_bmc_verdict(const ir_module *m, const bmc_result *r, verdict *out);
void drv_bmc_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out);
/* k-induction (bmc.h, "k-induction") on the safety checks of p within b:
 * TRUE with the k, the loops havocked and the invariants assumed (also as
 * the correctness witness's loop invariants, those that can be written in
 * C at a while/for statement); otherwise UNKNOWN ("k-induction: <reason>").
 * Returns whether it proved. */
bool drv_kind_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out);
/* Termination by BMC within b (bmc.h, "termination"), every bound first_bound
 * in the first round (0: 1): with prove, TRUE
 * from a complete unwinding, with the bound of each loop and the
 * assumption on undefined behaviour; with lasso, FALSE from a lasso query
 * whose candidate nonterm_check_lasso confirmed (the same verdict and
 * evidence as the lasso search's). Otherwise UNKNOWN ("bmc: <reason>");
 * returns whether it decided. */
bool drv_bmc_termination(const ir_module *m, const drv_options *o, budget b, unsigned first_bound, bool prove,
                         bool lasso, verdict *out);

#endif
