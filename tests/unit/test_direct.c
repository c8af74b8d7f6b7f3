/* Unit tests of the direct translation (src/direct): verdicts of the ITS
 * back end on the translations of the seeds' examples and of small
 * programs, slicing and liveness (variables of the ITS), assumptions,
 * refusals, indirect calls (a choice among the shared lookup's candidates,
 * recursion through a pointer, exactness), and a randomized soundness check of the bitvector encoding:
 * for random straight-line i8/i16 computations with pinned inputs, the
 * guard of the transition that the concrete result (computed with
 * ir_arith) takes must be satisfiable. Inputs in C are written to
 * temporary files under /tmp and removed again. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "direct/direct.h"
#include "c_fixture.h"
#include "frontend/frontend.h"
#include "ir/ir_arith.h"
#include "its/prove.h"
#include "smt/smt.h"
#include "test_util.h"

/* ---- helpers ------------------------------------------------------------ */

typedef struct {
  bool translated, yes;
  direct_info info;
  uint32_t nvars, ntrans;
  char err[512];
} outcome;

/* Translates and proves; the ITS's variable names go to names (if any). */
static outcome run_c(const char *text, strbuf *names) {
  outcome o = {0};
  ir_module *m = load_c_text(text, 64);
  if (!m) return o;
  smt_ctx *ctx = smt_ctx_new();
  its *s = direct_translate(m, ctx, &o.info, o.err, sizeof o.err);
  if (s) {
    o.translated = true;
    o.nvars = s->nvars;
    o.ntrans = (uint32_t)s->trans.len;
    if (names)
      for (uint32_t v = 0; v < s->nvars; v++) strbuf_printf(names, "%s ", s->var_names[v]);
    strbuf out = {0};
    o.yes = its_prove(s, budget_queries(budget_unlimited(), 10000), &out) == ITS_PROVE_YES;
    strbuf_free(&out);
    its_free(s);
  }
  smt_ctx_free(ctx);
  ir_module_free(m);
  return o;
}

#define NONDET "extern int __VERIFIER_nondet_int(void); extern unsigned __VERIFIER_nondet_uint(void);\n"

/* ---- verdicts --------------------------------------------------------------- */

static void test_seed_examples(void) {
  /* seed 001, f: terminates only because i wraps to a negative value */
  outcome o = run_c(NONDET "int main(void) { int i = __VERIFIER_nondet_int();\n"
                           "  while (i > 0) i = (int)((unsigned)i + 1u); return 0; }\n",
                    NULL);
  CHECK(o.translated && o.yes);
  CHECK(!o.info.assumes_memory_safe);
  /* seed 001, g: j = INT_MAX makes it loop forever */
  o = run_c(NONDET "int main(void) { int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
                   "  while (i <= j) i = (int)((unsigned)i + 1u); return 0; }\n",
            NULL);
  CHECK(o.translated && !o.yes);
  /* seed 000, f: x = UINT_MAX makes it loop forever */
  o = run_c(NONDET "int main(void) { unsigned x = __VERIFIER_nondet_uint(), j = 0;\n"
                   "  while (j <= x) j++; return 0; }\n",
            NULL);
  CHECK(o.translated && !o.yes);
  /* seed 000, g: terminates by wrapping to 0 */
  o = run_c(NONDET "int main(void) { unsigned j = __VERIFIER_nondet_uint();\n"
                   "  while (j > 0) j++; return 0; }\n",
            NULL);
  CHECK(o.translated && o.yes);
  CHECK(o.info.dead_end_removed >= 1);
  /* the same with signed nsw increments: terminates under the no-UB reading */
  o = run_c(NONDET "int main(void) { int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
                   "  while (i <= j) i++; return 0; }\n",
            NULL);
  CHECK(o.translated && o.yes && o.info.assumes_no_ub);
}

