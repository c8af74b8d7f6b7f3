/* Unit tests of src/seg/state.c: fresh variables carry their ranges, <a>
 * (allocations disjoint, memory functional), entailment, and the projection
 * of dead variables (facts about live variables survive, through chains of
 * equalities), and seg_state_check on a good state and on broken ones;
 * the known offsets of layout.c. */
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
  seg_alloc x = {a1, a2, SEG_AL_STACK, false, 0, false}, y = {b1, b2, SEG_AL_HEAP, false, 0, false};
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
  seg_alloc keep = {x, y, SEG_AL_GLOBAL, false, 0, false};   /* makes x and y live */
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

/* seg_state_check: the initial state of a small main (a global, a
 * parameter, an addition, a return) passes; each copy with one invariant
 * broken is rejected (the broken invariant goes to stderr). */
static void test_state_check(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = ir_module_new(64, "t");
  ir_type i32 = ir_type_int(32);
  ir_global_add(m, "g", 4, 4);
  uint32_t mainf = ir_func_add(m, "main", i32, 1, &i32, false);
  ir_builder b;
  ir_build_begin(&b, m, mainf);
  ir_build_block(&b, ir_build_new_block(&b, NULL));
  uint32_t sum = ir_emit_binary(&b, IR_ADD, IR_NSW, ir_arg_val(i32, 0), ir_const(i32, 1), ir_loc_none());
  ir_value r = ir_inst_val(i32, sum);
  ir_emit_ret(&b, &r, ir_loc_none());
  ir_build_finish(&b);
  seg_engine e = engine(ctx, m);
  seg_func_info fi;
  seg_func_info_init(&fi, &m->funcs.data[mainf]);
  e.finfo = &fi;
  const char *why = NULL;
  seg_state *s = seg_initial_state(&e, &why);
  CHECK_MSG(s != NULL, "no initial state: %s", why ? why : "?");
  if (!s) goto out;
  CHECK(s->nframes == 1 && s->frames[0].lv[0] != SMT_NULL && s->al.len == 1 && s->pt.len == 1);
  CHECK(seg_state_check(&e, s));
  seg_state *c;
  /* position outside the block */
  c = seg_state_copy(s);
  c->frames[0].inst = m->funcs.data[mainf].ninsts;
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* an LV entry that is no variable */
  c = seg_state_copy(s);
  c->frames[0].lv[1] = smt_mk_int(ctx, 5);
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* an LV entry for the void `ret` */
  c = seg_state_copy(s);
  c->frames[0].lv[2] = seg_fresh_int(&e, c, 32, true);
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* LV not injective */
  c = seg_state_copy(s);
  c->frames[0].lv[1] = c->frames[0].lv[0];
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* a PT atom of 0 bytes */
  c = seg_state_copy(s);
  c->pt.data[0].bytes = 0;
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* a stack object of a frame that does not exist */
  c = seg_state_copy(s);
  c->al.data[0].kind = SEG_AL_STACK;
  c->al.data[0].depth = 1;
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* a KB atom twice (seg_kb_add never does this) */
  c = seg_state_copy(s);
  CHECK(c->kb.len > 0);
  if (c->kb.len) VEC_PUSH(c->kb, c->kb.data[0]);
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  /* ghosts outside a modular analysis */
  c = seg_state_copy(s);
  c->ghost = malloc(sizeof *c->ghost);
  c->ghost[0] = c->frames[0].lv[0];
  c->nghost = 1;
  CHECK(!seg_state_check(&e, c));
  c->abstracted = true; /* inside one: fine */
  CHECK(seg_state_check(&e, c));
  seg_state_free(c);
  /* no frame at all */
  c = seg_state_copy(s);
  seg_pop_frame(c);
  CHECK(!seg_state_check(&e, c));
  seg_state_free(c);
  seg_state_free(s);
out:
  seg_func_info_free(&fi);
  ir_module_free(m);
  smt_ctx_free(ctx);
}

