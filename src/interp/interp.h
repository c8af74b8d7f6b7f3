/* interp: the concrete interpreter. Runs an ir_module from `main` on
 * byte-addressed memory with every check a verifier needs. It is the oracle
 * of differential tests against native execution, and it replays every
 * counterexample before bitprove may answer FALSE: it must be exact, and it
 * never crashes or hangs (limits end a run with a reason).
 *
 * The story of the data
 * ---------------------
 * A value is a bitvector of its instruction's width (<= 64 bits, always kept
 * masked) plus a provenance: the id of the memory object it was derived from,
 * or 0 for none. A pointer is a concrete address of the module's pointer width.
 *
 * Memory is a set of objects, each with a distinct address range; addresses are
 * handed out in increasing order, never reused, with gaps of at least 16 bytes
 * between objects, starting at 0x10000 (addresses below 0x1000 are "null").
 * Object kinds: globals (initial bytes, relocations resolved), functions (one
 * non-dereferenceable address each), stack objects (IR_ALLOCA and alloca();
 * they die when their frame returns or at llvm.stackrestore), heap objects
 * (malloc/calloc/realloc/strdup; never reused after free), and main's argv.
 * Every byte in memory carries a provenance too, so a pointer stored and
 * loaded back keeps it, and the leak check can follow pointers through memory.
 *
 * Provenance rule: PTRADD takes the provenance of its pointer operand (of the
 * offset if the pointer has none); COPY, SELECT and PHI move it with the
 * value; PTRTOINT, INTTOPTR, TRUNC, ZEXT, SEXT keep it when source and result
 * are both at least pointer-wide (a narrower value cannot hold an address);
 * ADD, AND, OR of pointer-wide values keep it when exactly one operand carries
 * it (p + k, k + p, p & ~7, p | 1), SUB when only the left one does (p - k;
 * p - q is a plain number). Everything else (mul, xor, ...) drops it. A load
 * gets the provenance of its bytes if they all share one, else none; a store
 * gives every byte the provenance of the value (so byte-wise copies keep it).
 *
 * Dereference check (every load, store, and every byte a builtin touches):
 * with provenance, the access must lie entirely inside that object, even if the
 * address happens to land inside another one (byte-precise out-of-bounds);
 * the object must be live (not freed, frame not returned) and not a function.
 * Without provenance (an integer made into a pointer, a nondet pointer) the
 * object containing the address is looked up instead; an address below 0x1000
 * is a null dereference; an address in no object is an invalid dereference.
 *
 * Uninitialised memory: stack objects, malloc/realloc'd growth and alloca()
 * start uninitialised; globals and calloc start zeroed. Reading an
 * uninitialised byte (a load, or a builtin like strlen) draws the next
 * nondeterministic value (SV-COMP reads uninitialised locals as nondet) and
 * writes it into those bytes, so later reads agree. memcpy/memmove copy the
 * uninitialised state instead of drawing. IR_VAL_UNDEF operands draw a fresh
 * value at each evaluation. Option uninit_zero reads them as 0 instead.
 * Exception: in a module with unsupported constructs the front end lowers
 * their values to undef, so there evaluating an undef ends the run as
 * UNSUPPORTED ("value of an unsupported construct") instead of inventing it.
 *
 * Nondeterminism: __VERIFIER_nondet_* calls, undef operands and uninitialised
 * reads and inline asm outputs (IR_ASM: one value of the result's width;
 * IR_HAVOC: one 8-bit value per byte, lowest address first, written like a
 * store of `size` bytes after the same checks) all take the next value from one source, in execution order: first the
 * given list, then a splitmix64 PRNG seeded with `seed` (or, with
 * nondet_strict, the run ends OUT_OF_NONDET); an optional callback (draw) is
 * asked before the list. Every value consumed is recorded
 * in the result, masked to its width: that sequence is the counterexample, and
 * feeding it back as the list replays the run exactly.
 *
 * Checks (interp_ub, each with the location of the instruction and a detail):
 * nsw/nuw/exact violations, division by zero, INT_MIN / -1, shift amount >=
 * width, null / out-of-bounds / freed / dangling / wild dereference, write to
 * a constant global, invalid and double free, calling a non-function,
 * executing `unreachable`, overlapping memcpy/strcpy, bad printf arguments,
 * float-to-integer conversion of a value whose truncation does not fit
 * (NaN and infinities included).
 *
 * Floating point (IR_FADD .. IR_FMATH): the host's IEEE arithmetic on the
 * bit patterns (float.c), round to nearest even, so results match native
 * x86-64 SSE2 code bit for bit. An IR_ASM with IR_ASM_MEMORY changes no
 * memory here: leaving memory as it is, is one behaviour the model allows.
 * Not checked: inbounds of pointer arithmetic (only dereferences are), pointer
 * comparison across objects, alignment, strict aliasing, unsequenced effects.
 *
 * Leaks: at normal termination (return from main, exit()) every heap object
 * still allocated is a valid-memcleanup violation, and those not reachable
 * from the roots are valid-memtrack violations. Roots: globals and argv; at
 * exit() also the stack objects and registers of the frames still live (after
 * main returns, its locals are gone). Reachability follows the provenance of
 * bytes stored in memory (a pointer hidden by provenance-dropping arithmetic,
 * e.g. an xor-linked list, is not seen). Memory lost stays lost, so the
 * memtrack check also runs when a real execution stops otherwise (abort,
 * trap, error reached, out of steps/resources/nondet, unsupported), with the
 * live frames as roots; memcleanup is only judged at normal termination. No
 * leak check after UB or on an infeasible path.
 *
 * Builtins: by ir_func.builtin for functions without body. A call to a
 * function named reach_error, __VERIFIER_error, __VERIFIER_assume or
 * __VERIFIER_nondet_* is the builtin even when the program defines a body:
 * the SV-COMP property is about the call itself. Allocation does not fail:
 * SV-COMP tasks assume malloc succeeds (e.g. valid-memsafety holds for
 * `p = malloc(n); p[n-1] = 0;`), so a request above the heap limit ends the
 * run OUT_OF_RESOURCES — never a fabricated NULL that would turn into a
 * violation; option malloc_may_fail returns NULL instead, as a real
 * allocator would. calloc(n, k) with n*k overflowing returns NULL (as C
 * requires); realloc(p, 0) frees p and returns NULL (glibc); malloc(0)
 * returns a unique pointer to a 0-byte object. llvm.stacksave returns a token and llvm.stackrestore kills the
 * stack objects of the frame created after it (VLA scopes).
 *
 * Report spellings (interp_report_outcome; stable, matched by tests):
 *   run: exit <code>                          code as the C int (the process
 *                                             status would be code & 0xff)
 *   run: ub <kind> at <loc>: <detail>         kind: interp_ub_name()
 *   run: error reached (<fn>) at <loc>        fn: reach_error, __VERIFIER_error,
 *                                             __assert_fail
 *   run: abort at <loc>
 *   run: trap at <loc>                        llvm.trap / __builtin_trap
 *   run: infeasible (assume) at <loc>
 *   run: out of steps (<max>)
 *   run: out of resources: <reason> at <loc>
 *   run: out of nondet values at <loc>
 *   run: unsupported: <what> at <loc>
 *   run: repeated state at <loc> (loop-head visits <a> and <b>)   lasso check: equal
 *   run: states differ at <loc> (loop-head visits <a> and <b>)     lasso check: not equal
 *   run: state hash repeats at <loc> (loop-head visits <a> and <b>)  lasso search
 * then, from interp_report_extra, zero or more of:
 *   run: leak valid-memtrack: <n> object(s) unreachable at exit, allocated at <loc>[, <loc>...]
 *        ("unreachable when the run stopped" for other ends than EXIT)
 *   run: leak valid-memcleanup: <n> object(s) not freed at exit, allocated at <loc>[, <loc>...]
 *   run: nondet values (<n>): v1,v2,...       re-usable as --nondet input
 * <loc> is ir_loc_format's "file:line:col" ("?" when unknown).
 *
 * Lassos (non-termination certificates). With options.lasso.enabled, the
 * interpreter numbers the run's loop-head visits. In search mode it hashes
 * the complete state at each visit (every frame: function, block,
 * position, return point and all registers with provenance; the stack
 * objects' list; every memory object: kind, state, address, size, and for
 * live ones every byte, its provenance and whether it is initialised; the
 * allocator's next address) without copying it, and at the first visit
 * whose hash an earlier visit had, stops the run (outcome LASSO) with both
 * visits and the number of nondet values drawn before each. In check mode
 * (check_first < check_second) it copies the state at visit check_first and
 * compares it byte for byte with the state at visit check_second, then
 * stops (LASSO, lasso.equal). Equal states at a loop head with the inputs
 * drawn between them fed again repeat the same steps forever: the run from
 * the start with the values before check_first (the stem) and then those
 * between the visits (the cycle) repeated does not terminate, and it has no
 * undefined behaviour (the interpreter ran stem and cycle without any).
 * The state excludes what a run cannot observe: nondet position, PRNG,
 * step count, program output.
 *
 * Ownership: interp_run fills a result the caller frees with
 * interp_result_free(); the module is only read. All interpreter memory is
 * freed before interp_run returns.
 */
