/* bmc internal: the encoder's data, shared by the files of src/bmc.
 *
 *   encode.c  symbolic execution of the unrolled program: control flow,
 *             merging at join points, values, calls, builtins (seed 003 Ch. 4)
 *   memory.c  objects, addresses, the byte array, access/free checks, leaks,
 *             select simplification through stores and ites (Ch. 5, 6.1)
 *   float.c   the floating-point instructions as float terms
 *   bmc.c     the deepening loop, solving, replay in the interpreter, answers
 *   termination.c  termination: bounds per loop, complete unwinding, lasso query
 *   kind.c    k-induction: what a loop writes, invariant candidates, Houdini,
 *             the queries per k (encode.c havocs in k-induction mode)
 *
 * A symbolic state (bstate) is one execution condition (guard), one memory
 * array, the liveness flags of all stack/heap objects made so far, and, for
 * the frame being executed, one term per instruction result. States that
 * meet at a block are merged into one with ite on the newer guard (guarded
 * choice, Sect. 4.3).
 */
#ifndef BITPROVE_BMC_INTERNAL_H
#define BITPROVE_BMC_INTERNAL_H

#include "../smt/smt.h"
#include "../util/map.h"
#include "bmc.h"

/* A memory object: a global, a stack object (alloca) or a heap object, at a
 * fixed address; size is a term (constant when known). */
typedef enum { BOBJ_GLOBAL, BOBJ_STACK, BOBJ_HEAP } bobj_kind;

typedef struct {
  uint8_t kind;      /* bobj_kind */
  bool readonly;
  uint64_t base;     /* fixed address */
  uint64_t slot;     /* bytes reserved at base (size <= slot) */
  uint64_t fields;   /* flat objects (memory.c): bytes read or written by a scalar access of
                        two bytes or more at a constant address (bit j: byte j) */
  uint64_t region;   /* bytes from base to the next reservation: slot and the gap after it;
                        regions of different objects are disjoint (0: none, the address space
                        was exhausted) */
  smt_term size;     /* BV(pw) */
  uint32_t func, inst; /* allocation site (globals: IR_NONE and the global's index) */
} bobj;

typedef struct {
  smt_term guard;
  smt_term mem;
  uint32_t nalive;   /* alive[o] for objects o < nalive; later ones: false */
  smt_term *alive;   /* Bool per object (globals: unused, always true) */
  smt_term *regs;    /* per instruction of the current function, SMT_NULL unset */
} bstate;

/* A draw the interpreter will ask for, in execution order (see interp.h):
 * nondet calls, undef operands, loads (which draw if the bytes are
 * uninitialised). The model fixes `value` when `guard` holds. */
typedef struct {
  uint32_t func, inst;
  smt_term guard, value;
} bevent;

/* An unwinding condition: the run is cut here when cond holds. LOOP: the
 * back edge of header block `block` of function `func` taken more often
 * than the loop's bound; RECURSION: a call of `func` deeper than its
 * bound; OTHER: something no deeper bound removes (a library call or a
 * size the encoding does not cover, the address space exhausted); SPEC: a
 * store left the window it was speculated to stay in (benc.speculate;
 * `block` is the object), which bmc_check then stops speculating for. */
typedef enum { BCUT_LOOP, BCUT_RECURSION, BCUT_OTHER, BCUT_SPEC } bcut_kind;

typedef struct {
  smt_term cond;
  uint8_t kind; /* bcut_kind */
  uint32_t func, block;
  uint32_t seq;  /* k-induction: loop-head records made before it (benc.krecs) */
} bcut;

/* Bounds per loop and per recursive function (seed 003 Sect. 3.5.2: each
 * loop unrolled as often as it needs, not one global k): the loop headed
 * by block b of function f may take its back edges loop[loop_base[f] + b]
 * times per entry, f may be on the inline stack rec[f] times. */
typedef struct {
  uint32_t *loop_base; /* per function: index of its block 0 in loop */
  uint32_t *loop;      /* per block of every function */
  uint32_t *rec;       /* per function */
  uint32_t nloop;
  bool *used;          /* per loop, then per function: a back edge or recursive call was unrolled */
} bbounds;

/* Lasso mode (termination.c): one loop-head visit. `entry` numbers the
 * entries of the loop (a new frame, or a new iteration of an enclosing
 * loop); `visit` counts the back edges taken before it within the entry.
 * Visits of one entry with the same state at the head are a lasso. */
