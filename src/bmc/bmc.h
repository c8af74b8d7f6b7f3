/* bmc: bounded model checking of bitprove's IR (seed 003, LLBMC).
 *
 * What it does. For the checks of a property (unreach-call, no-overflow,
 * valid-deref, valid-free, valid-memtrack, valid-memcleanup) it encodes every
 * run of `main` up to a bound k as one bitvector/array formula: loops are
 * unrolled k times along the back edges of a reverse-postorder of each CFG
 * (seed 003, Sect. 3.5.2), calls are inlined per call site with recursion cut
 * at depth k (Sect. 3.6), values are bitvector terms, phis guarded choices,
 * memory one array from addresses to bytes with fixed object addresses and a
 * liveness flag per stack/heap object (Ch. 4, 5). Floats are their IEEE bit
 * patterns, every float opcode encoded exactly with the float terms of
 * src/smt (float.c; a NaN's bit pattern and fptosi/fptoui out of range are
 * left open, as the terms leave them). Inline asm: an IR_ASM result and the
 * bytes of an IR_HAVOC (checked like a store) are fresh values recorded as
 * draws, in the interpreter's order, so that models replay. Every check site adds a
 * condition "executed and violated"; every place where the bound cuts a run
 * (a back edge taken k times, recursion deeper than k, a library call or size
 * the encoding does not cover) adds an "unwinding" condition. The bound is
 * deepened 1, 2, 4, 8, ... within the time budget.
 *
 * Answers (docs/ARCHITECTURE.md, rules of soundness); the driver turns them into
 * verdicts:
 *  - BMC_VIOLATION(check) only when the solver's model, turned into the
 *    sequence of nondeterministic values, was replayed by the interpreter
 *    (interp.h) and the replay violated one of the requested checks; check
 *    is the one the replay names, the replayed run is returned. A model
 *    that does not replay is never reported (with o->debug it is reported
 *    on stderr); its check site is excluded and the solver asked again, a
 *    few times.
 *  - BMC_SAFE only when no violation is satisfiable and no unwinding
 *    condition is either (every loop and recursion fully unrolled, nothing
 *    cut; an indirect call runs each candidate callee, ir/cfg.h
 *    ir_indirect_candidates, and a pointer equal to none of them is a cut
 *    run), nothing was approximated (a call without body, an indirect call
 *    through a symbolic pointer without any candidate, an asm with a
 *    "memory" clobber, whose
 *    writes are modelled as none, as the interpreter runs it: such a
 *    complete unwinding is UNKNOWN at once, with that reason), and only
 *    for unreach-call, no-overflow and valid-memcleanup: the
 *    memory model is address-based, while the interpreter judges
 *    dereferences by provenance, so a clean unwinding is no proof of
 *    valid-deref.
 *  - BMC_UNKNOWN otherwise, with the reason.
 *
 * Termination is no check of bmc_check; bmc_termination (below) decides it
 * both ways with bounds per loop.
 *
 * Ownership: the module is only read; bmc_check fills *out (the caller frees
 * it with bmc_result_free) and frees everything else it allocated.
 */
#ifndef BITPROVE_BMC_H
#define BITPROVE_BMC_H

#include <stdbool.h>
#include <stdint.h>

#include "../interp/interp.h"
#include "../ir/check.h"
#include "../ir/ir.h"
#include "../smt/term.h"

typedef struct {
  unsigned bound;        /* fixed bound k (--bmc-bound); 0: deepen 1, 2, 4, ... */
  unsigned max_bound;    /* deepening stops after this bound (default 1024) */
  budget budget;         /* the whole check and each solver query */
  bool debug;            /* report models that do not replay on stderr */
  bool stats;            /* print counters on stderr at the end */
  const char *dump_smt;  /* NULL, or a folder: every query of the bounds written there as SMT-LIB 2 */
} bmc_options;

typedef enum {
  BMC_SAFE,      /* proved: complete unwinding without violation */
  BMC_VIOLATION, /* a replayed counterexample */
  BMC_UNKNOWN    /* bound or time exhausted, unsupported, or gave up */
} bmc_answer;

/* Work done, summed over the bounds tried. */
typedef struct {
  unsigned bounds;       /* bounds tried */
  uint64_t insts, queries;
  double encode_s, solve_s; /* wall seconds (util_now) */
} bmc_stats;