#ifndef BITPROVE_INTERP_H
#define BITPROVE_INTERP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../ir/check.h"
#include "../ir/ir.h"

/* ---- options ------------------------------------------------------------ */
/* Where a nondet value came from. */
typedef enum {
  INTERP_ND_CALL,   /* __VERIFIER_nondet_* */
  INTERP_ND_UNDEF,  /* an undef operand */
  INTERP_ND_UNINIT, /* a read of uninitialised memory */
  INTERP_ND_ASM,    /* an inline asm's result or memory output byte (IR_ASM, IR_HAVOC) */
  INTERP_ND_EXTERN  /* the result of a call of a function without a body (IR_ASM with
                       IR_ASM_EXTERN_CALL); its `fn` is that function */
} interp_nd_origin;

/* One draw of a nondet value, as offered to interp_options.draw: enough to
 * tell which program point asks (a model checker answers from its model). */
typedef struct {
  uint8_t origin;  /* interp_nd_origin */
  uint16_t bits;   /* width of the value drawn */
  bool pointer;    /* drawn for a pointer-typed value */
  ir_loc loc;      /* as in interp_nondet */
  uint32_t func;   /* function of the executing frame (IR_NONE: none yet) */
  uint32_t inst;   /* its instruction being executed; for an undef phi
                      operand, the terminator that branched to the phi */
} interp_draw;

