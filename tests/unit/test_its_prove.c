/* Unit tests of src/its/prove: SCCs of the reachable part, the linear
 * abstraction (non-linear and disjunctive guards), lexicographic ranking,
 * and the final re-check against the original transitions (which must
 * reject wrong functions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/its.h"
#include "../../src/its/prove.h"
#include "../../src/smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

/* Parses text (KoAT), runs the prover; returns the answer and the output
 * in *text_out (heap, caller frees). */
static its_prove_answer prove(const char *text, char **text_out) {
  smt_ctx *ctx = smt_ctx_new();
  char err[256];
  its *s = its_parse_koat(ctx, text, err, sizeof err);
  CHECK_MSG(s != NULL, "parse: %s", err);
  its_prove_answer a = ITS_PROVE_MAYBE;
  strbuf out = {0};
  if (s) a = its_prove(s, 10000, &out);
  *text_out = xstrdup(out.data ? out.data : "");
  if (getenv("PROVE_PRINT")) fputs(*text_out, stdout);
  strbuf_free(&out);
  its_free(s);
  smt_ctx_free(ctx);
  return a;
}

static void expect(const char *name, const char *text, its_prove_answer want, bool maybe_ok) {
  char *out = NULL;
  its_prove_answer a = prove(text, &out);
  if (maybe_ok)
    CHECK_MSG(a == want || a == ITS_PROVE_MAYBE, "%s: got %s", name, out);
  else
    CHECK_MSG(a == want, "%s: got %s", name, out);
  if (a == ITS_PROVE_YES) {
    CHECK_MSG(strncmp(out, "YES\n", 4) == 0, "%s", name);
    CHECK_MSG(strstr(out, "re-checked against the original transitions") != NULL || strstr(out, "no cycle"),
              "%s: %s", name, out);
  } else {
    CHECK_MSG(strncmp(out, "MAYBE\nreason: ", 14) == 0, "%s: %s", name, out);
  }
  CHECK(strstr(out, "NO\n") != out);
  free(out);
}

static void test_answers(void) {
  expect("countdown",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0\n)\n", ITS_PROVE_YES, false);
  expect("count up",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x > 0\n)\n", ITS_PROVE_MAYBE, false);
  /* x decreases with y reset to anything, or y decreases with x kept:
   * needs the lexicographic (x, y) */
  {
    char *out = NULL;
    its_prove_answer a = prove(HDR "(VAR x y z)\n(RULES\n  start(x, y) -> l(x, y)\n"
                                   "  l(x, y) -> l(x - 1, z) :|: x > 0\n"
                                   "  l(x, y) -> l(x, y - 1) :|: y > 0\n)\n",
                               &out);
    CHECK_MSG(a == ITS_PROVE_YES, "lex2: %s", out);
    CHECK_MSG(strstr(out, "[1] ") != NULL && strstr(out, "[2] ") == NULL, "lex2: two components: %s", out);
    free(out);
  }
  /* a non-linear conjunct is dropped; the linear part suffices */
  expect("nonlinear guard",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, y) :|: x > 0 && x * y > 5\n)\n",
         ITS_PROVE_YES, false);
  /* x > 0 || y > 0 with y kept: runs forever when y > 0 */
  expect("disjunctive non-terminating",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, y) :|: x > 0 || y > 0\n)\n",
         ITS_PROVE_MAYBE, false);
  /* x > 0 || x > 5 is x > 0: terminating; YES or MAYBE, never wrong */
  expect("disjunctive terminating",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0 || x > 5\n)\n", ITS_PROVE_YES,
         true);
  /* an unreachable non-terminating loop does not matter */
  expect("unreachable loop",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(x)\n  a(x) -> a(x - 1) :|: x > 0\n"
             "  b(x) -> b(x + 1) :|: x > 0\n  b(x) -> a(x)\n)\n",
         ITS_PROVE_YES, false);
  /* a loop through two locations, and a transition leaving it */
  expect("two-location loop",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> a(x, y)\n  a(x, y) -> b(x, y) :|: x > 0\n"
             "  b(x, y) -> a(x - 1, y + 1)\n  a(x, y) -> c(x, y) :|: x <= 0\n  c(x, y) -> c(x, y - 1) :|: y > 0\n)\n",
         ITS_PROVE_YES, false);
  /* a non-linear update that the abstraction cannot see (x' = x*x with
   * x >= 2 grows): must stay MAYBE */
  expect("nonlinear update",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x * x) :|: x >= 2\n)\n", ITS_PROVE_MAYBE, false);
  /* no loop at all */
  expect("acyclic", HDR "(VAR x)\n(RULES\n  start(x) -> a(x + 1)\n  a(x) -> b(x) :|: x > 0\n)\n", ITS_PROVE_YES,
         false);
}