typedef struct {
  bmc_answer answer;
  unsigned bound;        /* the last bound tried (of the answer, for SAFE and VIOLATION) */
  prop_check violated;   /* VIOLATION: the requested check the replay violated */
  interp_result trace;   /* VIOLATION: the replayed run (its nondet values reproduce it) */
  char reason[256];      /* UNKNOWN: why, e.g. "timeout after bound 8" */
  /* no-overflow was requested and is never proved here: some left shift
   * without nsw may be a signed overflow in C (the IR does not keep the C
   * type) */
  bool shl_unprovable;
  bmc_stats stats;
} bmc_result;

/* Defaults: deepening, max_bound 1024, no time limit, no debug, no stats. */
void bmc_options_default(bmc_options *o);

/* Checks the checks in mask `checks` (bits 1u << prop_check; termination is
 * not one BMC decides: UNKNOWN) on m. Returns out->answer. */
bmc_answer bmc_check(const ir_module *m, unsigned checks, const bmc_options *o, bmc_result *out);
void bmc_result_free(bmc_result *r);

/* ---- k-induction (kind.c) --------------------------------------------------
 *
 * Safety past the unwinding (seed 003, Sect. 2.2.5: k-induction after
 * Sheeran et al. and Donaldson et al., strengthened with invariants as Rocha
 * et al. 2015). One query per k, the "combined case" of Donaldson et al.
 * (SAS 2011) applied to every loop instance the encoding meets (loops of
 * main and of inlined functions, nested ones included):
 *  - base: the loop runs its first k + 1 iterations as in bmc_check, every
 *    check site checked;
 *  - step: a state that would take the back edge once more is havocked:
 *    the head's phis become fresh values, and the bytes the loop may write
 *    (its stores, memory builtins and asm outputs, and those of the
 *    functions it calls, traced syntactically to globals and allocas of its
 *    function; every byte when a target is unknown or the loop allocates;
 *    read-only globals keep theirs) fresh bytes; the proved invariants are
 *    assumed of it; then k iterations whose check sites are assumptions
 *    (the property holds there) and whose exits are dropped, then one
 *    checked iteration whose back edge is dropped and whose exits go on to
 *    the rest of the program.
 * Every run's first violation is a model of "some checked site violated"
 * (in the loop's first k + 1 iterations directly; later, with the havoc
 * taken as the state k iterations before it). So when no checked site is
 * satisfiable and no run is cut (no recursion deeper than k, nothing the
 * encoding gives up on) the checks hold in every run: KIND_SAFE.
 *
 * Invariants (Houdini): candidates per loop over its slots (the head's
 * integer phis, the integer values it reads from before it and the phis'
 * values on entry): equal, signed and unsigned bounds against constants of
 * the loop and the values at its entry, the same relations and differences
 * between two slots, for two phis p, q entered with p0, q0: p + q ==
 * p0 + q0 and p - q == p0 - q0, and the affine equalities (up to four
 * slots) that hold at the loop head in sample runs of the interpreter
 * (small inputs; a basis of the null space of the sampled values). A
 * candidate survives when it holds at every visit of the loop head before
 * the havoc (the first k + 1) and after the first iteration from every
 * havocked state that satisfies all survivors (mutual induction over all
 * loops; a query about a point assumes the survivors only at the havocs
 * encoded before it; one query per round, the candidates a model refutes
 * are dropped). Survivors hold at the loop head in every run up to its
 * first violation (by induction over the run's visits), so the witness may
 * state them.
 *
 * Decided only for unreach-call, no-overflow (not with a left shift
 * without nsw, as bmc_check) and valid-memcleanup (not when some loop
 * allocates: objects of iterations the step skips are not encoded); not
 * for valid-deref, valid-free and valid-memtrack: the memory model is
 * address-based (bmc.h above). A loop that frees, or calls through a
 * symbolic pointer, is not havocked: it is cut as in bmc_check, so the
 * proof then needs its complete unwinding. No FALSE here: a satisfiable
 * step may be spurious; bmc_check finds the real violations.
 *
 * Ownership: the module is only read; free the result with
 * bmc_kind_result_free. */
