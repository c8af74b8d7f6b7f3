/* seg internals: abstract states, the engine context, and the interfaces
 * between state.c, repr.c, rules.c, graph.c, to_its.c and dot.c. See seg.h
 * for what states and graphs mean.
 *
 * Symbolic variables are smt Int variables named "v<N>" made by
 * seg_fresh(); every symbolic variable is born with its range (seg_fresh
 * adds lo <= v <= hi to the state's KB). A "term" below is a linear smt Int
 * term over symbolic variables (built with smt_mk_int_*).
 *
 * Ownership: a state owns its arrays (seg_state_free); states are copied
 * with seg_state_copy before a rule changes them, so a rule never modifies
 * its input state.
 */
#ifndef BITPROVE_SEG_INTERNAL_H
#define BITPROVE_SEG_INTERNAL_H

#include <gmp.h>

#include "../ir/cfg.h"
#include "../ir/repr.h"
#include "../smt/query.h"
#include "../smt/build.h"
#include "seg.h"

/* ---- per-function information (repr.c) ------------------------------------ */
/* Per function: the representation of every value slot (seed 000 Sect. 2,
 * U_P / S_P, by ir/repr.h), loop headers and liveness (ir/cfg.h). Slots:
 * parameter i is slot i, instruction j is slot nparams + j. i1 values and
 * pointers are unsigned. */
typedef struct {
  bool has_info;     /* computed (functions with a body) */
  uint32_t nslots;
  bool *is_signed;
  bool *loop_header; /* per block: target of a back edge of a DFS from the entry */
  bool *join_block;  /* per block: two or more predecessor blocks, and no loop header (graph.c merges
                        the states of different paths there, seed 004 Sect. 5.1) */
  bool all_live;     /* too large for the table: every slot counts as live everywhere */
  ir_live live;      /* unless all_live: ir_live_in(&live, b) = the slots live at b's first non-phi */
} seg_func_info;

void seg_func_info_init(seg_func_info *fi, const ir_func *f);
void seg_func_info_free(seg_func_info *fi);
static inline uint32_t seg_slot_of_arg(uint32_t i) { return i; }
static inline uint32_t seg_slot_of_inst(const ir_func *f, uint32_t j) { return f->nparams + j; }

/* ---- abstract states ---------------------------------------------------- */
typedef struct {
  uint32_t func;
  uint32_t block;
  uint32_t inst;      /* index into f->insts of the next instruction to execute */
  uint32_t call_inst; /* in the CALLER's function: the call this frame returns to (IR_NONE for main) */
  uint32_t nslots;    /* nparams + ninsts of the function */
  smt_term *lv;       /* nslots entries; SMT_NULL where not defined or dead */
} seg_frame;

typedef enum { SEG_AL_STACK, SEG_AL_HEAP, SEG_AL_GLOBAL } seg_al_kind;

typedef struct {
  smt_term lo, hi;  /* symbolic variables: bytes lo..hi are allocated */
  uint8_t kind;     /* seg_al_kind */
  bool dynamic;     /* SEG_AL_STACK from an alloca outside the entry block or of
                       variable size (a VLA): llvm.stackrestore may end it */
  uint32_t depth;   /* SEG_AL_STACK: index of the owning frame */
  bool caller_owned; /* SEG_AL_HEAP made by the main that --function generates (ir_module.
                        entry_function) for the arguments: it keeps every such object in a
                        global of its own to the end, so none is ever lost (memtrack) */
} seg_alloc;

typedef struct {
  smt_term addr, val; /* symbolic variables */
  uint32_t bytes;     /* 1..8 */
  bool is_signed;     /* representation of val */
} seg_pt;

