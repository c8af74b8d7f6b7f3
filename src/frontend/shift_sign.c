/* shift_sign.c: the C signedness of left shifts (contract in fe_internal.h).
 *
 * clang -O0 emits a plain `shl` for every C left shift, but C11 6.5.7p4
 * makes a signed E1 << E2 undefined when E1 * 2^E2 does not fit the type
 * (SV-COMP's no-overflow counts it), while an unsigned shift wraps. The IR
 * does not keep the C type. clang's -fsanitize=shift-base guards exactly the
 * signed left shifts: before each, a block calls
 * __ubsan_handle_shift_out_of_bounds(data, E1, E2) (the operands widened to
 * i64) and falls through to the block of the shl. The sanitizer's check
 * itself is built from lshr, sub and icmp, never shl, so the k-th shl of a
 * function in the sanitized module is the k-th shl of the same function in
 * the plain one; their source locations must agree as well. */
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"

static const char MD_SIGNED[] = "bitprove.signed_shl", MD_UNSIGNED[] = "bitprove.unsigned_shl";
static const char HANDLER[] = "__ubsan_handle_shift_out_of_bounds";

bool fe_module_has_shl(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMShl) return true;
  return false;
}

/* The value a handler argument widened: the operand of a zext/sext, or the
 * argument itself (an i64 operand, or a constant). */
static LLVMValueRef unwidened(LLVMValueRef v) {
  if (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v)) return LLVMGetOperand(v, 0);
  return v;
}

/* Is shl operand `op` the value the handler received as `arg`? Either may
 * be a widening of it: the call's own (to i64), or one of the shl (an
 * amount of another type), each a separate instruction. */
static bool same_operand(LLVMValueRef op, LLVMValueRef arg) {
  LLVMValueRef a = unwidened(arg);
  if (a == op || arg == op || a == unwidened(op)) return true;
  if (LLVMIsAConstantInt(a) && LLVMIsAConstantInt(op))
    return LLVMConstIntGetZExtValue(a) == LLVMConstIntGetZExtValue(op);
  return false;
}

static bool is_handler_call(LLVMValueRef i) {
  if (LLVMGetInstructionOpcode(i) != LLVMCall) return false;
  LLVMValueRef callee = LLVMGetCalledValue(i);
  if (!callee || !LLVMIsAFunction(callee)) return false;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  return len >= sizeof HANDLER - 1 && strncmp(name, HANDLER, sizeof HANDLER - 1) == 0;
}

/* The shl that handler call `call` guards: the first shl of the block its
 * block falls through to, with the call's operands; NULL when the shape is
 * not the sanitizer's (the function's shifts then stay unknown). */
static LLVMValueRef guarded_shl(LLVMValueRef call) {
  if (LLVMGetNumArgOperands(call) != 3) return NULL;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(LLVMGetInstructionParent(call));
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || LLVMIsConditional(term)) return NULL;
  LLVMBasicBlockRef next = LLVMGetSuccessor(term, 0);
  for (LLVMValueRef i = LLVMGetFirstInstruction(next); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMGetInstructionOpcode(i) != LLVMShl) continue;
    if (same_operand(LLVMGetOperand(i, 0), LLVMGetOperand(call, 1)) &&
        same_operand(LLVMGetOperand(i, 1), LLVMGetOperand(call, 2)))
      return i;
    return NULL;
  }
  return NULL;
}

typedef VEC(LLVMValueRef) value_vec;

/* The shl instructions of f in layout order. */
static void shls_of(LLVMValueRef f, value_vec *out) {
  out->len = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == LLVMShl) VEC_PUSH(*out, i);
}

/* The signed shl of sanitized function f in `signed_set`; false when some
 * handler call guards no recognisable shl. */
static bool guarded_shls(LLVMValueRef f, fe_ptrmap *signed_set) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      if (!is_handler_call(i)) continue;
      LLVMValueRef shl = guarded_shl(i);
      if (!shl) return false;
      fe_map_put(signed_set, shl, 1);
    }
  return true;
}

static bool same_place(LLVMValueRef a, LLVMValueRef b) {
  return LLVMGetDebugLocLine(a) == LLVMGetDebugLocLine(b) && LLVMGetDebugLocColumn(a) == LLVMGetDebugLocColumn(b);
}

void fe_mark_shift_signs(LLVMModuleRef plain, LLVMModuleRef sanitized, LLVMContextRef ctx) {
  unsigned kind_s = LLVMGetMDKindIDInContext(ctx, MD_SIGNED, sizeof MD_SIGNED - 1);
  unsigned kind_u = LLVMGetMDKindIDInContext(ctx, MD_UNSIGNED, sizeof MD_UNSIGNED - 1);
  LLVMValueRef empty = LLVMMDNodeInContext(ctx, NULL, 0);
  value_vec ps = {0}, ss = {0};
  fe_ptrmap signed_set = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(plain); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMValueRef g = LLVMGetNamedFunction(sanitized, name);
    if (!g || LLVMIsDeclaration(g)) continue;
    shls_of(f, &ps);
    shls_of(g, &ss);
    if (!ps.len || ps.len != ss.len) continue;
    bool aligned = true;
    for (size_t k = 0; k < ps.len && aligned; k++) aligned = same_place(ps.data[k], ss.data[k]);
    fe_map_clear(&signed_set);
    if (!aligned || !guarded_shls(g, &signed_set)) continue;
    for (size_t k = 0; k < ps.len; k++) {
      uint64_t one;
      LLVMSetMetadata(ps.data[k], fe_map_get(&signed_set, ss.data[k], &one) ? kind_s : kind_u, empty);
    }
  }
  VEC_FREE(ps);
  VEC_FREE(ss);
  fe_map_free(&signed_set);
}

fe_shift_sign fe_shift_sign_of(LLVMContextRef ctx, LLVMValueRef shl) {
  unsigned kind_s = LLVMGetMDKindIDInContext(ctx, MD_SIGNED, sizeof MD_SIGNED - 1);
  unsigned kind_u = LLVMGetMDKindIDInContext(ctx, MD_UNSIGNED, sizeof MD_UNSIGNED - 1);
  if (LLVMGetMetadata(shl, kind_s)) return FE_SHL_SIGNED;
  if (LLVMGetMetadata(shl, kind_u)) return FE_SHL_UNSIGNED;
  return FE_SHL_UNKNOWN;
}
