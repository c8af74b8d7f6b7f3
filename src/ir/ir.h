/* ir: bitprove's own program representation. Every engine reads this; none
 * touches LLVM objects.
 *
 * The story of the data
 * ---------------------
 * A module (ir_module) owns functions, globals, the table of source file
 * names and the list of unsupported constructs met while lowering. All of it
 * is freed by ir_module_free().
 *
 * Types are tiny: void, an integer of 1..64 bits, or a pointer (a float or
 * double is the bit pattern of its IEEE number in an integer, see IR_FADD). A pointer has
 * the module's pointer width (64 for LP64, 32 for ILP32) and carries no
 * pointee type: memory is byte-precise, and a load or store names its width.
 * Aggregates never live in registers: the front end lowers them to memory or
 * to scalars, or reports them as unsupported.
 *
 * A function is an array of blocks and an array of instructions. The
 * instructions of block b are insts[blocks[b].first .. first+count-1], in
 * execution order; the last one is the terminator. Blocks are stored in the
 * order of the source, block 0 is the entry. An instruction's result is named
 * by its index in insts (IR_VAL_INST), so a value is a small struct passed by
 * value, never a pointer.
 *
 * Operands (ir_value) are instruction results, parameters, integer constants,
 * addresses of globals or functions plus a constant byte offset, the null
 * pointer, or undef (an indeterminate value: a read of an uninitialised
 * variable; engines treat it as nondeterministic).
 *
 * getelementptr is lowered to byte arithmetic: IR_PTRADD adds a signed byte
 * offset of pointer width to a pointer. Struct field offsets and element sizes
 * come from the target data layout at lowering time.
 *
 * Calls are uniform: IR_CALL names a callee function (direct) or takes the
 * callee pointer as ops[0] (indirect, callee == IR_NONE). Library functions
 * that engines model (SV-COMP functions, malloc/free, mem*, str*, ...) are
 * functions without body whose `builtin` field says what they are; their
 * arguments follow the C prototype (llvm.memcpy's is-volatile flag dropped).
 * LLVM intrinsics with simple meaning are lowered to plain instructions
 * (with.overflow -> arithmetic + IR_OVERFLOW, smax/umin/abs -> icmp+select);
 * lifetime and debug intrinsics are dropped.
 *
 * Flags: IR_NSW / IR_NUW / IR_EXACT on arithmetic keep LLVM's poison
 * conditions; a verifier treats a violated nsw as signed overflow (UB in C).
 */
#ifndef BITPROVE_IR_H
#define BITPROVE_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../util/util.h"

#define IR_NONE UINT32_MAX

/* ---- types ------------------------------------------------------------ */
typedef enum { IR_TY_VOID, IR_TY_INT, IR_TY_PTR } ir_type_kind;

typedef struct {
  uint8_t kind;  /* ir_type_kind */
  uint16_t bits; /* INT: 1..64; PTR: the module's pointer width; VOID: 0 */
} ir_type;

static inline ir_type ir_type_void(void) { return (ir_type){IR_TY_VOID, 0}; }
static inline ir_type ir_type_int(unsigned bits) { return (ir_type){IR_TY_INT, (uint16_t)bits}; }
static inline ir_type ir_type_ptr(unsigned bits) { return (ir_type){IR_TY_PTR, (uint16_t)bits}; }
static inline bool ir_type_eq(ir_type a, ir_type b) { return a.kind == b.kind && a.bits == b.bits; }
/* Bytes a value of this type occupies in memory ((bits + 7) / 8). */
static inline unsigned ir_type_bytes(ir_type t) { return (t.bits + 7u) / 8u; }

/* ---- source locations -------------------------------------------------- */
typedef struct {
  uint32_t file; /* index into ir_module.files, IR_NONE if unknown */
  uint32_t line, col;
} ir_loc;

static inline ir_loc ir_loc_none(void) { return (ir_loc){IR_NONE, 0, 0}; }

