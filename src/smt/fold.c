/* fold: the value of every operator on constant arguments, bit-exact.
 *
 * Contract: smt_fold() computes (kind args...) on values given as mpz:
 * Bool as 0/1, Int as any integer, BV(n) as the unsigned value in [0, 2^n).
 * The result has the same encoding; out must not be one of the arguments.
 * It returns false, leaving out unchanged,
 * when the value is not determined by the arguments: Int div/mod by zero
 * (uninterpreted in SMT-LIB) and the array kinds (no scalar value).
 * This is the only place the semantics of operators is written down for
 * constants; the simplifier and the evaluator both use it, and the tests
 * check it against Z3.
 */
#include <assert.h>

#include "build.h"
#include "internal.h"

/* v as a two's complement signed value of width w (w >= 1). */
static void to_signed(mpz_ptr out, mpz_srcptr v, uint32_t w) {
  assert(w >= 1 && mpz_sgn(v) >= 0 && mpz_sizeinbase(v, 2) <= w); /* a BV(w) value in [0, 2^w) */
  mpz_set(out, v);
  if (mpz_tstbit(v, w - 1)) {
    mpz_t m;
    mpz_init(m);
    mpz_setbit(m, w);
    mpz_sub(out, out, m);
    mpz_clear(m);
  }
}

static void bv_norm(mpz_ptr v, uint32_t w) { mpz_fdiv_r_2exp(v, v, w); }

static void bv_neg(mpz_ptr out, mpz_srcptr a, uint32_t w) {
  mpz_neg(out, a);
  bv_norm(out, w);
}

/* SMT-LIB bvudiv / bvurem, including division by zero. */
static void bv_udiv(mpz_ptr out, mpz_srcptr a, mpz_srcptr b, uint32_t w) {
  if (mpz_sgn(b) == 0) {
    mpz_set_ui(out, 0);
    mpz_setbit(out, w);
    mpz_sub_ui(out, out, 1);
  } else {
    mpz_tdiv_q(out, a, b);
  }
}

static void bv_urem(mpz_ptr out, mpz_srcptr a, mpz_srcptr b) {
  if (mpz_sgn(b) == 0)
    mpz_set(out, a);
  else
    mpz_tdiv_r(out, a, b);
}

/* Is the signed value v outside the range of width w? */
static bool out_of_signed_range(mpz_srcptr v, uint32_t w) {
  assert(w >= 1);
  /* range is [-2^(w-1), 2^(w-1) - 1]: v fits iff v + 2^(w-1) in [0, 2^w) */
  mpz_t t;
  mpz_init_set(t, v);
  mpz_t h;
  mpz_init(h);
  mpz_setbit(h, w - 1);
  mpz_add(t, t, h);
  bool out = mpz_sgn(t) < 0 || mpz_sizeinbase(t, 2) > w;
  if (mpz_sgn(t) == 0) out = false;
  mpz_clear(h);
  mpz_clear(t);
  return out;
}

static void set_bool(mpz_ptr out, bool b) { mpz_set_ui(out, b ? 1 : 0); }

