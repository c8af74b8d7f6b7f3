/* Unit tests of src/its/rank_nested: nested (multiphase) ranking functions
 * over hand-made KoAT systems: depth 2 and 3, a two-location SCC, a
 * vacuous transition, non-terminating systems that must never be proved,
 * and its_check_nested rejecting wrong hand-written functions. */
#include <stdlib.h>
#include <string.h>

#include "its/rank_nested.h"
#include "its_fixture.h"
#include "test_util.h"

static its_nested_stats stats;

/* Runs its_rank_nested; on RANK_FOUND re-checks the result and a mutant
 * (every function negated, which must fail), and returns the depth (0 when
 * not found). */
static uint32_t nested(const its_problem *p, uint32_t max_depth, rank_status expect) {
  its_nested *n = NULL;
  rank_status st = its_rank_nested_counted(p, max_depth, &n, &stats);
  CHECK_MSG(st == expect, "got %s", rank_status_name(st));
  if (st != RANK_FOUND) {
    CHECK(n == NULL);
    return 0;
  }
  CHECK(n != NULL && strcmp(n->technique, "nested") == 0);
  CHECK(its_check_nested(p, n) == SMT_YES);
  if (getenv("RANK_PRINT")) {
    for (uint32_t i = 0; i < n->depth; i++) {
      strbuf b = {0};
      its_print_functions(p, n->f + (size_t)i * n->nloc, &b);
      printf("f^%u: %s\n", i + 1, b.data);
      strbuf_free(&b);
    }
  }
  its_nested *neg = its_nested_new(n->depth, n->nloc, "mutant");
  for (size_t i = 0; i < (size_t)n->depth * n->nloc; i++) neg->f[i] = smt_mk_int_neg(p->s->ctx, n->f[i]);
  CHECK(its_check_nested(p, neg) == SMT_NO);
  its_nested_free(neg);
  uint32_t d = n->depth;
  its_nested_free(n);
  return d;
}

#define KOAT_HEAD(vars) "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR " vars ")\n(RULES\n"

/* while (x >= 0) { x = x + y; y = y - 1; } */
static const char depth2[] = KOAT_HEAD("x y")
    "  start(x, y) -> loop(x, y)\n"
    "  loop(x, y) -> loop(x + y, y - 1) :|: x >= 0\n)\n";

static void test_depth2(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, depth2, "loop")) return;
  CHECK(fx.p.nt == 1);
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(nested(&fx.p, 1, RANK_NONE) == 0);
  CHECK(nested(&fx.p, 3, RANK_FOUND) == 2);
  fixture_free(&fx);
}

/* while (x >= 0) { x = x + y; y = y + z; z = z - 1; }: three phases */
static void test_depth3(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y z") "  start(x, y, z) -> loop(x, y, z)\n"
                                       "  loop(x, y, z) -> loop(x + y, y + z, z - 1) :|: x >= 0\n)\n",
                    "loop"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(nested(&fx.p, 2, RANK_NONE) == 0);
  CHECK(nested(&fx.p, 3, RANK_FOUND) == 3);
  CHECK(nested(&fx.p, 5, RANK_FOUND) == 3); /* the smallest depth first */
  fixture_free(&fx);
}

/* The depth-2 loop split over two locations, with an extra variable that
 * no phase needs; b's guard x >= y is the invariant there (x_b = x_a + y,
 * x_a >= 0), as invariant generation would add it. A phase function that
 * stays constant on a transition would need the previous one >= 1 there,
 * so each phase must mix x and y: Farkas finds depth 3, not 2. */
static void test_two_locations(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y w") "  start(x, y, w) -> a(x, y, w)\n"
                                       "  a(x, y, w) -> b(x + y, y, w + x) :|: x >= 0\n"
                                       "  b(x, y, w) -> a(x, y - 1, w) :|: x >= y\n"
                                       "  a(x, y, w) -> stop(x, y, w) :|: x < 0\n)\n",
                    "a b"))
    return;
  CHECK(fx.p.nt == 2 && fx.p.nloc == 2);
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(nested(&fx.p, 2, RANK_NONE) == 0);
  CHECK(nested(&fx.p, 4, RANK_FOUND) == 3);
  fixture_free(&fx);
}

