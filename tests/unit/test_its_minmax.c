/* Unit tests of src/its/rank_minmax: min and max of two affine functions
 * as ranking functions over hand-made KoAT systems (the smaller of two
 * values walked down while the other is reset; the larger one), twins
 * that must never be ranked (a reset that may raise the minimum, a
 * non-terminating swap), and its_check_step rejecting a wrong min. */
#include <stdlib.h>
#include <string.h>

#include "its/rank_minmax.h"
#include "its/rank_multiphase.h"
#include "its_fixture.h"
#include "test_util.h"

/* Runs its_rank_minmax; on RANK_FOUND re-checks the step and returns its
 * technique ("" when not found). */
static const char *minmax(const its_problem *p, rank_status expect) {
  its_rank_step *st = NULL;
  rank_status rs = its_rank_minmax(p, &st);
  CHECK_MSG(rs == expect, "got %s", rank_status_name(rs));
  if (rs != RANK_FOUND) {
    CHECK(st == NULL);
    return "";
  }
  CHECK(its_check_step(p, st) == SMT_YES);
  bool any = false;
  for (uint32_t k = 0; k < st->nt; k++) any |= st->strict[k];
  CHECK(any);
  if (getenv("RANK_PRINT")) {
    strbuf b = {0};
    its_print_functions(p, st->f, &b);
    printf("%s: %s\n", st->technique, b.data);
    strbuf_free(&b);
  }
  const char *t = st->technique;
  its_rank_step_free(st);
  return t;
}

#define KOAT_HEAD(vars) "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR " vars ")\n(RULES\n"

/* while (x > 0 && y > 0) { if (x < y) { y = x - 1; x = *; } else { x = y - 1; y = *; } } */
static const char minimum[] = KOAT_HEAD("x y u")
    "  start(x, y, u) -> loop(x, y, u)\n"
    "  loop(x, y, u) -> loop(u, x - 1, u) :|: x > 0 && y > 0 && x < y\n"
    "  loop(x, y, u) -> loop(y - 1, u, u) :|: x > 0 && y > 0 && x >= y\n)\n";

static void test_min(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, minimum, "loop")) return;
  CHECK(fx.p.nt == 2);
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  its_nested *n = NULL;
  CHECK(its_rank_multiphase(&fx.p, 4, &n, NULL) == RANK_NONE);
  its_nested_free(n);
  CHECK(strcmp(minmax(&fx.p, RANK_FOUND), "min") == 0);
  fixture_free(&fx);
}

/* The larger of x and y falls: each step lowers one of them below the
 * other's old value; a max, not a min (the smaller one may be reset up to
 * the old maximum minus one). */
static void test_max(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y u") "  start(x, y, u) -> loop(x, y, u)\n"
                                       "  loop(x, y, u) -> loop(x - 1, u, u) :|: x > 0 && y >= 0 && x >= y && u < x\n"
                                       "  loop(x, y, u) -> loop(u, y - 1, u) :|: y > 0 && x >= 0 && y > x && u < y\n)\n",
                    "loop"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(strcmp(minmax(&fx.p, RANK_FOUND), "max") == 0);
  fixture_free(&fx);
}

/* Twins that must never be ranked: resets that keep the minimum (from
 * x = 1, y = 2 the minimum stays 1 forever), and a swap that runs
 * forever. */
static void test_never(smt_ctx *ctx) {
  static const char *const systems[] = {
      KOAT_HEAD("x y u") "  start(x, y, u) -> loop(x, y, u)\n"
                         "  loop(x, y, u) -> loop(u, x, u) :|: x > 0 && y > 0 && x < y && u >= y\n"
                         "  loop(x, y, u) -> loop(y, u, u) :|: x > 0 && y > 0 && x >= y && u >= x\n)\n",
      KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(y, x) :|: x > 0 && y > 0\n)\n",
  };
  for (size_t i = 0; i < sizeof systems / sizeof *systems; i++) {
    fixture fx;
    if (!fixture_init(&fx, ctx, systems[i], "loop")) continue;
    CHECK_MSG(*minmax(&fx.p, RANK_NONE) == 0, "system %zu", i);
    fixture_free(&fx);
  }
}

/* A hand-written max where min is needed, and a min of the wrong
 * variables, are rejected by the check. */
static void test_check_rejects(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, minimum, "loop")) return;
  its *s = fx.s;
  smt_term x = s->pre[its_find_var(s, "x")], y = s->pre[its_find_var(s, "y")], u = s->pre[its_find_var(s, "u")];
  its_rank_step *st = its_rank_step_new(1, 2, "hand");
  st->strict[0] = st->strict[1] = true;
  st->f[0] = smt_mk_ite(ctx, smt_mk_int_le(ctx, x, y), x, y);
  CHECK(its_check_step(&fx.p, st) == SMT_YES);
  st->f[0] = smt_mk_ite(ctx, smt_mk_int_ge(ctx, x, y), x, y); /* max(x, y): the reset may raise it */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  st->f[0] = smt_mk_ite(ctx, smt_mk_int_le(ctx, x, u), x, u);
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  its_rank_step_free(st);
  fixture_free(&fx);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_min(ctx);
  test_max(ctx);
  test_never(ctx);
  test_check_rejects(ctx);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
