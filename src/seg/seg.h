/* seg: symbolic execution graphs over abstract states with byte-precise
 * memory and bit-precise integers (seed 002, the AProVE approach to C;
 * seed 000 for the bitvector rules; seed 004 Def. 1 for states with a call
 * stack). The graph proves memory safety and absence of signed overflow
 * when it is complete, and yields an integer transition system (ITS) whose
 * termination implies the program's.
 *
 * What a graph means
 * ------------------
 * An abstract state (p, LV, KB, AL, PT) stands for every concrete state
 * at position p (a call stack of (function, block, instruction) frames)
 * whose values and memory satisfy it (seed 002 Def. 1 and 2):
 *   LV  maps each live IR value of each frame to a symbolic variable (an smt
 *       Int variable), injectively. An integer value of width n is held in
 *       ONE representation, chosen per IR value by the U_P / S_P heuristic
 *       (seed 000 Sect. 2): unsigned in [0, 2^n) or signed in
 *       [-2^(n-1), 2^(n-1)); pointers are unsigned addresses in [0, 2^p).
 *   KB  a conjunction of linear atoms over symbolic variables.
 *   AL  allocations [lo, hi]: every byte from lo to hi is allocated; kept
 *       apart by kind (stack object of a frame, heap object, global).
 *   PT  points-to atoms addr ->(n bytes, u/s) val: the n bytes from addr,
 *       read little-endian in representation u/s, are val.
 * The first-order view <a> (seed 002 Def. 2) is KB, lo <= hi per
 * allocation, disjointness of distinct allocations, and for two PT atoms
 * of the same size and representation, addr1 = addr2 -> val1 = val2 (the
 * memory is a function; this implies the seed's addr1 != addr2 whenever
 * val1 != val2, which is what its rule adds).
 *
 * Edges are evaluation edges (one instruction, or a call/return), refinement
 * edges (a case split of a state that does not decide a comparison, a
 * branch, an overflow case, ...: every concrete state satisfies one child)
 * and generalization edges a -> c with an instantiation mu (seed 002
 * Sect. 2.3: mu(LV_c(x)) = LV_a(x), <a> implies mu(KB_c), AL_c and PT_c map
 * into AL_a and PT_a). Leaves are program ends (return from main, exit,
 * abort, reach_error, an assume that fails) and ERR states (an invalid
 * access or free, signed overflow on nsw, division by zero, an over-wide
 * shift, `unreachable`), each ERR naming its cause and source line. A
 * signed overflow is an ERR leaf AND continues with the wrapped value (the
 * machine's behaviour), so a graph whose only ERR leaves are overflows
 * still proves memory safety and termination of all runs, wrapping ones
 * included.
 *
 * Soundness (Thm. 5 and 7 of seed 002): every step over-approximates: each
 * concrete successor of a concrete state represented by a is represented
 * by a child of a (or the run is an error and a child is ERR). Knowledge is
 * only ever dropped, never guessed; a solver answer "unknown" counts as
 * "not implied". Hence a complete graph without ERR proves valid-deref,
 * valid-free, no-overflow and the absence of division by zero for every run
 * of main, and then the ITS of the graph terminating proves termination.
 *
 * Generalization (seed 002 Def. 3, Thm. 4): at loop headers (targets of back
 * edges of a frame's function), a state b reached by an evaluation edge is
 * compared with its nearest ancestor a at the same position. If a is a
 * generalization of b, b gets a generalization edge to a. Otherwise the
 * states are merged into c, a's subtree is dropped and a gets a
 * generalization edge to c (or, when a is itself a merge result reached by
 * a generalization edge from q, q's edge is redirected to c). The strategy
 * terminates (Thm. 4); limits on states and time turn a graph that grows
 * too large into an incomplete one (answer UNKNOWN), never a wrong one.
 *
 * Scope of this version: calls to defined functions push a frame, or,
 * for recursive ones, are modular (seg_build); an indirect call calls the
 * function whose address (a variable of the state, for each function whose
 * address is taken) the pointer equals, after a case split over the
 * candidates of the call's type when <a> implies it is one of them (else
 * the graph is incomplete); calls of unknown external functions make the
 * graph incomplete (reason given).
 * Builtins: __VERIFIER_nondet_* (fresh value in the type's range),
 * __VERIFIER_assume, reach_error / abort / exit (program end), malloc,
 * calloc, free, alloca; memset, memcpy, memmove check their ranges and
 * forget the PT atoms they may overwrite; other library functions make the
 * graph incomplete. malloc and calloc may return NULL (both cases are
 * explored: sound whether or not the allocator can fail), unless
 * seg_options.malloc_never_fails.
 *
 * Contract: seg_build() never aborts on a program it does not support; it
 * returns a graph with complete == false and a reason. Everything it
 * allocates is freed by seg_graph_free(). The smt_ctx passed in must outlive
 * the graph and the ITS made from it.
 *
 * Files: state.c (states, <a>, entailment, projection of dead variables,
 * printing), repr.c (U_P / S_P), rules.c (one step of symbolic execution),
 * graph.c (construction, generalization, merging), to_its.c (Def. 6),
 * dot.c (Graphviz).
 */
