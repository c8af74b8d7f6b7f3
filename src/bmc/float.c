/* float: the BMC encoding of the floating-point instructions (IR_FADD ..
 * IR_FMATH, ir.h) with the float terms of src/smt (term.h "Floating
 * point"): a float is its IEEE bit pattern in a BV(32) or BV(64), as in
 * the IR, and every opcode is encoded exactly (round to nearest even).
 * What the semantics leave open (a NaN's bit pattern, out-of-range
 * conversions) the terms leave open too, so no proof depends on it.
 */
#include <assert.h>

#include "internal.h"

static bool fw_ok(unsigned w) { return w == 32 || w == 64; }

/* The bit pattern of +-2^k as a float of width w, or +-oo when 2^k
 * exceeds the largest finite value. */
static smt_term pow2(smt_ctx *c, unsigned w, unsigned k, bool neg) {
  unsigned bias = w == 32 ? 127 : 1023, mbits = w == 32 ? 23 : 52;
  uint64_t expo = k > bias ? 2 * bias + 1 : k + bias; /* all ones: infinity */
  uint64_t bits = expo << mbits;
  if (neg) bits |= 1ull << (w - 1);
  return smt_mk_bv(c, w, bits);
}

/* x (float) rounded toward zero is not an integer of n bits, signed or
 * not: fptosi / fptoui is undefined (C11 6.3.1.4). */
static smt_term to_int_ub(benc *e, smt_term x, unsigned n, bool is_signed) {
  smt_ctx *c = e->ctx;
  unsigned w = smt_bv_width(c, x), bias = w == 32 ? 127 : 1023;
  smt_term t = smt_mk_fp_round(c, x, SMT_RM_RTZ);
  smt_term lo_ok, hi_ok;
  if (is_signed) {
    smt_term lo = pow2(c, w, n - 1, true);
    /* -2^(n-1) fits; when it is -oo every finite value fits but -oo does not */
    lo_ok = n - 1 > bias ? smt_mk_fp_op2(c, SMT_FP_LT, lo, t) : smt_mk_fp_op2(c, SMT_FP_LEQ, lo, t);
    hi_ok = smt_mk_fp_op2(c, SMT_FP_LT, t, pow2(c, w, n - 1, false));
  } else {
    lo_ok = smt_mk_fp_op2(c, SMT_FP_LEQ, smt_mk_bv(c, w, 0), t); /* -0 = +0 fits */
    hi_ok = smt_mk_fp_op2(c, SMT_FP_LT, t, pow2(c, w, n, false));
  }
  /* NaN fails both comparisons (C11 6.3.1.4: not representable) */
  return smt_mk_not(c, smt_mk_and2(c, lo_ok, hi_ok));
}

/* C's fmod(x, y) (IEEE fmod: the exact x - trunc(x/y)*y), from the IEEE
 * remainder r = x - n*y with n = x/y rounded to nearest even (fp.rem): when
 * r is non-zero and its sign differs from x's, fmod = r + |y| (x > 0) or
 * r - |y| (x < 0). Both are exact: the true fmod is representable, so the
 * rounded sum is it. A zero r has x's sign already, as fmod's zero does. */
static smt_term fmod_term(smt_ctx *c, smt_term x, smt_term y, unsigned w) {
  smt_term r = smt_mk_fp_op2(c, SMT_FP_REM, x, y);
  smt_term zero = smt_mk_bv(c, w, 0);
  smt_term abs_y = smt_mk_bv_op2(c, SMT_BV_AND, y, smt_mk_bv(c, w, w == 32 ? 0x7fffffffu : 0x7fffffffffffffffu));
  smt_term r_neg = smt_mk_fp_op2(c, SMT_FP_LT, r, zero), r_pos = smt_mk_fp_op2(c, SMT_FP_LT, zero, r);
  smt_term x_neg = smt_mk_fp_op2(c, SMT_FP_LT, x, zero), x_pos = smt_mk_fp_op2(c, SMT_FP_LT, zero, x);
  smt_term up = smt_mk_and2(c, x_pos, r_neg), down = smt_mk_and2(c, x_neg, r_pos);
  return smt_mk_ite(c, up, smt_mk_fp_op2(c, SMT_FP_ADD, r, abs_y),
                    smt_mk_ite(c, down, smt_mk_fp_op2(c, SMT_FP_SUB, r, abs_y), r));
}

/* LLVM's fcmp predicates (ir_fpred) from fp.eq / fp.lt / fp.leq / isNaN:
 * O* = neither operand NaN and the relation, U* = some NaN or the relation;
 * the IEEE relations are false on a NaN already. */