/* ---- values ------------------------------------------------------------ */
typedef enum {
  IR_VAL_NONE,   /* absent operand */
  IR_VAL_CONST,  /* integer constant: imm holds the bits, zero-extended */
  IR_VAL_INST,   /* result of instruction `id` of the same function */
  IR_VAL_ARG,    /* parameter `id` of the function */
  IR_VAL_GLOBAL, /* address of global `id` plus byte offset imm */
  IR_VAL_FUNC,   /* address of function `id` (imm is 0) */
  IR_VAL_NULL,   /* the null pointer (type PTR) */
  IR_VAL_UNDEF   /* indeterminate value */
} ir_value_kind;

typedef struct {
  uint8_t kind; /* ir_value_kind */
  ir_type type;
  uint32_t id;
  uint64_t imm;
} ir_value;

static inline ir_value ir_const(ir_type t, uint64_t bits) {
  uint64_t mask = t.bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << t.bits) - 1);
  return (ir_value){IR_VAL_CONST, t, 0, bits & mask};
}
static inline ir_value ir_inst_val(ir_type t, uint32_t id) { return (ir_value){IR_VAL_INST, t, id, 0}; }
static inline ir_value ir_arg_val(ir_type t, uint32_t id) { return (ir_value){IR_VAL_ARG, t, id, 0}; }
static inline ir_value ir_global_val(ir_type ptr, uint32_t id, uint64_t off) {
  return (ir_value){IR_VAL_GLOBAL, ptr, id, off};
}
static inline ir_value ir_func_val(ir_type ptr, uint32_t id) { return (ir_value){IR_VAL_FUNC, ptr, id, 0}; }
static inline ir_value ir_null_val(ir_type ptr) { return (ir_value){IR_VAL_NULL, ptr, 0, 0}; }
static inline ir_value ir_undef_val(ir_type t) { return (ir_value){IR_VAL_UNDEF, t, 0, 0}; }

/* Sign-extends the constant bits of v (width v.type.bits) to 64 bits. */
int64_t ir_const_signed(ir_value v);

