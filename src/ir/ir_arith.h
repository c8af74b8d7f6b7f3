/* ir arith: bitvector semantics of IR integer arithmetic at widths 1..64,
 * with the conditions under which each operation is undefined (LLVM poison
 * or immediate UB). Pure functions, no state, no dependency beyond ir.h:
 * the interpreter executes with them, the front end folds constant
 * expressions with them, and any engine may use them to fold constants.
 *
 * Contract:
 *  - Widths w are 1..64. Operands may carry garbage above bit w: every
 *    function masks them to w bits first. Results are returned masked.
 *  - ir_arith_binary: when the operation is defined it stores the result in
 *    *r and returns IR_ARITH_OK; otherwise it returns the fault and leaves
 *    *r unspecified. It never traps on the host (INT_MIN / -1 and shifts by
 *    >= 64 are caught before they are computed). When several faults apply,
 *    the first in this order is reported: division by zero, INT_MIN / -1,
 *    shift amount, signed overflow (nsw), unsigned wrap (nuw), inexact.
 *    flags are IR_NSW / IR_NUW / IR_EXACT; with flags 0 the only faults are
 *    the immediate-UB ones (division, shift amount). An op that is not a
 *    binary opcode (IR_ADD .. IR_XOR) yields 0 and IR_ARITH_OK.
 *  - Signed readings are two's complement: in i1 the values are 0 and -1,
 *    so e.g. 1 + 1 (i.e. -1 + -1) overflows nsw, and -1 / -1 is INT_MIN / -1.
 *  - ir_sext also accepts w = 0 (as ir_const_signed's pointer convention):
 *    read as 64. ir_mask(0) is 0.
 */
#ifndef BITPROVE_IR_ARITH_H
#define BITPROVE_IR_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

/* The low w bits set. */
static inline uint64_t ir_mask(unsigned w) {
  return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

/* The w-bit value v read as a signed number. */
static inline int64_t ir_sext(uint64_t v, unsigned w) {
  if (w == 0 || w >= 64) return (int64_t)v;
  uint64_t sign = (uint64_t)1 << (w - 1);
  v &= ir_mask(w);
  return (int64_t)((v ^ sign) - sign);
}

/* Whether the signed number v is representable in w bits. */
static inline bool ir_fits_signed(int64_t v, unsigned w) {
  if (w >= 64) return true;
  int64_t max = (int64_t)(((uint64_t)1 << (w - 1)) - 1);
  return v >= -max - 1 && v <= max;
}

typedef enum {
  IR_ARITH_OK,
  IR_ARITH_SIGNED_OVERFLOW, /* nsw violated (add, sub, mul, shl) */
  IR_ARITH_UNSIGNED_WRAP,   /* nuw violated (add, sub, mul, shl) */
  IR_ARITH_INEXACT,         /* exact violated (udiv, sdiv, lshr, ashr) */
  IR_ARITH_DIV_BY_ZERO,     /* udiv, sdiv, urem, srem by 0 */
  IR_ARITH_DIV_OVERFLOW,    /* sdiv INT_MIN / -1 */
  IR_ARITH_REM_OVERFLOW,    /* srem INT_MIN % -1 (UB in LLVM too) */
  IR_ARITH_SHIFT_TOO_FAR    /* shl, lshr, ashr by an amount >= w */
} ir_arith_fault;

ir_arith_fault ir_arith_binary(ir_opcode op, unsigned flags, unsigned w, uint64_t a, uint64_t b, uint64_t *r);
/* a p b at width w; false for a value that is not an ir_pred. */
bool ir_arith_icmp(ir_pred p, unsigned w, uint64_t a, uint64_t b);
/* Does the operation k overflow at width w (the result of IR_OVERFLOW)?
 * false for a value that is not an ir_ovf. */
bool ir_arith_overflows(ir_ovf k, unsigned w, uint64_t a, uint64_t b);

#endif
