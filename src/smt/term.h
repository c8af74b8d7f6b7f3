/* term: sorts, term kinds and the hash-consing term table of bitprove.
 *
 * The story of the data
 * ---------------------
 * Every engine (SEG, BMC, ITS back end, direct translation) speaks about
 * program values with the terms of this module, and asks its questions
 * through one context (smt_ctx) so that simplification, caching and
 * statistics are written once.
 *
 * Context. An smt_ctx owns everything: the term table, the cache of query
 * results, the statistics and, lazily, the solver the queries use. Terms are
 * meaningful only in the context that made them. smt_ctx_free() releases all
 * of it (solvers made with smt_solver_new() must be freed before).
 *
 * Sorts are plain 32-bit codes, no table: Bool, Int (mathematical integers),
 * BV(n) for any n >= 1, and Array(BV(n) -> BV(8)), the byte-addressed memory.
 * The two low bits say which, the rest holds n (so n < 2^30).
 *
 * Terms are small integers (smt_term, a uint32 index into the table), not
 * pointers. Index 0 is SMT_NULL ("no term"); 1 and 2 are true and false in
 * every context. A term is a kind, a sort, an array of argument terms and one
 * 32-bit word of payload:
 *   - SMT_BOOL_CONST  no arguments; true/false are the terms 1 and 2.
 *   - SMT_INT_CONST   an mpz, any integer.
 *   - SMT_BV_CONST    an mpz holding the unsigned value, in [0, 2^n).
 *   - SMT_VAR         a name; (name, sort) identifies the variable.
 *   - SMT_BV_EXTRACT  the low bit index lo (hi is lo + width - 1).
 *   - every other kind carries its parameters in its sort (zero/sign
 *     extension amount, int2bv width, constant-array index width).
 * Constants' mpz and argument arrays live in pools that never move, so the
 * pointers the accessors return stay valid until smt_ctx_free().
 *
 * Hash-consing. The table keeps exactly one term per (kind, sort, payload,
 * arguments): structurally equal terms are the same index, term equality is
 * integer equality, and results can be cached by term index. There is no
 * garbage collection: a context grows until it is freed, which is why
 * engines may use one context per task or per phase.
 *
 * Two layers, as in Yices. This table only hash-conses: smt_mk_raw() builds
 * exactly the term it is asked for, checking sorts but never simplifying.
 * The simplifying constructors (build.h) sit on top and are what engines
 * use; the raw layer exists so that tests can compare a simplified term with
 * the term it came from, and so that back ends can print what they are given.
 *
 * Semantics are SMT-LIB's: bvudiv by 0 is all ones, bvurem by 0 is the
 * dividend, bvsdiv/bvsrem/bvsmod as defined in the BV theory; Int div/mod are
 * Euclidean (0 <= mod < |divisor|), and div/mod by 0 are uninterpreted (never
 * folded). The overflow predicates are true when the operation overflows:
 *   uaddo/usubo/umulo  the unsigned result does not fit in n bits,
 *   saddo/ssubo/smulo  the signed result does not fit in n bits,
 *   sdivo              a = min_signed and b = -1.
 * bv2nat reads a BV as unsigned, bv2int as two's complement signed; int2bv
 * takes the integer modulo 2^n.
 *
 * Floating point. There is no float sort: a float is the IEEE 754 bit
 * pattern held in a BV(32) (binary32) or BV(64) (binary64), as in the IR.
 * The SMT_FP_* kinds read their arguments as floats (every NaN pattern is
 * a NaN), compute as IEEE 754 does (SMT-LIB FloatingPoint theory) and give
 * back a bit pattern. A NaN result is some quiet NaN, of any sign and
 * payload: the bit pattern is not determined (IEEE 754-2008 6.2 fixes only
 * that operations give quiet NaNs), so nothing can be proved that depends
 * on it. Likewise fp.to_sbv / fp.to_ubv out of range, min/max of two
 * zeros of opposite signs (either) and min/max with a signalling NaN
 * operand are any value. These kinds are never folded nor
 * evaluated (smt_fold / smt_eval give up): the solver decides them.
 *
 * Kinds are ordered leaves, Boolean, Int, BV, conversions, arrays, floating
 * point, so that range checks classify them. Argument order is the SMT-LIB
 * order.
 *
 * The files of src/smt, one concern each (engines include smt.h):
 *   term.c     this table: interning, sort checking, accessors
 *   ctx.c      context creation and destruction, small shared helpers
 *   fold.c     the value of every operator on constants (the semantics)
 *   linear.c   Int polynomials: decomposition and canonical terms
 *   build.c    simplifying constructors (build.h), smt_simplify, smt_eval,
 *              the definitions of the overflow predicates
 *   solver.c   the back-end-independent solver interface (solver.h)
 *   z3.c       the Z3 back end
 *   z3_fp.c    its translation of the floating-point kinds
 *   precheck.c sound cheap decisions for conjunctions of linear atoms
 *   query.c    is_sat / is_valid / implies with cache and statistics
 *   smtlib.c   SMT-LIB 2 printer and query dumps
 * A query flows: simplified query term Q -> cache (by Q's index) ->
 * pre-check -> solver (push, assert Q, check with timeout, pop) -> cache.
 *
 * Design changes
 *   issue 3  first version: one table per context, sorts as codes, kinds for
 *            the overflow predicates (expanded into base operations only
 *            where a back end or the printer needs it; Z3 4.8.12's own
 *            bvsmul_noovfl is wrong for some operands, see z3.c).
 *   floats   floating point on bit patterns (SMT_FP_*), for BMC of float
 *            code; the back end leaves a NaN's bit pattern open.
 */
