/* smt_subst / smt_term_vars (smt/subst.c), which the ITS, SEG and direct
 * translation share, and the hashed location names of an its (its_add_loc,
 * its_find_loc) on many locations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "its/its.h"
#include "smt/smt.h"
#include "test_util.h"

static void test_vars_and_subst(smt_ctx *ctx) {
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT), y = smt_mk_var(ctx, "y", SMT_SORT_INT);
  smt_term z = smt_mk_var(ctx, "z", SMT_SORT_INT);
  smt_term one = smt_mk_int(ctx, 1);
  /* (x + y <= z) && (y < 1): variables in order of first visit, each once */
  smt_term sum = smt_mk_int_add2(ctx, x, y);
  smt_term f = smt_mk_and2(ctx, smt_mk_int_le(ctx, sum, z), smt_mk_int_lt(ctx, y, one));
  smt_term_vec v = {0};
  smt_term_vars(ctx, f, &v);
  CHECK(v.len == 3);
  bool has[3] = {false, false, false};
  for (size_t i = 0; i < v.len; i++) has[0] |= v.data[i] == x, has[1] |= v.data[i] == y, has[2] |= v.data[i] == z;
  CHECK(has[0] && has[1] && has[2]);
  size_t before = v.len;
  smt_term_vars(ctx, SMT_NULL, &v); /* nothing */
  CHECK(v.len == before);
  VEC_FREE(v);

  /* simultaneous substitution: x := y, y := x swaps, not chains */
  smt_term vars[2] = {x, y}, repl[2] = {y, x};
  smt_term d = smt_mk_int_sub(ctx, x, y);
  CHECK(smt_subst(ctx, d, 2, vars, repl) == smt_mk_int_sub(ctx, y, x));
  /* constants fold after substitution: (x + y <= z)[x:=1, y:=1, z:=1] is false */
  smt_term vs3[3] = {x, y, z}, ones[3] = {one, one, one};
  CHECK(smt_subst(ctx, smt_mk_int_le(ctx, sum, z), 3, vs3, ones) == SMT_FALSE);
  /* SMT_NULL keeps the variable */
  smt_term keep[2] = {SMT_NULL, one};
  CHECK(smt_subst(ctx, d, 2, vars, keep) == smt_mk_int_sub(ctx, x, one));
  /* BV terms with parameters (extract, zero extension) are rebuilt with them */
  smt_term b = smt_mk_var(ctx, "b", smt_sort_bv(8)), c = smt_mk_var(ctx, "c", smt_sort_bv(8));
  smt_term e = smt_mk_bv_zext(ctx, smt_mk_bv_extract(ctx, b, 6, 2), 3);
  smt_term bv[1] = {b}, cv[1] = {c};
  smt_term e2 = smt_subst(ctx, e, 1, bv, cv);
  CHECK(e2 == smt_mk_bv_zext(ctx, smt_mk_bv_extract(ctx, c, 6, 2), 3));
  CHECK(smt_bv_width(ctx, e2) == 8);
}

static void test_many_locations(smt_ctx *ctx) {
  enum { N = 20000 };
  its *s = its_new(ctx);
  char name[32];
  bool ok = true;
  for (uint32_t i = 0; i < N && ok; i++) {
    snprintf(name, sizeof name, "l%u", i);
    ok = its_add_loc(s, name) == i;
  }
  CHECK(ok && s->nlocs == N);
  ok = true;
  for (uint32_t i = 0; i < N && ok; i++) {
    snprintf(name, sizeof name, "l%u", i);
    ok = its_find_loc(s, name) == i;
  }
  CHECK(ok);
  CHECK(its_add_loc(s, "l17") == ITS_NONE); /* duplicate */
  CHECK(its_add_loc(s, "1bad") == ITS_NONE);
  CHECK(its_find_loc(s, "l20000") == ITS_NONE && its_find_loc(s, "") == ITS_NONE);
  its_set_start(s, 0);
  char err[128];
  CHECK(its_validate(s, err, sizeof err));
  its_check_valid(s);
  its_free(s);
}

int main(void) {
  smt_ctx *ctx = smt_ctx_new();
  test_vars_and_subst(ctx);
  test_many_locations(ctx);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
