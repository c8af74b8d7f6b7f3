/* Unit tests of the symbolic execution graph construction (src/seg,
 * graph.c, modular.c, to_its.c, dot.c) on seed 002's strlen: the graph of
 * a terminated string is complete without ERR and its ITS terminates; an
 * off-by-one loop reaches ERR; recursion through modular graphs (seed
 * 004); reach_error states for unreach-call; merging at join points
 * (seed 004 Sect. 5.1) on a chain of branches; mathematical integers;
 * a unique entry state per function and the size trigger of modular
 * analysis (seed 004 Sect. 5.1).
 *
 * With arguments, `test_seg_graph FILE [DOT]` builds the graph of one C
 * file, prints its statistics and the ITS answer, and writes the dot file. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "c_fixture.h"
#include "seg_fixture.h"
#include "its/prove.h"
#include "seg/internal.h"
#include "test_util.h"

static const char *strlen_ok =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int my_strlen(char *str) {\n"
    "  char *s = str;\n"
    "  while (*s) s++;\n"
    "  return s - str;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 1000) return 0;\n"
    "  char *buf = __builtin_alloca(n);\n"
    "  buf[n - 1] = 0;\n"
    "  return my_strlen(buf);\n"
    "}\n";

/* do-while reads str[1] first: out of bounds for the one-byte string "" */
static const char *strlen_off_by_one =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int my_strlen(char *str) {\n"
    "  char *s = str;\n"
    "  do s++; while (*s);\n"
    "  return s - str;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 1000) return 0;\n"
    "  char *buf = __builtin_alloca(n);\n"
    "  buf[n - 1] = 0;\n"
    "  return my_strlen(buf);\n"
    "}\n";

static seg_graph *build(smt_ctx *ctx, const ir_module *m) {
  seg_options o;
  seg_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  return seg_build(m, ctx, &o);
}

static void test_strlen_ok(void) {
  ir_module *m = load_c_text(strlen_ok, 64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  const seg_summary *s = seg_graph_summary(g);
  CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
  CHECK_MSG(!s->err_memory && !s->err_overflow && !s->err_ub, "error: %s", s->first_err ? s->first_err : "?");
  CHECK(s->generalizations >= 1);
  char err[256];
  its *t = seg_to_its(g, budget_unlimited(), err, sizeof err);
  CHECK_MSG(t != NULL, "seg_to_its: %s", err);
  if (t) {
    strbuf out = {0};
    its_prove_answer a = its_prove(t, budget_queries(budget_unlimited(), 5000), &out);
    CHECK_MSG(a == ITS_PROVE_YES, "its_prove: %s", out.data ? out.data : "");
    strbuf_free(&out);
    its_free(t);
  }
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

static void test_strlen_off_by_one(void) {
  ir_module *m = load_c_text(strlen_off_by_one, 64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  const seg_summary *s = seg_graph_summary(g);
  CHECK_MSG(s->err_memory, "no memory error found (complete %d, %s)", s->complete, s->reason ? s->reason : "-");
  CHECK(s->first_err != NULL);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

/* A call of an unknown function makes the graph incomplete with a reason,
 * and such a graph has no ITS. */
static void test_stuck(void) {
  ir_module *m = load_c_text("extern int foo(int);\nint main(void) { return foo(1); }\n", 64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  CHECK(!seg_graph_summary(g)->complete && seg_graph_summary(g)->reason != NULL);
  char err[256];
  CHECK(seg_to_its(g, budget_unlimited(), err, sizeof err) == NULL);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}


/* Modular graphs (seed 004): a recursion gets a finite graph through call
 * abstractions and intersections; three calls from main share the
 * function's analysis (entry states grow with the function, not with the
 * call sites); the ITS cycle through the call abstraction proves
 * termination. */
static void test_recursion(void) {
  ir_module *m = load_c_text("extern int __VERIFIER_nondet_int(void);\n"
                             "int count(int n) { if (n <= 0) return 0; return count(n - 1) + 1; }\n"
                             "int main(void) {\n"
                             "  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
                             "  int c = __VERIFIER_nondet_int();\n"
                             "  if (a > 100 || b > 100 || c > 100) return 0;\n"
                             "  count(a); count(b); count(c);\n"
                             "  return 0;\n"
                             "}\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  const seg_summary *s = seg_graph_summary(g);
  CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
  CHECK_MSG(!s->err_memory && !s->err_ub, "error: %s", s->first_err ? s->first_err : "?");
  CHECK_MSG(s->entry_states >= 1 && s->entry_states <= 2, "%u entry states", s->entry_states);
  CHECK_MSG(s->call_states >= 4, "%u call states", s->call_states); /* 3 in main, >= 1 recursive */
  CHECK(s->intersections >= s->call_states);
  CHECK(s->return_states >= 1);
  CHECK(seg_its_answer(g) == ITS_PROVE_YES);
  strbuf sb = {0};
  seg_print_summaries(g, &sb);
  CHECK_MSG(sb.data && strncmp(sb.data, "count: ", 7) == 0, "summaries: %s", sb.data ? sb.data : "");
  strbuf_free(&sb);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

/* A recursion that never returns for n > 0 (n + 1 grows towards the
 * overflow, which wraps): the graph is complete but its ITS must not be
 * proved terminating when the recursion passes the same argument on. */
static void test_recursion_nonterminating(void) {
  ir_module *m = load_c_text("extern int __VERIFIER_nondet_int(void);\n"
                             "int f(int n) { if (n <= 0) return 0; return f(n) + 1; }\n"
                             "int main(void) { return f(__VERIFIER_nondet_int()); }\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  CHECK(seg_graph_summary(g)->complete);
  CHECK(seg_its_answer(g) != ITS_PROVE_YES);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

/* unreach-call: a complete graph tells whether some state calls
 * reach_error; the relation x == y that the loop keeps makes it
 * unreachable in the safe variant only. */
static void test_error_call(void) {
  const char *fmt = "extern int __VERIFIER_nondet_int(void);\n"
                    "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  int x = __VERIFIER_nondet_int();\n"
                    "  if (x < 0) return 0;\n"
                    "  int y = x;\n"
                    "  while (x > 0) { x--; y -= %d; }\n"
                    "  if (y != 0) reach_error();\n"
                    "  return 0;\n"
                    "}\n";
  for (int step = 1; step <= 2; step++) {
    char text[512];
    snprintf(text, sizeof text, fmt, step);
    ir_module *m = load_c_text(text, 64);
    CHECK(m != NULL);
    if (!m) continue;
    smt_ctx *ctx = smt_ctx_new();
    seg_graph *g = build(ctx, m);
    const seg_summary *s = seg_graph_summary(g);
    CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
    CHECK_MSG(s->error_call == (step == 2), "step %d: error_call %d", step, s->error_call);
    seg_graph_free(g);
    smt_ctx_free(ctx);
    ir_module_free(m);
  }
}

/* Merging at join points: a chain of 10 branches has 2^10 paths; with
 * join merging the graph is complete and small, keeps what every path
 * knows (c counts the branches on each of them), proves the final loop
 * terminating, and still finds the reach_error a path can reach. Without
 * it (join_states 0) the graph hits its state limit. */
static void test_join_merging(void) {
  const char *fmt = "extern int __VERIFIER_nondet_int(void);\n"
                    "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  int x = __VERIFIER_nondet_int(), c = 0;\n"
                    "  if (x < 0 || x > 1000) return 0;\n"
                    "%s"
                    "  while (x > 0) x--;\n"
                    "  if (c %s 10) reach_error();\n"
                    "  return 0;\n"
                    "}\n";
  char chain[2048] = "";
  for (int i = 1; i <= 10; i++) {
    char line[128];
    snprintf(line, sizeof line, "  if (__VERIFIER_nondet_int()) { x += %d; c++; } else { x -= %d; c++; }\n", i, i);
    strcat(chain, line);
  }
  for (int variant = 0; variant < 3; variant++) {
    char text[4096];
    snprintf(text, sizeof text, fmt, chain, variant == 1 ? "==" : "!=");
    ir_module *m = load_c_text(text, 64);
    CHECK(m != NULL);
    if (!m) continue;
    smt_ctx *ctx = smt_ctx_new();
    seg_options o;
    seg_options_default(&o);
    o.budget = budget_until(o.budget, util_now() + 60);
    o.max_states = 4000;
    o.join_states = variant == 2 ? 0 : 4;
    seg_graph *g = seg_build(m, ctx, &o);
    const seg_summary *s = seg_graph_summary(g);
    if (variant == 2) {
      CHECK_MSG(!s->complete, "without join merging: complete with %u states", s->states);
    } else {
      CHECK_MSG(s->complete, "variant %d incomplete: %s", variant, s->reason ? s->reason : "?");
      CHECK_MSG(s->states < 2000, "variant %d: %u states", variant, s->states);
      CHECK_MSG(s->merges > 0, "variant %d: no merge", variant);
      CHECK_MSG(s->error_call == (variant == 1), "variant %d: error_call %d", variant, s->error_call);
      if (variant == 0) CHECK(seg_its_answer(g) == ITS_PROVE_YES);
    }
    seg_graph_free(g);
    smt_ctx_free(ctx);
    ir_module_free(m);
  }
}

/* The graph of a C text, with or without mathematical integers. */
typedef struct {
  ir_module *m;
  smt_ctx *ctx;
  seg_graph *g;
  const seg_summary *sum;
} math_graph;

static bool math_graph_of(math_graph *mg, const char *text, bool math) {
  mg->m = load_c_text(text, 64);
  CHECK(mg->m != NULL);
  if (!mg->m) return false;
  mg->ctx = smt_ctx_new();
  seg_options o;
  seg_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  o.math_ints = math;
  mg->g = seg_build(mg->m, mg->ctx, &o);
  mg->sum = seg_graph_summary(mg->g);
  return true;
}

static void math_graph_free(math_graph *mg) {
  seg_graph_free(mg->g);
  smt_ctx_free(mg->ctx);
  ir_module_free(mg->m);
}

/* Mathematical integers (seg_options.math_ints, seed 002's rules): an
 * unsigned char counter that only a wrap-around stops runs forever over
 * the integers (no termination proof); a signed increment
 * that overflows bit-precise (an ERR_OVERFLOW leaf) has none over the
 * integers; a constant whose sign bit is set is read by the instruction
 * that says how (nsw: -1), so the countdown is still proved; memory stays
 * byte-precise (the off-by-one read is still an ERR). */
static void test_math_ints(void) {
  static const char *wrap = "int main(void) { unsigned char i = 1; while (i != 0) i = i + 1; return 0; }\n";
  static const char *inc = "extern int __VERIFIER_nondet_int(void);\n"
                           "int main(void) { int x = __VERIFIER_nondet_int(); if (x > 0) x = x + 1; return x; }\n";
  static const char *down = "extern int __VERIFIER_nondet_int(void);\n"
                            "int main(void) { int x = __VERIFIER_nondet_int(); while (x > 0) x = x - 1; return x; }\n";
  for (int math = 0; math < 2; math++) {
    math_graph g;
    if (!math_graph_of(&g, wrap, math)) return;
    CHECK_MSG(g.sum->complete, "wrap (math %d): incomplete", math);
    if (math) CHECK_MSG(seg_its_answer(g.g) != ITS_PROVE_YES, "wrap: proved terminating over the integers");
    math_graph_free(&g);

    if (!math_graph_of(&g, inc, math)) return;
    CHECK(g.sum->complete);
    CHECK_MSG(g.sum->err_overflow == !math, "inc (math %d): overflow leaf %d", math, g.sum->err_overflow);
    math_graph_free(&g);

    if (!math_graph_of(&g, down, math)) return;
    CHECK_MSG(g.sum->complete && seg_its_answer(g.g) == ITS_PROVE_YES, "down (math %d): not proved", math);
    math_graph_free(&g);

    if (!math_graph_of(&g, strlen_off_by_one, math)) return;
    CHECK_MSG(g.sum->err_memory, "off-by-one (math %d): no memory error", math);
    math_graph_free(&g);
  }
}

/* `test_seg_graph FILE [DOT]`: statistics and the ITS answer of one file. */
static int run_file(const char *path, const char *dot) {
  char *text = util_read_file(path, NULL);
  if (!text) return 2;
  ir_module *m = load_c_text(text, 64);
  free(text);
  if (!m) return 2;
  smt_ctx *ctx = smt_ctx_new();
  seg_graph *g = build(ctx, m);
  seg_print_stats(g, stdout);
  const seg_summary *s = seg_graph_summary(g);
  if (s->first_err) printf("first error: %s\n", s->first_err);
  if (dot) {
    FILE *f = fopen(dot, "w");
    if (f) {
      seg_dump_dot(g, f);
      fclose(f);
    }
  }
  char err[256];
  its *t = seg_to_its(g, budget_unlimited(), err, sizeof err);
  if (t) {
    strbuf out = {0};
    its_prove(t, budget_queries(budget_unlimited(), 5000), &out);
    printf("ITS: %u variables, %u locations, %zu transitions\n%s", t->nvars, t->nlocs, t->trans.len,
           out.data ? out.data : "");
    strbuf_free(&out);
    its_free(t);
  } else {
    printf("no ITS: %s\n", err);
  }
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
  return 0;
}

/* A function called in twelve contexts (different values of the globals)
 * with every function modular: seed 004 Sect. 5.1's unique entry state
 * merges the entries until one covers every call (before, the ninth
 * context made the graph incomplete), and the graph is complete without
 * ERR. The twin's guard lets i = 10 through and one call passes 10: a
 * store one past the array, which the merged entry must not hide. (A
 * merged entry keeps i >= 0 but no upper bound, so the safe version needs
 * its guard: the price of one analysis for all calls.) */
static const char *many_contexts_fmt =
    "int a[10]; int g, last;\n"
    "void put(int i) { if (i >= 0 && i %s 10) { a[i] = g; last = i; } else { g = 0; } }\n"
    "int main(void) {\n"
    "  g = 1; put(0); g = 2; put(1); g = 3; put(2); g = 4; put(3); g = 5; put(4); g = 6; put(5);\n"
    "  g = 7; put(6); g = 8; put(7); g = 9; put(8); g = 10; put(9); g = 11; put(%d); g = 12; put(-1);\n"
    "  return 0;\n"
    "}\n";

static void many_contexts(int eleventh, bool safe) {
  char src[1024];
  snprintf(src, sizeof src, many_contexts_fmt, safe ? "<" : "<=", eleventh);
  ir_module *m = load_c_text(src, 64);
  CHECK(m != NULL);
  if (!m) return;
  smt_ctx *ctx = smt_ctx_new();
  seg_options o;
  seg_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  o.modular_all = true;
  seg_graph *g = seg_build(m, ctx, &o);
  const seg_summary *s = seg_graph_summary(g);
  CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
  CHECK_MSG(s->entry_merges >= 1, "%u entries merged", s->entry_merges);
  CHECK_MSG(s->entry_states <= 4, "%u live entry states", s->entry_states);
  if (safe) {
    CHECK_MSG(!s->err_memory && !s->err_ub, "error: %s", s->first_err ? s->first_err : "?");
    CHECK(seg_its_answer(g) == ITS_PROVE_YES);
  } else {
    CHECK_MSG(s->err_memory, "the store one past the array went unnoticed");
  }
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
}

static void test_unique_entry(void) {
  many_contexts(5, true);
  many_contexts(10, false);
}

/* The size trigger (seg_options.modular_min_insts): a small program stays
 * inline unless the threshold is at most its size. */
static void test_large_program_trigger(void) {
  ir_module *m = load_c_text("int g;\n"
                             "void f(int x) { if (x) g++; else g--; }\n"
                             "int main(void) { f(1); f(0); return g; }\n",
                             64);
  CHECK(m != NULL);
  if (!m) return;
  for (int small = 0; small < 2; small++) {
    smt_ctx *ctx = smt_ctx_new();
    seg_options o;
    seg_options_default(&o);
    o.budget = budget_until(o.budget, util_now() + 60);
    if (small) o.modular_min_insts = 1;
    seg_graph *g = seg_build(m, ctx, &o);
    const seg_summary *s = seg_graph_summary(g);
    CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
    CHECK_MSG(small ? s->call_states == 2 : s->call_states == 0, "threshold %u: %u call states",
              o.modular_min_insts, s->call_states);
    seg_graph_free(g);
    smt_ctx_free(ctx);
  }
  ir_module_free(m);
}

/* Indirect calls (issue 40): the pointer's candidates are split on when
 * <a> says it is one of them (a table of handlers in a global's initial
 * bytes), the call runs the chosen one, and a pointer that may be no
 * function (an entry overwritten with null) leaves the graph incomplete. */
static void test_indirect_call(void) {
  const char *fmt = "extern int __VERIFIER_nondet_int(void);\n"
                    "extern void __VERIFIER_assume(int);\n"
                    "extern void reach_error(void);\n"
                    "static int inc(int x) { return x + 1; }\n"
                    "static int dbl(int x) { return x * 2; }\n"
                    "static int two(int x, int y) { return x + y; }\n" /* another type: no candidate */
                    "int (*table[2])(int) = {inc, dbl};\n"
                    "int (*other)(int, int) = two;\n"
                    "int main(void) {\n"
                    "  int i = __VERIFIER_nondet_int();\n"
                    "  __VERIFIER_assume(i >= 0 && i < 2);\n"
                    "  %s\n"
                    "  int r = table[i](5);\n"
                    "  if (r != %d && r != 10) reach_error();\n"
                    "  return other(r, 1) > 0 ? 0 : 1;\n"
                    "}\n";
  static const struct {
    const char *pre;
    int want;
    bool complete, error;
  } cases[] = {{"", 6, true, false}, {"", 7, true, true}, {"if (__VERIFIER_nondet_int()) table[1] = 0;", 6, false, false}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    char text[2048];
    snprintf(text, sizeof text, fmt, cases[k].pre, cases[k].want);
    ir_module *m = load_c_text(text, 64);
    CHECK(m != NULL);
    if (!m) continue;
    smt_ctx *ctx = smt_ctx_new();
    seg_graph *g = build(ctx, m);
    const seg_summary *s = seg_graph_summary(g);
    CHECK_MSG(s->complete == cases[k].complete, "case %zu: complete %d (%s)", k, s->complete,
              s->reason ? s->reason : "");
    if (cases[k].complete) {
      CHECK_MSG(s->error_call == cases[k].error, "case %zu: error_call %d", k, s->error_call);
      CHECK_MSG(!s->err_memory && !s->err_ub, "case %zu: %s", k, s->first_err ? s->first_err : "?");
    } else {
      CHECK(s->reason != NULL && strstr(s->reason, "indirect call") != NULL);
    }
    seg_graph_free(g);
    smt_ctx_free(ctx);
    ir_module_free(m);
  }
}

int main(int argc, char **argv) {
  if (argc > 1) return run_file(argv[1], argc > 2 ? argv[2] : NULL);
  test_strlen_ok();
  test_strlen_off_by_one();
  test_stuck();
  test_recursion();
  test_recursion_nonterminating();
  test_error_call();
  test_join_merging();
  test_math_ints();
  test_unique_entry();
  test_large_program_trigger();
  test_indirect_call();
  return TEST_SUMMARY();
}
