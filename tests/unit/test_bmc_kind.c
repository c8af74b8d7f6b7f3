/* Unit tests of k-induction (src/bmc/kind.c): small C programs through the
 * front end. A property that holds by induction is proved (and says its k
 * and invariants); one that needs a strengthening invariant is proved only
 * with Houdini's invariants; programs violated only after many iterations,
 * or whose loops write through callees, nested loops or pointers, are never
 * proved; the checks k-induction does not decide are refused with a
 * reason. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "bmc/bmc.h"
#include "c_fixture.h"
#include "driver/property.h"
#include "test_util.h"

#define PRELUDE                                                                                                       \
  "extern void reach_error(void);\n"                                                                                  \
  "extern int __VERIFIER_nondet_int(void);\n"

static bmc_kind_answer run(const char *name, const char *text, const char *prop, bool invariants,
                           bmc_kind_result *r) {
  ir_module *m = load_c_text(text, 64);
  CHECK_MSG(m != NULL, "%s: front end failed", name);
  if (!m) return KIND_UNKNOWN;
  property p;
  char err[256];
  CHECK(prop_load(prop, &p, err, sizeof err));
  bmc_kind_options o;
  bmc_kind_options_default(&o);
  o.invariants = invariants;
  o.max_k = 16;
  o.budget = budget_until(o.budget, util_now() + 30);
  bmc_kind_answer a = bmc_kinduction(m, p.checks, &o, r);
  CHECK_MSG(a == r->answer, "%s: answer and result differ", name);
  CHECK_MSG(a != KIND_UNKNOWN || r->reason[0], "%s: UNKNOWN without a reason", name);
  if (a == KIND_SAFE) {
    /* the invariants render over the program's variables */
    for (size_t i = 0; i < r->invariants.len; i++) {
      char *t = bmc_kind_render(m, &r->invariants, r->invariants.data[i].func, r->invariants.data[i].block);
      free(t);
    }
  }
  ir_module_free(m);
  return a;
}

static void expect(const char *name, const char *text, const char *prop, bool invariants, bmc_kind_answer want) {
  bmc_kind_result r;
  bmc_kind_answer a = run(name, text, prop, invariants, &r);
  CHECK_MSG(a == want, "%s: answer %d, wanted %d (%s)", name, (int)a, (int)want, r.reason);
  bmc_kind_result_free(&r);
}

static void test_inductive(void) {
  const char *text = PRELUDE "int main(void) { unsigned x = 0;\n"
                             "  while (__VERIFIER_nondet_int()) { x += 2; if (x % 2) reach_error(); }\n"
                             "  return 0; }\n";
  bmc_kind_result r;
  CHECK(run("inductive", text, "unreach-call", false, &r) == KIND_SAFE);
  CHECK(r.k == 1 && r.havocs == 1);
  bmc_kind_result_free(&r);
}

static void test_strengthening(void) {
  const char *text = PRELUDE "int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0;\n"
                             "  int i = 0, k = 0; while (i < n) { i++; k++; }\n"
                             "  if (k != n) reach_error(); return 0; }\n";
  /* without invariants the step fails at every k: i and k are unrelated */
  expect("strengthen-none", text, "unreach-call", false, KIND_UNKNOWN);
  bmc_kind_result r;
  CHECK(run("strengthen", text, "unreach-call", true, &r) == KIND_SAFE);
  bool eq = false;
  for (size_t i = 0; i < r.invariants.len; i++)
    eq |= r.invariants.data[i].rel == KREL_EQ && r.invariants.data[i].b.kind == IR_VAL_INST;
  CHECK_MSG(eq, "strengthen: no equality between i and k among %zu invariants", r.invariants.len);
  bmc_kind_result_free(&r);
}