/* A list segment (after J. Hensel, J. Giesl, "Proving Termination of C
 * Programs with Lists", CADE 2023, Sect. 3; bitprove's own form): there are
 * len >= 0 pairwise distinct heap objects o_1 .. o_len of `size` bytes each,
 * o_1 = head, the pointer at o_i + next_off is o_(i+1) and the one at
 * o_len + next_off is end; len = 0 means head = end. The objects are
 * allocated, none is an allocation of AL or an object of another list of
 * the state, and nothing else of the state describes their bytes but PT
 * atoms (which stay true facts: memory changes only through AL). So an
 * access needs the object in AL first: rules.c unfolds the first object
 * (len = 0, or an allocation [head, head + size - 1] whose next pointer
 * is a fresh n, and the rest n .. end of length len - 1); graph.c folds
 * chains of allocations into lists when it merges states at a loop head
 * and finds them again when it checks a generalization. head, end and len
 * are Int variables; len is a variable of the graph's ITS, so a walk's
 * ranking function is the length still ahead. The other fields of the
 * objects are unknown (the paper's field invariants are not built). */
typedef struct {
  smt_term head, end, len;
  uint32_t size, next_off;
} seg_list;

typedef struct seg_state {
  uint32_t nframes;
  seg_frame *frames;   /* frames[nframes-1] is the current one */
  smt_term_vec kb;     /* atoms (Bool terms), a conjunction */
  VEC(seg_alloc) al;
  VEC(seg_pt) pt;
  VEC(seg_list) ls;    /* list segments (never in an abstracted state: modular analyses keep none) */
  uint32_t nglobals;
  smt_term *globals;   /* per global of the module: its base address (a symbolic variable); then
                          per function (index globals.len + id): its address, SMT_NULL when it is
                          not taken (ir_address_taken_funcs) */
  smt_term fo_cache;   /* <a>, SMT_NULL until computed (any change resets it) */
  /* The KB atoms that seg_project removed from this state since it was
   * made by seg_state_copy (a conjunction; SMT_NULL: none). They relate the
   * parent's variables to this state's new ones (w = i + 1 where i died),
   * so the ITS transition into this state keeps them (to_its.c): without
   * them Def. 6 would lose what a step computed. */
  smt_term link;
  /* Modular graphs (seed 004 Sect. 3): `abstracted` marks a state of a
   * function's own analysis, whose bottom frame is a callee whose callers
   * were abstracted away (a call abstraction and every state below it);
   * such a state at a `ret` of its single frame is a return state. ghost[j]
   * holds, in every state of the analysis that starts at an entry state E,
   * the value E's j-th variable (E's ghost[j] is that variable itself) had
   * when the run entered E: the seed's variable identities VI (v ~> w),
   * kept by position. Generalization maps ghost slots position by position
   * (the seed's condition (f)), so every path from E keeps the meaning, and
   * projection keeps ghost variables alive like LV entries. Outside modular
   * analyses (main's) nghost is 0. */
  bool abstracted;
  uint32_t nghost;
  smt_term *ghost;
} seg_state;

/* ---- engine context, shared by all files ---------------------------------- */
typedef struct seg_engine {
  const ir_module *m;
  smt_ctx *ctx;
  seg_options opt;
  seg_func_info *finfo; /* per function of m (NULL info for functions without body) */
  uint32_t next_var;    /* for seg_fresh */
  uint64_t queries;
  uint32_t domain_merges;      /* frames merged whose LV domains differed (seg_summary) */
  uint32_t lists_folded, lists_unfolded; /* list segments made by merges, unfoldings (seg_summary) */
  bool heap_forgotten;  /* a merge or generalization left out a heap object (seg_summary) */
  uint64_t bucket_queries[4]; /* by allocation count (seg_summary) */
  double bucket_seconds[4];
  budget budget;        /* the construction's deadline and each query's limit */
  bool *modular;        /* per function: calls of it get a call abstraction (seed 004 Def. 5) instead of a
                           pushed frame that runs inline; the recursive functions (ir_recursive_funcs) */
  bool *recursive;      /* per function: on a cycle of the direct call graph (ir_recursive_funcs) */
} seg_engine;

/* A fresh symbolic variable "v<N>" with lo <= v <= hi added to s->kb. */
smt_term seg_fresh(seg_engine *e, seg_state *s, mpz_srcptr lo, mpz_srcptr hi);
/* A fresh variable for an n-bit value in the given representation, or a
 * pointer (ptr: [0, 2^ptr_bits)); with math_ints an integer of more than
 * one bit is unbounded (no range atom). */
