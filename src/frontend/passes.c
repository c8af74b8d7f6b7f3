/* passes: the LLVM pass pipeline run between loading and lowering.
 *
 * Contract: fe_run_passes() transforms the module in place and returns false
 * with a one-line *err only if LLVM reports an error.
 *
 * The pipeline is deliberately tiny: every pass must keep every instance of
 * undefined behaviour of the source program (signed overflow, out-of-bounds
 * access, uninitialised reads, division by zero, ...) observable in the
 * result, because the verifier's job is to find exactly those.
 *
 *  1. `optnone` is removed from every function. clang marks -O0 functions
 *     optnone unless -disable-O0-optnone is given; .ll/.bc inputs may still
 *     carry it, and the pass manager would then skip them. The attribute only
 *     affects optimisation, never semantics.
 *
 *  2. mem2reg (PromoteMemoryToRegister). It replaces allocas whose address
 *     never escapes and which are only loaded and stored (non-volatile, with
 *     their own type) by SSA values and phis. It leaves all arithmetic and
 *     its nsw/nuw/exact flags untouched, never deletes a call, load or store
 *     of escaping memory, and maps a read of an uninitialised local to
 *     `undef` (which the IR keeps as IR_VAL_UNDEF: still indeterminate).
 *     Volatile and type-punned accesses block promotion, so their behaviour
 *     stays in memory.
 *
 * Not run on purpose: instcombine, simplifycfg with folding, GVN, SROA with
 * poison folding, or anything else that may drop nsw/nuw/exact/inbounds,
 * fold a division by zero or an out-of-bounds access into `unreachable` or
 * `undef`, or delete code that has undefined behaviour.
 */
#include "fe_internal.h"

#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <string.h>

static void drop_optnone(LLVMModuleRef mod) {
  static const char name[] = "optnone";
  unsigned kind = LLVMGetEnumAttributeKindForName(name, sizeof name - 1);
  if (!kind) return;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind))
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
}

bool fe_run_passes(LLVMModuleRef mod, char **err) {
  drop_optnone(mod);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(mod, "function(mem2reg)", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    char *msg = LLVMGetErrorMessage(e);
    *err = xasprintf("internal error: LLVM passes failed: %s", msg);
    LLVMDisposeErrorMessage(msg);
    return false;
  }
  return true;
}