#ifndef BITPROVE_SMT_TERM_H
#define BITPROVE_SMT_TERM_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "../util/util.h"

typedef struct smt_ctx smt_ctx;
typedef uint32_t smt_term;
/* The one vector of terms (every engine passes these around). */
typedef VEC(smt_term) smt_term_vec;
typedef uint32_t smt_sort;

#define SMT_NULL ((smt_term)0)
#define SMT_TRUE ((smt_term)1)
#define SMT_FALSE ((smt_term)2)

/* ---- sorts ------------------------------------------------------------ */
enum { SMT_SORT_TAG_BV = 0, SMT_SORT_TAG_BOOL = 1, SMT_SORT_TAG_INT = 2, SMT_SORT_TAG_ARRAY = 3 };
#define SMT_SORT_BOOL ((smt_sort)1)
#define SMT_SORT_INT ((smt_sort)2)
#define SMT_MAX_WIDTH ((1u << 30) - 1)

static inline smt_sort smt_sort_bv(uint32_t width) { return width << 2; }
/* Array(BV(index_width) -> BV(8)). */
static inline smt_sort smt_sort_array(uint32_t index_width) { return (index_width << 2) | 3u; }
static inline bool smt_sort_is_bool(smt_sort s) { return s == SMT_SORT_BOOL; }
static inline bool smt_sort_is_int(smt_sort s) { return s == SMT_SORT_INT; }
static inline bool smt_sort_is_bv(smt_sort s) { return (s & 3u) == 0 && s != 0; }
static inline bool smt_sort_is_array(smt_sort s) { return (s & 3u) == 3u; }
/* BV width, or the index width of an array sort. */
static inline uint32_t smt_sort_width(smt_sort s) { return s >> 2; }

