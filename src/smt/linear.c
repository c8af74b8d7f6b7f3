/* linear: Int polynomials in normal form (see internal.h for smt_poly).
 *
 * Contract: a polynomial is constant + sum coef_i * pp_i. A power product
 * pp is an Int term that is not a constant, sum, difference or negation; a
 * product of several factors is the raw (* f1 ... fk) with factors sorted by
 * term index (repetition allowed). smt_poly_term() gives the canonical term
 * of a normalized polynomial, and decomposing that term again with
 * smt_poly_add_term() gives back the same polynomial, which is what makes
 * the linear normal form of build.c canonical.
 *
 * Products of sums are distributed while the result has at most
 * MAX_PRODUCT_MONOS monomials; a larger product stays an opaque power
 * product (the term itself), so normalisation never blows up.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_PRODUCT_MONOS 64

void smt_poly_init(smt_poly *p) {
  mpz_init(p->constant);
  p->m.data = NULL;
  p->m.len = p->m.cap = 0;
}

void smt_poly_clear(smt_poly *p) {
  for (size_t i = 0; i < p->m.len; i++) mpz_clear(p->m.data[i].coef);
  p->m.len = 0;
  mpz_set_ui(p->constant, 0);
}

void smt_poly_free(smt_poly *p) {
  smt_poly_clear(p);
  VEC_FREE(p->m);
  mpz_clear(p->constant);
}

static void push_mono(smt_poly *p, mpz_srcptr c, smt_term pp) {
  smt_mono m;
  mpz_init_set(m.coef, c);
  m.pp = pp;
  VEC_PUSH(p->m, m);
}

static int mono_cmp(const void *a, const void *b) {
  smt_term x = ((const smt_mono *)a)->pp, y = ((const smt_mono *)b)->pp;
  return (x > y) - (x < y);
}

void smt_poly_normalize(smt_poly *p) {
  if (p->m.len > 1) qsort(p->m.data, p->m.len, sizeof *p->m.data, mono_cmp);
  size_t out = 0;
  for (size_t i = 0; i < p->m.len; i++) {
    if (out > 0 && p->m.data[out - 1].pp == p->m.data[i].pp) {
      mpz_add(p->m.data[out - 1].coef, p->m.data[out - 1].coef, p->m.data[i].coef);
      mpz_clear(p->m.data[i].coef);
    } else {
      p->m.data[out++] = p->m.data[i];
    }
  }
  p->m.len = out;
  out = 0;
  for (size_t i = 0; i < p->m.len; i++) {
    if (mpz_sgn(p->m.data[i].coef) == 0)
      mpz_clear(p->m.data[i].coef);
    else
      p->m.data[out++] = p->m.data[i];
  }
  p->m.len = out;
}

void smt_poly_add_poly(smt_poly *p, mpz_srcptr c, const smt_poly *q) {
  mpz_addmul(p->constant, c, q->constant);
  mpz_t t;
  mpz_init(t);
  for (size_t i = 0; i < q->m.len; i++) {
    mpz_mul(t, c, q->m.data[i].coef);
    push_mono(p, t, q->m.data[i].pp);
  }
  mpz_clear(t);
}

/* ---- power products ----------------------------------------------------- */
/* The factors of a power product: the arguments of a product, else pp. */
static const smt_term *pp_factors(const smt_ctx *ctx, const smt_term *pp, uint32_t *n) {
  const smt_tdesc *d = smt_desc(ctx, *pp);
  if (d->kind == SMT_INT_MUL) {
    *n = d->nargs;
    return d->args;
  }
  *n = 1;
  return pp;
}

/* The power product a * b (factor lists merged in index order). */
static smt_term pp_mul(smt_ctx *ctx, smt_term a, smt_term b) {
  uint32_t na, nb;
  const smt_term *fa = pp_factors(ctx, &a, &na), *fb = pp_factors(ctx, &b, &nb);
  smt_term buf[16], *m = na + nb <= 16 ? buf : xmalloc((na + nb) * sizeof *m);
  uint32_t i = 0, j = 0, k = 0;
  while (i < na || j < nb) {
    if (j >= nb || (i < na && fa[i] <= fb[j]))
      m[k++] = fa[i++];
    else
      m[k++] = fb[j++];
  }
  smt_term r = smt_mk_raw(ctx, SMT_INT_MUL, k, m, 0, 0);
  if (m != buf) free(m);
  return r;
}