#ifndef BITPROVE_SEG_SEG_H
#define BITPROVE_SEG_SEG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../ir/ir.h"
#include "../its/its.h"
#include "../smt/smt.h"
#include "../util/util.h"

/* The size from which a program counts as large (seg_options.modular_min_insts),
 * measured: see docs/engines.md, "Modular analysis of large programs", for the SV-COMP folders' sizes. */
enum { SEG_LARGE_PROGRAM_INSTS = 400 };

typedef struct {
  /* its deadline ends the construction (an incomplete graph); its query
   * limit bounds each solver query (default: no deadline, 2000 ms) */
  budget budget;
  uint32_t max_states;     /* the graph is incomplete beyond this many states (default 20000) */
  /* Calls of every function with branching are modular, not only of the
   * recursive ones (seed 004 Sect. 5.1: AProVE analyses all functions but
   * straight-line ones modularly); for large programs. Default false. */
  bool modular_all;
  /* Large programs (seed 004 Sect. 5.1): when main and the functions it
   * may call have at least this many IR instructions together, calls are
   * modular as with modular_all. 0: never by size. Default
   * SEG_LARGE_PROGRAM_INSTS. */
  uint32_t modular_min_insts;
  /* Merging at join points (seed 004 Sect. 5.1, "Adapting the Strategy for
   * Merging"): once this many states of one analysis on different paths
   * (none a tree ancestor of another) stand at the first instruction of a
   * block with several predecessors, a further one there is generalized by
   * one of them or merged with the newest, so that a sequence of branches
   * gives states linear in its length, not exponential. It loses the
   * disjunctions of paths that some proofs need (a lock taken and later
   * released under the same condition): the driver then builds the graph
   * again with 0. 0: never (every path is explored on its own, as seed
   * 002 does). Default 4. */
  uint32_t join_states;
  /* Mathematical integers (seed 002's rules as written; the Termination
   * Competition's C reading): an integer value of more than one bit is an
   * unbounded integer; add, sub and mul are exact (no overflow, no wrap, no
   * ERR_OVERFLOW leaf); casts keep the value; a constant whose sign bit is
   * set is read signed or unsigned only where the instruction says which
   * (add / sub / mul: signed unless nuw only, since C's x - c is x + (-c)
   * in the IR; signed or unsigned comparisons, sext / zext, division) and
   * is any value elsewhere; operators without an exact integer rule
   * (bitwise, variable shifts, ...) give any value. Pointers and memory stay
   * byte-precise. Default false (bit-precise). */
  bool math_ints;
  /* malloc and calloc of at least one byte always succeed (termCOMP's
   * rule); default false: a NULL result is explored too. */
  bool malloc_never_fails;
  /* A call of a function without a body (and no builtin) terminates,
   * returns an arbitrary value and writes nothing (termCOMP's rule); default
   * false: such a call makes the graph incomplete. */
  bool undefined_calls_arbitrary;
} seg_options;

void seg_options_default(seg_options *o);

/* Why a state is a leaf. */
typedef enum {
  SEG_LEAF_NONE = 0,  /* an inner state, or one not yet expanded */
  SEG_LEAF_END,       /* the program ended: return from main, exit, abort, reach_error */
  SEG_LEAF_PRUNED,    /* __VERIFIER_assume(false), or an infeasible refinement */
  SEG_LEAF_ERR_DEREF, /* load/store/memset/... outside every allocation */
  SEG_LEAF_ERR_FREE,  /* free of something that is not the start of a live heap object */
  SEG_LEAF_ERR_OVERFLOW, /* nsw/nuw overflow, INT_MIN / -1 */
  SEG_LEAF_ERR_UB,    /* division by zero, shift amount >= width, unreachable */
  SEG_LEAF_STUCK      /* an unsupported instruction or call: the graph is incomplete */
} seg_leaf_kind;

typedef struct seg_graph seg_graph;

