/* Unit tests of src/its/accel (loop acceleration) and of the accel step of
 * non-termination (nonterm.h, options.accel): which self-loops are
 * accelerated (constant increments, increments the guard fixes, assigned
 * variables) and which are not (a doubling, an increment the guard does
 * not fix, a disjunctive guard); the NO that needs an accelerated inner
 * loop, found only with the step; terminating twins that never get a NO. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/accel.h"
#include "../../src/its/its.h"
#include "../../src/its/nonterm.h"
#include "../../src/smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

static its *parse(smt_ctx *ctx, const char *name, const char *text) {
  char err[256];
  its *s = its_parse_koat(ctx, text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s: parse: %s", name, err);
  return s;
}

/* its_accelerate on the KoAT text accelerates exactly `want` self-loops;
 * the input's transitions keep their indices. */
static void expect_accel(const char *name, const char *text, uint32_t want) {
  smt_ctx *ctx = smt_ctx_new();
  its *s = parse(ctx, name, text);
  if (s) {
    its_accel a;
    its_accel_stats st = {0, 0, 0};
    uint32_t got = its_accelerate(s, budget_queries(budget_unlimited(), 10000), &a, &st);
    CHECK_MSG(got == want, "%s: %u accelerated, expected %u", name, got, want);
    CHECK(a.norig == s->trans.len && a.s->trans.len == a.norig + got && st.accelerated == got);
    for (uint32_t k = 0; k < a.norig; k++)
      CHECK(a.s->trans.data[k].guard == s->trans.data[k].guard && a.s->trans.data[k].from == s->trans.data[k].from);
    for (uint32_t j = 0; j < got; j++) {
      const its_trans *o = &s->trans.data[a.origin[j]];
      CHECK(o->from == o->to && a.s->trans.data[a.norig + j].from == o->from);
    }
    its_accel_free(&a);
    its_free(s);
  }
  smt_ctx_free(ctx);
}

static void test_accelerate(void) {
  expect_accel("count up", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x < 100\n)\n", 1);
  expect_accel("two counters and an assignment",
               HDR "(VAR x y z m)\n(RULES\n  start(x, y, z, m) -> l(x, y, z, m)\n"
                   "  l(x, y, z, m) -> l(x - 2, y + 3, m + 1, m) :|: x > y && z >= 0\n)\n",
               1);
  /* y' = x - 1 is y - 1 only under the guard's x = y */
  expect_accel("increment fixed by the guard",
               HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, x - 1) :|: x = y && x > 0\n)\n",
               1);
  /* not of the shape: a doubling; an increment the guard leaves open (the
   * model's value is refuted by condition C1); nothing changes */
  expect_accel("doubling", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(2*x) :|: x > 0\n)\n", 0);
  expect_accel("open increment",
               HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + 1, x - 1) :|: x > 0 && y > 0\n)\n",
               0);
  expect_accel("unchanged", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x) :|: x > 0\n)\n", 0);
  /* x in [0, 10] or x >= 20: the guard holds at both ends of a run of
   * rounds that crosses the gap without holding in between (C4 fails) */
  expect_accel("gap", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x <= 10 || x >= 20\n)\n", 0);
}

/* its_nonterm_with on the KoAT text: NO or not, and whether the accel
 * step's mark is in the witness. */
static void expect_nonterm(const char *name, const char *text, bool accel, bool want_no) {
  smt_ctx *ctx = smt_ctx_new();
  its *s = parse(ctx, name, text);
  if (s) {
    strbuf out = {0};
    its_nonterm_stats st;
    its_nonterm_options o = {accel};
    bool r = its_nonterm_with(s, &o, budget_queries(budget_unlimited(), 10000), &out, &st);
    const char *w = out.data ? out.data : "";
    if (getenv("NONTERM_PRINT")) printf("== %s: %s\n%s", name, r ? "NO" : "no proof", w);
    CHECK_MSG(r == want_no, "%s (accel %d): %s\n%s", name, accel, r ? "NO" : "no NO", w);
    CHECK_MSG(st.check_failures == 0, "%s: %u witness(es) rejected by the check", name, st.check_failures);
    if (r && accel) {
      CHECK_MSG(strstr(w, "found by the accel step") != NULL && st.found_by_accel, "%s: no accel mark:\n%s", name, w);
      CHECK_MSG(strstr(w, "checked: ") != NULL, "%s: not checked:\n%s", name, w);
      CHECK_MSG(strstr(w, "replayed on the original transitions") != NULL || strstr(w, "as its rounds") != NULL,
                "%s: accelerated steps not replayed:\n%s", name, w);
    }
    strbuf_free(&out);
    its_free(s);
  }
  smt_ctx_free(ctx);
}

/* The outer loop sets y = x + 1 and counts x up; the inner loop counts y
 * down to 0. No state repeats and no single loop or walk of two original
 * loops has a closed recurrent set: the inner loop taken y times at once
 * (accelerated) followed by the outer one has (y = x + 1 after a round). */
static const char inner[] = HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, 0) :|: x >= 1\n"
                                "  l(x, y) -> l(x + 1, x + 1) :|: y = 0 && x >= 1\n"
                                "  l(x, y) -> l(x, y - 1) :|: y >= 1\n)\n";
/* its twin: the outer loop counts x down, so the whole terminates */
static const char inner_ends[] = HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, 0) :|: x >= 1\n"
                                     "  l(x, y) -> l(x - 1, x - 1) :|: y = 0 && x >= 1\n"
                                     "  l(x, y) -> l(x, y - 1) :|: y >= 1\n)\n";
/* two self-loops taken in turn, x grows by 2 a round (the NO of
 * AProVE's NO_12): a walk of two loops */
static const char turns[] = HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(0, 0)\n"
                                "  l(x, y) -> l(x + 1, y) :|: x < y && x >= 0\n"
                                "  l(x, y) -> l(x + 1, y + 2) :|: x = y && x >= 0\n)\n";
/* its twin: the second loop does not give y a lead, the walk ends */
static const char turns_ends[] = HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(0, 0)\n"
                                     "  l(x, y) -> l(x + 1, y) :|: x < y && x >= 0\n"
                                     "  l(x, y) -> l(x + 1, y) :|: x = y && x >= 0\n)\n";

static void test_nonterm(void) {
  expect_nonterm("inner loop", inner, true, true);
  expect_nonterm("inner loop without accel", inner, false, false);
  expect_nonterm("inner loop, terminating twin", inner_ends, true, false);
  expect_nonterm("turns", turns, true, true);
  expect_nonterm("turns without accel", turns, false, false);
  expect_nonterm("turns, terminating twin", turns_ends, true, false);
  /* a countdown accelerated is still a countdown */
  expect_nonterm("countdown", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0\n)\n", true,
                 false);
}

int main(void) {
  test_accelerate();
  test_nonterm();
  return TEST_SUMMARY();
}
