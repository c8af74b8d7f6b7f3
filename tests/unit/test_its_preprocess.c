/* Unit tests of src/its/preprocess*.c: each step on a hand-made system
 * where it changes something (shape of the result), the whole pipeline's
 * contract, and a randomized exactness check by bounded simulation.
 *
 * The randomized check. Exactness means: an infinite run from the start
 * exists before iff after. A bounded simulation cannot see infinity, and
 * chaining shortens runs, so it compares a finer invariant that every step
 * keeps: let K be the locations of the result (every location a
 * transition of the result reaches is in K, and so is the start). For a
 * start state s0, S_1 = {(start, s0)} and S_{j+1} is the set of
 * configurations (l, x) with l in K reachable from a configuration of S_j
 * by a path whose intermediate locations are all outside K. In the result,
 * such paths are single transitions. Chaining turns every such original
 * path into one composed transition (and back), splitting, pruning,
 * constants and invariants do not change the steps taken from reachable
 * states, so the sets S_j are equal for every j; slicing makes variables
 * that no guard depends on arbitrary, so when it acted only the locations
 * of S_j are compared. Nondeterminism (temporaries, unconstrained updates)
 * ranges over [-BOX, BOX] in both systems: every step keeps that bounded
 * semantics as well (a temporary introduced by chaining stands for a
 * temporary or an unconstrained value of an original transition). Equal
 * S_1..S_M for all s0 in [-3,3]^n means in particular that runs with m <= M
 * visits to K exist in both or in neither. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/preprocess.h"
#include "../../src/its/preprocess_internal.h"
#include "../../src/smt/smt.h"
#include "its_fixture.h"
#include "test_util.h"

static bool log_has(const strbuf *b, const char *needle) { return b->data && strstr(b->data, needle); }

static size_t count_from_to(const its *s, const char *from, const char *to) {
  size_t n = 0;
  for (size_t k = 0; k < s->trans.len; k++)
    if (strcmp(s->loc_names[s->trans.data[k].from], from) == 0 && strcmp(s->loc_names[s->trans.data[k].to], to) == 0)
      n++;
  return n;
}

/* The index of the first transition from -> to, or SIZE_MAX. */
static size_t find_trans(const its *s, const char *from, const char *to) {
  for (size_t k = 0; k < s->trans.len; k++)
    if (strcmp(s->loc_names[s->trans.data[k].from], from) == 0 && strcmp(s->loc_names[s->trans.data[k].to], to) == 0)
      return k;
  return SIZE_MAX;
}

static bool mentions(const its *s, smt_term t, smt_term var) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, t, &v);
  bool r = false;
  for (size_t i = 0; i < v.len; i++) r |= v.data[i] == var;
  VEC_FREE(v);
  return r;
}

/* ---- one test per step ------------------------------------------------------ */