/* ---- kinds ------------------------------------------------------------ */
typedef enum {
  SMT_KIND_NONE = 0,
  /* leaves */
  SMT_BOOL_CONST,
  SMT_INT_CONST,
  SMT_BV_CONST,
  SMT_VAR,
  /* Boolean; EQ and ITE take arguments of any (equal) sort */
  SMT_NOT,
  SMT_AND, /* n-ary */
  SMT_OR,  /* n-ary */
  SMT_XOR,
  SMT_IMPLIES,
  SMT_EQ,
  SMT_ITE, /* (ite c a b) */
  /* Int */
  SMT_INT_NEG,
  SMT_INT_ADD, /* n-ary */
  SMT_INT_SUB,
  SMT_INT_MUL, /* n-ary, linear or not */
  SMT_INT_DIV, /* Euclidean */
  SMT_INT_MOD, /* Euclidean */
  SMT_INT_LE,
  SMT_INT_LT,
  SMT_INT_GE,
  SMT_INT_GT,
  /* BV: arithmetic and bitwise */
  SMT_BV_NOT,
  SMT_BV_NEG,
  SMT_BV_AND,
  SMT_BV_OR,
  SMT_BV_XOR,
  SMT_BV_ADD,
  SMT_BV_SUB,
  SMT_BV_MUL,
  SMT_BV_UDIV,
  SMT_BV_UREM,
  SMT_BV_SDIV,
  SMT_BV_SREM,
  SMT_BV_SMOD,
  SMT_BV_SHL,
  SMT_BV_LSHR,
  SMT_BV_ASHR,
  SMT_BV_CONCAT,  /* (concat hi lo) */
  SMT_BV_EXTRACT, /* param1 = hi, param2 = lo */
  SMT_BV_ZEXT,    /* param1 = bits added */
  SMT_BV_SEXT,    /* param1 = bits added */
  /* BV: comparisons */
  SMT_BV_ULT,
  SMT_BV_ULE,
  SMT_BV_UGT,
  SMT_BV_UGE,
  SMT_BV_SLT,
  SMT_BV_SLE,
  SMT_BV_SGT,
  SMT_BV_SGE,
  /* BV: overflow predicates (true when the operation overflows) */
  SMT_BV_UADDO,
  SMT_BV_SADDO,
  SMT_BV_USUBO,
  SMT_BV_SSUBO,
  SMT_BV_UMULO,
  SMT_BV_SMULO,
  SMT_BV_SDIVO,
  /* conversions */
  SMT_BV2NAT, /* unsigned value as Int */
  SMT_BV2INT, /* signed value as Int */
  SMT_INT2BV, /* param1 = width; the Int modulo 2^width */
  /* arrays Array(BV(n) -> BV(8)) */
  SMT_SELECT,      /* (select a i) */
  SMT_STORE,       /* (store a i v) */
  SMT_CONST_ARRAY, /* param1 = index width; every cell holds the argument */
  /* floating point on IEEE bit patterns (see "Floating point" above):
   * arguments BV(32) (binary32) or BV(64) (binary64), rounding to nearest,
   * ties to even, unless a mode is given */
  SMT_FP_ADD,
  SMT_FP_SUB,
  SMT_FP_MUL,
  SMT_FP_DIV,
  SMT_FP_REM,     /* IEEE remainder (quotient rounded to nearest even), not fmod */
  SMT_FP_MIN,     /* a quiet NaN operand gives the other; min(-0, +0) is either;
                     a signalling NaN operand gives any value (libms differ) */
  SMT_FP_MAX,
  SMT_FP_SQRT,
  SMT_FP_ROUND,   /* param1 = smt_fp_rmode: round to an integral value */
  SMT_FP_EQ,      /* IEEE equality (NaN = NaN is false, -0 = +0 true) -> Bool */
  SMT_FP_LT,      /* -> Bool, false when a NaN is involved */
  SMT_FP_LEQ,     /* -> Bool, false when a NaN is involved */
  SMT_FP_ISNAN,   /* one argument -> Bool */
  SMT_FP_TO_SBV,  /* param1 = width n: rounded toward zero; any value when out of range */
  SMT_FP_TO_UBV,  /* param1 = width n: rounded toward zero; any value when out of range */
  SMT_SBV_TO_FP,  /* any BV read signed, param1 = 32 or 64: the float of that width */
  SMT_UBV_TO_FP,  /* any BV read unsigned, param1 = 32 or 64 */
  SMT_FP_EXT,     /* BV(32) -> BV(64), exact */
  SMT_FP_TRUNC,   /* BV(64) -> BV(32), rounded */
  SMT_NUM_KINDS
} smt_kind;

/* SMT-LIB-like name of a kind, for messages and the printer. */
const char *smt_kind_name(smt_kind k);
static inline bool smt_kind_is_bv_pred(smt_kind k) { return k >= SMT_BV_ULT && k <= SMT_BV_SDIVO; }
static inline bool smt_kind_is_overflow(smt_kind k) { return k >= SMT_BV_UADDO && k <= SMT_BV_SDIVO; }
static inline bool smt_kind_is_fp(smt_kind k) { return k >= SMT_FP_ADD && k <= SMT_FP_TRUNC; }

