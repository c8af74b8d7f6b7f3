/* Unit tests of src/its: the ITS structure, the SMT2 / KoAT / ARI readers
 * (valid systems, malformed and hostile inputs), the writers and round trips
 * through every format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/its/its.h"
#include "test_util.h"

static const char smt2_text[] =
    "(declare-sort Loc 0)\n"
    "(declare-const l0 Loc)\n(declare-const l1 Loc)\n(declare-const l2 Loc)\n"
    "(assert (distinct l0 l1 l2))\n"
    "(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool (and (= pc src) rel))\n"
    "(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool\n"
    "  (and (= pc src) (= pc1 dst) rel))\n"
    "(define-fun cfg_trans3 ( (pc Loc) (exit Loc) (pc1 Loc) (call Loc) (pc2 Loc) (return Loc) (rel Bool) ) Bool\n"
    "  (and (= pc exit) (= pc1 call) (= pc2 return) rel))\n"
    "(define-fun init_main ( (pc^0 Loc) (x^0 Int) (y^0 Int) ) Bool (cfg_init pc^0 l0 true))\n"
    "(define-fun next_main ( (pc^0 Loc) (x^0 Int) (y^0 Int) (pc^post Loc) (x^post Int) (y^post Int) ) Bool\n"
    "  (or\n"
    "    (cfg_trans2 pc^0 l0 pc^post l1 (and (= x^post 10) (= y^0 y^post)))\n"
    "    (cfg_trans2 pc^0 l1 pc^post l1 (and (> x^0 0) (= x^post (- x^0 1)) (= y^post (* x^0 y^0))))\n"
    "    (cfg_trans2 pc^0 l1 pc^post l1 (exists ((t^1 Int)) (and (> (* x^0 x^0) t^1) (> t^1 0)\n"
    "        (= x^post (- x^0 t^1)) (= y^0 y^post))))\n"
    "    (cfg_trans2 pc^0 l1 pc^post l2 (and (<= x^0 0) (> y^post y^0) (= x^0 x^post)))\n"
    "    (cfg_trans2 pc^0 l2 pc^post l0 (let ((a (+ x^0 1))) (and (>= a -1) (= x^post x^0))))\n"
    "  ))\n";

static const char koat_text[] =
    "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x y z)\n(RULES\n"
    "  f(x, y) -> g(x, 0)\n"
    "  g(x, y) -> g(x - 1, y + x^2) :|: x > 0 && y >= 0\n"
    "  g(x, y) -> g(x - z, y) :|: x > 0 && 0 < z && z <= x*y\n"
    "  g(x, y) -{1}> Com_2(h(x, z), g(x - 1, y)) [ x > 0 ]\n"
    "  g(x, y) -> h(x, y) :|: x <= 0 || !(y >= 0)\n"
    ")\n";

static const char ari_text[] =
    "(format LCTRS :smtlib 2.6)\n(theory Ints)\n"
    "(fun f (-> Int Int Bool))\n(fun g (-> Int Int Bool))\n(entrypoint f)\n"
    "(rule (f x y) (g x (* y y)) :guard (and (> x 0) (>= y 0)))\n"
    "(rule (g x y) (g (- x 1) (+ y t)) :guard (> x t) :var ((t Int)))\n"
    "(rule (g x y) (g (- x 1) y) :guard (> x 0))\n"
    "(rule (g x y) (f x r))\n";

static its *parse(smt_ctx *ctx, int fmt, const char *text, char *err, size_t n) {
  return fmt == 0 ? its_parse_smt2(ctx, text, err, n) : fmt == 1 ? its_parse_koat(ctx, text, err, n)
                                                              : its_parse_ari(ctx, text, err, n);
}

static bool print_fmt(const its *s, int fmt, strbuf *b, char *err, size_t n) {
  return fmt == 0 ? its_print_smt2(s, b, err, n) : fmt == 1 ? its_print_koat(s, b, err, n)
                                                            : its_print_ari(s, b, err, n);
}

static smt_term V(smt_ctx *c, const char *n) { return smt_mk_var(c, n, SMT_SORT_INT); }
static smt_term N(smt_ctx *c, long v) { return smt_mk_int(c, v); }

static void test_structure(void) {
  smt_ctx *c = smt_ctx_new();
  its *s = its_new(c);
  char err[200];
  CHECK(its_add_var(s, "x") == 0);
  CHECK(its_add_var(s, "x") == ITS_NONE);
  CHECK(its_add_var(s, "x'") == ITS_NONE);
  CHECK(its_add_loc(s, "a") == 0);
  CHECK(its_add_loc(s, "b") == 1);
  CHECK(its_add_loc(s, "1b") == ITS_NONE);
  CHECK(!its_validate(s, err, sizeof err)); /* no start */
  its_set_start(s, 0);
  CHECK(its_validate(s, err, sizeof err));
  smt_term x = s->pre[0];
  smt_term u = smt_mk_int_sub(c, x, N(c, 1));
  CHECK(its_add_trans(s, 0, 1, smt_mk_int_gt(c, x, N(c, 0)), &u) == 0);
  CHECK(its_add_var(s, "y") == 1);
  CHECK(s->trans.data[0].update[1] == s->pre[1]); /* later variables unchanged */
  CHECK(its_find_var(s, "y") == 1 && its_find_loc(s, "b") == 1 && its_find_loc(s, "c") == ITS_NONE);
  CHECK(strcmp(smt_term_name(c, s->post[1]), "y'") == 0);
  /* a temporary used only in its update is "unconstrained" */
  smt_term upd[2] = {V(c, "t"), s->pre[1]};
  its_add_trans(s, 1, 0, SMT_TRUE, upd);
  CHECK(s->trans.data[1].update[0] == SMT_NULL && s->trans.data[1].ntemps == 0);
  smt_term upd2[2] = {V(c, "t"), s->pre[1]};
  its_add_trans(s, 1, 0, smt_mk_int_gt(c, V(c, "t"), x), upd2);
  CHECK(s->trans.data[2].update[0] == V(c, "t") && s->trans.data[2].ntemps == 1);
  CHECK(its_validate(s, err, sizeof err));
  /* post-state variables are not allowed in guards */
  its_add_trans(s, 0, 0, smt_mk_int_gt(c, s->post[0], x), NULL);
  CHECK(!its_validate(s, err, sizeof err) && strstr(err, "post-state"));
  /* relation and substitution */
  smt_term rel = its_trans_relation(s, 0);
  smt_term sub = smt_subst(c, rel, 1, &x, (smt_term[]){N(c, 5)});
  smt_term want = smt_mk_and2(c, smt_mk_eq(c, s->post[0], N(c, 4)), smt_mk_eq(c, s->post[1], s->pre[1]));
  CHECK(sub == smt_simplify(c, want));
  strbuf b = {0};
  its_print(s, &b);
  CHECK(strstr(b.data, "t0: a -> b if x >= 1; x' = x - 1") != NULL);
  strbuf_free(&b);
  its_free(s);
  its_free(NULL);
  smt_ctx_free(c);
}

