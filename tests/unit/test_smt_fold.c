/* Constant folding of every operator against Z3: for each operator and
 * widths 1, 8, 32, 64, 65 (and a few more), edge and random operands are
 * folded by our simplifier to a constant c, and Z3 checks that the raw term
 * equals c. Checks are batched: one solver call per operator and width
 * asks whether the conjunction of all (= raw c) can be false; if it can,
 * the failing instances are found and printed one by one. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smt/smt.h"
#include "test_util.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
  return test_xorshift(&rng_state);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static smt_ctx *ctx;
static smt_solver *z3, *z3_native;

/* ---- batches ----------------------------------------------------------- */
static VEC(smt_term) batch_raw, batch_val;
static const char *batch_name;
static unsigned batch_width;
static int batches, instances;

static void batch_begin(const char *name, unsigned width) {
  batch_name = name;
  batch_width = width;
  batch_raw.len = batch_val.len = 0;
}

/* raw must fold (through smt_simplify) to a constant. */
static void batch_add(smt_term raw) {
  smt_term v = smt_simplify(ctx, raw);
  bool is_const = smt_term_is_const(ctx, v);
  CHECK_MSG(is_const, "%s width %u: did not fold", batch_name, batch_width);
  if (!is_const) return;
  VEC_PUSH(batch_raw, raw);
  VEC_PUSH(batch_val, v);
}

static void print_term(smt_term t) {
  strbuf b = {0};
  smt_print_term(ctx, &b, t);
  fprintf(stderr, "%s", b.data ? b.data : "");
  strbuf_free(&b);
}

/* Is (= raw val) valid for every instance? */
static void batch_check_with(smt_solver *s) {
  if (!batch_raw.len) return;
  smt_term *eqs = malloc(batch_raw.len * sizeof *eqs);
  for (size_t i = 0; i < batch_raw.len; i++)
    eqs[i] = smt_mk_raw(ctx, SMT_EQ, 2, (smt_term[]){batch_raw.data[i], batch_val.data[i]}, 0, 0);
  smt_term all = batch_raw.len == 1 ? eqs[0] : smt_mk_raw(ctx, SMT_AND, (uint32_t)batch_raw.len, eqs, 0, 0);
  smt_solver_push(s);
  smt_solver_assert(s, smt_mk_raw(ctx, SMT_NOT, 1, &all, 0, 0));
  smt_result r = smt_solver_check(s, budget_unlimited());
  smt_solver_pop(s, 1);
  CHECK_MSG(r == SMT_UNSAT, "%s width %u: Z3%s says %s", batch_name, batch_width,
            s == z3_native ? " (native overflow predicates)" : "", smt_result_name(r));
  if (r != SMT_UNSAT) {
    for (size_t i = 0; i < batch_raw.len; i++) {
      smt_solver_push(s);
      smt_solver_assert(s, smt_mk_raw(ctx, SMT_NOT, 1, &eqs[i], 0, 0));
      smt_result ri = smt_solver_check(s, budget_unlimited());
      smt_solver_pop(s, 1);
      if (ri != SMT_UNSAT) {
        fprintf(stderr, "  mismatch: ");
        print_term(batch_raw.data[i]);
        fprintf(stderr, " folded to ");
        print_term(batch_val.data[i]);
        fprintf(stderr, "\n");
      }
    }
  }
  free(eqs);
  batches++;
  instances += (int)batch_raw.len;
}

static void batch_check(void) { batch_check_with(z3); }
/* Z3's own overflow predicates, cross-checked against our folding. */

/* ---- operands ----------------------------------------------------------------- */
static void set_random_bits(mpz_t v, unsigned w) {
  mpz_set_ui(v, 0);
  for (unsigned i = 0; i < w; i += 32) {
    mpz_mul_2exp(v, v, 32);
    mpz_add_ui(v, v, (unsigned long)(rnd() & 0xffffffffu));
  }
  mpz_fdiv_r_2exp(v, v, w);
}

/* Edge values of width w, then n random ones (some small, some with few bits). */
static size_t bv_operands(unsigned w, smt_term *out, size_t nrand) {
  size_t n = 0;
  mpz_t v, one;
  mpz_init(v);
  mpz_init_set_ui(one, 1);
  out[n++] = smt_mk_bv(ctx, w, 0);
  out[n++] = smt_mk_bv(ctx, w, 1);
  out[n++] = smt_mk_bv(ctx, w, 2);
  out[n++] = smt_mk_bv_signed(ctx, w, -1); /* max unsigned */
  out[n++] = smt_mk_bv_signed(ctx, w, -2);
  mpz_set_ui(v, 0);
  mpz_setbit(v, w - 1);
  out[n++] = smt_mk_bv_mpz(ctx, w, v); /* min signed */
  mpz_add_ui(v, v, 1);
  out[n++] = smt_mk_bv_mpz(ctx, w, v);
  mpz_sub_ui(v, v, 2);
  out[n++] = smt_mk_bv_mpz(ctx, w, v); /* max signed */
  for (size_t i = 0; i < nrand; i++) {
    switch (i % 3) {
    case 0: set_random_bits(v, w); break;
    case 1: mpz_set_ui(v, (unsigned long)(rnd() % 70)); break; /* shift amounts, small values */
    default:
      set_random_bits(v, w);
      mpz_neg(v, v);
      break;
    }
    out[n++] = smt_mk_bv_mpz(ctx, w, v);
  }
  mpz_clears(v, one, NULL);
  return n;
}

