/* check_direct: termination by the direct translation into an integer
 * transition system (seed 001, src/direct) and the ITS back end, as the
 * driver asks it.
 *
 * Contract: drv_direct_termination() translates m (o->math_ints chooses the
 * integer semantics, direct.h) and proves its ITS within b. *out becomes
 * TRUE on the back end's YES, with the translation's assumptions and the
 * proof; otherwise UNKNOWN with the reason (a non-terminating run of the
 * over-approximating ITS is only a hint there). *facts (may be NULL) tells
 * the caller what the verdict alone does not:
 *   assumed_memsafe  the TRUE covers memory-safe runs only (the translation
 *                    abstracted memory it does not track);
 *   exact_no         the back end proved the ITS non-terminating (a witness
 *                    checked on the original transitions) and the
 *                    translation is exact (direct_info_exact: mathematical
 *                    integers, values unknown only where the program draws
 *                    them, no assumption), so the program has that infinite
 *                    run; no_proof then holds the translation's summary and
 *                    the back end's text (the caller frees it).
 * --dump-its writes the ITS; --stats prints solver statistics. */
#ifndef BITPROVE_DRIVER_CHECK_DIRECT_H
#define BITPROVE_DRIVER_CHECK_DIRECT_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../util/budget.h"
#include "../util/util.h"
#include "options.h"
#include "verdict.h"

typedef struct {
  bool assumed_memsafe;
  bool exact_no;
  strbuf no_proof;
} drv_direct_facts;

void drv_direct_termination(const ir_module *m, const drv_options *o, budget b, verdict *out,
                            drv_direct_facts *facts);

#endif
