/* Unit tests of src/ir/ir_arith: bitvector arithmetic at widths 1, 8, 16, 32,
 * 64. Hand-picked cases (every binary op, every fault kind, icmp and
 * overflow predicates, the sext/mask helpers), then an exhaustive sweep over
 * edge values (0, 1, 2, 3, INT_MIN, INT_MAX, UINT_MAX, the width, ...) of
 * every op and flag combination, every predicate and overflow kind, against
 * a reference model in exact 128-bit arithmetic. */
#include <stdint.h>

#include "ir/ir_arith.h"
#include "test_util.h"

/* ---- pure arithmetic -------------------------------------------------------- */
static void test_arith_pure(void) {
  uint64_t r;
  /* add at every width */
  CHECK(ir_arith_binary(IR_ADD, 0, 1, 1, 1, &r) == IR_ARITH_OK && r == 0);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 1, 1, 1, &r) == IR_ARITH_SIGNED_OVERFLOW); /* -1 + -1 */
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 1, 0, 1, &r) == IR_ARITH_OK && r == 1);
  CHECK(ir_arith_binary(IR_ADD, IR_NUW, 1, 1, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 8, 127, 1, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 8, 0x80, 0xff, &r) == IR_ARITH_SIGNED_OVERFLOW); /* -128 + -1 */
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 8, 0x7f, 0xff, &r) == IR_ARITH_OK && r == 0x7e);
  CHECK(ir_arith_binary(IR_ADD, 0, 8, 255, 1, &r) == IR_ARITH_OK && r == 0);
  CHECK(ir_arith_binary(IR_ADD, IR_NUW, 8, 255, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 16, 0x7fff, 1, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 16, 0x7ffe, 1, &r) == IR_ARITH_OK && r == 0x7fff);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 32, 0x7fffffff, 1, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW | IR_NUW, 32, 0xffffffff, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 32, 0xffffffff, 1, &r) == IR_ARITH_OK && r == 0);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 64, INT64_MAX, 1, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_ADD, IR_NSW, 64, (uint64_t)INT64_MIN, UINT64_MAX, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_ADD, IR_NUW, 64, UINT64_MAX, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_ADD, 0, 64, UINT64_MAX, 2, &r) == IR_ARITH_OK && r == 1);
  /* sub */
  CHECK(ir_arith_binary(IR_SUB, IR_NSW, 8, 0x80, 1, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_SUB, IR_NSW, 8, 0, 0x80, &r) == IR_ARITH_SIGNED_OVERFLOW); /* 0 - -128 */
  CHECK(ir_arith_binary(IR_SUB, IR_NSW, 8, 0xff, 0x80, &r) == IR_ARITH_OK && r == 0x7f);
  CHECK(ir_arith_binary(IR_SUB, IR_NUW, 16, 0, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_SUB, 0, 16, 0, 1, &r) == IR_ARITH_OK && r == 0xffff);
  CHECK(ir_arith_binary(IR_SUB, IR_NSW, 64, 0, (uint64_t)INT64_MIN, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_SUB, IR_NSW, 1, 0, 1, &r) == IR_ARITH_SIGNED_OVERFLOW); /* 0 - (-1) = 1 */
  /* mul */
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 8, 16, 8, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 8, 0xf0, 8, &r) == IR_ARITH_OK && r == 0x80); /* -16*8 = -128 */
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 32, 65536, 32768, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 32, 0xffffffff, 0x80000000, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NUW, 32, 65536, 65536, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_MUL, 0, 32, 65536, 65536, &r) == IR_ARITH_OK && r == 0);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 64, (uint64_t)1 << 32, (uint64_t)1 << 30, &r) == IR_ARITH_OK &&
        r == (uint64_t)1 << 62);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 64, (uint64_t)1 << 32, (uint64_t)1 << 31, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 64, UINT64_MAX << 32, (uint64_t)1 << 31, &r) == IR_ARITH_OK &&
        r == (uint64_t)1 << 63); /* -2^32 * 2^31 = INT64_MIN */
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 64, (uint64_t)1 << 32, (uint64_t)1 << 32, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 64, UINT64_MAX, (uint64_t)INT64_MIN, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_MUL, IR_NUW, 64, (uint64_t)1 << 32, (uint64_t)1 << 32, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_MUL, IR_NSW, 1, 1, 1, &r) == IR_ARITH_SIGNED_OVERFLOW); /* -1 * -1 = 1 */
  CHECK(ir_arith_binary(IR_MUL, 0, 1, 1, 1, &r) == IR_ARITH_OK && r == 1);
  /* division */
  CHECK(ir_arith_binary(IR_UDIV, 0, 8, 200, 7, &r) == IR_ARITH_OK && r == 28);
  CHECK(ir_arith_binary(IR_SDIV, 0, 8, 0xc8, 7, &r) == IR_ARITH_OK && r == (uint8_t)-8); /* -56/7 */
  CHECK(ir_arith_binary(IR_SREM, 0, 8, 0xf9, 2, &r) == IR_ARITH_OK && r == 0xff);       /* -7%2 = -1 */
  CHECK(ir_arith_binary(IR_UREM, 0, 16, 65535, 10, &r) == IR_ARITH_OK && r == 5);
  CHECK(ir_arith_binary(IR_UDIV, 0, 32, 5, 0, &r) == IR_ARITH_DIV_BY_ZERO);
  CHECK(ir_arith_binary(IR_SREM, 0, 64, 5, 0, &r) == IR_ARITH_DIV_BY_ZERO);
  CHECK(ir_arith_binary(IR_SDIV, 0, 32, 0x80000000, 0xffffffff, &r) == IR_ARITH_DIV_OVERFLOW);
  CHECK(ir_arith_binary(IR_SREM, 0, 32, 0x80000000, 0xffffffff, &r) == IR_ARITH_REM_OVERFLOW);
  CHECK(ir_arith_binary(IR_SDIV, 0, 64, (uint64_t)INT64_MIN, UINT64_MAX, &r) == IR_ARITH_DIV_OVERFLOW);
  CHECK(ir_arith_binary(IR_SREM, 0, 64, (uint64_t)INT64_MIN, UINT64_MAX, &r) == IR_ARITH_REM_OVERFLOW);
  CHECK(ir_arith_binary(IR_SDIV, 0, 1, 1, 1, &r) == IR_ARITH_DIV_OVERFLOW); /* -1 / -1 in i1 */
  CHECK(ir_arith_binary(IR_SDIV, 0, 64, (uint64_t)INT64_MIN, 2, &r) == IR_ARITH_OK &&
        r == (uint64_t)(INT64_MIN / 2));
  CHECK(ir_arith_binary(IR_UDIV, IR_EXACT, 32, 7, 2, &r) == IR_ARITH_INEXACT);
  CHECK(ir_arith_binary(IR_UDIV, IR_EXACT, 32, 8, 2, &r) == IR_ARITH_OK && r == 4);
  CHECK(ir_arith_binary(IR_SDIV, IR_EXACT, 32, (uint32_t)-7, 2, &r) == IR_ARITH_INEXACT);
  /* shifts */
  CHECK(ir_arith_binary(IR_SHL, 0, 32, 1, 31, &r) == IR_ARITH_OK && r == 0x80000000);
  CHECK(ir_arith_binary(IR_SHL, IR_NSW, 32, 1, 31, &r) == IR_ARITH_SIGNED_OVERFLOW);
  CHECK(ir_arith_binary(IR_SHL, IR_NSW, 32, 0xffffffff, 31, &r) == IR_ARITH_OK && r == 0x80000000);
  CHECK(ir_arith_binary(IR_SHL, IR_NUW, 8, 0x81, 1, &r) == IR_ARITH_UNSIGNED_WRAP);
  CHECK(ir_arith_binary(IR_SHL, 0, 32, 1, 32, &r) == IR_ARITH_SHIFT_TOO_FAR);
  CHECK(ir_arith_binary(IR_SHL, 0, 64, 1, 63, &r) == IR_ARITH_OK && r == (uint64_t)1 << 63);
  CHECK(ir_arith_binary(IR_SHL, 0, 64, 1, 64, &r) == IR_ARITH_SHIFT_TOO_FAR);
  CHECK(ir_arith_binary(IR_LSHR, 0, 8, 0x80, 7, &r) == IR_ARITH_OK && r == 1);
  CHECK(ir_arith_binary(IR_LSHR, 0, 8, 0x80, 8, &r) == IR_ARITH_SHIFT_TOO_FAR);
  CHECK(ir_arith_binary(IR_LSHR, IR_EXACT, 8, 5, 1, &r) == IR_ARITH_INEXACT);
  CHECK(ir_arith_binary(IR_ASHR, 0, 8, 0x80, 7, &r) == IR_ARITH_OK && r == 0xff);
  CHECK(ir_arith_binary(IR_ASHR, 0, 16, 0x8000, 15, &r) == IR_ARITH_OK && r == 0xffff);
  CHECK(ir_arith_binary(IR_ASHR, 0, 64, (uint64_t)INT64_MIN, 63, &r) == IR_ARITH_OK && r == UINT64_MAX);
  CHECK(ir_arith_binary(IR_ASHR, IR_EXACT, 32, 6, 1, &r) == IR_ARITH_OK && r == 3);
  CHECK(ir_arith_binary(IR_ASHR, IR_EXACT, 32, 7, 1, &r) == IR_ARITH_INEXACT);
  CHECK(ir_arith_binary(IR_ASHR, 0, 1, 1, 1, &r) == IR_ARITH_SHIFT_TOO_FAR);
  CHECK(ir_arith_binary(IR_SHL, 0, 1, 1, 0, &r) == IR_ARITH_OK && r == 1);
  /* bitwise */
  CHECK(ir_arith_binary(IR_XOR, 0, 16, 0xff00, 0x0ff0, &r) == IR_ARITH_OK && r == 0xf0f0);
  CHECK(ir_arith_binary(IR_AND, 0, 1, 1, 1, &r) == IR_ARITH_OK && r == 1);
  CHECK(ir_arith_binary(IR_OR, 0, 64, 1, (uint64_t)1 << 63, &r) == IR_ARITH_OK && r == ((uint64_t)1 << 63 | 1));
  /* icmp */
  CHECK(ir_arith_icmp(IR_SLT, 8, 0x80, 0x7f));
  CHECK(!ir_arith_icmp(IR_ULT, 8, 0x80, 0x7f));
  CHECK(ir_arith_icmp(IR_SGT, 1, 0, 1)); /* 0 > -1 */
  CHECK(ir_arith_icmp(IR_UGE, 64, UINT64_MAX, 0));
  CHECK(ir_arith_icmp(IR_SLE, 64, (uint64_t)INT64_MIN, 0));
  CHECK(ir_arith_icmp(IR_EQ, 32, 5, 5) && ir_arith_icmp(IR_NE, 32, 5, 6));
  /* overflow predicates */
  CHECK(ir_arith_overflows(IR_OVF_SADD, 32, 0x7fffffff, 1));
  CHECK(!ir_arith_overflows(IR_OVF_UADD, 32, 0x7fffffff, 1));
  CHECK(ir_arith_overflows(IR_OVF_USUB, 16, 0, 1));
  CHECK(ir_arith_overflows(IR_OVF_SSUB, 64, (uint64_t)INT64_MIN, 1));
  CHECK(ir_arith_overflows(IR_OVF_SMUL, 8, 16, 8));
  CHECK(ir_arith_overflows(IR_OVF_UMUL, 64, (uint64_t)1 << 33, (uint64_t)1 << 31));
  CHECK(!ir_arith_overflows(IR_OVF_UMUL, 64, (uint64_t)1 << 32, (uint64_t)1 << 31));
  /* sext helpers */
  CHECK(ir_sext(1, 1) == -1 && ir_sext(0x80, 8) == -128 && ir_sext(0x7f, 8) == 127);
  CHECK(ir_fits_signed(-128, 8) && !ir_fits_signed(128, 8) && ir_fits_signed(INT64_MIN, 64));
}

