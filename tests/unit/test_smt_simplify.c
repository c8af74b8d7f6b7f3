/* The simplifier never changes meaning: random raw terms over a few
 * variables (Bool, Int, BV of several widths, an array) are simplified, and
 * Z3 checks that (= raw simplified) is valid, in batches. Also: simplified
 * terms are fixpoints (simplifying again changes nothing), the evaluator
 * agrees on raw and simplified terms, and the linear normal form of Int
 * terms is canonical on examples. The SMT-LIB printer is checked by the
 * z3 binary (skipped with a message if it is not installed).
 * Knobs: SMT_TEST_SEED=n other random terms, SMT_TEST_VERBOSE=1 samples,
 * SMT_TEST_NOPRINT=1 skips the printer check, SMT_TEST_KEEP=1 keeps its file. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smt/smt.h"
#include "test_util.h"

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void) {
  return test_xorshift(&rng_state);
}
static unsigned pick(unsigned n) { return (unsigned)(rnd() % n); }

static smt_ctx *ctx;
static smt_term bvar[4][3]; /* widths 1, 4, 8, 16 */
static const unsigned var_widths[4] = {1, 4, 8, 16};
static smt_term ivar[3], pvar[2], mvar;

static smt_term raw(smt_kind k, uint32_t n, const smt_term *a, uint32_t p1, uint32_t p2) {
  return smt_mk_raw(ctx, k, n, a, p1, p2);
}
static smt_term raw2(smt_kind k, smt_term a, smt_term b) { return raw(k, 2, (smt_term[]){a, b}, 0, 0); }

static smt_term gen_bool(int d);
static smt_term gen_int(int d);
static smt_term gen_bv(unsigned w, int d);

static smt_term bv_const(unsigned w) {
  switch (pick(6)) {
  case 0: return smt_mk_bv(ctx, w, 0);
  case 1: return smt_mk_bv(ctx, w, 1);
  case 2: return smt_mk_bv_signed(ctx, w, -1);
  case 3: { /* min signed */
    mpz_t v;
    mpz_init(v);
    mpz_setbit(v, w - 1);
    smt_term t = smt_mk_bv_mpz(ctx, w, v);
    mpz_clear(v);
    return t;
  }
  default: return smt_mk_bv(ctx, w, rnd());
  }
}

static smt_term gen_array(int d) {
  if (d <= 0 || pick(3) == 0) return mvar;
  if (pick(4) == 0) return raw(SMT_CONST_ARRAY, 1, (smt_term[]){gen_bv(8, d - 1)}, 8, 0);
  smt_term idx = pick(2) ? smt_mk_bv(ctx, 8, pick(4)) : gen_bv(8, d - 1);
  return raw(SMT_STORE, 3, (smt_term[]){gen_array(d - 1), idx, gen_bv(8, d - 1)}, 0, 0);
}

