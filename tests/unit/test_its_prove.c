/* Unit tests of src/its/prove: the whole prover on hand-made systems and on
 * the examples of seeds 000 and 001 read over the integers (their bit-precise
 * readings are the direct translation's business): YES only with a proof,
 * NO only with a witness, every technique needed somewhere, and no
 * configuration of techniques contradicting another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/its.h"
#include "../../src/its/prove.h"
#include "../../src/smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

/* Parses text (KoAT), runs the prover with opt; returns the answer and the
 * output in *text_out (heap, caller frees). */
static its_prove_answer prove_with(const char *text, const its_prove_options *opt, char **text_out) {
  smt_ctx *ctx = smt_ctx_new();
  char err[256];
  its *s = its_parse_koat(ctx, text, err, sizeof err);
  CHECK_MSG(s != NULL, "parse: %s", err);
  its_prove_answer a = ITS_PROVE_MAYBE;
  strbuf out = {0};
  if (s) {
    its_prove_result r;
    a = its_prove_with(s, opt, &r);
    CHECK(r.answer == a);
    CHECK_MSG(a != ITS_PROVE_MAYBE || (r.reason.data && r.reason.len > 0), "MAYBE without a reason");
    its_prove_result_print(&r, &out);
    its_prove_result_free(&r);
  }
  *text_out = xstrdup(out.data ? out.data : "");
  if (getenv("PROVE_PRINT")) fputs(*text_out, stdout);
  strbuf_free(&out);
  its_free(s);
  smt_ctx_free(ctx);
  return a;
}

static const char *answer_name(its_prove_answer a) {
  return a == ITS_PROVE_YES ? "YES" : a == ITS_PROVE_NO ? "NO" : "MAYBE";
}

/* Expects `want` with all techniques (and the output's shape), and checks
 * that no configuration with one step switched off contradicts it. When
 * needs is not NULL ("nested", or several joined by '+': "cfr+minmax"),
 * switching those techniques off together must lose the answer. */
static void expect(const char *name, const char *text, its_prove_answer want, const char *needs) {
  its_prove_options all = its_prove_default_options();
  char *out = NULL;
  its_prove_answer a = prove_with(text, &all, &out);
  CHECK_MSG(a == want, "%s: want %s, got %s", name, answer_name(want), out);
  const char *head = a == ITS_PROVE_YES ? "YES\n" : a == ITS_PROVE_NO ? "NO\n" : "MAYBE\nreason: ";
  CHECK_MSG(strncmp(out, head, strlen(head)) == 0, "%s: %s", name, out);
  if (a == ITS_PROVE_YES) CHECK_MSG(strstr(out, "proof:") != NULL, "%s: proof text: %s", name, out);
  free(out);
  enum { NSTEPS = 8 };
  static const char *const steps[NSTEPS] = {"preprocess", "linear", "nested", "multiphase",
                                            "minmax",     "poly",   "cfr",    "nonterm"};
  its_prove_options needed = all;
  for (int i = 0; i < NSTEPS; i++) {
    its_prove_options o = all;
    bool *flag[NSTEPS] = {&o.preprocess, &o.linear, &o.nested, &o.multiphase, &o.minmax, &o.poly, &o.cfr, &o.nonterm};
    bool *needed_flag[NSTEPS] = {&needed.preprocess, &needed.linear, &needed.nested, &needed.multiphase,
                                 &needed.minmax,     &needed.poly,   &needed.cfr,    &needed.nonterm};
    *flag[i] = false;
    its_prove_answer b = prove_with(text, &o, &out);
    CHECK_MSG(b == ITS_PROVE_MAYBE || b == a, "%s without %s: %s contradicts %s", name, steps[i], answer_name(b),
              answer_name(a));
    free(out);
    if (needs) {
      size_t len = strlen(steps[i]);
      for (const char *q = strstr(needs, steps[i]); q; q = strstr(q + 1, steps[i]))
        if ((q == needs || q[-1] == '+') && (q[len] == 0 || q[len] == '+')) *needed_flag[i] = false;
    }
  }
  if (needs) {
    its_prove_answer b = prove_with(text, &needed, &out);
    CHECK_MSG(b == ITS_PROVE_MAYBE, "%s: still %s without %s (the test does not show the technique)", name,
              answer_name(b), needs);
    free(out);
  }
}

