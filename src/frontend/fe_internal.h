/* fe_internal: declarations shared by the files of the front end. Not part
 * of the public API (frontend.h); unit tests may use them.
 *
 * Files:
 *  clang.c       runs clang-14 on .c/.i input (prelude, timeout, stderr)
 *  frontend.c    fe_load: file kinds, LLVM context, module verification
 *  passes.c      the LLVM pass pipeline (mem2reg) and why it keeps UB
 *  flags.c       nsw/nuw/exact recovered from LLVM's printed instruction
 *  lower.c       module/function driver: reachability, blocks, values
 *  lower_const.c constants, constant expressions, globals and initializers
 *  lower_inst.c  instructions, calls, intrinsics
 *  lower_float.c floating-point instructions, float intrinsics, libm calls
 *  lower_asm.c   inline assembly (constraint strings -> IR_ASM / IR_HAVOC)
 *  lower_atomic.c atomics with their sequential meaning (fence, atomicrmw,
 *                cmpxchg)
 *  lower_split.c aggregates and integers wider than 64 bits in registers,
 *                as lists of scalar leaves
 *  shift_sign.c  which left shifts were signed in C (a second compilation
 *                with -fsanitize=shift-base)
 */
#ifndef BITPROVE_FE_INTERNAL_H
#define BITPROVE_FE_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "../util/map.h"
#include "frontend.h"

/* ---- clang ------------------------------------------------------------- */
/* Compiles a .c or .i file into bitcode at out_bc; with_prelude
 * force-includes the SV-COMP prelude, no_builtin passes -fno-builtin.
 * Returns false with a one-line *err on failure. */
bool fe_compile(const fe_input *in, const fe_options *opt, bool with_prelude, bool no_builtin, const char *tmpdir,
                const char *out_bc, char **err);
/* The text of the SV-COMP prelude. */
const char *fe_prelude_text(void);

/* ---- signedness of left shifts (shift_sign.c) ------------------------------ */
typedef enum { FE_SHL_UNKNOWN, FE_SHL_SIGNED, FE_SHL_UNSIGNED } fe_shift_sign;
/* Does the module contain a shl instruction? */
bool fe_module_has_shl(LLVMModuleRef mod);
/* `sanitized` is the C input of `plain` compiled the same way plus
 * -fsanitize=shift-base (both in ctx). Marks every shl of each function of
 * plain with the C signedness of its left operand (metadata, kept by linking
 * and the passes): signed where the sanitizer guards the same shl (the k-th
 * of the function, at the same line and column), unsigned where it does
 * not. A function whose shl do not line up, or whose handler calls guard no
 * recognisable shl, is left unmarked (unknown). */
void fe_mark_shift_signs(LLVMModuleRef plain, LLVMModuleRef sanitized, LLVMContextRef ctx);
/* The mark of one shl (FE_SHL_UNKNOWN without one). */
fe_shift_sign fe_shift_sign_of(LLVMContextRef ctx, LLVMValueRef shl);

/* ---- passes ------------------------------------------------------------- */
bool fe_run_passes(LLVMModuleRef mod, char **err);

/* ---- flags -------------------------------------------------------------- */
/* Parses the IR_NSW/IR_NUW/IR_EXACT/IR_INBOUNDS flags that follow the opcode
 * in one printed instruction ("%x = add nuw nsw i32 %a, %b"). `opcode` is
 * the expected opcode keyword ("add"); returns 0 if it is not found. */
unsigned fe_parse_flags(const char *text, const char *opcode);
/* The flags of a binary operator instruction (prints a detached clone, so
 * the cost does not depend on the size of the function). */
unsigned fe_inst_flags(LLVMValueRef inst);

/* ---- pointer map --------------------------------------------------------- */
/* LLVM object -> number: the util map keyed by the address. A NULL key is
 * never stored (put ignores it, get does not find it). */
typedef u64_map fe_ptrmap;
static inline void fe_map_put(fe_ptrmap *m, const void *key, uint64_t val) {
  if (key) u64_map_put(m, (uint64_t)(uintptr_t)key, val);
}
static inline bool fe_map_get(const fe_ptrmap *m, const void *key, uint64_t *val) {
  return key && u64_map_get(m, (uint64_t)(uintptr_t)key, val);
}
static inline void fe_map_clear(fe_ptrmap *m) { u64_map_clear(m); }
static inline void fe_map_free(fe_ptrmap *m) { u64_map_free(m); }

/* ---- lowering state ------------------------------------------------------- */
/* Operands that refer to instructions not lowered yet (layout order need not
 * follow dominance; phis forward-reference) get a marker id >= FE_MARK; all
 * markers are resolved when the function is complete. */
#define FE_MARK 0x80000000u

/* A marker stands for an LLVM value, or for one leaf of a split value. */
typedef struct {
  LLVMValueRef v;
  uint32_t leaf; /* UINT32_MAX: the scalar value itself */
} fe_pending;

/* Split values: a first-class aggregate ({i64, i16}, [2 x i32]) or an
 * integer wider than 64 bits lives in registers as a list of scalar leaves,
 * each with its byte offset in the value's memory image. A wide integer iN
 * has ceil(N/64) little-endian words: i64 ... i64, i(N mod 64 or 64). */
