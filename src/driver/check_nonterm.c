/* check_nonterm: see check_nonterm.h. */
#include "check_nonterm.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "../bmc/bmc.h"
#include "../nonterm/nonterm.h"

static bool find_stem(void *ctx, const ir_module *m, uint32_t func, uint32_t block, unsigned max_bound, budget b,
                      interp_planned_draw **draws, size_t *ndraws) {
  (void)ctx;
  bmc_stem stem;
  if (!bmc_find_stem(m, func, block, max_bound, b, &stem)) return false;
  *draws = stem.draws;
  *ndraws = stem.n;
  return true;
}

static bool prove_recurrent(void *ctx, const ir_module *m, const nonterm_recur_query *q, nonterm_recur_proof *out) {
  (void)ctx;
  memset(out, 0, sizeof *out);
  bmc_recur_query bq = {q->func, q->head, q->values, q->nvalues, q->budget, q->recursion};
  bmc_recur_result r;
  bool found = bmc_recur_find(m, &bq, &r);
  if (found) {
    const ir_func *f = &m->funcs.data[q->func];
    out->found = true;
    out->set_c = bmc_recur_render(f, &r, true);
    out->set_words = bmc_recur_render(f, &r, false);
    out->cycle_any = r.cycle_any;
    out->cycle_value = r.cycle_value;
  } else {
    snprintf(out->reason, sizeof out->reason, "%s", r.reason);
  }
  out->queries = r.queries;
  bmc_recur_free(&r);
  return found;
}

/* The search, bit-precise or over the integers (recurrent sets are proved
 * over the bit-precise encoding only). */
static bool check(const ir_module *m, budget b, bool math, bool debug, verdict *out) {
  nonterm_provers provers = {find_stem, math ? NULL : prove_recurrent, NULL};
  nonterm_result r;
  if (!(math ? nonterm_search_math : nonterm_search)(m, b, &provers, debug, &r)) return false;
  drv_nonterm_verdict(&r, out);
  return true;
}

bool drv_nonterm_check(const ir_module *m, budget b, bool debug, verdict *out) { return check(m, b, false, debug, out); }

bool drv_nonterm_check_math(const ir_module *m, budget b, bool debug, verdict *out) {
  return check(m, b, true, debug, out);
}

void drv_nonterm_verdict(nonterm_result *r_, verdict *out) {
  nonterm_result r = *r_;
  memset(r_, 0, sizeof *r_);
  assert(r.kind == NONTERM_LASSO || r.kind == NONTERM_RECURRENT);
  out->kind = VERDICT_FALSE;
  out->violated = PROP_TERMINATION;
  verdict_note_lines(out, "", r.explanation.data);
  evidence *ev = &out->ev;
  assert(ev->cex.data == NULL); /* a fresh verdict: the evidence takes the draws over */
  ev->cex = r.draws;
  memset(&r.draws, 0, sizeof r.draws);
  ev->lasso_stem = r.stem;
  if (r.kind == NONTERM_LASSO) {
    ev->lasso_first = r.first, ev->lasso_second = r.second;
  } else {
    ev->recur_visit = r.visit;
    ev->recur_call = r.recursion;
    ev->recur_set = r.set_c;
    r.set_c = NULL;
  }
  nonterm_result_free(&r);
}
