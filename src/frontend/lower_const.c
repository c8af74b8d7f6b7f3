/* lower_const: constants, constant expressions, globals and initializers.
 *
 * Contract:
 *  - fe_val() turns any LLVM operand into an ir_value: integer constants,
 *    null, undef/poison (IR_VAL_UNDEF), globals and functions (their
 *    address), and constant expressions. A constant expression is first
 *    folded symbolically into "base + offset" (base: none, null, a global or
 *    a function); getelementptr/bitcast of a global becomes IR_VAL_GLOBAL
 *    with the byte offset in imm. What does not fold into one operand
 *    (ptrtoint of a global, inttoptr of a constant, arithmetic on addresses)
 *    is materialised as instructions right before the user.
 *  - fe_global_id() declares a global on first use; its initializer is
 *    written later (work list) as little-endian bytes of its alloc size,
 *    with pointers as relocations (target + addend). Undef is written as
 *    zero; float/double constants are written exactly (their bit pattern,
 *    fe_fp_const). A global the program declares but does not define
 *    (external) is an object of its declared size (IR_EXTERN_UNSIZED_BYTES
 *    for an incomplete type) without initializer: ir_global.external, its
 *    contents unknown to every engine.
 *  - fe_gep_offset() computes the byte offset of a getelementptr from the
 *    data layout: struct fields by LLVMOffsetOfElement, elements by their
 *    alloc size, indices sign-extended or truncated to pointer width.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/ir_arith.h"

ir_pred fe_pred(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return IR_EQ;
  case LLVMIntNE: return IR_NE;
  case LLVMIntUGT: return IR_UGT;
  case LLVMIntUGE: return IR_UGE;
  case LLVMIntULT: return IR_ULT;
  case LLVMIntULE: return IR_ULE;
  case LLVMIntSGT: return IR_SGT;
  case LLVMIntSGE: return IR_SGE;
  case LLVMIntSLT: return IR_SLT;
  case LLVMIntSLE: return IR_SLE;
  }
  return IR_EQ;
}

/* The ir_opcode of an LLVM integer binary opcode; false for any other. */
bool fe_binop(LLVMOpcode op, ir_opcode *out) {
  switch (op) {
  case LLVMAdd: *out = IR_ADD; return true;
  case LLVMSub: *out = IR_SUB; return true;
  case LLVMMul: *out = IR_MUL; return true;
  case LLVMUDiv: *out = IR_UDIV; return true;
  case LLVMSDiv: *out = IR_SDIV; return true;
  case LLVMURem: *out = IR_UREM; return true;
  case LLVMSRem: *out = IR_SREM; return true;
  case LLVMShl: *out = IR_SHL; return true;
  case LLVMLShr: *out = IR_LSHR; return true;
  case LLVMAShr: *out = IR_ASHR; return true;
  case LLVMAnd: *out = IR_AND; return true;
  case LLVMOr: *out = IR_OR; return true;
  case LLVMXor: *out = IR_XOR; return true;
  default: return false;
  }
}

LLVMValueRef fe_strip_casts(LLVMValueRef v) {
  for (int k = 0; k < 32 && v; k++) {
    if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast) v = LLVMGetOperand(v, 0);
    else if (LLVMIsAGlobalAlias(v)) v = LLVMAliasGetAliasee(v);
    else break;
  }
  return v;
}

/* Width in bits of an integer or pointer type, 0 for anything else. */
static unsigned scalar_width(fe_lower *L, LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMPointerTypeKind: return L->pbits;
  default: return 0;
  }
}

ir_value fe_to_ptr_width(fe_lower *L, ir_value v, bool sign) {
  unsigned w = v.type.bits;
  if (v.type.kind != IR_TY_INT || w == L->pbits) return v;
  ir_type pt = ir_type_int(L->pbits);
  if (v.kind == IR_VAL_CONST) return ir_const(pt, sign ? (uint64_t)ir_const_signed(v) : v.imm);
  if (v.kind == IR_VAL_UNDEF) return ir_undef_val(pt);
  ir_opcode op = w > L->pbits ? IR_TRUNC : sign ? IR_SEXT : IR_ZEXT;
  return ir_inst_val(pt, ir_emit_cast(&L->b, op, pt, v, L->loc));
}