/* ---- helpers --------------------------------------------------------------- */
static void test_helpers(void) {
  static const unsigned ws[] = {1, 8, 16, 32, 64};
  CHECK(ir_mask(0) == 0 && ir_mask(1) == 1 && ir_mask(8) == 0xff && ir_mask(63) == UINT64_MAX >> 1);
  CHECK(ir_mask(64) == UINT64_MAX && ir_mask(65) == UINT64_MAX);
  CHECK(ir_sext(0xabc, 0) == 0xabc); /* w = 0 reads as 64 */
  for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
    unsigned w = ws[i];
    int64_t smax = (int64_t)(ir_mask(w) >> 1), smin = -smax - 1;
    CHECK_MSG(ir_sext(0, w) == 0 && ir_sext(ir_mask(w), w) == -1, "w %u", w);
    CHECK_MSG(ir_sext((uint64_t)smin, w) == smin && ir_sext((uint64_t)smax, w) == smax, "w %u", w);
    CHECK_MSG(ir_sext(~ir_mask(w) | 1, w) == (w == 1 ? -1 : 1), "w %u: bits above w ignored", w);
    CHECK_MSG(ir_fits_signed(smin, w) && ir_fits_signed(smax, w) && ir_fits_signed(0, w), "w %u", w);
    if (w < 64) CHECK_MSG(!ir_fits_signed(smin - 1, w) && !ir_fits_signed(smax + 1, w), "w %u", w);
  }
  ir_value c = ir_const(ir_type_int(8), 0x80);
  CHECK(ir_const_signed(c) == -128);
}