static smt_term gen_bv(unsigned w, int d) {
  int vi = -1;
  for (int i = 0; i < 4; i++)
    if (var_widths[i] == w) vi = i;
  if (d <= 0 || pick(5) == 0) {
    if (vi >= 0 && pick(3)) return bvar[vi][pick(3)];
    return bv_const(w);
  }
  switch (pick(12)) {
  case 0: return raw(pick(2) ? SMT_BV_NOT : SMT_BV_NEG, 1, (smt_term[]){gen_bv(w, d - 1)}, 0, 0);
  case 1:
  case 2:
  case 3: {
    static const smt_kind ops[] = {SMT_BV_AND,  SMT_BV_OR,   SMT_BV_XOR,  SMT_BV_ADD,  SMT_BV_SUB,
                                   SMT_BV_MUL,  SMT_BV_UDIV, SMT_BV_UREM, SMT_BV_SDIV, SMT_BV_SREM,
                                   SMT_BV_SMOD, SMT_BV_SHL,  SMT_BV_LSHR, SMT_BV_ASHR};
    smt_term a = gen_bv(w, d - 1);
    smt_term b = pick(3) == 0 ? a : pick(2) ? bv_const(w) : gen_bv(w, d - 1);
    if (pick(2)) {
      smt_term t = a;
      a = b;
      b = t;
    }
    return raw2(ops[pick(sizeof ops / sizeof *ops)], a, b);
  }
  case 4: { /* extract from a wider vector */
    unsigned ws = w + pick(9);
    unsigned lo = pick(ws - w + 1);
    return raw(SMT_BV_EXTRACT, 1, (smt_term[]){gen_bv(ws, d - 1)}, lo + w - 1, lo);
  }
  case 5:
    if (w >= 2) {
      unsigned w1 = 1 + pick(w - 1);
      return raw2(SMT_BV_CONCAT, gen_bv(w1, d - 1), gen_bv(w - w1, d - 1));
    }
    break;
  case 6:
    if (w >= 2) {
      unsigned k = 1 + pick(w - 1);
      return raw(pick(2) ? SMT_BV_ZEXT : SMT_BV_SEXT, 1, (smt_term[]){gen_bv(w - k, d - 1)}, k, 0);
    }
    break;
  case 7: return raw(SMT_ITE, 3, (smt_term[]){gen_bool(d - 1), gen_bv(w, d - 1), gen_bv(w, d - 1)}, 0, 0);
  case 8:
    if (w == 8) return raw2(SMT_SELECT, gen_array(d - 1), gen_bv(8, d - 1));
    break;
  case 9: return raw(SMT_INT2BV, 1, (smt_term[]){gen_int(d - 1)}, w, 0);
  default: break;
  }
  if (vi >= 0) return bvar[vi][pick(3)];
  return bv_const(w);
}

static smt_term gen_int(int d) {
  if (d <= 0 || pick(4) == 0) {
    if (pick(3)) return ivar[pick(3)];
    return smt_mk_int(ctx, (int64_t)pick(11) - 5);
  }
  switch (pick(10)) {
  case 0: return raw(SMT_INT_NEG, 1, (smt_term[]){gen_int(d - 1)}, 0, 0);
  case 1:
  case 2: {
    smt_term a[3] = {gen_int(d - 1), gen_int(d - 1), gen_int(d - 1)};
    return raw(SMT_INT_ADD, 2 + pick(2), a, 0, 0);
  }
  case 3: return raw2(SMT_INT_SUB, gen_int(d - 1), gen_int(d - 1));
  case 4: { /* mostly linear products */
    smt_term c = smt_mk_int(ctx, (int64_t)pick(7) - 3);
    if (pick(4) == 0) return raw2(SMT_INT_MUL, gen_int(d - 1), ivar[pick(3)]);
    return pick(2) ? raw2(SMT_INT_MUL, c, gen_int(d - 1)) : raw2(SMT_INT_MUL, gen_int(d - 1), c);
  }
  case 5: {
    smt_term c = smt_mk_int(ctx, (int64_t)pick(9) - 4); /* includes 0: uninterpreted */
    return raw2(pick(2) ? SMT_INT_DIV : SMT_INT_MOD, gen_int(d - 1), c);
  }
  case 6: return raw(SMT_ITE, 3, (smt_term[]){gen_bool(d - 1), gen_int(d - 1), gen_int(d - 1)}, 0, 0);
  case 7:
    return raw(pick(2) ? SMT_BV2NAT : SMT_BV2INT, 1, (smt_term[]){gen_bv(var_widths[pick(4)], d - 1)}, 0, 0);
  default: return ivar[pick(3)];
  }
}