/* ---- getelementptr offsets ------------------------------------------------ */
bool fe_gep_offset(fe_lower *L, LLVMValueRef gep, bool emit, int64_t *cst, ir_value *var, bool *has_var) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  uint64_t c = 0;
  bool hv = false;
  ir_value acc = ir_undef_val(ir_type_int(L->pbits));
  ir_type pt = ir_type_int(L->pbits);
  for (unsigned i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind) {
      fe_unsupported(L, "vector");
      return false;
    }
    uint64_t esz;
    if (i == 1) {
      if (!LLVMTypeIsSized(ty)) return false;
      esz = LLVMABISizeOfType(L->td, ty);
    } else {
      switch (LLVMGetTypeKind(ty)) {
      case LLVMStructTypeKind: {
        if (!LLVMIsAConstantInt(idx) || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64) return false;
        uint64_t f = LLVMConstIntGetZExtValue(idx);
        if (f >= LLVMCountStructElementTypes(ty) || !LLVMTypeIsSized(ty)) return false;
        c += LLVMOffsetOfElement(L->td, ty, (unsigned)f);
        ty = LLVMStructGetTypeAtIndex(ty, (unsigned)f);
        continue;
      }
      case LLVMArrayTypeKind:
        ty = LLVMGetElementType(ty);
        if (!LLVMTypeIsSized(ty)) return false;
        esz = LLVMABISizeOfType(L->td, ty);
        break;
      case LLVMVectorTypeKind:
      case LLVMScalableVectorTypeKind: fe_unsupported(L, "vector"); return false;
      default: return false;
      }
    }
    if (LLVMIsAConstantInt(idx) && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64) {
      c += (uint64_t)LLVMConstIntGetSExtValue(idx) * esz;
      continue;
    }
    if (!emit || !L->in_func) return false;
    ir_value x = fe_to_ptr_width(L, fe_val(L, idx), true);
    if (esz != 1) x = ir_inst_val(pt, ir_emit_binary(&L->b, IR_MUL, 0, x, ir_const(pt, esz), L->loc));
    acc = hv ? ir_inst_val(pt, ir_emit_binary(&L->b, IR_ADD, 0, acc, x, L->loc)) : x;
    hv = true;
  }
  *cst = (int64_t)(c & ir_mask(L->pbits));
  *var = acc;
  *has_var = hv;
  return true;
}

/* ---- symbolic constant folding --------------------------------------------- */
typedef enum { CV_INT, CV_NULL, CV_GLOBAL, CV_FUNC } cv_kind;
typedef struct {
  cv_kind kind;
  uint32_t id;
  uint64_t off; /* the integer (CV_INT), or a byte offset from the base */
} cval;

static bool eval_const(fe_lower *L, LLVMValueRef c, cval *out, int depth);

