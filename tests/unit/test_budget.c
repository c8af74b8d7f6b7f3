/* Unit tests of the one budget (util/budget.h): its arithmetic (shares,
 * margins, deadlines that never grow, the time one query gets), and that it
 * reaches every technique through the queries themselves: an expired budget
 * stops the ITS prover, the SEG and BMC with their own "timeout" reasons,
 * and a budget with time left lets the same calls prove what they prove
 * without one. No limit lives on the smt context any more, so there is
 * nothing a callee could leave behind. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "bmc/bmc.h"
#include "c_fixture.h"
#include "direct/direct.h"
#include "its/prove.h"
#include "seg/seg.h"
#include "smt/smt.h"
#include "test_util.h"
#include "util/budget.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

static budget expired(void) { return budget_until(budget_unlimited(), util_now() - 1); }
static budget seconds(double s) { return budget_until(budget_unlimited(), util_now() + s); }

static void test_arithmetic(void) {
  budget none = budget_unlimited();
  CHECK(budget_left(none) == -1 && !budget_expired(none) && budget_query_timeout(none) == 0);
  CHECK(budget_query_timeout(budget_queries(none, 250)) == 250);
  /* until: the earlier deadline wins; 0 changes nothing */
  budget b = seconds(100);
  CHECK(budget_until(b, b.deadline + 50).deadline == b.deadline);
  CHECK(budget_until(b, b.deadline - 50).deadline == b.deadline - 50);
  CHECK(budget_until(b, 0).deadline == b.deadline);
  /* a share: the fraction of what is left, capped; without a deadline the fallback */
  budget s = budget_share(b, 0.5, 0, 20);
  CHECK(budget_left(s) > 49 && budget_left(s) <= 50.01);
  s = budget_share(b, 0.5, 8, 20);
  CHECK(budget_left(s) > 7 && budget_left(s) <= 8.01);
  s = budget_share(none, 0.5, 0, 20);
  CHECK(budget_left(s) > 19 && budget_left(s) <= 20.01);
  CHECK(budget_share(none, 0.75, 0, 0).deadline == 0);
  CHECK(budget_share(b, 1, 0, 20).deadline <= b.deadline);
  /* the query limit travels along and is capped by the deadline */
  s = budget_share(budget_queries(b, 300), 0.5, 0, 0);
  CHECK(s.query_ms == 300 && budget_query_timeout(s) == 300);
  CHECK(budget_query_timeout(budget_queries(seconds(0.2), 5000)) <= 200);
  CHECK(budget_query_timeout(budget_queries(expired(), 5000)) == 1);
  CHECK(budget_expired(expired()) && budget_left(expired()) == 0);
  /* a reserve keeps a margin, or half of a short budget */
  CHECK(budget_left(budget_reserve(b, 1)) > 98 && budget_left(budget_reserve(b, 1)) <= 99.01);
  budget r = budget_reserve(seconds(1), 1);
  CHECK(budget_left(r) > 0.4 && budget_left(r) <= 0.51);
  CHECK(budget_reserve(none, 1).deadline == 0);
}

static void test_its_prover(void) {
  static const char *const text =
      HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y - 1) :|: x > 0\n)\n";
  for (int expire = 0; expire < 2; expire++) {
    smt_ctx *ctx = smt_ctx_new();
    char err[256];
    its *s = its_parse_koat(ctx, text, err, sizeof err);
    CHECK_MSG(s != NULL, "parse: %s", err);
    if (!s) {
      smt_ctx_free(ctx);
      continue;
    }
    its_prove_options o = its_prove_default_options();
    o.budget = expire ? budget_queries(expired(), 2000) : budget_queries(seconds(600), 2000);
    its_prove_result r;
    its_prove_with(s, &o, &r);
    if (expire)
      CHECK_MSG(r.answer == ITS_PROVE_MAYBE && r.reason.data && strstr(r.reason.data, "timeout"),
                "an expired budget: %s", r.reason.data ? r.reason.data : "YES/NO");
    else
      CHECK(r.answer == ITS_PROVE_YES);
    its_prove_result_free(&r);
    its_free(s);
    smt_ctx_free(ctx);
  }
}

static void test_engines(void) {
  ir_module *m = load_c_text("extern unsigned __VERIFIER_nondet_uint(void);\n"
                             "extern void reach_error(void);\n"
                             "int main(void) { unsigned u = __VERIFIER_nondet_uint();\n"
                             "  while (u > 0) u++;\n  if (u != 0) reach_error();\n  return 0; }\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  /* the direct translation and the ITS back end, with time left: YES */
  smt_ctx *ctx = smt_ctx_new();
  direct_info info;
  char err[256];
  its *s = direct_translate_sem(m, ctx, DIRECT_INT_BIT, seconds(60), &info, err, sizeof err);
  CHECK_MSG(s != NULL, "direct: %s", err);
  if (s) {
    strbuf out = {0};
    CHECK(its_prove(s, budget_queries(seconds(60), 5000), &out) == ITS_PROVE_YES);
    strbuf_free(&out);
    its_free(s);
  }
  smt_ctx_free(ctx);
  /* the SEG: complete with time left, incomplete with none */
  for (int expire = 0; expire < 2; expire++) {
    ctx = smt_ctx_new();
    seg_options so;
    seg_options_default(&so);
    so.budget = budget_until(so.budget, expire ? util_now() - 1 : util_now() + 60);
    seg_graph *g = seg_build(m, ctx, &so);
    const seg_summary *sum = seg_graph_summary(g);
    CHECK_MSG(sum->complete == !expire, "seg with %s budget: complete %d", expire ? "an expired" : "a", sum->complete);
    seg_graph_free(g);
    smt_ctx_free(ctx);
  }
  /* BMC: an expired budget is a timeout, never a verdict */
  bmc_options bo;
  bmc_options_default(&bo);
  bo.budget = expired();
  bmc_result r;
  bmc_check(m, 1u << PROP_UNREACH_CALL, &bo, &r);
  CHECK_MSG(r.answer == BMC_UNKNOWN, "bmc with an expired budget: answer %d", (int)r.answer);
  bmc_result_free(&r);
  ir_module_free(m);
}

int main(void) {
  test_arithmetic();
  test_its_prover();
  test_engines();
  return TEST_SUMMARY();
}
