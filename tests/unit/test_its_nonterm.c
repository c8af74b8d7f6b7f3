/* Unit tests of src/its/nonterm: fixed points (self-loops, cycles, a
 * specific temporary), closed recurrent sets (the guard as it is, with
 * monotonicity strengthening, with one-step strengthening, a disequality
 * guard, a temporary fixed by a bound, an unconditional cycle), lassos
 * through two self-loops, reachability (long stems, contradictions on the
 * way) and terminating systems that must never get a NO. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/its.h"
#include "../../src/its/nonterm.h"
#include "../../src/smt/smt.h"
#include "test_util.h"

#define HDR "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n"

typedef enum { K_NONE, K_FIXPOINT, K_RECURRENT, K_LASSO } kind;

static const char *kind_text[] = {"", "technique: fixed point", "technique: closed recurrent set",
                                  "technique: lasso"};

/* Runs its_nonterm on the KoAT text (SMT2 when it starts with "(declare"); checks the answer, the witness kind
 * and that every string of `must` (NULL-terminated, may be NULL) occurs in
 * the witness. */
static void expect(const char *name, const char *text, kind want, const char *const *must) {
  smt_ctx *ctx = smt_ctx_new();
  char err[256];
  its *s = strncmp(text, "(declare", 8) == 0 ? its_parse_smt2(ctx, text, err, sizeof err)
                                               : its_parse_koat(ctx, text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s: parse: %s", name, err);
  if (!s) {
    smt_ctx_free(ctx);
    return;
  }
  strbuf out = {0};
  its_nonterm_stats st;
  bool r = its_nonterm(s, budget_queries(budget_unlimited(), 10000), &out, &st);
  const char *o = out.data ? out.data : "";
  if (getenv("NONTERM_PRINT")) printf("== %s: %s\n%s", name, r ? "NO" : "no proof", o);
  CHECK_MSG(st.check_failures == 0, "%s: %u witness(es) rejected by the check", name, st.check_failures);
  if (want == K_NONE) {
    CHECK_MSG(!r, "%s: unexpected NO:\n%s", name, o);
    CHECK_MSG(out.len == 0, "%s: output written without a NO", name);
  } else {
    CHECK_MSG(r, "%s: no NO found", name);
    if (r) {
      CHECK_MSG(strstr(o, kind_text[want]) == o, "%s: wrong technique:\n%s", name, o);
      char from[64];
      snprintf(from, sizeof from, "path from the start location %s", s->loc_names[s->start]);
      CHECK_MSG(strstr(o, from) != NULL, "%s: no path:\n%s", name, o);
      CHECK_MSG(strstr(o, "checked: ") != NULL, "%s: not checked:\n%s", name, o);
      CHECK(st.found_fixpoint + st.found_recurrent + st.found_lasso == 1);
      for (; must && *must; must++) CHECK_MSG(strstr(o, *must) != NULL, "%s: missing '%s' in:\n%s", name, *must, o);
    }
  }
  strbuf_free(&out);
  its_free(s);
  smt_ctx_free(ctx);
}

static void test_fixpoints(void) {
  /* while (x >= 0) x = x + y: y = 0 is a fixed point */
  expect("x+y fixpoint", HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y) :|: x >= 0\n)\n",
         K_FIXPOINT, (const char *const[]){"witness at l: {x = ", "y = 0}", "loop at l: t1 (l -> l)", NULL});
  /* a two-location cycle whose round trip is the identity */
  expect("cycle fixpoint",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> a(x, y)\n  a(x, y) -> b(x + y, y) :|: x > 0\n"
             "  b(x, y) -> a(x - y, y) :|: y > 3\n)\n",
         K_FIXPOINT, (const char *const[]){"loop at a: t1 (a -> b), t2 (b -> a)", NULL});
  /* a fixed point only with the temporary z = 3 */
  expect("temporary fixpoint",
         HDR "(VAR x z)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + z*z - 9) :|: x > 0 && z > 0\n)\n", K_FIXPOINT,
         (const char *const[]){"values: z = 3", NULL});
  /* the stem needs 7 transitions: counting up to 5 first */
  expect("long stem",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(0)\n  a(x) -> a(x + 1) :|: x < 5\n  a(x) -> l(x) :|: x >= 5\n"
             "  l(x) -> l(x) :|: x >= 5 && x <= 5\n)\n",
         K_FIXPOINT, (const char *const[]){"(7 transition(s))", "witness at l: {x = 5}", NULL});
}