static void test_smt2(void) {
  smt_ctx *c = smt_ctx_new();
  char err[200];
  its *s = its_parse_smt2(c, smt2_text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  if (!s) return;
  CHECK(s->nvars == 2 && strcmp(s->var_names[0], "x") == 0 && strcmp(s->var_names[1], "y") == 0);
  CHECK(s->nlocs == 3 && s->start == 0 && s->trans.len == 5);
  smt_term x = s->pre[0], y = s->pre[1];
  const its_trans *t = s->trans.data;
  CHECK(t[0].guard == SMT_TRUE && t[0].update[0] == N(c, 10) && t[0].update[1] == y);
  CHECK(t[1].from == 1 && t[1].to == 1 && t[1].guard == smt_mk_int_gt(c, x, N(c, 0)));
  CHECK(t[1].update[1] == smt_mk_int_mul2(c, x, y)); /* nonlinear update */
  CHECK(t[2].ntemps == 1 && strcmp(smt_term_name(c, t[2].temps[0]), "t_1") == 0);
  smt_term tt = t[2].temps[0];
  CHECK(t[2].guard == smt_mk_and2(c, smt_mk_int_gt(c, smt_mk_int_mul2(c, x, x), tt), smt_mk_int_gt(c, tt, N(c, 0))));
  /* y' > y: y' becomes a temporary constrained by the guard */
  CHECK(t[3].ntemps == 1 && t[3].update[1] == t[3].temps[0] && t[3].update[0] == x);
  CHECK(t[4].guard == smt_mk_int_ge(c, smt_mk_int_add2(c, x, N(c, 1)), N(c, -1)));
  CHECK(t[4].update[1] == SMT_NULL); /* y' unmentioned: unconstrained */
  its_free(s);
  smt_ctx_free(c);
}

static void test_koat(void) {
  smt_ctx *c = smt_ctx_new();
  char err[200];
  its *s = its_parse_koat(c, koat_text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  if (!s) return;
  CHECK(s->nvars == 2 && s->nlocs == 3 && s->trans.len == 6);
  CHECK(strcmp(s->loc_names[s->start], "f") == 0);
  smt_term x = s->pre[0], y = s->pre[1];
  const its_trans *t = s->trans.data;
  CHECK(t[1].update[1] == smt_mk_int_add2(c, y, smt_mk_int_mul2(c, x, x)));
  CHECK(t[2].ntemps == 1 && strcmp(smt_term_name(c, t[2].temps[0]), "z") == 0);
  CHECK(t[2].guard == smt_mk_and(c, 3, (smt_term[]){smt_mk_int_gt(c, x, N(c, 0)), smt_mk_int_lt(c, N(c, 0), V(c, "z")),
                                                    smt_mk_int_le(c, V(c, "z"), smt_mk_int_mul2(c, x, y))}));
  /* Com_2 gives two transitions with the same guard; g -> g twice more */
  CHECK(t[3].from == t[4].from && t[3].guard == t[4].guard && t[3].to != t[4].to);
  CHECK(t[3].update[1] == SMT_NULL); /* z occurs only there */
  CHECK(t[5].guard == smt_mk_or2(c, smt_mk_int_le(c, x, N(c, 0)), smt_mk_not(c, smt_mk_int_ge(c, y, N(c, 0)))));
  its_free(s);
  smt_ctx_free(c);
}

static void test_ari(void) {
  smt_ctx *c = smt_ctx_new();
  char err[200];
  its *s = its_parse_ari(c, ari_text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  if (!s) return;
  CHECK(s->nvars == 2 && s->nlocs == 2 && s->trans.len == 4 && s->start == 0);
  smt_term x = s->pre[0], y = s->pre[1];
  const its_trans *t = s->trans.data;
  CHECK(t[0].update[1] == smt_mk_int_mul2(c, y, y) && t[0].update[0] == x);
  CHECK(t[1].ntemps == 1 && t[1].guard == smt_mk_int_gt(c, x, V(c, "t")));
  CHECK(t[3].update[1] == SMT_NULL && t[3].guard == SMT_TRUE);
  its_free(s);
  /* no entrypoint: the first fun; arity 0 */
  s = its_parse_ari(c, "(format LCTRS)\n(theory Ints)\n(fun a Bool)\n(fun b Bool)\n(rule a b)\n(rule b a)\n", err,
                    sizeof err);
  CHECK_MSG(s && s->nvars == 0 && s->start == 0 && s->trans.len == 2, "%s", err);
  its_free(s);
  smt_ctx_free(c);
}

static void test_malformed(void) {
  static const struct {
    int fmt;
    const char *text;
    const char *msg;
  } bad[] = {
      {0, "(declare-sort Loc 0", "line 1: unbalanced"},
      {0, "(declare-sort Loc 0))", "line 1: unexpected ')'"},
      {0, "(declare-sort Loc 0)\n(declare-const l0 Loc)\n", "no init_main"},
      {0, "(declare-const l0 Int)", "line 1: only location constants"},
      {0, "(declare-const l0 Loc)\n(define-fun init_main ((pc Loc) (x Int)) Bool (cfg_init pc l0 true))\n"
          "(define-fun next_main ((pc Loc) (x Int) (pc1 Loc) (x1 Int)) Bool\n (cfg_trans2 pc l0 pc1 l9 true))",
       "line 4: unknown location"},
      {0, "(declare-const l0 Loc)\n(define-fun init_main ((pc Loc) (x Int)) Bool (cfg_init pc l0 true))\n"
          "(define-fun next_main ((pc Loc) (x Int) (pc1 Loc) (x1 Int)) Bool\n (cfg_trans2 pc l0 pc1 l0 (> x true)))",
       "line 4: argument 2 of '>' must be Int"},
      {0, "(declare-const l0 Loc)\n(define-fun init_main ((pc Loc) (x Int)) Bool (cfg_init pc l0 true))\n"
          "(define-fun next_main ((pc Loc) (x Int) (pc1 Loc) (x1 Int)) Bool\n (cfg_trans2 pc l0 pc1 l0 (foo x)))",
       "line 4: unknown operator 'foo'"},
      {0, "(declare-const l0 Loc)\n(define-fun init_main ((pc Loc) (x Int)) Bool (cfg_init pc l0 true))\n"
          "(define-fun next_main ((pc Loc) (x Int) (pc1 Loc) (x1 Int)) Bool\n (cfg_trans3 pc l0 pc1 l0 pc1 l0 true))",
       "cfg_trans3"},
      {0, "(declare-const l0 Loc)\n(define-fun init_main ((pc Loc) (x Int)) Bool (cfg_init pc l0 true))\n"
          "(define-fun next_main ((pc Loc) (x Int) (pc1 Loc)) Bool\n true)",
       "line 3: next_main needs"},
      {1, "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x - ) \n)", "line 5:"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x, x)\n)", "line 4: 'f' has 2 arguments"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x + 1) -> f(x)\n)", "line 4: left-hand side"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(w)\n)", "line 4: undeclared variable 'w'"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x) :|: x + 1\n)", "line 4: expected a Boolean"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x / 2)\n)", "line 4: operator '/'"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x) @\n)", "line 4: unexpected character"},
      {1, "(VAR x)\n(RULES\n f(x) -> f(x)\n)", "RULES before STARTTERM"},
      {1, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x)\n(RULES\n f(x) -> f(x ^ 99)\n)", "line 4: exponent"},
      {2, "(format TRS)\n", "line 1: expected (format LCTRS"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(rule (f x) (g x))\n", "line 3: expected an application"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(rule (f 1) (f 2))\n", "line 3: left-hand side"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(fun g (-> Int Int Int))\n", "line 3: 'g' has arity 2"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(rule (f x) (f x) :guard (+ x 1))\n", "line 3: guard is not Boolean"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(entrypoint h)\n", "line 3: unknown entrypoint"},
      {2, "(format LCTRS)\n(fun f (-> Int Int))\n(rule (f x) (f (f x)))\n", "line 3: nested function symbol"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    smt_ctx *c = smt_ctx_new();
    char err[200] = "";
    its *s = parse(c, bad[i].fmt, bad[i].text, err, sizeof err);
    CHECK_MSG(s == NULL, "case %zu parsed", i);
    CHECK_MSG(strncmp(err, "line ", 5) == 0 && strstr(err, bad[i].msg) != NULL, "case %zu: '%s'", i, err);
    its_free(s);
    smt_ctx_free(c);
  }
}

