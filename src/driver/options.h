/* options: how the command line configures the engines (drv_options), read
 * by main.c and the subcommands, handed to dispatch and the check_* files.
 *
 * --engine auto (the default) runs the engines in the order and with the
 * shares of the time that dispatch.c's table states: for termination a
 * program without inputs is run once, then the non-termination search,
 * BMC (complete unwinding or a lasso query), then the symbolic execution
 * graph and the direct translation (a large program gets the direct
 * translation first);
 * for the other properties the graph for TRUE and BMC for FALSE. */
#ifndef BITPROVE_DRIVER_OPTIONS_H
#define BITPROVE_DRIVER_OPTIONS_H

#include <stdbool.h>

/* Which engine answers (--engine). */
typedef enum { DRV_ENGINE_AUTO, DRV_ENGINE_SEG, DRV_ENGINE_BMC, DRV_ENGINE_DIRECT, DRV_ENGINE_LASSO, DRV_ENGINE_KIND } drv_engine;

typedef struct {
  drv_engine engine;
  unsigned bmc_bound;          /* --bmc-bound K; 0: iterative deepening */
  const char *dump_its_format; /* --dump-its FMT FILE (termination), or NULL */
  const char *dump_its_file;
  const char *dump_seg_file;   /* --dump-seg FILE.dot, or NULL */
  bool proof; /* --proof: the whole ITS and its proof behind a TRUE of the SEG */
  /* --report FILE.html: a TRUE keeps its proof text (verdict.proof) and the
   * graph behind it as dot text (verdict.graph_dot), without printing them */
  bool for_report;
  bool stats; /* solver statistics on stderr */
  const char *dump_smt; /* --dump-smt DIR: BMC's queries as SMT-LIB 2 files, or NULL */
  bool seg_modular_all; /* --seg-modular-all: seg_options.modular_all */
  bool seg_join_set;    /* --seg-join-states N given: seg_options.join_states = seg_join_states */
  unsigned seg_join_states;
  bool debug; /* engine diagnostics on stderr (e.g. models that do not replay) */
  /* --int-semantics math (termination only): integers are unbounded (the
   * Termination Competition's reading of C). The direct translation and the
   * symbolic execution graph run in math mode, the lasso search checks its
   * runs exact over the integers; BMC is bit-precise and declines. */
  bool math_ints;
  /* A termination TRUE or FALSE needs memory safety proved, not assumed
   * (termCOMP's rule: a memory-unsafe program deserves neither YES nor NO;
   * `bitprove termcomp` sets it), and allocation always succeeds. With
   * math_ints it always holds. */
  bool require_memory_safety;
} drv_options;

void drv_options_default(drv_options *o);
/* Parses "bit" / "math" into o->math_ints; false if neither. */
bool drv_int_semantics_parse(const char *name, drv_options *o);
/* Parses an engine name ("auto", "seg", "bmc", "direct", "lasso", "kind"); false if unknown. */
bool drv_engine_parse(const char *name, drv_engine *out);

#endif
