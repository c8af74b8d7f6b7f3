/* frontend: from a C file (.c, .i) or LLVM IR (.ll, .bc) to bitprove IR.
 *
 * Contract:
 *  - fe_load() compiles C with clang-14 (-O0 -Xclang -disable-O0-optnone -g,
 *    -m32 for ILP32, the SV-COMP prelude force-included), loads the module
 *    through the LLVM C API, runs the pass pipeline documented in
 *    frontend/passes.c (mem2reg only by default: no pass that drops
 *    nsw/nuw/exact or folds undefined behaviour away) and lowers it into a
 *    fresh ir_module that the caller frees with ir_module_free().
 *  - On failure (missing file, unknown extension, clang error, malformed
 *    IR, timeout of the compiler) it returns NULL and *err holds one line
 *    without trailing newline (heap string, caller frees).
 *  - Only code reachable from main is lowered (functions called or whose
 *    address is taken, globals referenced, transitively). reach_error and
 *    __VERIFIER_* functions are builtins even when the program defines them.
 *  - Values that do not fit one IR register are split into scalar leaves: a
 *    function returning a struct in registers (x86-64 {i64, i64}) gets a
 *    hidden first pointer parameter named "agg.result" and returns void;
 *    aggregate parameters are passed leaf by leaf; integers wider than 64
 *    bits (packed bit-field storage, __int128) become 64-bit words.
 *  - float and double are their IEEE bits in INT 32/64 with the float
 *    opcodes of ir.h; libm's sqrt floor ceil trunc round rint nearbyint
 *    fmin fmax fmod fabs copysign (and their f variants) are lowered when
 *    the program has no body for them. long double and other formats are
 *    unsupported. Inline asm becomes IR_ASM / IR_HAVOC from its constraint
 *    string; asm goto and templates outside that model (control transfer,
 *    stack or floating-point environment changes, directives) are
 *    unsupported (frontend/lower_asm.c).
 *  - Constructs it cannot represent do not make it fail: they are recorded
 *    in m->unsupported with their source location, and the module is still
 *    returned (the functions that contain them may be incomplete, so engines
 *    must answer UNKNOWN for properties those constructs can affect).
 */
#ifndef BITPROVE_FRONTEND_H
#define BITPROVE_FRONTEND_H

#include "../ir/ir.h"

typedef struct {
  unsigned ptr_bits;   /* 64 (LP64, default) or 32 (ILP32) */
  double timeout;      /* seconds for the clang subprocess; <= 0: none */
  bool keep_temps;     /* keep the intermediate bitcode (debugging) */
  const char *clang;   /* compiler to run; NULL: BITPROVE_CLANG */
} fe_options;

void fe_options_default(fe_options *o);

ir_module *fe_load(const char *path, const fe_options *opt, char **err);

#endif