static void test_basics(void) {
  expect("countdown", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0\n)\n", ITS_PROVE_YES,
         NULL);
  expect("count up", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x > 0\n)\n", ITS_PROVE_NO,
         "nonterm");
  /* lexicographic (x, y): two ranking steps, the second after removal */
  expect("lexicographic",
         HDR "(VAR x y z)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, z) :|: x > 0\n"
             "  l(x, y) -> l(x, y - 1) :|: y > 0\n)\n",
         ITS_PROVE_YES, NULL);
  expect("nonlinear guard",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, y) :|: x > 0 && x * y > 5\n)\n",
         ITS_PROVE_YES, NULL);
  /* x > 0 || y > 0 with y kept: runs forever when y > 0 */
  expect("disjunctive non-terminating",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x - 1, y) :|: x > 0 || y > 0\n)\n",
         ITS_PROVE_NO, NULL);
  expect("unreachable loop",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(x)\n  a(x) -> a(x - 1) :|: x > 0\n"
             "  b(x) -> b(x + 1) :|: x > 0\n  b(x) -> a(x)\n)\n",
         ITS_PROVE_YES, NULL);
  /* the non-terminating loop is behind a guard no state passes */
  expect("loop behind a contradiction",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(x) :|: x > 0 && x < 0\n  a(x) -> a(x + 1) :|: x > 0\n)\n",
         ITS_PROVE_YES, NULL);
  expect("two-location loop",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> a(x, y)\n  a(x, y) -> b(x, y) :|: x > 0\n"
             "  b(x, y) -> a(x - 1, y + 1)\n  a(x, y) -> c(x, y) :|: x <= 0\n  c(x, y) -> c(x, y - 1) :|: y > 0\n)\n",
         ITS_PROVE_YES, NULL);
  expect("x' = x*x grows", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x * x) :|: x >= 2\n)\n",
         ITS_PROVE_NO, NULL);
  expect("acyclic", HDR "(VAR x)\n(RULES\n  start(x) -> a(x + 1)\n  a(x) -> b(x) :|: x > 0\n)\n", ITS_PROVE_YES,
         NULL);
  /* nested (or multiphase): while (x >= 0) { x = x + y; y = y - 1; } */
  expect("nested", HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y - 1) :|: x >= 0\n)\n",
         ITS_PROVE_YES, "nested+multiphase");
  /* multiphase only: x grows by y or by z, y by z, z falls */
  expect("multiphase",
         HDR "(VAR x y z)\n(RULES\n  start(x, y, z) -> l(x, y, z)\n  l(x, y, z) -> l(x + y, y + z, z - 1) :|: x >= 0\n"
             "  l(x, y, z) -> l(x + z, y + z, z - 1) :|: x >= 0\n)\n",
         ITS_PROVE_YES, "multiphase");
  /* min(x, y) falls; each alone may be reset up */
  expect("minimum",
         HDR "(VAR x y u)\n(RULES\n  start(x, y, u) -> l(x, y, u)\n"
             "  l(x, y, u) -> l(u, x - 1, u) :|: x > 0 && y > 0 && x < y\n"
             "  l(x, y, u) -> l(y - 1, u, u) :|: x > 0 && y > 0 && x >= y\n)\n",
         ITS_PROVE_YES, "minmax");
  /* two phases (control-flow refinement, or the minmax step's
   * max(0, x - m)): while (x != m) { if (x > m) x = 0; else x = x + 1; }
   * with m >= 0; and its twin whose second phase counts down, which must
   * never be YES */
  expect("two phases",
         HDR "(VAR x m)\n(RULES\n  start(x, m) -> l(x, m) :|: m >= 0\n  l(x, m) -> l(0, m) :|: x > m\n"
             "  l(x, m) -> l(x + 1, m) :|: x < m\n)\n",
         ITS_PROVE_YES, "cfr+minmax");
  expect("two phases, the second endless",
         HDR "(VAR x m)\n(RULES\n  start(x, m) -> l(x, m) :|: m >= 0\n  l(x, m) -> l(0, m) :|: x > m\n"
             "  l(x, m) -> l(x - 1, m) :|: x < m\n)\n",
         ITS_PROVE_NO, NULL);
  /* a fixed point: x stays 5 forever */
  expect("fixed point", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(10 - x) :|: x >= 0\n)\n",
         ITS_PROVE_NO, NULL);
  /* non-termination only from some start values, reached through a path */
  expect("recurrent after a prefix",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> a(x, 0)\n  a(x, y) -> a(x - 1, y + 2) :|: x > 0\n"
             "  a(x, y) -> b(x, y) :|: x <= 0\n  b(x, y) -> b(x, y + 1) :|: y > 10\n)\n",
         ITS_PROVE_NO, NULL);
}