/* ---- reference model ------------------------------------------------------- */
typedef __int128 i128;
typedef unsigned __int128 u128;

/* v (masked to w bits) read as two's complement, without ir_sext */
static i128 ref_s(uint64_t v, unsigned w) { return v >> (w - 1) ? (i128)v - ((i128)1 << w) : (i128)v; }
static bool ref_fits_s(i128 v, unsigned w) {
  i128 max = ((i128)1 << (w - 1)) - 1;
  return v >= -max - 1 && v <= max;
}
static bool ref_fits_u(i128 v, unsigned w) { return v >= 0 && (u128)v <= (u128)ir_mask(w); }
static uint64_t ref_wrap(i128 v, unsigned w) { return (uint64_t)(u128)v & ir_mask(w); }

/* The fault and result LLVM's LangRef gives for op with flags at width w
 * (operands already masked), fault order as in ir_arith.h. */
static ir_arith_fault ref_binary(ir_opcode op, unsigned flags, unsigned w, uint64_t a, uint64_t b, uint64_t *r) {
  i128 sa = ref_s(a, w), sb = ref_s(b, w), ua = (i128)a, ub = (i128)b;
  bool nsw = flags & IR_NSW, nuw = flags & IR_NUW, exact = flags & IR_EXACT;
  switch (op) {
  case IR_ADD:
  case IR_SUB:
  case IR_MUL: {
    i128 s = op == IR_ADD ? sa + sb : op == IR_SUB ? sa - sb : sa * sb;
    /* (2^64-1)^2 overflows i128: the unsigned product is checked in u128 */
    bool wraps = op == IR_ADD ? !ref_fits_u(ua + ub, w)
               : op == IR_SUB ? ua < ub
                              : (u128)a * (u128)b > (u128)ir_mask(w);
    if (nsw && !ref_fits_s(s, w)) return IR_ARITH_SIGNED_OVERFLOW;
    if (nuw && wraps) return IR_ARITH_UNSIGNED_WRAP;
    *r = ref_wrap(s, w); /* the low w bits of the signed and unsigned results agree */
    return IR_ARITH_OK;
  }
  case IR_UDIV:
  case IR_UREM:
    if (b == 0) return IR_ARITH_DIV_BY_ZERO;
    if (op == IR_UDIV && exact && ua % ub != 0) return IR_ARITH_INEXACT;
    *r = ref_wrap(op == IR_UDIV ? ua / ub : ua % ub, w);
    return IR_ARITH_OK;
  case IR_SDIV:
  case IR_SREM:
    if (b == 0) return IR_ARITH_DIV_BY_ZERO;
    /* the exact quotient does not fit; for srem LLVM makes it UB as well */
    if (!ref_fits_s(sa / sb, w)) return op == IR_SDIV ? IR_ARITH_DIV_OVERFLOW : IR_ARITH_REM_OVERFLOW;
    if (op == IR_SDIV && exact && sa % sb != 0) return IR_ARITH_INEXACT;
    *r = ref_wrap(op == IR_SDIV ? sa / sb : sa % sb, w);
    return IR_ARITH_OK;
  case IR_SHL:
  case IR_LSHR:
  case IR_ASHR: {
    if (b >= w) return IR_ARITH_SHIFT_TOO_FAR;
    i128 p = (i128)1 << b;
    if (op == IR_SHL) {
      if (nsw && !ref_fits_s(sa * p, w)) return IR_ARITH_SIGNED_OVERFLOW;
      if (nuw && !ref_fits_u(ua * p, w)) return IR_ARITH_UNSIGNED_WRAP;
      *r = ref_wrap(ua * p, w);
      return IR_ARITH_OK;
    }
    if (exact && ua % p != 0) return IR_ARITH_INEXACT;
    /* floor division: C's / truncates, so round the signed case down */
    i128 x = op == IR_LSHR ? ua : sa;
    i128 q = x / p - (x % p < 0 ? 1 : 0);
    *r = ref_wrap(q, w);
    return IR_ARITH_OK;
  }
  case IR_AND: *r = a & b; return IR_ARITH_OK;
  case IR_OR: *r = a | b; return IR_ARITH_OK;
  case IR_XOR: *r = a ^ b; return IR_ARITH_OK;
  default: *r = 0; return IR_ARITH_OK;
  }
}