static void test_never_wrong(void) {
  expect("late", PRELUDE "int main(void) { int i = 0; while (__VERIFIER_nondet_int()) { i++;\n"
                         "  if (i == 40) reach_error(); } return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("nested", PRELUDE "int main(void) { int i = 0; while (__VERIFIER_nondet_int()) { int j = 0;\n"
                           "  while (j < 5) j++; i += j; if (i == 50) reach_error(); } return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("callee-global", PRELUDE "int g; static void tick(void) { g++; }\n"
                                  "int main(void) { while (__VERIFIER_nondet_int()) { tick(); if (g == 30) reach_error(); }\n"
                                  "  return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("pointer", PRELUDE "int main(void) { int x = 0, y = 0;\n"
                            "  while (__VERIFIER_nondet_int()) { int *p = __VERIFIER_nondet_int() ? &x : &y; (*p)++; }\n"
                            "  if (x == 30) reach_error(); return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("array", PRELUDE "int a[10]; int main(void) { int i = 0;\n"
                          "  while (__VERIFIER_nondet_int() && i < 10) { a[i] = i; i++; }\n"
                          "  if (i == 10 && a[9] == 9) reach_error(); return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("callee-loop", PRELUDE "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s++; return s; }\n"
                                "int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 100) return 0;\n"
                                "  if (f(n) == 77 && f(3) == 3) reach_error(); return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  expect("overflow-late", PRELUDE "int main(void) { int x = 2147483600; while (__VERIFIER_nondet_int()) x++;\n"
                                  "  return x; }\n",
         "no-overflow", true, KIND_UNKNOWN);
}

/* A loop that runs once never reaches its havoc: the invariants of the
 * proof must still hold at both visits of its head (i = 0 and i = 1), since
 * the witness states them for every run. */
static bool atom_holds(const bmc_kind_atom *a, int64_t v) {
  int64_t c = (int32_t)(uint32_t)a->c;
  switch (a->rel) {
  case KREL_EQ: return v == c;
  case KREL_SLE: return v <= c;
  case KREL_SGE: return v >= c;
  case KREL_ULE: return (uint32_t)v <= (uint32_t)c;
  case KREL_UGE: return (uint32_t)v >= (uint32_t)c;
  default: return true;
  }
}

static void test_invariants_hold_before_havoc(void) {
  bmc_kind_result r;
  CHECK(run("once", PRELUDE "int main(void) { int i = 0; while (i < 1) i++; if (i != 1) reach_error(); return 0; }\n",
            "unreach-call", true, &r) == KIND_SAFE);
  for (size_t i = 0; i < r.invariants.len; i++) {
    const bmc_kind_atom *a = &r.invariants.data[i];
    if (a->b.kind != IR_VAL_NONE || a->rel > KREL_UGE) continue;
    CHECK_MSG(atom_holds(a, 0) && atom_holds(a, 1), "once: invariant %zu (rel %d, c %lld) fails at a visit", i,
              (int)a->rel, (long long)a->c);
  }
  bmc_kind_result_free(&r);
}

static void test_refused(void) {
  bmc_kind_result r;
  const char *text = PRELUDE "int main(void) { return 0; }\n";
  CHECK(run("deref", text, "valid-memsafety", true, &r) == KIND_UNKNOWN && strstr(r.reason, "address-based"));
  bmc_kind_result_free(&r);
  CHECK(run("termination", text, "termination", true, &r) == KIND_UNKNOWN);
  bmc_kind_result_free(&r);
  /* a loop that allocates: valid-memcleanup would need the objects of the skipped iterations */
  CHECK(run("memcleanup", "#include <stdlib.h>\n" PRELUDE
                          "int main(void) { while (__VERIFIER_nondet_int()) { void *p = malloc(4); free(p); }\n"
                          "  return 0; }\n",
            "valid-memcleanup", true, &r) == KIND_UNKNOWN);
  bmc_kind_result_free(&r);
}

/* A loop calling through a function pointer (issue 40): the havoc covers
 * what every candidate callee writes. */
static void test_indirect(void) {
  /* step reaches x == 20 after 20 iterations: beyond every k unless x is
   * havocked, so a proof here would mean step's write was missed */
  expect("fnptr-havoc", PRELUDE "static int x;\n"
                                "static void step(void) { x++; }\n"
                                "static void nop(void) { }\n"
                                "int main(void) { void (*f)(void) = __VERIFIER_nondet_int() ? step : nop;\n"
                                "  while (__VERIFIER_nondet_int()) { f(); if (x == 20) reach_error(); }\n"
                                "  return 0; }\n",
         "unreach-call", true, KIND_UNKNOWN);
  /* the candidates write x only: y keeps its value */
  expect("fnptr-untouched", PRELUDE "static int x, y;\n"
                                    "static void step(void) { x++; }\n"
                                    "static void nop(void) { }\n"
                                    "int main(void) { void (*f)(void) = __VERIFIER_nondet_int() ? step : nop;\n"
                                    "  while (__VERIFIER_nondet_int()) { f(); if (y != 0) reach_error(); }\n"
                                    "  return 0; }\n",
         "unreach-call", true, KIND_SAFE);
}

int main(void) {
  test_inductive();
  test_strengthening();
  test_never_wrong();
  test_invariants_hold_before_havoc();
  test_refused();
  test_indirect();
  return TEST_SUMMARY();
}
