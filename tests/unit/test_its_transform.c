/* Unit tests of src/its/transform.h: composition checked with the solver,
 * chains (fresh temporaries, unconstrained values), DNF of nested formulas
 * under each caller's options, dead-end marking and redirection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/transform.h"
#include "../../src/smt/smt.h"
#include "its_fixture.h"
#include "test_util.h"

static void test_compose(void) {
  smt_ctx *c = smt_ctx_new();
  /* both use a temporary t; y is unconstrained after t0 and read by t1 */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y t u)\n(RULES\n"
                   "  a(x, y) -> b(t, u) :|: t < x && x > 0\n"
                   "  b(x, y) -> a(t, y) :|: t < x && y > x\n"
                   ")\n");
  if (!s) return;
  CHECK(s->trans.data[0].update[1] == SMT_NULL);
  smt_term g, upd[2];
  its_compose(s, &s->trans.data[0], &s->trans.data[1], "tc", &g, upd);
  CHECK(upd[0] != SMT_NULL && upd[1] != SMT_NULL);
  /* the relation g /\ x' = upd: x' <= x - 2, x' = x - 2 possible, y' free */
  smt_term x = s->pre[0], x2 = s->post[0], y2 = s->post[1];
  smt_term rel = smt_mk_and(c, 3, (smt_term[]){g, smt_mk_eq(c, x2, upd[0]), smt_mk_eq(c, y2, upd[1])});
  CHECK(smt_implies(c, budget_unlimited(), rel, smt_mk_int_le(c, x2, smt_mk_int_sub(c, x, smt_mk_int(c, 2)))) == SMT_YES);
  CHECK(smt_is_sat(c, budget_unlimited(), smt_mk_and2(c, rel, smt_mk_eq(c, x2, smt_mk_int_sub(c, x, smt_mk_int(c, 2))))) == SMT_SAT);
  CHECK(smt_is_sat(c, budget_unlimited(), smt_mk_and2(c, rel, smt_mk_eq(c, y2, smt_mk_int(c, -100)))) == SMT_SAT);
  CHECK(smt_implies(c, budget_unlimited(), rel, smt_mk_int_ge(c, x, smt_mk_int(c, 1))) == SMT_YES);
  /* the temporaries were renamed apart: none of the input's is left */
  smt_term_vec v = {0};
  smt_term_vars(c, g, &v);
  for (size_t i = 0; i < v.len; i++)
    if (its_var_of_term(s, v.data[i]) == ITS_NONE) CHECK(strncmp(smt_term_name(c, v.data[i]), "tc!", 3) == 0);
  VEC_FREE(v);
  /* a chain that makes unconstrained values fresh at once, and says so */
  its_chain ch;
  its_chain_init(&ch, s, "tt", "tu");
  smt_term ren[1], fr[2], before[2];
  its_chain_append(&ch, &s->trans.data[0], ren, fr, before);
  CHECK(s->trans.data[0].ntemps >= 1 && strncmp(smt_term_name(c, ren[0]), "tt!", 3) == 0);
  CHECK(fr[0] == SMT_NULL && fr[1] != SMT_NULL && before[1] == s->pre[1]);
  CHECK(ch.state[1] == fr[1]);
  its_chain_free(&ch);
  its_free(s);
  smt_ctx_free(c);
}

/* The disjunction of d (each disjunct the conjunction of its atoms). */
static smt_term dnf_formula(smt_ctx *c, const its_dnf *d) {
  smt_term r = SMT_FALSE;
  for (size_t i = 0; i < d->len; i++) r = smt_mk_or2(c, r, smt_mk_and(c, (uint32_t)d->data[i].len, d->data[i].data));
  return r;
}