static size_t int_operands(smt_term *out, size_t nrand) {
  size_t n = 0;
  static const int64_t small[] = {0, 1, -1, 2, -2, 3, -3, 7, -7, 8, -8, INT64_MAX, INT64_MIN};
  for (size_t i = 0; i < sizeof small / sizeof *small; i++) out[n++] = smt_mk_int(ctx, small[i]);
  mpz_t v;
  mpz_init(v);
  mpz_setbit(v, 64); /* 2^64 */
  out[n++] = smt_mk_int_mpz(ctx, v);
  mpz_neg(v, v);
  out[n++] = smt_mk_int_mpz(ctx, v);
  for (size_t i = 0; i < nrand; i++) {
    set_random_bits(v, i % 2 ? 64 : 100);
    if (rnd() & 1) mpz_neg(v, v);
    out[n++] = smt_mk_int_mpz(ctx, v);
  }
  mpz_clear(v);
  return n;
}

static smt_term raw2(smt_kind k, smt_term a, smt_term b) {
  return smt_mk_raw(ctx, k, 2, (smt_term[]){a, b}, 0, 0);
}

/* ---- the tests -------------------------------------------------------------------- */
static void test_bv(unsigned w) {
  smt_term ops[64];
  size_t n = bv_operands(w, ops, 24);
  static const smt_kind binary[] = {
      SMT_BV_AND,   SMT_BV_OR,    SMT_BV_XOR,   SMT_BV_ADD,   SMT_BV_SUB,   SMT_BV_MUL,   SMT_BV_UDIV,
      SMT_BV_UREM,  SMT_BV_SDIV,  SMT_BV_SREM,  SMT_BV_SMOD,  SMT_BV_SHL,   SMT_BV_LSHR,  SMT_BV_ASHR,
      SMT_BV_ULT,   SMT_BV_ULE,   SMT_BV_UGT,   SMT_BV_UGE,   SMT_BV_SLT,   SMT_BV_SLE,   SMT_BV_SGT,
      SMT_BV_SGE,   SMT_BV_UADDO, SMT_BV_SADDO, SMT_BV_USUBO, SMT_BV_SSUBO, SMT_BV_UMULO, SMT_BV_SMULO,
      SMT_BV_SDIVO, SMT_EQ,       SMT_BV_CONCAT};
  for (size_t k = 0; k < sizeof binary / sizeof *binary; k++) {
    batch_begin(smt_kind_name(binary[k]), w);
    /* all pairs of the first 8 (edges) and a random sample of the rest */
    for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < n; j++)
        if ((i < 8 && j < 8) || rnd() % 8 == 0) batch_add(raw2(binary[k], ops[i], ops[j]));
    batch_check();
    /* Z3 4.8.12's bvsmul_noovfl is wrong (it says (-1)*(-1) overflows at
     * width 2, and 2*(-1) at width 8): smulo is checked against the Int
     * definition in test_overflow_definitions() instead. */
    if (smt_kind_is_overflow(binary[k]) && binary[k] != SMT_BV_SMULO) batch_check_with(z3_native);
  }
  static const smt_kind unary[] = {SMT_BV_NOT, SMT_BV_NEG, SMT_BV2NAT, SMT_BV2INT};
  for (size_t k = 0; k < sizeof unary / sizeof *unary; k++) {
    batch_begin(smt_kind_name(unary[k]), w);
    for (size_t i = 0; i < n; i++) batch_add(smt_mk_raw(ctx, unary[k], 1, &ops[i], 0, 0));
    batch_check();
  }
  batch_begin("extract/extend/int2bv", w);
  for (size_t i = 0; i < n; i++) {
    unsigned hi = (unsigned)(rnd() % w), lo = (unsigned)(rnd() % (hi + 1));
    batch_add(smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &ops[i], hi, lo));
    batch_add(smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &ops[i], w - 1, w - 1));
    batch_add(smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &ops[i], w - 1, 0));
    for (unsigned e = 0; e < 3; e++) {
      unsigned k = e == 0 ? 0 : e == 1 ? 1 : 7 + (unsigned)(rnd() % 60);
      batch_add(smt_mk_raw(ctx, SMT_BV_ZEXT, 1, &ops[i], k, 0));
      batch_add(smt_mk_raw(ctx, SMT_BV_SEXT, 1, &ops[i], k, 0));
    }
    smt_term nat = smt_mk_raw(ctx, SMT_BV2INT, 1, &ops[i], 0, 0);
    batch_add(smt_mk_raw(ctx, SMT_INT2BV, 1, &nat, w, 0));
    batch_add(smt_mk_raw(ctx, SMT_INT2BV, 1, &nat, w + 3, 0));
    batch_add(smt_mk_raw(ctx, SMT_ITE, 3, (smt_term[]){i % 2 ? SMT_TRUE : SMT_FALSE, ops[i], ops[n - 1 - i]},
                         0, 0));
  }
  batch_check();
}

