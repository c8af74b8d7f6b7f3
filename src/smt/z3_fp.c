/* z3_fp: the Z3 translation of the floating-point kinds (term.h
 * "Floating point"), for z3.c.
 *
 * Contract: smt_z3_fp_node() gives the Z3 term of one SMT_FP_* term whose
 * arguments are translated already (a), holding one reference the caller
 * owns. Bit patterns are read with fp.to_fp of a bit vector (every NaN
 * pattern is the one NaN of Z3's FloatingPoint sort), computed with Z3's
 * FPA operations and written back with fp.to_ieee_bv, except where the
 * term semantics leave the result open, which becomes a fresh Z3 constant
 * of this translation (existential in a satisfiability check, so for all
 * values in a validity check; either way the real value is among them):
 *   - a NaN result: any quiet NaN, sign and payload free (IEEE 754-2008
 *     6.2: operations deliver quiet NaNs; which one is the hardware's);
 *   - fp.to_sbv / fp.to_ubv out of range (Z3 would pick one value);
 *   - min / max of +0 and -0: one of the two operands (C leaves it open);
 *     min / max with a signalling NaN operand: any value (libms differ).
 * Intermediate Z3 terms are referenced while they are built (Z3 frees
 * unreferenced terms in a reference-counted context).
 */
#include <math.h>
#include <z3.h>

#include "internal.h"
#include "z3_fp.h"

typedef struct {
  Z3_context z;
  VEC(Z3_ast) keep;
} fpb;

/* Keeps t referenced until the node is built. */
static Z3_ast K(fpb *b, Z3_ast t) {
  Z3_inc_ref(b->z, t);
  VEC_PUSH(b->keep, t);
  return t;
}

static Z3_sort fsort(fpb *b, uint32_t w) {
  Z3_sort s = w == 32 ? Z3_mk_fpa_sort_32(b->z) : Z3_mk_fpa_sort_64(b->z);
  K(b, Z3_sort_to_ast(b->z, s));
  return s;
}

static Z3_ast rmode(fpb *b, smt_fp_rmode m) {
  Z3_context z = b->z;
  switch (m) {
  case SMT_RM_RNA: return K(b, Z3_mk_fpa_rna(z));
  case SMT_RM_RTP: return K(b, Z3_mk_fpa_rtp(z));
  case SMT_RM_RTN: return K(b, Z3_mk_fpa_rtn(z));
  case SMT_RM_RTZ: return K(b, Z3_mk_fpa_rtz(z));
  default: return K(b, Z3_mk_fpa_rne(z));
  }
}

/* The float a bit pattern of width w stands for. */
static Z3_ast rd(fpb *b, Z3_ast bits, uint32_t w) { return K(b, Z3_mk_fpa_to_fp_bv(b->z, bits, fsort(b, w))); }

static Z3_ast bv_const(fpb *b, uint32_t w, uint64_t v) {
  Z3_sort s = Z3_mk_bv_sort(b->z, w);
  K(b, Z3_sort_to_ast(b->z, s));
  return K(b, Z3_mk_unsigned_int64(b->z, v, s));
}

/* The bit pattern of float f of width w: a NaN gives any quiet NaN. */
static Z3_ast wr(fpb *b, Z3_ast f, uint32_t w) {
  Z3_context z = b->z;
  Z3_sort s = Z3_mk_bv_sort(z, w);
  K(b, Z3_sort_to_ast(z, s));
  Z3_ast any = K(b, Z3_mk_fresh_const(z, "fp.nan", s));
  /* exponent all ones and the quiet bit (the top mantissa bit) set */
  uint64_t quiet = w == 32 ? 0x7fc00000u : 0x7ff8000000000000u;
  Z3_ast nan = K(b, Z3_mk_bvor(z, any, bv_const(b, w, quiet)));
  Z3_ast isnan = K(b, Z3_mk_fpa_is_nan(z, f));
  Z3_ast bits = K(b, Z3_mk_fpa_to_ieee_bv(z, f));
  return K(b, Z3_mk_ite(z, isnan, nan, bits));
}

/* The float f, read from the pattern bits of width w, is a signalling NaN
 * (the top mantissa bit clear). */
