/* Unit tests of src/its/problem: the independent checks of ranking steps
 * and nested ranking functions, which decide whether a technique's result
 * is used. Correct functions pass; every kind of wrong one is refuted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/its.h"
#include "../../src/its/problem.h"
#include "../../src/smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

typedef struct {
  smt_ctx *ctx;
  its *s;
  uint32_t tidx[4], locs[4], *lloc;
  its_problem p;
} fixture;

/* Parses text; the problem is the transitions whose indices are listed
 * (all at location "l"). */
static bool setup(fixture *fx, const char *text, uint32_t nt, const uint32_t *tidx) {
  char err[256];
  fx->ctx = smt_ctx_new();
  fx->s = its_parse_koat(fx->ctx, text, err, sizeof err);
  CHECK_MSG(fx->s != NULL, "parse: %s", err);
  if (!fx->s) {
    smt_ctx_free(fx->ctx);
    return false;
  }
  fx->lloc = xcalloc(fx->s->nlocs, sizeof *fx->lloc);
  uint32_t l = its_find_loc(fx->s, "l");
  CHECK(l != ITS_NONE);
  fx->locs[0] = l;
  fx->lloc[l] = 0;
  memcpy(fx->tidx, tidx, nt * sizeof *tidx);
  fx->p = (its_problem){fx->s, nt, fx->tidx, 1, fx->locs, fx->lloc, {0, 10000}};
  return true;
}

static void teardown(fixture *fx) {
  free(fx->lloc);
  its_free(fx->s);
  smt_ctx_free(fx->ctx);
}

static smt_term var(fixture *fx, const char *name) { return fx->s->pre[its_find_var(fx->s, name)]; }

static void test_step(void) {
  fixture fx;
  /* t1: x decreases (y arbitrary), t2: y decreases, x kept */
  static const uint32_t tidx[] = {1, 2};
  if (!setup(&fx, HDR "(VAR x y z)\n(RULES\n  start(x, y) -> l(x, y)\n"
                      "  l(x, y) -> l(x - 1, z) :|: x > 0\n  l(x, y) -> l(x, y - 1) :|: y > 0 && x*x > 3\n)\n",
             2, tidx))
    return;
  smt_ctx *ctx = fx.ctx;
  smt_term x = var(&fx, "x"), y = var(&fx, "y");
  smt_term z = smt_mk_var(ctx, "z", SMT_SORT_INT);
  struct {
    const char *what;
    smt_term f;
    bool s1, s2;
    smt_answer want;
  } cases[] = {
      {"x, strict t1", x, true, false, SMT_YES},
      {"x*x, strict t1 (polynomial)", smt_mk_int_mul2(ctx, x, x), true, false, SMT_YES},
      {"2x + 7, strict t1", smt_mk_int_add2(ctx, smt_mk_int_mul2(ctx, smt_mk_int(ctx, 2), x), smt_mk_int(ctx, 7)),
       true, false, SMT_YES},
      {"y, strict t2: t1 may increase y", y, false, true, SMT_NO},
      {"-x increases", smt_mk_int_neg(ctx, x), true, false, SMT_NO},
      {"0 does not decrease", smt_mk_int(ctx, 0), true, false, SMT_NO},
      {"x strict on t2 too", x, true, true, SMT_NO},
      {"x + y: t1 may increase y", smt_mk_int_add2(ctx, x, y), true, false, SMT_NO},
      {"no strict transition", x, false, false, SMT_NO},
      {"x - 5 is not bounded by 0", smt_mk_int_sub(ctx, x, smt_mk_int(ctx, 5)), true, false, SMT_NO},
      {"a temporary in the function", smt_mk_int_add2(ctx, x, z), true, false, SMT_NO},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    its_rank_step *st = its_rank_step_new(1, 2, "test");
    st->f[0] = cases[i].f;
    st->strict[0] = cases[i].s1, st->strict[1] = cases[i].s2;
    smt_answer a = its_check_step(&fx.p, st);
    CHECK_MSG(a == cases[i].want, "step %s: %s", cases[i].what, smt_answer_name(a));
    its_rank_step_free(st);
  }
  /* shape errors */
  its_rank_step *bad = its_rank_step_new(1, 1, "test");
  bad->f[0] = x, bad->strict[0] = true;
  CHECK(its_check_step(&fx.p, bad) == SMT_NO); /* wrong number of transitions */
  its_rank_step_free(bad);
  CHECK(its_check_step(&fx.p, NULL) == SMT_NO);
  strbuf out = {0};
  smt_term fs[1] = {smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1))};
  its_print_functions(&fx.p, fs, &out);
  CHECK_MSG(out.data && strcmp(out.data, "l: x + 1") == 0, "printed: %s", out.data ? out.data : "");
  strbuf_free(&out);
  teardown(&fx);
}

static void test_nested(void) {
  fixture fx;
  /* while (x >= 0) { x = x + y; y = y - 1; }: no linear ranking function;
   * nested: f1 = y + 1, f2 = x */
  static const uint32_t tidx[] = {1};
  if (!setup(&fx, HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y - 1) :|: x >= 0\n)\n", 1,
             tidx))
    return;
  smt_ctx *ctx = fx.ctx;
  smt_term x = var(&fx, "x"), y = var(&fx, "y");
  smt_term y1 = smt_mk_int_add2(ctx, y, smt_mk_int(ctx, 1));
  struct {
    const char *what;
    uint32_t depth;
    smt_term f1, f2;
    smt_answer want;
  } cases[] = {
      {"(y + 1, x)", 2, y1, x, SMT_YES},
      {"(y, x): x - x' + y = 0", 2, y, x, SMT_NO},
      {"x alone", 1, x, SMT_NULL, SMT_NO},
      {"y + 1 alone is unbounded", 1, y1, SMT_NULL, SMT_NO},
      {"(x, y + 1): wrong order", 2, x, y1, SMT_NO},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    its_nested *n = its_nested_new(cases[i].depth, 1, "test");
    n->f[0] = cases[i].f1;
    if (cases[i].depth > 1) n->f[1] = cases[i].f2;
    smt_answer a = its_check_nested(&fx.p, n);
    CHECK_MSG(a == cases[i].want, "nested %s: %s", cases[i].what, smt_answer_name(a));
    its_nested_free(n);
  }
  its_nested *n = its_nested_new(2, 1, "test"); /* an unset function */
  n->f[0] = y1;
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  its_nested_free(n);
  teardown(&fx);
}

int main(void) {
  test_step();
  test_nested();
  return TEST_SUMMARY();
}
