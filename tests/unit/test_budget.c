/* Unit tests of the one budget: the save/restore API of the smt context's
 * limits (query.h), and that every technique sharing a context leaves its
 * solver timeout and deadline as it found them: the ITS preprocessing,
 * non-termination, the ranking techniques and their checks, the whole
 * prover, the direct translation and the SEG. Each callee sets its own
 * limits internally; before this, a callee left its own behind and the
 * next one silently inherited it. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "c_fixture.h"
#include "direct/direct.h"
#include "its/nonterm.h"
#include "its/preprocess.h"
#include "its/prove.h"
#include "its/rank_nested.h"
#include "its/rank_poly.h"
#include "its_fixture.h"
#include "seg/seg.h"
#include "smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

/* Limits no callee would choose on its own. */
#define OUTER_MS 4321u

static double outer_deadline(void) { return util_now() + 3600; }

static void set_outer(smt_ctx *ctx, double deadline) {
  smt_set_timeout(ctx, OUTER_MS);
  smt_set_deadline(ctx, deadline);
}

#define CHECK_OUTER(ctx, deadline, what)                                                                      \
  do {                                                                                                        \
    CHECK_MSG(smt_timeout(ctx) == OUTER_MS, "%s changed the solver timeout: %u", what, smt_timeout(ctx));   \
    CHECK_MSG(smt_deadline(ctx) == (deadline), "%s changed the deadline", what);                             \
  } while (0)

static void test_api(void) {
  smt_ctx *ctx = smt_ctx_new();
  CHECK(smt_timeout(ctx) == 0 && smt_deadline(ctx) == 0);
  CHECK(smt_swap_timeout(ctx, 300) == 0);
  CHECK(smt_swap_timeout(ctx, 500) == 300);
  CHECK(smt_timeout(ctx) == 500);
  /* narrowing: none -> when; a later one never widens; 0 changes nothing */
  CHECK(smt_narrow_deadline(ctx, 100.0) == 0);
  CHECK(smt_deadline(ctx) == 100.0);
  CHECK(smt_narrow_deadline(ctx, 200.0) == 100.0);
  CHECK(smt_deadline(ctx) == 100.0);
  CHECK(smt_narrow_deadline(ctx, 50.0) == 100.0);
  CHECK(smt_deadline(ctx) == 50.0);
  CHECK(smt_narrow_deadline(ctx, 0) == 50.0);
  CHECK(smt_deadline(ctx) == 50.0);
  smt_set_deadline(ctx, 0);
  CHECK(smt_deadline(ctx) == 0);
  smt_ctx_free(ctx);
}

/* Needs preprocessing, a nested function (x then y), a polynomial one, and
 * a non-termination witness somewhere: every technique runs. */
static const char *const systems[] = {
    HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y - 1) :|: x > 0\n)\n",
    HDR "(VAR x n)\n(RULES\n  start(x, n) -> l(0, n)\n  l(x, n) -> l(x + 1, n) :|: x * x < n && x >= 0\n)\n",
    HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x > 0\n)\n",
    HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x >= 1 && x <= 254\n  l(x) -> l(0) :|: x = 255\n)\n",
};

static void test_its_techniques(void) {
  for (size_t i = 0; i < sizeof systems / sizeof *systems; i++) {
    smt_ctx *ctx = smt_ctx_new();
    double dl = outer_deadline();
    set_outer(ctx, dl);
    fixture fx;
    if (!fixture_init(&fx, ctx, systems[i], "l")) {
      smt_ctx_free(ctx);
      continue;
    }
    its_pre_stats pst;
    strbuf log = {0};
    its *pre = its_preprocess(fx.s, 1000, &pst, &log);
    CHECK_OUTER(ctx, dl, "its_preprocess");
    its_free(pre);
    strbuf_free(&log);

    strbuf w = {0};
    its_nonterm(fx.s, 1000, &w, NULL);
    CHECK_OUTER(ctx, dl, "its_nonterm");
    strbuf_free(&w);

    its_nested *n = NULL;
    if (its_rank_nested(&fx.p, 3, &n) == RANK_FOUND) {
      its_check_nested(&fx.p, n);
      CHECK_OUTER(ctx, dl, "its_check_nested");
    }
    its_nested_free(n);
    CHECK_OUTER(ctx, dl, "its_rank_nested");

    its_rank_step *st = NULL;
    if (its_rank_poly(&fx.p, &st) == RANK_FOUND) {
      its_check_step(&fx.p, st);
      CHECK_OUTER(ctx, dl, "its_check_step");
    }
    its_rank_step_free(st);
    CHECK_OUTER(ctx, dl, "its_rank_poly");

    /* the prover, also with a budget of its own (earlier than the outer one) */
    its_prove_options o = its_prove_default_options();
    o.query_ms = 2000;
    o.deadline = util_now() + 600;
    its_prove_result r;
    its_prove_with(fx.s, &o, &r);
    CHECK_OUTER(ctx, dl, "its_prove_with");
    CHECK(r.answer != ITS_PROVE_MAYBE || i == 3);
    its_prove_result_free(&r);
    fixture_free(&fx);
    smt_ctx_free(ctx);
  }
}

static void test_engines(void) {
  ir_module *m = load_c_text("extern unsigned __VERIFIER_nondet_uint(void);\n"
                             "int main(void) { unsigned u = __VERIFIER_nondet_uint();\n"
                             "  while (u > 0) u++;\n  return 0; }\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  double dl = outer_deadline();
  set_outer(ctx, dl);
  direct_info info;
  char err[256];
  its *s = direct_translate(m, ctx, &info, err, sizeof err);
  CHECK_MSG(s != NULL, "direct: %s", err);
  CHECK_OUTER(ctx, dl, "direct_translate");
  if (s) {
    strbuf out = {0};
    CHECK(its_prove(s, 5000, &out) == ITS_PROVE_YES);
    CHECK_OUTER(ctx, dl, "its_prove");
    strbuf_free(&out);
    its_free(s);
  }
  smt_ctx_free(ctx);

  ctx = smt_ctx_new();
  set_outer(ctx, dl);
  seg_options so;
  seg_options_default(&so);
  so.deadline = util_now() + 60;
  seg_graph *g = seg_build(m, ctx, &so);
  CHECK_OUTER(ctx, dl, "seg_build");
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

int main(void) {
  (void)lexicographic; /* its_fixture.h helper unused here */
  test_api();
  test_its_techniques();
  test_engines();
  return TEST_SUMMARY();
}
