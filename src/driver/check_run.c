/* check_run: see check_run.h. */
#include "check_run.h"

#include <string.h>

#include "../interp/interp.h"
#include "../util/progress.h"

bool drv_run_termination(const ir_module *m, budget b, verdict *out) {
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || !m->funcs.data[mainf].defined || m->funcs.data[mainf].nparams) return false;
  interp_options io;
  interp_options_replay(&io, NULL, 0); /* strict: the first draw ends the run */
  io.max_steps = DRV_RUN_MAX_STEPS;
  io.budget = b;
  interp_result r;
  util_progress_begin("the program's only run (no inputs)");
  interp_run(m, &io, &r);
  util_progress_count("steps", r.steps);
  util_progress_end();
  bool ended = r.nondet.len == 0 &&
               (r.outcome == INTERP_EXIT || r.outcome == INTERP_ERROR_REACHED || r.outcome == INTERP_ABORT ||
                r.outcome == INTERP_TRAP || r.outcome == INTERP_INFEASIBLE);
  if (ended) {
    out->kind = VERDICT_TRUE;
    out->ub_free = true; /* the only run, checked for every UB */
    verdict_note(out, "proof: the program reads no input (no nondeterministic value, no uninitialised memory, no "
                      "external global, main without arguments), so it has one run, and the interpreter ran it "
                      "to its end in %llu steps without undefined behaviour",
                 (unsigned long long)r.steps);
    verdict_note(out, "assumption: allocation succeeds (as SV-COMP assumes of malloc), and objects lie at the "
                      "interpreter's addresses (a run that depends on address values was followed for those)");
  }
  interp_result_free(&r);
  return ended;
}