static bool eval_expr(fe_lower *L, LLVMValueRef c, cval *out, int depth) {
  LLVMOpcode op = LLVMGetConstOpcode(c);
  LLVMTypeRef rt = LLVMTypeOf(c);
  unsigned w = scalar_width(L, rt);
  if (!w || w > 64) return false;
  cval a, b;
  switch (op) {
  case LLVMBitCast: {
    unsigned sw = scalar_width(L, LLVMTypeOf(LLVMGetOperand(c, 0)));
    bool ptrs = LLVMGetTypeKind(rt) == LLVMPointerTypeKind;
    if (ptrs != (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(c, 0))) == LLVMPointerTypeKind) || sw != w) return false;
    return eval_const(L, LLVMGetOperand(c, 0), out, depth + 1);
  }
  case LLVMGetElementPtr: {
    int64_t cst;
    ir_value var;
    bool hv;
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1)) return false;
    if (!fe_gep_offset(L, c, false, &cst, &var, &hv) || hv) return false;
    a.off = a.kind == CV_INT ? (a.off + (uint64_t)cst) & ir_mask(w) : a.off + (uint64_t)cst;
    if (a.kind == CV_NULL) a.off &= ir_mask(L->pbits);
    *out = a;
    return true;
  }
  case LLVMPtrToInt:
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1)) return false;
    if (a.kind == CV_INT || a.kind == CV_NULL) {
      *out = (cval){CV_INT, 0, a.off & ir_mask(w)};
      return true;
    }
    if (w != L->pbits) return false; /* a truncated address is not a relocation */
    *out = a;
    return true;
  case LLVMIntToPtr: {
    unsigned sw = scalar_width(L, LLVMTypeOf(LLVMGetOperand(c, 0)));
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1)) return false;
    if (a.kind == CV_INT || a.kind == CV_NULL) {
      *out = (cval){CV_NULL, 0, a.off & ir_mask(sw) & ir_mask(L->pbits)};
      return true;
    }
    if (sw != L->pbits) return false;
    *out = a;
    return true;
  }
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt: {
    unsigned sw = scalar_width(L, LLVMTypeOf(LLVMGetOperand(c, 0)));
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1) || a.kind != CV_INT) return false;
    uint64_t v = op == LLVMSExt ? (uint64_t)ir_sext(a.off, sw) : a.off & ir_mask(sw);
    *out = (cval){CV_INT, 0, v & ir_mask(w)};
    return true;
  }
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1) || !eval_const(L, LLVMGetOperand(c, 1), &b, depth + 1))
      return false;
    if (a.kind == CV_INT && b.kind == CV_INT) {
      /* flags 0: only division by zero, INT_MIN / -1, shift >= w fault */
      ir_opcode io;
      uint64_t r;
      if (!fe_binop(op, &io) || ir_arith_binary(io, 0, w, a.off, b.off, &r) != IR_ARITH_OK) return false;
      *out = (cval){CV_INT, 0, r};
      return true;
    }
    /* address arithmetic: only at pointer width, base + int or base - int */
    if (w != L->pbits) return false;
    if (op == LLVMAdd && (a.kind == CV_INT) != (b.kind == CV_INT)) {
      cval base = a.kind == CV_INT ? b : a, k = a.kind == CV_INT ? a : b;
      base.off += k.off;
      *out = base;
      return true;
    }
    if (op == LLVMSub && b.kind == CV_INT) {
      a.off -= b.off;
      *out = a;
      return true;
    }
    if (op == LLVMSub && a.kind == b.kind && a.id == b.id) {
      *out = (cval){CV_INT, 0, (a.off - b.off) & ir_mask(w)};
      return true;
    }
    return false;
  case LLVMICmp: {
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    unsigned ow = scalar_width(L, LLVMTypeOf(LLVMGetOperand(c, 0)));
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1) || !eval_const(L, LLVMGetOperand(c, 1), &b, depth + 1))
      return false;
    bool r;
    if ((a.kind == CV_INT || a.kind == CV_NULL) && (b.kind == CV_INT || b.kind == CV_NULL)) {
      r = ir_arith_icmp(fe_pred(p), ow, a.off, b.off);
    } else if ((p == LLVMIntEQ || p == LLVMIntNE) && a.off == 0 && b.off == 0) {
      /* distinct objects have distinct non-null addresses */
      bool same = a.kind == b.kind && a.id == b.id;
      r = (p == LLVMIntEQ) == same;
    } else {
      return false;
    }
    *out = (cval){CV_INT, 0, r ? 1 : 0};
    return true;
  }
  case LLVMSelect:
    if (!eval_const(L, LLVMGetOperand(c, 0), &a, depth + 1) || a.kind != CV_INT) return false;
    return eval_const(L, LLVMGetOperand(c, (a.off & 1) ? 1 : 2), out, depth + 1);
  default: return false;
  }
}