/* A transition that can never be taken (x*x < 0) does not need ranking,
 * although its abstraction (guard dropped) could run forever. */
static void test_vacuous(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n"
                                     "  loop(x, y) -> loop(x + y, y - 1) :|: x >= 0\n"
                                     "  loop(x, y) -> loop(x + 1, y + 1) :|: x*x < 0\n)\n",
                    "loop"))
    return;
  uint64_t vac = stats.vacuous;
  CHECK(nested(&fx.p, 3, RANK_FOUND) == 2);
  CHECK(stats.vacuous == vac + 1);
  fixture_free(&fx);
}

/* Non-terminating systems: nothing may be proved, at any depth. */
static void test_nonterminating(smt_ctx *ctx) {
  static const char *const systems[] = {
      /* from x = 1, y = 0 forever */
      KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(x + y, y) :|: x > 0 && y >= 0\n)\n",
      /* y grows, so x never falls below 0 once y >= 0 */
      KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(x + y, y + 1) :|: x >= 0\n)\n",
      /* nondeterministic reset: x' = z with z >= x - 1 may go back up */
      KOAT_HEAD("x z") "  start(x, z) -> loop(x, z)\n  loop(x, z) -> loop(z, z) :|: x > 0 && z >= x - 1\n)\n",
      /* two locations, the second undoes the first */
      KOAT_HEAD("x") "  start(x) -> a(x)\n  a(x) -> b(x - 1) :|: x > 0\n  b(x) -> a(x + 1)\n)\n",
  };
  for (size_t i = 0; i < sizeof systems / sizeof *systems; i++) {
    fixture fx;
    if (!fixture_init(&fx, ctx, systems[i], "loop a b")) continue;
    CHECK_MSG(nested(&fx.p, 4, RANK_NONE) == 0, "system %zu", i);
    fixture_free(&fx);
  }
}

/* Hand-written functions for the depth-2 loop: the right one passes, wrong
 * ones (too shallow, a phase off by one, an unbounded last phase, a
 * post-state variable, the wrong number of locations) are rejected. */
static void test_check_rejects(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, depth2, "loop")) return;
  its *s = fx.s;
  smt_term x = s->pre[its_find_var(s, "x")], y = s->pre[its_find_var(s, "y")];
  smt_term one = smt_mk_int(ctx, 1);
  its_nested *n = its_nested_new(2, 1, "hand");
  n->f[0] = smt_mk_int_add2(ctx, y, one); /* f^1 = y + 1 */
  n->f[1] = smt_mk_int_add2(ctx, x, one); /* f^2 = x + 1 */
  CHECK(its_check_nested(&fx.p, n) == SMT_YES);
  n->f[0] = y; /* f^2 falls by only -y + y = 0 */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  n->f[0] = smt_mk_int_add2(ctx, y, one);
  n->f[1] = smt_mk_int_sub(ctx, x, one); /* f^2 >= 0 fails at x = 0 */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  n->f[1] = smt_mk_int_add2(ctx, s->post[its_find_var(s, "x")], one); /* not over pre-state variables */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  its_nested_free(n);
  its_nested *flat = its_nested_new(1, 1, "hand");
  flat->f[0] = smt_mk_int_add2(ctx, x, one); /* x alone does not fall */
  CHECK(its_check_nested(&fx.p, flat) == SMT_NO);
  its_nested_free(flat);
  its_nested *wide = its_nested_new(1, 2, "hand"); /* two locations for a one-location problem */
  wide->f[0] = wide->f[1] = smt_mk_int_add2(ctx, y, one);
  CHECK(its_check_nested(&fx.p, wide) == SMT_NO);
  its_nested_free(wide);
  fixture_free(&fx);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_depth2(ctx);
  test_depth3(ctx);
  test_two_locations(ctx);
  test_vacuous(ctx);
  test_nonterminating(ctx);
  test_check_rejects(ctx);
  if (getenv("RANK_PRINT")) its_nested_stats_print(&stats, stdout);
  CHECK(stats.check_failed == 0);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