void smt_poly_mul(smt_ctx *ctx, smt_poly *r, const smt_poly *p, const smt_poly *q) {
  smt_poly_clear(r);
  mpz_mul(r->constant, p->constant, q->constant);
  mpz_t t;
  mpz_init(t);
  for (size_t i = 0; i < p->m.len; i++) {
    if (mpz_sgn(q->constant)) {
      mpz_mul(t, p->m.data[i].coef, q->constant);
      push_mono(r, t, p->m.data[i].pp);
    }
    for (size_t j = 0; j < q->m.len; j++) {
      mpz_mul(t, p->m.data[i].coef, q->m.data[j].coef);
      push_mono(r, t, pp_mul(ctx, p->m.data[i].pp, q->m.data[j].pp));
    }
  }
  if (mpz_sgn(p->constant))
    for (size_t j = 0; j < q->m.len; j++) {
      mpz_mul(t, p->constant, q->m.data[j].coef);
      push_mono(r, t, q->m.data[j].pp);
    }
  mpz_clear(t);
  smt_poly_normalize(r);
}

/* ---- decomposition ---------------------------------------------------------- */
/* p += c * (product of the args); false (p unchanged) if the distributed
 * product would have too many monomials. */
bool smt_poly_add_product(smt_ctx *ctx, smt_poly *p, mpz_srcptr c, uint32_t n, const smt_term *args) {
  smt_poly acc, f, tmp;
  smt_poly_init(&acc);
  smt_poly_init(&f);
  smt_poly_init(&tmp);
  mpz_t one;
  mpz_init_set_ui(one, 1);
  mpz_set(acc.constant, c);
  bool ok = true;
  for (uint32_t i = 0; i < n; i++) {
    const smt_tdesc *d = smt_desc(ctx, args[i]);
    if (d->kind == SMT_INT_CONST) { /* scaling needs no product machinery */
      mpz_srcptr v = ctx->values.data[d->aux];
      mpz_mul(acc.constant, acc.constant, v);
      for (size_t j = 0; j < acc.m.len; j++) mpz_mul(acc.m.data[j].coef, acc.m.data[j].coef, v);
      continue;
    }
    smt_poly_clear(&f);
    smt_poly_add_term(ctx, &f, one, args[i]);
    smt_poly_normalize(&f);
    size_t na = acc.m.len + (mpz_sgn(acc.constant) != 0);
    size_t nf = f.m.len + (mpz_sgn(f.constant) != 0);
    if (na * nf > MAX_PRODUCT_MONOS) {
      ok = false;
      break;
    }
    smt_poly_mul(ctx, &tmp, &acc, &f);
    smt_poly sw = acc;
    acc = tmp;
    tmp = sw;
  }
  if (ok) smt_poly_add_poly(p, one, &acc);
  mpz_clear(one);
  smt_poly_free(&acc);
  smt_poly_free(&f);
  smt_poly_free(&tmp);
  return ok;
}