smt_term seg_fresh_int(seg_engine *e, seg_state *s, unsigned bits, bool is_signed);
smt_term seg_fresh_ptr(seg_engine *e, seg_state *s);
/* A fresh variable with 0 <= v added to s->kb (a list's length). */
smt_term seg_fresh_nat(seg_engine *e, seg_state *s);
/* The Int constant sign * 2^k + add. */
smt_term seg_pow2(seg_engine *e, unsigned k, int sign, int64_t add);
/* Range bounds of an n-bit representation, as smt Int constants. */
smt_term seg_range_lo(seg_engine *e, unsigned bits, bool is_signed);
smt_term seg_range_hi(seg_engine *e, unsigned bits, bool is_signed);

seg_state *seg_state_new(uint32_t nglobals);
seg_state *seg_state_copy(const seg_state *s);
void seg_state_free(seg_state *s);
/* Adds an atom to KB (simplified; "true" is skipped). Resets the <a> cache. */
void seg_kb_add(seg_engine *e, seg_state *s, smt_term atom);
seg_frame *seg_top(seg_state *s);
/* Pushes a frame for function f (lv all SMT_NULL). */
seg_frame *seg_push_frame(seg_state *s, const ir_module *m, uint32_t func, uint32_t call_inst);
void seg_pop_frame(seg_state *s);

/* <a> of seed 002 Def. 2 (see seg.h), cached in the state. */
smt_term seg_fo(seg_engine *e, seg_state *s);
/* Does <a> imply phi? SMT_YES / SMT_NO (a model exists) / SMT_DONT_KNOW.
 * Counted in e->queries. A state with more than SEG_CONE_ALLOCS
 * allocations or PT atoms is asked through the part of <a> connected to phi's
 * variables (state.c, fo_cone): SMT_YES still means <a> implies phi; SMT_NO
 * then only means "not shown". */
enum { SEG_CONE_ALLOCS = 16 };
smt_answer seg_entails(seg_engine *e, seg_state *s, smt_term phi);
/* Is <a> satisfiable? false only when certainly unsatisfiable (a state
 * with more than SEG_CONE_ALLOCS allocations is asked for KB alone). */
bool seg_feasible(seg_engine *e, seg_state *s);
/* The same for a state whose KB was satisfiable before `seed` (a
 * conjunction of its atoms) was added: in a large state only the KB atoms
 * connected to seed's variables are asked (the others share no variable
 * with them, so the answer is the same when the rest is satisfiable, and
 * a part that is unsatisfiable makes all of it so). */
bool seg_feasible_near(seg_engine *e, seg_state *s, smt_term seed);

/* LV is injective (seg.h): no symbolic variable is the entry of two slots,
 * in one frame or in two. For assertions: seg_fo and seg_project check it. */
bool seg_lv_injective(const seg_state *s);

/* The structural invariants of an abstract state that this header and
 * seg.h promise, checked in one pass (the SEG's counterpart of
 * its_check_valid): at least one frame; each frame at an instruction (not
 * a phi) inside a block of a defined function, LV with the function's slot
 * count whose entries are Int variables only for slots of a value type
 * (INT, or PTR of the module's width; signed only for INT wider than 1),
 * the bottom frame returning nowhere and every other frame returning to a
 * direct call of its function at which the caller stands; LV injective;
 * one base address per global; ghosts (Int variables) only in abstracted
 * states; allocations with variable bounds, a known kind, stack objects of
 * an existing frame, `dynamic` only on the stack; PT atoms over variables
 * with 1..8 bytes; KB atoms Bool, not `true`, not conjunctions, each once;
 * link and the <a> cache Bool or SMT_NULL. False (with the broken
 * invariant on stderr) otherwise. Checked in assertions
 * on every successor a rule makes and on merged, abstracted, entry and
 * intersected states. */
bool seg_state_check(const seg_engine *e, const seg_state *s);

/* Every symbolic variable of the state (LV of all frames, ghosts, AL, PT,
 * globals, and KB), each once, in a deterministic order: LV frame by frame
 * and slot by slot, ghosts, globals, AL, PT, then KB's other variables. */
void seg_state_vars(seg_engine *e, const seg_state *s, smt_term_vec *out);