bool smt_fold(smt_kind k, uint32_t n, mpz_srcptr const *a, const uint32_t *aw, smt_sort result,
              uint32_t lo, mpz_ptr out) {
  uint32_t w = n > 0 ? aw[0] : 0; /* width of the first BV argument */
  bool ok = true;
  mpz_t x, y, z; /* GMP allocates them only when they are written */
  mpz_init(x);
  mpz_init(y);
  mpz_init(z);
  switch (k) {
  /* ---- Boolean ---- */
  case SMT_NOT: set_bool(out, mpz_sgn(a[0]) == 0); break;
  case SMT_AND: {
    bool v = true;
    for (uint32_t i = 0; i < n; i++) v = v && mpz_sgn(a[i]) != 0;
    set_bool(out, v);
    break;
  }
  case SMT_OR: {
    bool v = false;
    for (uint32_t i = 0; i < n; i++) v = v || mpz_sgn(a[i]) != 0;
    set_bool(out, v);
    break;
  }
  case SMT_XOR: set_bool(out, (mpz_sgn(a[0]) != 0) != (mpz_sgn(a[1]) != 0)); break;
  case SMT_IMPLIES: set_bool(out, mpz_sgn(a[0]) == 0 || mpz_sgn(a[1]) != 0); break;
  case SMT_EQ: set_bool(out, mpz_cmp(a[0], a[1]) == 0); break;
  case SMT_ITE: mpz_set(out, mpz_sgn(a[0]) != 0 ? a[1] : a[2]); break;
  /* ---- Int ---- */
  case SMT_INT_NEG: mpz_neg(out, a[0]); break;
  case SMT_INT_ADD: /* out is not an argument (see build.h) */
    mpz_set(out, a[0]);
    for (uint32_t i = 1; i < n; i++) mpz_add(out, out, a[i]);
    break;
  case SMT_INT_SUB: mpz_sub(out, a[0], a[1]); break;
  case SMT_INT_MUL:
    mpz_set(out, a[0]);
    for (uint32_t i = 1; i < n; i++) mpz_mul(out, out, a[i]);
    break;
  case SMT_INT_DIV:
  case SMT_INT_MOD:
    if (mpz_sgn(a[1]) == 0) {
      ok = false; /* uninterpreted in SMT-LIB */
      break;
    }
    /* Euclidean: a = b*q + r with 0 <= r < |b| */
    mpz_abs(y, a[1]);
    mpz_fdiv_r(x, a[0], y);
    if (k == SMT_INT_MOD) {
      mpz_set(out, x);
    } else {
      mpz_sub(z, a[0], x);
      assert(mpz_divisible_p(z, a[1])); /* a - (a mod |b|) is a multiple of b: divexact is exact */
      mpz_divexact(out, z, a[1]);
    }
    break;
  case SMT_INT_LE: set_bool(out, mpz_cmp(a[0], a[1]) <= 0); break;
  case SMT_INT_LT: set_bool(out, mpz_cmp(a[0], a[1]) < 0); break;
  case SMT_INT_GE: set_bool(out, mpz_cmp(a[0], a[1]) >= 0); break;
  case SMT_INT_GT: set_bool(out, mpz_cmp(a[0], a[1]) > 0); break;
  /* ---- BV arithmetic and bitwise ---- */
  case SMT_BV_NOT:
    mpz_set_ui(x, 0);
    mpz_setbit(x, w);
    mpz_sub_ui(x, x, 1);
    mpz_xor(out, a[0], x);
    break;
  case SMT_BV_NEG: bv_neg(out, a[0], w); break;
  case SMT_BV_AND: mpz_and(out, a[0], a[1]); break;
  case SMT_BV_OR: mpz_ior(out, a[0], a[1]); break;
  case SMT_BV_XOR: mpz_xor(out, a[0], a[1]); break;
  case SMT_BV_ADD:
    mpz_add(out, a[0], a[1]);
    bv_norm(out, w);
    break;
  case SMT_BV_SUB:
    mpz_sub(out, a[0], a[1]);
    bv_norm(out, w);
    break;
  case SMT_BV_MUL:
    mpz_mul(out, a[0], a[1]);
    bv_norm(out, w);
    break;
  case SMT_BV_UDIV: bv_udiv(out, a[0], a[1], w); break;
  case SMT_BV_UREM: bv_urem(out, a[0], a[1]); break;
  case SMT_BV_SDIV:
  case SMT_BV_SREM: {
    /* SMT-LIB: reduce to the unsigned operation on absolute values */
    bool ms = mpz_tstbit(a[0], w - 1), mt = mpz_tstbit(a[1], w - 1);
    if (ms) bv_neg(x, a[0], w); else mpz_set(x, a[0]);
    if (mt) bv_neg(y, a[1], w); else mpz_set(y, a[1]);
    if (k == SMT_BV_SDIV) {
      bv_udiv(z, x, y, w);
      if (ms != mt) bv_neg(z, z, w);
    } else {
      bv_urem(z, x, y);
      if (ms) bv_neg(z, z, w);
    }
    mpz_set(out, z);
    break;
  }
  case SMT_BV_SMOD: {
    bool ms = mpz_tstbit(a[0], w - 1), mt = mpz_tstbit(a[1], w - 1);
    if (ms) bv_neg(x, a[0], w); else mpz_set(x, a[0]);
    if (mt) bv_neg(y, a[1], w); else mpz_set(y, a[1]);
    bv_urem(z, x, y); /* u */
    if (mpz_sgn(z) == 0 || (!ms && !mt)) {
      /* u */
    } else if (ms && !mt) {
      bv_neg(z, z, w);
      mpz_add(z, z, a[1]);
      bv_norm(z, w);
    } else if (!ms && mt) {
      mpz_add(z, z, a[1]);
      bv_norm(z, w);
    } else {
      bv_neg(z, z, w);
    }
    mpz_set(out, z);
    break;
  }
  case SMT_BV_SHL:
    if (mpz_cmp_ui(a[1], w) >= 0) {
      mpz_set_ui(out, 0);
    } else {
      mpz_mul_2exp(out, a[0], (mp_bitcnt_t)mpz_get_ui(a[1]));
      bv_norm(out, w);
    }
    break;
  case SMT_BV_LSHR:
    if (mpz_cmp_ui(a[1], w) >= 0)
      mpz_set_ui(out, 0);
    else
      mpz_fdiv_q_2exp(out, a[0], (mp_bitcnt_t)mpz_get_ui(a[1]));
    break;
  case SMT_BV_ASHR:
    to_signed(x, a[0], w);
    if (mpz_cmp_ui(a[1], w) >= 0)
      mpz_set_si(out, mpz_sgn(x) < 0 ? -1 : 0);
    else
      mpz_fdiv_q_2exp(out, x, (mp_bitcnt_t)mpz_get_ui(a[1]));
    bv_norm(out, w);
    break;
  case SMT_BV_CONCAT:
    mpz_mul_2exp(x, a[0], aw[1]);
    mpz_ior(out, x, a[1]);
    break;
  case SMT_BV_EXTRACT:
    mpz_fdiv_q_2exp(out, a[0], lo);
    bv_norm(out, smt_sort_width(result));
    break;
  case SMT_BV_ZEXT: mpz_set(out, a[0]); break;
  case SMT_BV_SEXT:
    to_signed(out, a[0], w);
    bv_norm(out, smt_sort_width(result));
    break;
  /* ---- BV comparisons ---- */
  case SMT_BV_ULT: set_bool(out, mpz_cmp(a[0], a[1]) < 0); break;
  case SMT_BV_ULE: set_bool(out, mpz_cmp(a[0], a[1]) <= 0); break;
  case SMT_BV_UGT: set_bool(out, mpz_cmp(a[0], a[1]) > 0); break;
  case SMT_BV_UGE: set_bool(out, mpz_cmp(a[0], a[1]) >= 0); break;
  case SMT_BV_SLT:
  case SMT_BV_SLE:
  case SMT_BV_SGT:
  case SMT_BV_SGE: {
    to_signed(x, a[0], w);
    to_signed(y, a[1], w);
    int c = mpz_cmp(x, y);
    set_bool(out, k == SMT_BV_SLT ? c < 0 : k == SMT_BV_SLE ? c <= 0 : k == SMT_BV_SGT ? c > 0 : c >= 0);
    break;
  }
  /* ---- overflow predicates: compute exactly, compare with the range ---- */
  case SMT_BV_UADDO:
    mpz_add(x, a[0], a[1]);
    set_bool(out, mpz_sizeinbase(x, 2) > w && mpz_sgn(x) != 0);
    break;
  case SMT_BV_UMULO:
    mpz_mul(x, a[0], a[1]);
    set_bool(out, mpz_sgn(x) != 0 && mpz_sizeinbase(x, 2) > w);
    break;
  case SMT_BV_USUBO: set_bool(out, mpz_cmp(a[0], a[1]) < 0); break;
  case SMT_BV_SADDO:
  case SMT_BV_SSUBO:
  case SMT_BV_SMULO:
    to_signed(x, a[0], w);
    to_signed(y, a[1], w);
    if (k == SMT_BV_SADDO) mpz_add(z, x, y);
    else if (k == SMT_BV_SSUBO) mpz_sub(z, x, y);
    else mpz_mul(z, x, y);
    set_bool(out, out_of_signed_range(z, w));
    break;
  case SMT_BV_SDIVO:
    /* min_signed / -1 */
    mpz_set_ui(x, 0);
    mpz_setbit(x, w - 1);
    mpz_set_ui(y, 0);
    mpz_setbit(y, w);
    mpz_sub_ui(y, y, 1);
    set_bool(out, mpz_cmp(a[0], x) == 0 && mpz_cmp(a[1], y) == 0);
    break;
  /* ---- conversions ---- */
  case SMT_BV2NAT: mpz_set(out, a[0]); break;
  case SMT_BV2INT: to_signed(out, a[0], w); break;
  case SMT_INT2BV: mpz_fdiv_r_2exp(out, a[0], smt_sort_width(result)); break;
  default: ok = false; break;
  }
  mpz_clear(x);
  mpz_clear(y);
  mpz_clear(z);
  return ok;
}