/* Known offsets (layout.c): two globals of 4 bytes ([g, g+3], [h, h+3]),
 * a field address f = g + 2 and a pointer q = f + 1 (a chain); ranges in
 * the two globals are disjoint, in one global they relate by offsets, and
 * a variable without equalities decides nothing. Whatever the layout
 * decides, the solver agrees with on <a>. */
static void test_layout(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = ir_module_new(64, "t");
  seg_engine e = engine(ctx, m);
  seg_state *s = seg_state_new(0);
  smt_term g = seg_fresh_ptr(&e, s), gh = seg_fresh_ptr(&e, s), h = seg_fresh_ptr(&e, s), hh = seg_fresh_ptr(&e, s);
  smt_term f = seg_fresh_ptr(&e, s), q = seg_fresh_ptr(&e, s), r = seg_fresh_ptr(&e, s);
  smt_term k3 = smt_mk_int(ctx, 3);
  seg_kb_add(&e, s, smt_mk_eq(ctx, gh, smt_mk_int_add2(ctx, g, k3)));
  seg_kb_add(&e, s, smt_mk_eq(ctx, hh, smt_mk_int_add2(ctx, h, k3)));
  seg_kb_add(&e, s, smt_mk_eq(ctx, f, smt_mk_int_add2(ctx, g, smt_mk_int(ctx, 2))));
  seg_kb_add(&e, s, smt_mk_eq(ctx, q, smt_mk_int_add2(ctx, f, smt_mk_int(ctx, 1))));
  seg_alloc x = {g, gh, SEG_AL_GLOBAL, false, 0, false}, y = {h, hh, SEG_AL_GLOBAL, false, 0, false};
  VEC_PUSH(s->al, x);
  VEC_PUSH(s->al, y);
  s->fo_cache = SMT_NULL;
  seg_layout lay;
  seg_layout_build(&e, s, &lay);
  smt_term one = smt_mk_int(ctx, 1), two = smt_mk_int(ctx, 2), four = smt_mk_int(ctx, 4);
  CHECK(seg_layout_holder(&e, &lay, g, four) == 0);
  CHECK(seg_layout_holder(&e, &lay, q, one) == 0);                /* g + 3 */
  CHECK(seg_layout_holder(&e, &lay, q, two) == -1);               /* g + 3 .. g + 4: past the end */
  CHECK(seg_layout_holder(&e, &lay, h, four) == 1);
  CHECK(seg_layout_holder(&e, &lay, r, one) == -1);               /* no equalities */
  CHECK(seg_layout_relate(&e, &lay, g, four, h, four) == SEG_LAYOUT_DISJOINT);
  CHECK(seg_layout_relate(&e, &lay, q, one, h, two) == SEG_LAYOUT_DISJOINT);
  CHECK(seg_layout_relate(&e, &lay, g, two, f, two) == SEG_LAYOUT_DISJOINT); /* g..g+1, g+2..g+3 */
  CHECK(seg_layout_relate(&e, &lay, g, four, q, one) == SEG_LAYOUT_OVERLAP);
  CHECK(seg_layout_relate(&e, &lay, smt_mk_int_add2(ctx, g, k3), one, q, one) == SEG_LAYOUT_SAME_START);
  CHECK(seg_layout_relate(&e, &lay, r, one, g, one) == SEG_LAYOUT_UNKNOWN);
  CHECK(seg_layout_relate(&e, &lay, q, two, h, one) == SEG_LAYOUT_UNKNOWN); /* q's range leaves g */
  seg_layout_free(&lay);
  /* the solver agrees */
  CHECK(seg_entails(&e, s, smt_mk_not(ctx, smt_mk_eq(ctx, q, h))) == SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_eq(ctx, q, smt_mk_int_add2(ctx, g, k3))) == SMT_YES);
  seg_state_free(s);
  ir_module_free(m);
  smt_ctx_free(ctx);
}

int main(void) {
  test_ranges();
  test_layout();
  test_first_order_view();
  test_projection();
  test_state_check();
  return TEST_SUMMARY();
}