static void test_prune(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x)\n(RULES\n"
                   "  a(x) -> b(x) :|: x > 0 && x < 0\n"
                   "  a(x) -> c(x - 1) :|: x > 0\n"
                   "  b(x) -> b(x + 1)\n"
                   "  c(x) -> a(x)\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_prune(&p, s);
  CHECK(st.unsat_removed == 1 && st.unreachable_removed == 1);
  CHECK(r->trans.len == 2 && count_from_to(r, "b", "b") == 0 && count_from_to(r, "a", "b") == 0);
  CHECK(log_has(&log, "pruning: removed 1 unsatisfiable and 1 unreachable"));
  /* through the whole pipeline, b disappears from the locations */
  its *q = its_preprocess(s, budget_unlimited(), &st, NULL);
  CHECK(its_find_loc(q, "b") == ITS_NONE && strcmp(q->loc_names[q->start], "a") == 0);
  its_free(q);
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_split(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y)\n(RULES\n"
                   "  a(x, y) -> l(x, y) :|: x > 0 || y > 0\n"
                   "  l(x, y) -> l(x - 1, y) :|: x > 0 || y > 0\n"
                   "  l(x, y) -> l(x - 1, y) :|: x != 0\n"
                   ")\n");
  /* an ite in an update: l -> l with x' = ite(y > 0, x - 1, x - 2) */
  smt_term x = s->pre[0], y = s->pre[1];
  smt_term upd[2] = {smt_mk_ite(c, smt_mk_int_gt(c, y, smt_mk_int(c, 0)), smt_mk_int_sub(c, x, smt_mk_int(c, 1)),
                                smt_mk_int_sub(c, x, smt_mk_int(c, 2))),
                     y};
  uint32_t l = its_find_loc(s, "l");
  its_add_trans(s, l, l, smt_mk_int_ge(c, x, smt_mk_int(c, 0)), upd);
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_split(&p, s);
  /* the entry transition is outside any SCC and stays; the loops split in 2 + 2 + 2 */
  CHECK(count_from_to(r, "a", "l") == 1);
  CHECK(count_from_to(r, "l", "l") == 6);
  CHECK(st.split_added == 3);
  CHECK(log_has(&log, "splitting: 3 transition(s) split"));
  bool any_or = false, any_ite = false;
  for (size_t k = 0; k < r->trans.len; k++) {
    if (r->trans.data[k].from != l) continue;
    smt_kind gk = smt_term_kind(c, r->trans.data[k].guard);
    any_or |= gk == SMT_OR || gk == SMT_NOT;
    any_ite |= smt_term_kind(c, r->trans.data[k].update[0]) == SMT_ITE;
  }
  CHECK(!any_or && !any_ite);
  /* exactness of the x != 0 split: the two parts are x < 0 and x > 0 */
  smt_term pieces = SMT_FALSE;
  for (size_t k = 0; k < r->trans.len; k++)
    if (r->trans.data[k].from == l && r->trans.data[k].update[0] == smt_mk_int_sub(c, x, smt_mk_int(c, 1)))
      pieces = smt_mk_or2(c, pieces, r->trans.data[k].guard);
  CHECK(smt_is_valid(c, budget_unlimited(), smt_mk_eq(c, pieces, smt_mk_or2(c, smt_mk_or2(c, smt_mk_int_gt(c, x, smt_mk_int(c, 0)),
                                                                                 smt_mk_int_gt(c, y, smt_mk_int(c, 0))),
                                                                  smt_mk_not(c, smt_mk_eq(c, x, smt_mk_int(c, 0)))))) == SMT_YES);
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_split_bound(void) {
  smt_ctx *c = smt_ctx_new();
  /* (x1 != 0) /\ ... /\ (x5 != 0) has 32 disjuncts: above the bound, kept whole */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS l))\n(VAR a b d e f)\n(RULES\n"
                   "  l(a, b, d, e, f) -> l(a - 1, b, d, e, f) :|: a != 0 && b != 0 && d != 0 && e != 0 && f != 0\n"
                   ")\n");
  its_pre_stats st = {0};
  pp_state p = {c, &st, NULL, 100, {0, 1000}};
  its *r = pp_split(&p, s);
  CHECK(r->trans.len == 1 && r->trans.data[0].guard == s->trans.data[0].guard && st.split_added == 0);
  its_free(r);
  its_free(s);
  smt_ctx_free(c);
}

