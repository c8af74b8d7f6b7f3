/* repr: the unsigned / signed representation vote of seed 000 Sect. 2
 * (U_P / S_P), shared by the engines.
 *
 * The story of the data
 * ---------------------
 * Each engine holds every integer value either as an unsigned or as a
 * signed number. Seed 000 chooses per program variable: values that occur
 * together in a phi, select, copy, binary instruction, comparison or
 * through one memory address should share a representation, and signed
 * (unsigned) uses vote for signed (unsigned). We implement it as a
 * union-find over "nodes" (the caller's numbering of values) with a vote
 * balance per node: first all joins and votes, then ir_repr_finish sums
 * the balances per class; a class is signed when its unsigned votes do not
 * outweigh its signed ones (ties and no votes: signed). The order of joins
 * and votes does not matter. The choice only affects precision, never
 * soundness (seed 000: "failure of the above heuristic ... only affects
 * the performance").
 *
 * ir_repr_scan_func applies the votes and joins of one function's
 * instructions. The two engines have grown slightly different rule sets;
 * ir_repr_rules names every difference so that each keeps its results
 * (IR_REPR_RULES_SEG, IR_REPR_RULES_DIRECT). Engine-specific joins (direct:
 * tracked globals and cells, call arguments with parameters) are made by the
 * engine with ir_repr_join before ir_repr_finish.
 *
 * Votes are only cast on values of INT type (any width); joins only
 * between INT values (see join_bool). Constants, globals, ... are ignored.
 */
#ifndef BITPROVE_IR_REPR_H
#define BITPROVE_IR_REPR_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

typedef struct {
  uint32_t n;        /* nodes 0 .. n-1 */
  uint32_t *parent;  /* union-find forest */
  int64_t *balance;  /* per node: unsigned minus signed votes; after finish: per class, at its root */
  uint64_t *nsigned, *nunsigned; /* per node: the votes of each side (weights); after finish: per class */
  bool finished;
} ir_repr;

void ir_repr_init(ir_repr *r, uint32_t n);
void ir_repr_free(ir_repr *r);
/* The representative of x's class (path halving). */
uint32_t ir_repr_find(ir_repr *r, uint32_t x);
/* Joins the classes of a and b. Not after ir_repr_finish. */
void ir_repr_join(ir_repr *r, uint32_t a, uint32_t b);
/* Adds weight votes to node x: > 0 unsigned, < 0 signed. Not after finish. */
void ir_repr_vote(ir_repr *r, uint32_t x, int32_t weight);
/* Sums the votes per class; after it only ir_repr_signed / ir_repr_find. */
void ir_repr_finish(ir_repr *r);
/* Does x's class vote signed (signed votes >= unsigned votes)? Only after
 * ir_repr_finish. */
bool ir_repr_signed(ir_repr *r, uint32_t x);
/* Did x's class get votes of one side only? -1: only signed votes, +1:
 * only unsigned votes, 0: none or both. Only after ir_repr_finish. (The
 * direct translation's mathematical reading asks this before it reads a
 * constant with the sign bit set one way: direct.h.) */
int ir_repr_unanimous(ir_repr *r, uint32_t x);

/* Where a function's values are among the nodes: instruction j is node
 * inst0 + j, parameter i is node param0 + i. */
typedef struct {
  uint32_t inst0, param0;
} ir_repr_map;

/* The rules of the scan. Common to all rule sets (seed 000):
 *  - joins: phi result with all operands, select result with operands 1, 2,
 *    copy result with its operand, add/sub/mul/and/or/xor result with both
 *    operands, shl result with operand 0, the operands of icmp eq / ne;
 *  - votes (weight `strong`): icmp u* / s* on both operands, udiv/urem
 *    (sdiv/srem) unsigned (signed) on result and both operands, lshr (ashr)
 *    on result and operand 0;
 *  - votes (weight 1): add/sub/mul/shl with nsw signed on result and both
 *    operands, without nsw unsigned on the result; zext unsigned and sext
 *    signed on the operand.
 * The flags add to these. */
typedef struct {
  int32_t strong;           /* weight of comparisons, divisions, right shifts (seg 1, direct 2) */
  bool join_bool;           /* joins also i1 values (and any two INT values, whatever their
                               widths); else only equal INT types of > 1 bit */
  bool join_div_shift;      /* udiv/sdiv/urem/srem join result and both operands, lshr/ashr result
                               and operand 0 */
  bool join_ordered_cmp;    /* icmp u* / s* also join their operands */
  bool join_same_pointer;   /* loads and stores of equal width through the same pointer operand
                               (same value, same constant offset) join the loaded / stored values */
  bool vote_shift_amount;   /* lshr / ashr vote on operand 1 (the amount) too */
  bool wrap_votes_operands; /* add/sub/mul/shl without nsw: the operands vote unsigned too */
  bool nuw_votes;           /* add/sub/mul/shl with nuw: one more unsigned vote on result and operands */
  bool sext_votes_result;   /* sext: the result votes signed too */
  bool vote_overflow;       /* IR_OVERFLOW votes on its operands by the sign of its operation */
  bool vote_ptr_offset;     /* ptradd: the byte offset votes signed */
} ir_repr_rules;

/* The symbolic execution graph's rules (src/seg) and the direct
 * translation's (src/direct). */
extern const ir_repr_rules IR_REPR_RULES_SEG;
extern const ir_repr_rules IR_REPR_RULES_DIRECT;

/* Applies the joins and votes of every instruction of f. */
void ir_repr_scan_func(ir_repr *r, const ir_func *f, ir_repr_map map, const ir_repr_rules *rules);

#endif
