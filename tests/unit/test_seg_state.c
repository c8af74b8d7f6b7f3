/* Unit tests of src/seg/state.c: fresh variables carry their ranges, <a>
 * (allocations disjoint, memory functional), entailment, and the projection
 * of dead variables (facts about live variables survive, through chains of
 * equalities). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "seg/internal.h"
#include "smt/smt.h"
#include "test_util.h"

static seg_engine engine(smt_ctx *ctx, ir_module *m) {
  seg_engine e;
  memset(&e, 0, sizeof e);
  e.m = m;
  e.ctx = ctx;
  return e;
}

static void test_ranges(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = ir_module_new(64, "t");
  seg_engine e = engine(ctx, m);
  seg_state *s = seg_state_new(0);
  smt_term u = seg_fresh_int(&e, s, 8, false), v = seg_fresh_int(&e, s, 8, true);
  smt_term p = seg_fresh_ptr(&e, s);
  CHECK(seg_entails(&e, s, smt_mk_int_le(ctx, u, smt_mk_int(ctx, 255))) == SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_int_ge(ctx, u, smt_mk_int(ctx, 0))) == SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_int_ge(ctx, v, smt_mk_int(ctx, -128))) == SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_int_le(ctx, v, smt_mk_int(ctx, 126))) != SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_int_ge(ctx, p, smt_mk_int(ctx, 0))) == SMT_YES);
  CHECK(u != v && v != p);
  CHECK(seg_feasible(&e, s));
  seg_kb_add(&e, s, smt_mk_int_gt(ctx, u, smt_mk_int(ctx, 300)));
  CHECK(!seg_feasible(&e, s));
  seg_state_free(s);
  ir_module_free(m);
  smt_ctx_free(ctx);
}

/* Two allocations are disjoint; two points-to atoms at the same address of
 * the same size hold the same value (so different values: different
 * addresses, seed 002 Def. 2). */
static void test_first_order_view(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = ir_module_new(64, "t");
  seg_engine e = engine(ctx, m);
  seg_state *s = seg_state_new(0);
  smt_term a1 = seg_fresh_ptr(&e, s), a2 = seg_fresh_ptr(&e, s);
  smt_term b1 = seg_fresh_ptr(&e, s), b2 = seg_fresh_ptr(&e, s);
  seg_alloc x = {a1, a2, SEG_AL_STACK, false, 0}, y = {b1, b2, SEG_AL_HEAP, false, 0};
  VEC_PUSH(s->al, x);
  VEC_PUSH(s->al, y);
  s->fo_cache = SMT_NULL;
  /* a1 <= b1 <= a2 is impossible: the intervals would overlap */
  smt_term inside = smt_mk_and2(ctx, smt_mk_int_le(ctx, a1, b1), smt_mk_int_le(ctx, b1, a2));
  CHECK(seg_entails(&e, s, smt_mk_not(ctx, inside)) == SMT_YES);
  smt_term p = seg_fresh_ptr(&e, s), q = seg_fresh_ptr(&e, s);
  smt_term c = seg_fresh_int(&e, s, 8, false), z = seg_fresh_int(&e, s, 8, false);
  seg_kb_add(&e, s, smt_mk_eq(ctx, z, smt_mk_int(ctx, 0)));
  seg_kb_add(&e, s, smt_mk_not(ctx, smt_mk_eq(ctx, c, smt_mk_int(ctx, 0))));
  seg_pt pc = {p, c, 1, false}, qz = {q, z, 1, false};
  VEC_PUSH(s->pt, pc);
  VEC_PUSH(s->pt, qz);
  s->fo_cache = SMT_NULL;
  CHECK(seg_entails(&e, s, smt_mk_not(ctx, smt_mk_eq(ctx, p, q))) == SMT_YES);
  /* a different size says nothing */
  s->pt.data[1].bytes = 2;
  s->fo_cache = SMT_NULL;
  CHECK(seg_entails(&e, s, smt_mk_not(ctx, smt_mk_eq(ctx, p, q))) != SMT_YES);
  seg_state_free(s);
  ir_module_free(m);
  smt_ctx_free(ctx);
}

/* Projection keeps what KB says about live variables through dead ones:
 * live x, dead t = x + 1, dead u = t + 1, live y = u: y = x + 2 survives;
 * a dead variable without a definition takes its atoms with it. */
static void test_projection(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = ir_module_new(64, "t");
  seg_engine e = engine(ctx, m);
  seg_state *s = seg_state_new(1);
  smt_term x = seg_fresh_int(&e, s, 32, true), y = seg_fresh_int(&e, s, 32, true);
  smt_term t = seg_fresh_int(&e, s, 32, true), u = seg_fresh_int(&e, s, 32, true);
  smt_term w = seg_fresh_int(&e, s, 32, true);
  smt_term one = smt_mk_int(ctx, 1);
  seg_kb_add(&e, s, smt_mk_eq(ctx, t, smt_mk_int_add2(ctx, x, one)));
  seg_kb_add(&e, s, smt_mk_eq(ctx, u, smt_mk_int_add2(ctx, t, one)));
  seg_kb_add(&e, s, smt_mk_eq(ctx, y, u));
  seg_kb_add(&e, s, smt_mk_int_le(ctx, w, x)); /* w dead, no definition */
  seg_alloc keep = {x, y, SEG_AL_GLOBAL, false, 0};   /* makes x and y live */
  VEC_PUSH(s->al, keep);
  s->fo_cache = SMT_NULL;
  size_t before = s->kb.len;
  seg_project(&e, s);
  CHECK(s->kb.len < before);
  CHECK(seg_entails(&e, s, smt_mk_eq(ctx, y, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 2)))) == SMT_YES);
  smt_term_vec vars = {0};
  seg_state_vars(&e, s, &vars);
  bool has_dead = false;
  for (size_t i = 0; i < vars.len; i++) has_dead |= vars.data[i] == t || vars.data[i] == u || vars.data[i] == w;
  CHECK_MSG(!has_dead, "dead variables left in KB");
  CHECK(vars.len == 2 && vars.data[0] == x && vars.data[1] == y);
  VEC_FREE(vars);
  /* the ranges of eliminated variables became facts about x: t <= 2^31-1 */
  CHECK(seg_entails(&e, s, smt_mk_int_le(ctx, x, smt_mk_int(ctx, 2147483645))) == SMT_YES);
  seg_state *c = seg_state_copy(s);
  CHECK(c->kb.len == s->kb.len && c->al.len == 1);
  seg_state_free(c);
  seg_state_free(s);
  ir_module_free(m);
  smt_ctx_free(ctx);
}

int main(void) {
  test_ranges();
  test_first_order_view();
  test_projection();
  return TEST_SUMMARY();
}