static void test_recurrent(void) {
  /* the guard itself is closed */
  expect("count up", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x > 0\n)\n", K_RECURRENT,
         (const char *const[]){"recurrent set at l: x >= 1", NULL});
  /* while (x >= 0) x = x + y with y >= 1 from the start: no fixed point,
   * the monotonicity atom y >= 0 closes the set */
  expect("x+y recurrent",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y) :|: y >= 1\n  l(x, y) -> l(x + y, y) :|: x >= 0\n)\n",
         K_RECURRENT, (const char *const[]){"y >= 0", NULL});
  /* x > 0 && y > 0 with x' = x + y: closed at once */
  expect("x, y positive",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y) :|: y >= 2\n  l(x, y) -> l(x + y, y) :|: x > 0 && y > 0\n)\n",
         K_RECURRENT, NULL);
  /* y grows: needs the second difference (x' - x = y >= 0, y' - y = 1) */
  expect("accelerating",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + y, y + 1) :|: x > 0\n)\n", K_RECURRENT,
         NULL);
  /* swap with increment: needs one step of strengthening (y > 0) */
  expect("swap",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(y, x + 1) :|: x > 0\n)\n", K_RECURRENT,
         NULL);
  /* while (x != 0) x = x - 2: x < 0 is closed */
  expect("x != 0", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 2) :|: x != 0\n)\n", K_RECURRENT, NULL);
  /* a two-location cycle that only grows */
  expect("cycle up",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(x)\n  a(x) -> b(x + 1) :|: x > 0\n  b(x) -> a(x) :|: x > 1\n"
             "  b(x) -> stop(x) :|: x <= 1\n)\n",
         K_RECURRENT, (const char *const[]){"loop at a: t1 (a -> b), t2 (b -> a)", NULL});
  /* x' any value above x: the bound z = x + 1 is the choice */
  expect("bound choice", HDR "(VAR x z)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(z) :|: x > 0 && z > x\n)\n",
         K_RECURRENT, (const char *const[]){"z of t1 := x + 1", NULL});
  /* no guard at all around a decreasing cycle (T2's simple.t2) */
  expect("unguarded cycle",
         HDR "(VAR x)\n(RULES\n  start(x) -> l3(x)\n  l3(x) -> l0(x)\n  l0(x) -> l1(x - 1)\n  l1(x) -> l0(x)\n"
             "  l0(x) -> l2(x - 1) :|: x >= 2\n  l2(x) -> l0(x)\n)\n",
         K_RECURRENT, NULL);
}

/* termCOMP SMT2 with a mod: x cycles through 1, 2, 3 (no fixed point);
 * x >= 1 is closed under x mod 3 + 1 */
static const char mod_smt2[] =
    "(declare-sort Loc 0)\n(declare-const l0 Loc)\n(declare-const l1 Loc)\n(assert (distinct l0 l1))\n"
    "(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool (and (= pc src) rel))\n"
    "(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool\n"
    "  (and (= pc src) (= pc1 dst) rel))\n"
    "(define-fun init_main ( (pc^0 Loc) (x^0 Int) ) Bool (cfg_init pc^0 l0 true))\n"
    "(define-fun next_main ( (pc^0 Loc) (x^0 Int) (pc^post Loc) (x^post Int) ) Bool\n"
    "  (or\n"
    "    (cfg_trans2 pc^0 l0 pc^post l1 (= x^post x^0))\n"
    "    (cfg_trans2 pc^0 l1 pc^post l1 (and (> x^0 0) (= x^post (+ (mod x^0 3) 1))))\n"
    "  ))\n";

static void test_more(void) {
  expect("mod", mod_smt2, K_RECURRENT, (const char *const[]){"recurrent set at l1: x >= 1", NULL});
  /* y is left unconstrained; keeping it keeps y >= 1, so x only grows */
  expect("unconstrained kept",
         HDR "(VAR x y z)\n(RULES\n  start(x, y) -> l(x, y) :|: y >= 1\n  l(x, y) -> l(x + y, z) :|: x > 0 && y >= 1\n)\n",
         K_RECURRENT, (const char *const[]){"y' (unconstrained in t1) := y", NULL});
  /* two self-loops, each leading away from the other: terminating */
  expect("two exits",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x < 0\n  l(x) -> l(x - 1) :|: x > 10\n)\n",
         K_NONE, NULL);
}

