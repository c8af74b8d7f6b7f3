/* lower_float: floating-point instructions, float intrinsics and libm calls.
 *
 * Contract (the IR side is ir.h, IR_FADD):
 *  - float and double values are INT 32 / INT 64 holding the IEEE bits
 *    (fe_type); other formats (long double, ...) stay unsupported.
 *  - fadd/fsub/fmul/fdiv/frem, fcmp (LLVM's predicates in LLVM's order),
 *    fptosi/fptoui/sitofp/uitofp/fpext/fptrunc map one to one.
 *  - fneg, fabs and copysign only touch the sign bit: integer XOR/AND/OR,
 *    exact for every input including NaN (IEEE 754 sect. 5.5.1).
 *  - llvm.fmuladd is an FMUL then an FADD (two roundings): x86-64 code
 *    without FMA, which native runs use, computes it unfused.
 *  - llvm.sqrt/floor/ceil/trunc/round/rint/nearbyint/minnum/maxnum and the
 *    libm functions of those names (and fmod, as IR_FREM; double and float
 *    variants, only when the
 *    program has no body for them) become IR_FMATH; errno is not modelled.
 *    Everything else (llvm.fma, pow, sin, long double variants, ...) is
 *    reported by name by the caller.
 */
#include "fe_internal.h"

#include <assert.h>
#include <string.h>

static uint64_t sign_bit(ir_type t) {
  assert(t.kind == IR_TY_INT && ir_float_width_ok(t.bits));
  return (uint64_t)1 << (t.bits - 1);
}

static ir_value bin(fe_lower *L, ir_opcode op, ir_value x, ir_value y) {
  assert(ir_type_eq(x.type, y.type));
  return ir_inst_val(x.type, ir_emit_binary(&L->b, op, 0, x, y, L->loc));
}

static uint32_t emit_fmath(fe_lower *L, ir_fmath f, ir_type t, const ir_value *a) {
  assert((unsigned)f < IR_FM_COUNT && ir_float_width_ok(t.bits));
  ir_inst in = {0};
  ir_value ops[2] = {a[0], ir_fmath_arity(f) > 1 ? a[1] : a[0]};
  in.op = IR_FMATH;
  in.pred = (uint8_t)f;
  in.type = t;
  in.callee = IR_NONE;
  in.loc = L->loc;
  in.nops = ir_fmath_arity(f);
  in.ops = ops;
  return ir_build_emit(&L->b, &in);
}

/* |x|: clear the sign bit. */
static uint32_t emit_fabs(fe_lower *L, ir_value x) {
  return ir_emit_binary(&L->b, IR_AND, 0, x, ir_const(x.type, ~sign_bit(x.type)), L->loc);
}

/* copysign(x, y): magnitude of x, sign of y. */
static uint32_t emit_copysign(fe_lower *L, ir_value x, ir_value y) {
  ir_value mag = bin(L, IR_AND, x, ir_const(x.type, ~sign_bit(x.type)));
  ir_value sgn = bin(L, IR_AND, y, ir_const(y.type, sign_bit(y.type)));
  return ir_emit_binary(&L->b, IR_OR, 0, mag, sgn, L->loc);
}

static bool is_fp_width(ir_value v) { return v.type.kind == IR_TY_INT && ir_float_width_ok(v.type.bits); }

