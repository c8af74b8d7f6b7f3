/* subst.c: substitution of variables, the variables and the conjuncts of a
 * term (build.h). The first two memoize by term index, so a shared subterm
 * is visited once. */
#include <assert.h>

#include "build.h"
#include "internal.h"

/* ---- variables of a term ------------------------------------------------- */
static void term_vars_rec(const smt_ctx *ctx, smt_term t, smt_map *seen, smt_term_vec *out) {
  if (smt_map_get(seen, t, 0)) return;
  smt_map_put(seen, t, 1);
  const smt_tdesc *d = smt_desc(ctx, t);
  if (d->kind == SMT_VAR) {
    VEC_PUSH(*out, t);
    return;
  }
  for (uint32_t i = 0; i < d->nargs; i++) term_vars_rec(ctx, d->args[i], seen, out);
}

/* The variables of a term are computed once and kept in the context's memo
 * (a cache behind the const interface: it changes no observable state). */
void smt_term_vars(const smt_ctx *cctx, smt_term t, smt_term_vec *out) {
  if (t == SMT_NULL) return;
  assert(t < smt_num_terms(cctx));
  smt_ctx *ctx = (smt_ctx *)cctx;
  uint64_t where;
  if (!u64_map_get(&ctx->vars_memo, t, &where)) {
    size_t start = ctx->vars_pool.len;
    smt_map seen;
    smt_map_init(&seen);
    term_vars_rec(ctx, t, &seen, &ctx->vars_pool);
    smt_map_free(&seen);
    where = (uint64_t)start << 32 | (ctx->vars_pool.len - start);
    u64_map_put(&ctx->vars_memo, t, where);
  }
  size_t start = (size_t)(where >> 32), n = (size_t)(where & UINT32_MAX);
  for (size_t i = 0; i < n; i++) VEC_PUSH(*out, ctx->vars_pool.data[start + i]);
}

void smt_conjuncts(const smt_ctx *ctx, smt_term t, smt_term_vec *out) {
  const smt_tdesc *d = smt_desc(ctx, t);
  if (d->kind == SMT_AND) {
    for (uint32_t i = 0; i < d->nargs; i++) smt_conjuncts(ctx, d->args[i], out);
  } else if (t != SMT_TRUE) {
    VEC_PUSH(*out, t);
  }
}

/* ---- substitution ------------------------------------------------------------ */
static smt_term subst_rec(smt_ctx *ctx, smt_term t, smt_map *memo) {
  smt_term r = smt_map_get(memo, t, SMT_NULL);
  if (r) return r;
  uint32_t n = smt_term_nargs(ctx, t);
  if (n == 0) {
    smt_map_put(memo, t, t);
    return t;
  }
  smt_term small[8];
  smt_term *args = n <= 8 ? small : xmalloc(n * sizeof *args);
  for (uint32_t i = 0; i < n; i++) args[i] = subst_rec(ctx, smt_term_arg(ctx, t, i), memo);
  smt_kind k = smt_term_kind(ctx, t);
  uint32_t p1, p2;
  smt_term_params(ctx, t, &p1, &p2);
  r = smt_mk(ctx, k, n, args, p1, p2);
  if (args != small) free(args);
  smt_map_put(memo, t, r);
  return r;
}

smt_term smt_subst(smt_ctx *ctx, smt_term t, uint32_t n, const smt_term *vars, const smt_term *repl) {
  smt_map memo;
  smt_map_init(&memo);
  /* SMT_NULL as a replacement reads as "absent": the variable stays. The
   * sorts are checked by smt_mk where a replacement is used (callers may
   * pass placeholders of another sort for variables that do not occur). */
  for (uint32_t i = 0; i < n; i++) smt_map_put(&memo, vars[i], repl[i]);
  smt_term r = subst_rec(ctx, t, &memo);
  smt_map_free(&memo);
  return r;
}