static Z3_ast signalling(fpb *b, Z3_ast f, Z3_ast bits, uint32_t w) {
  Z3_context z = b->z;
  Z3_ast q = K(b, Z3_mk_extract(z, w == 32 ? 22 : 51, w == 32 ? 22 : 51, bits));
  Z3_ast c[2] = {K(b, Z3_mk_fpa_is_nan(z, f)), K(b, Z3_mk_eq(z, q, bv_const(b, 1, 0)))};
  return K(b, Z3_mk_and(z, 2, c));
}

/* The float 2^k of sort width w (k >= 0), or +oo when 2^k is not finite. */
static Z3_ast pow2(fpb *b, uint32_t w, uint32_t k, bool negative) {
  uint32_t maxexp = w == 32 ? 127 : 1023;
  if (k > maxexp) return K(b, Z3_mk_fpa_inf(b->z, fsort(b, w), negative));
  double v = ldexp(1.0, (int)k);
  return K(b, Z3_mk_fpa_numeral_double(b->z, negative ? -v : v, fsort(b, w)));
}

/* x (float of width w), rounded toward zero, is an integer of n bits
 * (signed or not); false for NaN and infinities (C11 6.3.1.4). */
static Z3_ast to_bv_in_range(fpb *b, Z3_ast x, uint32_t w, uint32_t n, bool is_signed) {
  Z3_context z = b->z;
  Z3_ast t = K(b, Z3_mk_fpa_round_to_integral(z, rmode(b, SMT_RM_RTZ), x));
  Z3_ast c[2];
  uint32_t maxexp = w == 32 ? 127 : 1023;
  if (is_signed) {
    Z3_ast lo = pow2(b, w, n - 1, true), hi = pow2(b, w, n - 1, false);
    /* lo is -oo only when every finite value fits: then exclude -oo itself */
    c[0] = K(b, n - 1 > maxexp ? Z3_mk_fpa_lt(z, lo, t) : Z3_mk_fpa_leq(z, lo, t));
    c[1] = K(b, Z3_mk_fpa_lt(z, t, hi));
  } else {
    /* trunc(x) >= 0, where -0 = +0 fits */
    c[0] = K(b, Z3_mk_fpa_leq(z, K(b, Z3_mk_fpa_zero(z, fsort(b, w), false)), t));
    c[1] = K(b, Z3_mk_fpa_lt(z, t, pow2(b, w, n, false)));
  }
  return K(b, Z3_mk_and(z, 2, c));
}