static void test_int(void) {
  smt_term ops[64];
  size_t n = int_operands(ops, 16);
  static const smt_kind binary[] = {SMT_INT_ADD, SMT_INT_SUB, SMT_INT_MUL, SMT_INT_DIV, SMT_INT_MOD,
                                    SMT_INT_LE,  SMT_INT_LT,  SMT_INT_GE,  SMT_INT_GT,  SMT_EQ};
  smt_term zero = smt_mk_int(ctx, 0);
  for (size_t k = 0; k < sizeof binary / sizeof *binary; k++) {
    batch_begin(smt_kind_name(binary[k]), 0);
    for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < n; j++) {
        if ((binary[k] == SMT_INT_DIV || binary[k] == SMT_INT_MOD) && ops[j] == zero) {
          /* uninterpreted in SMT-LIB: must not fold */
          smt_term t = smt_simplify(ctx, raw2(binary[k], ops[i], zero));
          CHECK_MSG(!smt_term_is_const(ctx, t), "%s by zero was folded", smt_kind_name(binary[k]));
          continue;
        }
        batch_add(raw2(binary[k], ops[i], ops[j]));
      }
    batch_check();
  }
  batch_begin("int n-ary/neg/int2bv", 0);
  for (size_t i = 0; i < n; i++) {
    smt_term three[3] = {ops[i], ops[(i + 3) % n], ops[(i * 7) % n]};
    batch_add(smt_mk_raw(ctx, SMT_INT_ADD, 3, three, 0, 0));
    batch_add(smt_mk_raw(ctx, SMT_INT_MUL, 3, three, 0, 0));
    batch_add(smt_mk_raw(ctx, SMT_INT_NEG, 1, &ops[i], 0, 0));
    static const unsigned ws[] = {1, 8, 32, 64, 65};
    for (size_t k = 0; k < 5; k++) batch_add(smt_mk_raw(ctx, SMT_INT2BV, 1, &ops[i], ws[k], 0));
  }
  batch_check();
  /* exactness: 2^64 and products of 64-bit values */
  mpz_t a, b;
  mpz_inits(a, b, NULL);
  mpz_set_str(a, "18446744073709551615", 10); /* 2^64 - 1 */
  smt_term x = smt_mk_int_mpz(ctx, a);
  smt_term sq = smt_mk_int_mul2(ctx, x, x);
  mpz_mul(b, a, a);
  CHECK(smt_term_kind(ctx, sq) == SMT_INT_CONST && mpz_cmp(smt_term_value(ctx, sq), b) == 0);
  smt_term p = smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1));
  mpz_set_ui(b, 0);
  mpz_setbit(b, 64);
  CHECK(smt_term_kind(ctx, p) == SMT_INT_CONST && mpz_cmp(smt_term_value(ctx, p), b) == 0);
  mpz_clears(a, b, NULL);
}

static void test_bool(void) {
  static const smt_kind kinds[] = {SMT_AND, SMT_OR, SMT_XOR, SMT_IMPLIES, SMT_EQ};
  smt_term bs[2] = {SMT_FALSE, SMT_TRUE};
  batch_begin("bool", 0);
  for (size_t k = 0; k < 5; k++)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) batch_add(raw2(kinds[k], bs[i], bs[j]));
  for (int i = 0; i < 2; i++) {
    batch_add(smt_mk_raw(ctx, SMT_NOT, 1, &bs[i], 0, 0));
    for (int j = 0; j < 2; j++)
      for (int l = 0; l < 2; l++) {
        batch_add(smt_mk_raw(ctx, SMT_ITE, 3, (smt_term[]){bs[i], bs[j], bs[l]}, 0, 0));
        batch_add(smt_mk_raw(ctx, SMT_AND, 3, (smt_term[]){bs[i], bs[j], bs[l]}, 0, 0));
        batch_add(smt_mk_raw(ctx, SMT_OR, 3, (smt_term[]){bs[i], bs[j], bs[l]}, 0, 0));
      }
  }
  batch_check();
}