static smt_term gen_bool(int d) {
  if (d <= 0 || pick(5) == 0) {
    if (pick(4) == 0) return pick(2) ? SMT_TRUE : SMT_FALSE;
    return pvar[pick(2)];
  }
  switch (pick(12)) {
  case 0: return raw(SMT_NOT, 1, (smt_term[]){gen_bool(d - 1)}, 0, 0);
  case 1:
  case 2: {
    smt_term a = gen_bool(d - 1);
    smt_term s[3] = {a, pick(3) == 0 ? raw(SMT_NOT, 1, &a, 0, 0) : gen_bool(d - 1), gen_bool(d - 1)};
    return raw(pick(2) ? SMT_AND : SMT_OR, 2 + pick(2), s, 0, 0);
  }
  case 3: return raw2(pick(2) ? SMT_XOR : SMT_IMPLIES, gen_bool(d - 1), gen_bool(d - 1));
  case 4: return raw(SMT_ITE, 3, (smt_term[]){gen_bool(d - 1), gen_bool(d - 1), gen_bool(d - 1)}, 0, 0);
  case 5:
  case 6: {
    static const smt_kind ops[] = {SMT_INT_LE, SMT_INT_LT, SMT_INT_GE, SMT_INT_GT, SMT_EQ};
    return raw2(ops[pick(5)], gen_int(d - 1), gen_int(d - 1));
  }
  case 7:
  case 8: {
    unsigned w = var_widths[pick(4)];
    smt_kind k = (smt_kind)(SMT_BV_ULT + pick(SMT_BV_SDIVO - SMT_BV_ULT + 1));
    if (pick(4) == 0) k = SMT_EQ;
    smt_term a = gen_bv(w, d - 1);
    return raw2(k, a, pick(4) == 0 ? a : gen_bv(w, d - 1));
  }
  case 9: return raw2(SMT_EQ, gen_array(d - 1), gen_array(d - 1));
  default: return raw2(SMT_EQ, gen_bool(d - 1), gen_bool(d - 1));
  }
}

static smt_term gen_any(int d) {
  switch (pick(3)) {
  case 0: return gen_bool(d);
  case 1: return gen_int(d);
  default: return gen_bv(var_widths[pick(4)], d);
  }
}

static void print_term(const char *what, smt_term t) {
  strbuf b = {0};
  smt_print_term(ctx, &b, t);
  fprintf(stderr, "  %s: %s\n", what, b.data);
  strbuf_free(&b);
}

static int n_terms, n_unknown, n_batches;

/* Are all (= raw simp) valid? Locates failures one by one. */
static void check_batch(smt_solver *s, const smt_term *raws, const smt_term *simps, size_t n) {
  smt_term *eqs = malloc(n * sizeof *eqs);
  for (size_t i = 0; i < n; i++) eqs[i] = raw2(SMT_EQ, raws[i], simps[i]);
  smt_term all = raw(SMT_AND, (uint32_t)n, eqs, 0, 0);
  smt_solver_push(s);
  smt_solver_assert(s, raw(SMT_NOT, 1, &all, 0, 0));
  smt_result r = smt_solver_check(s, budget_queries(budget_unlimited(), 800));
  smt_solver_pop(s, 1);
  n_batches++;
  if (r != SMT_UNSAT) {
    for (size_t i = 0; i < n; i++) {
      smt_solver_push(s);
      smt_solver_assert(s, raw(SMT_NOT, 1, &eqs[i], 0, 0));
      smt_result ri = smt_solver_check(s, budget_queries(budget_unlimited(), 500));
      smt_solver_pop(s, 1);
      if (ri == SMT_UNKNOWN) n_unknown++;
      CHECK_MSG(ri != SMT_SAT, "simplification changed the meaning");
      if (ri == SMT_SAT) {
        print_term("raw", raws[i]);
        print_term("simplified", simps[i]);
      }
    }
  }
  free(eqs);
}