/* An answer planned for a draw (e.g. from a model checker's model): the
 * value for a draw of instruction inst of function func. */
typedef struct {
  uint32_t func, inst;
  uint64_t value;
} interp_planned_draw;

/* Answers a draw: true with *value set (masked by the interpreter), or false
 * to fall back to the list / PRNG / strict end. */
typedef bool (*interp_draw_fn)(void *ctx, const interp_draw *d, uint64_t *value);

/* An event of the run, as offered to interp_options.observe (in execution
 * order, interleaved with the draws): enough to write the run as a path of
 * source steps (verification witnesses). */
typedef enum {
  INTERP_EV_BRANCH, /* a conditional branch (IR_CONDBR) decided: loc, func, taken */
  INTERP_EV_CALL,   /* a call of a function with a body: loc of the call, func = callee,
                       visit = the call depth with the callee's frame, values = the
                       arguments' bits, ndraws */
  INTERP_EV_RETURN, /* a function with a body returns: loc of the ret, func = returning */
  INTERP_EV_HEAD    /* lasso mode: a loop-head visit (number `visit`), loc of the head's first
                       non-phi instruction, func; values: the frame's instruction results */
} interp_event_kind;

typedef struct {
  uint8_t kind;  /* interp_event_kind */
  ir_loc loc;
  uint32_t func; /* ir_module.funcs index */
  bool taken;    /* BRANCH: the condition was true (the branch went to targets[0]) */
  uint32_t block;          /* HEAD: the loop head */
  uint64_t visit;          /* HEAD: its number */
  const uint64_t *values;  /* HEAD: values[i] = bits of instruction i's result (0 if none yet),
                              then values[ninsts + k] = bits of argument k */
  uint32_t nvalues;        /* HEAD: the function's instruction count + its argument count */
  uint64_t ndraws;         /* HEAD: recorded draws so far (interp_result.nondet.len) */
} interp_event;