/* ---- instructions ------------------------------------------------------ */
typedef enum {
  /* Binary integer arithmetic: ops[0] op ops[1], operands and result of one
   * INT type. Flags: NSW/NUW on add/sub/mul/shl, EXACT on udiv/sdiv/lshr/ashr. */
  IR_ADD, IR_SUB, IR_MUL, IR_UDIV, IR_SDIV, IR_UREM, IR_SREM,
  IR_SHL, IR_LSHR, IR_ASHR, IR_AND, IR_OR, IR_XOR,
  IR_ICMP,     /* pred (ir_pred) on ops[0], ops[1] (INT or PTR); result i1 */
  IR_SELECT,   /* ops[0] (i1) ? ops[1] : ops[2] */
  IR_TRUNC, IR_ZEXT, IR_SEXT, /* ops[0] INT -> result INT */
  IR_PTRTOINT, IR_INTTOPTR,   /* PTR <-> INT, zero-extending or truncating */
  IR_COPY,     /* result = ops[0] (bitcast, freeze-free identity, llvm.expect) */
  IR_PTRADD,   /* ops[0] PTR + ops[1] (INT of pointer width, signed byte
                  offset); flag INBOUNDS from getelementptr inbounds */
  IR_OVERFLOW, /* pred (ir_ovf) on ops[0], ops[1]: i1, does the operation
                  overflow? (llvm.*.with.overflow) */
  IR_PHI,      /* ops[i] flows in from block targets[i]; nops == ntargets */
  IR_ALLOCA,   /* result PTR to a fresh stack object of size*ops[0] bytes
                  (ops[0] INT element count), alignment align */
  IR_LOAD,     /* result type read from ops[0] (PTR); size bytes; align */
  IR_STORE,    /* store ops[0] at ops[1] (PTR); size bytes; align */
  IR_CALL,     /* callee != IR_NONE: ops are the arguments. callee == IR_NONE:
                  ops[0] is the callee pointer, ops[1..] the arguments.
                  Result type VOID when nothing is returned. */
  /* Floating point. A float value is the bit pattern of an IEEE 754 number
   * held in an INT of its width: 32 bits are binary32 (float), 64 bits
   * binary64 (double); no other width (long double is unsupported). So
   * loads, stores, phis, selects and bitcasts need nothing new. Arithmetic
   * rounds to nearest, ties to even (C's default; fenv is not modelled).
   * fneg, fabs and copysign are sign-bit arithmetic (IR_XOR / IR_AND / IR_OR). */
  IR_FADD, IR_FSUB, IR_FMUL, IR_FDIV, /* ops[0] op ops[1]; operands and result of one width */
  IR_FREM,     /* C's fmod (LLVM frem): x - trunc(x / y) * y, computed exactly */
  IR_FCMP,     /* pred (ir_fpred) on ops[0], ops[1] of one width; result i1 */
  IR_FPTOSI, IR_FPTOUI, /* float ops[0] -> INT of any width, rounded toward zero;
                  undefined behaviour when that value is not representable
                  (NaN, infinities, out of range: C11 6.3.1.4) */
  IR_SITOFP, IR_UITOFP, /* INT ops[0] read signed / unsigned -> float of the result width */
  IR_FPEXT,    /* binary32 -> binary64 (exact) */
  IR_FPTRUNC,  /* binary64 -> binary32 (rounded) */
  IR_FMATH,    /* pred (ir_fmath): a libm function of 1 or 2 operands (ir_fmath_arity),
                  operands and result of one width */
  /* Inline assembly (sound for sequential code): */
  IR_ASM,      /* result: an unknown value of its type (VOID: none); ops: the asm's
                  input operands. Flag IR_ASM_MEMORY: a "memory" clobber, the asm
                  may write any memory reachable from its pointer operands and
                  from globals. Without it the asm touches no memory but through
                  IR_HAVOC. */
  IR_HAVOC,    /* `size` bytes at ops[0] (PTR) get unknown contents: an asm's memory
                  output ("=m" / "+m"). Writing them must be allowed (a store). */
  /* Terminators */
  IR_BR,          /* goto targets[0] */
  IR_CONDBR,      /* ops[0] (i1) ? targets[0] : targets[1] */
  IR_SWITCH,      /* ops[0] INT; case_values[i] -> targets[i+1]; default targets[0] */
  IR_RET,         /* nops is 0 or 1 */
  IR_UNREACHABLE, /* executing it is undefined behaviour */
  IR_OPCODE_COUNT
} ir_opcode;

enum {
  IR_NSW = 1u << 0,
  IR_NUW = 1u << 1,
  IR_EXACT = 1u << 2,
  IR_INBOUNDS = 1u << 3,
  IR_VOLATILE = 1u << 4, /* load/store */
  IR_ASM_MEMORY = 1u << 5, /* IR_ASM: "memory" clobber */
  /* IR_ASM: stands for a call of a function without a body (a library
   * function the program does not define), by the convention the user
   * chose (frontend.h, fe_undefined): it terminates, its result is
   * arbitrary, and it writes nothing (or, with IR_ASM_MEMORY, anything its
   * pointer operands reach). `size` holds the id of that function. */
  IR_ASM_EXTERN_CALL = 1u << 6,
  /* IR_SHL: the C shift's left operand was unsigned (frontend/shift_sign.c),
   * so it wraps and is never a signed overflow. A shl with neither this nor
   * IR_NSW (which the front end sets on a signed C shift) may have been
   * either, and no-overflow cannot be proved over it. */
  IR_UNSIGNED_SHL = 1u << 7,
};

typedef enum {
  IR_EQ, IR_NE, IR_UGT, IR_UGE, IR_ULT, IR_ULE, IR_SGT, IR_SGE, IR_SLT, IR_SLE
} ir_pred;

/* IR_FCMP predicates, LLVM's: O = ordered (neither operand NaN) and the
 * relation; U = unordered (some operand NaN) or the relation. */