static void test_small_programs(void) {
  /* a counter that wraps: i += 2 never passes an odd bound */
  outcome o = run_c(NONDET "int main(void) { unsigned n = __VERIFIER_nondet_uint();\n"
                           "  for (unsigned i = 0; i < n; i += 2) ; return 0; }\n",
                    NULL);
  CHECK(o.translated && !o.yes);
  /* signed char wrap through sext / add nsw i32 / trunc */
  o = run_c(NONDET "int main(void) { signed char c = (signed char)__VERIFIER_nondet_int();\n"
                   "  while (c > 0) c++; return 0; }\n",
            NULL);
  CHECK(o.translated && o.yes);
  /* nested loops, inlined call */
  o = run_c(NONDET "static int dec(int x) { return x - 1; }\n"
                   "int main(void) { int n = __VERIFIER_nondet_int(), s = 0;\n"
                   "  for (int i = 0; i < n; i++) for (int j = 0; j < i; j = j + 1) s = j;\n"
                   "  while (n > 0) n = dec(n); return s; }\n",
            NULL);
  CHECK(o.translated && o.yes);
  CHECK(o.info.inlined_calls == 1);
  /* recursion: abstracted, still terminating */
  o = run_c(NONDET "int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }\n"
                   "int main(void) { int n = __VERIFIER_nondet_int(); if (n > 100) return 0; return f(n); }\n",
            NULL);
  CHECK(o.translated && o.yes && o.info.recursion_abstracted);
  /* non-terminating recursion is never proved */
  o = run_c(NONDET "int f(int n) { return n == 0 ? 0 : f(n) + 1; }\n"
                   "int main(void) { return f(__VERIFIER_nondet_int()); }\n",
            NULL);
  CHECK(o.translated && !o.yes);
  /* a global counter is a variable */
  o = run_c("int g; int main(void) { while (g < 10) g++; return 0; }\n", NULL);
  CHECK(o.translated && o.yes && o.info.tracked_globals == 1 && !o.info.assumes_memory_safe);
  /* a malloc'd and an address-taken cell are variables */
  o = run_c("#include <stdlib.h>\n" NONDET "int main(void) { int *p = malloc(sizeof *p); int x = 5; int *q = &x;\n"
            "  *p = __VERIFIER_nondet_int(); while (*p >= 0) (*p)--; while (*q > 0) *q = *q - 1; free(p); return 0; }\n",
            NULL);
  CHECK(o.translated && o.yes && !o.info.assumes_memory_safe);
  /* a loop on memory: abstracted, no proof, memory assumption recorded */
  o = run_c("int main(void) { int a[2] = {1, 1}; int i = 0; while (a[i] > 0) i = 1 - i; return 0; }\n", NULL);
  CHECK(o.translated && !o.yes && o.info.assumes_memory_safe);
  /* division and remainder by constants, bitwise masks */
  o = run_c(NONDET "int main(void) { unsigned x = __VERIFIER_nondet_uint();\n"
                   "  while (x > 0) x = x / 2; int y = __VERIFIER_nondet_int();\n"
                   "  while (y > 7) y = y >> 1; return 0; }\n",
            NULL);
  CHECK(o.translated && o.yes);
  /* x = x * 2 in unsigned arithmetic can reach 0 and then loop forever */
  o = run_c(NONDET "int main(void) { unsigned x = __VERIFIER_nondet_uint();\n"
                   "  while (x != 1) x = x * 2u; return 0; }\n",
            NULL);
  CHECK(o.translated && !o.yes);
}

/* ---- slicing, liveness, refusals ---------------------------------------------- */

static void test_slicing(void) {
  strbuf names = {0};
  /* s and t do not influence control flow: sliced away */
  outcome o = run_c(NONDET "int main(void) { int n = __VERIFIER_nondet_int(), s = 0, t = 1;\n"
                           "  for (int i = 0; i < n; i++) { s = s + i; t = t * 3; } return s + t; }\n",
                    &names);
  CHECK(o.translated && o.yes);
  CHECK_MSG(o.nvars == 2, "variables: %s", names.data ? names.data : "");
  CHECK(o.info.sliced_values >= 4);
  strbuf_free(&names);
}

