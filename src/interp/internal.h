/* interp internal: the state shared by the interpreter's files. Not part of
 * the public API (interp.h).
 *
 * Files and their concerns:
 *   interp.c   setup, the dispatch loop, frames, calls, returns, termination
 *   memory.c   objects, address map, bytes, provenance, undef bits, checks, leaks
 *   nondet.c   the nondet source and its log
 *   builtins.c library functions (SV-COMP, memory, strings, output)
 *   printf.c   printf formatting
 *   float.c    the floating-point opcodes on the host's IEEE arithmetic
 *   report.c   names, property mapping, report lines
 *
 * Bitvector arithmetic and its UB conditions are ir/ir_arith.h (shared with
 * the front end's constant folding); interp.c maps its faults to interp_ub.
 *
 * Conventions: a routine that ends the run calls interp_end*() which records
 * the first ending only and sets st->done; callers test st->done (or a false
 * return) and unwind without further side effects. Frames are addressed by
 * index, never by pointer: pushing a frame may move the frame array.
 */
#ifndef BITPROVE_INTERP_INTERNAL_H
#define BITPROVE_INTERP_INTERNAL_H

#include <assert.h>

#include "interp.h"
#include "../ir/ir_arith.h"

/* A register value: bits (masked to the value's width) and provenance. */
typedef struct {
  uint64_t bits;
  uint32_t prov; /* object id, 0: none */
} ival;

typedef enum { OBJ_NONE, OBJ_GLOBAL, OBJ_EXTERN, OBJ_FUNC, OBJ_STACK, OBJ_HEAP, OBJ_ARGV } obj_kind;
typedef enum { OBJ_LIVE, OBJ_FREED, OBJ_DEAD } obj_state;

/* First address handed out; accesses below INTERP_NULL_PAGE without an
 * object are null dereferences. */
#define INTERP_FIRST_ADDR 0x10000u
#define INTERP_NULL_PAGE 0x1000u
#define INTERP_GAP 16u
#define INTERP_MAX_OBJECTS (8u << 20)

/* A memory object. Storage is materialised lazily:
 *   bytes == NULL      all bytes are 0
 *   prov == NULL       no byte carries provenance
 *   undef_all          every byte is uninitialised (no bitmap yet)
 *   undef != NULL      bitmap with a bit set per defined byte; n_undef bytes
 *                      are not (a calloc'd bitmap: all undefined, no pages touched) */
typedef struct {
  uint64_t base, size;
  uint8_t kind;  /* obj_kind */
  uint8_t state; /* obj_state */
  bool readonly;
  bool undef_all;
  bool mark;     /* leak check */
  uint32_t ref;  /* GLOBAL/EXTERN: global id; FUNC: function id */
  const char *name; /* source name or NULL (owned by the module) */
  const char *via;  /* HEAP: "malloc", "calloc", ... */
  ir_loc loc;       /* allocation site or definition */
  ir_loc end_loc;   /* where it was freed / its frame returned */
  uint8_t *bytes;
  uint32_t *prov;
  uint8_t *undef;
  uint64_t n_undef;
} iobj;

typedef struct {
  uint32_t func;
  uint32_t block, prev_block, pc;
  size_t regs;        /* registers at st->regs[regs ..], args after ninsts */
  uint32_t nargs;
  size_t allocas;     /* this frame's stack objects: st->allocas[allocas ..] */
  uint32_t call_inst; /* the caller's call instruction; IR_NONE for main */
} iframe;

typedef struct interp_state {
  const ir_module *m;
  const interp_options *opt;
  interp_result *res;
  bool done;
  unsigned pw;    /* pointer width in bits */
  uint64_t pmask;

  /* memory: objs[id], sorted by base (addresses grow with ids); objs[0] unused */
  VEC(iobj) objs;
  uint64_t next_addr, addr_end;
  uint64_t heap_live, stack_live;
  uint32_t *global_obj, *func_obj; /* object id of each global / function */

  uint8_t *eff_builtin; /* per function: builtin it is run as, or NONE */

  VEC(iframe) frames;
  VEC(ival) regs;
  VEC(uint32_t) allocas;
  VEC(ival) tmp;  /* phi values in flight */
  VEC(ival) args; /* call arguments in flight */
  VEC(uint64_t) event_values; /* the values of a CALL event */

  size_t nd_pos;
  uint64_t rng;
  struct interp_lasso_state *lasso; /* lasso mode (lasso.c), NULL when off */
  ir_loc cur_loc; /* the instruction being executed (for late failures) */
} interp_state;

/* ---- endings (interp.c) ------------------------------------------------- */
void interp_end(interp_state *st, interp_outcome o, ir_loc loc, char *detail /* heap or NULL */);
void interp_end_ub(interp_state *st, interp_ub k, ir_loc loc, const char *fmt, ...) UTIL_PRINTF(4, 5);
void interp_end_unsupported(interp_state *st, ir_loc loc, const char *fmt, ...) UTIL_PRINTF(3, 4);
void interp_end_resources(interp_state *st, ir_loc loc, const char *fmt, ...) UTIL_PRINTF(3, 4);
/* Normal termination with leak checks; frames_are_roots for exit(). */
void interp_end_exit(interp_state *st, int32_t code, ir_loc loc, bool frames_are_roots);
/* "file:line:col" into buf. */
const char *interp_loc(const interp_state *st, ir_loc loc, char *buf, size_t n);