static bool ref_icmp(ir_pred p, unsigned w, uint64_t a, uint64_t b) {
  i128 sa = ref_s(a, w), sb = ref_s(b, w);
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
  }
  return false;
}

static bool ref_overflows(ir_ovf k, unsigned w, uint64_t a, uint64_t b) {
  i128 sa = ref_s(a, w), sb = ref_s(b, w), ua = (i128)a, ub = (i128)b;
  switch (k) {
  case IR_OVF_SADD: return !ref_fits_s(sa + sb, w);
  case IR_OVF_UADD: return !ref_fits_u(ua + ub, w);
  case IR_OVF_SSUB: return !ref_fits_s(sa - sb, w);
  case IR_OVF_USUB: return !ref_fits_u(ua - ub, w);
  case IR_OVF_SMUL: return !ref_fits_s(sa * sb, w);
  case IR_OVF_UMUL: return (u128)a * (u128)b > (u128)ir_mask(w);
  }
  return false;
}

/* ---- sweep over edge values ------------------------------------------------ */
#define NFAULTS (IR_ARITH_SHIFT_TOO_FAR + 1)

static size_t edge_values(unsigned w, uint64_t *v) {
  uint64_t m = ir_mask(w), smin = (m >> 1) + 1;
  uint64_t raw[] = {0, 1, 2, 3, 4, 6, 7, w - 1, w, w + 1, smin - 1, smin, smin + 1, smin + 2,
                    m - 1, m, m - 2, m >> 2, 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull};
  size_t n = 0;
  for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) v[n++] = raw[i] & m;
  return n;
}