typedef struct {
  budget budget;
  unsigned max_k;        /* k = 1, 2, 4, ... up to this (default 64) */
  bool invariants;       /* strengthen with Houdini invariants (default true) */
  bool stats;
} bmc_kind_options;

typedef enum { KIND_SAFE, KIND_UNKNOWN } bmc_kind_answer;

typedef enum { KREL_EQ, KREL_SLE, KREL_SGE, KREL_ULE, KREL_UGE, KREL_DIFF, KREL_SUM, KREL_DIFF2, KREL_LIN } bmc_kind_rel;

#define BMC_KIND_LIN_TERMS 4

/* An invariant atom of the loop headed by `block` of `func`: a rel b (or
 * the constant c when b is IR_VAL_NONE); DIFF: a - b == c; SUM: a + b ==
 * x + y; DIFF2: a - b == x - y (all wrapping; x and y are values from before
 * the loop or constants); LIN: lin_c[0] * lin_v[0] + ... + c == 0 over nlin
 * slots (wrapping; a and b unused). */
typedef struct {
  uint32_t func, block;
  ir_value a, b, x, y;
  uint8_t rel;           /* bmc_kind_rel */
  uint64_t c;
  uint8_t nlin;
  ir_value lin_v[BMC_KIND_LIN_TERMS];
  int64_t lin_c[BMC_KIND_LIN_TERMS];
} bmc_kind_atom;
typedef VEC(bmc_kind_atom) bmc_kind_atom_vec;

typedef struct {
  bmc_kind_answer answer;
  unsigned k;            /* SAFE: the k of the proof; else the last tried */
  unsigned havocs;       /* SAFE: loop instances havocked in the proof's encoding */
  bmc_kind_atom_vec invariants; /* the proved invariants (SAFE: assumed by the proof) */
  unsigned candidates;   /* invariant candidates tried */
  char reason[256];      /* UNKNOWN: why */
  bmc_stats stats;
} bmc_kind_result;

void bmc_kind_options_default(bmc_kind_options *o);
/* Whether bmc_kinduction can decide `checks` on m at all (the checks, the
 * module's constructs, no unflagged left shift for no-overflow). */
bool bmc_kind_applies(const ir_module *m, unsigned checks);
bmc_kind_answer bmc_kinduction(const ir_module *m, unsigned checks, const bmc_kind_options *o, bmc_kind_result *out);
void bmc_kind_result_free(bmc_kind_result *r);
/* "i == k && n >= 0" over the C variables of the atoms of loop (func,
 * block), or NULL when none can be written (values without a C variable
 * are left out). Owned by the caller. */
char *bmc_kind_render(const ir_module *m, const bmc_kind_atom_vec *atoms, uint32_t func, uint32_t block);

/* ---- termination (termination.c) ------------------------------------------
 *
 * Termination decided both ways by unrolling main.
 *
 * TERMINATES, a complete unwinding (seed 003, Sect. 3.5.2 bounded control
 * flow graphs, Sect. 4.5.3 bounds checking): the program is encoded with a
 * bound per loop (back edges taken per entry of the loop) and per
 * recursive function (calls on the inline stack); at some bounds no run
 * reaches a back edge or a recursive call beyond them (every unwinding
 * condition unsatisfiable), nothing was approximated (bmc.h: a call
 * without body, an indirect call without candidate callee, an asm memory
 * clobber, a library function or size the encoding does not cover), and no
 * run within the bounds has undefined behaviour (signed overflow, division
 * by zero, shift amounts, violated nuw/exact flags, fptosi out of range, a
 * dereference or free outside a live object: the check sites of
 * no-overflow, valid-deref and valid-free, every one unsatisfiable). Then
 * every run of the program ends (by return, exit, abort, an error call or
 * a failing assume) within the bounds. What the proof does not see: an
 * access that leaves its object for another live one (the memory model is
 * address-based; objects are separated by gaps, so only far jumps), and a
 * signed left shift without nsw (the front end marks signed shifts so only
 * for no-overflow: fe_options.shift_signs).
 *
 * Bounds grow per loop: all start at 1; after a round without proof, the
 * loops and recursions whose unwinding condition is satisfiable (each
 * found by a model of the disjunction of the not yet found ones) double,
 * the others keep theirs (their condition is unsatisfiable: more
 * iterations of them are no run of the program within the other bounds).
 *
 * LASSO, a repeated state as one query: in lasso mode each visit of a loop
 * head is recorded (its guard, phis, memory and liveness, and the reads of
 * memory after it); the query asks for two visits i < j of one entry of a
 * loop at which the phis, the liveness of every object read and every
 * byte read at a constant address (every byte of every object when some
 * read cannot be placed) are equal: the state restricted to what the loop
 * reads. Its model gives the stem's draws (before visit i) and the
 * cycle's (between i and j). The cycle run again from visit j reads the
 * same values, so it repeats the same steps and writes the same bytes: the
 * complete state at visit j and after a second cycle agree. The caller's
 * check_lasso replays stem, cycle, cycle, cycle in the interpreter and
 * compares complete states byte for byte (no FALSE rests on the solver);
 * a candidate it rejects is excluded and the query asked again, a few
 * times per bound.
 *
 * The rounds stop at the budget's deadline, at max_bound, or when no bound
 * can grow. Ownership: the module is only read; free the result with
 * bmc_term_result_free. */
