/* cfg: control-flow analyses of one IR function, shared by the engines.
 *
 * The story of the data
 * ---------------------
 * The CFG is implicit in ir_func: the successors of block b are the targets
 * of b's terminator (a block whose last instruction is not a terminator has
 * none; ir_verify rejects such blocks, the analyses tolerate them). Targets
 * outside [0, nblocks) are ignored everywhere. Block 0 is the entry.
 *
 *  - ir_first_non_phi: where execution stands after entering a block (the
 *    phis of a block are executed together, on the incoming edge).
 *  - ir_cfg_graph: the CFG in the shared graph form (util/graph.h), one
 *    edge per CFG edge, so a condbr with both targets equal gives two.
 *  - ir_loop_headers: targets of back edges of an iterative DFS from block
 *    0 (successors visited in target order). Every cycle reachable from the
 *    entry contains one. Unreachable blocks are never headers.
 *  - ir_live: backward liveness of "values" over the CFG. What a value is
 *    (an instruction result, a parameter, a memory cell, ...) and which
 *    instruction reads and kills which value is given by the caller's
 *    callbacks, so each engine keeps its own notion (seg: every slot; direct:
 *    relevant integers and cells after slicing). Phi semantics: the phis of
 *    a block read their operands in parallel at the end of the incoming
 *    block and define their results on the edge. The result is the least
 *    fixpoint, so it does not depend on the iteration order.
 *
 * Value sets are bitsets of uint64_t words (ir_bits_*): value v is bit v&63
 * of word v>>6. A set over n values has ir_bits_words(n) words.
 */
#ifndef BITPROVE_IR_CFG_H
#define BITPROVE_IR_CFG_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "ir.h"
#include "../util/graph.h"

/* ---- blocks ------------------------------------------------------------- */

/* Index (into f->insts) of block b's first instruction that is not a phi
 * (first + count when the block has only phis). */
uint32_t ir_first_non_phi(const ir_func *f, uint32_t b);

/* The terminator of block b, NULL when its last instruction is none (or the
 * block is empty). */
const ir_inst *ir_block_terminator(const ir_func *f, uint32_t b);

/* Successor blocks of b (the terminator's targets, possibly repeated and
 * possibly out of range); *n = 0 and NULL without terminator. */
const uint32_t *ir_block_succs(const ir_func *f, uint32_t b, uint32_t *n);

/* g := the CFG of f as a graph (util/graph.h): node b is block b, one edge
 * per terminator target in range, in block order then target order (so a
 * condbr with both targets equal gives two edges); the edge id is the
 * position of the edge in that order. Predecessors: graph_reverse(g). */
void ir_cfg_graph(const ir_func *f, graph *g);

/* is_header[b] := b is the target of a back edge of a DFS from block 0.
 * is_header has f->nblocks entries; all are written. Iterative: the depth
 * of the search never uses the C stack. */
void ir_loop_headers(const ir_func *f, bool *is_header);

/* is_join[b] := b has two or more distinct predecessor blocks (a condbr
 * or switch with several edges to b counts once). is_join has f->nblocks
 * entries; all are written. */
void ir_join_blocks(const ir_func *f, bool *is_join);

/* in_loop[b] := b lies in the natural loop of `head`: the blocks that reach
 * a back edge into head without passing head (a back edge: from a block not
 * before head in a reverse postorder from the entry; unreachable blocks are
 * never in it). False when head has no back edge. in_loop has f->nblocks
 * entries; all are written. */
bool ir_natural_loop(const ir_func *f, uint32_t head, bool *in_loop);

/* ---- the module's call graph ------------------------------------------- */

/* The direct call graph: node f per function, an edge f -> g per direct
 * call of g in f's body (indirect calls are not edges). The caller frees g
 * with graph_free. */
void ir_call_graph(const ir_module *m, graph *g);

/* recursive[f] := f lies on a cycle of the direct call graph (it calls
 * itself, or calls a function that calls it back). Indirect calls are not
 * edges (their callee is unknown to every engine that asks). recursive has
 * m->funcs.len entries; all are written. */
void ir_recursive_funcs(const ir_module *m, bool *recursive);

/* ---- indirect calls ----------------------------------------------------- */

