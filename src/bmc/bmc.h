/* bmc: bounded model checking of bitprove's IR (seed 003, LLBMC).
 *
 * What it does. For the checks of a property (unreach-call, no-overflow,
 * valid-deref, valid-free, valid-memtrack, valid-memcleanup) it encodes every
 * run of `main` up to a bound k as one bitvector/array formula: loops are
 * unrolled k times along the back edges of a reverse-postorder of each CFG
 * (seed 003, Sect. 3.5.2), calls are inlined per call site with recursion cut
 * at depth k (Sect. 3.6), values are bitvector terms, phis guarded choices,
 * memory one array from addresses to bytes with fixed object addresses and a
 * liveness flag per stack/heap object (Ch. 4, 5). Every check site adds a
 * condition "executed and violated"; every place where the bound cuts a run
 * (a back edge taken k times, recursion deeper than k, a library call or size
 * the encoding does not cover) adds an "unwinding" condition. The bound is
 * deepened 1, 2, 4, 8, ... within the time budget.
 *
 * Verdicts (ARCHITECTURE.md, rules of soundness):
 *  - FALSE(sub) only when the solver's model, turned into the sequence of
 *    nondeterministic values, was replayed by the interpreter (interp.h) and
 *    the replay violated one of the requested checks; sub is the check the
 *    replay names. A model that does not replay is never reported as FALSE
 *    (with o->debug it is reported on stderr); its check site is excluded and
 *    the solver asked again, a few times.
 *  - TRUE only when no violation is satisfiable and no unwinding condition is
 *    either (every loop and recursion fully unrolled, nothing cut), and only
 *    for unreach-call, no-overflow and valid-memcleanup: the memory model is
 *    address-based, while the interpreter judges dereferences by provenance,
 *    so a clean unwinding is no proof of valid-deref.
 *  - UNKNOWN otherwise, with the reason.
 *
 * Ownership: the module is only read; bmc_check fills *out (the caller frees
 * it with verdict_free) and frees everything else it allocated.
 */
#ifndef BITPROVE_BMC_H
#define BITPROVE_BMC_H

#include <stdbool.h>
#include <stdint.h>

#include "../driver/property.h"
#include "../driver/verdict.h"
#include "../ir/ir.h"

typedef struct {
  unsigned bound;        /* fixed bound k (--bmc-bound); 0: deepen 1, 2, 4, ... */
  unsigned max_bound;    /* deepening stops after this bound (default 1024) */
  double timeout;        /* seconds of wall time for the whole check; <= 0: none */
  bool debug;            /* report models that do not replay on stderr */
  bool stats;            /* print counters on stderr at the end */
} bmc_options;

typedef enum {
  BMC_TRUE,    /* proved: complete unwinding without violation */
  BMC_FALSE,   /* a replayed counterexample */
  BMC_UNKNOWN  /* bound or time exhausted, unsupported, or gave up */
} bmc_result;

/* Defaults: deepening, max_bound 1024, no timeout, no debug, no stats. */
void bmc_options_default(bmc_options *o);

/* Checks property p on m. The verdict's detail lines hold the trace for
 * FALSE ("nondet values: ..." re-usable with `bitprove run --nondet`), the
 * bound for TRUE, the reason for UNKNOWN. Returns the same answer as *out. */
bmc_result bmc_check(const ir_module *m, const property *p, const bmc_options *o, verdict *out);

#endif