typedef enum {
  IR_FFALSE, IR_FOEQ, IR_FOGT, IR_FOGE, IR_FOLT, IR_FOLE, IR_FONE, IR_FORD,
  IR_FUNO, IR_FUEQ, IR_FUGT, IR_FUGE, IR_FULT, IR_FULE, IR_FUNE, IR_FTRUE
} ir_fpred;

/* IR_FMATH functions: C's sqrt, floor, ceil, trunc, round (halves away from
 * zero), rint/nearbyint (to nearest even), fmin, fmax (a NaN operand yields
 * the other operand). */
typedef enum {
  IR_FM_SQRT, IR_FM_FLOOR, IR_FM_CEIL, IR_FM_TRUNC, IR_FM_ROUND, IR_FM_RINT,
  IR_FM_FMIN, IR_FM_FMAX, IR_FM_COUNT
} ir_fmath;

static inline unsigned ir_fmath_arity(ir_fmath f) { return f >= IR_FM_FMIN ? 2u : 1u; }

typedef enum {
  IR_OVF_SADD, IR_OVF_UADD, IR_OVF_SSUB, IR_OVF_USUB, IR_OVF_SMUL, IR_OVF_UMUL
} ir_ovf;

typedef struct {
  uint8_t op;    /* ir_opcode */
  uint8_t flags; /* IR_NSW | ... */
  uint8_t pred;  /* ir_pred for ICMP, ir_ovf for OVERFLOW, ir_fpred for FCMP, ir_fmath for FMATH */
  ir_type type;  /* result type; VOID if none */
  uint32_t block;
  uint32_t nops;
  ir_value *ops;
  uint32_t ntargets;
  uint32_t *targets;     /* successor blocks, or PHI incoming blocks */
  uint64_t *case_values; /* SWITCH: ntargets-1 constants of ops[0]'s type */
  uint32_t callee;       /* CALL: function id, IR_NONE if indirect */
  uint64_t size;         /* ALLOCA element size / LOAD, STORE, HAVOC bytes */
  uint32_t align;
  ir_loc loc;
  const char *name; /* source-level name of the result, or NULL */
  /* The C variable (debug info, llvm.dbg.value) whose value this result is:
   * for a phi, at the start of its block (the variable's value on entering
   * it, e.g. a loop counter at its loop header); for any other result,
   * wherever the result is live (the variable is assigned only this value
   * in the whole function and is declared at the function's top level).
   * NULL when no such variable is known. Witnesses name values with it. */
  const char *var;
} ir_inst;

static inline bool ir_is_terminator(uint8_t op) { return op >= IR_BR && op <= IR_UNREACHABLE; }
static inline bool ir_is_binary(uint8_t op) { return op <= IR_XOR; }
static inline bool ir_is_cast(uint8_t op) { return op >= IR_TRUNC && op <= IR_COPY; }
/* The floating-point opcodes (IR_FADD .. IR_FMATH). */
static inline bool ir_is_float_op(uint8_t op) { return op >= IR_FADD && op <= IR_FMATH; }
/* Is a float value's width one of the two formats? */
static inline bool ir_float_width_ok(unsigned bits) { return bits == 32 || bits == 64; }