static void test_constants(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y)\n(RULES\n"
                   "  a(x, y) -> l(5, y)\n"
                   "  l(x, y) -> l(x, y - x) :|: y > x\n"
                   "  l(x, y) -> m(x + 1, y)\n"
                   "  m(x, y) -> a(x, y) :|: y > x\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_constants(&p, s);
  /* x = 5 at l and x = 6 at m; nothing at the start a */
  CHECK(st.constants == 2);
  size_t k = find_trans(r, "l", "l");
  CHECK(k != SIZE_MAX && !mentions(r, r->trans.data[k].guard, r->pre[0]) &&
        r->trans.data[k].update[1] == smt_mk_int_sub(c, r->pre[1], smt_mk_int(c, 5)));
  k = find_trans(r, "m", "a");
  CHECK(k != SIZE_MAX && r->trans.data[k].guard == smt_mk_int_gt(c, r->pre[1], smt_mk_int(c, 6)));
  k = find_trans(r, "a", "l");
  CHECK(k != SIZE_MAX && r->trans.data[k].update[0] == smt_mk_int(c, 5));
  CHECK(log_has(&log, "constants: 2"));
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_slice(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y z w)\n(RULES\n"
                   "  a(x, y, z, w) -> a(x - y, y, z + x, w * z) :|: x > 0 && y > 0\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_slice(&p, s);
  CHECK(st.sliced_vars == 2);
  CHECK(r->trans.data[0].update[0] != SMT_NULL && r->trans.data[0].update[1] != SMT_NULL);
  CHECK(r->trans.data[0].update[2] == SMT_NULL && r->trans.data[0].update[3] == SMT_NULL);
  CHECK(log_has(&log, "slicing: 2 variable(s) made unconstrained: z w"));
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_chain(void) {
  smt_ctx *c = smt_ctx_new();
  /* b is chained away; a is the start and c has a self-loop: both stay.
   * Both halves of the loop use a temporary named t: they must be renamed
   * apart. y is unconstrained after a -> b and read by b -> a. */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y t u)\n(RULES\n"
                   "  a(x, y) -> b(t, u) :|: t < x && x > 0\n"
                   "  b(x, y) -> a(t, y) :|: t < x && y > x\n"
                   "  a(x, y) -> c(x, y)\n"
                   "  c(x, y) -> c(x - 1, y) :|: x > 0\n"
                   ")\n");
  CHECK(s->trans.data[0].update[1] == SMT_NULL);
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_chain(&p, s);
  CHECK(st.chained_locs == 1);
  CHECK(r->trans.len == 3 && count_from_to(r, "a", "a") == 1 && count_from_to(r, "c", "c") == 1);
  CHECK(log_has(&log, "chaining: eliminated 1 location(s), 4 -> 3 transition(s)"));
  size_t k = find_trans(r, "a", "a");
  smt_term rel = its_trans_relation(r, (uint32_t)k);
  smt_term x = r->pre[0], x2 = r->post[0], y2 = r->post[1];
  const its_trans *t = &r->trans.data[k];
  CHECK(t->ntemps == 3); /* two renamed t's and the intermediate y */
  CHECK(smt_term_kind(c, t->update[1]) == SMT_VAR && its_var_of_term(r, t->update[1]) == ITS_NONE);
  /* x' <= x - 2 always (two strict decreases), x' = x - 2 possible */
  CHECK(smt_implies(c, budget_unlimited(), rel, smt_mk_int_le(c, x2, smt_mk_int_sub(c, x, smt_mk_int(c, 2)))) == SMT_YES);
  CHECK(smt_is_sat(c, budget_unlimited(), smt_mk_and2(c, rel, smt_mk_eq(c, x2, smt_mk_int_sub(c, x, smt_mk_int(c, 2))))) == SMT_SAT);
  /* the intermediate y is free (y > t for the first t): any final y */
  CHECK(smt_is_sat(c, budget_unlimited(), smt_mk_and2(c, rel, smt_mk_eq(c, y2, smt_mk_int(c, -100)))) == SMT_SAT);
  for (uint32_t j = 0; j < t->ntemps; j++) CHECK(strncmp(smt_term_name(c, t->temps[j]), "pp.t!", 5) == 0);
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_chain_bounds(void) {
  smt_ctx *c = smt_ctx_new();
  /* m has 3 in and 3 out: 9 > 3 + 3 + 2, not eliminated */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x)\n(RULES\n"
                   "  a(x) -> m(x) :|: x > 0\n  a(x) -> m(x) :|: x > 1\n  a(x) -> m(x) :|: x > 2\n"
                   "  m(x) -> a(x - 1)\n  m(x) -> a(x - 2)\n  m(x) -> a(x - 3)\n"
                   ")\n");
  its_pre_stats st = {0};
  pp_state p = {c, &st, NULL, 100, {0, 1000}};
  its *r = pp_chain(&p, s);
  CHECK(st.chained_locs == 0 && r->trans.len == 6);
  its_free(r);
  /* a location whose composition would exceed the global budget stays */
  p.max_trans = 5;
  its *s2 = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x)\n(RULES\n"
                    "  a(x) -> m(x) :|: x > 0\n  a(x) -> m(x) :|: x > 1\n"
                    "  m(x) -> a(x - 1)\n  m(x) -> a(x - 2)\n  m(x) -> a(x - 3)\n"
                    ")\n");
  r = pp_chain(&p, s2);
  CHECK(st.chained_locs == 0 && r->trans.len == 5);
  its_free(r);
  p.max_trans = 100;
  r = pp_chain(&p, s2);
  CHECK(st.chained_locs == 1 && r->trans.len == 6 && count_from_to(r, "a", "a") == 6);
  its_free(r);
  its_free(s2);
  its_free(s);
  smt_ctx_free(c);
}