static void test_dnf(void) {
  smt_ctx *c = smt_ctx_new();
  smt_term x = smt_mk_var(c, "x", SMT_SORT_INT), y = smt_mk_var(c, "y", SMT_SORT_INT);
  smt_term z = smt_mk_int(c, 0);
  /* (x > 0 \/ y > 0) /\ not (x = y /\ (y < 5 => x < 3)) */
  smt_term a = smt_mk_or2(c, smt_mk_int_gt(c, x, z), smt_mk_int_gt(c, y, z));
  smt_term b = smt_mk_and2(c, smt_mk_eq(c, x, y),
                           smt_mk_implies(c, smt_mk_int_lt(c, y, smt_mk_int(c, 5)), smt_mk_int_lt(c, x, smt_mk_int(c, 3))));
  smt_term f = smt_mk_and2(c, a, smt_mk_not(c, b));
  its_dnf_opts atoms = {16, 40, false, false}, folded = {16, 64, false, true};
  its_dnf d = {0};
  CHECK(its_to_dnf(c, f, true, &atoms, &d));
  /* not b = x < y \/ x > y \/ (y < 5 /\ x >= 3): 2 x 3 disjuncts */
  CHECK(d.len == 6);
  for (size_t i = 0; i < d.len; i++) {
    CHECK(d.data[i].len == 2 || d.data[i].len == 3);
    for (size_t k = 0; k < d.data[i].len; k++) {
      smt_kind kk = smt_term_kind(c, d.data[i].data[k]);
      CHECK(kk != SMT_AND && kk != SMT_OR && kk != SMT_NOT && kk != SMT_IMPLIES);
    }
  }
  smt_term back = dnf_formula(c, &d);
  CHECK(smt_implies(c, budget_unlimited(), back, f) == SMT_YES && smt_implies(c, budget_unlimited(), f, back) == SMT_YES);
  its_dnf_free(&d);
  /* folded: one conjunction term per disjunct, same formula */
  CHECK(its_to_dnf(c, f, true, &folded, &d));
  CHECK(d.len >= 1 && d.len <= 6);
  for (size_t i = 0; i < d.len; i++) CHECK(d.data[i].len == 1);
  back = dnf_formula(c, &d);
  CHECK(smt_implies(c, budget_unlimited(), back, f) == SMT_YES && smt_implies(c, budget_unlimited(), f, back) == SMT_YES);
  its_dnf_free(&d);
  /* the negation */
  CHECK(its_to_dnf(c, f, false, &atoms, &d));
  back = dnf_formula(c, &d);
  CHECK(smt_implies(c, budget_unlimited(), back, smt_mk_not(c, f)) == SMT_YES && smt_implies(c, budget_unlimited(), smt_mk_not(c, f), back) == SMT_YES);
  its_dnf_free(&d);
  /* over the limit: failure, nothing left behind */
  its_dnf_opts small = {4, 40, false, false};
  CHECK(!its_to_dnf(c, f, true, &small, &d) && d.len == 0);
  /* true and false */
  CHECK(its_to_dnf(c, SMT_TRUE, true, &atoms, &d) && d.len == 1 && d.data[0].len == 0);
  its_dnf_free(&d);
  CHECK(its_to_dnf(c, SMT_TRUE, false, &atoms, &d) && d.len == 0);
  /* Bool connectives only with the option: p xor q is two disjuncts */
  smt_term p = smt_mk_var(c, "p", SMT_SORT_BOOL), q = smt_mk_var(c, "q", SMT_SORT_BOOL);
  smt_term xr = smt_mk_not(c, smt_mk_eq(c, p, q));
  its_dnf_opts direct = {16, 0, true, false};
  CHECK(its_to_dnf(c, xr, true, &direct, &d) && d.len == 2);
  back = dnf_formula(c, &d);
  CHECK(smt_implies(c, budget_unlimited(), back, xr) == SMT_YES && smt_implies(c, budget_unlimited(), xr, back) == SMT_YES);
  its_dnf_free(&d);
  CHECK(its_to_dnf(c, xr, true, &atoms, &d) && d.len == 1);
  its_dnf_free(&d);
  /* depth limit */
  smt_term deep = smt_mk_int_gt(c, x, z);
  for (int i = 0; i < 50; i++) deep = smt_mk_or2(c, smt_mk_int_gt(c, y, smt_mk_int(c, i)), smt_mk_and2(c, deep, p));
  its_dnf_opts shallow = {1000, 10, false, false};
  CHECK(!its_to_dnf(c, deep, true, &shallow, &d) && d.len == 0);
  smt_ctx_free(c);
}