/* Seeds 000 and 001 over the integers (unbounded): the C functions flip
 * their answer here, which is the point of the bit-precise engines. */
static void test_seed_examples(void) {
  /* seed 000 f: j = 0; while (j <= x) j++;  terminates over Z (x - j) */
  expect("seed 000 f over Z",
         HDR "(VAR x j)\n(RULES\n  start(x, j) -> l(x, 0)\n  l(x, j) -> l(x, j + 1) :|: j <= x\n)\n", ITS_PROVE_YES,
         NULL);
  /* seed 000 g: while (j > 0) j++;  runs forever over Z */
  expect("seed 000 g over Z", HDR "(VAR j)\n(RULES\n  start(j) -> l(j)\n  l(j) -> l(j + 1) :|: j > 0\n)\n",
         ITS_PROVE_NO, NULL);
  /* seed 001 f: while (i > 0) ++i;  runs forever over Z */
  expect("seed 001 f over Z", HDR "(VAR i)\n(RULES\n  start(i) -> l(i)\n  l(i) -> l(i + 1) :|: i > 0\n)\n",
         ITS_PROVE_NO, NULL);
  /* seed 001 g: while (i <= j) ++i;  terminates over Z (j - i) */
  expect("seed 001 g over Z",
         HDR "(VAR i j)\n(RULES\n  start(i, j) -> l(i, j)\n  l(i, j) -> l(i + 1, j) :|: i <= j\n)\n", ITS_PROVE_YES,
         NULL);
  /* seed 001 Example 3, the transition system of power(x, y): entry -> bb1
   * (y0' = y, r0' = 1); bb1 -> bb if y0 > 0; bb -> bb1 (y0' = y0 - 1,
   * r0' = r0 * x, %1' = r0 * x, %2' = y0 - 1); bb1 -> return if y0 <= 0 */
  expect("seed 001 power",
         HDR "(VAR x y y0 r0 v1 v2)\n(RULES\n"
             "  start(x, y, y0, r0, v1, v2) -> bb1(x, y, y, 1, v1, v2)\n"
             "  bb1(x, y, y0, r0, v1, v2) -> bb(x, y, y0, r0, v1, v2) :|: y0 > 0\n"
             "  bb(x, y, y0, r0, v1, v2) -> bb1(x, y, y0 - 1, r0 * x, r0 * x, y0 - 1)\n"
             "  bb1(x, y, y0, r0, v1, v2) -> ret(x, y, y0, r0, v1, v2) :|: y0 <= 0\n)\n",
         ITS_PROVE_YES, NULL);
}

/* Polynomial ranking: x*x < n as the guard, x counts up (x >= 0). */
static void test_polynomial(void) {
  expect("square below n",
         HDR "(VAR x n)\n(RULES\n  start(x, n) -> l(0, n)\n  l(x, n) -> l(x + 1, n) :|: x * x < n && x >= 0\n)\n",
         ITS_PROVE_YES, NULL);
}

/* A counter that wraps to the exit value: the wrap transition can be
 * followed by no transition of the loop, so it leaves the SCC and the rest
 * has a linear ranking function (without that step none exists). */
static void test_dead_end(void) {
  const char *text = HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n"
                         "  l(x) -> l(x + 1) :|: x >= 1 && x <= 254\n"
                         "  l(x) -> l(0) :|: x = 255\n)\n";
  expect("wrap to the exit value", text, ITS_PROVE_YES, NULL);
  its_prove_options o = its_prove_default_options();
  o.preprocess = false;
  char *out = NULL;
  CHECK(prove_with(text, &o, &out) == ITS_PROVE_YES);
  CHECK_MSG(strstr(out, "no transition of the problem can follow") != NULL, "%s", out);
  free(out);
  /* an overall budget that is already used up gives MAYBE, never a guess */
  o = its_prove_default_options();
  o.budget = budget_until(o.budget, util_now() - 1);
  CHECK(prove_with(text, &o, &out) == ITS_PROVE_MAYBE);
  CHECK_MSG(strstr(out, "timeout") != NULL, "%s", out);
  free(out);
}