typedef bool (*bmc_lasso_check_fn)(void *ctx, const interp_planned_draw *draws, size_t n);

typedef struct {
  budget budget;
  unsigned max_bound;      /* no loop is unrolled further (default 1024) */
  unsigned first_bound;    /* every loop's and recursion's bound in the first round (default 1) */
  bool prove;              /* look for a complete unwinding */
  bmc_lasso_check_fn check_lasso; /* NULL: no lasso queries */
  void *check_ctx;
  bool stats;              /* counters per round on stderr */
} bmc_term_options;

typedef enum { BMC_TERM_TERMINATES, BMC_TERM_LASSO, BMC_TERM_UNKNOWN } bmc_term_answer;

/* A loop (block: its header) or a recursive function (block IR_NONE) and
 * the bound a proof unrolled it to. */
typedef struct {
  uint32_t func, block;
  unsigned bound;
} bmc_loop_bound;
typedef VEC(bmc_loop_bound) bmc_loop_bound_vec;

typedef struct {
  bmc_term_answer answer;
  bmc_loop_bound_vec bounds; /* the loops and recursions the encoding unrolled, with their last bounds */
  unsigned rounds;
  uint32_t lasso_func, lasso_block; /* LASSO: the loop of the query */
  unsigned lasso_i, lasso_j;        /* LASSO: the visits (back edges taken before each) */
  char reason[256];                 /* UNKNOWN: why */
  bmc_stats stats;
} bmc_term_result;

void bmc_term_options_default(bmc_term_options *o);
bmc_term_answer bmc_termination(const ir_module *m, const bmc_term_options *o, bmc_term_result *out);
void bmc_term_result_free(bmc_term_result *r);
/* "main: loop at f.c:12 bound 4, ..." into buf (for progress and answers). */
void bmc_bounds_format(const ir_module *m, const bmc_loop_bound_vec *b, char *buf, size_t n);

/* ---- recurrent sets (recur.c) ---------------------------------------------
 *
 * Non-termination without a repeated state (issue: non-termination, kind
 * "recurrent set"). Given a loop head H of function f and the values of one
 * concrete visit of H (from an interpreter run), finds a set S of states at
 * H, a conjunction of atoms over the values the loop reads, such that the
 * solver proves over the bit-precise encoding of one iteration (the one
 * runs are encoded with, calls inlined) that from every state in S the
 * iteration
 *   - comes back to H (no exit from the loop, no assume that fails, no
 *     reach_error / abort / exit, no bound cut in an inlined call),
 *   - has no undefined behaviour (signed overflow, division by zero, shift
 *     amounts, violated nuw / exact flags, INT_MIN / -1 and % -1),
 *   - and ends in S again,
 * for every value of the iteration's nondeterministic draws (cycle_any) or
 * with every draw answered by the constant cycle_value. The atoms are the
 * candidates true at the given visit (equalities, signed and unsigned
 * bounds, low bits, relations between two values), weakened to an
 * inductive set (Houdini) and then checked in one query.
 *
 * Float instructions are encoded exactly; fptosi/fptoui out of range is
 * undefined behaviour like the above. The loop may not contain inline asm
 * (its result is a draw of the interpreter but no choice of the
 * environment, so the constant-draw proofs would fix it wrongly).
 *
 * The loop may not read or write memory, name a global or function, nor
 * call anything but nondet, assume, error and exit functions and functions
 * with the same restrictions; it may not contain an inner loop. (The
 * encoding's object addresses are its own, so values from a concrete run
 * would not be comparable with them.)
 *
 * A found S contains the given values (checked by exact evaluation after
 * the proof). What the caller still has to check: that a run reaches H
 * with those values (the non-termination search replays the stem).
 *
 * The same for a recursion (query.recursion): H is the function's entry, S
 * a set of its arguments, and an iteration ends at the next call of the
 * function (an infinite recursion never returns).
 *
 * Ownership: out->ctx owns the terms; free with bmc_recur_free. */
