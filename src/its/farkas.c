/* farkas.c: the affine Farkas lemma as constraints (farkas.h). */
#include "farkas.h"

#include <assert.h>
#include <stdlib.h>

#include "../smt/build.h"
#include "../smt/solver.h"
#include "../smt/term.h"

/* Sum of coef[i] * x[i] over the non-zero coefficients, plus extra (may be
 * SMT_NULL). */
static smt_term lin_comb(smt_ctx *ctx, smt_term_vec *buf, uint32_t n, mpz_t *const *coef, const smt_term *x,
                         smt_term extra) {
  assert(extra == SMT_NULL || smt_sort_is_int(smt_term_sort(ctx, extra)));
  buf->len = 0;
  for (uint32_t i = 0; i < n; i++)
    if (mpz_sgn(*coef[i])) VEC_PUSH(*buf, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, *coef[i]), x[i]));
  if (extra) VEC_PUSH(*buf, extra);
  return smt_mk_int_add(ctx, (uint32_t)buf->len, buf->data);
}

void its_farkas(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *u, smt_term u0, int delta,
                smt_term_vec *out) {
  its_farkas_multipliers(ctx, scc, k, u, u0, delta, out, NULL);
}

void its_farkas_multipliers(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *u, smt_term u0,
                            int delta, smt_term_vec *out, smt_term *lambda) {
  assert(k < scc->trans.len && u && delta >= 0); /* delta >= 0: solving over Int loses nothing (header) */
  const lin_trans *t = &scc->trans.data[k];
  uint32_t w = lin_trans_width(scc, k), nr = (uint32_t)t->atoms.len;
  smt_term *lam = xmalloc((nr ? nr : 1) * sizeof *lam);
  mpz_t **col = xmalloc((nr ? nr : 1) * sizeof *col);
  smt_term_vec buf = {0};
  smt_term zero = smt_mk_int(ctx, 0);
  for (uint32_t r = 0; r < nr; r++) {
    assert(t->atoms.data[r].rel == LIN_LE || t->atoms.data[r].rel == LIN_EQ);
    lam[r] = smt_mk_fresh(ctx, "rk.l", SMT_SORT_INT);
    if (lambda) lambda[r] = lam[r];
    if (t->atoms.data[r].rel == LIN_LE) VEC_PUSH(*out, smt_mk_int_ge(ctx, lam[r], zero));
  }
  for (uint32_t j = 0; j <= w; j++) {
    for (uint32_t r = 0; r < nr; r++) col[r] = &t->atoms.data[r].a[j];
    if (j < w) {
      VEC_PUSH(*out, smt_mk_eq(ctx, lin_comb(ctx, &buf, nr, col, lam, u[j]), zero));
    } else {
      smt_term e = lin_comb(ctx, &buf, nr, col, lam, u0);
      VEC_PUSH(*out, smt_mk_int_ge(ctx, e, smt_mk_int(ctx, delta)));
    }
  }
  VEC_FREE(buf);
  free(col);
  free(lam);
}

void its_farkas_model(smt_ctx *ctx, smt_solver *sv, bool relaxed, const smt_term *c, size_t n, mpz_t *out) {
  if (!relaxed) {
    for (size_t i = 0; i < n; i++) {
      smt_term v = smt_solver_value(sv, c[i]);
      if (v && smt_term_kind(ctx, v) == SMT_INT_CONST) mpz_set(out[i], smt_term_value(ctx, v));
      else mpz_set_ui(out[i], 0);
    }
    return;
  }
  mpq_t *q = xmalloc((n ? n : 1) * sizeof *q);
  mpz_t l;
  mpz_init_set_ui(l, 1);
  for (size_t i = 0; i < n; i++) {
    mpq_init(q[i]);
    if (!smt_z3_value_rational(sv, c[i], q[i])) mpq_set_ui(q[i], 0, 1);
    mpz_lcm(l, l, mpq_denref(q[i]));
  }
  for (size_t i = 0; i < n; i++) {
    assert(mpz_divisible_p(l, mpq_denref(q[i]))); /* l is a common multiple */
    mpz_divexact(out[i], l, mpq_denref(q[i]));
    mpz_mul(out[i], out[i], mpq_numref(q[i]));
    mpq_clear(q[i]);
  }
  mpz_clear(l);
  free(q);
}

smt_term its_affine_term(smt_ctx *ctx, const mpz_t *c, uint32_t n, const smt_term *xs) {
  smt_term_vec sum = {0};
  for (uint32_t j = 0; j <= n; j++) {
    if (!mpz_sgn(c[j])) continue;
    smt_term k = smt_mk_int_mpz(ctx, c[j]);
    VEC_PUSH(sum, j == 0 ? k : smt_mk_int_mul2(ctx, k, xs[j - 1]));
  }
  smt_term r = smt_mk_int_add(ctx, (uint32_t)sum.len, sum.data);
  VEC_FREE(sum);
  return r;
}