static bool eval_const(fe_lower *L, LLVMValueRef c, cval *out, int depth) {
  if (depth > 64) return false;
  switch (LLVMGetValueKind(c)) {
  case LLVMConstantIntValueKind:
    if (LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64) return false;
    *out = (cval){CV_INT, 0, LLVMConstIntGetZExtValue(c)};
    return true;
  case LLVMConstantPointerNullValueKind: *out = (cval){CV_NULL, 0, 0}; return true;
  case LLVMGlobalVariableValueKind: *out = (cval){CV_GLOBAL, fe_global_id(L, c), 0}; return true;
  case LLVMFunctionValueKind:
    if (LLVMGetIntrinsicID(c)) return false;
    *out = (cval){CV_FUNC, fe_func_id(L, c), 0};
    return true;
  case LLVMGlobalAliasValueKind: {
    LLVMValueRef a = LLVMAliasGetAliasee(c);
    return a && eval_const(L, a, out, depth + 1);
  }
  case LLVMConstantExprValueKind: return eval_expr(L, c, out, depth);
  default: return false;
  }
}

/* ---- operands ---------------------------------------------------------------- */
static bool cval_value(fe_lower *L, cval cv, ir_type t, ir_value *x) {
  if (t.kind == IR_TY_PTR) {
    if (cv.kind == CV_NULL && cv.off == 0) return *x = ir_null_val(L->pty), true;
    if (cv.kind == CV_GLOBAL) return *x = ir_global_val(L->pty, cv.id, cv.off), true;
    if (cv.kind == CV_FUNC && cv.off == 0) return *x = ir_func_val(L->pty, cv.id), true;
    return false;
  }
  if (t.kind == IR_TY_INT && cv.kind == CV_INT) return *x = ir_const(t, cv.off), true;
  return false;
}

/* Instructions computing a folded constant that is not one operand. */
static ir_value cval_materialize(fe_lower *L, cval cv, ir_type t) {
  ir_builder *b = &L->b;
  ir_type it = ir_type_int(L->pbits);
  ir_value addr;
  switch (cv.kind) {
  case CV_GLOBAL: addr = ir_global_val(L->pty, cv.id, cv.off); break;
  case CV_FUNC:
    addr = ir_func_val(L->pty, cv.id);
    if (cv.off) addr = ir_inst_val(L->pty, ir_emit_ptradd(b, 0, addr, ir_const(it, cv.off), L->loc));
    break;
  default: /* an integer used as an address */
    addr = ir_inst_val(L->pty, ir_emit_cast(b, IR_INTTOPTR, L->pty, ir_const(it, cv.off), L->loc));
    break;
  }
  if (t.kind == IR_TY_PTR) return addr;
  return ir_inst_val(t, ir_emit_cast(b, IR_PTRTOINT, t, addr, L->loc));
}

static ir_value materialize_expr(fe_lower *L, LLVMValueRef c, ir_type t) {
  ir_builder *b = &L->b;
  LLVMOpcode op = LLVMGetConstOpcode(c);
  const char *why;
  switch (op) {
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMBitCast: {
    ir_value x = fe_val(L, LLVMGetOperand(c, 0));
    fe_type(L, LLVMTypeOf(LLVMGetOperand(c, 0)), &why);
    if (why) break;
    ir_opcode io = op == LLVMTrunc ? IR_TRUNC : op == LLVMZExt ? IR_ZEXT : op == LLVMSExt ? IR_SEXT
                 : op == LLVMPtrToInt ? IR_PTRTOINT : op == LLVMIntToPtr ? IR_INTTOPTR : IR_COPY;
    if (io == IR_COPY && !ir_type_eq(x.type, t)) break;
    if ((io == IR_TRUNC && x.type.bits <= t.bits) || ((io == IR_ZEXT || io == IR_SEXT) && x.type.bits >= t.bits))
      break;
    return ir_inst_val(t, ir_emit_cast(b, io, t, x, L->loc));
  }
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
  case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: {
    ir_opcode io = IR_ADD;
    (void)fe_binop(op, &io); /* one of the cases above */
    ir_value x = fe_val(L, LLVMGetOperand(c, 0)), y = fe_val(L, LLVMGetOperand(c, 1));
    if (!ir_type_eq(x.type, t) || !ir_type_eq(y.type, t)) break;
    return ir_inst_val(t, ir_emit_binary(b, io, 0, x, y, L->loc));
  }
  case LLVMICmp: {
    ir_value x = fe_val(L, LLVMGetOperand(c, 0)), y = fe_val(L, LLVMGetOperand(c, 1));
    if (!ir_type_eq(x.type, y.type)) break;
    return ir_inst_val(t, ir_emit_icmp(b, fe_pred(LLVMGetICmpPredicate(c)), x, y, L->loc));
  }
  case LLVMSelect: {
    ir_value k = fe_val(L, LLVMGetOperand(c, 0));
    ir_value x = fe_val(L, LLVMGetOperand(c, 1)), y = fe_val(L, LLVMGetOperand(c, 2));
    if (!ir_type_eq(k.type, ir_type_int(1)) || !ir_type_eq(x.type, t) || !ir_type_eq(y.type, t)) break;
    return ir_inst_val(t, ir_emit_select(b, k, x, y, L->loc));
  }
  case LLVMGetElementPtr: {
    ir_value base = fe_val(L, LLVMGetOperand(c, 0));
    int64_t cst;
    ir_value var;
    bool hv;
    if (base.type.kind != IR_TY_PTR || !fe_gep_offset(L, c, true, &cst, &var, &hv)) break;
    ir_type it = ir_type_int(L->pbits);
    ir_value off = ir_const(it, (uint64_t)cst);
    if (hv) off = cst ? ir_inst_val(it, ir_emit_binary(b, IR_ADD, 0, var, off, L->loc)) : var;
    if (!hv && cst == 0) return base;
    return ir_inst_val(t, ir_emit_ptradd(b, LLVMIsInBounds(c) ? IR_INBOUNDS : 0, base, off, L->loc));
  }
  default: break;
  }
  fe_unsupported(L, "constant expression");
  return ir_undef_val(t);
}

