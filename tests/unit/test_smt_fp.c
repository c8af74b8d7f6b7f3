/* Floating point on bit patterns (SMT_FP_* kinds, smt/z3_fp.c): every
 * operation on constants, decided by the solver, against the host's IEEE
 * arithmetic (C11 with round to nearest even, x86-64 SSE); NaN results are
 * some quiet NaN, not one pattern; out-of-range conversions are any value. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smt/smt.h"
#include "test_util.h"

static smt_ctx *ctx;
static smt_solver *sv;

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static uint64_t dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static smt_term F(float f) { return smt_mk_bv(ctx, 32, fbits(f)); }
static smt_term D(double d) { return smt_mk_bv(ctx, 64, dbits(d)); }

/* The value of a BV term over constants: 1 with *out when it is the only
 * value, 2 when another one is possible too, 0 when the solver fails. */
static int value_of(smt_term t, uint64_t *out) {
  smt_term v = smt_mk_fresh(ctx, "v", smt_term_sort(ctx, t));
  smt_solver_push(sv);
  smt_solver_assert(sv, smt_mk_eq(ctx, v, t));
  int r = 0;
  if (smt_solver_check(sv, budget_queries(budget_unlimited(), 20000)) == SMT_SAT) {
    smt_term val = smt_solver_value(sv, v);
    mpz_srcptr z = smt_term_value(ctx, val);
    *out = (uint64_t)mpz_get_ui(z);
    if (mpz_sizeinbase(z, 2) > 32) { /* mpz_get_ui may be 32 bits wide */
      mpz_t hi;
      mpz_init(hi);
      mpz_tdiv_q_2exp(hi, z, 32);
      *out = ((uint64_t)mpz_get_ui(hi) << 32) | (mpz_get_ui(z) & 0xffffffffu);
      mpz_clear(hi);
    }
    smt_solver_assert(sv, smt_mk_not(ctx, smt_mk_eq(ctx, v, val)));
    smt_result again = smt_solver_check(sv, budget_queries(budget_unlimited(), 20000));
    r = again == SMT_UNSAT ? 1 : again == SMT_SAT ? 2 : 0;
  }
  smt_solver_pop(sv, 1);
  return r;
}

/* t has exactly the value expect. */
static bool is_value(smt_term t, uint64_t expect) {
  uint64_t got = 0;
  int r = value_of(t, &got);
  if (r != 1 || got != expect)
    fprintf(stderr, "  value_of: %d, got %#llx, expected %#llx\n", r, (unsigned long long)got,
            (unsigned long long)expect);
  return r == 1 && got == expect;
}

/* The Bool t is valid (true whatever the open choices). */
static bool valid(smt_term t) {
  smt_solver_push(sv);
  smt_solver_assert(sv, smt_mk_not(ctx, t));
  bool ok = smt_solver_check(sv, budget_queries(budget_unlimited(), 20000)) == SMT_UNSAT;
  smt_solver_pop(sv, 1);
  return ok;
}

static void test_arith(void) {
  volatile float a = 0.1f, b = 0.2f;
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_ADD, F(a), F(b)), fbits(a + b)));
  volatile double x = 0.1, y = 0.2;
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_ADD, D(x), D(y)), dbits(x + y)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_SUB, D(x), D(y)), dbits(x - y)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MUL, F(a), F(3.0f)), fbits(a * 3.0f)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_DIV, D(1.0), D(3.0)), dbits(1.0 / 3.0)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_DIV, D(1.0), D(0.0)), dbits(INFINITY)));
  CHECK(is_value(smt_mk_fp_op1(ctx, SMT_FP_SQRT, D(2.0)), dbits(sqrt(2.0))));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_REM, D(5.0), D(3.0)), dbits(remainder(5.0, 3.0))));
  /* 0.1f added ten times is not 1.0f */
  smt_term s = F(0.0f);
  volatile float h = 0.0f;
  for (int i = 0; i < 10; i++) {
    s = smt_mk_fp_op2(ctx, SMT_FP_ADD, s, F(0.1f));
    h += 0.1f;
  }
  CHECK(h != 1.0f);
  CHECK(is_value(s, fbits(h)));
  /* random operands against the host */
  uint64_t st = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 12; i++) {
    uint32_t u = (uint32_t)test_xorshift(&st), v = (uint32_t)test_xorshift(&st);
    float fu, fv;
    memcpy(&fu, &u, 4);
    memcpy(&fv, &v, 4);
    if (isnan(fu) || isnan(fv)) continue;
    volatile float p = fu * fv, q = fu / fv, r = fu + fv;
    if (!isnan(p)) CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MUL, F(fu), F(fv)), fbits(p)));
    if (!isnan(q)) CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_DIV, F(fu), F(fv)), fbits(q)));
    if (!isnan(r)) CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_ADD, F(fu), F(fv)), fbits(r)));
  }
}