#define FE_MAX_LEAVES 256
typedef struct {
  uint64_t off;
  ir_type type;
} fe_leaf;

typedef struct {
  ir_module *m;
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  unsigned pbits;
  ir_type pty;

  fe_ptrmap funcs;   /* LLVM function -> ir func id */
  fe_ptrmap globals; /* LLVM global -> ir global id */
  VEC(LLVMValueRef) fn_work; /* functions whose bodies are still to lower */
  VEC(LLVMValueRef) gv_work; /* globals whose initializers are still to lower */
  VEC(uint8_t) will_define;  /* per ir func: its body will be lowered */
  uint32_t builtin_fn[IR_BUILTIN_COUNT]; /* functions made for intrinsics */

  /* current function */
  ir_builder b;
  bool in_func;
  LLVMValueRef fn;
  ir_loc fn_loc;
  ir_loc loc;               /* location of the instruction being lowered */
  fe_ptrmap vals;           /* LLVM value -> index into valtab */
  VEC(ir_value) valtab;
  fe_ptrmap blocks;         /* LLVM block -> ir block id (reachable ones) */
  VEC(fe_pending) pending;  /* marker index -> LLVM value (and leaf) */
  fe_ptrmap pend_idx;       /* LLVM value -> (first) marker index */
  fe_ptrmap entry_consts;   /* constant expr -> valtab index, built in entry */
  fe_ptrmap splits;         /* split LLVM value -> (start in splitpool << 16) | count */
  VEC(ir_value) splitpool;
  fe_ptrmap call_tmps;      /* call -> valtab index of [ret temp, arg temps...] */
  ir_value ret_ptr;         /* hidden result pointer of a split-returning function */

  const char *const *sources; /* the input paths as given */
  char **sources_real;        /* their realpath()s (entries may be NULL) */
  size_t nsources;
  const fe_options *opt;
  fe_ptrmap files;    /* debug-info file name (MDString data) -> file id */

  unsigned kind_byval;
} fe_lower;

/* lower.c */
/* Lowers the (linked) module; sources are the inputs as given (locations in
 * those files are shown by these names). */
ir_module *fe_lower_module(LLVMModuleRef mod, LLVMContextRef ctx, const char *const *sources, size_t nsources,
                           const fe_options *opt, char **err);

/* ---- calls of functions without a body ------------------------------------- */
/* Emits the IR_ASM with IR_ASM_EXTERN_CALL that stands for a call of
 * function fid (no body) with result type t; `writes`: it may write memory
 * its pointer operands ops[0..n) reach (FE_UNDEFINED_HAVOC). */
uint32_t fe_emit_extern_call(fe_lower *L, ir_type t, uint32_t fid, bool writes, uint32_t n, ir_value *ops);

/* ---- entry (--function) ------------------------------------------------------ */
typedef struct {
  char *c_main;      /* the harness's main, as C (heap), or NULL */
  char *model;       /* the model of the arguments, one sentence (heap), or NULL */
  bool renamed_main; /* the program's main became __bitprove_program_main */
} fe_entry_text;

/* With opt->entry.name set: renames the program's main (if any) and adds a
 * main that calls the entry function with arbitrary arguments (entry.c
 * states the model), and describes it in *out. Without: nothing. False
 * with a one-line *err when the function does not exist, has a parameter
 * outside the model, or a --buffer-arg names no pointer and length pair of
 * its parameters. */
bool fe_build_entry(LLVMModuleRef mod, const fe_options *opt, fe_entry_text *out, char **err);
bool fe_unsupported(fe_lower *L, const char *what);
bool fe_unsupported_at(fe_lower *L, const char *what, ir_loc loc);
ir_loc fe_loc_of(fe_lower *L, LLVMValueRef v);
ir_type fe_type(fe_lower *L, LLVMTypeRef t, const char **why);
uint32_t fe_func_id(fe_lower *L, LLVMValueRef fn);
void fe_set_val(fe_lower *L, LLVMValueRef v, ir_value x);
bool fe_has_val(fe_lower *L, LLVMValueRef v);
/* Value of an instruction/argument of the current function (or a marker). */
ir_value fe_local_val(fe_lower *L, LLVMValueRef v);
/* Name of an LLVM value as a NUL-terminated string in the module's arena,
 * or NULL when it has none. */
const char *fe_name(fe_lower *L, LLVMValueRef v);

/* lower_const.c */
ir_pred fe_pred(LLVMIntPredicate p);
/* The IR opcode of an LLVM integer binary opcode; false if it is none. */
bool fe_binop(LLVMOpcode op, ir_opcode *out);
uint32_t fe_global_id(fe_lower *L, LLVMValueRef gv);
void fe_lower_global_init(fe_lower *L, LLVMValueRef gv);
/* The ir_value of an operand; may emit instructions for constant
 * expressions (only inside a function). */
