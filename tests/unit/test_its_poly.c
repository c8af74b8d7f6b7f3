/* Unit tests of src/its/rank_poly: "linear plus squares" ranking steps
 * found by counterexample-guided synthesis on non-linear systems (the
 * power example of seed 001, x*x guards, x' = x*x, div), a system that
 * needs squares, non-terminating systems that must never be proved, and
 * its_check_step rejecting wrong hand-written functions. */
#include <stdlib.h>
#include <string.h>

#include "its/rank_poly.h"
#include "its_fixture.h"
#include "test_util.h"

static its_poly_stats stats;


/* Runs its_rank_poly; on RANK_FOUND re-checks the step and a mutant (every
 * function negated: the strict transitions then increase), and returns the
 * number of strict transitions, with their set in *strict (a bit per
 * transition; 0 when not found). */
static uint32_t poly(const its_problem *p, rank_status expect, uint32_t *strict) {
  its_rank_step *st = NULL;
  rank_status r = its_rank_poly_opts(p, NULL, &st, &stats);
  CHECK_MSG(r == expect, "got %s", rank_status_name(r));
  if (strict) *strict = 0;
  if (r != RANK_FOUND) {
    CHECK(st == NULL);
    return 0;
  }
  CHECK(st != NULL && strcmp(st->technique, "polynomial") == 0);
  CHECK(its_check_step(p, st) == SMT_YES);
  if (getenv("RANK_PRINT")) {
    strbuf b = {0};
    its_print_functions(p, st->f, &b);
    printf("%s  strict {", b.data);
    for (uint32_t k = 0; k < st->nt; k++)
      if (st->strict[k]) printf(" %u", k);
    printf(" }\n");
    strbuf_free(&b);
  }
  its_rank_step *neg = its_rank_step_new(st->nloc, st->nt, "mutant");
  for (uint32_t l = 0; l < st->nloc; l++) neg->f[l] = smt_mk_int_neg(p->s->ctx, st->f[l]);
  memcpy(neg->strict, st->strict, st->nt * sizeof *st->strict);
  CHECK(its_check_step(p, neg) == SMT_NO);
  its_rank_step_free(neg);
  uint32_t count = 0;
  for (uint32_t k = 0; k < st->nt; k++)
    if (st->strict[k]) {
      count++;
      if (strict && k < 32) *strict |= 1u << k;
    }
  its_rank_step_free(st);
  return count;
}

#define KOAT_HEAD(vars) "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR " vars ")\n(RULES\n"

/* seed 001, Exa. 4 (before slicing): power(x, y) with y.0 -> y0, r.0 -> r,
 * %1 -> m, %2 -> k. */
static const char power[] = KOAT_HEAD("x y y0 r m k")
    "  start(x, y, y0, r, m, k) -> bb1(x, y, y, 1, m, k)\n"
    "  bb1(x, y, y0, r, m, k) -> bb(x, y, y0, r, m, k) :|: y0 > 0\n"
    "  bb1(x, y, y0, r, m, k) -> return(x, y, y0, r, m, k) :|: y0 <= 0\n"
    "  bb(x, y, y0, r, m, k) -> bb1(x, y, y0 - 1, r * x, r * x, y0 - 1)\n)\n";

static void test_power(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, power, "bb1 bb")) return;
  CHECK(fx.p.nt == 2 && fx.p.nloc == 2);
  uint32_t strict;
  /* bb -> bb1 has no guard: only bb1 -> bb can be bounded (seed 001, Exa. 6) */
  CHECK(poly(&fx.p, RANK_FOUND, &strict) == 1);
  CHECK(strict == 1u);
  fixture_free(&fx);
}

/* while (x*x < n) x++: the guard is non-linear, n - x ranks it */
static void test_square_guard(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x n") "  start(x, n) -> loop(x, n)\n"
                                     "  loop(x, n) -> loop(x + 1, n) :|: x*x < n\n)\n",
                    "loop"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(poly(&fx.p, RANK_FOUND, NULL) == 1);
  fixture_free(&fx);
}

/* while (1 < x && x < n) x = x*x */
static void test_square_update(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x n") "  start(x, n) -> loop(x, n)\n"
                                     "  loop(x, n) -> loop(x*x, n) :|: x > 1 && x < n\n)\n",
                    "loop"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(poly(&fx.p, RANK_FOUND, NULL) == 1);
  fixture_free(&fx);
}

/* while (x > 1) x = x / 2 (ARI: KoAT has no div) */
static void test_div(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    "(format LCTRS :smtlib 2.6)\n(theory Ints)\n(fun f (-> Int Bool))\n(fun g (-> Int Bool))\n"
                    "(entrypoint f)\n(rule (f x) (g x))\n(rule (g x) (g (div x 2)) :guard (> x 1))\n",
                    "g"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(poly(&fx.p, RANK_FOUND, NULL) == 1);
  fixture_free(&fx);
}