static void test_invariants(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y)\n(RULES\n"
                   "  a(x, y) -> l(x, 1)\n"
                   "  l(x, y) -> l(x - y, y + 1) :|: x > 0\n"
                   "  l(x, y) -> a(x, y) :|: x <= 0\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_invariants(&p, s);
  CHECK(st.invariant_atoms == 1);
  CHECK(log_has(&log, "invariant at l: "));
  size_t k = find_trans(r, "l", "l");
  smt_term y = r->pre[1];
  CHECK(smt_implies(c, budget_unlimited(), r->trans.data[k].guard, smt_mk_int_ge(c, y, smt_mk_int(c, 1))) == SMT_YES);
  /* nothing at the start */
  k = find_trans(r, "a", "l");
  CHECK(r->trans.data[k].guard == SMT_TRUE);
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

/* A bound made on a loop's entry reaches every location of the body (the
 * candidates are carried through transitions that keep their variables),
 * and a conjunct that every outgoing guard has already is no invariant. */
static void test_invariants_carried(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR i f)\n(RULES\n"
                   "  a(i, f) -> l(0, f)\n"
                   "  l(i, f) -> b1(i, f) :|: i < 10 && f <= 127\n"
                   "  b1(i, f) -> b2(i, 2 * f) :|: f <= 127\n"
                   "  b1(i, f) -> b2(i, 0) :|: f <= 127\n"
                   "  b2(i, f) -> b3(i, f) :|: f <= 127\n"
                   "  b3(i, f) -> l(i + 1, f) :|: f <= 127\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  pp_state p = {c, &st, &log, 100, {0, 1000}};
  its *r = pp_invariants(&p, s);
  smt_term i = r->pre[0], nine = smt_mk_int(c, 9);
  const char *body[] = {"b2", "b3"};
  for (int j = 0; j < 2; j++) {
    size_t k = find_trans(r, body[j], j == 0 ? "b3" : "l");
    CHECK(k != SIZE_MAX);
    if (k != SIZE_MAX)
      CHECK_MSG(smt_implies(c, budget_unlimited(), r->trans.data[k].guard, smt_mk_int_le(c, i, nine)) == SMT_YES,
                "i <= 9 is not known at %s", body[j]);
  }
  /* f <= 127 is in every guard already: never logged as an invariant */
  CHECK(!log_has(&log, "f <= 127"));
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

static void test_pipeline(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR x y z)\n(RULES\n"
                   "  start(x, y) -> loop(x, 0)\n"
                   "  loop(x, y) -> mid(x - 1, y + x*x) :|: x > 0 && y >= 0\n"
                   "  mid(x, y) -> loop(x, y)\n"
                   "  loop(x, y) -{2}> Com_2(stop(x, z), loop(x - z, y)) :|: x > 0 && z > 0 && z <= x\n"
                   "  loop(x, y) -> stop(x, y) [ x <= 0 || y < 0 ]\n"
                   "  start(x, y) -> start(x - 1, y) :|: x > 0\n"
                   ")\n");
  its_pre_stats st = {0};
  strbuf log = {0};
  its *r = its_preprocess(s, budget_unlimited(), &st, &log);
  char err[200];
  CHECK_MSG(its_validate(r, err, sizeof err), "%s", err);
  CHECK(r->nvars == s->nvars && strcmp(r->var_names[1], "y") == 0 && r->pre[0] == s->pre[0]);
  CHECK(strcmp(r->loc_names[r->start], "start") == 0);
  CHECK(its_find_loc(r, "mid") == ITS_NONE && st.chained_locs == 1);
  CHECK(its_find_loc(r, "stop") != ITS_NONE); /* a sink keeps its incoming transitions */
  CHECK(count_from_to(r, "start", "start") == 1);
  /* the start keeps a self-loop and a start that is only entered is never eliminated */
  its *s2 = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x)\n(RULES\n"
                    "  a(x) -> b(x - 1) :|: x > 0\n  b(x) -> a(x)\n)\n");
  its *r2 = its_preprocess(s2, budget_unlimited(), NULL, NULL);
  CHECK(strcmp(r2->loc_names[r2->start], "a") == 0 && r2->nlocs == 1 && r2->trans.len == 1);
  /* s is unchanged */
  CHECK(its_find_loc(s, "mid") != ITS_NONE && s->trans.len == 7);
  its_free(r2);
  its_free(s2);
  its_free(r);
  its_free(s);
  strbuf_free(&log);
  smt_ctx_free(c);
}