static void test_refusals(void) {
  outcome o = run_c("extern int ext(int); int main(void) { int i = 0; while (i < ext(i)) i++; return 0; }\n", NULL);
  CHECK(!o.translated && strstr(o.err, "ext"));
  /* an indirect call whose pointer no address-taken function fits: it may point anywhere */
  o = run_c("int main(void) { long a = __VERIFIER_nondet_long(); int (*p)(int) = (int (*)(int))a;\n"
            "  int i = 0; while (i < p(i)) i++; return 0; }\n"
            "extern long __VERIFIER_nondet_long(void);\n",
            NULL);
  CHECK_MSG(!o.translated && strstr(o.err, "indirect call") && strstr(o.err, "no function whose address"), "%s", o.err);
  /* a pointer from an external global may be a function outside the program */
  o = run_c("int one(void) { return 1; } extern int (*hook)(void); int (*mine)(void) = one;\n"
            "int main(void) { int i = 0; while (i < hook()) i++; return mine(); }\n",
            NULL);
  CHECK_MSG(!o.translated && strstr(o.err, "indirect call") && strstr(o.err, "hook"), "%s", o.err);
  /* a target without a body */
  o = run_c("extern int ext(void); int main(void) { int (*volatile p)(void) = ext;\n"
            "  int i = 0; while (i < p()) i++; return 0; }\n",
            NULL);
  CHECK_MSG(!o.translated && strstr(o.err, "indirect call") && strstr(o.err, "'ext'"), "%s", o.err);
}

/* ---- indirect calls (issue 40) -------------------------------------------------------- */

/* direct_info_exact of the translation with mathematical integers. */
static bool exact_math(const char *text) {
  ir_module *m = load_c_text(text, 64);
  if (!m) return false;
  smt_ctx *ctx = smt_ctx_new();
  direct_info info;
  char err[512];
  its *s = direct_translate_sem(m, ctx, DIRECT_INT_MATH, budget_unlimited(), &info, err, sizeof err);
  bool exact = s && direct_info_exact(&info);
  if (s) its_free(s);
  smt_ctx_free(ctx);
  ir_module_free(m);
  return exact;
}

static void test_indirect_calls(void) {
  /* a table of handlers called in a loop: each candidate decreases x */
  outcome o = run_c(NONDET "static int dec(int x) { return x - 1; } static int half(int x) { return x / 2; }\n"
                           "static int (*const tab[2])(int) = {dec, half};\n"
                           "int main(void) { int x = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int() & 1;\n"
                           "  while (x > 0) x = tab[k](x); return 0; }\n",
                    NULL);
  CHECK_MSG(o.translated && o.yes, "%s", o.err);
  CHECK(o.info.indirect_calls == 1 && o.info.indirect_choices == 1 && o.info.inlined_calls == 2);
  strbuf a = {0};
  direct_info_assumptions(&o.info, &a);
  CHECK(a.data && strstr(a.data, "indirect call"));
  strbuf_free(&a);
  /* one candidate that does not decrease x: no proof */
  o = run_c(NONDET "static int dec(int x) { return x - 1; } static int id(int x) { return x; }\n"
                   "static int (*const tab[2])(int) = {dec, id};\n"
                   "int main(void) { int x = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int() & 1;\n"
                   "  while (x > 0) x = tab[k](x); return 0; }\n",
            NULL);
  CHECK(o.translated && !o.yes);
  /* candidates are every address-taken function of the type, here also
   * id, whose address is only compared with: the choice includes it */
  o = run_c(NONDET "static int dec(int x) { return x - 1; } static int id(int x) { return x; }\n"
                   "int main(void) { int (*volatile p)(int) = dec; int x = __VERIFIER_nondet_int();\n"
                   "  if (p == id) return 1; while (x > 0) x = p(x); return 0; }\n",
            NULL);
  CHECK_MSG(o.translated && !o.yes && o.info.inlined_calls == 2, "%s: inlined %u", o.err, o.info.inlined_calls);
  /* a pointer computed in registers (a choice of two addresses) narrows the
   * candidates to those addresses: id, called through another pointer,
   * is not one of this call's targets */
  o = run_c(NONDET "static int dec(int x) { return x - 1; } static int half(int x) { return x / 2; }\n"
                   "static int id(int x) { return x; }\n"
                   "int main(void) { int (*volatile other)(int) = id; int x = other(__VERIFIER_nondet_int());\n"
                   "  int (*p)(int) = __VERIFIER_nondet_int() ? dec : half;\n"
                   "  while (x > 0) x = p(x); return 0; }\n",
            NULL);
  CHECK_MSG(o.translated && o.yes && o.info.indirect_calls == 2 && o.info.inlined_calls == 5, "%s: inlined %u",
            o.err, o.info.inlined_calls);
  /* recursion through a function pointer is abstracted as direct recursion */
  o = run_c(NONDET "static int f(int n); static int (*volatile fp)(int) = f;\n"
                   "static int f(int n) { if (n <= 0) return 0; return fp(n - 1) + 1; }\n"
                   "int main(void) { int n = __VERIFIER_nondet_int(); if (n > 100) return 0; return f(n); }\n",
            NULL);
  CHECK_MSG(o.translated && o.yes && o.info.recursion_abstracted, "%s", o.err);
  o = run_c(NONDET "static int f(int n); static int (*volatile fp)(int) = f;\n"
                   "static int f(int n) { return n == 0 ? 0 : fp(n) + 1; }\n"
                   "int main(void) { return f(__VERIFIER_nondet_int()); }\n",
            NULL);
  CHECK(o.translated && !o.yes && o.info.recursion_abstracted);
  /* builtins as targets: a draw, and a function that ends the run */
  o = run_c(NONDET "int main(void) { int (*volatile g)(void) = __VERIFIER_nondet_int; int x = g();\n"
                   "  while (x > 0) x--; return 0; }\n",
            NULL);
  CHECK_MSG(o.translated && o.yes, "%s", o.err);
  o = run_c("#include <stdlib.h>\nint main(void) { void (*volatile h)(void) = abort; while (1) h(); }\n", NULL);
  CHECK_MSG(o.translated && o.yes, "%s", o.err);
  /* exactness: a choice the ITS makes freely is not exact; the same
   * program with the call made directly is */
  CHECK(!exact_math(NONDET "static int dec(int x) { return x - 1; } static int inc(int x) { return x + 1; }\n"
                           "int main(void) { int (*p)(int) = __VERIFIER_nondet_int() ? dec : inc;\n"
                           "  int x = __VERIFIER_nondet_int(); while (x > 0) x = p(x); return 0; }\n"));
  CHECK(exact_math(NONDET "static int dec(int x) { return x - 1; } static int inc(int x) { return x + 1; }\n"
                          "int main(void) { int b = __VERIFIER_nondet_int();\n"
                          "  int x = __VERIFIER_nondet_int(); while (x > 0) x = b ? dec(x) : inc(x); return 0; }\n"));
}

