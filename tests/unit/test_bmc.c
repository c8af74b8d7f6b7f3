/* Unit tests of bounded model checking (src/bmc): small C programs through
 * the front end, one safe and one unsafe variant per check; FALSE must come
 * with a trace whose nondet values replay to the same violation, TRUE only
 * with a complete unwinding, UNKNOWN when the bound is too small.
 *
 * With arguments, `test_bmc FILE PROPERTY [BOUND [PTR_BITS [TIMEOUT]]]` runs
 * the engine on one file and prints the verdict (for experiments until the
 * driver calls it). */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bmc/bmc.h"
#include "bmc/internal.h"
#include "driver/check_bmc.h"
#include "c_fixture.h"
#include "frontend/frontend.h"
#include "interp/interp.h"
#include "ir/cfg.h"
#include "smt/build.h"
#include "test_util.h"

/* Parses the "nondet values: a,b,c" line of a FALSE verdict. */
static size_t trace_values(const verdict *v, uint64_t *vals, size_t max) {
  const char *line = v->detail.data ? strstr(v->detail.data, "nondet values: ") : NULL;
  if (!line) return 0;
  line += strlen("nondet values: ");
  size_t n = 0;
  while (*line && *line != '\n' && n < max) {
    char *end;
    vals[n++] = strtoull(line, &end, 10);
    if (end == line) break;
    line = *end == ',' ? end + 1 : end;
  }
  return n;
}

/* Runs bmc on `text` for property `prop` and checks the answer; for a
 * violation also the check, that the returned trace and the values the
 * driver prints from it (drv_bmc_verdict) replay to it, and that the
 * verdict keeps them as data. */
static void expect(const char *name, const char *text, const char *prop, unsigned bound, bmc_answer want,
                   prop_check want_sub) {
  ir_module *m = load_c_text(text, 64);
  CHECK_MSG(m != NULL, "%s: front end failed", name);
  if (!m) return;
  property p;
  char err[256];
  CHECK(prop_load(prop, &p, err, sizeof err));
  bmc_options o;
  bmc_options_default(&o);
  o.bound = bound;
  o.budget = budget_until(o.budget, util_now() + 30);
  bmc_result r;
  bmc_answer a = bmc_check(m, p.checks, &o, &r);
  verdict v = {0};
  drv_bmc_verdict(m, &r, &v);
  CHECK_MSG(a == want && r.answer == a, "%s: answer %d, wanted %d (%s)", name, (int)a, (int)want,
            v.detail.data ? v.detail.data : "");
  CHECK(r.stats.bounds >= 1 && r.bound >= 1);
  CHECK(a != BMC_UNKNOWN || (r.reason[0] && v.kind == VERDICT_UNKNOWN && strstr(v.detail.data, r.reason)));
  CHECK((a == BMC_SAFE) == (v.kind == VERDICT_TRUE) && (a == BMC_VIOLATION) == (v.kind == VERDICT_FALSE));
  if (a == BMC_VIOLATION && want == BMC_VIOLATION) {
    CHECK_MSG(r.violated == want_sub && v.violated == want_sub, "%s: subproperty %s", name,
              prop_check_name(r.violated));
    static const interp_prop map[] = {
        [PROP_UNREACH_CALL] = INTERP_PROP_UNREACH_CALL,   [PROP_NO_OVERFLOW] = INTERP_PROP_NO_OVERFLOW,
        [PROP_VALID_DEREF] = INTERP_PROP_VALID_DEREF,     [PROP_VALID_FREE] = INTERP_PROP_VALID_FREE,
        [PROP_VALID_MEMTRACK] = INTERP_PROP_VALID_MEMTRACK, [PROP_VALID_MEMCLEANUP] = INTERP_PROP_VALID_MEMCLEANUP};
    CHECK(want_sub < PROP_CHECK_COUNT && want_sub != PROP_TERMINATION);
    CHECK_MSG(interp_violates(&r.trace, map[want_sub]), "%s: the returned trace does not violate", name);
    /* the printed values alone, fed to the interpreter, replay the violation */
    uint64_t vals[256];
    size_t n = trace_values(&v, vals, 256);
    CHECK(n == r.trace.nondet.len);
    /* the verdict keeps the same values as data (--harness, --testcase) */
    CHECK(v.ev.cex.len == n);
    for (size_t i = 0; i < n && i < v.ev.cex.len; i++)
      CHECK(v.ev.cex.data[i].value == vals[i] && v.ev.cex.data[i].bits == r.trace.nondet.data[i].bits &&
            v.ev.cex.data[i].func == r.trace.nondet.data[i].func);
    interp_options io;
    interp_options_default(&io);
    io.out = NULL;
    io.nondet = vals;
    io.nnondet = n;
    io.nondet_strict = true;
    interp_result res;
    interp_run(m, &io, &res);
    CHECK_MSG(interp_violates(&res, map[want_sub]), "%s: trace does not replay", name);
    interp_result_free(&res);
  }
  verdict_free(&v);
  bmc_result_free(&r);
  ir_module_free(m);
}