typedef struct {
  uint32_t func, head;   /* the loop head: function id and block */
  const uint64_t *values; /* values[i]: instruction i's result bits at the visit, then values[ninsts + a]: arg a */
  uint32_t nvalues;      /* ninsts + nparams of func */
  budget budget;         /* the whole search and each solver query */
  /* a recursion instead of a loop: S is a set of arguments at the entry of
   * func (head is ignored; only the argument values are read), and the
   * cycle is one execution of func from its entry to a call of func again
   * (directly or through other functions), the call's arguments in S;
   * returning leaves the cycle */
  bool recursion;
} bmc_recur_query;

typedef enum { RECUR_EQ, RECUR_SLE, RECUR_SGE, RECUR_ULE, RECUR_UGE, RECUR_LOWBITS } bmc_recur_rel;

/* One atom of S: slot a `rel` (slot b, or the constant c when b is
 * UINT32_MAX); LOWBITS: the low `bits` bits of a equal those of c. Slot i <
 * ninsts is instruction i's value, ninsts + k the function's parameter k. */
typedef struct {
  uint32_t a, b;
  uint8_t rel;   /* bmc_recur_rel */
  uint32_t bits; /* LOWBITS: how many; otherwise the width of a */
  uint64_t c;
} bmc_recur_atom;
typedef VEC(bmc_recur_atom) bmc_recur_atom_vec;

typedef struct {
  bool found;
  char reason[200];      /* !found: why */
  smt_ctx *ctx;          /* owns set and vars */
  smt_term set;          /* S: a Bool term over vars */
  uint32_t nvars;
  smt_term *vars;        /* the slots' variables */
  uint32_t *slots;       /* vars[i] stands for slot slots[i] */
  bmc_recur_atom_vec atoms; /* S as atoms, for printing (implied ones left out) */
  bool cycle_any;        /* the proof holds for every value of the draws */
  uint64_t cycle_value;  /* !cycle_any: every draw of an iteration is this */
  unsigned queries;
} bmc_recur_result;

bool bmc_recur_find(const ir_module *m, const bmc_recur_query *q, bmc_recur_result *out);
/* S of a found result as a conjunction in C (f: the query's function):
 * with c_only, over source variable names cast to their C types, NULL when
 * an atom cannot be written so; otherwise IR names (%N, %argN) stand in
 * for values without a source name. "1" for an empty S. Owned by the
 * caller. */
char *bmc_recur_render(const ir_func *f, const bmc_recur_result *r, bool c_only);

/* ---- stems (non-termination search) ---------------------------------------
 * A run of main that reaches block `block` of function `func`, found as a
 * model of the unrolled program at bounds 1, 2, 4, ... up to max_bound: its
 * draws, as (function, instruction, value) in execution order, for the
 * interpreter to answer its draws with (the first unused entry of the same
 * instruction; loads draw only when their bytes are uninitialised, so some
 * entries may go unused). Nothing is claimed about the run: the caller
 * replays it. False (and out->n == 0) when no bound up to max_bound, or the
 * budget's deadline, gives one. The caller frees out->draws. */
typedef struct {
  interp_planned_draw *draws;
  size_t n;
  unsigned bound;
} bmc_stem;

bool bmc_find_stem(const ir_module *m, uint32_t func, uint32_t block, unsigned max_bound, budget b,
                   bmc_stem *out);
void bmc_recur_free(bmc_recur_result *r);

#endif