/* ---- randomized exactness ------------------------------------------------------ */

#define BOX 1
#define ROUNDS 5
#define MAXV 2

typedef struct {
  uint32_t loc;
  int64_t v[MAXV];
} config;

typedef VEC(config) config_vec;

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static int rnd(int n) {
  return (int)(test_xorshift(&rng_state) % (uint64_t)n);
}
static int rnd_range(int lo, int hi) { return lo + rnd(hi - lo + 1); }

static smt_term rnd_lin(smt_ctx *c, const its *s, smt_term extra) {
  smt_term e = smt_mk_int(c, rnd_range(-3, 3));
  for (uint32_t i = 0; i < s->nvars; i++) {
    int k = rnd_range(-1, 1);
    if (k) e = smt_mk_int_add2(c, e, smt_mk_int_mul2(c, smt_mk_int(c, k), s->pre[i]));
  }
  if (extra != SMT_NULL && rnd(2)) e = smt_mk_int_add2(c, e, extra);
  return e;
}

static smt_term rnd_atom(smt_ctx *c, const its *s, smt_term extra) {
  return smt_mk_int_le(c, rnd_lin(c, s, extra), smt_mk_int(c, 0));
}

static its *random_its(smt_ctx *c) {
  its *s = its_new(c);
  uint32_t nv = (uint32_t)rnd_range(1, 2), nl = (uint32_t)rnd_range(2, 4);
  its_add_var(s, "x");
  if (nv == 2) its_add_var(s, "y");
  char name[16];
  for (uint32_t l = 0; l < nl; l++) {
    snprintf(name, sizeof name, "l%u", l);
    its_add_loc(s, name);
  }
  its_set_start(s, 0);
  int nt = rnd_range(2, 6);
  smt_term tmp = smt_mk_var(c, "t", SMT_SORT_INT);
  for (int k = 0; k < nt; k++) {
    uint32_t from = k == 0 ? 0 : (uint32_t)rnd((int)nl), to = (uint32_t)rnd((int)nl);
    bool use_t = rnd(6) == 0;
    smt_term g = SMT_TRUE;
    int na = rnd_range(0, 2);
    for (int a = 0; a < na; a++) g = smt_mk_and2(c, g, rnd_atom(c, s, use_t ? tmp : SMT_NULL));
    int shape = rnd(8);
    if (shape == 0) g = smt_mk_and2(c, g, smt_mk_or2(c, rnd_atom(c, s, SMT_NULL), rnd_atom(c, s, SMT_NULL)));
    if (shape == 1) g = smt_mk_and2(c, g, smt_mk_not(c, smt_mk_eq(c, s->pre[rnd((int)nv)], smt_mk_int(c, rnd_range(-2, 2)))));
    smt_term upd[MAXV];
    for (uint32_t i = 0; i < nv; i++) {
      int kind = rnd(10);
      if (kind == 0)
        upd[i] = SMT_NULL;
      else if (kind == 1)
        upd[i] = smt_mk_ite(c, rnd_atom(c, s, SMT_NULL), rnd_lin(c, s, SMT_NULL), rnd_lin(c, s, SMT_NULL));
      else if (kind <= 3)
        upd[i] = smt_mk_int(c, rnd_range(-3, 3));
      else if (kind <= 6)
        upd[i] = smt_mk_int_add2(c, s->pre[i], smt_mk_int(c, rnd_range(-2, 2)));
      else
        upd[i] = rnd_lin(c, s, use_t ? tmp : SMT_NULL);
    }
    its_add_trans(s, from, to, g, upd);
  }
  return s;
}

static int cmp_config(const void *a, const void *b) {
  const config *x = a, *y = b;
  if (x->loc != y->loc) return x->loc < y->loc ? -1 : 1;
  for (int i = 0; i < MAXV; i++)
    if (x->v[i] != y->v[i]) return x->v[i] < y->v[i] ? -1 : 1;
  return 0;
}

