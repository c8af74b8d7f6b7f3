/* build: simplifying term constructors, the evaluator and the constant
 * folder. This is the layer engines use to make terms.
 *
 * Contract: every constructor returns a term equivalent (in every model) to
 * the raw term (kind args...) it is asked for, in simplified form:
 *   - constant folding of every operator (fold.c, bit-exact; Int div/mod by
 *     zero stay uninterpreted and are never folded);
 *   - Int: linear normal form. A sum is (+ c m1 ... mk) with the constant
 *     first (omitted when 0) and monomials sorted by term index, each
 *     monomial a power product or (* coef factors...); comparisons become
 *     (<= p c) with p constant-free and coefficients divided by their gcd
 *     (the bound rounded down: integer tightening), equalities (= p c) with
 *     the first coefficient positive; <, >, >= and negated <= are rewritten
 *     into <=;
 *   - Boolean: and/or flattened, sorted, duplicates and true/false removed,
 *     complementary pairs detected; double negation, ite and implication
 *     rewrites; equalities of a term with itself;
 *   - BV: neutral and absorbing elements, operands of commutative operators
 *     ordered (constant first), constant re-association of add/mul/and/or/
 *     xor, extract/concat/extend of constants and of each other, trivial
 *     comparisons;
 *   - arrays: select over store/const arrays with constant indices, store
 *     over store at the same index.
 * The argument sorts are checked as in smt_mk_raw().
 */
#ifndef BITPROVE_SMT_BUILD_H
#define BITPROVE_SMT_BUILD_H

#include "term.h"

/* Generic simplifying constructor: same arguments as smt_mk_raw(). */
smt_term smt_mk(smt_ctx *ctx, smt_kind kind, uint32_t nargs, const smt_term *args, uint32_t p1,
                uint32_t p2);
/* The simplified form of any term (rebuilds it bottom-up with smt_mk). */
smt_term smt_simplify(smt_ctx *ctx, smt_term t);

/* ---- Boolean ------------------------------------------------------------ */
smt_term smt_mk_not(smt_ctx *ctx, smt_term a);
smt_term smt_mk_and(smt_ctx *ctx, uint32_t n, const smt_term *args);
smt_term smt_mk_or(smt_ctx *ctx, uint32_t n, const smt_term *args);
smt_term smt_mk_and2(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_or2(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_xor(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_implies(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_eq(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_ite(smt_ctx *ctx, smt_term c, smt_term a, smt_term b);

/* ---- Int ----------------------------------------------------------------- */
smt_term smt_mk_int_add(smt_ctx *ctx, uint32_t n, const smt_term *args);
smt_term smt_mk_int_add2(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_sub(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_neg(smt_ctx *ctx, smt_term a);
smt_term smt_mk_int_mul(smt_ctx *ctx, uint32_t n, const smt_term *args);
smt_term smt_mk_int_mul2(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_div(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_mod(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_le(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_lt(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_ge(smt_ctx *ctx, smt_term a, smt_term b);
smt_term smt_mk_int_gt(smt_ctx *ctx, smt_term a, smt_term b);

/* ---- BV (binary operators: smt_mk(ctx, SMT_BV_..., 2, args, 0, 0)) ------ */
smt_term smt_mk_bv_op1(smt_ctx *ctx, smt_kind kind, smt_term a);
smt_term smt_mk_bv_op2(smt_ctx *ctx, smt_kind kind, smt_term a, smt_term b);
smt_term smt_mk_bv_extract(smt_ctx *ctx, smt_term a, uint32_t hi, uint32_t lo);
smt_term smt_mk_bv_concat(smt_ctx *ctx, smt_term hi, smt_term lo);
smt_term smt_mk_bv_zext(smt_ctx *ctx, smt_term a, uint32_t extra);
smt_term smt_mk_bv_sext(smt_ctx *ctx, smt_term a, uint32_t extra);
smt_term smt_mk_bv2nat(smt_ctx *ctx, smt_term a);
smt_term smt_mk_bv2int(smt_ctx *ctx, smt_term a);
smt_term smt_mk_int2bv(smt_ctx *ctx, smt_term a, uint32_t width);

/* ---- floating point on bit patterns (term.h "Floating point") ------------- */
/* Binary kinds (SMT_FP_ADD .. SMT_FP_MAX, SMT_FP_EQ, SMT_FP_LT, SMT_FP_LEQ)
 * and unary ones (SMT_FP_SQRT, SMT_FP_ISNAN, SMT_FP_EXT, SMT_FP_TRUNC). */
smt_term smt_mk_fp_op1(smt_ctx *ctx, smt_kind kind, smt_term a);
smt_term smt_mk_fp_op2(smt_ctx *ctx, smt_kind kind, smt_term a, smt_term b);
smt_term smt_mk_fp_round(smt_ctx *ctx, smt_term a, smt_fp_rmode mode);
/* SMT_FP_TO_SBV / SMT_FP_TO_UBV to `width` bits, SMT_SBV_TO_FP /
 * SMT_UBV_TO_FP to a float of `width` (32 or 64) bits. */
smt_term smt_mk_fp_conv(smt_ctx *ctx, smt_kind kind, smt_term a, uint32_t width);

/* ---- arrays ---------------------------------------------------------------- */
smt_term smt_mk_select(smt_ctx *ctx, smt_term array, smt_term index);
smt_term smt_mk_store(smt_ctx *ctx, smt_term array, smt_term index, smt_term value);
smt_term smt_mk_const_array(smt_ctx *ctx, uint32_t index_width, smt_term value);

/* ---- values ------------------------------------------------------------------ */
/* Constant folding on values (fold.c): see there for the encoding. aw[i] is
 * the BV width of argument i (0 if not BV), lo the extract's low bit; out
 * must not alias an argument. */
bool smt_fold(smt_kind kind, uint32_t n, mpz_srcptr const *args, const uint32_t *aw, smt_sort result,
              uint32_t lo, mpz_ptr out);
/* Evaluates a Bool/Int/BV term under an assignment of its variables
 * (vars[i] := vals[i], values encoded as in smt_fold). False when a
 * variable is unassigned, the term involves arrays, or an Int div/mod by
 * zero occurs. */
bool smt_eval(smt_ctx *ctx, smt_term t, uint32_t n, const smt_term *vars, mpz_srcptr const *vals,
              mpz_ptr out);

/* ---- substitution and variables (subst.c) ---------------------------------- */
/* The term t with the variables vars[i] replaced by repl[i] (of the same
 * sort where vars[i] occurs; SMT_NULL keeps vars[i]) at once, not one after
 * the other, rebuilt with the simplifying constructors. Shared
 * subterms are rebuilt once; the recursion depth is the depth of t. */
smt_term smt_subst(smt_ctx *ctx, smt_term t, uint32_t n, const smt_term *vars, const smt_term *repl);
/* Appends the distinct variables of t (none for SMT_NULL) to *out, in the
 * order of first visit (depth first, arguments left to right). Variables
 * already in *out may be appended again. */
void smt_term_vars(const smt_ctx *ctx, smt_term t, smt_term_vec *out);
/* Appends the conjuncts of t to *out: nested ANDs flattened, left to right;
 * true contributes none (so true itself gives an empty list). */
void smt_conjuncts(const smt_ctx *ctx, smt_term t, smt_term_vec *out);

/* The overflow predicates defined by base operations (SMT-LIB 2.6 has
 * none): a raw term equivalent to t when t is an overflow predicate, t
 * otherwise. Printers and back ends without such operators use this. */
smt_term smt_expand_overflow(smt_ctx *ctx, smt_term t);

#endif
