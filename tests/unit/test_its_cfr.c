/* Unit tests of src/its/cfr: control-flow refinement by partial evaluation
 * on hand-made KoAT systems: the two phases of a loop become two abstract
 * states, a two-location loop keeps its shape, the bounds (no properties,
 * too many states) hold, and its_cfr_check rejects refinements that are
 * not ones (a state stronger than the steps into it establish, a guard
 * that is not the original's with the state, a wrong origin). */
#include <stdlib.h>
#include <string.h>

#include "its/cfr.h"
#include "its_fixture.h"
#include "test_util.h"

#define KOAT_HEAD(vars) "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR " vars ")\n(RULES\n"

/* while (x != m) { if (x > m) x = 0; else x = x + 1; } with m >= 0 */
static const char phases[] = KOAT_HEAD("x m")
    "  start(x, m) -> loop(x, m) :|: m >= 0\n"
    "  loop(x, m) -> loop(0, m) :|: x > m && m >= 0\n"
    "  loop(x, m) -> loop(x + 1, m) :|: x < m && m >= 0\n)\n";

static its_cfr_stats stats;

static its_cfr_status refine(const fixture *fx, uint32_t max, its_cfr **r) {
  its_cfr_options o = {max, {0, 10000}};
  its_cfr_status st = its_cfr_refine(&fx->p, &o, r, &stats);
  if (st == ITS_CFR_DONE && getenv("CFR_PRINT")) {
    strbuf b = {0};
    its_cfr_print_states(*r, fx->s, &b);
    its_print((*r)->s, &b);
    fputs(b.data, stdout);
    strbuf_free(&b);
  }
  return st;
}

static void test_phases(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, phases, "loop")) return;
  CHECK(fx.p.nt == 2);
  its_cfr *r = NULL;
  CHECK(refine(&fx, 0, &r) == ITS_CFR_DONE);
  if (!r) {
    fixture_free(&fx);
    return;
  }
  /* (loop, {}) and (loop, {x <= m, m >= 0}): the reset leads into the
   * second, where only the increment is left */
  CHECK_MSG(r->s->nlocs == 2, "%u abstract states", r->s->nlocs);
  CHECK_MSG(r->s->trans.len == 3, "%zu refined transitions", r->s->trans.len);
  CHECK(r->state[0] == smt_mk_bool(ctx, true));
  CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_YES);
  uint32_t inner = 0;
  for (uint32_t j = 0; j < r->s->trans.len; j++) {
    const its_trans *t = &r->s->trans.data[j];
    CHECK(r->orig_loc[t->from] == fx.p.locs[0] && r->orig_loc[t->to] == fx.p.locs[0]);
    if (t->from == 1 && t->to == 1) {
      inner++;
      CHECK(r->orig_trans[j] == fx.p.tidx[1]);
    }
  }
  CHECK(inner == 1);

  /* mutants: each must fail the check */
  smt_term x = fx.s->pre[0], m = fx.s->pre[1];
  uint32_t self = UINT32_MAX;
  for (uint32_t j = 0; j < r->s->trans.len; j++)
    if (r->s->trans.data[j].from == 1) self = j;
  CHECK(self != UINT32_MAX);
  if (self != UINT32_MAX) {
    its_trans *t = &r->s->trans.data[self];
    smt_term old_state = r->state[1], old_guard = t->guard;
    /* a stronger state, x < m, with the guard to match: the reset (x' = 0)
     * does not establish it when m = 0, so the coverage fails */
    r->state[1] = smt_mk_int_lt(ctx, x, m);
    t->guard = smt_mk_and2(ctx, fx.s->trans.data[r->orig_trans[self]].guard, r->state[1]);
    CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_NO);
    r->state[1] = old_state;
    /* a guard that is not the original's with the state */
    t->guard = smt_mk_and2(ctx, old_guard, smt_mk_int_le(ctx, x, smt_mk_int(ctx, 100)));
    CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_NO);
    t->guard = old_guard;
    /* a wrong origin */
    uint32_t old_orig = r->orig_trans[self];
    r->orig_trans[self] = fx.p.tidx[0];
    CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_NO);
    r->orig_trans[self] = old_orig;
    CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_YES);
  }
  its_cfr_free(r);

  /* bounds: one abstract state is too few */
  CHECK(refine(&fx, 1, &r) == ITS_CFR_TOO_LARGE && r == NULL);
  fixture_free(&fx);
}

/* a -> b -> a, two phases of y: the refinement keeps every location and
 * every step covered */
static const char two_locs[] = KOAT_HEAD("x y")
    "  start(x, y) -> a(x, y)\n"
    "  a(x, y) -> b(x, y) :|: x > 0\n"
    "  b(x, y) -> a(x - 1, y) :|: y > 0\n"
    "  b(x, y) -> a(x, 5) :|: y <= 0\n)\n";

static void test_two_locations(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, two_locs, "a b")) return;
  CHECK(fx.p.nt == 3);
  its_cfr *r = NULL;
  CHECK(refine(&fx, 0, &r) == ITS_CFR_DONE);
  if (r) {
    CHECK(its_cfr_check(&fx.p, r, fx.p.budget) == SMT_YES);
    bool seen_a = false, seen_b = false;
    for (uint32_t q = 0; q < r->s->nlocs; q++) {
      seen_a |= r->orig_loc[q] == fx.p.locs[fx.p.lloc[its_find_loc(fx.s, "a")]];
      seen_b |= r->orig_loc[q] == fx.p.locs[fx.p.lloc[its_find_loc(fx.s, "b")]];
    }
    CHECK(seen_a && seen_b);
  }
  its_cfr_free(r);
  fixture_free(&fx);
}

/* no guard, no property: nothing to refine */
static const char no_guard[] = KOAT_HEAD("x")
    "  start(x) -> loop(x)\n"
    "  loop(x) -> loop(x + 1)\n)\n";

static void test_no_props(smt_ctx *ctx) {
  fixture fx;
  if (!fixture_init(&fx, ctx, no_guard, "loop")) return;
  its_cfr *r = NULL;
  CHECK(refine(&fx, 0, &r) == ITS_CFR_NO_PROPS && r == NULL);
  fixture_free(&fx);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_phases(ctx);
  test_two_locations(ctx);
  test_no_props(ctx);
  CHECK(stats.calls == 4 && stats.done == 2 && stats.too_large == 1 && stats.no_props == 1);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