static void normalize(config_vec *v) {
  if (v->len == 0) return;
  qsort(v->data, v->len, sizeof *v->data, cmp_config);
  size_t w = 1;
  for (size_t i = 1; i < v->len; i++)
    if (cmp_config(&v->data[i], &v->data[w - 1]) != 0) v->data[w++] = v->data[i];
  v->len = w;
}

typedef struct {
  const its *s;
  const bool *kept; /* by location of s */
  bool overflow, too_deep;
} sim;

static bool eval64(smt_ctx *c, smt_term t, uint32_t n, const smt_term *vars, mpz_t *vals, int64_t *out) {
  mpz_t r;
  mpz_init(r);
  mpz_srcptr *pv = xmalloc((n ? n : 1) * sizeof *pv);
  for (uint32_t i = 0; i < n; i++) pv[i] = vals[i];
  bool ok = smt_eval(c, t, n, vars, pv, r);
  free(pv);
  if (ok) {
    if (mpz_fits_slong_p(r) && labs(mpz_get_si(r)) < (1L << 40))
      *out = mpz_get_si(r);
    else
      ok = false;
  }
  mpz_clear(r);
  return ok;
}

/* Adds to out the kept configurations reachable from cfg through non-kept
 * locations only. */
static void expand(sim *m, const config *cfg, unsigned depth, config_vec *out) {
  const its *s = m->s;
  smt_ctx *c = s->ctx;
  if (depth > s->nlocs + 1) {
    m->too_deep = true;
    return;
  }
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from != cfg->loc) continue;
    /* nondeterministic values: the temporaries, then the unconstrained updates */
    uint32_t nfree = 0, nv = s->nvars, nvars = nv + t->ntemps;
    for (uint32_t i = 0; i < nv; i++) nfree += t->update[i] == SMT_NULL;
    uint32_t nchoice = t->ntemps + nfree;
    smt_term *vars = xmalloc((nvars ? nvars : 1) * sizeof *vars);
    mpz_t *vals = xmalloc((nvars ? nvars : 1) * sizeof *vals);
    for (uint32_t i = 0; i < nvars; i++) mpz_init(vals[i]);
    for (uint32_t i = 0; i < nv; i++) vars[i] = s->pre[i], mpz_set_si(vals[i], cfg->v[i]);
    for (uint32_t j = 0; j < t->ntemps; j++) vars[nv + j] = t->temps[j];
    long combos = 1;
    for (uint32_t j = 0; j < nchoice; j++) combos *= 2 * BOX + 1;
    for (long code = 0; code < combos; code++) {
      long rest = code;
      int64_t choice[16];
      for (uint32_t j = 0; j < nchoice && j < 16; j++) choice[j] = rest % (2 * BOX + 1) - BOX, rest /= 2 * BOX + 1;
      for (uint32_t j = 0; j < t->ntemps; j++) mpz_set_si(vals[nv + j], choice[j]);
      int64_t g;
      if (!eval64(c, t->guard, nvars, vars, vals, &g)) {
        m->overflow = true;
        continue;
      }
      if (!g) continue;
      config next = {t->to, {0}};
      uint32_t f = t->ntemps;
      bool ok = true;
      for (uint32_t i = 0; i < nv && ok; i++) {
        if (t->update[i] == SMT_NULL)
          next.v[i] = choice[f++];
        else if (!eval64(c, t->update[i], nvars, vars, vals, &next.v[i]))
          ok = false, m->overflow = true;
      }
      if (!ok) continue;
      if (m->kept[t->to])
        VEC_PUSH(*out, next);
      else
        expand(m, &next, depth + 1, out);
    }
    for (uint32_t i = 0; i < nvars; i++) mpz_clear(vals[i]);
    free(vals);
    free(vars);
  }
}

/* S_1 .. S_ROUNDS from start state v0, into rounds[0..ROUNDS-1]. */
static void simulate(sim *m, const int64_t *v0, config_vec *rounds) {
  config c0 = {m->s->start, {0}};
  for (uint32_t i = 0; i < m->s->nvars; i++) c0.v[i] = v0[i];
  VEC_PUSH(rounds[0], c0);
  for (int j = 1; j < ROUNDS; j++) {
    for (size_t a = 0; a < rounds[j - 1].len && rounds[j].len < 20000; a++) expand(m, &rounds[j - 1].data[a], 0, &rounds[j]);
    normalize(&rounds[j]);
  }
}