static ir_value const_expr_val(fe_lower *L, LLVMValueRef c) {
  const char *why;
  ir_type t = fe_type(L, LLVMTypeOf(c), &why);
  if (why) {
    fe_unsupported(L, why);
    return ir_undef_val(t);
  }
  cval cv;
  ir_value x;
  if (eval_const(L, c, &cv, 0)) {
    if (cval_value(L, cv, t, &x)) return x;
    if (L->in_func) return cval_materialize(L, cv, t);
  }
  if (!L->in_func) {
    fe_unsupported(L, "constant expression");
    return ir_undef_val(t);
  }
  return materialize_expr(L, c, t);
}

ir_value fe_val(fe_lower *L, LLVMValueRef v) {
  const char *why;
  ir_type t;
  switch (LLVMGetValueKind(v)) {
  case LLVMArgumentValueKind:
  case LLVMInstructionValueKind: return fe_local_val(L, v);
  case LLVMConstantIntValueKind:
    t = fe_type(L, LLVMTypeOf(v), &why);
    if (why) {
      fe_unsupported(L, why);
      return ir_undef_val(t);
    }
    return ir_const(t, LLVMConstIntGetZExtValue(v));
  case LLVMConstantPointerNullValueKind: return ir_null_val(L->pty);
  case LLVMUndefValueValueKind:
  case LLVMPoisonValueValueKind:
    t = fe_type(L, LLVMTypeOf(v), &why);
    return ir_undef_val(t.kind == IR_TY_VOID ? ir_type_int(32) : t);
  case LLVMGlobalVariableValueKind: return ir_global_val(L->pty, fe_global_id(L, v), 0);
  case LLVMFunctionValueKind:
    if (LLVMGetIntrinsicID(v)) {
      fe_unsupported(L, "address of an intrinsic");
      return ir_undef_val(L->pty);
    }
    return ir_func_val(L->pty, fe_func_id(L, v));
  case LLVMGlobalAliasValueKind: {
    LLVMValueRef a = LLVMAliasGetAliasee(v);
    if (a) return fe_val(L, a);
    return ir_undef_val(L->pty);
  }
  case LLVMConstantExprValueKind: {
    uint64_t idx;
    if (L->in_func && fe_map_get(&L->entry_consts, v, &idx)) return L->valtab.data[idx];
    return const_expr_val(L, v);
  }
  case LLVMConstantFPValueKind: {
    ir_value x;
    if (fe_fp_const(L, v, &x, &why)) return x;
    fe_unsupported(L, why);
    return x;
  }
  case LLVMInlineAsmValueKind: fe_unsupported(L, "inline asm"); return ir_undef_val(L->pty);
  case LLVMBlockAddressValueKind: fe_unsupported(L, "blockaddress (computed goto)"); return ir_undef_val(L->pty);
  case LLVMMetadataAsValueValueKind: return ir_undef_val(ir_type_int(32));
  default:
    t = fe_type(L, LLVMTypeOf(v), &why);
    fe_unsupported(L, why ? why : "unsupported constant");
    return ir_undef_val(t.kind == IR_TY_VOID ? ir_type_int(32) : t);
  }
}