Z3_ast smt_z3_fp_node(Z3_context z, const smt_ctx *ctx, smt_term t, const Z3_ast *a) {
  fpb b = {.z = z};
  const smt_tdesc *d = smt_desc(ctx, t);
  smt_kind k = (smt_kind)d->kind;
  uint32_t w = smt_sort_width(smt_desc(ctx, d->args[0])->sort); /* argument width */
  uint32_t rw = smt_sort_width(d->sort);                       /* result width (BV results) */
  Z3_ast r = NULL;
  Z3_ast x = NULL, y = NULL;
  if (k != SMT_SBV_TO_FP && k != SMT_UBV_TO_FP) x = rd(&b, a[0], w);
  if (d->nargs == 2) y = rd(&b, a[1], w);
  switch (k) {
  case SMT_FP_ADD: r = wr(&b, K(&b, Z3_mk_fpa_add(z, rmode(&b, SMT_RM_RNE), x, y)), w); break;
  case SMT_FP_SUB: r = wr(&b, K(&b, Z3_mk_fpa_sub(z, rmode(&b, SMT_RM_RNE), x, y)), w); break;
  case SMT_FP_MUL: r = wr(&b, K(&b, Z3_mk_fpa_mul(z, rmode(&b, SMT_RM_RNE), x, y)), w); break;
  case SMT_FP_DIV: r = wr(&b, K(&b, Z3_mk_fpa_div(z, rmode(&b, SMT_RM_RNE), x, y)), w); break;
  case SMT_FP_REM: r = wr(&b, K(&b, Z3_mk_fpa_rem(z, x, y)), w); break;
  case SMT_FP_MIN:
  case SMT_FP_MAX: {
    Z3_ast m = K(&b, k == SMT_FP_MIN ? Z3_mk_fpa_min(z, x, y) : Z3_mk_fpa_max(z, x, y));
    Z3_ast zz[2] = {K(&b, Z3_mk_fpa_is_zero(z, x)), K(&b, Z3_mk_fpa_is_zero(z, y))};
    Z3_ast both0 = K(&b, Z3_mk_and(z, 2, zz));
    Z3_sort bs = Z3_mk_bool_sort(z);
    K(&b, Z3_sort_to_ast(z, bs));
    Z3_ast pick = K(&b, Z3_mk_fresh_const(z, "fp.zero", bs));
    Z3_ast either = K(&b, Z3_mk_ite(z, pick, a[0], a[1]));
    r = K(&b, Z3_mk_ite(z, both0, either, wr(&b, m, w)));
    /* a signalling NaN operand: libm differs (old glibc gives the other
     * operand, newer ones a quiet NaN), so any value */
    Z3_ast sn[2] = {signalling(&b, x, a[0], w), signalling(&b, y, a[1], w)};
    Z3_sort s = Z3_mk_bv_sort(z, w);
    K(&b, Z3_sort_to_ast(z, s));
    Z3_ast any = K(&b, Z3_mk_fresh_const(z, "fp.snan", s));
    r = K(&b, Z3_mk_ite(z, K(&b, Z3_mk_or(z, 2, sn)), any, r));
    break;
  }
  case SMT_FP_SQRT: r = wr(&b, K(&b, Z3_mk_fpa_sqrt(z, rmode(&b, SMT_RM_RNE), x)), w); break;
  case SMT_FP_ROUND:
    r = wr(&b, K(&b, Z3_mk_fpa_round_to_integral(z, rmode(&b, (smt_fp_rmode)d->aux), x)), w);
    break;
  case SMT_FP_EQ: r = K(&b, Z3_mk_fpa_eq(z, x, y)); break;
  case SMT_FP_LT: r = K(&b, Z3_mk_fpa_lt(z, x, y)); break;
  case SMT_FP_LEQ: r = K(&b, Z3_mk_fpa_leq(z, x, y)); break;
  case SMT_FP_ISNAN: r = K(&b, Z3_mk_fpa_is_nan(z, x)); break;
  case SMT_FP_TO_SBV:
  case SMT_FP_TO_UBV: {
    bool sg = k == SMT_FP_TO_SBV;
    Z3_ast conv = K(&b, sg ? Z3_mk_fpa_to_sbv(z, rmode(&b, SMT_RM_RTZ), x, rw)
                           : Z3_mk_fpa_to_ubv(z, rmode(&b, SMT_RM_RTZ), x, rw));
    Z3_sort s = Z3_mk_bv_sort(z, rw);
    K(&b, Z3_sort_to_ast(z, s));
    Z3_ast any = K(&b, Z3_mk_fresh_const(z, "fp.conv", s));
    r = K(&b, Z3_mk_ite(z, to_bv_in_range(&b, x, w, rw, sg), conv, any));
    break;
  }
  case SMT_SBV_TO_FP:
    r = wr(&b, K(&b, Z3_mk_fpa_to_fp_signed(z, rmode(&b, SMT_RM_RNE), a[0], fsort(&b, rw))), rw);
    break;
  case SMT_UBV_TO_FP:
    r = wr(&b, K(&b, Z3_mk_fpa_to_fp_unsigned(z, rmode(&b, SMT_RM_RNE), a[0], fsort(&b, rw))), rw);
    break;
  case SMT_FP_EXT:
  case SMT_FP_TRUNC:
    r = wr(&b, K(&b, Z3_mk_fpa_to_fp_float(z, rmode(&b, SMT_RM_RNE), x, fsort(&b, rw))), rw);
    break;
  default: smt_fatal("z3 back end: %s is not a float kind", smt_kind_name(k));
  }
  /* the caller's reference, then the intermediate ones go */
  Z3_inc_ref(z, r);
  for (size_t i = 0; i < b.keep.len; i++) Z3_dec_ref(z, b.keep.data[i]);
  VEC_FREE(b.keep);
  return r;
}