/* ---- builtins: functions whose meaning engines know ------------------- */
#define IR_BUILTINS(X)                                                         \
  X(NONE, "")                                                                  \
  /* SV-COMP */                                                                \
  X(NONDET, "__VERIFIER_nondet_*") /* fresh value of the return type */        \
  X(ASSUME, "__VERIFIER_assume")                                               \
  X(VERIFIER_ERROR, "__VERIFIER_error")                                        \
  X(REACH_ERROR, "reach_error")                                                \
  X(ASSERT_FAIL, "__assert_fail")                                              \
  X(ATOMIC_BEGIN, "__VERIFIER_atomic_begin")                                   \
  X(ATOMIC_END, "__VERIFIER_atomic_end")                                       \
  X(ABORT, "abort")                                                            \
  X(EXIT, "exit")                                                              \
  X(TRAP, "llvm.trap")                                                         \
  /* memory */                                                                 \
  X(MALLOC, "malloc")                                                          \
  X(CALLOC, "calloc")                                                          \
  X(REALLOC, "realloc")                                                        \
  X(FREE, "free")                                                              \
  X(ALLOCA, "alloca")                                                          \
  X(STACKSAVE, "llvm.stacksave")                                               \
  X(STACKRESTORE, "llvm.stackrestore")                                         \
  X(MEMSET, "memset")                                                          \
  X(MEMCPY, "memcpy")                                                          \
  X(MEMMOVE, "memmove")                                                        \
  X(MEMCMP, "memcmp")                                                          \
  X(MEMCHR, "memchr")                                                          \
  /* strings */                                                                \
  X(STRLEN, "strlen")                                                          \
  X(STRNLEN, "strnlen")                                                        \
  X(STRCPY, "strcpy")                                                          \
  X(STRNCPY, "strncpy")                                                        \
  X(STRCAT, "strcat")                                                          \
  X(STRNCAT, "strncat")                                                        \
  X(STRCMP, "strcmp")                                                          \
  X(STRNCMP, "strncmp")                                                        \
  X(STRCHR, "strchr")                                                          \
  X(STRRCHR, "strrchr")                                                        \
  X(STRDUP, "strdup")                                                          \
  X(STRSTR, "strstr")                                                          \
  X(SPRINTF, "sprintf")                                                        \
  X(SNPRINTF, "snprintf")                                                      \
  /* output (no effect on verdicts; the interpreter prints) */                 \
  X(PRINTF, "printf")                                                          \
  X(PUTS, "puts")                                                              \
  X(PUTCHAR, "putchar")

typedef enum {
#define IR_BUILTIN_ENUM(id, name) IR_BUILTIN_##id,
  IR_BUILTINS(IR_BUILTIN_ENUM)
#undef IR_BUILTIN_ENUM
  IR_BUILTIN_COUNT
} ir_builtin;

/* The builtin that a function of this name is, IR_BUILTIN_NONE if none.
 * Recognises every __VERIFIER_nondet_<type>. */
ir_builtin ir_builtin_of_name(const char *name);
const char *ir_builtin_name(ir_builtin b);

/* ---- functions, globals, module ---------------------------------------- */
typedef struct {
  uint32_t first, count; /* instructions insts[first .. first+count-1] */
  const char *name;      /* label for printing, or NULL */
} ir_block;

typedef struct {
  const char *name;
  ir_type ret;
  uint32_t nparams;
  ir_type *params;
  const char **param_names; /* entries may be NULL */
  bool variadic;
  bool defined;       /* has a body */
  bool body_dropped;  /* the program defines it, but as a builtin whose
                         meaning engines know (reach_error, __VERIFIER_*) it
                         was lowered without its body: not defined here, yet
                         not for another file to define (--harness) */
  uint8_t builtin;    /* ir_builtin; only for functions without body */
  uint32_t nblocks;
  ir_block *blocks;
  uint32_t ninsts;
  ir_inst *insts;
  ir_loc loc;
} ir_func;

/* What a call of f does, for every engine: a function without body is
 * its builtin (or what its name says); a function with a body is an
 * ordinary one, but SV-COMP's reach_error, __VERIFIER_error,
 * __VERIFIER_assume and __VERIFIER_nondet_* are what their names say even
 * with one, except a __VERIFIER_nondet_ function whose body the front end
 * kept as the program's own (builtin NONE: a pointer-returning helper such
 * as __VERIFIER_nondet_String, frontend/lower.c). */
ir_builtin ir_func_effective_builtin(const ir_func *f);

/* Bytes of an external global whose type is incomplete (`extern struct
 * module __this_module;`): enough for the fields a program touches. */
#define IR_EXTERN_UNSIZED_BYTES 4096u