/* Folding a bitcast of the constant to an integer gives the exact bits
 * (NaN payloads included), which a detour through a host double would not. */
bool fe_fp_const(fe_lower *L, LLVMValueRef c, ir_value *out, const char **why) {
  ir_type t = fe_type(L, LLVMTypeOf(c), why);
  *out = ir_undef_val(t);
  if (*why) return false;
  LLVMValueRef bits = LLVMConstBitCast(c, LLVMIntTypeInContext(L->ctx, t.bits));
  if (!bits || !LLVMIsAConstantInt(bits)) {
    *why = "floating-point constant";
    return false;
  }
  *out = ir_const(t, LLVMConstIntGetZExtValue(bits));
  return true;
}

/* ---- globals --------------------------------------------------------------- */
uint32_t fe_global_id(fe_lower *L, LLVMValueRef gv) {
  uint64_t got;
  if (fe_map_get(&L->globals, gv, &got)) return (uint32_t)got;
  size_t len = 0;
  const char *raw = LLVMGetValueName2(gv, &len);
  char *name = raw && len ? xstrndup(raw, len) : xasprintf(".anon.%zu", L->m->globals.len);
  LLVMTypeRef vt = LLVMGlobalGetValueType(gv);
  bool sized = LLVMTypeIsSized(vt);
  uint64_t size = sized ? LLVMABISizeOfType(L->td, vt) : 0;
  /* an external global of an incomplete or zero-size type gets a documented size */
  bool incomplete = LLVMIsDeclaration(gv) && size == 0;
  if (incomplete) size = IR_EXTERN_UNSIZED_BYTES;
  unsigned align = LLVMGetAlignment(gv);
  if (!align && sized) align = LLVMPreferredAlignmentOfGlobal(L->td, gv);
  uint32_t id = ir_global_add(L->m, name, size, align);
  ir_global *g = &L->m->globals.data[id];
  g->constant = LLVMIsGlobalConstant(gv);
  g->external = LLVMIsDeclaration(gv);
  g->incomplete = incomplete;
  g->loc = fe_loc_of(L, gv);
  fe_map_put(&L->globals, gv, id);
  if (!g->external) VEC_PUSH(L->gv_work, gv); /* an external one has no initializer: contents unknown */
  free(name);
  return id;
}

typedef VEC(ir_reloc) reloc_vec;