void smt_poly_add_term(smt_ctx *ctx, smt_poly *p, mpz_srcptr c, smt_term t) {
  /* copy the descriptor: recursive calls create terms, which may move the
   * table (argument arrays themselves never move) */
  const smt_tdesc d0 = *smt_desc(ctx, t), *d = &d0;
  assert(smt_sort_is_int(d->sort)); /* Int polynomials only */
  switch (d->kind) {
  case SMT_INT_CONST: mpz_addmul(p->constant, c, ctx->values.data[d->aux]); return;
  case SMT_INT_ADD:
    for (uint32_t i = 0; i < d->nargs; i++) smt_poly_add_term(ctx, p, c, d->args[i]);
    return;
  case SMT_INT_SUB:
  case SMT_INT_NEG: {
    mpz_t nc;
    mpz_init(nc);
    mpz_neg(nc, c);
    if (d->kind == SMT_INT_SUB) {
      smt_poly_add_term(ctx, p, c, d->args[0]);
      smt_poly_add_term(ctx, p, nc, d->args[1]);
    } else {
      smt_poly_add_term(ctx, p, nc, d->args[0]);
    }
    mpz_clear(nc);
    return;
  }
  case SMT_INT_MUL: {
    /* Fast path: a canonical monomial (* k f1 ... fm) or power product
     * (* f1 ... fm), factors sorted and neither constants, sums nor
     * products. Anything else is multiplied out. */
    uint32_t first = 0;
    if (d->nargs >= 2 && smt_desc(ctx, d->args[0])->kind == SMT_INT_CONST) first = 1;
    bool plain = d->nargs - first >= 1 && (first == 1 || d->nargs >= 2);
    for (uint32_t i = first; i < d->nargs && plain; i++) {
      smt_kind k = (smt_kind)smt_desc(ctx, d->args[i])->kind;
      plain = k != SMT_INT_CONST && k != SMT_INT_ADD && k != SMT_INT_SUB && k != SMT_INT_NEG &&
              k != SMT_INT_MUL && (i == first || d->args[i - 1] <= d->args[i]);
    }
    if (plain && first == 0) {
      push_mono(p, c, t);
      return;
    }
    if (plain) {
      mpz_t cc;
      mpz_init(cc);
      mpz_mul(cc, c, ctx->values.data[smt_desc(ctx, d->args[0])->aux]);
      smt_term pp =
          d->nargs == 2 ? d->args[1] : smt_mk_raw(ctx, SMT_INT_MUL, d->nargs - 1, d->args + 1, 0, 0);
      if (mpz_sgn(cc)) push_mono(p, cc, pp);
      mpz_clear(cc);
      return;
    }
    if (smt_poly_add_product(ctx, p, c, d->nargs, d->args)) return;
    break; /* too large: opaque */
  }
  default: break;
  }
  if (mpz_sgn(c)) push_mono(p, c, t);
}

/* ---- back to terms ------------------------------------------------------------ */
smt_term smt_mono_term(smt_ctx *ctx, mpz_srcptr coef, smt_term pp) {
  /* a power product: an Int term that is no constant (the contract above) */
  assert(smt_sort_is_int(smt_desc(ctx, pp)->sort) && smt_desc(ctx, pp)->kind != SMT_INT_CONST);
  if (mpz_cmp_ui(coef, 1) == 0) return pp;
  if (mpz_sgn(coef) == 0) return smt_mk_int(ctx, 0);
  uint32_t n;
  const smt_term *f = pp_factors(ctx, &pp, &n);
  smt_term buf[16], *m = n + 1 <= 16 ? buf : xmalloc((n + 1) * sizeof *m);
  m[0] = smt_mk_int_mpz(ctx, coef);
  memcpy(m + 1, f, n * sizeof *f);
  smt_term r = smt_mk_raw(ctx, SMT_INT_MUL, n + 1, m, 0, 0);
  if (m != buf) free(m);
  return r;
}

smt_term smt_poly_term(smt_ctx *ctx, const smt_poly *p) {
  size_t k = p->m.len;
  if (k == 0) return smt_mk_int_mpz(ctx, p->constant);
  bool has_const = mpz_sgn(p->constant) != 0;
  if (k == 1 && !has_const) return smt_mono_term(ctx, p->m.data[0].coef, p->m.data[0].pp);
  assert(mpz_sgn(p->m.data[0].coef) != 0); /* normalized: zero monomials are gone */
  smt_term *args = xmalloc((k + 1) * sizeof *args);
  uint32_t n = 0;
  if (has_const) args[n++] = smt_mk_int_mpz(ctx, p->constant);
  for (size_t i = 0; i < k; i++) args[n++] = smt_mono_term(ctx, p->m.data[i].coef, p->m.data[i].pp);
  smt_term r = smt_mk_raw(ctx, SMT_INT_ADD, n, args, 0, 0);
  free(args);
  return r;
}

void smt_poly_gcd(mpz_t g, const smt_poly *p) {
  mpz_set_ui(g, 0);
  for (size_t i = 0; i < p->m.len; i++) mpz_gcd(g, g, p->m.data[i].coef);
}