/* ---- the mathematical reading: division by constants, negative constants ---------------- */

static void test_math_reading(void) {
  /* x / k, x % k for a constant k: exact (fresh quotient and remainder) */
  CHECK(exact_math(NONDET "int main(void) { int x = __VERIFIER_nondet_int();\n"
                          "  while (x > 0) x = x / 2 - (x % 3); return 0; }\n"));
  CHECK(exact_math(NONDET "int main(void) { int x = __VERIFIER_nondet_int();\n"
                          "  while (x > 0) x = x / -3; return 0; }\n"));
  /* ... a variable divisor is not */
  CHECK(!exact_math(NONDET "int main(void) { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
                           "  while (x > 0) x = x / y; return 0; }\n"));
  /* a negative constant met by != on a value used only signed: read as -5 */
  CHECK(exact_math(NONDET "int main(void) { int i = __VERIFIER_nondet_int();\n"
                          "  while (i < 0) { if (i != -5) i = i + 1; } return 0; }\n"));
  /* ... but on a value with unsigned uses too it stays unknown */
  CHECK(!exact_math(NONDET "int main(void) { unsigned i = __VERIFIER_nondet_int();\n"
                           "  while ((int)i < 0) { if (i != -5u && i > 7u) i = i + 1; } return 0; }\n"));
}

/* ---- randomized soundness of the encoding ------------------------------------------- */

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) {
  return test_xorshift(&rng_state);
}

static const ir_opcode BIN[] = {IR_ADD, IR_SUB, IR_MUL, IR_UDIV, IR_SDIV, IR_UREM, IR_SREM,
                                IR_SHL, IR_LSHR, IR_ASHR, IR_AND, IR_OR, IR_XOR};

typedef struct {
  ir_opcode op;
  unsigned flags;
  int lhs, rhs; /* operand: -1 input a, -2 input b, -3 constant, k >= 0 result of step k */
  uint64_t cst;
  int cast; /* 0 none, 1 zext to i16 and back, 2 sext to i16 and back */
} step;

static uint64_t mask8(uint64_t v) { return v & 0xff; }

