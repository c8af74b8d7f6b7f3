/* dispatch: maps a property to the engines that can decide it, and runs them
 * within the time budget. This is the only place that knows every engine.
 *
 * Contract: drv_check() always fills *out with a verdict. It never answers
 * TRUE or FALSE without a proof or a checked counterexample (ARCHITECTURE.md,
 * rules of soundness); when the module contains unsupported constructs the
 * answer is UNKNOWN naming the first of them. A FALSE that rests on inline
 * asm outputs (a counterexample drawing them, or non-termination of a
 * program whose asm has outputs) is UNKNOWN: the IR over-approximates them. */
#ifndef BITPROVE_DISPATCH_H
#define BITPROVE_DISPATCH_H

#include "../ir/ir.h"
#include "../its/prove.h"
#include "property.h"
#include "verdict.h"

/* Which engine answers. AUTO picks per property: termination by the
 * symbolic execution graph (SEG) and, when it gives no proof, the direct
 * translation; valid-memsafety, valid-memcleanup and no-overflow by the SEG
 * for TRUE (a complete graph without ERR) and BMC for FALSE (a replayed
 * counterexample); unreach-call by BMC. */
typedef enum { DRV_ENGINE_AUTO, DRV_ENGINE_SEG, DRV_ENGINE_BMC, DRV_ENGINE_DIRECT, DRV_ENGINE_LASSO } drv_engine;

typedef struct {
  drv_engine engine;
  unsigned bmc_bound;          /* --bmc-bound K; 0: iterative deepening */
  const char *dump_its_format; /* --dump-its FMT FILE (termination), or NULL */
  const char *dump_its_file;
  const char *dump_seg_file;   /* --dump-seg FILE.dot, or NULL */
  bool proof; /* --proof: the whole ITS and its proof behind a TRUE of the SEG */
  bool stats; /* solver statistics on stderr */
  bool seg_modular_all; /* --seg-modular-all: seg_options.modular_all */
  bool seg_join_set;    /* --seg-join-states N given: seg_options.join_states = seg_join_states */
  unsigned seg_join_states;
  bool debug; /* engine diagnostics on stderr (e.g. models that do not replay) */
  /* --int-semantics math (termination only): integers are unbounded (the
   * Termination Competition's reading of C). The symbolic execution graph
   * is bit-precise and declines; the direct translation runs in math mode. */
  bool math_ints;
} drv_options;

void drv_options_default(drv_options *o);
/* Parses "bit" / "math" into o->math_ints; false if neither. */
bool drv_int_semantics_parse(const char *name, drv_options *o);
/* Parses an engine name ("auto", "seg", "bmc", "direct"); false if unknown. */
bool drv_engine_parse(const char *name, drv_engine *out);

void drv_check(const ir_module *m, const property *p, const drv_options *o, verdict *out);

/* Helpers of the termination engines (check_seg.c uses them too). */
/* Writes s to file in format "koat", "smt2" or "ari" (--dump-its); false
 * with a warning on stderr when it cannot. */
bool drv_dump_its(const its *s, const char *format, const char *file);
/* The first line of the reason of the ITS back end's MAYBE (its length in
 * *len); "MAYBE" for the other answers. */
const char *drv_its_reason(const its_prove_result *r, int *len);

#endif