static void test_random(void) {
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  enum { BATCH = 25, ROUNDS = 240 };
  smt_term raws[BATCH], simps[BATCH];
  int not_fixpoint = 0, eval_mismatch = 0, evals = 0;
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < BATCH; i++) {
      smt_term t = gen_any(1 + pick(5));
      raws[i] = t;
      simps[i] = smt_simplify(ctx, t);
      if (getenv("SMT_TEST_VERBOSE") && round < 2) {
        print_term("sample raw", t);
        print_term("sample simplified", simps[i]);
      }
      if (smt_simplify(ctx, simps[i]) != simps[i]) {
        if (not_fixpoint++ < 5) {
          print_term("not a fixpoint, raw", t);
          print_term("simplified", simps[i]);
          print_term("again", smt_simplify(ctx, simps[i]));
        }
      }
      /* the evaluator on a random assignment (terms without arrays) */
      smt_term vars[3 + 2 + 12];
      mpz_t vals[17];
      mpz_srcptr vp[17];
      uint32_t nv = 0;
      for (int k = 0; k < 3; k++) vars[nv++] = ivar[k];
      for (int k = 0; k < 2; k++) vars[nv++] = pvar[k];
      for (int w = 0; w < 4; w++)
        for (int k = 0; k < 3; k++) vars[nv++] = bvar[w][k];
      for (uint32_t k = 0; k < nv; k++) {
        mpz_init(vals[k]);
        smt_sort so = smt_term_sort(ctx, vars[k]);
        if (so == SMT_SORT_BOOL)
          mpz_set_ui(vals[k], pick(2));
        else if (so == SMT_SORT_INT)
          mpz_set_si(vals[k], (long)pick(21) - 10);
        else
          mpz_set_ui(vals[k], (unsigned long)(rnd() & ((1ul << smt_sort_width(so)) - 1)));
        vp[k] = vals[k];
      }
      mpz_t r1, r2;
      mpz_inits(r1, r2, NULL);
      bool ok1 = smt_eval(ctx, t, nv, vars, vp, r1), ok2 = smt_eval(ctx, simps[i], nv, vars, vp, r2);
      if (ok1 && ok2) {
        evals++;
        if (mpz_cmp(r1, r2) != 0 && eval_mismatch++ < 5) {
          print_term("evaluator mismatch, raw", t);
          print_term("simplified", simps[i]);
        }
      }
      mpz_clears(r1, r2, NULL);
      for (uint32_t k = 0; k < nv; k++) mpz_clear(vals[k]);
    }
    check_batch(s, raws, simps, BATCH);
    n_terms += BATCH;
  }
  CHECK_MSG(not_fixpoint == 0, "%d simplified terms were not fixpoints", not_fixpoint);
  CHECK_MSG(eval_mismatch == 0, "%d evaluator mismatches", eval_mismatch);
  printf("simplify: %d random terms in %d batches, %d unknown, %d evaluations compared\n", n_terms, n_batches,
         n_unknown, evals);
  smt_solver_free(s);
}