typedef void (*interp_observe_fn)(void *ctx, const interp_event *e);

/* Lasso detection (see "Lassos" above): loop-head visits of the run are
 * numbered 1, 2, ... over all functions (a visit: a frame enters a block
 * that is a target of a back edge of its function, after the phis). */
typedef struct {
  bool enabled;
  uint32_t max_visits;  /* search: visits hashed; beyond, the run goes on unwatched (0: 1000000) */
  uint64_t max_bytes;   /* a visit with more live object bytes is not hashed (0: 1 MiB) */
  uint64_t max_total_bytes; /* search: bytes hashed over the run; beyond, the run
                               goes on unwatched (0: 64 MiB) */
  uint64_t check_first, check_second; /* non-zero: check mode, compare these two visits exactly */
} interp_lasso_options;

typedef struct {
  const uint64_t *nondet; /* values consumed first, in order (not copied) */
  size_t nnondet;
  uint64_t seed;          /* PRNG seed once the list is exhausted */
  bool nondet_strict;     /* list exhausted -> OUT_OF_NONDET instead of PRNG */
  bool uninit_zero;       /* uninitialised memory and undef read as 0, no draw */
  uint64_t max_steps;     /* executed instructions; 0: unlimited */
  budget budget;          /* past its deadline the run ends
                             OUT_OF_RESOURCES "time budget" (none: no limit) */
  uint32_t max_depth;     /* call depth; beyond: OUT_OF_RESOURCES */
  uint64_t heap_limit;    /* live heap bytes; beyond: see malloc_may_fail */
  bool malloc_may_fail;   /* beyond the heap limit malloc returns NULL (a
                             real allocator); default: OUT_OF_RESOURCES */
  uint64_t stack_limit;   /* live stack bytes; beyond: OUT_OF_RESOURCES */
  uint64_t object_limit;  /* bytes of one global/stack object we materialise */
  FILE *out;              /* program output (printf, puts...); NULL: discarded */
  FILE *trace;            /* instruction trace; NULL: none */
  interp_draw_fn draw;    /* asked first for every draw that is recorded
                             (not for uninit_zero reads); NULL: none */
  void *draw_ctx;         /* passed to draw */
  interp_observe_fn observe; /* told every event (see interp_event); NULL: none */
  void *observe_ctx;         /* passed to observe */
  interp_lasso_options lasso; /* off by default */
  bool keep_externals;    /* fill interp_result.externals */
  /* The run must also be a run of the program read with mathematical
   * integers (termCOMP's C reading: unbounded values, casts keep them).
   * It ends UNSUPPORTED ("mathematical integers: ...") at the first
   * instruction where the two readings could part:
   *  - an integer result or operand of more than one bit with its sign bit
   *    set (then the bits alone do not say which integer it is, and
   *    unsigned and signed operations would read it differently);
   *  - add / sub / mul / shl whose exact integer result is not its result,
   *    or a trunc that changes the value;
   *  - a constant with its sign bit set, except in add / sub / mul (read
   *    signed: C's x - c is x + (-c) in the IR; not when nuw only), ordered
   *    signed and == / != comparisons, and pointer offsets.
   * Every other integer operation agrees with its integer counterpart on
   * such values, so a run that never ends this way (a lasso's stem and
   * cycle included) is a run of the mathematical program, state for
   * state. Default false. */
  bool math_exact;
} interp_options;

/* Defaults: no list, seed 0, PRNG after the list, uninitialised = nondet,
 * 100000000 steps, depth 100000, heap 2 GiB (allocation never fails), stack
 * 64 MiB, objects 1 GiB, out = stdout, no trace. Object storage is calloc'd
 * lazily, so only the pages a program touches cost host memory. */
