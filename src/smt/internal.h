/* internal: the layout of smt_ctx, shared by the files of src/smt only.
 * Engines include smt.h and never this header.
 *
 * The term table is an array of descriptors (smt_tdesc) indexed by term, an
 * open-addressing hash set of term indices for hash-consing, and pools that
 * never move: argument arrays (blocks of smt_term), constant payloads (one
 * mpz each, allocated in an arena) and variable names (arena strings).
 */
#ifndef BITPROVE_SMT_INTERNAL_H
#define BITPROVE_SMT_INTERNAL_H

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "../util/map.h"
#include "../util/util.h"
#include "query.h"
#include "solver.h"
#include "term.h"

/* ---- u32 -> u32 memo tables of one traversal: the util map (map.h) ----- */
typedef u64_map smt_map;
static inline void smt_map_init(smt_map *m) { *m = (smt_map){0}; }
static inline void smt_map_free(smt_map *m) { u64_map_free(m); }
/* The value of key k, or def. */
static inline uint32_t smt_map_get(const smt_map *m, uint32_t k, uint32_t def) {
  return (uint32_t)u64_map_get_or(m, k, def);
}
static inline void smt_map_put(smt_map *m, uint32_t k, uint32_t v) { u64_map_put(m, k, v); }

typedef struct {
  uint16_t kind;
  uint32_t sort;
  uint32_t nargs;
  uint32_t aux; /* const: index in values; var: index in vars; extract: lo */
  uint32_t hash;
  const smt_term *args;
} smt_tdesc;

typedef struct {
  const char *name;       /* as given to smt_mk_var */
  const char *print_name; /* unique among the context's variables */
} smt_varinfo;

/* Query cache entry for one term: the satisfiability of that term. */
typedef struct {
  uint8_t result;      /* 0 = empty, else smt_result + 1 */
  uint32_t timeout_ms; /* for UNKNOWN: the budget it was given (0 = none) */
} smt_cache_entry;

struct smt_ctx {
  /* term table */
  VEC(smt_tdesc) terms;
  uint32_t *htab; /* term indices, 0 = empty slot */
  uint32_t hcap, hcount;
  VEC(mpz_ptr) values;
  VEC(smt_varinfo) vars;
  arena pool; /* mpz structs, names */
  VEC(smt_term *) arg_blocks;
  smt_term *arg_cur;
  size_t arg_left;
  uint32_t fresh_counter;
  const char **name_slot; /* set of all variable names given out */
  uint32_t name_cap, name_count;
  smt_map negation; /* Int atom -> its negated atom (built once) */
  /* smt_term_vars memo: term -> (start << 32 | count) in vars_pool. Terms
   * never change, so neither do their variables; engines ask for the
   * variables of the same KB atoms over and over (the SEG's cones). */
  u64_map vars_memo;
  smt_term_vec vars_pool;

  /* query layer */
  smt_solver *qsolver;
  VEC(smt_cache_entry) cache;
  smt_stats stats;
  bool use_cache, use_precheck;
  char *dump_dir;
  unsigned dump_counter;
  char reason[128];
};

static inline const smt_tdesc *smt_desc(const smt_ctx *ctx, smt_term t) {
  assert(t < ctx->terms.len);
  return &ctx->terms.data[t];
}

void smt_table_init(smt_ctx *ctx);
void smt_table_free(smt_ctx *ctx);

/* The sort of (kind args...) after checking arity and sorts (aborts on
 * misuse); *aux receives the payload word (extract lo). */
smt_sort smt_op_sort(const smt_ctx *ctx, smt_kind kind, uint32_t n, const smt_term *args, uint32_t p1,
                     uint32_t p2, uint32_t *aux);

/* Is name the name or print name of some variable of the context? */
bool smt_name_taken(const smt_ctx *ctx, const char *name);

/* Aborts with a message: misuse of the API (sort errors, bad arity). */
UTIL_NORETURN void smt_fatal(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* ---- linear Int polynomials (linear.c) ------------------------------- */
/* A polynomial: constant + sum of coef * pp, where pp is a "power product"
 * term: an Int term that is neither a constant, a sum, nor a product with a
 * constant factor (a variable, ite, div, select-like term, or a product of
 * such). Monomials are kept sorted by pp index with non-zero coefficients. */
typedef struct {
  mpz_t coef;
  smt_term pp;
} smt_mono;
typedef struct {
  mpz_t constant;
  VEC(smt_mono) m;
} smt_poly;

void smt_poly_init(smt_poly *p);
void smt_poly_free(smt_poly *p);
void smt_poly_clear(smt_poly *p); /* back to 0, keeps memory */
/* p += c * t, decomposing t (sums, products with constants, negation,
 * subtraction, constants) down to power products. */
void smt_poly_add_term(smt_ctx *ctx, smt_poly *p, mpz_srcptr c, smt_term t);
/* p += c * (a1 * ... * an), distributed; false (p unchanged) if the result
 * would have too many monomials (the product is then opaque). */
bool smt_poly_add_product(smt_ctx *ctx, smt_poly *p, mpz_srcptr c, uint32_t n, const smt_term *args);
/* p += c * q */
void smt_poly_add_poly(smt_poly *p, mpz_srcptr c, const smt_poly *q);
/* r = p * q (r distinct from p, q); products of power products are built as
 * sorted raw products. */
void smt_poly_mul(smt_ctx *ctx, smt_poly *r, const smt_poly *p, const smt_poly *q);
void smt_poly_normalize(smt_poly *p); /* sort by pp, merge, drop zeros */
/* The canonical term of p (constant first, then monomials by pp). */
smt_term smt_poly_term(smt_ctx *ctx, const smt_poly *p);
/* The canonical term of the monomial coef * pp. */
smt_term smt_mono_term(smt_ctx *ctx, mpz_srcptr coef, smt_term pp);
/* gcd of the coefficients (0 if there are none). */
void smt_poly_gcd(mpz_t g, const smt_poly *p);

/* ---- SMT-LIB expansion of kinds some back ends lack (build.c) -------- */
/* The overflow predicates and bv2int as raw terms over base operations;
 * other terms are returned unchanged. Only the top operator is expanded. */
smt_term smt_expand_top(smt_ctx *ctx, smt_term t);

#endif