/* ---- linear normal form ------------------------------------------------------------ */
static void test_linear(void) {
  smt_term x = ivar[0], y = ivar[1], z = ivar[2];
  smt_term two = smt_mk_int(ctx, 2), three = smt_mk_int(ctx, 3);
  /* x + y = y + x, (x + 1) + y = 1 + (y + x) */
  CHECK(smt_mk_int_add2(ctx, x, y) == smt_mk_int_add2(ctx, y, x));
  smt_term a = smt_mk_int_add2(ctx, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1)), y);
  smt_term b = smt_mk_int_add2(ctx, smt_mk_int(ctx, 1), smt_mk_int_add2(ctx, y, x));
  CHECK(a == b);
  /* 2*(x + y) - 2*y = 2*x */
  smt_term c = smt_mk_int_sub(ctx, smt_mk_int_mul2(ctx, two, smt_mk_int_add2(ctx, x, y)),
                              smt_mk_int_mul2(ctx, two, y));
  CHECK(c == smt_mk_int_mul2(ctx, x, two));
  /* x - x = 0 */
  CHECK(smt_mk_int_sub(ctx, x, x) == smt_mk_int(ctx, 0));
  /* the sum is (+ const monomials...) with the constant first */
  smt_term s = smt_mk_int_add(ctx, 3, (smt_term[]){z, three, smt_mk_int_mul2(ctx, x, two)});
  CHECK(smt_term_kind(ctx, s) == SMT_INT_ADD && smt_term_nargs(ctx, s) == 3);
  CHECK(smt_term_arg(ctx, s, 0) == three);
  /* non-linear products are power products with sorted factors */
  CHECK(smt_mk_int_mul2(ctx, x, y) == smt_mk_int_mul2(ctx, y, x));
  smt_term xy_plus = smt_mk_int_mul2(ctx, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1)), y);
  CHECK(xy_plus == smt_mk_int_add2(ctx, smt_mk_int_mul2(ctx, x, y), y));
  /* comparisons: x < y  ==  x + 1 <= y  ==  not (y <= x)  ==  y > x */
  smt_term lt = smt_mk_int_lt(ctx, x, y);
  CHECK(lt == smt_mk_int_le(ctx, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1)), y));
  CHECK(lt == smt_mk_not(ctx, smt_mk_int_le(ctx, y, x)));
  CHECK(lt == smt_mk_int_gt(ctx, y, x));
  CHECK(smt_term_kind(ctx, lt) == SMT_INT_LE);
  /* gcd tightening: 2x <= 3 is x <= 1; 2x = 3 is false; 2x + 4y = 6 is x + 2y = 3 */
  CHECK(smt_mk_int_le(ctx, smt_mk_int_mul2(ctx, two, x), three) == smt_mk_int_le(ctx, x, smt_mk_int(ctx, 1)));
  CHECK(smt_mk_eq(ctx, smt_mk_int_mul2(ctx, two, x), three) == SMT_FALSE);
  smt_term e1 = smt_mk_eq(
      ctx, smt_mk_int_add2(ctx, smt_mk_int_mul2(ctx, two, x), smt_mk_int_mul2(ctx, smt_mk_int(ctx, 4), y)),
      smt_mk_int(ctx, 6));
  CHECK(e1 == smt_mk_eq(ctx, smt_mk_int_add2(ctx, x, smt_mk_int_mul2(ctx, two, y)), three));
  /* x = y and y = x are one term; so are x - y = 0 and y - x = 0 */
  CHECK(smt_mk_eq(ctx, x, y) == smt_mk_eq(ctx, y, x));
  CHECK(smt_mk_eq(ctx, smt_mk_int_sub(ctx, x, y), smt_mk_int(ctx, 0)) ==
        smt_mk_eq(ctx, smt_mk_int_sub(ctx, y, x), smt_mk_int(ctx, 0)));
  /* constant comparisons fold */
  CHECK(smt_mk_int_le(ctx, smt_mk_int_add2(ctx, x, two), smt_mk_int_add2(ctx, x, three)) == SMT_TRUE);
  /* div/mod by +-1 and constants */
  CHECK(smt_mk_int_div(ctx, x, smt_mk_int(ctx, 1)) == x);
  CHECK(smt_mk_int_mod(ctx, x, smt_mk_int(ctx, -1)) == smt_mk_int(ctx, 0));
  CHECK(smt_mk_int_div(ctx, smt_mk_int(ctx, -7), two) == smt_mk_int(ctx, -4));
  CHECK(smt_mk_int_mod(ctx, smt_mk_int(ctx, -7), smt_mk_int(ctx, -2)) == smt_mk_int(ctx, 1));
  CHECK(smt_term_kind(ctx, smt_mk_int_div(ctx, smt_mk_int(ctx, 7), smt_mk_int(ctx, 0))) == SMT_INT_DIV);
}

