/* Unit tests of the projection onto the counters (src/its/project.h) and
 * of its use as step 0 of the prover: what is kept, what is dropped, that
 * the projection contains every run of the input, and that its YES is
 * never taken for a system whose projection does not terminate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/project.h"
#include "../../src/its/prove.h"
#include "../../src/smt/smt.h"
#include "its_fixture.h"
#include "test_util.h"

/* `while (i < 10) { if (f > 0) f = 2 * f; else f = g; i++ }` with g read
 * from a flag the loop never changes: the counter i is kept, f and g are
 * dropped, and the two branches become one transition. */
static const char *counter_loop = "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR i f g)\n(RULES\n"
                                  "  a(i, f, g) -> l(0, f, g)\n"
                                  "  l(i, f, g) -> b(i, f, g) :|: i < 10\n"
                                  "  b(i, f, g) -> l(i + 1, 2 * f, g) :|: f > 0\n"
                                  "  b(i, f, g) -> l(i + 1, g, g) :|: f <= 0\n"
                                  ")\n";

static void test_kept_and_dropped(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = koat(c, counter_loop);
  strbuf kept = {0};
  its *p = its_project_counters(s, &kept);
  CHECK(p != NULL);
  if (p) {
    CHECK(p->nvars == 1 && strcmp(p->var_names[0], "i") == 0);
    CHECK(kept.data && strcmp(kept.data, "i") == 0);
    CHECK(p->nlocs == s->nlocs && p->start == s->start);
    CHECK(p->trans.len == 3); /* the two branches of b are one transition now */
    /* every transition of the input is contained in its projection: the
     * relation of the input implies the projection's (over the same terms) */
    for (size_t k = 0; k < s->trans.len; k++) {
      const its_trans *t = &s->trans.data[k];
      bool some = false;
      for (size_t q = 0; q < p->trans.len && !some; q++) {
        const its_trans *u = &p->trans.data[q];
        if (u->from != t->from || u->to != t->to) continue;
        some = smt_implies(c, budget_unlimited(), its_trans_relation(s, (uint32_t)k), its_trans_relation(p, (uint32_t)q)) ==
               SMT_YES;
      }
      CHECK_MSG(some, "transition %zu has no projection that contains it", k);
    }
    its_free(p);
  }
  strbuf_free(&kept);
  its_free(s);
  smt_ctx_free(c);
}

static void test_no_counter(void) {
  smt_ctx *c = smt_ctx_new();
  /* no shift by a constant: nothing to project onto */
  its *s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x y)\n(RULES\n"
                   "  a(x, y) -> l(x, y)\n"
                   "  l(x, y) -> l(y, x - y) :|: x > 0 && y > 0\n"
                   ")\n");
  CHECK(its_project_counters(s, NULL) == NULL);
  its_free(s);
  /* every variable is needed by the counter: no gain either */
  s = koat(c, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR x n)\n(RULES\n"
              "  a(x, n) -> l(x, n)\n"
              "  l(x, n) -> l(x + n, n) :|: x < 100\n"
              ")\n");
  CHECK(its_project_counters(s, NULL) == NULL);
  its_free(s);
  smt_ctx_free(c);
}

/* A loop of more than 100 transitions (the size from which the prover
 * tries the projection first): the counter i bounds it, each of the many
 * branches sets the flag f arbitrarily. */
static char *large_counter_loop(bool counter_bounded) {
  strbuf b = {0};
  strbuf_printf(&b, "(GOAL TERMINATION)\n(STARTTERM (FUNCTIONSYMBOLS a))\n(VAR i f)\n(RULES\n  a(i, f) -> l(0, f)\n");
  strbuf_printf(&b, "  l(i, f) -> b0(i, f) :|: %s\n", counter_bounded ? "i < 10" : "i >= 0");
  for (int k = 0; k < 120; k++) {
    strbuf_printf(&b, "  b%d(i, f) -> b%d(i, %d - f) :|: f > %d\n", k, k + 1, k, k);
    strbuf_printf(&b, "  b%d(i, f) -> b%d(i, 2 * f) :|: f <= %d\n", k, k + 1, k);
  }
  strbuf_printf(&b, "  b120(i, f) -> l(i + 1, f)\n)\n");
  return b.data;
}

static void test_prover_step(void) {
  smt_ctx *c = smt_ctx_new();
  char *text = large_counter_loop(true);
  its *s = koat(c, text);
  its_prove_options o = its_prove_default_options();
  o.budget = budget_queries(budget_share(budget_unlimited(), 1, 0, 60), 10000);
  its_prove_result r;
  CHECK(its_prove_with(s, &o, &r) == ITS_PROVE_YES);
  CHECK(r.proof.data && strstr(r.proof.data, "projection: ") && strstr(r.proof.data, "(i)"));
  its_prove_result_free(&r);
  o.project = false; /* without the step: the same answer, another proof */
  CHECK(its_prove_with(s, &o, &r) == ITS_PROVE_YES);
  CHECK(r.proof.data && !strstr(r.proof.data, "projection: "));
  its_prove_result_free(&r);
  its_free(s);
  free(text);
  /* the twin: i only grows (i >= 0 is no bound), the loop does not
   * terminate; the projection's proof must fail and no YES may come */
  text = large_counter_loop(false);
  s = koat(c, text);
  o.project = true;
  CHECK(its_prove_with(s, &o, &r) != ITS_PROVE_YES);
  its_prove_result_free(&r);
  its_free(s);
  free(text);
  smt_ctx_free(c);
}

int main(void) {
  test_kept_and_dropped();
  test_no_counter();
  test_prover_step();
  return TEST_SUMMARY();
}