/* Projection of dead variables. First, in the CURRENT frame, when it is at
 * the first non-phi instruction of its block, LV entries of slots that are
 * not live there (ir_live_in of e->finfo[func].live) are dropped (the frames of
 * callers are kept whole). Then variables of KB that occur neither in LV,
 * AL, PT nor globals are eliminated: one defined by an equality atom with
 * coefficient +-1 is substituted into the other atoms, otherwise the atoms
 * that mention it are dropped (sound: only knowledge is lost). Ghost
 * variables count as live. The atoms
 * removed or rewritten are conjoined to s->link. rules.c calls it whenever
 * a frame enters a block (after the phis) and after a return. */
void seg_project(seg_engine *e, seg_state *s);
/* For an equality atom linear in d with coefficient +-1: the term d equals
 * under the atom (without d); SMT_NULL otherwise. */
smt_term seg_definition_of(seg_engine *e, smt_term atom, smt_term d);
/* The constant c of an atom (= x c) of s's KB (x a variable), or SMT_NULL. */
smt_term seg_kb_constant(seg_engine *e, const seg_state *s, smt_term x);

/* Same program position (every frame's function, block, inst, call_inst). */
bool seg_same_position(const seg_state *a, const seg_state *b);

/* Compact one-line-per-component text (for dot labels and debugging). */
void seg_state_print(seg_engine *e, const seg_state *s, strbuf *out, const char *sep);

/* ---- allocation layout (layout.c) ------------------------------------------------ */
/* Constant offsets between variables, read off KB's equality atoms
 * x - y = k (a weighted union-find), and the allocations whose both bounds
 * are in one class (known extent). A view of one state, built when a rule
 * first needs it; atoms added to KB later are not in it (knowledge only
 * grows within a rule, so its answers stay true). Every answer follows from
 * <a>, so it is one the solver would give, without asking it. */
typedef struct {
  smt_term root; /* SMT_NULL: size unknown */
  int64_t lo, hi; /* the allocation is bytes root+lo .. root+hi */
} seg_layout_extent;
typedef struct {
  bool built;
  u64_map index;           /* variable -> node */
  u32_vec parent;          /* union-find over nodes */
  VEC(int64_t) offset;     /* value(node) - value(parent) */
  smt_term_vec var;        /* node -> variable */
  VEC(seg_layout_extent) extent; /* per allocation of the state, in AL order */
} seg_layout;
typedef enum {
  SEG_LAYOUT_UNKNOWN,    /* not decided by offsets */
  SEG_LAYOUT_DISJOINT,   /* no byte in common */
  SEG_LAYOUT_SAME_START, /* the same first byte */
  SEG_LAYOUT_OVERLAP     /* a byte in common, different first bytes */
} seg_layout_rel;
void seg_layout_build(seg_engine *e, const seg_state *s, seg_layout *l);
void seg_layout_free(seg_layout *l);
/* t (a variable, or a constant plus a variable) as root + *off; false
 * for other terms. */
bool seg_layout_offset(seg_engine *e, seg_layout *l, smt_term t, smt_term *root, int64_t *off);
/* The index in AL of the allocation that holds bytes a .. a+n-1 (n an Int
 * constant) by known offsets, or -1. */
long seg_layout_holder(seg_engine *e, seg_layout *l, smt_term a, smt_term n);
/* How bytes a1 .. a1+n1-1 and a2 .. a2+n2-1 relate (n1, n2 Int constants):
 * by offsets in one class, or as ranges held by two different allocations
 * (disjoint by <a>). */
seg_layout_rel seg_layout_relate(seg_engine *e, seg_layout *l, smt_term a1, smt_term n1, smt_term a2, smt_term n2);

/* ---- list segments (lists.c) ---------------------------------------------------- */
/* A piece a list may be folded from: a list of the state, or a heap
 * allocation of known size whose next pointer (one pointer-sized PT atom
 * at a known offset inside it) is known. len is a term over the state's
 * variables (1 for an allocation). */
typedef struct {
  smt_term head, end, len;
  uint32_t size, next_off;
  long alloc, list; /* the allocation's index in AL, or the list's index in ls; the other is -1 */
  bool used;
} seg_piece;
typedef VEC(seg_piece) seg_piece_vec;