static void write_le(uint8_t *p, uint64_t v, uint64_t n) {
  for (uint64_t i = 0; i < n && i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static void write_const(fe_lower *L, uint8_t *buf, uint64_t size, uint64_t off, LLVMValueRef c,
                        reloc_vec *relocs, int depth) {
  LLVMTypeRef t = LLVMTypeOf(c);
  if (depth > 256 || !LLVMTypeIsSized(t)) return;
  uint64_t n = LLVMStoreSizeOfType(L->td, t);
  if (off > size || n > size - off) return;
  switch (LLVMGetValueKind(c)) {
  case LLVMConstantAggregateZeroValueKind:
  case LLVMUndefValueValueKind:
  case LLVMPoisonValueValueKind:
  case LLVMConstantPointerNullValueKind: return; /* zero bytes */
  case LLVMConstantIntValueKind:
    if (LLVMGetIntTypeWidth(t) > 64) {
      unsigned k = (LLVMGetIntTypeWidth(t) + 63) / 64;
      if (k > FE_MAX_LEAVES) {
        fe_unsupported(L, "integer wider than 64 bits");
        return;
      }
      uint64_t words[FE_MAX_LEAVES];
      fe_wide_const_words(c, k, words);
      for (unsigned j = 0; j < k && 8 * j < n; j++) write_le(buf + off + 8 * j, words[j], n - 8 * j);
      return;
    }
    write_le(buf + off, LLVMConstIntGetZExtValue(c), n);
    return;
  case LLVMConstantFPValueKind: {
    ir_value x;
    const char *why;
    if (fe_fp_const(L, c, &x, &why)) write_le(buf + off, x.imm, n);
    else fe_unsupported(L, why);
    return;
  }
  case LLVMConstantDataArrayValueKind:
  case LLVMConstantDataVectorValueKind: {
    LLVMTypeRef et = LLVMGetElementType(t);
    unsigned count = LLVMGetTypeKind(t) == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
    uint64_t esz = LLVMABISizeOfType(L->td, et);
    if (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 8) {
      size_t len = 0;
      const char *s = LLVMGetAsString(c, &len);
      if (len > count) len = count;
      if (s && len <= size - off) memcpy(buf + off, s, len);
      return;
    }
    for (unsigned i = 0; i < count; i++)
      write_const(L, buf, size, off + i * esz, LLVMGetElementAsConstant(c, i), relocs, depth + 1);
    return;
  }
  case LLVMConstantArrayValueKind:
  case LLVMConstantVectorValueKind: {
    uint64_t esz = LLVMABISizeOfType(L->td, LLVMGetElementType(t));
    int nops = LLVMGetNumOperands(c);
    for (int i = 0; i < nops; i++)
      write_const(L, buf, size, off + (uint64_t)i * esz, LLVMGetOperand(c, (unsigned)i), relocs, depth + 1);
    return;
  }
  case LLVMConstantStructValueKind: {
    int nops = LLVMGetNumOperands(c);
    for (int i = 0; i < nops; i++)
      write_const(L, buf, size, off + LLVMOffsetOfElement(L->td, t, (unsigned)i), LLVMGetOperand(c, (unsigned)i),
                  relocs, depth + 1);
    return;
  }
  case LLVMBlockAddressValueKind: fe_unsupported(L, "blockaddress (computed goto)"); return;
  default: {
    cval cv;
    if (!eval_const(L, c, &cv, 0)) {
      fe_unsupported(L, "unsupported constant in global initializer");
      return;
    }
    if (cv.kind == CV_INT || cv.kind == CV_NULL) {
      write_le(buf + off, cv.off, n);
      return;
    }
    if (n != L->pbits / 8) {
      fe_unsupported(L, "unsupported constant in global initializer");
      return;
    }
    ir_reloc r = {off, (uint8_t)(cv.kind == CV_GLOBAL ? IR_VAL_GLOBAL : IR_VAL_FUNC), cv.id, cv.off};
    VEC_PUSH(*relocs, r);
    return;
  }
  }
}

void fe_lower_global_init(fe_lower *L, LLVMValueRef gv) {
  uint32_t id = fe_global_id(L, gv);
  LLVMValueRef init = LLVMGetInitializer(gv);
  if (!init || LLVMIsNull(init) || LLVMIsUndef(init)) return; /* all zero: init stays NULL */
  L->loc = L->m->globals.data[id].loc;
  uint64_t size = L->m->globals.data[id].size;
  if (size > ((uint64_t)1 << 30)) {
    fe_unsupported(L, "initialized global larger than 1 GiB");
    return;
  }
  uint8_t *buf = xcalloc(size ? size : 1, 1);
  reloc_vec relocs = {0};
  write_const(L, buf, size, 0, init, &relocs, 0);
  ir_global *g = &L->m->globals.data[id]; /* the vector may have grown */
  bool nonzero = false;
  for (uint64_t i = 0; i < size && !nonzero; i++) nonzero = buf[i] != 0;
  if (nonzero) g->init = arena_memdup(&L->m->mem, buf, size);
  if (relocs.len) {
    g->relocs = arena_memdup(&L->m->mem, relocs.data, relocs.len * sizeof *relocs.data);
    g->nrelocs = (uint32_t)relocs.len;
  }
  VEC_FREE(relocs);
  free(buf);
}