/* Rounding modes of SMT_FP_ROUND (IEEE 754 roundToIntegral): to nearest
 * even (C rint), to nearest away from zero (round), toward +oo (ceil),
 * toward -oo (floor), toward zero (trunc). */
typedef enum { SMT_RM_RNE, SMT_RM_RNA, SMT_RM_RTP, SMT_RM_RTN, SMT_RM_RTZ } smt_fp_rmode;

/* ---- contexts ----------------------------------------------------------- */
smt_ctx *smt_ctx_new(void);
/* Frees the table, cache, statistics and the query solver. */
void smt_ctx_free(smt_ctx *ctx);

/* ---- raw constructors (hash-consing only, no simplification) ----------- */
/* Builds (kind args...) after checking arity and sorts; a misuse is a
 * programming error and aborts with a message. p1/p2 are the parameters
 * named in the kind list above (0 otherwise). */
smt_term smt_mk_raw(smt_ctx *ctx, smt_kind kind, uint32_t nargs, const smt_term *args, uint32_t p1,
                    uint32_t p2);
smt_term smt_mk_bool(smt_ctx *ctx, bool b);
smt_term smt_mk_int(smt_ctx *ctx, int64_t v);
smt_term smt_mk_int_mpz(smt_ctx *ctx, mpz_srcptr v);
/* BV constants: the value is taken modulo 2^width (two's complement for
 * negative values). */
smt_term smt_mk_bv(smt_ctx *ctx, uint32_t width, uint64_t v);
smt_term smt_mk_bv_signed(smt_ctx *ctx, uint32_t width, int64_t v);
smt_term smt_mk_bv_mpz(smt_ctx *ctx, uint32_t width, mpz_srcptr v);
/* The variable (name, sort); the same name and sort give the same term. */
smt_term smt_mk_var(smt_ctx *ctx, const char *name, smt_sort sort);
/* A variable whose name ("prefix!N") no other variable of this context has. */
smt_term smt_mk_fresh(smt_ctx *ctx, const char *prefix, smt_sort sort);

/* ---- accessors ------------------------------------------------------------ */
uint32_t smt_num_terms(const smt_ctx *ctx); /* valid terms are 1 .. num-1 */
smt_kind smt_term_kind(const smt_ctx *ctx, smt_term t);
smt_sort smt_term_sort(const smt_ctx *ctx, smt_term t);
uint32_t smt_term_nargs(const smt_ctx *ctx, smt_term t);
smt_term smt_term_arg(const smt_ctx *ctx, smt_term t, uint32_t i);
const smt_term *smt_term_args(const smt_ctx *ctx, smt_term t);
/* Int/BV constants: the value (BV: unsigned). */
mpz_srcptr smt_term_value(const smt_ctx *ctx, smt_term t);
/* Variables: the name given to smt_mk_var, and the name printers use (the
 * same unless another variable of another sort has the same name). */
const char *smt_term_name(const smt_ctx *ctx, smt_term t);
const char *smt_term_print_name(const smt_ctx *ctx, smt_term t);
uint32_t smt_extract_lo(const smt_ctx *ctx, smt_term t);
/* SMT_FP_ROUND: its rounding mode. */
smt_fp_rmode smt_fp_round_mode(const smt_ctx *ctx, smt_term t);
/* The parameters (p1, p2) smt_mk_raw needs to rebuild t with other
 * arguments of the same sorts (extract bounds, extension amounts, widths,
 * rounding modes; 0 otherwise). */
void smt_term_params(const smt_ctx *ctx, smt_term t, uint32_t *p1, uint32_t *p2);
uint32_t smt_extract_hi(const smt_ctx *ctx, smt_term t);
/* BV width of a BV term (0 for other sorts). */
uint32_t smt_bv_width(const smt_ctx *ctx, smt_term t);
bool smt_term_is_const(const smt_ctx *ctx, smt_term t); /* Bool, Int or BV constant */

#endif