/* Evaluates the steps on a, b; false when some step has UB. */
static bool eval_steps(const step *st, int n, uint64_t a, uint64_t b, uint64_t *res) {
  uint64_t vals[8];
  for (int k = 0; k < n; k++) {
    uint64_t x = st[k].lhs == -1 ? a : st[k].lhs == -2 ? b : st[k].lhs == -3 ? st[k].cst : vals[st[k].lhs];
    uint64_t y = st[k].rhs == -1 ? a : st[k].rhs == -2 ? b : st[k].rhs == -3 ? st[k].cst : vals[st[k].rhs];
    uint64_t r;
    if (st[k].cast) { /* widen x, operate in i16, truncate */
      uint64_t wx = st[k].cast == 1 ? mask8(x) : (uint64_t)(int64_t)ir_sext(x, 8) & 0xffff;
      uint64_t wy = st[k].cast == 1 ? mask8(y) : (uint64_t)(int64_t)ir_sext(y, 8) & 0xffff;
      if (ir_arith_binary(st[k].op, st[k].flags, 16, wx, wy, &r) != IR_ARITH_OK) return false;
      r = mask8(r);
    } else if (ir_arith_binary(st[k].op, st[k].flags, 8, x, y, &r) != IR_ARITH_OK) {
      return false;
    }
    vals[k] = r;
  }
  *res = vals[n - 1];
  return true;
}

/* main: a = nondet, b = nondet, assume(a == A), assume(b == B), the steps,
 * if (r == K) loop forever else return. */
static ir_module *build_steps(const step *st, int n, uint64_t A, uint64_t B, uint64_t K) {
  ir_module *m = ir_module_new(64, "random");
  ir_type i8 = ir_type_int(8), i16 = ir_type_int(16), i1 = ir_type_int(1), i32 = ir_type_int(32);
  uint32_t nd = ir_func_add(m, "__VERIFIER_nondet_char", i8, 0, NULL, false);
  uint32_t as = ir_func_add(m, "__VERIFIER_assume", ir_type_void(), 1, &i32, false);
  uint32_t mainf = ir_func_add(m, "main", i32, 0, NULL, false);
  ir_builder b;
  ir_build_begin(&b, m, mainf);
  uint32_t entry = ir_build_new_block(&b, "entry"), loop = ir_build_new_block(&b, "loop"),
           done = ir_build_new_block(&b, "done");
  ir_loc L = ir_loc_none();
  ir_build_block(&b, entry);
  ir_value a = ir_inst_val(i8, ir_emit_call(&b, nd, i8, 0, NULL, L));
  ir_value bv = ir_inst_val(i8, ir_emit_call(&b, nd, i8, 0, NULL, L));
  ir_value ca = ir_inst_val(i1, ir_emit_icmp(&b, IR_EQ, a, ir_const(i8, A), L));
  ir_value za = ir_inst_val(i32, ir_emit_cast(&b, IR_ZEXT, i32, ca, L));
  ir_emit_call(&b, as, ir_type_void(), 1, &za, L);
  ir_value cb = ir_inst_val(i1, ir_emit_icmp(&b, IR_EQ, bv, ir_const(i8, B), L));
  ir_value zb = ir_inst_val(i32, ir_emit_cast(&b, IR_ZEXT, i32, cb, L));
  ir_emit_call(&b, as, ir_type_void(), 1, &zb, L);
  ir_value vals[8];
  for (int k = 0; k < n; k++) {
    ir_value x = st[k].lhs == -1 ? a : st[k].lhs == -2 ? bv : st[k].lhs == -3 ? ir_const(i8, st[k].cst) : vals[st[k].lhs];
    ir_value y = st[k].rhs == -1 ? a : st[k].rhs == -2 ? bv : st[k].rhs == -3 ? ir_const(i8, st[k].cst) : vals[st[k].rhs];
    if (st[k].cast) {
      ir_opcode ext = st[k].cast == 1 ? IR_ZEXT : IR_SEXT;
      ir_value wx = ir_inst_val(i16, ir_emit_cast(&b, ext, i16, x, L));
      ir_value wy = ir_inst_val(i16, ir_emit_cast(&b, ext, i16, y, L));
      ir_value w = ir_inst_val(i16, ir_emit_binary(&b, st[k].op, st[k].flags, wx, wy, L));
      vals[k] = ir_inst_val(i8, ir_emit_cast(&b, IR_TRUNC, i8, w, L));
    } else {
      vals[k] = ir_inst_val(i8, ir_emit_binary(&b, st[k].op, st[k].flags, x, y, L));
    }
  }
  ir_value c = ir_inst_val(i1, ir_emit_icmp(&b, IR_EQ, vals[n - 1], ir_const(i8, K), L));
  ir_emit_condbr(&b, c, loop, done, L);
  ir_build_block(&b, loop);
  ir_emit_br(&b, loop, L);
  ir_build_block(&b, done);
  ir_value zero = ir_const(i32, 0);
  ir_emit_ret(&b, &zero, L);
  ir_build_finish(&b);
  return m;
}

