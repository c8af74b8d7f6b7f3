/* flags: recovers nsw/nuw/exact/inbounds from LLVM's textual form.
 *
 * Contract: the LLVM 14 C API has no getters for the poison-generating
 * flags of binary operators, so the instruction is printed and the keywords
 * right after the opcode are read: "%r = add nuw nsw i32 %a, %b" -> NUW|NSW.
 * Flags always come directly after the opcode and before the type, and names
 * are before the "=", so operands and names can never be mistaken for flags.
 *
 * Printing an instruction that sits in a function numbers all unnamed values
 * of the function first (cost linear in the function), so fe_inst_flags()
 * prints a clone that is not in any function yet (constant cost), then
 * inserts it next to the original only to erase it again (the C API has no
 * way to delete a detached instruction).
 */
#include "fe_internal.h"

#include <string.h>

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  return p;
}

/* Length of the token at p (up to white space or a comma). */
static size_t token_len(const char *p) {
  size_t n = 0;
  while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n' && p[n] != ',') n++;
  return n;
}

static bool token_is(const char *p, size_t n, const char *word) {
  return strlen(word) == n && strncmp(p, word, n) == 0;
}

unsigned fe_parse_flags(const char *text, const char *opcode) {
  if (!text || !opcode) return 0;
  const char *p = skip_ws(text);
  /* Skip the result: a name (%x, %"quoted name", %12) or <badref>, then "=". */
  if (*p == '%' || *p == '<') {
    if (p[0] == '%' && p[1] == '"') {
      const char *q = strchr(p + 2, '"'); /* quotes inside are escaped as \22 */
      if (!q) return 0;
      p = q + 1;
    } else if (*p == '<') {
      const char *q = strchr(p, '>');
      if (!q) return 0;
      p = q + 1;
    } else {
      p += token_len(p);
    }
    p = skip_ws(p);
    if (*p != '=') return 0;
    p = skip_ws(p + 1);
  }
  size_t n = token_len(p);
  if (!token_is(p, n, opcode)) return 0;
  p = skip_ws(p + n);
  unsigned flags = 0;
  for (;;) {
    n = token_len(p);
    if (token_is(p, n, "nsw")) flags |= IR_NSW;
    else if (token_is(p, n, "nuw")) flags |= IR_NUW;
    else if (token_is(p, n, "exact")) flags |= IR_EXACT;
    else if (token_is(p, n, "inbounds")) flags |= IR_INBOUNDS;
    else break;
    p = skip_ws(p + n);
  }
  return flags;
}

static const char *opcode_keyword(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: return "add";
  case LLVMSub: return "sub";
  case LLVMMul: return "mul";
  case LLVMShl: return "shl";
  case LLVMUDiv: return "udiv";
  case LLVMSDiv: return "sdiv";
  case LLVMLShr: return "lshr";
  case LLVMAShr: return "ashr";
  case LLVMGetElementPtr: return "getelementptr";
  default: return NULL;
  }
}

unsigned fe_inst_flags(LLVMValueRef inst) {
  if (!LLVMIsAInstruction(inst)) return 0;
  const char *kw = opcode_keyword(LLVMGetInstructionOpcode(inst));
  if (!kw) return 0; /* no flags possible: and, or, urem, ... */
  LLVMValueRef clone = LLVMInstructionClone(inst);
  char *text = LLVMPrintValueToString(clone);
  unsigned flags = fe_parse_flags(text, kw);
  LLVMDisposeMessage(text);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(inst)));
  LLVMPositionBuilderBefore(b, inst);
  LLVMInsertIntoBuilder(b, clone);
  LLVMInstructionEraseFromParent(clone);
  LLVMDisposeBuilder(b);
  return flags;
}
