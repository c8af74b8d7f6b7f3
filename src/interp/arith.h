/* interp arith: bitvector semantics of IR arithmetic at widths 1..64, with the
 * undefined-behaviour conditions of each operation. Pure functions, no state:
 * the dispatcher and the unit tests use them, and so may any engine that
 * folds constants.
 *
 * Contract: operands are given masked to width w (1..64) and results are
 * returned masked. When an operation is undefined the function returns the
 * interp_ub kind and leaves *r unspecified (but never traps on the host). */
#ifndef BITPROVE_INTERP_ARITH_H
#define BITPROVE_INTERP_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "interp.h"

static inline uint64_t interp_mask(unsigned w) {
  return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

/* The w-bit value v read as a signed number. */
static inline int64_t interp_sext(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t sign = (uint64_t)1 << (w - 1);
  v &= interp_mask(w);
  return (int64_t)((v ^ sign) - sign);
}

/* Whether the signed number v is representable in w bits. */
static inline bool interp_fits_signed(int64_t v, unsigned w) {
  if (w >= 64) return true;
  int64_t max = (int64_t)(((uint64_t)1 << (w - 1)) - 1);
  return v >= -max - 1 && v <= max;
}

/* op is a binary opcode (IR_ADD .. IR_XOR); flags IR_NSW/IR_NUW/IR_EXACT. */
interp_ub interp_binary(unsigned op, unsigned flags, unsigned w, uint64_t a, uint64_t b, uint64_t *r);
/* pred is an ir_pred. */
bool interp_icmp(unsigned pred, unsigned w, uint64_t a, uint64_t b);
/* ovf is an ir_ovf: does the operation overflow at width w? */
bool interp_overflows(unsigned ovf, unsigned w, uint64_t a, uint64_t b);

#endif