static void test_dead_ends(void) {
  smt_ctx *c = smt_ctx_new();
  /* a loop a -> b -> a; t1 (b -> a with x = 0) cannot be followed by t2
   * (a -> b needs x > 0): a dead end. t3 leaves the loop. */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS s))\n(VAR x)\n(RULES\n"
                   "  s(x) -> a(x)\n"
                   "  b(x) -> a(0) :|: x > 10\n"
                   "  a(x) -> b(x - 1) :|: x > 0\n"
                   "  b(x) -> a(x) :|: x <= 10\n"
                   "  a(x) -> e(x) :|: x <= 0\n"
                   ")\n");
  if (!s) return;
  uint32_t tidx[5] = {0, 1, 2, 3, 4};
  bool dead[5];
  its_dead_end_opts o = {"dd", 0, NULL, {0, 0}, NULL, NULL, NULL};
  CHECK(its_dead_ends_mark(s, tidx, 5, &o, dead) == 1);
  CHECK(dead[1] && !dead[0] && !dead[2] && !dead[3] && !dead[4]);
  /* a budget of one check looks at t1 only */
  uint32_t budget = 1;
  o.budget = &budget;
  CHECK(its_dead_ends_mark(s, tidx, 5, &o, dead) == 1 && budget == 0);
  o.budget = NULL;
  /* redirection: t1 goes to a new location a_exit that has a copy of t4 */
  uint32_t nl = s->nlocs;
  size_t nt = s->trans.len;
  CHECK(its_dead_ends_redirect(s, &o) == 1);
  CHECK(s->nlocs == nl + 1 && strcmp(s->loc_names[nl], "a_exit") == 0);
  CHECK(s->trans.data[1].to == nl);
  CHECK(s->trans.len == nt + 1 && s->trans.data[nt].from == nl && s->trans.data[nt].to == s->trans.data[4].to);
  /* t1 is no longer on a cycle */
  graph g;
  its_location_graph(s, NULL, 0, &g);
  uint32_t *comp = xmalloc(s->nlocs * sizeof *comp);
  graph_sccs(&g, NULL, 0, comp);
  CHECK(comp[s->trans.data[1].from] != comp[s->trans.data[1].to]);
  CHECK(comp[s->trans.data[2].from] == comp[s->trans.data[2].to]);
  free(comp);
  graph_free(&g);
  its_free(s);
  smt_ctx_free(c);
}

static uint32_t loc_named(const its *s, const char *name) {
  for (uint32_t l = 0; l < s->nlocs; l++)
    if (strcmp(s->loc_names[l], name) == 0) return l;
  return ITS_NONE;
}

/* The shape of csmith seeds 313 and 317 (issue 17): t1 is redirected to
 * b_exit first; then t3 is a dead end into a, whose exit copy must take t1
 * (already pointing at b_exit, a location made in this round) along; t5
 * then has no successor left in the SCC, and c's copy takes t3 along. The
 * redirection used to look b_exit and a_exit up in the SCC numbers of the
 * old locations: reads past that array (ASan in the sanitizer build). */
static void test_dead_ends_redirected_twice(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS s))\n(VAR x)\n(RULES\n"
                   "  s(x) -> a(x)\n"                /* t0 */
                   "  a(x) -> b(x) :|: x > 5\n"      /* t1: b goes on only with x < 3 */
                   "  b(x) -> c(x) :|: x < 3\n"      /* t2 */
                   "  c(x) -> a(0)\n"                /* t3: a goes on only with x > 0 */
                   "  b(x) -> e(x) :|: x >= 3\n"     /* t4 */
                   "  a(x) -> c(x - 1) :|: x > 0\n"  /* t5 */
                   "  a(x) -> e(x) :|: x <= 0\n"     /* t6 */
                   ")\n");
  if (!s) return;
  its_dead_end_opts o = {"dd", 0, NULL, {0, 0}, NULL, NULL, NULL};
  uint32_t nl = s->nlocs;
  size_t nt = s->trans.len;
  uint32_t e = loc_named(s, "e");
  uint32_t redirected = its_dead_ends_redirect(s, &o);
  CHECK_MSG(redirected == 3, "%u redirected", redirected);
  uint32_t a_exit = loc_named(s, "a_exit"), b_exit = loc_named(s, "b_exit"), c_exit = loc_named(s, "c_exit");
  CHECK(s->nlocs == nl + 3 && a_exit >= nl && b_exit >= nl && c_exit >= nl);
  CHECK(s->trans.data[1].to == b_exit && s->trans.data[3].to == a_exit && s->trans.data[5].to == c_exit);
  CHECK(s->trans.data[2].to == loc_named(s, "c"));
  /* the copies: b_exit -> e (t4), a_exit -> b_exit (t1), a_exit -> e (t6),
   * c_exit -> a_exit (t3) */
  CHECK(s->trans.len == nt + 4);
  unsigned found = 0;
  for (size_t k = nt; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    found += (t->from == b_exit && t->to == e) + (t->from == a_exit && t->to == b_exit) +
             (t->from == a_exit && t->to == e) + (t->from == c_exit && t->to == a_exit);
  }
  CHECK(found == 4);
  its_free(s);
  smt_ctx_free(c);
}

int main(void) {
  test_compose();
  test_dnf();
  test_dead_ends();
  test_dead_ends_redirected_twice();
  return TEST_SUMMARY();
}
