/* invariant: loop invariants of a proof, in the program's own terms, for
 * correctness witnesses (evidence.invariants, witness.h).
 *
 * Contract: invariant_from_seg() appends to *out one
 * loop_invariant per loop header of main for which the complete graph g
 * has a fact (seg_loop_facts) that can be written in C:
 *   - the location is the loop statement's (the header's conditional
 *     branch), kept only when the source text there starts with the `while`
 *     or `for` keyword (a do-while's header is its body: no statement to
 *     attach the fact to, so it is left out);
 *   - each slot variable becomes its C variable (ir_inst.var) cast to the
 *     C type of its width and representation ("(int)i", "(unsigned char)c"),
 *     so that the expression means the same value the proof speaks of
 *     whatever the variable's declared type; atoms with one variable compare
 *     it with a constant of that type; larger ones are computed in long
 *     long, only when no term can overflow it (widths up to 32 bits, small
 *     coefficients, at most 4 terms);
 *   - an atom that cannot be written is dropped from its conjunction (the
 *     fact only gets weaker); a disjunction with a part that cannot be
 *     written is dropped whole; a fact that becomes `1` is not written.
 * The expressions are side-effect free and use only the variables, casts,
 * integer constants, + - *, comparisons, && || and parentheses. */
#ifndef BITPROVE_OUTPUT_INVARIANT_H
#define BITPROVE_OUTPUT_INVARIANT_H

#include "../ir/ir.h"
#include "../seg/seg.h"
#include "evidence.h"

/* Whether the source text at loc starts with the `while` or `for` keyword:
 * where a loop invariant can be attached (see above). */
bool invariant_at_loop_keyword(const ir_module *m, ir_loc loc);
void invariant_from_seg(const ir_module *m, const seg_graph *g, smt_ctx *ctx, evidence_invariant_vec *out);

#endif