static void test_random_exactness(void) {
  int tested = 0, skipped = 0, differ = 0, chained = 0, split = 0, inv = 0, consts = 0, sliced = 0;
  for (int iter = 0; iter < 200; iter++) {
    smt_ctx *c = smt_ctx_new();
    its *s = random_its(c);
    its_pre_stats st = {0};
    its *r = its_preprocess(s, budget_queries(budget_unlimited(), 2000), &st, NULL);
    char err[200];
    CHECK_MSG(its_validate(r, err, sizeof err), "%s", err);
    chained += st.chained_locs > 0, split += st.split_added > 0, inv += st.invariant_atoms > 0;
    consts += st.constants > 0, sliced += st.sliced_vars > 0;
    bool *kept_s = xcalloc(s->nlocs, sizeof *kept_s), *kept_r = xcalloc(r->nlocs, sizeof *kept_r);
    for (uint32_t l = 0; l < s->nlocs; l++) kept_s[l] = its_find_loc(r, s->loc_names[l]) != ITS_NONE;
    for (uint32_t l = 0; l < r->nlocs; l++) kept_r[l] = true;
    sim ms = {s, kept_s, false, false}, mr = {r, kept_r, false, false};
    bool bad = false;
    int64_t v0[MAXV] = {0};
    int span = 7, total = 1;
    for (uint32_t i = 0; i < s->nvars; i++) total *= span;
    for (int code = 0; code < total && !bad; code++) {
      for (uint32_t i = 0, rest = (uint32_t)code; i < s->nvars; i++, rest /= (uint32_t)span) v0[i] = (int64_t)(rest % (uint32_t)span) - 3;
      config_vec rs[ROUNDS] = {{0}}, rr[ROUNDS] = {{0}};
      simulate(&ms, v0, rs);
      simulate(&mr, v0, rr);
      for (int j = 0; j < ROUNDS && !bad; j++) {
        /* compare by location name; full states unless slicing acted */
        if (st.sliced_vars) {
          for (size_t a = 0; a < rs[j].len; a++) rs[j].data[a].v[0] = rs[j].data[a].v[1] = 0;
          for (size_t a = 0; a < rr[j].len; a++) rr[j].data[a].v[0] = rr[j].data[a].v[1] = 0;
        }
        for (size_t a = 0; a < rr[j].len; a++) rr[j].data[a].loc = its_find_loc(s, r->loc_names[rr[j].data[a].loc]);
        normalize(&rs[j]);
        normalize(&rr[j]);
        bad = rs[j].len != rr[j].len;
        for (size_t a = 0; a < rs[j].len && !bad; a++) bad = cmp_config(&rs[j].data[a], &rr[j].data[a]) != 0;
      }
      for (int j = 0; j < ROUNDS; j++) VEC_FREE(rs[j]), VEC_FREE(rr[j]);
    }
    if (ms.overflow || mr.overflow || ms.too_deep || mr.too_deep) {
      skipped++;
      CHECK_MSG(!ms.too_deep && !mr.too_deep, "iteration %d: a path through eliminated locations is too long", iter);
    } else {
      tested++;
      if (bad) {
        differ++;
        strbuf b = {0};
        its_print(s, &b);
        strbuf_printf(&b, "---- after\n");
        its_print(r, &b);
        fprintf(stderr, "iteration %d: bounded runs differ\n%s", iter, b.data);
        strbuf_free(&b);
      }
    }
    CHECK(!bad || ms.overflow || mr.overflow);
    free(kept_s), free(kept_r);
    its_free(r);
    its_free(s);
    smt_ctx_free(c);
  }
  printf("random exactness: %d compared, %d skipped (overflow), %d differ; steps acted: chaining %d, splitting %d, "
         "constants %d, slicing %d, invariants %d\n",
         tested, skipped, differ, chained, split, consts, sliced, inv);
  CHECK(tested >= 150 && chained >= 20 && split >= 10 && inv >= 10 && consts >= 10);
}

int main(void) {
  test_prune();
  test_split();
  test_split_bound();
  test_constants();
  test_slice();
  test_chain();
  test_chain_bounds();
  test_invariants();
  test_invariants_carried();
  test_pipeline();
  test_random_exactness();
  return TEST_SUMMARY();
}