static smt_term fcmp(smt_ctx *c, unsigned p, smt_term a, smt_term b) {
  smt_term uno = smt_mk_or2(c, smt_mk_fp_op1(c, SMT_FP_ISNAN, a), smt_mk_fp_op1(c, SMT_FP_ISNAN, b));
  smt_term eq = smt_mk_fp_op2(c, SMT_FP_EQ, a, b);
  smt_term gt = smt_mk_fp_op2(c, SMT_FP_LT, b, a), ge = smt_mk_fp_op2(c, SMT_FP_LEQ, b, a);
  smt_term lt = smt_mk_fp_op2(c, SMT_FP_LT, a, b), le = smt_mk_fp_op2(c, SMT_FP_LEQ, a, b);
  switch (p) {
  case IR_FFALSE: return SMT_FALSE;
  case IR_FOEQ: return eq;
  case IR_FOGT: return gt;
  case IR_FOGE: return ge;
  case IR_FOLT: return lt;
  case IR_FOLE: return le;
  case IR_FONE: return smt_mk_or2(c, lt, gt);
  case IR_FORD: return smt_mk_not(c, uno);
  case IR_FUNO: return uno;
  case IR_FUEQ: return smt_mk_or2(c, uno, eq);
  case IR_FUGT: return smt_mk_or2(c, uno, gt);
  case IR_FUGE: return smt_mk_or2(c, uno, ge);
  case IR_FULT: return smt_mk_or2(c, uno, lt);
  case IR_FULE: return smt_mk_or2(c, uno, le);
  case IR_FUNE: return smt_mk_not(c, eq);
  default: return SMT_TRUE; /* IR_FTRUE */
  }
}

smt_term bfloat_value(benc *e, const ir_inst *in, const smt_term *ops, unsigned w, smt_term *ub) {
  smt_ctx *c = e->ctx;
  assert(ir_is_float_op(in->op) && in->nops >= 1 && ops[0] != SMT_NULL);
  *ub = SMT_FALSE;
  smt_term x = ops[0], y = in->nops > 1 ? ops[1] : SMT_NULL;
  unsigned xw = smt_bv_width(c, x);
  bool from_int = in->op == IR_SITOFP || in->op == IR_UITOFP;
  /* ir_verify guarantees the widths; anything else stays unknown */
  if (!from_int && !fw_ok(xw)) return SMT_NULL;
  if (y != SMT_NULL && smt_bv_width(c, y) != xw) return SMT_NULL;
  switch (in->op) {
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: {
    static const smt_kind k[] = {SMT_FP_ADD, SMT_FP_SUB, SMT_FP_MUL, SMT_FP_DIV};
    return y && w == xw ? smt_mk_fp_op2(c, k[in->op - IR_FADD], x, y) : SMT_NULL;
  }
  case IR_FREM: return y && w == xw ? fmod_term(c, x, y, xw) : SMT_NULL;
  case IR_FCMP: {
    if (!y || w != 1) return SMT_NULL;
    smt_term t = fcmp(c, in->pred, x, y);
    return smt_mk_ite(c, t, smt_mk_bv(c, 1, 1), smt_mk_bv(c, 1, 0));
  }
  case IR_FPTOSI: case IR_FPTOUI: {
    bool sg = in->op == IR_FPTOSI;
    *ub = to_int_ub(e, x, w, sg);
    return smt_mk_fp_conv(c, sg ? SMT_FP_TO_SBV : SMT_FP_TO_UBV, x, w);
  }
  case IR_SITOFP: case IR_UITOFP:
    return fw_ok(w) ? smt_mk_fp_conv(c, in->op == IR_SITOFP ? SMT_SBV_TO_FP : SMT_UBV_TO_FP, x, w) : SMT_NULL;
  case IR_FPEXT: return xw == 32 && w == 64 ? smt_mk_fp_op1(c, SMT_FP_EXT, x) : SMT_NULL;
  case IR_FPTRUNC: return xw == 64 && w == 32 ? smt_mk_fp_op1(c, SMT_FP_TRUNC, x) : SMT_NULL;
  case IR_FMATH: {
    if (w != xw) return SMT_NULL;
    switch (in->pred) {
    case IR_FM_SQRT: return smt_mk_fp_op1(c, SMT_FP_SQRT, x);
    case IR_FM_FLOOR: return smt_mk_fp_round(c, x, SMT_RM_RTN);
    case IR_FM_CEIL: return smt_mk_fp_round(c, x, SMT_RM_RTP);
    case IR_FM_TRUNC: return smt_mk_fp_round(c, x, SMT_RM_RTZ);
    case IR_FM_ROUND: return smt_mk_fp_round(c, x, SMT_RM_RNA);
    case IR_FM_RINT: return smt_mk_fp_round(c, x, SMT_RM_RNE);
    case IR_FM_FMIN: return y ? smt_mk_fp_op2(c, SMT_FP_MIN, x, y) : SMT_NULL;
    case IR_FM_FMAX: return y ? smt_mk_fp_op2(c, SMT_FP_MAX, x, y) : SMT_NULL;
    default: return SMT_NULL;
    }
  }
  default: return SMT_NULL;
  }
}