/* Termination is no check BMC decides; a mask outside the checks neither. */
static void test_not_safety(void) {
  ir_module *m = load_c_text("int main(void) { return 0; }\n", 64);
  CHECK(m != NULL);
  if (!m) return;
  unsigned masks[] = {0, 1u << PROP_TERMINATION, (1u << PROP_TERMINATION) | (1u << PROP_NO_OVERFLOW),
                      1u << PROP_CHECK_COUNT};
  for (size_t i = 0; i < sizeof masks / sizeof *masks; i++) {
    bmc_result r;
    CHECK(bmc_check(m, masks[i], NULL, &r) == BMC_UNKNOWN && r.reason[0] && r.stats.bounds == 0);
    bmc_result_free(&r);
  }
  bmc_result r;
  CHECK(bmc_check(m, 1u << PROP_UNREACH_CALL, NULL, &r) == BMC_SAFE && r.bound == 1);
  bmc_result_free(&r);
  ir_module_free(m);
}

#define PRELUDE                                                                                         \
  "extern void abort(void);\n"                                                                          \
  "void reach_error(void) {}\n"                                                                         \
  "extern int __VERIFIER_nondet_int(void);\n"                                                           \
  "extern unsigned __VERIFIER_nondet_uint(void);\n"                                                     \
  "extern void __VERIFIER_assume(int);\n"                                                               \
  "extern void *malloc(unsigned long);\n"                                                               \
  "extern void free(void *);\n"