void interp_options_default(interp_options *o);
/* The options of a replay: the defaults, no program output, exactly the
 * given values (strict), and 20000000 steps. */
void interp_options_replay(interp_options *o, const uint64_t *values, size_t n);

/* ---- results ------------------------------------------------------------ */
typedef enum {
  INTERP_EXIT,             /* returned from main or exit(): exit_code */
  INTERP_UB,               /* undefined behaviour: ub, loc, detail */
  INTERP_ERROR_REACHED,    /* error_fn called at loc */
  INTERP_ABORT,            /* abort() at loc */
  INTERP_TRAP,             /* llvm.trap at loc */
  INTERP_INFEASIBLE,       /* __VERIFIER_assume(false) at loc: not an error */
  INTERP_OUT_OF_STEPS,     /* max_steps executed */
  INTERP_OUT_OF_RESOURCES, /* call depth, stack, address space: detail, loc */
  INTERP_OUT_OF_NONDET,    /* nondet_strict and the list is exhausted, at loc */
  INTERP_UNSUPPORTED,      /* detail names what, at loc */
  INTERP_LASSO             /* lasso mode: stopped at the second visit (see interp_lasso) */
} interp_outcome;

#define INTERP_UBS(X)                                                          \
  X(NONE, "none", NONE)                                                        \
  X(SIGNED_OVERFLOW, "signed-overflow", NO_OVERFLOW) /* nsw add/sub/mul/shl */ \
  X(DIV_OVERFLOW, "div-overflow", NO_OVERFLOW)       /* sdiv INT_MIN / -1 */   \
  X(REM_OVERFLOW, "rem-overflow", NONE)              /* srem INT_MIN % -1 */   \
  X(UNSIGNED_WRAP, "unsigned-wrap", NONE)            /* nuw violated */        \
  X(INEXACT, "inexact", NONE)                        /* exact violated */      \
  X(DIV_BY_ZERO, "div-by-zero", NONE)                /* udiv/sdiv/urem/srem */ \
  X(SHIFT_OUT_OF_RANGE, "shift-out-of-range", NONE)  /* amount >= width */     \
  X(NULL_DEREF, "null-deref", VALID_DEREF)                                     \
  X(OUT_OF_BOUNDS, "out-of-bounds", VALID_DEREF)                               \
  X(USE_AFTER_FREE, "use-after-free", VALID_DEREF)                             \
  X(DANGLING_STACK, "stack-use-after-return", VALID_DEREF)                     \
  X(INVALID_DEREF, "invalid-deref", VALID_DEREF) /* wild address, function */  \
  X(WRITE_CONST, "write-to-constant", NONE)      /* string literal, const */   \
  X(INVALID_FREE, "invalid-free", VALID_FREE)                                  \
  X(DOUBLE_FREE, "double-free", VALID_FREE)                                    \
  X(INVALID_CALL, "invalid-call", NONE) /* not a function, too few args */     \
  X(UNREACHABLE, "unreachable", NONE)                                          \
  X(OVERLAP, "overlapping-copy", NONE)  /* memcpy/strcpy/strcat overlap */     \
  X(BAD_FORMAT, "bad-format", NONE)     /* printf argument missing */         \
  X(FLOAT_TO_INT, "float-to-int-out-of-range", NONE) /* fptosi/fptoui, C11 6.3.1.4 */

typedef enum {
#define INTERP_UB_ENUM(id, name, prop) INTERP_UB_##id,
  INTERP_UBS(INTERP_UB_ENUM)
#undef INTERP_UB_ENUM
  INTERP_UB_COUNT
} interp_ub;

/* SV-COMP (sub)properties a run can violate. */
typedef enum {
  INTERP_PROP_NONE,
  INTERP_PROP_UNREACH_CALL,
  INTERP_PROP_NO_OVERFLOW,
  INTERP_PROP_VALID_DEREF,
  INTERP_PROP_VALID_FREE,
  INTERP_PROP_VALID_MEMTRACK,
  INTERP_PROP_VALID_MEMCLEANUP,
  INTERP_PROP_COUNT
} interp_prop;