typedef struct {
  uint64_t offset;  /* where in the global's bytes the address is stored */
  uint8_t kind;     /* IR_VAL_GLOBAL or IR_VAL_FUNC */
  uint32_t target;  /* global or function id */
  uint64_t addend;  /* byte offset added to the target's address */
} ir_reloc;

typedef struct {
  const char *name;
  uint64_t size;    /* bytes */
  uint32_t align;
  uint8_t *init;    /* size bytes, little endian; NULL: all zero */
  uint32_t nrelocs; /* pointers inside the initial bytes */
  ir_reloc *relocs;
  bool constant;
  bool external;    /* declared only (no definition in the module): contents unknown, no init */
  bool incomplete;  /* external, of an incomplete or zero-size type (`extern int a[];`): its
                       size is the assumed IR_EXTERN_UNSIZED_BYTES, so an access beyond it is
                       no proof of a memory error */
  ir_loc loc;
} ir_global;

typedef struct {
  const char *what; /* e.g. "floating point", "inline asm", "call to undefined function 'foo'" */
  ir_loc loc;
  /* a call of a function without a body (and no builtin): the call stays in
   * the IR, so a caller that adopts a convention for such functions (the
   * Termination Competition's: it terminates, returns an arbitrary value and
   * writes nothing) may go on */
  bool undefined_call;
} ir_unsupported;

typedef struct {
  arena mem; /* names, operand arrays, initial bytes */
  unsigned ptr_bits;
  const char *source_name;
  VEC(ir_func) funcs;
  VEC(ir_global) globals;
  VEC(const char *) files;
  VEC(ir_unsupported) unsupported;
  /* --function NAME (frontend/entry.c): main is generated and calls NAME
   * with arbitrary arguments. All NULL / false for a program's own main. */
  const char *entry_function;
  const char *entry_model; /* the model of the arguments, one sentence */
  const char *entry_c;     /* the generated main as C, for the native harness */
  bool entry_renamed_main; /* the program's own main is __bitprove_program_main */
  /* atomic operations (loads, stores, fences, atomicrmw, cmpxchg) lowered
   * with their sequential meaning, which assumes a single thread
   * (frontend/lower_atomic.c); atomics_weak: of them, the compare-exchanges
   * that may be weak (never failing spuriously here) */
  uint32_t atomics, atomics_weak;
  /* inline asm templates read as a trap (ud2: the kernel's BUG();
   * frontend/lower_asm.c): the run ends there */
  uint32_t asm_traps;
  /* inline asm templates that are one `call name` (the kernel's
   * __get_user_N / __put_user_N), modelled by their constraints */
  uint32_t asm_calls;
  /* functions and variables declared without a definition that only code the
   * generated main never reaches uses (names in mem): a native link needs them */
  VEC(const char *) unreached_decls;
  VEC(const char *) unreached_data;
} ir_module;

/* ---- construction ------------------------------------------------------- */
ir_module *ir_module_new(unsigned ptr_bits, const char *source_name);
void ir_module_free(ir_module *m);

static inline ir_type ir_ptr_type(const ir_module *m) { return ir_type_ptr(m->ptr_bits); }

/* Interns a file name, returns its index. */
uint32_t ir_module_file(ir_module *m, const char *path);
/* Records an unsupported construct (the description is copied). */
void ir_module_unsupported(ir_module *m, const char *what, ir_loc loc);

/* Adds a function (declaration; no blocks yet) and returns its id. Params and
 * names are copied. */
uint32_t ir_func_add(ir_module *m, const char *name, ir_type ret, uint32_t nparams,
                     const ir_type *params, bool variadic);
/* Id of the function of that name, IR_NONE if absent. */
uint32_t ir_func_find(const ir_module *m, const char *name);

uint32_t ir_global_add(ir_module *m, const char *name, uint64_t size, uint32_t align);
uint32_t ir_global_find(const ir_module *m, const char *name);