typedef struct {
  uint32_t func, block, entry, visit;
  smt_term guard, mem;
  uint32_t nphis;
  smt_term *phis;    /* the head's phi values */
  uint32_t nobjs;    /* objects made before the visit */
  smt_term *alive;   /* their liveness (nobjs) */
  size_t event, load; /* e->events.len and e->loads.len at the visit */
} bvisit;

/* Lasso mode: a read of memory between visits; addr SMT_NULL: a read the
 * encoding cannot place (a library function reading through a pointer). */
typedef struct {
  smt_term addr;
  uint32_t n;
} bload;

/* One check site instance: executed and violated when cond holds. */
typedef struct {
  prop_check check;
  smt_term cond;
  uint32_t func, inst;
  bool excluded;     /* the replay failed here: not asked again */
  uint32_t seq;      /* k-induction: loop-head records made before it (benc.krecs) */
} bviol;

/* k-induction (kind.c): what a loop may write, from its blocks and the
 * functions they call (a syntactic points-to over-approximation). */
typedef struct {
  bool ok;            /* the loop can be havocked (else why) */
  const char *why;
  bool whole;         /* some write's target is unknown: every byte is havocked */
  bool allocates;     /* the loop makes heap objects (malloc, calloc, strdup, alloca) */
  VEC(uint32_t) globals; /* globals it writes */
  VEC(uint32_t) allocas; /* allocas of its own function (outside it) that it writes */
  bool *in_loop;      /* per block of the function */
  VEC(ir_value) slots; /* the values invariants speak of: the head's integer phis, then
                          integer values defined before the loop and read in it */
  uint32_t nphis;     /* slots[0 .. nphis-1] are phis */
  VEC(ir_value) entries; /* per phi slot: its value on entering the loop (IR_VAL_NONE: several) */
} bkloop;

/* A record of a loop head in k-induction mode: ENTRY a first arrival (no
 * back edge taken in this entry), BASE a later arrival before the havoc,
 * HAVOC the state after the havoc, POST the state after the first
 * iteration from the havoc. Invariants are checked at ENTRY, BASE and POST
 * (every visit of a run is one of them or follows one by an iteration from
 * a state like the havoc's) and assumed at HAVOC. slots[i]: the term of the
 * loop's slot i there (SMT_NULL when the value is not set). */
typedef enum { BKREC_ENTRY, BKREC_BASE, BKREC_HAVOC, BKREC_POST } bkrec_kind;
typedef struct {
  uint8_t kind;
  uint32_t func, block;
  smt_term guard;
  smt_term *slots;
} bkrec;

