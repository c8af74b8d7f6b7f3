/* direct: termination of a C program by direct translation of its IR into an
 * integer transition system (ITS) with bitvector semantics, decided by the
 * ITS back end (seed 001, KITTeL: Sect. 3.1-3.2 translation, slicing and
 * liveness; Sect. 4 phase 1 / phase 2 bitvector encoding).
 *
 * What the ITS means
 * ------------------
 * Every UB-free run of `main` (and of the functions it calls) maps to a run
 * of the ITS: the ITS OVER-approximates the program. So "the ITS terminates"
 * (YES of the back end) implies "every UB-free run of the program
 * terminates". A non-terminating ITS run need not be a program run: a NO or
 * MAYBE of the back end proves nothing about the program.
 *
 * Encoding (documented choice)
 * ----------------------------
 * Representation per value (seed 000, Sect. 2, the U_P / S_P heuristic):
 * every integer IR value of width n > 1 is an Int holding either its
 * UNSIGNED value in [0, 2^n) or its SIGNED value in [-2^(n-1), 2^(n-1)),
 * chosen per value by votes (unsigned comparisons, udiv/urem/lshr, zext,
 * add/sub/mul without nsw vote unsigned; signed comparisons, sdiv/srem/
 * ashr, sext, nsw vote signed), shared by the values an instruction or phi
 * joins (union-find). Either choice is exact: an operation that reads a
 * value in the other representation converts it by a case split on the
 * sign bit (u = s or u = s + 2^n). i1 values are 0/1 (inside a path they
 * are Bool terms; as ITS variables Ints in [0, 1]).
 * Phase 1 (Sect. 4.1): comparisons in the representation they need; add,
 * sub, mul exact before normalization; udiv/urem/sdiv/srem/lshr/ashr by a
 * constant exactly (c*q <= x <= c*q + c - 1 with a temporary q), otherwise
 * by the sound bounds of Sect. 4.1 (|x / y| <= |x|, 0 <= x % y < y, ...);
 * and/or/xor by the case-split bounds of Sect. 4.1 (0 <= x & y <= min(x, y)
 * for non-negative operands, ...), exact for x & (2^k - 1), x ^ -1; i1
 * logic exactly; trunc exactly (r = x - 2^m * q in range).
 * Phase 2 (Sect. 4.2): every wrapping result e is normalized into its range
 * as r = e - k * 2^n. When the operand ranges leave at most DT_MAX_K values
 * of k, one case per k (the bounded-correction optimization of Sect. 4.2:
 * "x + 1" overflows at most once, never underflows); otherwise k is a
 * temporary with its bounds (exact over Z).
 * Undefined behaviour: nsw (signed representation) and nuw (unsigned
 * representation) results, division by zero, INT_MIN / -1 by a constant,
 * shift amounts >= the width are excluded by the guard (a run that does
 * this has UB and is not covered): TRUE assumes the program has no UB.
 *
 * Structure of the ITS
 * --------------------
 *  - Calls to defined functions are inlined (one copy of the callee's blocks
 *    per call site, within DT_INLINE_BUDGET instructions and DT_MAX_DEPTH);
 *    recursive calls and calls beyond the budget are abstracted as in
 *    seed 001 footnote 3: the call's result is a fresh value (and tracked
 *    globals are havocked), and an extra transition goes into the callee's
 *    entry with the arguments; that shared copy's returns end the run.
 *  - An indirect call (issue 40) is a nondeterministic choice among its
 *    targets, the functions of the shared lookup (ir/cfg.h,
 *    ir_indirect_candidates: every address-taken function whose type fits
 *    the call; through a constant function address that function alone;
 *    through a pointer computed in registers, by phis and selects of
 *    function addresses and null, those addresses that fit):
 *    one edge per target, each made as for a direct call of it (inlined,
 *    abstracted, a builtin's result, or the end of the run). Pointers are
 *    not variables, so no guard tells the choices apart: the ITS may take
 *    any, which covers the one each run takes. Calling anything else (null,
 *    data, a function of another type) is undefined behaviour, not covered.
 *    Recursion through function pointers counts as recursion (the call
 *    graph has an edge to every target). Refused: no function fits, a
 *    target without a body, or a pointer that may come from outside the
 *    program (an external global, an asm, a function without a body).
 *  - Locations are cut points: main's entry, targets of DFS back edges of
 *    the expanded control-flow graph, summary entries (and, when the paths
 *    between cut points would be too many, join points or every block);
 *    a transition is one path between two cut points with one case of the
 *    encoding (its guard a conjunction; disjunctions are split into separate
 *    transitions up to DT_MAX_STATES per path, beyond that kept whole).
 *  - A location "start" sets the tracked globals to their initial values.
 *  - Slicing: only values that branch conditions, switch operands, assume
 *    arguments depend on (through operands, phis, parameters, returns and
 *    tracked globals) are encoded. Liveness: a variable not live at a cut
 *    point is unconstrained there.
 *  - Dead ends (seed 001, Sect. 3.3 item 1, on transitions): a transition
 *    inside a loop (SCC) after which no transition of that loop can follow
 *    (the composition is unsatisfiable, checked with the solver within
 *    DT_DEAD_END_SECONDS) is redirected to a copy of its target that keeps
 *    only the transitions leaving the loop; the runs are the same. This is
 *    what proves "while (u > 0) u++" (the wrap to 0 leaves the loop).
 *
 * Integer semantics (--int-semantics math, the Termination Competition's C
 * reading): every integer value of width n > 1 is an unbounded Int; no
 * range, no normalization (phase 2 off), no overflow, so no nsw/nuw guard.
 * add/sub/mul are + - * over Z; comparisons compare the integers (unsigned
 * ones too); zext/sext/trunc/copy are the identity on values (a trunc to i1
 * keeps the parity: C converts to _Bool only through a comparison); the
 * overflow intrinsics answer "no overflow". Operators without a clean
 * integer counterpart (udiv, sdiv, urem, srem, and, or, xor, shifts,
 * ptrtoint) make their result a fresh unbounded value: sound for YES.
 * Constants: the IR keeps only a constant's bits, and LLVM writes "x - 1"
 * as "x + 0xFF..FF", so a constant with the sign bit set is ambiguous
 * (-c or 2^n - c). It is read signed in add/sub/mul (C's x - c is
 * x + (-c) in the IR; unsigned when the operation is nuw only) and signed
 * comparisons, unsigned in unsigned comparisons; in == / !=, a phi or a
 * select as the value it meets is read when every signed / unsigned use
 * of that value's class (seed 000's vote, ir_repr_unanimous) is of one
 * kind; it is a fresh value everywhere else (counted in math_unknown). Nondet values and
 * uninitialised reads are unbounded integers.
 *
 * Memory: pointers are not variables. A global whose address is used only
 * as the direct address of full-width integer loads and stores is a
 * variable; so is a cell of 1..8 bytes from alloca/malloc/calloc whose
 * pointer (and its copies) is only loaded from, stored to, compared and
 * freed (one variable per copy of the function, fresh at the allocation);
 * any other load is a fresh value in the type's range, stores are
 * dropped, comparisons of pointers are fresh Booleans, memory builtins
 * (memset, strlen, ...) return fresh values and are assumed to terminate.
 * This is sound for memory-safe runs; when the program accesses memory
 * other than tracked globals and cells, TRUE assumes memory safety.
 *
 * Contract
 * --------
 * direct_translate() returns a new its over ctx (the caller frees it with
 * its_free; ctx must outlive it), or NULL with the reason in err when the
 * program has something the translation refuses (indirect calls without
 * known targets, calls to unknown external functions, no main, too large). info is filled in both
 * cases (assumptions, counters; it owns no memory).
 * direct_info_assumptions() appends the lines TRUE rests on. The ctx's
 * solver timeout is 300 ms during the dead-end checks and the caller's
 * again on return.
 * Fresh smt variables are named "dt_t<N>" (temporaries); ITS variables are
 * named after the IR values ("i_3", "g_counter", ...).
 */
