/* z3_fp: the Z3 translation of the floating-point kinds (z3_fp.c), used by
 * the Z3 back end only. */
#ifndef BITPROVE_SMT_Z3_FP_H
#define BITPROVE_SMT_Z3_FP_H

#include <z3.h>

#include "term.h"

/* The Z3 term of the SMT_FP_* term t, its arguments translated (a); the
 * caller owns one reference to it. */
Z3_ast smt_z3_fp_node(Z3_context z, const smt_ctx *ctx, smt_term t, const Z3_ast *a);

#endif