typedef struct benc {
  const ir_module *m;
  smt_ctx *ctx;
  unsigned pw;       /* pointer width */
  unsigned bound;
  unsigned checks;   /* bits (1u << prop_check) requested */
  budget budget;     /* the check's deadline (every query is capped by it) */
  const char *dump_smt; /* bmc_options.dump_smt */
  bool out_of_time;

  VEC(bobj) objs;
  uint64_t next_addr;
  uint64_t *func_addr; /* per function: its (non-dereferenceable) address */
  bool *func_taken;    /* per function: its address is taken (ir_address_taken_funcs); made on the
                          first indirect call */
  uint64_t *global_obj; /* per global: object index */

  VEC(bevent) events;
  VEC(bviol) viols;
  VEC(bcut) cuts;     /* unwinding conditions: a run cut by the bound */
  bbounds *bounds;    /* per-loop bounds; NULL: `bound` for every loop and recursion */
  smt_term_vec constraints; /* facts about fresh values (sizes, assumes) */
  VEC(uint32_t) call_stack;  /* functions being inlined */
  bool incomplete;     /* something was approximated: no TRUE at all */
  const char *incomplete_why;
  /* recur.c: every undefined behaviour of arithmetic is a check site too
   * (division by zero, shift amounts, nuw and exact flags), filed under
   * PROP_NO_OVERFLOW */
  bool ub_all;
  /* benc_recursion: a call of rec_fid closes the cycle (rec_guard: some
   * call was reached, rec_args: the arguments of the one reached) */
  bool rec_on;
  uint32_t rec_fid;
  /* bmc_find_stem: reach is the condition that a run enters block
   * reach_block of function reach_func (any time) */
  bool reach_on;
  uint32_t reach_func, reach_block;
  smt_term reach;
  smt_term rec_guard;
  smt_term *rec_args;

  /* lasso mode (termination.c): loop-head visits and memory reads */
  bool lasso_on;
  VEC(bvisit) visits;
  VEC(bload) loads;
  uint32_t next_entry;

  /* k-induction mode (kind.c; seed 003 Sect. 2.2.5, the combined case of
   * Donaldson et al.): a loop that would be cut after `bound` back edges is
   * havocked instead (what it writes), then runs kind_k assumed iterations
   * (their check sites are assumptions, their exits dropped) and one checked
   * iteration (its back edge dropped). */
  bool kind_on;
  unsigned kind_k;
  bool assume_ctx;      /* the instruction being encoded lies in an assumed iteration */
  bool kind_failed;     /* some loop could not be havocked: no proof */
  const char *kind_why;
  VEC(bkrec) krecs;
  u64_map kloops;       /* (func << 32 | head) -> index + 1 in kloop_list */
  VEC(bkloop *) kloop_list;
  uint64_t stat_havocs, stat_assumed;

  /* Speculative store windows (bmc_check only; beyond seed 003): a store
   * at a non-constant address into a flat object (memory.c) whose bytes
   * hold scalar fields is assumed to stay in the run of non-field bytes it
   * starts in (an array next to counters in a struct), and the run is cut
   * (BCUT_SPEC) where it does not. The stores then never write the fields,
   * which keeps the fields' values free of the array's data. A satisfiable
   * BCUT_SPEC makes bmc_check encode the bound again without speculation
   * for that object's allocation site (nospec). */
  bool speculate;
  /* bmc_check only: provenance (its cuts, flat objects, the skips it
   * allows) and reading over stores by ite (memory.c). The other modes
   * (k-induction, termination, recursion, stems) keep seed 003's encoding:
   * there the provenance cuts are proof obligations a havocked or
   * lasso-shaped run cannot meet (k-induction of crc loops, floodmax's
   * complete unwinding were lost with them). */
  bool memory_model;
  bool oneshot; /* bmc_check: a query the incremental solver does not answer soon goes to a fresh one (bmc.c) */
  u64_map *nospec;       /* allocation sites (bmem_site_key) not to speculate for */
  uint32_t win_obj;      /* the window of the store being encoded: bytes */
  uint64_t win_lo, win_hi; /* [win_lo, win_hi) of object win_obj (win_hi 0: none) */

  /* select simplification cache (memory.c) */
  u64_map sel; /* (memory term << 32 | address term) -> selected value */
  u64_map prov; /* address term -> provenance object + 1 (0: none), memoized (memory.c) */
  uint64_t stat_skips, stat_expands; /* stores skipped / read over by ite in bmem_select */

  uint64_t stat_insts, stat_merges, stat_calls, stat_cuts, stat_queries, stat_oneshot;
  double stat_encode_s, stat_solve_s; /* wall seconds spent encoding and solving */
} benc;

/* Records an unwinding condition (guard already in cond). */
void benc_cut(benc *e, bcut_kind kind, smt_term cond, uint32_t func, uint32_t block);

/* ---- memory.c ----------------------------------------------------------- */
/* Creates the global objects and the initial memory; false if the globals
 * are too large to encode. */
bool bmem_init(benc *e, bstate *s);
/* A fresh object of `size` bytes (BV(pw)) at a fixed address, alive in s.
 * Returns its index; sizes the slot cannot hold cut the run (guard). */
uint32_t bmem_new(benc *e, bstate *s, bobj_kind kind, smt_term size, uint32_t func, uint32_t inst);
smt_term bmem_addr(benc *e, uint32_t obj); /* base address as BV(pw) */
/* The value of t when it is a bitvector constant of at most 64 bits. */
bool bmem_const(const benc *e, smt_term t, uint64_t *out);
/* Liveness of object o in s (true for globals). */
smt_term bmem_alive(benc *e, const bstate *s, uint32_t o);
void bmem_set_alive(benc *e, bstate *s, uint32_t o, smt_term alive);
/* Condition that [addr, addr+n) lies inside one live object (n: BV(pw)). */
smt_term bmem_valid(benc *e, const bstate *s, smt_term addr, smt_term n);
/* n bytes little endian at addr, as BV(8n); and the store of such a value. */
smt_term bmem_load(benc *e, smt_term mem, smt_term addr, unsigned n);
smt_term bmem_store(benc *e, smt_term mem, smt_term addr, smt_term value, unsigned n);
/* One byte stored at addr, without re-sorting the store chain (a flat
 * object's bytes, memory.c: at each of its constant addresses). */
