/* smtlib: SMT-LIB 2 text for terms and queries, so that every query can be
 * dumped and replayed with the z3 binary (or any SMT-LIB 2.6 solver).
 *
 * Contract: the text is exactly the terms given, not simplified. Shared
 * subterms are printed once, as (define-fun .tN () Sort expr) in
 * dependency order, so a DAG is printed in linear size. Operators without an
 * SMT-LIB 2.6 name are printed through their definitions: the overflow
 * predicates (smt_expand_overflow) and signed bv2int (bv2nat minus 2^n when
 * the sign bit is set); unsigned bv2nat and (_ int2bv n) use the names z3
 * and cvc5 accept. Variables are declared with declare-fun under their
 * print names (term.h), quoted with |...| when they are not simple symbols.
 */
#ifndef BITPROVE_SMT_SMTLIB_H
#define BITPROVE_SMT_SMTLIB_H

#include <stdio.h>

#include "../util/util.h"
#include "term.h"

/* Appends an expression for t (no definitions: shared subterms repeat). */
void smt_print_term(smt_ctx *ctx, strbuf *out, smt_term t);
/* Appends the SMT-LIB sort. */
void smt_print_sort(strbuf *out, smt_sort s);
/* A whole script: set-logic, declarations, definitions of shared
 * subterms, one assert per assertion, check-sat. */
void smt_print_query(smt_ctx *ctx, strbuf *out, uint32_t n, const smt_term *assertions);
/* Writes the script of the assertions to dir/query-NNNNNN.smt2 with the
 * next number of this context; `comment` (may be NULL) becomes a leading
 * "; " line. Returns the path (caller frees), NULL if it cannot be written
 * (a warning is printed). */
char *smt_dump_query(smt_ctx *ctx, const char *dir, uint32_t n, const smt_term *assertions,
                     const char *comment);

#endif
