/* Unit tests of the symbolic execution graph construction (src/seg,
 * graph.c, to_its.c, dot.c) on seed 002's strlen: the graph of a
 * terminated string is complete without ERR and its ITS terminates; an
 * off-by-one loop reaches ERR.
 *
 * With arguments, `test_seg_graph FILE [DOT]` builds the graph of one C
 * file, prints its statistics and the ITS answer, and writes the dot file. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "c_fixture.h"
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
  o.deadline = util_now() + 60;
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
  its *t = seg_to_its(g, err, sizeof err);
  CHECK_MSG(t != NULL, "seg_to_its: %s", err);
  if (t) {
    strbuf out = {0};
    its_prove_answer a = its_prove(t, 5000, &out);
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
  CHECK(seg_to_its(g, err, sizeof err) == NULL);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  ir_module_free(m);
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
  its *t = seg_to_its(g, err, sizeof err);
  if (t) {
    strbuf out = {0};
    its_prove(t, 5000, &out);
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

int main(int argc, char **argv) {
  if (argc > 1) return run_file(argv[1], argc > 2 ? argv[2] : NULL);
  test_strlen_ok();
  test_strlen_off_by_one();
  test_stuck();
  return TEST_SUMMARY();
}