/* Deep nesting, truncations and byte flips of the valid texts: NULL or a
 * valid system, never a crash or a hang. */
static void test_hostile(void) {
  const size_t depth = 200000;
  char *deep = xmalloc(2 * depth + 64);
  for (int fmt = 0; fmt < 3; fmt++) {
    smt_ctx *c = smt_ctx_new();
    char err[200];
    size_t k = 0;
    if (fmt == 1) k = (size_t)sprintf(deep, "(STARTTERM (FUNCTIONSYMBOLS f))\n(RULES f(x) -> f(x) :|: ");
    for (size_t i = 0; i < depth; i++) deep[k++] = fmt == 1 ? '!' : '(';
    deep[k] = 0;
    CHECK(parse(c, fmt, deep, err, sizeof err) == NULL && strncmp(err, "line ", 5) == 0);
    smt_ctx_free(c);
  }
  free(deep);
  /* long products of sums: built as one n-ary product, quickly */
  {
    smt_ctx *c = smt_ctx_new();
    char err[200];
    strbuf b = {0};
    strbuf_printf(&b, "(format LCTRS)\n(fun f (-> Int Int Bool))\n(rule (f x y) (f ");
    for (int i = 0; i < 60; i++) strbuf_printf(&b, "(* ");
    strbuf_printf(&b, "(+ x y 1)");
    for (int i = 0; i < 60; i++) strbuf_printf(&b, " (+ x y 1))");
    strbuf_printf(&b, " y))\n");
    its *s = its_parse_ari(c, b.data, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    its_free(s);
    b.len = 0;
    strbuf_printf(&b, "(STARTTERM (FUNCTIONSYMBOLS f))\n(VAR x y)\n(RULES\n f(x, y) -> f((x + y + 1)^64");
    for (int i = 0; i < 60; i++) strbuf_printf(&b, " * (x + y + 1)");
    strbuf_printf(&b, ", y)\n)\n");
    s = its_parse_koat(c, b.data, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    its_free(s);
    strbuf_free(&b);
    smt_ctx_free(c);
  }
  const char *texts[3] = {smt2_text, koat_text, ari_text};
  unsigned seed = 12345;
  int valid = 0;
  for (int fmt = 0; fmt < 3; fmt++) {
    size_t n = strlen(texts[fmt]);
    char *buf = xmalloc(n + 1);
    smt_ctx *c = smt_ctx_new();
    for (size_t cut = 0; cut <= n; cut++) {
      memcpy(buf, texts[fmt], cut);
      buf[cut] = 0;
      char err[200];
      its *s = parse(c, fmt, buf, err, sizeof err);
      if (s) {
        valid++;
        CHECK(its_validate(s, err, sizeof err));
      } else {
        CHECK(strncmp(err, "line ", 5) == 0);
      }
      its_free(s);
    }
    static const char junk[] = "()|;\"-+*<=>&!:,x0 \n";
    for (int round = 0; round < 400; round++) {
      memcpy(buf, texts[fmt], n + 1);
      for (int j = 0; j < 3; j++) {
        seed = seed * 1103515245u + 12345u;
        size_t pos = (seed >> 8) % n;
        seed = seed * 1103515245u + 12345u;
        buf[pos] = junk[(seed >> 8) % (sizeof junk - 1)];
      }
      char err[200];
      its *s = parse(c, fmt, buf, err, sizeof err);
      if (s) CHECK(its_validate(s, err, sizeof err));
      else CHECK(strncmp(err, "line ", 5) == 0);
      its_free(s);
    }
    smt_ctx_free(c);
    free(buf);
  }
  CHECK(valid > 0);
}

/* Every format printed and read back gives an equal system, also across
 * formats (read A, print B, read B, print C, read C). */
static void test_round_trips(void) {
  const char *texts[3] = {smt2_text, koat_text, ari_text};
  for (int src = 0; src < 3; src++) {
    smt_ctx *c = smt_ctx_new();
    char err[200];
    its *s = parse(c, src, texts[src], err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s) continue;
    for (int f1 = 0; f1 < 3; f1++) {
      strbuf b = {0};
      CHECK_MSG(print_fmt(s, f1, &b, err, sizeof err), "%s", err);
      its *t = parse(c, f1, b.data, err, sizeof err);
      CHECK_MSG(t != NULL && its_equal(s, t), "source %d via %d: %s\n%s", src, f1, t ? "differs" : err, b.data);
      for (int f2 = 0; t && f2 < 3; f2++) {
        strbuf b2 = {0};
        CHECK(print_fmt(t, f2, &b2, err, sizeof err));
        its *u = parse(c, f2, b2.data, err, sizeof err);
        CHECK_MSG(u != NULL && its_equal(s, u), "source %d via %d via %d", src, f1, f2);
        its_free(u);
        strbuf_free(&b2);
      }
      its_free(t);
      strbuf_free(&b);
    }
    its_free(s);
    smt_ctx_free(c);
  }
  /* KoAT cannot say ite: the writer refuses */
  smt_ctx *c = smt_ctx_new();
  char err[200];
  its *s = its_parse_ari(c, "(format LCTRS)\n(fun f (-> Int Bool))\n(rule (f x) (f (ite (> x 0) 1 2)))\n", err,
                         sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  strbuf b = {0};
  CHECK(s && !its_print_koat(s, &b, err, sizeof err) && strstr(err, "ite"));
  strbuf_free(&b);
  its_free(s);
  smt_ctx_free(c);
}

int main(void) {
  test_structure();
  test_smt2();
  test_koat();
  test_ari();
  test_malformed();
  test_hostile();
  test_round_trips();
  return TEST_SUMMARY();
}