/* ---- Boolean and BV rewrites on examples ------------------------------------------------ */
static void test_rewrites(void) {
  smt_term p = pvar[0], q = pvar[1];
  smt_term a = bvar[2][0], b = bvar[2][1];
  CHECK(smt_mk_and2(ctx, p, smt_mk_not(ctx, p)) == SMT_FALSE);
  CHECK(smt_mk_or2(ctx, p, smt_mk_not(ctx, p)) == SMT_TRUE);
  CHECK(smt_mk_and2(ctx, p, q) == smt_mk_and2(ctx, q, p));
  CHECK(smt_mk_and2(ctx, smt_mk_and2(ctx, p, q), p) == smt_mk_and2(ctx, p, q));
  CHECK(smt_mk_not(ctx, smt_mk_not(ctx, p)) == p);
  CHECK(smt_mk_ite(ctx, smt_mk_not(ctx, p), a, b) == smt_mk_ite(ctx, p, b, a));
  CHECK(smt_mk_ite(ctx, p, SMT_TRUE, SMT_FALSE) == p);
  CHECK(smt_mk_implies(ctx, SMT_FALSE, p) == SMT_TRUE);
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_ADD, a, smt_mk_bv(ctx, 8, 0)) == a);
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_ADD, a, b) == smt_mk_bv_op2(ctx, SMT_BV_ADD, b, a));
  smt_term a1 = smt_mk_bv_op2(ctx, SMT_BV_ADD, smt_mk_bv_op2(ctx, SMT_BV_ADD, a, smt_mk_bv(ctx, 8, 1)),
                              smt_mk_bv(ctx, 8, 2));
  CHECK(a1 == smt_mk_bv_op2(ctx, SMT_BV_ADD, smt_mk_bv(ctx, 8, 3), a));
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_XOR, a, a) == smt_mk_bv(ctx, 8, 0));
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_UDIV, a, smt_mk_bv(ctx, 8, 0)) == smt_mk_bv(ctx, 8, 255));
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_UREM, a, smt_mk_bv(ctx, 8, 0)) == a);
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_UGT, a, b) == smt_mk_bv_op2(ctx, SMT_BV_ULT, b, a));
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_ULT, a, smt_mk_bv(ctx, 8, 0)) == SMT_FALSE);
  CHECK(smt_mk_bv_op2(ctx, SMT_BV_USUBO, a, b) == smt_mk_bv_op2(ctx, SMT_BV_ULT, a, b));
  CHECK(smt_mk_bv_extract(ctx, smt_mk_bv_concat(ctx, a, b), 7, 0) == b);
  CHECK(smt_mk_bv_extract(ctx, smt_mk_bv_concat(ctx, a, b), 15, 8) == a);
  CHECK(smt_mk_bv_concat(ctx, smt_mk_bv_extract(ctx, a, 7, 4), smt_mk_bv_extract(ctx, a, 3, 0)) == a);
  CHECK(smt_mk_bv_zext(ctx, smt_mk_bv_zext(ctx, a, 8), 16) == smt_mk_bv_zext(ctx, a, 24));
  CHECK(smt_mk_eq(ctx, smt_mk_bv_op2(ctx, SMT_BV_ADD, a, smt_mk_bv(ctx, 8, 5)), smt_mk_bv(ctx, 8, 7)) ==
        smt_mk_eq(ctx, a, smt_mk_bv(ctx, 8, 2)));
  CHECK(smt_mk_eq(ctx, smt_mk_bv_zext(ctx, a, 8), smt_mk_bv(ctx, 16, 256)) == SMT_FALSE);
  /* arrays */
  smt_term m = mvar, i0 = smt_mk_bv(ctx, 8, 0), i1 = smt_mk_bv(ctx, 8, 1);
  smt_term st = smt_mk_store(ctx, smt_mk_store(ctx, m, i0, a), i1, b);
  CHECK(smt_mk_select(ctx, st, i0) == a);
  CHECK(smt_mk_select(ctx, st, i1) == b);
  CHECK(smt_mk_store(ctx, smt_mk_store(ctx, m, i1, b), i0, a) == st); /* sorted stores */
  CHECK(smt_mk_select(ctx, smt_mk_const_array(ctx, 8, a), b) == a);
  CHECK(smt_mk_store(ctx, m, a, smt_mk_select(ctx, m, a)) == m);
}

/* ---- the SMT-LIB printer: the z3 binary reads every printed query and
 * agrees with the in-process answer ---------------------------------------------------- */