smt_term bmem_store1(benc *e, smt_term mem, smt_term addr, smt_term byte);
/* The same, done only when cond holds (Bool): mem itself otherwise. */
smt_term bmem_store1_if(benc *e, smt_term mem, smt_term addr, smt_term byte, smt_term cond);
/* select with read-over-write simplification (seed 003 Sect. 6.1, extended):
 * a store is skipped when its address differs from addr for certain (two
 * constants, or base + c1 and base + c2 with c1 != c2) or by provenance
 * (the two addresses lie in the regions of different objects, which
 * the encoder made a condition of every run that goes on, bmem_region_cond); otherwise
 * it is read over as ite(addr == idx, value, rest), up to a budget per
 * select, so that the solver sees bit-vectors and uninterpreted arrays only.
 * Every address read or written at a non-constant address must have passed
 * bmem_region_cond's cut on its path first. */
smt_term bmem_select(benc *e, smt_term mem, smt_term addr);
/* The object an address belongs to by provenance (syntactically: the
 * object of the constant base it is computed from), UINT32_MAX if none. A
 * constant's is exact; a non-constant one's is a claim that
 * bmem_region_cond turns into a condition. Memoized: one answer per term. */
uint32_t bmem_provenance(benc *e, smt_term addr);
/* Objects of at most this many bytes (constant size) are kept flat: a
 * store at a non-constant address into one becomes a store at each of its
 * bytes (byte j: ite(addr == base + j, value, old byte j)), so that its
 * stores are all at constant addresses, and a read at a non-constant
 * address is one ite over its bytes. Linear in the stores and reads, where
 * reading over symbolic stores is quadratic (CBMC flattens small arrays
 * the same way). At most 64: a flat object's fields are a 64-bit mask. */
#define BMEM_FLAT_MAX 64u
/* The flat object (memory.c) a non-constant address lies in by provenance,
 * or UINT32_MAX. */
uint32_t bmem_flat_object(benc *e, smt_term addr);
/* An address as constant + rest (rest SMT_NULL: the address is constant). */
void bmem_split_const(benc *e, smt_term t, uint64_t *k, smt_term *rest);
/* The condition that [addr, addr+n) lies in [base, base+len) (n, len:
 * BV(pw)): n <= len and addr - base <= len - n, unsigned. */
smt_term bmem_within(benc *e, smt_term addr, smt_term n, uint64_t base, smt_term len);
/* The key of object o's allocation site, the same in every encoding. */
uint64_t bmem_site_key(const benc *e, uint32_t o);
/* The condition that [addr, addr+n) lies inside addr's provenance object
 * (its bytes, which lie in its region; SMT_TRUE for a constant access of
 * constant length or no provenance: nothing is claimed of those). n: BV(pw). The encoder cuts the run where it
 * fails (an access outside its object: out of bounds, or a valid access
 * into another object reached by pointer arithmetic, which C leaves
 * undefined); the run goes on only within the region. */
smt_term bmem_region_cond(benc *e, smt_term addr, smt_term n);
void bmem_free_cache(benc *e);

/* ---- bmc.c (shared with termination.c) ------------------------------------ */
/* A query pushed on *shared (made on first use); pop it with
 * smt_solver_pop(*shared, 1) after reading the model. */
smt_result bmc_solve(benc *e, smt_term goal, smt_solver **shared);
bool bmc_model_bool(smt_solver *sv, smt_term t);
uint64_t bmc_model_bv(benc *e, smt_solver *sv, smt_term t);
/* The checks a clean bounded encoding proves (bmc.h: memory is
 * address-based, so not valid-deref, valid-free or valid-memtrack). */
#define BMC_PROVABLE_CHECKS ((1u << PROP_UNREACH_CALL) | (1u << PROP_NO_OVERFLOW) | (1u << PROP_VALID_MEMCLEANUP))
/* Does some defined function shift left without nsw? (no-overflow is then
 * never proved: clang does not flag a signed int's `x << k`) */
