/* Unit tests of src/its/rank_multiphase: multiphase ranking functions over
 * hand-made KoAT systems (three phases that grow different variables,
 * where neither a lexicographic nor a nested function exists; a
 * two-location loop), twins that must never be proved (a last phase that
 * does not fall, a first phase that may grow), and its_check_nested
 * rejecting wrong hand-written multiphase functions. */
#include <stdlib.h>
#include <string.h>

#include "its/rank_multiphase.h"
#include "its/rank_nested.h"
#include "its_fixture.h"
#include "test_util.h"

static its_multiphase_stats stats;

/* Runs its_rank_multiphase; on RANK_FOUND re-checks the result and a
 * mutant (every function negated, which must fail), and returns the depth
 * (0 when not found). */
static uint32_t multiphase(const its_problem *p, uint32_t max_depth, rank_status expect) {
  its_nested *n = NULL;
  rank_status st = its_rank_multiphase(p, max_depth, &n, &stats);
  CHECK_MSG(st == expect, "got %s", rank_status_name(st));
  if (st != RANK_FOUND) {
    CHECK(n == NULL);
    return 0;
  }
  CHECK(n != NULL && strcmp(n->technique, "multiphase") == 0 && n->kind == ITS_NESTED_PHASES);
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
  neg->kind = ITS_NESTED_PHASES;
  for (size_t i = 0; i < (size_t)n->depth * n->nloc; i++) neg->f[i] = smt_mk_int_neg(p->s->ctx, n->f[i]);
  CHECK(its_check_nested(p, neg) == SMT_NO);
  its_nested_free(neg);
  uint32_t d = n->depth;
  its_nested_free(n);
  return d;
}

static uint32_t nested(const its_problem *p, uint32_t max_depth) {
  its_nested *n = NULL;
  rank_status st = its_rank_nested(p, max_depth, &n);
  uint32_t d = st == RANK_FOUND ? n->depth : 0;
  its_nested_free(n);
  return d;
}

#define KOAT_HEAD(vars) "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR " vars ")\n(RULES\n"

/* while (x >= 0) { if (*) x = x + y; else x = x + z; y = y + z; z = z - 1; } */
static const char pure3[] = KOAT_HEAD("x y z")
    "  start(x, y, z) -> loop(x, y, z)\n"
    "  loop(x, y, z) -> loop(x + y, y + z, z - 1) :|: x >= 0\n"
    "  loop(x, y, z) -> loop(x + z, y + z, z - 1) :|: x >= 0\n)\n";

static void test_three_phases(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, pure3, "loop")) return;
  CHECK(fx.p.nt == 2);
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(nested(&fx.p, 5) == 0);
  CHECK(multiphase(&fx.p, 2, RANK_NONE) == 0);
  CHECK(multiphase(&fx.p, 4, RANK_FOUND) == 3);
  fixture_free(&fx);
}

/* Two locations: a counts y down while y > 0 and adds y to x; b, once y is
 * at most 0, walks x down through a second location. */
static void test_two_locations(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx,
                    KOAT_HEAD("x y") "  start(x, y) -> a(x, y)\n"
                                     "  a(x, y) -> b(x + y, y - 1) :|: x >= 0\n"
                                     "  b(x, y) -> a(x, y) :|: x >= 0\n)\n",
                    "a b"))
    return;
  CHECK(lexicographic(&fx.p) == RANK_NONE);
  CHECK(multiphase(&fx.p, 4, RANK_FOUND) >= 2);
  fixture_free(&fx);
}

/* Twins that do not terminate: nothing may be proved, at any depth. */
static void test_never(smt_ctx *ctx) {
  static const char *const systems[] = {
      /* the last phase does not fall: x = x + y with y stuck at 0 once z is negative... z keeps falling,
         y falls, but the second branch adds z + 1 only where z >= -1: from x = 0, y = 0, z = -1 forever */
      KOAT_HEAD("x y z") "  start(x, y, z) -> loop(x, y, z)\n"
                         "  loop(x, y, z) -> loop(x + y, y + z, z - 1) :|: x >= 0\n"
                         "  loop(x, y, z) -> loop(x, y, z) :|: x >= 0 && y <= 0\n)\n",
      /* the first phase may grow: z goes up again on the second transition */
      KOAT_HEAD("x y z") "  start(x, y, z) -> loop(x, y, z)\n"
                         "  loop(x, y, z) -> loop(x + y, y + z, z - 1) :|: x >= 0\n"
                         "  loop(x, y, z) -> loop(x, y, z + 1) :|: x >= 0\n)\n",
      /* from x = 1, y = 0 forever */
      KOAT_HEAD("x y") "  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(x + y, y) :|: x > 0 && y >= 0\n)\n",
  };
  for (size_t i = 0; i < sizeof systems / sizeof *systems; i++) {
    fixture fx;
    if (!fixture_init(&fx, ctx, systems[i], "loop")) continue;
    CHECK_MSG(multiphase(&fx.p, 5, RANK_NONE) == 0, "system %zu", i);
    fixture_free(&fx);
  }
}

/* Hand-written phases for pure3: z, y, x pass; a last phase that may be
 * negative, a middle phase that does not fall, and the nested reading of
 * the same functions are rejected. */
static void test_check_rejects(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, pure3, "loop")) return;
  its *s = fx.s;
  smt_term x = s->pre[its_find_var(s, "x")], y = s->pre[its_find_var(s, "y")], z = s->pre[its_find_var(s, "z")];
  its_nested *n = its_nested_new(3, 1, "hand");
  n->kind = ITS_NESTED_PHASES;
  n->f[0] = z, n->f[1] = y, n->f[2] = x;
  CHECK(its_check_nested(&fx.p, n) == SMT_YES);
  n->kind = ITS_NESTED_SUM; /* as a nested function the same phases fail */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  n->kind = ITS_NESTED_PHASES;
  n->f[2] = smt_mk_int_sub(ctx, x, smt_mk_int(ctx, 1)); /* x - 1 >= 0 fails at x = 0 */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  n->f[2] = x;
  n->f[1] = smt_mk_int_add2(ctx, y, smt_mk_int(ctx, 5)); /* y + 5 falls by -z, at z = 0 not at all... */
  CHECK(its_check_nested(&fx.p, n) == SMT_YES);            /* ...but only where z <= -1: fine */
  n->f[0] = smt_mk_int_add2(ctx, z, smt_mk_int(ctx, 3)); /* z + 3 <= -1 leaves z <= -4 */
  CHECK(its_check_nested(&fx.p, n) == SMT_YES);
  n->f[0] = smt_mk_int_sub(ctx, z, smt_mk_int(ctx, 1)); /* z - 1 <= -1 leaves z = 0, where y does not fall */
  CHECK(its_check_nested(&fx.p, n) == SMT_NO);
  its_nested_free(n);
  fixture_free(&fx);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_three_phases(ctx);
  test_two_locations(ctx);
  test_never(ctx);
  test_check_rejects(ctx);
  if (getenv("RANK_PRINT")) its_multiphase_stats_print(&stats, stdout);
  CHECK(stats.check_failed == 0);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