/* The result crosses a process boundary through one text encoding: every
 * answer comes back exactly, anything else is refused. */
static void test_serialise(void) {
  its_prove_result r = {ITS_PROVE_NO, {0}, {0}};
  strbuf_printf(&r.proof, "witness line 1\nits-prove-result 1 0 0\nreason: not a reason\n");
  for (int a = ITS_PROVE_MAYBE; a <= ITS_PROVE_NO; a++) {
    r.answer = (its_prove_answer)a;
    strbuf_free(&r.reason);
    if (a == ITS_PROVE_MAYBE) strbuf_printf(&r.reason, "SCC {l}: no technique applies");
    strbuf text = {0};
    its_prove_result_serialise(&r, &text);
    its_prove_result back;
    CHECK(its_prove_result_parse(text.data, text.len, &back));
    CHECK(back.answer == r.answer && back.reason.len == r.reason.len && back.proof.len == r.proof.len);
    CHECK(back.proof.data && strcmp(back.proof.data, r.proof.data) == 0);
    CHECK(a != ITS_PROVE_MAYBE || strcmp(back.reason.data, "SCC {l}: no technique applies") == 0);
    its_prove_result_free(&back);
    /* cut short or extended by one byte: refused */
    CHECK(!its_prove_result_parse(text.data, text.len - 1, &back));
    CHECK(back.answer == ITS_PROVE_MAYBE && strcmp(back.reason.data, "malformed prover answer") == 0);
    its_prove_result_free(&back);
    strbuf_printf(&text, "x");
    CHECK(!its_prove_result_parse(text.data, text.len, &back));
    its_prove_result_free(&back);
    strbuf_free(&text);
  }
  its_prove_result back;
  static const char *const bad[] = {"", "YES\nproof", "its-prove-result 3 0 0\n", "its-prove-result 0 0 0\n",
                                    "its-prove-result 1 0 0 7\n", "its-prove-result 1 x 0\n"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    CHECK_MSG(!its_prove_result_parse(bad[i], strlen(bad[i]), &back), "accepted: %s", bad[i]);
    CHECK(back.answer == ITS_PROVE_MAYBE);
    its_prove_result_free(&back);
  }
  /* the printed form is termCOMP's */
  strbuf text = {0};
  r.answer = ITS_PROVE_MAYBE;
  strbuf_printf(&r.reason, "SCC {l}: no technique applies");
  its_prove_result_print(&r, &text);
  CHECK(text.data && strcmp(text.data, "MAYBE\nreason: SCC {l}: no technique applies\n") == 0);
  strbuf_free(&text);
  its_prove_result_free(&r);
}

/* The prover in a child process: the same answer as in this one. */
static void test_isolated(void) {
  smt_ctx *ctx = smt_ctx_new();
  char err[256];
  its *s = its_parse_koat(ctx, HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0\n)\n", err,
                          sizeof err);
  CHECK_MSG(s != NULL, "parse: %s", err);
  if (!s) return;
  its_prove_options o = its_prove_default_options();
  o.budget = budget_until(o.budget, util_now() + 60);
  its_prove_result r;
  CHECK(its_prove_isolated(s, &o, &r));
  CHECK_MSG(r.answer == ITS_PROVE_YES && r.proof.data && strstr(r.proof.data, "proof:"), "%s",
            r.reason.data ? r.reason.data : "");
  its_prove_result_free(&r);
  s->start = ITS_NONE; /* no start location: MAYBE with the reason, from the child */
  CHECK(its_prove_isolated(s, &o, &r));
  CHECK(r.answer == ITS_PROVE_MAYBE && r.reason.data && strcmp(r.reason.data, "no start location") == 0);
  its_prove_result_free(&r);
  its_free(s);
  smt_ctx_free(ctx);
}

int main(void) {
  test_serialise();
  test_isolated();
  test_basics();
  test_dead_end();
  test_seed_examples();
  test_polynomial();
  return TEST_SUMMARY();
}
