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

#include <stdint.h>

#include "../ir/ir.h"

/* What a call of a function without a body (declared, not defined, and
 * not a builtin) becomes. */
typedef enum {
  FE_UNDEFINED_UNSUPPORTED, /* recorded in m->unsupported (SV-COMP tasks: a task is self-contained) */
  FE_UNDEFINED_ARBITRARY,   /* terminates, returns an arbitrary value of its type, writes nothing
                               (the Termination Competition's rule; CBMC's default): IR_ASM with
                               IR_ASM_EXTERN_CALL and the callee's id in `callee` */
  FE_UNDEFINED_HAVOC        /* as ARBITRARY, and it may also write any memory reachable from its
                               pointer arguments (and from globals): IR_ASM_MEMORY too */
} fe_undefined;

/* The entry of --function NAME: main becomes a generated function that
 * calls NAME with arbitrary arguments (frontend/entry.c states the model). */
/* What a character pointer parameter points to (entry.c states which
 * parameters are character pointers). */
typedef enum {
  FE_CHAR_ARGS_STRING, /* default: a NUL-terminated string in an object of object_size bytes */
  FE_CHAR_ARGS_BYTES   /* object_size arbitrary bytes, as a void * */
} fe_char_args;

#define FE_MAX_BUFFER_ARGS 16

typedef struct {
  const char *name;       /* NULL: the program's own main */
  uint64_t object_size;   /* bytes of the object a void * or character pointer points to */
  bool args_may_be_null;  /* a pointer argument (at every level) may also be NULL */
  fe_char_args char_args; /* --char-args; FE_CHAR_ARGS_STRING when zeroed */
  /* --buffer-arg P,N: "P,N" as given (P, N: parameter names or 1-based
   * positions; entry.c checks them), the pointer P to an array of exactly N
   * elements, 0 <= N <= object_size */
  const char *buffer_args[FE_MAX_BUFFER_ARGS];
  unsigned nbuffer_args;
} fe_entry;

#define FE_DEFAULT_OBJECT_SIZE 64

typedef struct {
  unsigned ptr_bits;   /* 64 (LP64, default) or 32 (ILP32) */
  double timeout;      /* seconds for the clang subprocess; <= 0: none */
  bool keep_temps;     /* keep the intermediate bitcode (debugging) */
  const char *clang;   /* compiler to run; NULL: BITPROVE_CLANG */
  fe_undefined undefined; /* default FE_UNDEFINED_UNSUPPORTED */
  bool assert_is_error;   /* a call of __assert_fail (failing assert()) is a call of reach_error */
  bool own_assume;        /* a __VERIFIER_assume the program defines keeps its body (termCOMP reads
                             the program as written: the TPDB's pals_* define it as `while (!arg) {}`,
                             which never ends when arg is 0); default false: SV-COMP's builtin */
  /* Tell signed from unsigned C left shifts (no-overflow needs it): each C
   * input with a shl is compiled a second time with -fsanitize=shift-base,
   * whose checks guard exactly the signed ones (frontend/shift_sign.c). A
   * signed shl is lowered with IR_NSW (the product E1 * 2^E2 must fit, the
   * overflow SV-COMP counts), an unsigned one with IR_UNSIGNED_SHL; one the
   * two compilations do not match keeps neither. Default false. */
  bool shift_signs;
  fe_entry entry;
} fe_options;

/* One input of a project: a C file (.c, .i) with its own compiler flags, or
 * LLVM IR (.ll, .bc; flags ignored). */
typedef struct {
  const char *path;
  const char *const *flags; /* passed to clang before the file: -I, -D, -U, -include, -std=, ... */
  size_t nflags;
  const char *directory;    /* clang's working directory (a compilation database's), or NULL: ours */
} fe_input;

void fe_options_default(fe_options *o);

ir_module *fe_load(const char *path, const fe_options *opt, char **err);

/* Several inputs: each is compiled as fe_load() compiles one, the modules
 * are linked (LLVM's linker: one definition per external symbol; a symbol
 * defined twice or a type clash is an error naming it), and the result is
 * lowered as one program. Source locations name each file as given. */
ir_module *fe_load_inputs(const fe_input *inputs, size_t n, const fe_options *opt, char **err);

#endif