/* x swings around 0 with shrinking magnitude: x^2 ranks both transitions,
 * no linear lexicographic function exists. */
static void test_needs_squares(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x") "  start(x) -> loop(x)\n"
                                   "  loop(x) -> loop(1 - x) :|: x >= 1\n"
                                   "  loop(x) -> loop(-1 - x) :|: x <= -1\n)\n",
                    "loop"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  uint32_t strict;
  CHECK(poly(&fx.p, RANK_FOUND, &strict) == 2);
  fixture_free(&fx);
}

/* A terminating transition next to a self-loop that runs forever: the step
 * may remove the first one only. */
static void test_partial(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n"
                                     "  loop(x, y) -> loop(x - y*y - 1, y) :|: x > 0\n"
                                     "  loop(x, y) -> loop(x, y) :|: x > 5\n)\n",
                    "loop"))
    return;
  uint32_t strict;
  CHECK(poly(&fx.p, RANK_FOUND, &strict) == 1);
  CHECK(strict == 1u);
  fixture_free(&fx);
}

/* Non-terminating systems: no step may be found. */
static void test_nonterminating(smt_ctx *ctx) {
  static const char *const systems[] = {
      /* x > 1: x = x*x grows forever */
      KOAT_HEAD("x") "  start(x) -> loop(x)\n  loop(x) -> loop(x*x) :|: x > 1\n)\n",
      /* x*x > 0 holds for every negative x, and x - 1 stays negative */
      KOAT_HEAD("x") "  start(x) -> loop(x)\n  loop(x) -> loop(x - 1) :|: x*x > 0\n)\n",
      /* from x = 1, y = 0 forever */
      KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(x + y*y, y) :|: x > 0\n)\n",
      /* two locations, the second undoes the first */
      KOAT_HEAD("x") "  start(x) -> a(x)\n  a(x) -> b(x*x - 1) :|: x > 1\n  b(x) -> a(x + 1)\n)\n",
  };
  for (size_t i = 0; i < sizeof systems / sizeof *systems; i++) {
    fixture fx;
    if (!fixture_init(&fx, ctx, systems[i], "loop a b")) continue;
    its_rank_step *st = NULL;
    rank_status r = its_rank_poly_opts(&fx.p, NULL, &st, &stats);
    CHECK_MSG(r != RANK_FOUND && st == NULL, "system %zu: %s", i, rank_status_name(r));
    its_rank_step_free(st);
    fixture_free(&fx);
  }
}

/* Hand-written steps for the power example: seed 001's Pol(bb1) = y0,
 * Pol(bb) = y0 - 1 passes; wrong ones are rejected. */
static void test_check_rejects(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, power, "bb1 bb")) return;
  its *s = fx.s;
  smt_term y0 = s->pre[its_find_var(s, "y0")], one = smt_mk_int(ctx, 1);
  uint32_t bb1 = fx.lloc[its_find_loc(s, "bb1")], bb = fx.lloc[its_find_loc(s, "bb")];
  /* transition 0 of the problem is bb1 -> bb */
  CHECK(s->trans.data[fx.p.tidx[0]].from == its_find_loc(s, "bb1"));
  its_rank_step *st = its_rank_step_new(2, 2, "hand");
  st->f[bb1] = y0;
  st->f[bb] = smt_mk_int_sub(ctx, y0, one);
  st->strict[0] = true;
  CHECK(its_check_step(&fx.p, st) == SMT_YES);
  st->strict[1] = true; /* bb -> bb1 is not bounded: y0 - 1 < 0 at y0 = 0 */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  st->strict[1] = false;
  st->f[bb] = y0; /* bb1 -> bb no longer decreases */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  st->f[bb] = smt_mk_int_sub(ctx, y0, smt_mk_int(ctx, 2)); /* bb -> bb1 increases */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  st->f[bb] = smt_mk_int_sub(ctx, y0, one);
  st->strict[0] = false; /* nothing strict */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  st->strict[0] = true;
  st->f[bb1] = smt_mk_int_add2(ctx, y0, s->post[its_find_var(s, "r")]); /* a post-state variable */
  CHECK(its_check_step(&fx.p, st) == SMT_NO);
  its_rank_step_free(st);
  fixture_free(&fx);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_power(ctx);
  test_square_guard(ctx);
  test_square_update(ctx);
  test_div(ctx);
  test_needs_squares(ctx);
  test_partial(ctx);
  test_nonterminating(ctx);
  test_check_rejects(ctx);
  if (getenv("RANK_PRINT")) its_poly_stats_print(&stats, stdout);
  CHECK(stats.check_failed == 0);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