static void test_nan(void) {
  smt_term nan = F(NAN), one = F(1.0f);
  CHECK(valid(smt_mk_fp_op1(ctx, SMT_FP_ISNAN, nan)));
  CHECK(valid(smt_mk_not(ctx, smt_mk_fp_op2(ctx, SMT_FP_EQ, nan, nan))));
  CHECK(valid(smt_mk_not(ctx, smt_mk_fp_op2(ctx, SMT_FP_LT, nan, one))));
  CHECK(valid(smt_mk_not(ctx, smt_mk_fp_op2(ctx, SMT_FP_LEQ, one, nan))));
  CHECK(valid(smt_mk_fp_op2(ctx, SMT_FP_EQ, F(-0.0f), F(0.0f))));
  CHECK(valid(smt_mk_fp_op2(ctx, SMT_FP_LT, F(-1.0f), one)));
  /* a signalling NaN pattern is a NaN too */
  CHECK(valid(smt_mk_fp_op1(ctx, SMT_FP_ISNAN, smt_mk_bv(ctx, 32, 0x7f800001u))));
  /* 0/0 is some quiet NaN: x86 gives 0xffc00000, Z3 might pick 0x7fc00000,
   * neither is promised */
  smt_term q = smt_mk_fp_op2(ctx, SMT_FP_DIV, F(0.0f), F(0.0f));
  uint64_t v;
  CHECK(value_of(q, &v) == 2);
  CHECK(valid(smt_mk_fp_op1(ctx, SMT_FP_ISNAN, q)));
  smt_term qm = smt_mk_bv(ctx, 32, 0x7fc00000u);
  CHECK(valid(smt_mk_eq(ctx, smt_mk_bv_op2(ctx, SMT_BV_AND, q, qm), qm)));
  CHECK(!valid(smt_mk_eq(ctx, q, qm)));
  CHECK(!valid(smt_mk_eq(ctx, q, smt_mk_bv(ctx, 32, 0xffc00000u))));
  /* NaN + 1 is a NaN */
  CHECK(valid(smt_mk_fp_op1(ctx, SMT_FP_ISNAN, smt_mk_fp_op2(ctx, SMT_FP_ADD, nan, one))));
}

static void test_conversions(void) {
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, D(3.7), 32), 3));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, D(-3.7), 32), (uint32_t)-3));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_UBV, F(3.7f), 8), 3));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_UBV, F(-0.5f), 8), 0));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, D(-2147483648.0), 32), 0x80000000u));
  uint64_t v;
  /* out of range, NaN: any value */
  CHECK(value_of(smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, D(2147483648.0), 32), &v) == 2);
  CHECK(value_of(smt_mk_fp_conv(ctx, SMT_FP_TO_UBV, F(-1.0f), 32), &v) == 2);
  CHECK(value_of(smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, F(NAN), 16), &v) == 2);
  CHECK(value_of(smt_mk_fp_conv(ctx, SMT_FP_TO_UBV, F(256.0f), 8), &v) == 2);
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_FP_TO_UBV, F(255.9f), 8), 255));
  volatile int imax = INT_MAX;
  volatile float fimax = (float)imax;
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_SBV_TO_FP, smt_mk_bv(ctx, 32, (uint32_t)imax), 32), fbits(fimax)));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_SBV_TO_FP, smt_mk_bv(ctx, 32, 0xffffffffu), 64), dbits(-1.0)));
  volatile uint64_t umax = UINT64_MAX;
  volatile double dumax = (double)umax;
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_UBV_TO_FP, smt_mk_bv(ctx, 64, umax), 64), dbits(dumax)));
  CHECK(is_value(smt_mk_fp_conv(ctx, SMT_UBV_TO_FP, smt_mk_bv(ctx, 1, 1), 32), fbits(1.0f)));
  volatile float tenth = 0.1f;
  volatile double dtenth = 0.1;
  CHECK(is_value(smt_mk_fp_op1(ctx, SMT_FP_EXT, F(tenth)), dbits((double)tenth)));
  CHECK(is_value(smt_mk_fp_op1(ctx, SMT_FP_TRUNC, D(dtenth)), fbits((float)dtenth)));
  CHECK(is_value(smt_mk_fp_op1(ctx, SMT_FP_TRUNC, D(1e300)), fbits(INFINITY)));
}

