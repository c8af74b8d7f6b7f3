/* ir arith: see ir_arith.h. Signed results are computed exactly in 64 bits
 * (with the host's overflow builtins for w = 64) and then range-checked, so
 * one code path serves every width, including i1 (range -1..0). */
#include "ir_arith.h"

#include <assert.h>

static bool sadd_ovf(unsigned w, uint64_t a, uint64_t b) {
  int64_t s;
  if (__builtin_add_overflow(ir_sext(a, w), ir_sext(b, w), &s)) return true;
  return !ir_fits_signed(s, w);
}

static bool ssub_ovf(unsigned w, uint64_t a, uint64_t b) {
  int64_t s;
  if (__builtin_sub_overflow(ir_sext(a, w), ir_sext(b, w), &s)) return true;
  return !ir_fits_signed(s, w);
}

static bool smul_ovf(unsigned w, uint64_t a, uint64_t b) {
  int64_t s;
  if (__builtin_mul_overflow(ir_sext(a, w), ir_sext(b, w), &s)) return true;
  return !ir_fits_signed(s, w);
}

static bool uadd_ovf(unsigned w, uint64_t a, uint64_t b) {
  uint64_t s;
  if (__builtin_add_overflow(a, b, &s)) return true;
  return s > ir_mask(w);
}

static bool usub_ovf(unsigned w, uint64_t a, uint64_t b) { (void)w; return b > a; }

static bool umul_ovf(unsigned w, uint64_t a, uint64_t b) {
  uint64_t s;
  if (__builtin_mul_overflow(a, b, &s)) return true;
  return s > ir_mask(w);
}

static int64_t smin(unsigned w) {
  assert(w >= 1 && w <= 64);
  return ir_sext((uint64_t)1 << (w - 1), w);
}

ir_arith_fault ir_arith_binary(ir_opcode op, unsigned flags, unsigned w, uint64_t a, uint64_t b, uint64_t *r) {
  assert(w >= 1 && w <= 64 && r);
  uint64_t m = ir_mask(w);
  a &= m;
  b &= m;
  switch (op) {
  case IR_ADD:
    if ((flags & IR_NSW) && sadd_ovf(w, a, b)) return IR_ARITH_SIGNED_OVERFLOW;
    if ((flags & IR_NUW) && uadd_ovf(w, a, b)) return IR_ARITH_UNSIGNED_WRAP;
    *r = (a + b) & m;
    return IR_ARITH_OK;
  case IR_SUB:
    if ((flags & IR_NSW) && ssub_ovf(w, a, b)) return IR_ARITH_SIGNED_OVERFLOW;
    if ((flags & IR_NUW) && usub_ovf(w, a, b)) return IR_ARITH_UNSIGNED_WRAP;
    *r = (a - b) & m;
    return IR_ARITH_OK;
  case IR_MUL:
    if ((flags & IR_NSW) && smul_ovf(w, a, b)) return IR_ARITH_SIGNED_OVERFLOW;
    if ((flags & IR_NUW) && umul_ovf(w, a, b)) return IR_ARITH_UNSIGNED_WRAP;
    *r = (a * b) & m;
    return IR_ARITH_OK;
  case IR_UDIV:
  case IR_UREM:
    if (b == 0) return IR_ARITH_DIV_BY_ZERO;
    if (op == IR_UDIV && (flags & IR_EXACT) && a % b != 0) return IR_ARITH_INEXACT;
    *r = op == IR_UDIV ? a / b : a % b;
    return IR_ARITH_OK;
  case IR_SDIV:
  case IR_SREM: {
    if (b == 0) return IR_ARITH_DIV_BY_ZERO;
    int64_t sa = ir_sext(a, w), sb = ir_sext(b, w);
    /* Checked before dividing: INT64_MIN / -1 traps on the host. */
    if (sa == smin(w) && sb == -1) return op == IR_SDIV ? IR_ARITH_DIV_OVERFLOW : IR_ARITH_REM_OVERFLOW;
    if (op == IR_SDIV && (flags & IR_EXACT) && sa % sb != 0) return IR_ARITH_INEXACT;
    *r = (uint64_t)(op == IR_SDIV ? sa / sb : sa % sb) & m;
    return IR_ARITH_OK;
  }
  case IR_SHL: {
    if (b >= w) return IR_ARITH_SHIFT_TOO_FAR;
    uint64_t res = (a << b) & m;
    /* nsw: the bits shifted out must all equal the result's sign bit. */
    if ((flags & IR_NSW) && (ir_sext(res, w) >> b) != ir_sext(a, w)) return IR_ARITH_SIGNED_OVERFLOW;
    if ((flags & IR_NUW) && (res >> b) != a) return IR_ARITH_UNSIGNED_WRAP;
    *r = res;
    return IR_ARITH_OK;
  }
  case IR_LSHR:
    if (b >= w) return IR_ARITH_SHIFT_TOO_FAR;
    if ((flags & IR_EXACT) && b > 0 && (a & ir_mask((unsigned)b)) != 0) return IR_ARITH_INEXACT;
    *r = a >> b;
    return IR_ARITH_OK;
  case IR_ASHR:
    if (b >= w) return IR_ARITH_SHIFT_TOO_FAR;
    if ((flags & IR_EXACT) && b > 0 && (a & ir_mask((unsigned)b)) != 0) return IR_ARITH_INEXACT;
    *r = (uint64_t)(ir_sext(a, w) >> b) & m;
    return IR_ARITH_OK;
  case IR_AND: *r = a & b; return IR_ARITH_OK;
  case IR_OR: *r = a | b; return IR_ARITH_OK;
  case IR_XOR: *r = a ^ b; return IR_ARITH_OK;
  default: *r = 0; return IR_ARITH_OK;
  }
}

bool ir_arith_icmp(ir_pred p, unsigned w, uint64_t a, uint64_t b) {
  assert(w >= 1 && w <= 64);
  uint64_t m = ir_mask(w);
  a &= m;
  b &= m;
  int64_t sa = ir_sext(a, w), sb = ir_sext(b, w);
  switch (p) {
  case IR_EQ: return a == b;
  case IR_NE: return a != b;
  case IR_UGT: return a > b;
  case IR_UGE: return a >= b;
  case IR_ULT: return a < b;
  case IR_ULE: return a <= b;
  case IR_SGT: return sa > sb;
  case IR_SGE: return sa >= sb;
  case IR_SLT: return sa < sb;
  case IR_SLE: return sa <= sb;
  default: return false;
  }
}

bool ir_arith_overflows(ir_ovf k, unsigned w, uint64_t a, uint64_t b) {
  assert(w >= 1 && w <= 64);
  uint64_t m = ir_mask(w);
  a &= m;
  b &= m;
  switch (k) {
  case IR_OVF_SADD: return sadd_ovf(w, a, b);
  case IR_OVF_UADD: return uadd_ovf(w, a, b);
  case IR_OVF_SSUB: return ssub_ovf(w, a, b);
  case IR_OVF_USUB: return usub_ovf(w, a, b);
  case IR_OVF_SMUL: return smul_ovf(w, a, b);
  case IR_OVF_UMUL: return umul_ovf(w, a, b);
  default: return false;
  }
}