/* The pieces of s: its lists, and its heap allocations (not the caller's
 * objects of --function, not those with skip_alloc[i] set; skip_alloc may
 * be NULL) of known extent with exactly one candidate next pointer (a
 * pointer-sized PT atom at a known offset inside; with several, the one
 * at the offset of a list of the same size, if exactly one is). */
void seg_list_pieces(seg_engine *e, const seg_state *s, seg_layout *lay, const bool *skip_alloc, seg_piece_vec *out);
/* A chain of unused pieces from h: the piece whose head is h (by known
 * offsets), then the one whose head is its end, and so on while the end
 * is not `stop` (SMT_NULL: none; h itself may be it: an empty chain) and,
 * after the first piece, is_anchor(arg, end) is false (is_anchor may be
 * NULL), all of one size and next offset. The pieces
 * are marked used and their indices appended to `chain`; *end gets the
 * last end (h when the chain is empty) and *len the sum of the lengths
 * (0 when empty). */
void seg_list_chain(seg_engine *e, seg_layout *lay, seg_piece_vec *pieces, smt_term h, smt_term stop,
                    bool (*is_anchor)(void *arg, smt_term v), void *arg, u32_vec *chain, smt_term *end,
                    smt_term *len);
/* Are x and y the same value by known offsets (or the same variable)? */
bool seg_layout_same(seg_engine *e, seg_layout *lay, smt_term x, smt_term y);
/* The list whose first object holds bytes ad .. ad + n - 1 by known
 * offsets, or -1. */
long seg_list_holding(seg_engine *e, const seg_state *s, seg_layout *lay, smt_term ad, uint64_t n);
/* The two cases of list i (rules.c's unfolding, a refinement): the copy
 * of s where it is empty (len = 0 and head = end in KB, the list gone),
 * and the copy where its first object is an allocation of AL with a PT
 * atom for its next pointer n and the rest n .. end of length len - 1. */
seg_state *seg_list_empty_case(seg_engine *e, const seg_state *s, size_t i);
seg_state *seg_list_unfolded_case(seg_engine *e, const seg_state *s, size_t i);

/* ---- one step of symbolic execution (rules.c) ------------------------------ */
/* CALLABS: a call state to its call abstraction (seed 004 Def. 5);
 * INTERSECT: a call state to the intersection with a return state of the
 * callee's analysis (Def. 8). Both are evaluation-like: a variable in both
 * states has the same value (seed 004 Sect. 4). */
typedef enum { SEG_EDGE_EVAL, SEG_EDGE_REFINE, SEG_EDGE_GEN, SEG_EDGE_CALLABS, SEG_EDGE_INTERSECT } seg_edge_kind;

typedef struct {
  seg_edge_kind kind;   /* EVAL or REFINE */
  seg_state *state;     /* the successor (owned by the receiver), NULL for a leaf */
  seg_leaf_kind leaf;   /* when state == NULL */
  char *what;           /* leaf description (malloc'ed), e.g. "invalid load of 4 bytes at f.c:12" */
  bool heap_left;       /* END leaf: the ending state still had a heap allocation */
  bool error_call;      /* END leaf: reach_error / __VERIFIER_error was called */
  bool definite;        /* ERR leaf: every represented state has the error (a null dereference) */
} seg_succ;

typedef VEC(seg_succ) seg_succ_vec;

/* Appends the successors of s to out: one EVAL successor (the instruction
 * executed; phis of a branch target are executed together with the branch),
 * or REFINE successors (a case split; the children are at the same
 * position, each with the case's atom in KB), or leaves. s is not
 * modified. Every concrete successor of every concrete state of s is
 * represented by some successor (seg.h, soundness). */
void seg_step(seg_engine *e, seg_state *s, seg_succ_vec *out);

/* The initial state: main's frame at its entry, globals allocated with
 * their initial values in PT (scalar globals of 1..8 bytes; larger globals
 * get PT atoms for their 1..8-byte aligned pieces only where the program
 * cannot tell otherwise: none in this version), argc/argv of main as fresh
 * values. NULL with *why when main is missing. */
seg_state *seg_initial_state(seg_engine *e, const char **why);

/* ---- modular graphs (modular.c, seed 004 Sect. 3) ------------------------- */