/* Is the transition into "loop" enabled (its guard satisfiable)? */
static smt_result loop_enabled(ir_module *m, bool *ok) {
  smt_ctx *ctx = smt_ctx_new();
  direct_info info;
  char err[256];
  its *s = direct_translate(m, ctx, &info, err, sizeof err);
  *ok = s != NULL;
  smt_result r = SMT_UNSAT;
  if (s) {
    uint32_t loop = its_find_loc(s, "main_loop");
    smt_term any = SMT_FALSE;
    for (size_t k = 0; k < s->trans.len; k++)
      if (s->trans.data[k].to == loop && s->trans.data[k].from != loop) any = smt_mk_or2(ctx, any, s->trans.data[k].guard);
    r = smt_is_sat(ctx, budget_queries(budget_unlimited(), 5000), any);
    its_free(s);
  }
  smt_ctx_free(ctx);
  return r;
}

static void test_random_encoding(void) {
  int checked = 0, unknown = 0, exact_checked = 0;
  for (int round = 0; round < 400; round++) {
    step st[3];
    int n = 1 + (int)(rnd() % 3);
    bool exact = true; /* add/sub/mul/xor-free steps without flags: the encoding is exact */
    for (int k = 0; k < n; k++) {
      st[k].op = BIN[rnd() % 13];
      st[k].flags = (rnd() % 3 == 0) ? IR_NSW : (rnd() % 5 == 0) ? IR_NUW : 0;
      if (st[k].op == IR_UDIV || st[k].op == IR_SDIV || st[k].op == IR_LSHR || st[k].op == IR_ASHR)
        st[k].flags = 0;
      if (st[k].op > IR_SHL) st[k].flags = 0;
      st[k].lhs = (k == 0 || rnd() % 3 == 0) ? -1 - (int)(rnd() % 2) : (int)(rnd() % (unsigned)k);
      st[k].rhs = (rnd() % 2) ? -3 : -1 - (int)(rnd() % 2);
      st[k].cst = rnd() % 4 == 0 ? rnd() % 8 : rnd() & 0xff;
      st[k].cast = (int)(rnd() % 4 == 0 ? 1 + rnd() % 2 : 0);
      if (!(st[k].op == IR_ADD || st[k].op == IR_SUB) || st[k].flags) exact = false;
    }
    uint64_t A = rnd() & 0xff, B = rnd() & 0xff, r;
    if (rnd() % 4 == 0) A = (rnd() % 2) ? 0x7f : 0x80;
    if (!eval_steps(st, n, A, B, &r)) continue; /* UB: not covered */
    bool ok;
    ir_module *m = build_steps(st, n, A, B, r);
    smt_result sat = loop_enabled(m, &ok);
    ir_module_free(m);
    CHECK(ok);
    if (sat == SMT_UNKNOWN) {
      unknown++;
      continue;
    }
    checked++;
    CHECK_MSG(sat == SMT_SAT, "round %d: %d step(s), first %s flags %u (lhs %d rhs %d cst %llu cast %d), a=%llu b=%llu r=%llu: "
              "the concrete result is excluded", round, n, ir_opcode_name(st[0].op), st[0].flags, st[0].lhs, st[0].rhs,
              (unsigned long long)st[0].cst, st[0].cast, (unsigned long long)A, (unsigned long long)B,
              (unsigned long long)r);
    if (exact) { /* and another value is excluded */
      m = build_steps(st, n, A, B, mask8(r + 1));
      sat = loop_enabled(m, &ok);
      ir_module_free(m);
      if (sat != SMT_UNKNOWN) {
        exact_checked++;
        CHECK_MSG(sat == SMT_UNSAT, "round %d: exact encoding admits r + 1", round);
      }
    }
  }
  CHECK(checked >= 150);
  CHECK(unknown <= checked / 10);
  CHECK(exact_checked >= 5);
}

int main(void) {
  test_seed_examples();
  test_small_programs();
  test_slicing();
  test_refusals();
  test_indirect_calls();
  test_math_reading();
  test_random_encoding();
  return TEST_SUMMARY();
}