static void test_unreach_call(void) {
  const char *loop = PRELUDE
      "int main(void) {\n"
      "  int n = __VERIFIER_nondet_int(), s = 0;\n"
      "  __VERIFIER_assume(n >= 0 && n < 5);\n"
      "  for (int i = 0; i < n; i++) s += 2;\n"
      "  if (s == 8) reach_error();\n"
      "  return 0;\n"
      "}\n";
  expect("loop-unsafe", loop, "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* bound 2 cannot reach four iterations: no FALSE, and no TRUE either */
  expect("loop-bound-too-small", loop, "unreach-call", 2, BMC_UNKNOWN, PROP_UNREACH_CALL);
  expect("loop-safe", PRELUDE
         "int main(void) {\n"
         "  int n = __VERIFIER_nondet_int(), s = 0;\n"
         "  __VERIFIER_assume(n >= 0 && n < 5);\n"
         "  for (int i = 0; i < n; i++) s += 2;\n"
         "  if (s == 7) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_SAFE, PROP_UNREACH_CALL);
  expect("calls-unsafe", PRELUDE
         "static int twice(int x) { return x + x; }\n"
         "static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
         "int main(void) {\n"
         "  unsigned x = __VERIFIER_nondet_uint();\n"
         "  if (twice((int)(x & 15)) == 26 && fact(3) == 6) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* infinite loop without error: never TRUE, never FALSE */
  expect("nonterminating-safe", PRELUDE
         "int main(void) {\n"
         "  unsigned x = __VERIFIER_nondet_uint();\n"
         "  while (1) { x = x * 3 + 1; if (x == 0 && x == 1) reach_error(); }\n"
         "}\n",
         "unreach-call", 8, BMC_UNKNOWN, PROP_UNREACH_CALL);
}

static void test_overflow(void) {
  expect("overflow-unsafe", PRELUDE
         "int main(void) {\n"
         "  int x = __VERIFIER_nondet_int();\n"
         "  if (x > 1000) return x * 3;\n"
         "  return 0;\n"
         "}\n",
         "no-overflow", 0, BMC_VIOLATION, PROP_NO_OVERFLOW);
  expect("overflow-safe", PRELUDE
         "int main(void) {\n"
         "  int x = __VERIFIER_nondet_int();\n"
         "  if (x > 1000 && x < 100000) return x * 3;\n"
         "  return 0;\n"
         "}\n",
         "no-overflow", 0, BMC_SAFE, PROP_NO_OVERFLOW);
}

static void test_memory(void) {
  expect("oob-unsafe", PRELUDE
         "int a[4];\n"
         "int main(void) {\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  if (i >= 0 && i <= 4) a[i] = 1;\n"
         "  return 0;\n"
         "}\n",
         "valid-memsafety", 0, BMC_VIOLATION, PROP_VALID_DEREF);
  expect("stack-oob-unsafe", PRELUDE
         "int main(void) {\n"
         "  int b[3] = {1, 2, 3};\n"
         "  int s = 0;\n"
         "  for (int i = 0; i <= 3; i++) s += b[i];\n"
         "  return s;\n"
         "}\n",
         "valid-memsafety", 0, BMC_VIOLATION, PROP_VALID_DEREF);
  expect("stack-oob-safe-unreach", PRELUDE
         "int main(void) {\n"
         "  int b[3] = {1, 2, 3};\n"
         "  int s = 0;\n"
         "  for (int i = 0; i < 3; i++) s += b[i];\n"
         "  if (s != 6) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_SAFE, PROP_UNREACH_CALL);
  expect("double-free-unsafe", PRELUDE
         "int main(void) {\n"
         "  int *p = malloc(8);\n"
         "  free(p);\n"
         "  if (__VERIFIER_nondet_int()) free(p);\n"
         "  return 0;\n"
         "}\n",
         "valid-memsafety", 0, BMC_VIOLATION, PROP_VALID_FREE);
  expect("uaf-unsafe", PRELUDE
         "int main(void) {\n"
         "  int *p = malloc(8);\n"
         "  p[1] = 3;\n"
         "  free(p);\n"
         "  return p[1];\n"
         "}\n",
         "valid-memsafety", 0, BMC_VIOLATION, PROP_VALID_DEREF);
  expect("memtrack-unsafe", PRELUDE
         "int main(void) {\n"
         "  int *p = malloc(8);\n"
         "  if (__VERIFIER_nondet_int()) free(p);\n"
         "  return 0;\n"
         "}\n",
         "valid-memsafety", 0, BMC_VIOLATION, PROP_VALID_MEMTRACK);
  expect("memcleanup-safe", PRELUDE
         "int main(void) {\n"
         "  int n = __VERIFIER_nondet_int();\n"
         "  __VERIFIER_assume(n > 0 && n < 4);\n"
         "  int **v = malloc(n * sizeof *v);\n"
         "  for (int i = 0; i < n; i++) v[i] = malloc(4);\n"
         "  for (int i = 0; i < n; i++) free(v[i]);\n"
         "  free(v);\n"
         "  return 0;\n"
         "}\n",
         "valid-memcleanup", 0, BMC_SAFE, PROP_VALID_MEMCLEANUP);
  expect("memcleanup-unsafe", PRELUDE
         "int main(void) {\n"
         "  int n = __VERIFIER_nondet_int();\n"
         "  __VERIFIER_assume(n > 0 && n < 4);\n"
         "  int **v = malloc(n * sizeof *v);\n"
         "  for (int i = 0; i < n; i++) v[i] = malloc(4);\n"
         "  for (int i = 0; i + 1 < n; i++) free(v[i]);\n"
         "  free(v);\n"
         "  return 0;\n"
         "}\n",
         "valid-memcleanup", 0, BMC_VIOLATION, PROP_VALID_MEMCLEANUP);
  /* an uninitialised local is nondet: the replay answers the load's draw */
  expect("uninit-unsafe", PRELUDE
         "int main(void) {\n"
         "  int x;\n"
         "  int *p = &x;\n"
         "  if (*p == 42) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
}

static int run_file(int argc, char **argv) {
  fe_options fo;
  fe_options_default(&fo);
  fo.ptr_bits = argc > 4 ? (unsigned)atoi(argv[4]) : 64;
  char *err = NULL;
  ir_module *m = fe_load(argv[1], &fo, &err);
  if (!m) {
    fprintf(stderr, "%s\n", err ? err : "?");
    free(err);
    return 1;
  }
  property p;
  char perr[256];
  if (!prop_load(argv[2], &p, perr, sizeof perr)) {
    fprintf(stderr, "%s\n", perr);
    ir_module_free(m);
    return 1;
  }
  bmc_options o;
  bmc_options_default(&o);
  o.bound = argc > 3 ? (unsigned)atoi(argv[3]) : 0;
  o.budget = budget_until(o.budget, util_now() + (argc > 5 ? atof(argv[5]) : 60));
  o.debug = o.stats = true;
  bmc_result r;
  bmc_check(m, p.checks, &o, &r);
  verdict v = {0};
  drv_bmc_verdict(m, &r, &v);
  verdict_print(&v, "", "  ", stdout);
  verdict_free(&v);
  bmc_result_free(&r);
  ir_module_free(m);
  return 0;
}

/* ---- recurrent sets ---------------------------------------------------------- */
typedef struct {
  uint64_t visit;
  uint32_t func, block, n;
  uint64_t values[512];
} head_visit;

static bool recur_calls; /* expect_recur: the visit is a call depth */

static void at_visit(void *ctxp, const interp_event *e) {
  head_visit *h = ctxp;
  if (e->kind != (recur_calls ? INTERP_EV_CALL : INTERP_EV_HEAD) || e->visit != h->visit) return;
  h->func = e->func, h->block = e->block;
  h->n = e->nvalues < 512 ? e->nvalues : 512;
  memcpy(h->values, e->values, h->n * sizeof *h->values);
}

/* Runs `text` with every draw `draw` up to loop-head visit `visit`, then
 * looks for a recurrent set there; the answer must be `want`, a found set
 * must hold at the visit, and a refusal must name `why`. */
static void expect_recur(const char *name, const char *text, uint64_t draw, uint64_t visit, bool want,
                         const char *why, bmc_recur_result *out) {
  ir_module *m = load_c_text(text, 64);
  CHECK_MSG(m != NULL, "%s: front end failed", name);
  if (!m) return;
  head_visit h = {visit, 0, 0, 0, {0}};
  uint64_t draws[64];
  for (size_t i = 0; i < 64; i++) draws[i] = draw;
  interp_options io;
  interp_options_replay(&io, draws, 64);
  io.max_steps = 100000;
  io.lasso.enabled = true;
  io.lasso.check_first = visit;
  io.observe = at_visit;
  io.observe_ctx = &h;
  interp_result run;
  interp_run(m, &io, &run);
  interp_result_free(&run);
  CHECK_MSG(h.n > 0, "%s: visit %llu not reached", name, (unsigned long long)visit);
  if (recur_calls && h.n) { /* the slots' layout: instructions (no values yet), then the arguments */
    uint32_t ni = m->funcs.data[h.func].ninsts;
    CHECK(ni + h.n <= 512);
    memmove(h.values + ni, h.values, h.n * sizeof *h.values);
    memset(h.values, 0, ni * sizeof *h.values);
    h.n += ni;
  }
  bmc_recur_query q = {h.func, h.block, h.values, h.n, budget_until(budget_unlimited(), util_now() + 30), recur_calls};
  bool found = h.n && bmc_recur_find(m, &q, out);
  CHECK_MSG(found == want, "%s: found %d (%s)", name, found, out->reason);
  if (found) {
    mpz_t vals[64], res;
    mpz_srcptr ptrs[64];
    CHECK(out->nvars <= 64 && out->atoms.len >= 1);
    for (uint32_t i = 0; i < out->nvars && i < 64; i++) {
      mpz_init_set_ui(vals[i], h.values[out->slots[i]] & 0xffffffffu);
      ptrs[i] = vals[i];
    }
    mpz_init(res);
    CHECK_MSG(smt_eval(out->ctx, out->set, out->nvars, out->vars, ptrs, res) && mpz_sgn(res) != 0,
              "%s: the set does not hold at the visit", name);
    mpz_clear(res);
    for (uint32_t i = 0; i < out->nvars && i < 64; i++) mpz_clear(vals[i]);
  } else if (why) {
    CHECK_MSG(strstr(out->reason, why) != NULL, "%s: reason '%s', wanted '%s'", name, out->reason, why);
  }
  ir_module_free(m);
}

static void test_recur(void) {
  static const char *even =
      "extern unsigned __VERIFIER_nondet_uint(void);\n"
      "int main(void) { unsigned x = __VERIFIER_nondet_uint(); if (x % 2 == 1) return 0;\n"
      "  while (x != 1) x += 2; return 0; }\n";
  bmc_recur_result r;
  expect_recur("even", even, 4, 5, true, NULL, &r);
  CHECK(r.cycle_any);
  /* S is x even: one low-bit atom, on the loop's phi */
  CHECK(r.atoms.len == 1 && r.atoms.data[0].rel == RECUR_LOWBITS && r.atoms.data[0].bits == 1);
  bmc_recur_free(&r);
  /* the terminating twin: an odd x reaches 1 after wrapping around */
  expect_recur("odd", "extern unsigned __VERIFIER_nondet_uint(void);\n"
                      "int main(void) { unsigned x = __VERIFIER_nondet_uint(); if (x % 2 == 0) return 0;\n"
                      "  while (x != 1) x += 2; return 0; }\n",
               3, 5, false, "leave the loop", &r);
  bmc_recur_free(&r);
  /* a signed counter overflows: undefined behaviour ends the run, no set */
  expect_recur("overflow", "extern int __VERIFIER_nondet_int(void);\n"
                           "int main(void) { int x = __VERIFIER_nondet_int(); while (x > 0) x++; return 0; }\n",
               5, 3, false, NULL, &r);
  bmc_recur_free(&r);
  /* the same with unsigned wrap-around leaves through 0 */
  expect_recur("wrap", "extern unsigned __VERIFIER_nondet_uint(void);\n"
                       "int main(void) { unsigned x = __VERIFIER_nondet_uint(); while (x > 0) x++; return 0; }\n",
               5, 3, false, NULL, &r);
  bmc_recur_free(&r);
  /* the loop goes on only with the draws 0 */
  expect_recur("draws", "extern int __VERIFIER_nondet_int(void);\n"
                        "int main(void) { int x = 0, y = 0; while (x == 0) { y++; if (y > 100) y = 0;\n"
                        "  if (__VERIFIER_nondet_int()) x = 1; } return y; }\n",
               0, 3, true, NULL, &r);
  CHECK(!r.cycle_any && r.cycle_value == 0);
  bmc_recur_free(&r);
  /* recursions: the same argument again, and the twin that counts down */
  recur_calls = true;
  expect_recur("recursion", "extern int __VERIFIER_nondet_int(void);\n"
                            "int f(int n) { if (n <= 0) return 0; return f(n) + 1; }\n"
                            "int main(void) { return f(__VERIFIER_nondet_int()); }\n",
               3, 4, true, NULL, &r);
  CHECK(r.nvars == 1 && r.atoms.len >= 1);
  bmc_recur_free(&r);
  expect_recur("countdown", "extern int __VERIFIER_nondet_int(void);\n"
                            "int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }\n"
                            "int main(void) { return f(__VERIFIER_nondet_int()); }\n",
               50, 4, false, NULL, &r);
  bmc_recur_free(&r);
  recur_calls = false;
  /* memory is out of scope */
  expect_recur("memory", "extern int __VERIFIER_nondet_int(void);\n"
                         "int main(void) { volatile int a = __VERIFIER_nondet_int(); while (a == 0) a = 0;\n"
                         "  return 0; }\n",
               0, 3, false, "memory", &r);
  bmc_recur_free(&r);
}

/* ---- stems ------------------------------------------------------------------- */
static void test_stem(void) {
  ir_module *m = load_c_text("extern int __VERIFIER_nondet_int(void);\n"
                             "extern void __VERIFIER_assume(int);\n"
                             "int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
                             "  __VERIFIER_assume(a > 10 && b == 3 * a + 1);\n"
                             "  int s = 0; while (s < 5) s++; return s; }\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  uint32_t mainf = ir_func_find(m, "main");
  const ir_func *f = &m->funcs.data[mainf];
  bool heads[64] = {false};
  CHECK(f->nblocks <= 64);
  ir_loop_headers(f, heads);
  uint32_t head = IR_NONE;
  for (uint32_t b = 0; b < f->nblocks && b < 64; b++)
    if (heads[b]) head = b;
  CHECK(head != IR_NONE);
  bmc_stem st;
  CHECK(bmc_find_stem(m, mainf, head, 8, budget_until(budget_unlimited(), util_now() + 30), &st));
  CHECK(st.n == 2);
  if (st.n == 2) { /* the draws pass the assume */
    int64_t a = (int32_t)st.draws[0].value, b = (int32_t)st.draws[1].value;
    CHECK_MSG(a > 10 && b == 3 * a + 1, "a %lld, b %lld", (long long)a, (long long)b);
  }
  free(st.draws);
  /* an unreachable block has no stem */
  ir_module_free(m);
  m = load_c_text("extern int __VERIFIER_nondet_int(void);\n"
                  "extern void __VERIFIER_assume(int);\n"
                  "int main(void) { int a = __VERIFIER_nondet_int(); __VERIFIER_assume(a > 10 && a < 5);\n"
                  "  int s = 0; while (s < 5) s++; return s; }\n",
                  64);
  CHECK(m != NULL);
  if (!m) return;
  f = &m->funcs.data[ir_func_find(m, "main")];
  memset(heads, 0, sizeof heads);
  ir_loop_headers(f, heads);
  for (uint32_t b = 0; b < f->nblocks && b < 64; b++)
    if (heads[b]) CHECK(!bmc_find_stem(m, ir_func_find(m, "main"), b, 8, budget_until(budget_unlimited(), util_now() + 30), &st) && st.n == 0);
  ir_module_free(m);
}

/* ---- termination ------------------------------------------------------------------ */
typedef struct {
  const ir_module *m;
  unsigned calls;
  bool accept; /* what the checker answers */
} lasso_checker;

static bool check_candidate(void *ctxp, const interp_planned_draw *draws, size_t n) {
  lasso_checker *c = ctxp;
  c->calls++;
  CHECK(n > 0 && draws != NULL);
  return c->accept;
}

/* bmc_termination on `text`: the answer, and the bound of the loop whose
 * header's first location is on line `line` (0: not looked at). */
static unsigned term_first_bound = 1; /* expect_term: bmc_term_options.first_bound */

static void expect_term(const char *name, const char *text, bool lasso, bool accept, bmc_term_answer want,
                        unsigned line, unsigned want_bound, const char *reason_part) {
  ir_module *m = load_c_text(text, 64);
  CHECK_MSG(m != NULL, "%s: front end failed", name);
  if (!m) return;
  lasso_checker lc = {m, 0, accept};
  bmc_term_options o;
  bmc_term_options_default(&o);
  o.max_bound = 64;
  o.first_bound = term_first_bound;
  o.budget = budget_until(budget_unlimited(), util_now() + 30);
  if (lasso) {
    o.check_lasso = check_candidate;
    o.check_ctx = &lc;
  }
  bmc_term_result r;
  bmc_term_answer a = bmc_termination(m, &o, &r);
  CHECK_MSG(a == want && r.answer == a, "%s: answer %d, wanted %d (%s)", name, (int)a, (int)want, r.reason);
  CHECK(r.stats.bounds == r.rounds);
  CHECK(a != BMC_TERM_UNKNOWN || r.reason[0]);
  CHECK_MSG(!reason_part || strstr(r.reason, reason_part), "%s: reason '%s'", name, r.reason);
  CHECK(a != BMC_TERM_LASSO || (lc.calls >= 1 && accept && r.lasso_i < r.lasso_j));
  if (line) {
    bool found = false;
    for (size_t i = 0; i < r.bounds.len; i++) {
      const bmc_loop_bound *lb = &r.bounds.data[i];
      if (lb->block == IR_NONE) continue;
      const ir_func *f = &m->funcs.data[lb->func];
      if (f->insts[ir_first_non_phi(f, lb->block)].loc.line == line) {
        found = true;
        CHECK_MSG(lb->bound == want_bound, "%s: loop at line %u has bound %u, wanted %u", name, line, lb->bound,
                  want_bound);
      }
    }
    CHECK_MSG(found, "%s: no bound for the loop at line %u", name, line);
  }
  bmc_term_result_free(&r);
  ir_module_free(m);
}

static void test_termination(void) {
  /* a nest: the outer loop keeps bound 4 while the inner one grows to 16 */
  const char *nest = PRELUDE "int main(void) { int t = 0;\n"
                             "  for (int i = 0; i < 4; i++)\n"
                             "    for (int j = 0; j < 10; j++) t += __VERIFIER_nondet_int() > 0;\n"
                             "  return t; }\n";
  expect_term("nest outer", nest, false, false, BMC_TERM_TERMINATES, 9, 4, NULL);
  expect_term("nest inner", nest, false, false, BMC_TERM_TERMINATES, 10, 16, NULL);
  /* starting at 8: the outer loop keeps it, the inner one doubles once */
  term_first_bound = 8;
  expect_term("nest outer from 8", nest, false, false, BMC_TERM_TERMINATES, 9, 8, NULL);
  expect_term("nest inner from 8", nest, false, false, BMC_TERM_TERMINATES, 10, 16, NULL);
  term_first_bound = 1;
  /* a bounded recursion */
  expect_term("recursion", PRELUDE "int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }\n"
                                   "int main(void) { return f(5); }\n",
              false, false, BMC_TERM_TERMINATES, 0, 0, NULL);
  /* bounded, but a run overflows: no proof */
  expect_term("overflow", PRELUDE "int main(void) { int x = __VERIFIER_nondet_int(), s = 0;\n"
                                  "  for (int i = 0; i < 3; i++) s += x; return s; }\n",
              false, false, BMC_TERM_UNKNOWN, 0, 0, "undefined behaviour");
  /* bounded, but a call without body: no proof */
  expect_term("extern call", PRELUDE "extern int g(int);\n"
                                     "int main(void) { int s = 0; for (int i = 0; i < 3; i++) s = g(s); return s; }\n",
              false, false, BMC_TERM_UNKNOWN, 0, 0, "undefined function");
  /* unbounded without lassos: the bounds grow to the deepest, no answer */
  expect_term("unbounded", PRELUDE "int main(void) { unsigned n = __VERIFIER_nondet_uint(), i = 0;\n"
                                   "  while (i < n) i++; return 0; }\n",
              false, false, BMC_TERM_UNKNOWN, 0, 0, "no bound can grow");
  /* a repeated state: the query finds a candidate; the checker decides */
  const char *spin = PRELUDE "int g;\n"
                             "int main(void) { while (1) { int in = __VERIFIER_nondet_int(); if (in > 2) return 0;\n"
                             "  g = in; } }\n";
  expect_term("lasso accepted", spin, true, true, BMC_TERM_LASSO, 0, 0, NULL);
  expect_term("lasso rejected", spin, true, false, BMC_TERM_UNKNOWN, 0, 0, NULL);
  /* the whole path through the driver: FALSE with the lasso search's evidence */
  ir_module *m = load_c_text(spin, 64);
  CHECK(m != NULL);
  if (m) {
    drv_options dopt;
    drv_options_default(&dopt);
    verdict v = {0};
    CHECK(drv_bmc_termination(m, &dopt, budget_until(budget_unlimited(), util_now() + 30), 1, true, true, &v));
    CHECK(v.kind == VERDICT_FALSE && v.violated == PROP_TERMINATION && v.ev.lasso_first < v.ev.lasso_second);
    CHECK(v.detail.data && strstr(v.detail.data, "lasso query of bounded model checking"));
    verdict_free(&v);
    ir_module_free(m);
  }
}


/* The first indirect call of function `fname` in m, or NULL. */
static const ir_inst *first_indirect_call(const ir_module *m, const char *fname) {
  uint32_t f = ir_func_find(m, fname);
  if (f == IR_NONE) return NULL;
  const ir_func *fn = &m->funcs.data[f];
  for (uint32_t i = 0; i < fn->ninsts; i++)
    if (fn->insts[i].op == IR_CALL && fn->insts[i].callee == IR_NONE) return &fn->insts[i];
  return NULL;
}

/* Indirect calls (issue 40): the candidates of a call are the address-taken
 * functions of its type, narrowed to an ite tree's leaves; every other
 * pointer value is a cut run, so no TRUE while it is reachable. */
static void test_indirect(void) {
  const char *text = PRELUDE
      "static int inc(int x) { return x + 1; }\n"
      "static int dbl(int x) { return x * 2; }\n"
      "static int two(int x, int y) { return x + y; }\n"
      "static int never(int x) { return x - 1; }\n" /* called directly only: its address is not taken */
      "static long wide(long x) { return x; }\n"
      "static void (*hook)(void *) = free;\n"
      "int (*const table[2])(int) = {inc, dbl};\n"
      "int (*pair)(int, int) = two;\n"
      "long (*w)(long) = wide;\n"
      "int main(void) {\n"
      "  int i = __VERIFIER_nondet_int();\n"
      "  __VERIFIER_assume(i >= 0 && i < 2);\n"
      "  int r = table[i](never(4)) + pair(1, 2) + (int)w(3);\n"
      "  hook(malloc(4));\n"
      "  return r;\n"
      "}\n";
  ir_module *m = load_c_text(text, 64);
  CHECK(m != NULL);
  if (!m) return;
  bool *taken = xcalloc(m->funcs.len + 1, sizeof *taken);
  ir_address_taken_funcs(m, taken);
  uint32_t inc = ir_func_find(m, "inc"), dbl = ir_func_find(m, "dbl"), two = ir_func_find(m, "two");
  uint32_t never = ir_func_find(m, "never"), wide = ir_func_find(m, "wide"), fr = ir_func_find(m, "free");
  CHECK(inc != IR_NONE && dbl != IR_NONE && two != IR_NONE && never != IR_NONE && wide != IR_NONE && fr != IR_NONE);
  if (inc == IR_NONE || dbl == IR_NONE || two == IR_NONE || never == IR_NONE || wide == IR_NONE || fr == IR_NONE) {
    free(taken);
    ir_module_free(m);
    return;
  }
  CHECK(taken[inc] && taken[dbl] && taken[two] && taken[wide] && taken[fr] && !taken[never]);
  CHECK(!taken[ir_func_find(m, "main")] && !taken[ir_func_find(m, "malloc")]);
  const ir_inst *call = first_indirect_call(m, "main"); /* table[i](...) */
  CHECK(call != NULL);
  if (call) {
    u32_vec c = {0};
    CHECK(ir_indirect_candidates(m, taken, call, &c) == 2 && c.len == 2);
    CHECK(c.len == 2 && ((c.data[0] == inc && c.data[1] == dbl) || (c.data[0] == dbl && c.data[1] == inc)));
    CHECK(!ir_callee_compatible(m, call, two) && !ir_callee_compatible(m, call, fr));
    CHECK(!ir_callee_compatible(m, call, wide)); /* i64 parameter for an i32 argument */
    /* an ite tree's leaves narrow the set (an address that is no function leaves it) */
    uint64_t *addr = xcalloc(m->funcs.len + 1, sizeof *addr);
    for (uint32_t g = 0; g < m->funcs.len; g++) addr[g] = 0x1000 + 16 * g;
    uint64_t leaves[3] = {addr[dbl], 0, addr[never]};
    c.len = 0;
    bmc_call_candidates(m, taken, addr, call, leaves, 3, &c);
    CHECK(c.len == 1 && c.data[0] == dbl); /* never: not address-taken */
    c.len = 0;
    bmc_call_candidates(m, taken, addr, call, NULL, 0, &c);
    CHECK(c.len == 2);
    free(addr);
    VEC_FREE(c);
  }
  free(taken);
  ir_module_free(m);

  expect("fnptr-table-safe", PRELUDE
         "static int cnt;\n"
         "static int inc(int x) { cnt += 1; return x + 1; }\n"
         "static int dbl(int x) { cnt += 2; return x * 2; }\n"
         "static int (*const table[2])(int) = {inc, dbl};\n"
         "int main(void) {\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  __VERIFIER_assume(i >= 0 && i < 2);\n"
         "  int r = table[i](3);\n"
         "  if (r != 4 && r != 6) reach_error();\n"
         "  if (cnt == 0 || cnt > 2) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_SAFE, PROP_UNREACH_CALL);
  expect("fnptr-table-unsafe", PRELUDE
         "static int cnt;\n"
         "static int inc(int x) { cnt += 1; return x + 1; }\n"
         "static int dbl(int x) { cnt += 2; return x * 2; }\n"
         "static int (*const table[2])(int) = {inc, dbl};\n"
         "int main(void) {\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  __VERIFIER_assume(i >= 0 && i < 2);\n"
         "  int r = table[i](3);\n"
         "  if (r == 6 && cnt == 2) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* an index out of range reads beyond the table: a run through a value
   * that is no function is possible, so no TRUE */
  expect("fnptr-out-of-range", PRELUDE
         "static int inc(int x) { return x + 1; }\n"
         "static int dbl(int x) { return x * 2; }\n"
         "static int (*table[2])(int) = {inc, dbl};\n"
         "static int pad[4];\n"
         "int main(void) {\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  __VERIFIER_assume(i >= 0 && i < 3);\n"
         "  int r = table[i](3) + pad[0];\n"
         "  if (r != 4 && r != 6) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_UNKNOWN, PROP_UNREACH_CALL);
  /* a select between two handlers: exactly its two leaves */
  expect("fnptr-select-unsafe", PRELUDE
         "static int inc(int x) { return x + 1; }\n"
         "static int dbl(int x) { return x * 2; }\n"
         "int main(void) {\n"
         "  int (*f)(int) = __VERIFIER_nondet_int() ? inc : dbl;\n"
         "  if (f(5) == 10) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* a loop calling through a pointer: k-induction havocs what every
   * candidate writes */
  expect("fnptr-loop-safe", PRELUDE
         "static int g;\n"
         "static void up(void) { if (g < 100) g++; }\n"
         "static void down(void) { if (g > 0) g--; }\n"
         "int main(void) {\n"
         "  void (*f)(void) = __VERIFIER_nondet_int() ? up : down;\n"
         "  while (__VERIFIER_nondet_int()) f();\n"
         "  if (g < 0 || g > 100) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 4, BMC_UNKNOWN, PROP_UNREACH_CALL);
}

/* The memory encoding of src/bmc/memory.c: provenance, flat objects and
 * speculative windows answer as the flat byte array would, or UNKNOWN. */
static void test_memory_encoding(void) {
  /* a struct's counters beside an array written at symbolic offsets (the
   * speculative window keeps them exact): safe and unsafe */
  static const char ring[] = PRELUDE
      "#include <string.h>\n"
      "struct r { unsigned char buf[8]; unsigned cap, size, wr; };\n"
      "int main(void) {\n"
      "  struct r r; r.cap = 8; r.size = 0; r.wr = 0;\n"
      "  unsigned char src[8] = {0};\n"
      "  for (int k = 0; k < 2; k++) {\n"
      "    unsigned n = (unsigned)__VERIFIER_nondet_int() % 9u;\n"
      "    if (n > r.cap - LIMIT - r.size) n = r.cap - LIMIT - r.size;\n"
      "    unsigned first = r.cap - r.wr; if (first > n) first = n;\n"
      "    memcpy(r.buf + r.wr, src, first);\n"
      "    memcpy(r.buf, src + first, n - first);\n"
      "    r.wr = (r.wr + n) % r.cap; r.size += n;\n"
      "  }\n"
      "  if (r.size > 7) reach_error();\n"
      "  return 0;\n"
      "}\n";
  char text[sizeof ring + 64];
  snprintf(text, sizeof text, "#define LIMIT 1\n%s", ring);
  expect("ring-safe", text, "unreach-call", 0, BMC_SAFE, PROP_UNREACH_CALL);
  snprintf(text, sizeof text, "#define LIMIT 0\n%s", ring);
  expect("ring-unsafe", text, "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* a write past the array into the next field of the same struct is a
   * valid access: the speculation that it stays in buf fails, the bound is
   * encoded again without it, and the violation is found */
  expect("window-refined-unsafe", PRELUDE
         "struct s { char buf[4]; int n; };\n"
         "int main(void) {\n"
         "  struct s v; v.n = 0;\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  if (i >= 0 && i < 8) v.buf[i] = 1;\n"
         "  if (v.n != 0) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 2, BMC_VIOLATION, PROP_UNREACH_CALL);
  /* a write that may leave its object (out of bounds: the interpreter ends
   * the run there) is no proof of unreach-call, whatever it would hit */
  expect("provenance-cut-unknown", PRELUDE
         "int a[2];\n"
         "int b;\n"
         "int main(void) {\n"
         "  int i = __VERIFIER_nondet_int();\n"
         "  if (i >= 0 && i < 64) ((char *)a)[i] = 1;\n"
         "  if (b) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 2, BMC_UNKNOWN, PROP_UNREACH_CALL);
  /* stores at p + 1 and p + 2 never hide each other; a flat object read at
   * a symbolic offset sees each byte's newest store */
  expect("flat-bytes-safe", PRELUDE
         "int main(void) {\n"
         "  unsigned char t[16] = {0};\n"
         "  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
         "  if (i < 0 || i > 14 || j < 0 || j > 15) return 0;\n"
         "  t[i] = 7; t[i + 1] = 9;\n"
         "  if (j == i && t[j] != 7) reach_error();\n"
         "  if (j == i + 1 && t[j] != 9) reach_error();\n"
         "  if (j != i && j != i + 1 && t[j] != 0) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_SAFE, PROP_UNREACH_CALL);
  expect("flat-bytes-unsafe", PRELUDE
         "int main(void) {\n"
         "  unsigned char t[16] = {0};\n"
         "  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
         "  if (i < 0 || i > 14 || j < 0 || j > 15) return 0;\n"
         "  t[i] = 7; t[i + 1] = 9;\n"
         "  if (j == i + 1 && t[j] != 7) reach_error();\n"
         "  return 0;\n"
         "}\n",
         "unreach-call", 0, BMC_VIOLATION, PROP_UNREACH_CALL);
}

int main(int argc, char **argv) {
  if (argc >= 3) return run_file(argc, argv);
  test_termination();
  test_stem();
  test_recur();
  test_not_safety();
  test_unreach_call();
  test_overflow();
  test_memory();
  test_memory_encoding();
  test_indirect();
  return TEST_SUMMARY();
}