static void test_rounding(void) {
  CHECK(is_value(smt_mk_fp_round(ctx, D(-1.5), SMT_RM_RTN), dbits(floor(-1.5))));
  CHECK(is_value(smt_mk_fp_round(ctx, D(-1.5), SMT_RM_RTP), dbits(ceil(-1.5))));
  CHECK(is_value(smt_mk_fp_round(ctx, D(-1.5), SMT_RM_RTZ), dbits(trunc(-1.5))));
  CHECK(is_value(smt_mk_fp_round(ctx, D(2.5), SMT_RM_RNA), dbits(3.0)));
  CHECK(is_value(smt_mk_fp_round(ctx, D(2.5), SMT_RM_RNE), dbits(2.0)));
  CHECK(is_value(smt_mk_fp_round(ctx, F(-0.4f), SMT_RM_RNA), fbits(roundf(-0.4f)))); /* -0 */
  CHECK(is_value(smt_mk_fp_round(ctx, F(3.5f), SMT_RM_RNE), fbits(rintf(3.5f))));
}

static void test_minmax(void) {
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MIN, D(NAN), D(1.0)), dbits(fmin(NAN, 1.0))));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MAX, D(2.0), D(NAN)), dbits(2.0)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MIN, D(-3.0), D(1.0)), dbits(-3.0)));
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MAX, F(-3.0f), F(1.0f)), fbits(1.0f)));
  uint64_t v;
  CHECK(value_of(smt_mk_fp_op2(ctx, SMT_FP_MIN, D(-0.0), D(0.0)), &v) == 2);
  CHECK(v == dbits(0.0) || v == dbits(-0.0));
  /* a signalling NaN operand: libms differ (the other operand, or a NaN) */
  smt_term snan = smt_mk_bv(ctx, 32, 0x7f800001u);
  CHECK(value_of(smt_mk_fp_op2(ctx, SMT_FP_MIN, snan, F(1.0f)), &v) == 2);
  CHECK(value_of(smt_mk_fp_op2(ctx, SMT_FP_MAX, F(1.0f), snan), &v) == 2);
  /* a quiet NaN with a payload is still quiet: the other operand */
  CHECK(is_value(smt_mk_fp_op2(ctx, SMT_FP_MAX, smt_mk_bv(ctx, 32, 0xffc01234u), F(1.0f)), fbits(1.0f)));
}

/* Terms: sorts, parameters through simplify and subst, no folding, printing. */
static void test_terms(void) {
  smt_term x = smt_mk_var(ctx, "x", smt_sort_bv(32));
  smt_term r = smt_mk_fp_round(ctx, x, SMT_RM_RTN);
  CHECK(smt_term_kind(ctx, r) == SMT_FP_ROUND && smt_fp_round_mode(ctx, r) == SMT_RM_RTN);
  CHECK(smt_mk_fp_round(ctx, x, SMT_RM_RTP) != r);
  smt_term c = smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, x, 16);
  CHECK(smt_bv_width(ctx, c) == 16);
  CHECK(smt_term_sort(ctx, smt_mk_fp_op2(ctx, SMT_FP_LT, x, x)) == SMT_SORT_BOOL);
  smt_term one = F(1.0f);
  smt_term rs = smt_subst(ctx, r, 1, &x, &one);
  CHECK(smt_term_kind(ctx, rs) == SMT_FP_ROUND && smt_fp_round_mode(ctx, rs) == SMT_RM_RTN);
  CHECK(smt_simplify(ctx, c) == c);
  /* no folding: x - x is not 0 for floats (NaN, infinities) */
  smt_term d = smt_mk_fp_op2(ctx, SMT_FP_SUB, x, x);
  CHECK(smt_term_kind(ctx, d) == SMT_FP_SUB);
  CHECK(!valid(smt_mk_eq(ctx, d, F(0.0f))));
  mpz_t out;
  mpz_init(out);
  CHECK(!smt_eval(ctx, smt_mk_fp_op2(ctx, SMT_FP_ADD, one, one), 0, NULL, NULL, out));
  mpz_clear(out);
  strbuf b = {0};
  smt_term q = smt_mk_and2(ctx, smt_mk_fp_op2(ctx, SMT_FP_LT, smt_mk_fp_op2(ctx, SMT_FP_ADD, x, one), x),
                           smt_mk_eq(ctx, c, smt_mk_fp_conv(ctx, SMT_FP_TO_SBV, smt_mk_fp_round(ctx, x, SMT_RM_RNA), 16)));
  smt_print_query(ctx, &b, 1, &q);
  CHECK(b.data && strstr(b.data, "(define-fun .fp.add.32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32)"));
  CHECK(b.data && strstr(b.data, "(define-fun .fp.round.rna.32"));
  CHECK(b.data && strstr(b.data, "(define-fun .fp.to_sbv.32.16"));
  CHECK(b.data && strstr(b.data, "(.fp.lt.32 (.fp.add.32 x"));
  strbuf_free(&b);
}

int main(void) {
  ctx = smt_ctx_new();
  sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
  test_arith();
  test_nan();
  test_conversions();
  test_rounding();
  test_minmax();
  test_terms();
  smt_solver_free(sv);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