static void test_printer(void) {
  if (system("z3 -version >/dev/null 2>&1") != 0) {
    printf("z3 binary not installed: SMT-LIB printer check skipped\n");
    return;
  }
  enum { N = 60 };
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  strbuf script = {0};
  smt_result expect[N];
  for (int i = 0; i < N; i++) {
    smt_term as[3];
    uint32_t n = 1 + pick(3);
    for (uint32_t k = 0; k < n; k++) as[k] = gen_bool(2 + pick(4));
    if (i == 0) { /* one query with every special form */
      smt_term a = bvar[2][0], b = bvar[2][1];
      as[0] = raw2(SMT_OR, raw2(SMT_BV_SMULO, a, b), raw2(SMT_BV_SADDO, a, b));
      as[1] = raw2(SMT_INT_LT, raw(SMT_BV2INT, 1, &a, 0, 0), raw(SMT_BV2NAT, 1, &b, 0, 0));
      smt_term ca = raw(SMT_CONST_ARRAY, 1, &a, 8, 0);
      as[2] = raw2(SMT_EQ, raw2(SMT_SELECT, ca, b), raw(SMT_INT2BV, 1, (smt_term[]){ivar[0]}, 8, 0));
      n = 3;
    }
    smt_solver_push(s);
    for (uint32_t k = 0; k < n; k++) smt_solver_assert(s, as[k]);
    expect[i] = smt_solver_check(s, budget_queries(budget_unlimited(), 2000));
    if (getenv("SMT_TEST_VERBOSE"))
      fprintf(stderr, "query %d in-process %s\n", i, smt_result_name(expect[i]));
    smt_solver_pop(s, 1);
    smt_print_query(ctx, &script, n, as);
    strbuf_printf(&script, "(reset)\n");
  }
  char path[] = "/tmp/bitprove-smt-print-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return;
  FILE *f = fdopen(fd, "w");
  fwrite(script.data, 1, script.len, f);
  fclose(f);
  char *cmd = xasprintf("z3 -t:1000 -T:120 %s 2>&1", path); /* 1 s per query */
  FILE *p = popen(cmd, "r");
  char line[4096];
  int i = 0, agree = 0;
  while (p && fgets(line, sizeof line, p)) {
    bool sat = strncmp(line, "sat", 3) == 0, unsat = strncmp(line, "unsat", 5) == 0;
    CHECK_MSG(sat || unsat || strncmp(line, "unknown", 7) == 0, "z3 said: %s", line);
    if (i < N && expect[i] != SMT_UNKNOWN && (sat || unsat)) {
      CHECK_MSG((expect[i] == SMT_SAT) == sat, "query %d: z3 binary %s, in-process %s", i, line,
                smt_result_name(expect[i]));
      agree++;
    }
    i++;
  }
  if (p) pclose(p);
  CHECK_MSG(i == N, "z3 answered %d of %d queries", i, N);
  printf("printer: %d queries replayed by the z3 binary, %d compared\n", i, agree);
  if (!getenv("SMT_TEST_KEEP"))
    unlink(path);
  else
    fprintf(stderr, "kept %s\n", path);
  free(cmd);
  strbuf_free(&script);
  smt_solver_free(s);
}

int main(void) {
  /* SMT_TEST_SEED=n explores other random terms */
  if (getenv("SMT_TEST_SEED"))
    rng_state ^= strtoull(getenv("SMT_TEST_SEED"), NULL, 10) * 0x9e3779b97f4a7c15ull;
  ctx = smt_ctx_new();
  static const char *names[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; i++) ivar[i] = smt_mk_var(ctx, names[i], SMT_SORT_INT);
  pvar[0] = smt_mk_var(ctx, "p", SMT_SORT_BOOL);
  pvar[1] = smt_mk_var(ctx, "q", SMT_SORT_BOOL);
  for (int w = 0; w < 4; w++)
    for (int i = 0; i < 3; i++) {
      char name[16];
      snprintf(name, sizeof name, "%c%u", 'a' + i, var_widths[w]);
      bvar[w][i] = smt_mk_var(ctx, name, smt_sort_bv(var_widths[w]));
    }
  mvar = smt_mk_var(ctx, "m", smt_sort_array(8));
  test_linear();
  test_rewrites();
  test_random();
  if (!getenv("SMT_TEST_NOPRINT")) test_printer();
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