void fe_lower_float_inst(fe_lower *L, LLVMValueRef inst) {
  const char *why = fe_type_problem(L, inst);
  if (why) {
    fe_give_up(L, inst, why);
    return;
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
  ir_value x = fe_val(L, LLVMGetOperand(inst, 0));
  switch (op) {
  case LLVMFNeg:
    fe_set_result(L, inst, ir_emit_binary(&L->b, IR_XOR, 0, x, ir_const(x.type, sign_bit(x.type)), L->loc));
    return;
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: {
    ir_value y = fe_val(L, LLVMGetOperand(inst, 1));
    ir_opcode io = op == LLVMFAdd ? IR_FADD : op == LLVMFSub ? IR_FSUB : op == LLVMFMul ? IR_FMUL
                 : op == LLVMFDiv ? IR_FDIV : IR_FREM;
    if (!is_fp_width(x) || !ir_type_eq(x.type, y.type)) break;
    fe_set_result(L, inst, ir_emit_binary(&L->b, io, 0, x, y, L->loc));
    return;
  }
  case LLVMFCmp: {
    ir_value y = fe_val(L, LLVMGetOperand(inst, 1));
    if (!is_fp_width(x) || !ir_type_eq(x.type, y.type)) break;
    ir_inst in = {0};
    ir_value ops[2] = {x, y};
    in.op = IR_FCMP;
    /* LLVMRealPredicate and ir_fpred list LLVM's predicates in one order */
    in.pred = (uint8_t)LLVMGetFCmpPredicate(inst);
    assert(in.pred <= IR_FTRUE);
    in.type = ir_type_int(1);
    in.callee = IR_NONE;
    in.loc = L->loc;
    in.nops = 2;
    in.ops = ops;
    fe_set_result(L, inst, ir_build_emit(&L->b, &in));
    return;
  }
  case LLVMFPToSI: case LLVMFPToUI:
    if (!is_fp_width(x) || t.kind != IR_TY_INT) break;
    fe_set_result(L, inst, ir_emit_cast(&L->b, op == LLVMFPToSI ? IR_FPTOSI : IR_FPTOUI, t, x, L->loc));
    return;
  case LLVMSIToFP: case LLVMUIToFP:
    if (x.type.kind != IR_TY_INT || !ir_float_width_ok(t.bits)) break;
    fe_set_result(L, inst, ir_emit_cast(&L->b, op == LLVMSIToFP ? IR_SITOFP : IR_UITOFP, t, x, L->loc));
    return;
  case LLVMFPExt: case LLVMFPTrunc:
    if (!is_fp_width(x) || !ir_float_width_ok(t.bits) || x.type.bits == t.bits) break;
    fe_set_result(L, inst, ir_emit_cast(&L->b, op == LLVMFPExt ? IR_FPEXT : IR_FPTRUNC, t, x, L->loc));
    return;
  default: break;
  }
  fe_give_up(L, inst, "floating point (unexpected operand types)");
}

/* ---- llvm.* intrinsics and libm functions ------------------------------------ */
static const struct {
  const char *intrinsic; /* prefix of the overloaded intrinsic, or NULL */
  const char *libm;      /* double variant; the float one appends 'f' */
  int fm;                /* ir_fmath, or -1 fabs, -2 copysign, -3 fmod (IR_FREM) */
} fns[] = {
    {"llvm.sqrt.", "sqrt", IR_FM_SQRT},        {"llvm.floor.", "floor", IR_FM_FLOOR},
    {"llvm.ceil.", "ceil", IR_FM_CEIL},        {"llvm.trunc.", "trunc", IR_FM_TRUNC},
    {"llvm.round.", "round", IR_FM_ROUND},     {"llvm.rint.", "rint", IR_FM_RINT},
    {"llvm.nearbyint.", "nearbyint", IR_FM_RINT}, /* no fenv: rounds like rint */
    {"llvm.minnum.", "fmin", IR_FM_FMIN},      {"llvm.maxnum.", "fmax", IR_FM_FMAX},
    {"llvm.fabs.", "fabs", -1},                {"llvm.copysign.", "copysign", -2},
    {NULL, "fmod", -3}, /* frem is C's fmod (ir.h) */
};

static unsigned arity(int fm) { return fm == -1 ? 1u : fm < -1 ? 2u : ir_fmath_arity((ir_fmath)fm); }

/* Emits function k of fns on arguments a of one float type t. */
static void emit_fn(fe_lower *L, LLVMValueRef inst, unsigned k, ir_type t, const ir_value *a) {
  assert(k < sizeof fns / sizeof fns[0]);
  int fm = fns[k].fm;
  uint32_t id = fm == -1   ? emit_fabs(L, a[0])
              : fm == -2 ? emit_copysign(L, a[0], a[1])
              : fm == -3 ? ir_emit_binary(&L->b, IR_FREM, 0, a[0], a[1], L->loc)
                         : emit_fmath(L, (ir_fmath)fm, t, a);
  fe_set_result(L, inst, id);
}

static bool args_ok(const ir_value *a, unsigned n, ir_type t) {
  if (!ir_float_width_ok(t.bits) || t.kind != IR_TY_INT) return false;
  for (unsigned i = 0; i < n; i++)
    if (!ir_type_eq(a[i].type, t)) return false;
  return true;
}

bool fe_lower_float_intrinsic(fe_lower *L, LLVMValueRef inst, const char *name, const ir_value *a, unsigned nargs) {
  const char *why;
  ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
  if (why) return false;
  if (strncmp(name, "llvm.fmuladd.", 13) == 0) {
    if (nargs != 3 || !args_ok(a, 3, t)) return false;
    ir_value p = bin(L, IR_FMUL, a[0], a[1]);
    fe_set_result(L, inst, ir_emit_binary(&L->b, IR_FADD, 0, p, a[2], L->loc));
    return true;
  }
  for (unsigned k = 0; k < sizeof fns / sizeof fns[0]; k++) {
    if (!fns[k].intrinsic || strncmp(name, fns[k].intrinsic, strlen(fns[k].intrinsic)) != 0) continue;
    if (nargs != arity(fns[k].fm) || !args_ok(a, nargs, t)) return false;
    emit_fn(L, inst, k, t, a);
    return true;
  }
  return false;
}

bool fe_lower_libm_call(fe_lower *L, LLVMValueRef inst, const char *name) {
  size_t len = strlen(name);
  for (unsigned k = 0; k < sizeof fns / sizeof fns[0]; k++) {
    size_t n = strlen(fns[k].libm);
    if (strncmp(name, fns[k].libm, n) != 0) continue;
    LLVMTypeKind want;
    if (len == n) want = LLVMDoubleTypeKind;
    else if (len == n + 1 && name[n] == 'f') want = LLVMFloatTypeKind;
    else continue; /* fabsl and friends: long double stays unsupported */
    /* the call must pass and return exactly the C prototype's types */
    LLVMTypeRef fty = LLVMGetCalledFunctionType(inst);
    unsigned np = arity(fns[k].fm);
    if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != want || LLVMCountParamTypes(fty) != np ||
        LLVMIsFunctionVarArg(fty) || LLVMGetNumArgOperands(inst) != np)
      return false;
    LLVMTypeRef pts[2];
    LLVMGetParamTypes(fty, pts);
    for (unsigned i = 0; i < np; i++)
      if (LLVMGetTypeKind(pts[i]) != want) return false;
    ir_type t = ir_type_int(want == LLVMDoubleTypeKind ? 64 : 32);
    ir_value a[2];
    for (unsigned i = 0; i < np; i++) a[i] = fe_val(L, LLVMGetOperand(inst, i));
    if (!args_ok(a, np, t)) return false;
    emit_fn(L, inst, k, t, a);
    return true;
  }
  return false;
}