/* Function body builder. Blocks are created up front (or on the fly) and
 * filled one at a time, in order: ir_build_block(b, k) starts block k, and
 * every block must be started exactly once, in increasing order of k, so
 * that each block's instructions are contiguous. Operand arrays passed to the
 * emit functions are copied. The emitted instruction's id is returned; its
 * fields may be patched afterwards through ir_build_inst() (the front end
 * fills phi operands at the end). ir_build_finish() marks the function
 * defined. */
typedef struct {
  ir_module *m;
  uint32_t func;
  uint32_t cur_block;
  VEC(ir_block) blocks;
  VEC(ir_inst) insts;
} ir_builder;

void ir_build_begin(ir_builder *b, ir_module *m, uint32_t func);
uint32_t ir_build_new_block(ir_builder *b, const char *name);
void ir_build_block(ir_builder *b, uint32_t block);
uint32_t ir_build_emit(ir_builder *b, const ir_inst *proto);
ir_inst *ir_build_inst(ir_builder *b, uint32_t id);
void ir_build_finish(ir_builder *b);

/* Convenience emitters on top of ir_build_emit (loc applies to the inst). */
uint32_t ir_emit_binary(ir_builder *b, ir_opcode op, unsigned flags, ir_value x, ir_value y, ir_loc loc);
uint32_t ir_emit_icmp(ir_builder *b, ir_pred p, ir_value x, ir_value y, ir_loc loc);
uint32_t ir_emit_cast(ir_builder *b, ir_opcode op, ir_type to, ir_value x, ir_loc loc);
uint32_t ir_emit_select(ir_builder *b, ir_value c, ir_value x, ir_value y, ir_loc loc);
uint32_t ir_emit_ptradd(ir_builder *b, unsigned flags, ir_value p, ir_value off, ir_loc loc);
uint32_t ir_emit_alloca(ir_builder *b, uint64_t elem_size, ir_value count, uint32_t align, ir_loc loc);
uint32_t ir_emit_load(ir_builder *b, ir_type t, ir_value p, uint32_t align, ir_loc loc);
uint32_t ir_emit_store(ir_builder *b, ir_value v, ir_value p, uint32_t align, ir_loc loc);
uint32_t ir_emit_call(ir_builder *b, uint32_t callee, ir_type ret, uint32_t nargs, const ir_value *args, ir_loc loc);
uint32_t ir_emit_br(ir_builder *b, uint32_t target, ir_loc loc);
uint32_t ir_emit_condbr(ir_builder *b, ir_value c, uint32_t t, uint32_t f, ir_loc loc);
uint32_t ir_emit_ret(ir_builder *b, const ir_value *v /* NULL: void */, ir_loc loc);
uint32_t ir_emit_unreachable(ir_builder *b, ir_loc loc);

/* ---- reading ------------------------------------------------------------ */
static inline ir_value ir_result(const ir_func *f, uint32_t inst) {
  return ir_inst_val(f->insts[inst].type, inst);
}
const char *ir_opcode_name(ir_opcode op);
const char *ir_pred_name(ir_pred p);
const char *ir_fpred_name(ir_fpred p);
const char *ir_fmath_name(ir_fmath f); /* the C function: "sqrt", "floor", ... */
/* "file:line:col" (or "?" when unknown) into buf; returns buf. */
const char *ir_loc_format(const ir_module *m, ir_loc loc, char *buf, size_t n);

/* ---- printer and verifier ----------------------------------------------- */
/* Prints the module in bitprove's textual form (see ir_print.c). */
void ir_print_module(const ir_module *m, FILE *out);
void ir_print_func(const ir_module *m, const ir_func *f, FILE *out);

/* Checks structural well-formedness: terminators last and only last, targets
 * and operand references in range, operand types agree with each opcode,
 * phis first in their block with one entry per predecessor. Returns true if
 * well-formed; otherwise writes the first problem into err (if non-NULL). */
bool ir_verify(const ir_module *m, char *err, size_t errlen);

#endif