#ifndef BITPROVE_DIRECT_H
#define BITPROVE_DIRECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"
#include "../its/its.h"
#include "../smt/smt.h"
#include "../util/util.h"

#define DT_MAX_K 3               /* cases of a bounded normalization */
#define DT_MAX_STATES 16         /* cases (transitions) per path */
#define DT_MAX_PATHS 256         /* transitions per cut point before more cuts */
#define DT_INLINE_BUDGET 20000   /* instructions of inlined copies in total */
#define DT_MAX_DEPTH 24          /* nesting of inlined calls */
#define DT_MAX_TRANS 20000       /* transitions in the ITS */
#define DT_DEAD_END_SECONDS 2.0  /* wall time (util_now) for the dead-end checks */

typedef struct {
  /* assumptions the ITS rests on */
  bool assumes_no_ub;        /* a guard excludes nsw/nuw overflow, div by 0, shift too far */
  bool assumes_memory_safe;  /* loads/stores/memory builtins were abstracted */
  bool recursion_abstracted; /* some calls abstracted (seed 001 footnote 3) */
  /* counters (--stats and tests) */
  uint32_t instances, inlined_calls, abstracted_calls;
  uint32_t nodes, cut_points, tracked_globals;
  uint32_t relevant_values, sliced_values;
  uint32_t vars, locs, trans, dead_end_removed;
  uint32_t weakened; /* splits beyond DT_MAX_STATES kept as one disjunction */
  bool math;             /* translated with mathematical integers */
  uint32_t math_unknown; /* math: results made fresh (no integer counterpart, ambiguous constant) */
  uint32_t float_unknown;  /* relevant results of floating-point operations: unknown values */
  uint32_t asm_unknown;    /* relevant outputs of inline asm: unknown values */
  uint32_t inexact;        /* values made unknown for another reason than a draw of the program
                              (__VERIFIER_nondet_*): untracked loads, pointer comparisons, calls
                              without a body, undef, ... */
  uint32_t indirect_calls;   /* copies of indirect calls made a choice among their targets */
  uint32_t indirect_choices; /* of these, through a pointer the translation does not know (not a
                                function's address as the operand): a choice the ITS makes freely */
} direct_info;

/* Is the translation exact, with mathematical integers: does every run of
 * the ITS from its start correspond to a run of the program (values made
 * unknown only where the program draws one, no assumption, no abstracted
 * call, no indirect call through an unknown pointer)? Then a non-terminating ITS run is one of the program. Dropped
 * values (liveness, slicing) and dead-end redirections keep it exact: they
 * change no decision of the program. */
bool direct_info_exact(const direct_info *info);

typedef enum { DIRECT_INT_BIT = 0, DIRECT_INT_MATH } direct_int_semantics;

/* The translation with bit-precise integers (the default), no time limit. */
its *direct_translate(const ir_module *m, smt_ctx *ctx, direct_info *info, char *err, size_t errlen);
/* The translation with the given integer semantics (see "Integer
 * semantics"); b bounds its solver queries (the dead-end checks). */
its *direct_translate_sem(const ir_module *m, smt_ctx *ctx, direct_int_semantics sem, budget b, direct_info *info,
                          char *err, size_t errlen);

/* Appends one line per assumption ("assumption: ..."); "assumption: none"
 * when there is none. */
void direct_info_assumptions(const direct_info *info, strbuf *out);
/* One line of counters. */
void direct_info_stats(const direct_info *info, strbuf *out);

#endif