static void test_lasso(void) {
  /* x goes 0, 1, 0, 1, ... through two different self-loops */
  expect("alternating",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x + 1) :|: x <= 0\n  l(x) -> l(x - 1) :|: x >= 1\n)\n",
         K_LASSO, NULL);
}

static void test_terminating(void) {
  expect("countdown", HDR "(VAR x)\n(RULES\n  start(x) -> l(x)\n  l(x) -> l(x - 1) :|: x > 0\n)\n", K_NONE, NULL);
  /* seed 001, Exa. 2-6 (power): bb1(y) -> bb(y) [y > 0], bb(y) -> bb1(y - 1) */
  expect("power",
         HDR "(VAR y r)\n(RULES\n  start(y, r) -> bb1(y, 1)\n  bb1(y, r) -> bb(y, r) :|: y > 0\n"
             "  bb(y, r) -> bb1(y - 1, r * 2)\n  bb1(y, r) -> ret(y, r) :|: y <= 0\n)\n",
         K_NONE, NULL);
  expect("nested",
         HDR "(VAR i j)\n(RULES\n  start(i, j) -> outer(i, j)\n  outer(i, j) -> inner(i, 0) :|: i > 0\n"
             "  inner(i, j) -> inner(i, j + 1) :|: j < i\n  inner(i, j) -> outer(i - 1, j) :|: j >= i\n)\n",
         K_NONE, NULL);
  expect("lex2",
         HDR "(VAR x y z)\n(RULES\n  start(x, y) -> loop(x, y)\n  loop(x, y) -> loop(x - 1, z) :|: x > 0\n"
             "  loop(x, y) -> loop(x, y - 1) :|: y > 0\n)\n",
         K_NONE, NULL);
  /* the counter of tests/its/count.koat: temporaries, Com_2, non-linear */
  expect("count",
         HDR "(VAR x y z)\n(RULES\n  start(x, y) -> loop(x, 0)\n  loop(x, y) -> loop(x - 1, y + x*x) :|: x > 0 && y >= 0\n"
             "  loop(x, y) -{2}> Com_2(stop(x, z), loop(x - z, y)) :|: x > 0 && z > 0 && z <= x\n)\n",
         K_NONE, NULL);
  /* a loop on x with y decreasing as the bound */
  expect("bounded up",
         HDR "(VAR x y)\n(RULES\n  start(x, y) -> l(x, y)\n  l(x, y) -> l(x + 1, y) :|: x < y\n)\n", K_NONE, NULL);
}

static void test_unreachable(void) {
  /* the loop never terminates, but a contradiction guards the way in */
  expect("contradiction",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x) :|: x > 0 && x < 0\n  l(x) -> l(x + 1) :|: x > 0\n"
             "  l(x) -> l(x) :|: x > 0\n)\n",
         K_NONE, NULL);
  /* each step satisfiable, the conjunction along the path is not */
  expect("chain",
         HDR "(VAR x)\n(RULES\n  start(x) -> a(x) :|: x > 5\n  a(x) -> l(x) :|: x < 3\n  l(x) -> l(x)\n)\n", K_NONE,
         NULL);
  /* m loops forever, but its only entry has a contradictory guard */
  expect("guarded entry",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x) :|: x >= 1\n  l(x) -> l(x - 1) :|: x >= 1\n"
             "  l(x) -> m(x) :|: x <= 0 && x >= 1\n  m(x) -> m(x)\n)\n",
         K_NONE, NULL);
  /* x = 0 is a fixed point of the doubling loop, but only x >= 1 enters
   * it: the fixed point is unreachable, the recurrent set x >= 1 is not */
  expect("unreachable fixpoint",
         HDR "(VAR x)\n(RULES\n  start(x) -> l(x) :|: x >= 1\n  l(x) -> l(x + x) :|: x != 0\n)\n", K_RECURRENT,
         (const char *const[]){"recurrent set at l: x >= 1", NULL});
}

int main(void) {
  test_fixpoints();
  test_recurrent();
  test_more();
  test_lasso();
  test_terminating();
  test_unreachable();
  return TEST_SUMMARY();
}