/* taken[f] := the address of function f is taken in the module: f is an
 * operand (IR_VAL_FUNC) of some instruction of a defined function (a direct
 * call's callee is no operand; a function passed as an argument is), or a
 * relocation of some global's initial bytes. Only these functions can be
 * the value of a function pointer that a run computes from the program's
 * own values; any other value (null, a data pointer, garbage) ends the run
 * of the interpreter as an invalid call. taken has m->funcs.len entries;
 * all are written. */
void ir_address_taken_funcs(const ir_module *m, bool *taken);

/* May function g be called by the indirect call `call` (an IR_CALL with
 * callee IR_NONE, ops[0] the pointer, ops[1..] the arguments) as a run of
 * the interpreter would: as many arguments as g has parameters (variadic g:
 * at least as many), each of the width of its parameter (an integer and a
 * pointer of the same width agree), and a result of g's width when the call
 * uses one (a call without result may call any g). Conservative in the
 * sense that a g it rejects is only left to the caller's "none of them"
 * case, never assumed away. */
bool ir_callee_compatible(const ir_module *m, const ir_inst *call, uint32_t g);

/* The candidates of the indirect call `call`: the functions with taken[f]
 * (ir_address_taken_funcs) that are compatible with it, in increasing id
 * order, appended to out. Returns how many were appended. */
uint32_t ir_indirect_candidates(const ir_module *m, const bool *taken, const ir_inst *call, u32_vec *out);

/* ---- bitsets ------------------------------------------------------------ */

static inline uint32_t ir_bits_words(uint32_t n) { return (n + 63) / 64; }
static inline bool ir_bits_get(const uint64_t *s, uint32_t v) { return (s[v >> 6] >> (v & 63)) & 1; }
static inline void ir_bits_set(uint64_t *s, uint32_t v) { s[v >> 6] |= (uint64_t)1 << (v & 63); }
static inline void ir_bits_clear(uint64_t *s, uint32_t v) { s[v >> 6] &= ~((uint64_t)1 << (v & 63)); }

/* ---- liveness ----------------------------------------------------------- */

/* The caller's notion of values, over the values 0 .. nvals-1. Callbacks
 * must be pure (same answer on every call) and set only bits < nvals. */
typedef struct {
  /* The value that instruction `inst` (a phi or not) defines, IR_NONE when
   * it defines none that is tracked: killed before the uses are added. */
  uint32_t (*def)(void *arg, uint32_t inst);
  /* Sets in `live` the values that the non-phi instruction `inst` reads. */
  void (*uses)(void *arg, uint32_t inst, uint64_t *live);
  /* Sets in `live` the values that phi `inst` reads through its operand k
   * (on the edge from block targets[k]). */
  void (*phi_uses)(void *arg, uint32_t inst, uint32_t k, uint64_t *live);
  void *arg;
} ir_live_fns;

typedef struct {
  uint32_t nvals, words, nblocks;
  uint64_t *out; /* nblocks rows of `words` words: the values live at the end of each block */
  uint64_t *in;  /* nblocks rows: the values live at each block's first non-phi instruction */
} ir_live;

/* Computes the values live at the end of every block of f (least fixpoint).
 * `words` may exceed ir_bits_words(nvals) (callers that keep spare words);
 * 0 means ir_bits_words(nvals). */
void ir_live_init(ir_live *l, const ir_func *f, uint32_t nvals, uint32_t words, const ir_live_fns *fns);
void ir_live_free(ir_live *l);

static inline const uint64_t *ir_live_out(const ir_live *l, uint32_t b) {
  assert(b < l->nblocks);
  return l->out + (size_t)b * l->words;
}

static inline const uint64_t *ir_live_in(const ir_live *l, uint32_t b) {
  assert(b < l->nblocks);
  return l->in + (size_t)b * l->words;
}

/* live (l->words words) := the values live just before instruction `from`
 * of block b. `from` below the first non-phi counts as the first non-phi:
 * the phis' results are live there when something after them reads them. */
void ir_live_before(const ir_live *l, const ir_func *f, uint32_t b, uint32_t from, const ir_live_fns *fns,
                    uint64_t *live);

#endif