bool bmc_has_unflagged_shl(const ir_module *m);
/* One more bound (round) and the work of encoding e. */
void bmc_stats_add(bmc_stats *s, const benc *e);
/* Runs the interpreter with its draws answered from the model (the active
 * events, in order); the caller frees *res. */
void bmc_replay(benc *e, smt_solver *sv, interp_result *res, unsigned *answered, unsigned *missed);

/* Asks for a model of some check site not yet excluded and replays it;
 * accept(accept_ctx, replay) decides whether the replay is what is sought.
 * A model whose replay is not accepted excludes the sites it violates (with
 * debug: reported on stderr) and the question is asked again, until
 * BMC_MAX_REPLAY_FAILURES such models (VIOL_GAVE_UP). VIOL_FOUND: *res is
 * the accepted replay (the caller frees it); *failures: the models that
 * did not replay. */
#define BMC_MAX_REPLAY_FAILURES 6
typedef enum { VIOL_NONE, VIOL_FOUND, VIOL_UNKNOWN, VIOL_GAVE_UP } viol_answer;
typedef bool (*bmc_accept_fn)(const void *accept_ctx, const interp_result *res);
viol_answer bmc_find_violation(benc *e, smt_solver **shared, bmc_accept_fn accept, const void *accept_ctx,
                               bool debug, interp_result *res, unsigned *failures);

/* ---- kind.c --------------------------------------------------------------- */
/* The loop headed by block head of function fid (cached in e). */
const bkloop *bkind_loop(benc *e, uint32_t fid, uint32_t head);
void bkind_free(benc *e);

/* ---- float.c ------------------------------------------------------------- */
/* The value (BV(w)) of the float instruction in (IR_FADD .. IR_FMATH) on
 * its evaluated operands ops (in->nops of them), exact; SMT_NULL when the
 * widths are not the IR's (the caller makes it unknown). *ub: when the
 * instruction is undefined (fptosi / fptoui out of range), else false. */
smt_term bfloat_value(benc *e, const ir_inst *in, const smt_term *ops, unsigned w, smt_term *ub);

/* ---- encode.c ------------------------------------------------------------ */
/* The candidate callees of the indirect call `call` (callee IR_NONE), appended
 * to out in increasing id order: the functions whose address is taken
 * (taken, ir_address_taken_funcs) and that are compatible with the call
 * (ir_callee_compatible); with leaves (the constant leaves of the pointer's
 * ite tree, nleaves of them) only those at one of these addresses
 * (func_addr, per function). Every other value of the
 * pointer is the caller's "none of them" case. */
void bmc_call_candidates(const ir_module *m, const bool *taken, const uint64_t *func_addr, const ir_inst *call,
                         const uint64_t *leaves, size_t nleaves, u32_vec *out);

/* Encodes main at e->bound. False when main is missing or time ran out. */
bool benc_run(benc *e);
/* Encodes one iteration of the loop at block `head` of function fid
 * (recur.c): the sweep starts at the head's first non-phi instruction from
 * *start (its regs: the values the loop reads, phis of the head included;
 * consumed), executes the blocks with in_loop[b] in order, drops states
 * that leave the loop (they ended the iteration elsewhere) and merges the
 * states that take an edge back to the head into *next: its guard says
 * "the iteration came back", its regs of the head's phis hold their next
 * values. Calls are inlined with e->bound as for runs. False when time ran
 * out or an edge inside the loop goes back to another block than the head
 * (inner loops are not supported). */
bool benc_iteration(benc *e, uint32_t fid, uint32_t head, const bool *in_loop, smt_term *args, bstate *start,
                    bstate *next);
void benc_state_free(bstate *s);
/* Encodes one "iteration" of a recursion (recur.c): function fid from its
 * entry with the given args and state *start (consumed), calls inlined,
 * until it calls fid again (directly or through other functions): such a
 * call ends its path, and *back is the condition that one is reached,
 * next_args[k] (fid's nparams) the arguments it passes. Returns end the
 * path too (they leave the cycle). False when time ran out. */
bool benc_recursion(benc *e, uint32_t fid, smt_term *args, bstate *start, smt_term *back, smt_term *next_args);
/* Frees what the encoding allocated (not the context). */
void benc_free(benc *e);

#endif