typedef struct {
  uint64_t value; /* masked to bits */
  uint16_t bits;
  uint8_t origin; /* interp_nd_origin */
  bool pointer;   /* drawn for a pointer-typed value */
  ir_loc loc;     /* the call, the instruction with the undef operand, the load */
  uint32_t func;  /* CALL: the __VERIFIER_nondet_* function called, EXTERN:
                     the function without a body (its ir_module.funcs index,
                     so its name and declared type are known: --harness);
                     IR_NONE for the other origins */
} interp_nondet;
typedef VEC(interp_nondet) interp_nondet_vec;

/* A heap object still allocated at normal termination. */
typedef struct {
  ir_loc loc;     /* allocation site */
  uint64_t size;
  bool reachable; /* from the roots (see "Leaks") */
} interp_leak;

/* Lasso mode's answer (outcome LASSO). Search: two visits whose state
 * hashes agree (a candidate, to be checked). Check: whether the states at
 * the two visits are identical (equal == false: they differ). */
typedef struct {
  bool checked;            /* check mode (else search mode) */
  bool equal;              /* check mode: the states are identical */
  uint64_t first, second;  /* the visits */
  size_t nd_first, nd_second; /* nondet values drawn before each visit */
  uint32_t func, block;    /* the loop head */
  ir_loc loc;              /* its first non-phi instruction's location */
} interp_lasso;

typedef struct {
  uint32_t global; /* ir_module.globals index */
  uint64_t size;
  uint8_t *bytes;  /* size bytes (owned) */
} interp_extern;

typedef struct {
  interp_outcome outcome;
  int32_t exit_code;   /* EXIT */
  interp_ub ub;        /* UB */
  ir_builtin error_fn; /* ERROR_REACHED: REACH_ERROR, VERIFIER_ERROR or ASSERT_FAIL */
  ir_loc loc;          /* where it ended (unknown for EXIT by return, OUT_OF_STEPS) */
  char *detail;        /* UB detail, unsupported what, resource reason; or NULL */
  uint64_t steps;      /* instructions executed (phis included, so it may pass
                          max_steps by the phis of the last block entered) */
  uint64_t max_steps;  /* the limit in force (for the report) */
  interp_nondet_vec nondet;
  bool leaks_checked;  /* the reachability check ran (see "Leaks") */
  VEC(interp_leak) leaks; /* heap objects live when the run ended */
  size_t n_memtrack;   /* of those, not reachable */
  size_t n_memcleanup; /* of those, at normal termination (EXIT) only */
  interp_lasso lasso;  /* LASSO */
  /* keep_externals: per external global (ir_global.external), its contents
   * as the run first read them (drawn bytes; bytes never drawn are 0) */
  VEC(interp_extern) externals;
  uint64_t head_visits; /* lasso mode: loop-head visits made */
} interp_result;

/* Runs m from main. Never fails: a module without main ends UNSUPPORTED. */
void interp_run(const ir_module *m, const interp_options *opt, interp_result *res);
void interp_result_free(interp_result *r);

const char *interp_ub_name(interp_ub k);
interp_prop interp_ub_property(interp_ub k);
/* The interpreter's name of an SV-COMP check (INTERP_PROP_NONE for
 * termination, which no finite run violates). */
interp_prop interp_prop_of_check(prop_check c);
/* "unreach-call", "no-overflow", "valid-deref", ..., "" for NONE. */
const char *interp_prop_name(interp_prop p);

/* Whether the run violates property p: ERROR_REACHED through reach_error or
 * __VERIFIER_error for UNREACH_CALL (an assert failure through
 * __assert_fail alone is not: unreach-call is about the call), UB mapped by
 * interp_ub_property, leaks for MEMTRACK / MEMCLEANUP. */
bool interp_violates(const interp_result *r, interp_prop p);

/* The outcome line (see "Report spellings"), with trailing newline. */
void interp_report_outcome(const ir_module *m, const interp_result *r, FILE *out);
/* Leak lines, then the nondet line (at most max_values values listed, then
 * ",..."; 0: the nondet line is not printed). */
void interp_report_extra(const ir_module *m, const interp_result *r, FILE *out, size_t max_values);

#endif
