/* internal: the data shared by the files of src/direct.
 *
 *   program.c    expanded control-flow graph (instances of functions per
 *                call site, nodes = block segments, edges), tracked
 *                globals, representation (U/S) per value, slicing,
 *                liveness
 *   encode.c     symbolic execution of one path segment on a set of
 *                states: the bitvector encoding of every instruction
 *   translate.c  cut points, path enumeration, dead-end removal, the ITS,
 *                direct_translate()
 *
 * Values. Value v of function f is instruction v (v < ninsts) or parameter
 * v - ninsts. A value of an instance has the global id inst.base + v; the
 * value of tracked global g has the global id ngvals_fixed + g (see
 * dt_gval_global).
 */
#ifndef BITPROVE_DIRECT_INTERNAL_H
#define BITPROVE_DIRECT_INTERNAL_H

#include "../ir/cfg.h"
#include "../ir/repr.h"
#include "../util/map.h"
#include "direct.h"

#define DT_NONE UINT32_MAX

typedef __int128 dt_i128;
typedef struct {
  dt_i128 lo, hi;
} dt_ival;

enum { DT_REP_S = 0, DT_REP_U = 1, DT_REP_NONE = 2 };

typedef struct {
  uint32_t func;
  uint32_t parent; /* DT_NONE: main's root copy or a summary copy */
  uint32_t call_block, call_inst;
  uint32_t base; /* global id of value 0 */
  uint32_t depth;
  bool summary;
} dt_instance;

typedef enum {
  DT_E_BRANCH,  /* to a successor block; succ = index into the terminator's targets */
  DT_E_ENTER,   /* into an inlined callee's entry */
  DT_E_RETURN,  /* from an inlined callee's ret back after the call */
  DT_E_SUMMARY, /* abstracted call: into the shared copy's entry */
  DT_E_SKIP,    /* abstracted call: continue after it with a fresh result */
  DT_E_BUILTIN, /* indirect call of a builtin that returns: continue after it (result: a draw
                   for __VERIFIER_nondet_*, any value otherwise) */
  DT_E_END      /* the run ends (ret of main, error functions, exit, unreachable) */
} dt_edge_kind;

typedef struct {
  uint8_t kind;
  uint32_t to;   /* node; DT_NONE for END */
  uint32_t succ; /* BRANCH: index into targets; BUILTIN: the function called */
  uint32_t callee_instance;
} dt_edge;

typedef struct {
  uint32_t instance, block;
  uint32_t first, last; /* instructions first..last; last is the terminator or a call that ends the segment */
  uint32_t edge0, nedges;
  uint32_t npreds;
  bool cut;
  uint32_t loc; /* ITS location when cut */
} dt_node;

typedef struct {
  uint32_t nvals;       /* ninsts + nparams */
  uint8_t *rep;         /* nvals: DT_REP_S / DT_REP_U */
  uint8_t *math_rep;    /* nvals: DT_REP_S / DT_REP_U where every vote of the value's class
                           (ir_repr_unanimous) was for it, else DT_REP_NONE */
  bool *relevant;       /* nvals */
  bool ret_relevant;    /* some call's result is relevant */
  bool recursive;       /* on a cycle of the call graph */
  bool reachable;       /* from main */
  uint16_t *cell_bits;  /* ninsts: for an allocation whose pointer is only the address of whole loads
                           and stores (and free, and copies with the same uses), the cell's width; else 0 */
  uint32_t *cell_of;    /* ninsts: the allocation a pointer value is (itself or a copy of it), DT_NONE */
  ir_live live;         /* per block: live relevant values (bitsets over nvals, ir/cfg.h) */
} dt_func;

typedef struct {
  const ir_module *m;
  smt_ctx *ctx;
  budget budget;         /* from the caller: bounds the dead-end checks */
  direct_info *info;
  char *err;
  size_t errlen;
  bool failed;
  bool math; /* mathematical integers (direct.h, "Integer semantics") */

  dt_func *funcs;
  /* tracked globals: variables instead of memory */
  bool *gtracked, *grelevant;
  uint8_t *grep;
  uint16_t *gbits;
  bool untracked_memory; /* some load/store/memory builtin not on a tracked global */

  /* call targets (program.c, dt_call_targets): per call instruction, the
   * functions it may run; indirect calls through the shared lookup */
  bool *taken;           /* per function: its address is taken (ir_address_taken_funcs) */
  u32_vec targets;       /* [n, how, f_1 .. f_n] per call, at the offset targets_of holds */
  u64_map targets_of;    /* (func << 32 | inst) -> offset into targets */
  char foreign[200];     /* why a function pointer may come from outside the program ("" none) */

  VEC(dt_instance) insts;
  uint32_t nvals_total; /* global value ids of instances: [0, nvals_total) */
  uint32_t *summary_of_func;
  uint32_t inlined_insts;

  VEC(dt_node) nodes;
  VEC(dt_edge) edges;
  u64_map node_of; /* (instance << 32 | first) -> node */

  /* translation */
  its *its;
  uint32_t *var_of_gval; /* global value id (instances, then tracked globals) -> ITS variable (DT_NONE) */
  uint8_t *var_rep;   /* per ITS variable */
  uint16_t *var_bits; /* per ITS variable */
  uint32_t var_cap;   /* allocated entries of var_rep / var_bits */
  uint32_t temp_counter;
} dt_ctx;