/* The call abstraction of a call state (>= 2 frames): its top frame alone,
 * the stack objects of the removed frames moved into it (depth 0), no
 * ghosts, abstracted; then projected (what only the callers knew goes). */
seg_state *seg_call_abstraction(seg_engine *e, const seg_state *call);
/* Makes s an entry state: ghost := its variables (seg_state_vars order),
 * the globals' addresses left out. */
void seg_make_entry(seg_engine *e, seg_state *s);
/* The intersection (Def. 8) of a call state with a return state of the
 * analysis from `entry`, where mu (nmu pairs) is the instantiation of the
 * generalization from the call's abstraction to entry. NULL when <result>
 * is unsatisfiable. Asks at most one query per PT atom of the call state
 * when the generalization removed allocations, and one for feasibility. */
seg_state *seg_intersect(seg_engine *e, seg_state *call, seg_state *ret, const seg_state *entry, uint32_t nmu,
                         const smt_term *mu_var, const smt_term *mu_val);

/* ---- graph (graph.c) -------------------------------------------------------- */
typedef struct {
  uint32_t from, to;
  seg_edge_kind kind;
  uint32_t nmu;      /* GEN: mu as pairs (variable of `to`, term over `from`'s variables) */
  smt_term *mu_var, *mu_val;
} seg_edge;

typedef struct {
  seg_state *state;   /* NULL for leaves */
  seg_leaf_kind leaf;
  char *what;         /* leaf description or NULL */
  uint32_t parent;    /* tree parent (IR_NONE for the root) */
  seg_edge_kind in;   /* kind of the edge from the parent (EVAL for the root) */
  bool heap_left;     /* END leaves: see seg_succ */
  bool error_call;    /* END leaves: see seg_succ */
  bool definite;      /* ERR leaves: see seg_succ */
  bool removed;       /* dropped by a merge: not part of the graph */
  bool expanded;
  uint32_t entry;     /* index into seg_graph.entries of the analysis the node belongs to */
  bool is_call;       /* a call state of a modular function (its children: CALLABS, INTERSECT) */
  bool is_return;     /* a return state (seg_state.abstracted, one frame, at ret) */
  uint32_t gen_to;    /* return states: the merged return state generalizing it, IR_NONE if none */
  uint32_t call_node, ret_node; /* INTERSECT children: the call and the return state they combine */
  uint32_t join_to;   /* a state generalized at a join point (graph.c, try_join): its GEN edge's target on
                         another path, IR_NONE if none. Such a target is no tree ancestor, so a merge may
                         drop it; the state is then expanded anew (drop_orphans). */
} seg_node;

/* A call state registered at an entry state: mu is the instantiation of
 * the generalization from its call abstraction to the entry (variables of
 * the entry -> terms over the call abstraction's = the call state's
 * variables; unmapped variables map to themselves). */
typedef struct {
  uint32_t call;
  uint32_t abs; /* the call's call abstraction (its CALLABS child) */
  uint32_t nmu;
  smt_term *mu_var, *mu_val;
} seg_call_reg;

/* One analysis: main's (the root) or a function's from one entry state,
 * which is a root of the node forest (parent IR_NONE), so that the tree
 * walks of generalization stay inside one analysis. */
typedef struct {
  uint32_t node, func;
  bool retired; /* replaced by a more general entry of func (graph.c, retire_entry): its analysis is gone */
  VEC(seg_call_reg) calls;
  u32_vec rets;   /* return states reached from the entry */
} seg_entry;

struct seg_graph {
  seg_engine e;
  VEC(seg_node) nodes;
  VEC(seg_edge) edges;
  VEC(seg_entry) entries; /* entries[0]: main's analysis */
  uint32_t root;
  seg_summary sum;
  char *reason;
  char *first_err;
};

/* Has return state r a live, more general return state? Then its
 * intersections are that state's (seed 004 Def. 9 (3) asks only for the
 * others'). */
static inline bool seg_ret_generalized(const seg_graph *g, uint32_t r) {
  uint32_t t = g->nodes.data[r].gen_to;
  return t != IR_NONE && !g->nodes.data[t].removed;
}

#endif