/* ---- lassos (lasso.c; interp.h, "Lassos") ------------------------------ */
void lasso_init(interp_state *st);
/* The top frame entered block `block` (phis done): a visit when a loop head. */
void lasso_enter_block(interp_state *st, uint32_t block);
void lasso_free(interp_state *st);

/* ---- nondet (nondet.c) -------------------------------------------------- */
/* Next nondet value of `bits` bits, recorded in the result (func: the
 * called __VERIFIER_nondet_* function for CALL, else IR_NONE). With
 * uninit_zero, UNDEF/UNINIT draws return 0 unrecorded. Ends the run
 * (OUT_OF_NONDET) when strict and exhausted: returns 0, st->done set. */
/* A floating-point opcode (ir_is_float_op) on operand bits a: the result
 * bits into *out; false when the run ended (UB: float-to-int out of range). */
bool interp_float_op(interp_state *st, const ir_inst *in, const uint64_t *a, uint64_t *out);

uint64_t interp_nondet_next(interp_state *st, unsigned bits, bool pointer, interp_nd_origin origin, ir_loc loc,
                           uint32_t func);

/* ---- memory (memory.c) -------------------------------------------------- */
/* Objects for globals and functions, relocations resolved. False: run ended. */
bool mem_init(interp_state *st);
void mem_free_all(interp_state *st);
/* A fresh object at a fresh address; 0 if the address space or the object
 * table is exhausted. Storage starts as zero (undef_all clear). */
uint32_t mem_new(interp_state *st, obj_kind kind, uint64_t size, uint64_t align, const char *name, ir_loc loc);
static inline iobj *mem_obj(interp_state *st, uint32_t id) {
  assert(id < st->objs.len);
  return &st->objs.data[id];
}
/* Id of the object whose address range contains addr (a 0-byte object
 * contains its base), 0 if none. */
uint32_t mem_lookup(const interp_state *st, uint64_t addr);
/* p with provenance resolved by address if it had none (may stay 0). */
ival mem_resolve(const interp_state *st, ival p);
/* Checks an access of n >= 1 bytes at p ("what" names it in messages, e.g.
 * "load", "memcpy write"). Returns the object id and *off, or 0 after ending
 * the run with the UB. */
uint32_t mem_check(interp_state *st, ival p, uint64_t n, const char *what, bool write, ir_loc loc, uint64_t *off);
/* Reads n (1..8) bytes little endian; uninitialised bytes are filled with a
 * nondet draw of `bits` bits first. *prov: common provenance of the bytes. */
uint64_t mem_load(interp_state *st, uint32_t id, uint64_t off, unsigned n, unsigned bits, bool pointer,
                  ir_loc loc, uint32_t *prov);
void mem_store(interp_state *st, uint32_t id, uint64_t off, unsigned n, uint64_t v, uint32_t prov);
/* One byte; uninitialised: an 8-bit nondet draw. */
uint8_t mem_get_byte(interp_state *st, uint32_t id, uint64_t off, ir_loc loc);
void mem_fill(interp_state *st, uint32_t id, uint64_t off, uint64_t n, uint8_t c);
/* Copies bytes, provenance and uninitialised state (overlap allowed). */
void mem_copy(interp_state *st, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff, uint64_t n);
/* Marks an object freed (FREED) or dead (DEAD) and releases its storage. */
void mem_kill(interp_state *st, uint32_t id, obj_state state, ir_loc loc);
/* "'a'", "heap object allocated at f.c:3:5", "function 'f'"... into buf. */
const char *mem_describe(const interp_state *st, uint32_t id, char *buf, size_t n);
/* Fills res->leaks and n_memtrack, and n_memcleanup when count_cleanup. */
void mem_check_leaks(interp_state *st, bool frames_are_roots, bool count_cleanup);

/* Allocations used by instructions and builtins. heap_alloc returns 0 when
 * over the heap limit: with malloc_may_fail the caller returns NULL, else the
 * run has ended (OUT_OF_RESOURCES). stack_alloc ends the run
 * (OUT_OF_RESOURCES) when over the stack limit and returns 0. */
uint32_t mem_heap_alloc(interp_state *st, uint64_t size, bool zero, const char *via, ir_loc loc);
uint32_t mem_stack_alloc(interp_state *st, uint64_t size, uint64_t align, const char *name, ir_loc loc);

static inline ival mem_ptr(const interp_state *st, uint32_t id, uint64_t off) {
  assert(id < st->objs.len);
  ival v = {(st->objs.data[id].base + off) & st->pmask, id};
  return v;
}

/* ---- builtins (builtins.c, printf.c) ------------------------------------ */
/* Runs builtin b called by instruction `in` of the top frame; *ret is its
 * result. On return st->done may be set. */
void interp_builtin(interp_state *st, ir_builtin b, const ir_func *callee, const ir_inst *in, const ival *args,
                    uint32_t nargs, ival *ret);
/* Formats printf(args[0], args[1..]) into out; false if the run ended. */
bool interp_format(interp_state *st, const ival *args, uint32_t nargs, ir_loc loc, strbuf *out);
/* Length of the NUL-terminated string at p, reading at most max bytes (then
 * returns max); every byte read is checked. False if the run ended. */
bool interp_strlen(interp_state *st, ival p, uint64_t max, const char *what, ir_loc loc, uint64_t *len);

#endif
