/* solver: dispatch of the back-end-independent interface (see solver.h). */
#include <assert.h>

#include "../util/progress.h"
#include "solver.h"

#include "query.h"

const char *smt_result_name(smt_result r) {
  switch (r) {
  case SMT_SAT: return "sat";
  case SMT_UNSAT: return "unsat";
  default: return "unknown";
  }
}

smt_solver *smt_solver_new(smt_ctx *ctx, smt_backend backend) {
  switch (backend) {
  case SMT_BACKEND_Z3: return smt_z3_solver_new(ctx);
  }
  return NULL;
}

void smt_solver_free(smt_solver *s) {
  if (s) s->ops->destroy(s);
}
void smt_solver_push(smt_solver *s) { s->ops->push(s); }
void smt_solver_pop(smt_solver *s, unsigned levels) { s->ops->pop(s, levels); }
void smt_solver_assert(smt_solver *s, smt_term t) { s->ops->assert_term(s, t); }
smt_result smt_solver_check(smt_solver *s, budget b) {
  util_progress_query();
  return s->ops->check(s, 0, NULL, budget_query_timeout(b));
}
smt_result smt_solver_check_assumptions(smt_solver *s, uint32_t n, const smt_term *assumptions, budget b) {
  assert(n == 0 || assumptions);
  util_progress_query();
  return s->ops->check(s, n, assumptions, budget_query_timeout(b));
}
const char *smt_solver_reason(smt_solver *s) { return s->ops->reason_unknown(s); }
smt_term smt_solver_value(smt_solver *s, smt_term t) { return s->ops->value(s, t); }
void smt_solver_unsat_core(smt_solver *s, smt_term_vec *out) { s->ops->unsat_core(s, out); }
