/* interp float: the floating-point opcodes (ir.h, IR_FADD) on the host's
 * IEEE arithmetic. A value's bits are copied into a host float (32 bits) or
 * double (64 bits), computed with C's operators or libm, and copied back, so
 * results (NaN bits included) are those of native x86-64 SSE2 code: the host
 * is that machine, rounding to nearest even (fenv is never changed).
 * fptosi/fptoui of a value whose truncation does not fit the result, of a
 * NaN or of an infinity end the run as UB (C11 6.3.1.4). */
#include <math.h>
#include <string.h>

#include "internal.h"

static float to_f(uint64_t b) {
  uint32_t u = (uint32_t)b;
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
static double to_d(uint64_t b) {
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}
static uint64_t of_f(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static uint64_t of_d(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static uint64_t arith_f(unsigned op, float x, float y) {
  switch (op) {
  case IR_FADD: return of_f(x + y);
  case IR_FSUB: return of_f(x - y);
  case IR_FMUL: return of_f(x * y);
  case IR_FDIV: return of_f(x / y);
  default: return of_f(fmodf(x, y));
  }
}
static uint64_t arith_d(unsigned op, double x, double y) {
  switch (op) {
  case IR_FADD: return of_d(x + y);
  case IR_FSUB: return of_d(x - y);
  case IR_FMUL: return of_d(x * y);
  case IR_FDIV: return of_d(x / y);
  default: return of_d(fmod(x, y));
  }
}

/* fcmp: unordered when a NaN is involved; then only the U predicates hold.
 * Both formats compare exactly as doubles (float -> double is exact). */
static bool fcmp(ir_fpred p, double x, double y) {
  bool uno = isnan(x) || isnan(y);
  bool lt = !uno && x < y, gt = !uno && x > y, eq = !uno && x == y;
  switch (p) {
  case IR_FFALSE: return false;
  case IR_FOEQ: return eq;
  case IR_FOGT: return gt;
  case IR_FOGE: return gt || eq;
  case IR_FOLT: return lt;
  case IR_FOLE: return lt || eq;
  case IR_FONE: return lt || gt;
  case IR_FORD: return !uno;
  case IR_FUNO: return uno;
  case IR_FUEQ: return uno || eq;
  case IR_FUGT: return uno || gt;
  case IR_FUGE: return uno || gt || eq;
  case IR_FULT: return uno || lt;
  case IR_FULE: return uno || lt || eq;
  case IR_FUNE: return uno || lt || gt;
  case IR_FTRUE: return true;
  }
  return false;
}

/* fmin/fmax as clang -O0 compiles them for x86-64 (llvm.minnum/maxnum:
 * x NaN ? y : minsd/maxsd(y, x)): a NaN operand yields the other one, and of
 * two equal operands (-0.0 and +0.0) the first is returned. C leaves the
 * sign of a zero result open; this is the native programs' choice. */
#define FMIN(x, y) (isnan(x) ? (y) : (y) < (x) ? (y) : (x))
#define FMAX(x, y) (isnan(x) ? (y) : (y) > (x) ? (y) : (x))

static uint64_t fmath_f(ir_fmath f, float x, float y) {
  switch (f) {
  case IR_FM_SQRT: return of_f(sqrtf(x));
  case IR_FM_FLOOR: return of_f(floorf(x));
  case IR_FM_CEIL: return of_f(ceilf(x));
  case IR_FM_TRUNC: return of_f(truncf(x));
  case IR_FM_ROUND: return of_f(roundf(x));
  case IR_FM_RINT: return of_f(rintf(x));
  case IR_FM_FMIN: return of_f(FMIN(x, y));
  case IR_FM_FMAX: return of_f(FMAX(x, y));
  default: return 0;
  }
}
static uint64_t fmath_d(ir_fmath f, double x, double y) {
  switch (f) {
  case IR_FM_SQRT: return of_d(sqrt(x));
  case IR_FM_FLOOR: return of_d(floor(x));
  case IR_FM_CEIL: return of_d(ceil(x));
  case IR_FM_TRUNC: return of_d(trunc(x));
  case IR_FM_ROUND: return of_d(round(x));
  case IR_FM_RINT: return of_d(rint(x));
  case IR_FM_FMIN: return of_d(FMIN(x, y));
  case IR_FM_FMAX: return of_d(FMAX(x, y));
  default: return 0;
  }
}

/* float -> integer of width w, truncating; false if not representable. */
static bool to_int(double x, unsigned w, bool sgn, uint64_t *out) {
  if (isnan(x) || isinf(x)) return false;
  double t = trunc(x);
  if (sgn) {
    double lim = ldexp(1.0, (int)w - 1); /* exact: w <= 64 */
    if (!(t >= -lim && t < lim)) return false;
    *out = (uint64_t)(int64_t)t & ir_mask(w);
  } else {
    double lim = ldexp(1.0, (int)w);
    if (!(t >= 0.0 && t < lim)) return false;
    *out = (uint64_t)t & ir_mask(w);
  }
  return true;
}

bool interp_float_op(interp_state *st, const ir_inst *in, const uint64_t *a, uint64_t *out) {
  unsigned w = in->nops ? in->ops[0].type.bits : 0; /* operand width */
  bool f32 = w == 32;
  switch (in->op) {
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM:
    *out = f32 ? arith_f(in->op, to_f(a[0]), to_f(a[1])) : arith_d(in->op, to_d(a[0]), to_d(a[1]));
    return true;
  case IR_FCMP:
    *out = f32 ? fcmp((ir_fpred)in->pred, to_f(a[0]), to_f(a[1])) : fcmp((ir_fpred)in->pred, to_d(a[0]), to_d(a[1]));
    return true;
  case IR_FPTOSI: case IR_FPTOUI: {
    double x = f32 ? (double)to_f(a[0]) : to_d(a[0]);
    bool sgn = in->op == IR_FPTOSI;
    if (!to_int(x, in->type.bits, sgn, out)) {
      interp_end_ub(st, INTERP_UB_FLOAT_TO_INT, in->loc, "%s %.17g does not fit in %s i%u",
                    f32 ? "float" : "double", x, sgn ? "signed" : "unsigned", in->type.bits);
      return false;
    }
    return true;
  }
  case IR_SITOFP: case IR_UITOFP: {
    /* widen to 64 bits first; the host converts with one rounding */
    bool out32 = in->type.bits == 32;
    if (in->op == IR_SITOFP) {
      int64_t v = ir_sext(a[0], w);
      *out = out32 ? of_f((float)v) : of_d((double)v);
    } else {
      uint64_t v = a[0] & ir_mask(w);
      *out = out32 ? of_f((float)v) : of_d((double)v);
    }
    return true;
  }
  case IR_FPEXT: *out = of_d((double)to_f(a[0])); return true;
  case IR_FPTRUNC: *out = of_f((float)to_d(a[0])); return true;
  case IR_FMATH: {
    uint64_t y = in->nops > 1 ? a[1] : a[0];
    *out = f32 ? fmath_f((ir_fmath)in->pred, to_f(a[0]), to_f(y)) : fmath_d((ir_fmath)in->pred, to_d(a[0]), to_d(y));
    return true;
  }
  default: return false;
  }
}