/* Symbolically, for small widths: each overflow predicate (as translated
 * for Z3, i.e. by our expansion into base operations) equals its definition
 * over the integers: the exact result is outside the n-bit range. */
static void test_overflow_definitions(void) {
  for (unsigned w = 1; w <= 8; w++) {
    char name[32];
    snprintf(name, sizeof name, "a%u", w);
    smt_term a = smt_mk_var(ctx, name, smt_sort_bv(w));
    snprintf(name, sizeof name, "b%u", w);
    smt_term b = smt_mk_var(ctx, name, smt_sort_bv(w));
    smt_term ua = smt_mk_raw(ctx, SMT_BV2NAT, 1, &a, 0, 0), ub = smt_mk_raw(ctx, SMT_BV2NAT, 1, &b, 0, 0);
    smt_term sa = smt_mk_raw(ctx, SMT_BV2INT, 1, &a, 0, 0), sb = smt_mk_raw(ctx, SMT_BV2INT, 1, &b, 0, 0);
    mpz_t v;
    mpz_init(v);
    mpz_setbit(v, w);
    mpz_sub_ui(v, v, 1);
    smt_term umax = smt_mk_int_mpz(ctx, v);
    mpz_set_ui(v, 0);
    mpz_setbit(v, w - 1);
    mpz_sub_ui(v, v, 1);
    smt_term smax = smt_mk_int_mpz(ctx, v);
    mpz_add_ui(v, v, 1);
    mpz_neg(v, v);
    smt_term smin = smt_mk_int_mpz(ctx, v);
    mpz_clear(v);
    smt_term zero = smt_mk_int(ctx, 0), m1 = smt_mk_int(ctx, -1);
#define OUT_S(x)                                                                                             \
  smt_mk_raw(ctx, SMT_OR, 2, (smt_term[]){raw2(SMT_INT_LT, x, smin), raw2(SMT_INT_GT, x, smax)}, 0, 0)
    struct {
      smt_kind k;
      smt_term def;
    } defs[] = {
        {SMT_BV_UADDO, raw2(SMT_INT_GT, raw2(SMT_INT_ADD, ua, ub), umax)},
        {SMT_BV_USUBO, raw2(SMT_INT_LT, raw2(SMT_INT_SUB, ua, ub), zero)},
        {SMT_BV_UMULO, raw2(SMT_INT_GT, raw2(SMT_INT_MUL, ua, ub), umax)},
        {SMT_BV_SADDO, OUT_S(raw2(SMT_INT_ADD, sa, sb))},
        {SMT_BV_SSUBO, OUT_S(raw2(SMT_INT_SUB, sa, sb))},
        {SMT_BV_SMULO, OUT_S(raw2(SMT_INT_MUL, sa, sb))},
        {SMT_BV_SDIVO,
         smt_mk_raw(ctx, SMT_AND, 2, (smt_term[]){raw2(SMT_EQ, sa, smin), raw2(SMT_EQ, sb, m1)}, 0, 0)},
    };
#undef OUT_S
    for (size_t i = 0; i < sizeof defs / sizeof *defs; i++) {
      /* Int products make this non-linear: keep those widths small */
      if ((defs[i].k == SMT_BV_UMULO || defs[i].k == SMT_BV_SMULO) && w > 5) continue;
      smt_term eq = raw2(SMT_EQ, raw2(defs[i].k, a, b), defs[i].def);
      smt_solver_push(z3);
      smt_solver_assert(z3, smt_mk_raw(ctx, SMT_NOT, 1, &eq, 0, 0));
      double t0 = now();
      smt_result r = smt_solver_check(z3, budget_unlimited());
      if (getenv("SMT_TEST_VERBOSE"))
        fprintf(stderr, "%s w%u %.3fs\n", smt_kind_name(defs[i].k), w, now() - t0);
      smt_solver_pop(z3, 1);
      CHECK_MSG(r == SMT_UNSAT, "%s width %u differs from its Int definition (%s)", smt_kind_name(defs[i].k),
                w, smt_result_name(r));
    }
  }
}

int main(void) {
  ctx = smt_ctx_new();
  z3 = smt_solver_new(ctx, SMT_BACKEND_Z3);
  z3_native = smt_solver_new(ctx, SMT_BACKEND_Z3);
  smt_z3_set_native_overflow(z3_native, true);
  static const unsigned widths[] = {1, 2, 3, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100};
  for (size_t i = 0; i < sizeof widths / sizeof *widths; i++) test_bv(widths[i]);
  test_int();
  test_bool();
  test_overflow_definitions();
  printf("fold: %d instances in %d solver batches\n", instances, batches);
  VEC_FREE(batch_raw);
  VEC_FREE(batch_val);
  smt_solver_free(z3);
  smt_solver_free(z3_native);
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