/* The re-check on hand-made functions: correct ones pass, wrong ones fail. */
static rank_func *mk_func(const lin_scc *shape, const long *coef /* nlocs * (nvars + 1) */, const bool *strict) {
  rank_func *f = rank_func_new(shape);
  for (uint32_t i = 0; i < f->nlocs * (f->nvars + 1); i++) mpz_set_si(f->coef[i], coef[i]);
  for (uint32_t k = 0; k < f->ntrans; k++) f->strict[k] = strict[k];
  return f;
}

static void test_recheck(void) {
  smt_ctx *ctx = smt_ctx_new();
  char err[256];
  /* t0 start -> l, t1: x decreases (y arbitrary), t2: y decreases */
  its *s = its_parse_koat(ctx,
                          HDR "(VAR x y z)\n(RULES\n  start(x, y) -> l(x, y)\n"
                              "  l(x, y) -> l(x - 1, z) :|: x > 0\n  l(x, y) -> l(x, y - 1) :|: y > 0 && x*x > 3\n)\n",
                          err, sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  if (!s) {
    smt_ctx_free(ctx);
    return;
  }
  uint32_t l = its_find_loc(s, "l");
  CHECK(l != ITS_NONE && s->trans.len == 3);
  uint32_t *lloc = xcalloc(s->nlocs, sizeof *lloc);
  lloc[l] = 0;
  uint32_t tidx[2] = {1, 2};
  lin_scc *shape = lin_scc_new(2, NULL, 1, NULL);
  lin_scc_add_trans(shape, 0, 0, 1);
  lin_scc_add_trans(shape, 0, 0, 0);
  /* coefficients: constant, x, y */
  static const long fx[] = {0, 1, 0}, fy[] = {0, 0, 1}, fnx[] = {0, -1, 0}, fz[] = {0, 0, 0}, fxy[] = {0, 1, 1};
  static const bool s1[] = {true, false}, s2[] = {false, true}, s12[] = {true, true};
  struct {
    const long *c0;
    const bool *st0;
    const long *c1;
    const bool *st1;
    smt_answer want;
  } cases[] = {
      {fx, s1, fy, s2, SMT_YES},   /* the right one */
      {fy, s2, fx, s1, SMT_NO},    /* wrong order: y is not non-increasing on t1 */
      {fnx, s1, fy, s2, SMT_NO},   /* -x increases */
      {fz, s1, fy, s2, SMT_NO},    /* zero does not decrease */
      {fx, s1, NULL, NULL, SMT_NO}, /* t2 never ranked */
      {fx, s12, NULL, NULL, SMT_NO}, /* x does not decrease on t2 */
      {fxy, s1, fy, s2, SMT_NO},   /* x + y: t1 may increase y */
      {fx, s1, fy, s12, SMT_NO},   /* t1 claimed strict twice */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rank_lex lex = {0, NULL};
    rank_func *fs[2];
    fs[lex.ncomps++] = mk_func(shape, cases[i].c0, cases[i].st0);
    if (cases[i].c1) fs[lex.ncomps++] = mk_func(shape, cases[i].c1, cases[i].st1);
    lex.comps = fs;
    smt_answer a = its_prove_recheck(s, tidx, 2, lloc, &lex);
    CHECK_MSG(a == cases[i].want, "recheck case %zu: %s", i, smt_answer_name(a));
    for (uint32_t c = 0; c < lex.ncomps; c++) rank_func_free(fs[c]);
  }
  lin_scc_free(shape);
  free(lloc);
  its_free(s);
  smt_ctx_free(ctx);
}

int main(void) {
  test_answers();
  test_recheck();
  return TEST_SUMMARY();
}