ir_value fe_val(fe_lower *L, LLVMValueRef v);
/* Byte offset of a getelementptr (instruction or constant expression):
 * constant part in *cst, variable part (emitted) in *var when *has_var.
 * With emit false, fails on non-constant indices. */
bool fe_gep_offset(fe_lower *L, LLVMValueRef gep, bool emit, int64_t *cst, ir_value *var, bool *has_var);
/* Integer value v converted to pointer width (sext/trunc), emitting a cast. */
ir_value fe_to_ptr_width(fe_lower *L, ir_value v, bool sign);
/* Strips bitcast constant expressions and aliases around a callee. */
LLVMValueRef fe_strip_casts(LLVMValueRef v);

/* lower_split.c */
bool fe_is_split(fe_lower *L, LLVMTypeRef t);
/* Leaves of a split type into out (FE_MAX_LEAVES entries); *why names the
 * first leaf of an unsupported type (its leaf gets a stand-in type). */
unsigned fe_leaves(fe_lower *L, LLVMTypeRef t, fe_leaf *out, const char **why);
/* Leaves of a split-typed value (instruction, argument or constant). */
unsigned fe_split_val(fe_lower *L, LLVMValueRef v, ir_value *out);
void fe_set_split(fe_lower *L, LLVMValueRef v, const ir_value *leaves, unsigned n);
/* Words of a wide integer constant, little endian. */
void fe_wide_const_words(LLVMValueRef c, unsigned nwords, uint64_t *out);
/* Address of a leaf: p + off (p itself for off 0). */
ir_value fe_leaf_addr(fe_lower *L, ir_value p, uint64_t off);
void fe_store_leaves(fe_lower *L, ir_value p, const fe_leaf *lv, const ir_value *vals, unsigned n, unsigned align);
void fe_load_leaves(fe_lower *L, ir_value p, const fe_leaf *lv, ir_value *vals, unsigned n, unsigned align);
/* Lowers an instruction that has a split-typed result or operand (other
 * than call and ret, which handle split values themselves). */
void fe_lower_split_inst(fe_lower *L, LLVMValueRef inst);
/* A switch on a split (wide) integer: 0 for the default, i for the i-th
 * case, as an i32 value computed before the switch (lower_split.c). */
ir_value fe_wide_switch_index(fe_lower *L, LLVMValueRef inst);
/* Undef leaves for a split-typed instruction that cannot be lowered. */
void fe_split_undef(fe_lower *L, LLVMValueRef inst);

/* Bit pattern of a float/double constant (ConstantFP) as an INT 32/64
 * constant; false (with *why) for other float formats. */
bool fe_fp_const(fe_lower *L, LLVMValueRef c, ir_value *out, const char **why);

/* lower_inst.c */
void fe_lower_inst(fe_lower *L, LLVMValueRef inst);
/* A call of builtin bk (its function made on first use) with arguments
 * converted to params (undef where a type differs); n <= 4. */
uint32_t fe_call_builtin(fe_lower *L, ir_builtin bk, ir_type ret, unsigned n, const ir_type *params,
                         const ir_value *args);
/* Records inst's result as instruction id (named after the LLVM value). */
void fe_set_result(fe_lower *L, LLVMValueRef inst, uint32_t id);
/* Reports why (if non-NULL) and maps a value-producing inst to undef. */
void fe_give_up(fe_lower *L, LLVMValueRef inst, const char *why);
/* The first unsupported type among the result and the operands. */
const char *fe_type_problem(fe_lower *L, LLVMValueRef inst);

/* lower_float.c */
/* fneg, fadd .. frem, fcmp, fptosi/ui, sitofp/uitofp, fpext, fptrunc. */
void fe_lower_float_inst(fe_lower *L, LLVMValueRef inst);
/* A float intrinsic (llvm.fabs, llvm.sqrt, ...) with lowered arguments a;
 * false if name is none that is modelled. */
bool fe_lower_float_intrinsic(fe_lower *L, LLVMValueRef inst, const char *name, const ir_value *a, unsigned nargs);
/* A call of a libm function without body in the program (sqrt, fabsf, ...)
 * whose call type matches its C prototype; false if it is not one. */
bool fe_lower_libm_call(fe_lower *L, LLVMValueRef inst, const char *name);

/* lower_asm.c */
/* A call of an inline asm value (the callee of inst). */
void fe_lower_asm(fe_lower *L, LLVMValueRef inst);

/* lower_atomic.c */
/* fence, atomicrmw or cmpxchg (split result) with its sequential meaning. */
void fe_lower_atomic(fe_lower *L, LLVMValueRef inst);
/* A call of one of the generic atomic library functions clang emits for
 * objects no instruction fits (an _Atomic struct, _Atomic __int128):
 * __atomic_load, __atomic_store, __atomic_exchange, __atomic_compare_exchange,
 * when the program has no body for it and the call has its prototype; false
 * if it is none of them. */
bool fe_lower_atomic_call(fe_lower *L, LLVMValueRef inst, const char *name);
/* Counts one atomic operation read sequentially (ir_module.atomics): an
 * atomic load or store lowered as a plain one calls it. */
void fe_note_atomic(fe_lower *L);

#endif