static void test_sweep(void) {
  static const unsigned ws[] = {1, 8, 16, 32, 64};
  uint64_t v[32];
  for (size_t wi = 0; wi < sizeof ws / sizeof ws[0]; wi++) {
    unsigned w = ws[wi];
    uint64_t hi = ~ir_mask(w) & 0xdeadbeefcafef00dull; /* garbage above bit w */
    size_t n = edge_values(w, v);
    unsigned seen[NFAULTS] = {0};
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
      for (size_t j = 0; j < n; j++) {
        uint64_t a = v[i], b = v[j];
        for (unsigned op = IR_ADD; op <= IR_XOR; op++) {
          for (unsigned flags = 0; flags <= (IR_NSW | IR_NUW | IR_EXACT); flags++) {
            uint64_t r = 0xfeed, e = 0xbeef, rg = 0xfeed;
            ir_arith_fault f = ir_arith_binary((ir_opcode)op, flags, w, a, b, &r);
            ir_arith_fault fe = ref_binary((ir_opcode)op, flags, w, a, b, &e);
            ir_arith_fault fg = ir_arith_binary((ir_opcode)op, flags, w, a | hi, b | hi, &rg);
            seen[f]++;
            bool ok = f == fe && fg == f && (f != IR_ARITH_OK || (r == e && rg == e));
            if (!ok && bad++ < 10)
              CHECK_MSG(ok, "%s flags %u i%u %#llx, %#llx: fault %d (ref %d, garbage %d) r %#llx (ref %#llx, garbage %#llx)",
                        ir_opcode_name((ir_opcode)op), flags, w, (unsigned long long)a, (unsigned long long)b, (int)f,
                        (int)fe, (int)fg, (unsigned long long)r, (unsigned long long)e, (unsigned long long)rg);
            else CHECK(ok);
          }
        }
        for (unsigned p = IR_EQ; p <= IR_SLE; p++) {
          bool got = ir_arith_icmp((ir_pred)p, w, a, b);
          CHECK_MSG(got == ref_icmp((ir_pred)p, w, a, b) && ir_arith_icmp((ir_pred)p, w, a | hi, b | hi) == got,
                    "%s i%u %#llx, %#llx", ir_pred_name((ir_pred)p), w, (unsigned long long)a, (unsigned long long)b);
        }
        for (unsigned k = IR_OVF_SADD; k <= IR_OVF_UMUL; k++) {
          bool got = ir_arith_overflows((ir_ovf)k, w, a, b);
          CHECK_MSG(got == ref_overflows((ir_ovf)k, w, a, b) && ir_arith_overflows((ir_ovf)k, w, a | hi, b | hi) == got,
                    "ovf %u i%u %#llx, %#llx", k, w, (unsigned long long)a, (unsigned long long)b);
        }
      }
    }
    /* every fault kind occurs at every width (i1 cannot be inexact: its only
     * divisor is 1 / -1 and its only shift amount 0) */
    for (int f = 0; f < NFAULTS; f++)
      CHECK_MSG(seen[f] > 0 || (w == 1 && f == IR_ARITH_INEXACT), "i%u: fault %d never produced", w, f);
    CHECK_MSG(w > 1 || seen[IR_ARITH_INEXACT] == 0, "i1 inexact");
  }
}

int main(void) {
  test_arith_pure();
  test_helpers();
  test_sweep();
  return TEST_SUMMARY();
}