static inline uint32_t dt_nvals(const ir_func *f) { return f->ninsts + f->nparams; }

/* The first argument operand of call instruction in: an indirect call's
 * ops[0] is the pointer (ir.h). */
static inline uint32_t dt_call_arg0(const ir_inst *in) { return in->callee == IR_NONE ? 1u : 0u; }

/* ---- program.c ---- */
/* The functions call instruction i of function fi may run, in increasing id
 * order: *first is the offset of the first in c->targets.data (indices stay
 * valid, pointers do not: the pool grows), the count is returned. A direct
 * call runs its callee (DT_TARGETS_DIRECT); an indirect call through a
 * function's address (a constant operand) that function when it fits the
 * call (CONST); through a pointer computed in registers only (phis,
 * selects, copies of function addresses and null) those addresses that fit
 * (LEAVES); otherwise one of ir_indirect_candidates (LOOKUP, ir/cfg.h: the
 * address-taken functions of the call's type). None when no function fits. */
enum { DT_TARGETS_DIRECT, DT_TARGETS_CONST, DT_TARGETS_LEAVES, DT_TARGETS_LOOKUP };
uint32_t dt_call_targets(dt_ctx *c, uint32_t fi, uint32_t i, uint32_t *first);
/* How the targets at *first of dt_call_targets were found (DT_TARGETS_*). */
uint32_t dt_call_targets_how(const dt_ctx *c, uint32_t first);
/* Is call instruction in (indirect) through a constant function address? */
static inline bool dt_call_through_const(const ir_inst *in) {
  return in->callee == IR_NONE && in->nops >= 1 && in->ops[0].kind == IR_VAL_FUNC;
}
/* The cell (allocation instruction) that pointer v of function fi
 * addresses, DT_NONE when v is not a tracked cell's pointer. */
uint32_t dt_cell_of(const dt_ctx *c, uint32_t fi, ir_value v);
/* Builds funcs[], tracked globals, reps, relevance, liveness, instances,
 * nodes and edges. False with c->err on refusal. */
bool dt_program_build(dt_ctx *c);
void dt_program_free(dt_ctx *c);
/* The live relevant values at node n (global ids, appended to *out). */
void dt_live_at_node(const dt_ctx *c, uint32_t n, u32_vec *out);
/* The representation and width of a global value id. */
uint8_t dt_gval_rep(const dt_ctx *c, uint32_t gval, unsigned *bits);
/* The unanimous representation of instance value gval (math_rep), or
 * DT_REP_NONE (also for globals). */
uint8_t dt_gval_math_rep(const dt_ctx *c, uint32_t gval);
/* Instance and function value of a global id. */
uint32_t dt_gval_instance(const dt_ctx *c, uint32_t gval);

/* ---- encode.c ---- */
typedef enum { DT_B_INT, DT_B_BOOL, DT_B_BOOLINT } dt_bind_kind;

typedef struct {
  uint32_t gval; /* global value id, or nvals_total + global for tracked globals */
  uint8_t kind;  /* dt_bind_kind: INT term, BOOL term (i1), BOOLINT: Bool t, value t ? 1 : 0 */
  smt_term t;
  dt_ival iv;
} dt_bind;

typedef struct {
  smt_term_vec conj;
  VEC(dt_bind) env;
  bool dead;
} dt_state;

typedef VEC(dt_state) dt_states;

void dt_state_free(dt_state *s);
void dt_states_clear(dt_states *ss);
dt_state dt_state_clone(const dt_state *s);
/* Executes the instructions of node n (its segment) on every state. */
void dt_exec_segment(dt_ctx *c, dt_states *ss, uint32_t node);
/* Applies edge e (from node `from`): branch conditions, phis, argument and
 * result bindings. */
void dt_exec_edge(dt_ctx *c, dt_states *ss, uint32_t from, const dt_edge *e);
/* Before emitting: the value of ITS variable var at the end of the path as
 * an Int term, per state (materializing Booleans may split states). */
void dt_materialize(dt_ctx *c, dt_states *ss, const uint32_t *vars, uint32_t nvars);
smt_term dt_var_value(dt_ctx *c, const dt_state *s, uint32_t var);
/* Drops dead and (by the cheap pre-check) infeasible states. */
void dt_states_prune(dt_ctx *c, dt_states *ss);
/* Range atoms lo <= x <= hi of ITS variable var. */
smt_term dt_var_range(dt_ctx *c, uint32_t var);
/* Helpers shared with translate.c */
smt_term dt_new_temp(dt_ctx *c); /* a fresh Int temporary "dt_t<N>" */
smt_term dt_mk_i128(smt_ctx *ctx, dt_i128 v);
dt_ival dt_rep_range(uint8_t rep, unsigned bits);

#endif