typedef struct {
  bool complete;          /* every state expanded; no STUCK leaf; no limit hit */
  const char *reason;     /* when !complete: why (owned by the graph) */
  bool err_memory;        /* an ERR_DEREF or ERR_FREE leaf exists */
  bool err_overflow;      /* an ERR_OVERFLOW leaf exists (its run continues wrapped) */
  bool err_ub;            /* an ERR_UB leaf exists */
  bool err_possible;      /* an ERR_DEREF, ERR_FREE or ERR_UB leaf that is not definite: some state it
                             represents may have no error, and its run is not continued in the graph.
                             (A definite one, a null-pointer dereference, ends every run it represents:
                             undefined behaviour, a crash on real machines.) */
  const char *first_err;  /* "invalid load at f.c:12 ..." for the first ERR leaf (a memory or UB one
                             if any, else an overflow), or NULL */
  bool heap_empty_at_end; /* every END leaf has no heap allocation left */
  bool heap_forgotten;    /* a merge or generalization left out a heap object: still allocated, but
                             the states after it (and their END leaves) no longer know it, so
                             heap_empty_at_end proves nothing about memory tracking */
  bool uses_heap;         /* some state has a heap allocation */
  bool error_call;        /* an END leaf calls reach_error / __VERIFIER_error (unreach-call) */
  uint32_t states, edges, generalizations, merges, refinements;
  /* modular graphs (seed 004): entry states of called functions' analyses (live ones),
   * call states, return states (not generalized by another), intersections */
  uint32_t entry_states, call_states, return_states, intersections;
  /* merging at join points (seg_options.join_states): states generalized
   * by a state on another path, and merges made there (also in merges) */
  uint32_t join_generalized, join_merges;
  /* a unique entry state per function (seed 004 Sect. 5.1): entries
   * replaced by a more general merged one, and calls whose abstraction an
   * existing entry generalized (the callee's analysis re-used) */
  uint32_t entry_merges, entry_reuses;
  /* frames of merged states whose sets of defined values differed: the
   * merge keeps the values both define (Sect. 5.1, "merging abstract
   * states with different program variables") */
  uint32_t domain_merges;
  /* list segments (lists.c): made by merges at loop heads, and unfoldings of a first object */
  uint32_t lists_folded, lists_unfolded;
  uint64_t queries;       /* entailment queries asked while building */
  /* the queries (entailment and feasibility) by the asking state's
   * allocation count, in four buckets: at most 16, 64, 256
   * allocations, more; their number and time (seconds) */
  uint64_t bucket_queries[4];
  double bucket_seconds[4];
  double seconds;
} seg_summary;

/* Builds the graph of m from main's entry (globals allocated and holding
 * their initial values). Calls of recursive functions (ir_recursive_funcs)
 * are modular (seed 004 Sect. 3): a call state gets a call abstraction, a
 * generalization edge to an entry state of the callee whose analysis is
 * shared by every call it generalizes, and intersection edges to the
 * combination with each return state of that analysis; a graph is
 * complete when every call state has both (Def. 9), and then the soundness
 * above holds for it (Thm. 3.1) and its ITS (Thm. 4.1). Other calls push a
 * frame and run inline. Never NULL. */
seg_graph *seg_build(const ir_module *m, smt_ctx *ctx, const seg_options *o);
void seg_graph_free(seg_graph *g);
const seg_summary *seg_graph_summary(const seg_graph *g);

/* The ITS of the graph (seed 002 Def. 6), meaningful only for a complete
 * graph without ERR leaves. Locations are the graph's states ("s<id>"),
 * the start is the root; variables are slots x0..x(k-1) that each state
 * fills with its symbolic variables in a fixed order (so k is the largest
 * number of variables of one state, not the number of all variables).
 * NULL with a message when the graph is not complete, or when b's
 * deadline passes while the transitions are built ("timeout"; a graph of
 * 6,000 states once took 10 s here, past the graph's share). */
its *seg_to_its(const seg_graph *g, budget b, char *err, size_t errlen);

/* Loop-head facts of a complete graph, for correctness witnesses. For each
 * loop header of main (in block order) whose states in the graph are at
 * most max_disjuncts: the disjunction, over the states of main's single
 * frame at the header's first non-phi instruction that have no outgoing
 * generalization edge, of the KB atoms that mention only LV entries of
 * main's instruction results that have a C variable (ir_inst.var), integers
 * wider than 1 bit. Every concrete state at that position is represented by
 * one of those states (a generalization's target represents its source),
 * and dropping atoms only weakens: the fact holds whenever a run reaches the
 * header. Variables of the fact are slot variables: seg_fact_slot tells the
 * instruction and the representation (signed: the value read as a signed
 * integer of its width; else unsigned) of each. The terms live in the
 * graph's smt_ctx. Headers whose fact is `true` are left out; nothing for an
 * incomplete graph. */
typedef struct {
  uint32_t block; /* loop header of main */
  smt_term fact;  /* Bool: linear Int atoms over slot variables */
} seg_fact;
typedef VEC(seg_fact) seg_fact_vec;
void seg_loop_facts(const seg_graph *g, uint32_t max_disjuncts, seg_fact_vec *out);
bool seg_fact_slot(const seg_graph *g, smt_term var, uint32_t *inst, bool *is_signed);

/* Writes the graph in Graphviz dot: one node per state, labelled with its
 * position and compact LV / KB / AL / PT, edges styled by kind (refinement
 * dotted, generalization dashed with mu). */
void seg_dump_dot(const seg_graph *g, FILE *out);

/* The function summaries of a modular graph (seed 004 Sect. 3.4), one line
 * per function called through call abstractions: "f: E entry state(s), C
 * call state(s), R return state(s)" (return states not generalized by
 * another). Nothing for a graph without them. */
void seg_print_summaries(const seg_graph *g, strbuf *out);

/* The list invariants of the graph (internal.h, seg_list): one line per
 * live state made by a merge that holds list segments, "at f:block
 * (file:line): list(h .. e, length n), ..." with program names for the
 * values the frame holds and NULL for an end KB fixes to 0. Nothing for a
 * graph without lists. */
void seg_print_lists(const seg_graph *g, strbuf *out);

/* One line per counter: states, edges by kind, queries, queries per state,
 * modular counts and summaries, time. */
void seg_print_stats(const seg_graph *g, FILE *out);

#endif
