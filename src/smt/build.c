/* build: simplifying constructors (see build.h for the contract).
 *
 * smt_mk() checks sorts, folds constant arguments with smt_fold(), and
 * otherwise dispatches to one rewrite function per family of kinds. Every
 * rewrite returns a term equivalent to the raw term in every model; the
 * randomized test in tests/unit/test_smt_simplify.c checks that with Z3.
 * Rewrites call smt_mk() recursively only on strictly smaller or
 * differently-rooted terms, so they terminate.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "internal.h"

#define KIND(t) ((smt_kind)smt_desc(ctx, (t))->kind)
#define SORT(t) (smt_desc(ctx, (t))->sort)
#define ARG(t, i) (smt_desc(ctx, (t))->args[i])
#define NARGS(t) (smt_desc(ctx, (t))->nargs)
#define VAL(t) (ctx->values.data[smt_desc(ctx, (t))->aux])
#define WIDTH(t) smt_sort_width(SORT(t))

static bool is_bv_zero(const smt_ctx *ctx, smt_term t) {
  return KIND(t) == SMT_BV_CONST && mpz_sgn(VAL(t)) == 0;
}
static bool is_bv_one(const smt_ctx *ctx, smt_term t) {
  return KIND(t) == SMT_BV_CONST && mpz_cmp_ui(VAL(t), 1) == 0;
}
/* all ones: value + 1 == 2^w */
static bool is_bv_ones(const smt_ctx *ctx, smt_term t) {
  return KIND(t) == SMT_BV_CONST && mpz_popcount(VAL(t)) == WIDTH(t);
}
/* the minimum signed value 100...0 */
static bool is_bv_smin(const smt_ctx *ctx, smt_term t) {
  return KIND(t) == SMT_BV_CONST && mpz_popcount(VAL(t)) == 1 && mpz_tstbit(VAL(t), WIDTH(t) - 1);
}
/* the maximum signed value 011...1 */
static bool is_bv_smax(const smt_ctx *ctx, smt_term t) {
  return KIND(t) == SMT_BV_CONST && mpz_popcount(VAL(t)) == WIDTH(t) - 1 &&
         !mpz_tstbit(VAL(t), WIDTH(t) - 1);
}

static smt_term bv_ones(smt_ctx *ctx, uint32_t w) {
  assert(w >= 1 && w <= SMT_MAX_WIDTH);
  mpz_t z;
  mpz_init(z);
  mpz_setbit(z, w);
  mpz_sub_ui(z, z, 1);
  smt_term t = smt_mk_bv_mpz(ctx, w, z);
  mpz_clear(z);
  return t;
}

static smt_term bv_smin(smt_ctx *ctx, uint32_t w) {
  assert(w >= 1 && w <= SMT_MAX_WIDTH); /* bit w-1 is the sign */
  mpz_t z;
  mpz_init(z);
  mpz_setbit(z, w - 1);
  smt_term t = smt_mk_bv_mpz(ctx, w, z);
  mpz_clear(z);
  return t;
}

/* (kind a b) through the simplifying constructor (folds constants). */
static smt_term mk2(smt_ctx *ctx, smt_kind k, smt_term a, smt_term b) {
  return smt_mk(ctx, k, 2, (smt_term[]){a, b}, 0, 0);
}

static smt_term mk1p(smt_ctx *ctx, smt_kind k, smt_term a, uint32_t p1, uint32_t p2) {
  return smt_mk(ctx, k, 1, &a, p1, p2);
}

/* ---- constant folding ------------------------------------------------------ */
static smt_term const_of_value(smt_ctx *ctx, smt_sort s, mpz_srcptr v) {
  assert(s == SMT_SORT_BOOL || s == SMT_SORT_INT || smt_sort_is_bv(s)); /* arrays are never folded */
  if (s == SMT_SORT_BOOL) return mpz_sgn(v) ? SMT_TRUE : SMT_FALSE;
  if (s == SMT_SORT_INT) return smt_mk_int_mpz(ctx, v);
  return smt_mk_bv_mpz(ctx, smt_sort_width(s), v);
}

static mpz_srcptr value_of_const(smt_ctx *ctx, smt_term t, mpz_ptr tmp) {
  if (KIND(t) == SMT_BOOL_CONST) {
    mpz_set_ui(tmp, t == SMT_TRUE);
    return tmp;
  }
  return VAL(t);
}

/* SMT_NULL if some argument is not a constant or the value is undefined. */
static smt_term try_fold(smt_ctx *ctx, smt_kind k, uint32_t n, const smt_term *a, smt_sort s,
                         uint32_t aux) {
  if (k >= SMT_SELECT) return SMT_NULL; /* arrays and floats are not folded */
  for (uint32_t i = 0; i < n; i++)
    if (!smt_term_is_const(ctx, a[i])) return SMT_NULL;
  enum { SMALL = 4 };
  mpz_t tmps[SMALL];
  mpz_srcptr vs_small[SMALL];
  uint32_t aw_small[SMALL];
  mpz_ptr tmp_big = NULL;
  mpz_srcptr *vs = n <= SMALL ? vs_small : xmalloc(n * sizeof *vs);
  uint32_t *aw = n <= SMALL ? aw_small : xmalloc(n * sizeof *aw);
  if (n > SMALL) tmp_big = xmalloc(n * sizeof(__mpz_struct));
  for (uint32_t i = 0; i < n; i++) {
    mpz_ptr tmp = n <= SMALL ? tmps[i] : &tmp_big[i];
    mpz_init(tmp);
    vs[i] = value_of_const(ctx, a[i], tmp);
    aw[i] = smt_sort_is_bv(SORT(a[i])) ? WIDTH(a[i]) : 0;
  }
  mpz_t out;
  mpz_init(out);
  smt_term r = SMT_NULL;
  if (smt_fold(k, n, vs, aw, s, aux, out)) r = const_of_value(ctx, s, out);
  mpz_clear(out);
  for (uint32_t i = 0; i < n; i++) mpz_clear(n <= SMALL ? tmps[i] : &tmp_big[i]);
  if (n > SMALL) {
    free(vs);
    free(aw);
    free(tmp_big);
  }
  return r;
}

/* ---- Boolean ------------------------------------------------------------------ */
static int term_cmp(const void *a, const void *b) {
  smt_term x = *(const smt_term *)a, y = *(const smt_term *)b;
  return (x > y) - (x < y);
}

static bool sorted_has(const smt_term *a, uint32_t n, smt_term t) {
  return bsearch(&t, a, n, sizeof *a, term_cmp) != NULL;
}

/* A vector of terms that lives on the stack while it is small. */
typedef struct {
  smt_term *data;
  size_t len, cap;
  smt_term buf[32];
} small_vec;

static void sv_init(small_vec *v) {
  v->data = v->buf;
  v->len = 0;
  v->cap = 32;
}
static void sv_push(small_vec *v, smt_term t) {
  if (v->len == v->cap) {
    smt_term *n = xmalloc(2 * v->cap * sizeof *n);
    memcpy(n, v->data, v->len * sizeof *n);
    if (v->data != v->buf) free(v->data);
    v->data = n;
    v->cap *= 2;
  }
  v->data[v->len++] = t;
}
static void sv_free(small_vec *v) {
  if (v->data != v->buf) free(v->data);
}

/* and (is_and) or or over args: flatten, drop the neutral element, detect
 * the absorbing one and complementary pairs, sort, deduplicate. */
static smt_term mk_andor(smt_ctx *ctx, bool is_and, uint32_t n, const smt_term *args) {
  smt_kind k = is_and ? SMT_AND : SMT_OR;
  smt_term neutral = is_and ? SMT_TRUE : SMT_FALSE, absorbing = is_and ? SMT_FALSE : SMT_TRUE;
  small_vec v, todo;
  sv_init(&v);
  sv_init(&todo);
  for (uint32_t i = n; i-- > 0;) sv_push(&todo, args[i]);
  smt_term r = SMT_NULL;
  while (todo.len) {
    smt_term t = todo.data[--todo.len];
    if (t == neutral) continue;
    if (t == absorbing) {
      r = absorbing;
      break;
    }
    if (KIND(t) == k) {
      for (uint32_t i = NARGS(t); i-- > 0;) sv_push(&todo, ARG(t, i));
      continue;
    }
    assert(SORT(t) == SMT_SORT_BOOL);
    sv_push(&v, t);
  }
  if (!r) {
    if (v.len > 16) {
      qsort(v.data, v.len, sizeof *v.data, term_cmp);
    } else { /* the common case: a few arguments */
      for (size_t i = 1; i < v.len; i++)
        for (size_t j = i; j > 0 && v.data[j - 1] > v.data[j]; j--) {
          smt_term t = v.data[j];
          v.data[j] = v.data[j - 1];
          v.data[j - 1] = t;
        }
    }
    size_t m = 0;
    for (size_t i = 0; i < v.len; i++)
      if (m == 0 || v.data[m - 1] != v.data[i]) v.data[m++] = v.data[i];
    v.len = m;
    for (size_t i = 0; i < v.len && !r; i++)
      if (KIND(v.data[i]) == SMT_NOT && sorted_has(v.data, (uint32_t)v.len, ARG(v.data[i], 0)))
        r = absorbing;
    if (!r) {
      if (v.len == 0) r = neutral;
      else if (v.len == 1) r = v.data[0];
      else r = smt_mk_raw(ctx, k, (uint32_t)v.len, v.data, 0, 0);
    }
  }
  sv_free(&v);
  sv_free(&todo);
  return r;
}

static smt_term int_cmp(smt_ctx *ctx, bool is_eq, smt_term a, smt_term b, long k);

static smt_term mk_not(smt_ctx *ctx, smt_term a) {
  assert(SORT(a) == SMT_SORT_BOOL);
  if (a == SMT_TRUE) return SMT_FALSE;
  if (a == SMT_FALSE) return SMT_TRUE;
  if (KIND(a) == SMT_NOT) return ARG(a, 0);
  if (KIND(a) == SMT_INT_LE) {
    /* not (l <= r)  <=>  r - l + 1 <= 0 over the integers; remembered,
     * since implications negate the same atoms again and again */
    smt_term r = smt_map_get(&ctx->negation, a, 0);
    if (!r) {
      r = int_cmp(ctx, false, ARG(a, 1), ARG(a, 0), 1);
      smt_map_put(&ctx->negation, a, r);
    }
    return r;
  }
  return smt_mk_raw(ctx, SMT_NOT, 1, &a, 0, 0);
}

static bool complementary(const smt_ctx *ctx, smt_term a, smt_term b) {
  return (KIND(a) == SMT_NOT && ARG(a, 0) == b) || (KIND(b) == SMT_NOT && ARG(b, 0) == a);
}

static smt_term mk_xor(smt_ctx *ctx, smt_term a, smt_term b) {
  assert(SORT(a) == SMT_SORT_BOOL && SORT(b) == SMT_SORT_BOOL);
  if (a == b) return SMT_FALSE;
  if (a == SMT_FALSE) return b;
  if (b == SMT_FALSE) return a;
  if (a == SMT_TRUE) return mk_not(ctx, b);
  if (b == SMT_TRUE) return mk_not(ctx, a);
  if (complementary(ctx, a, b)) return SMT_TRUE;
  smt_term s[2] = {a < b ? a : b, a < b ? b : a};
  return smt_mk_raw(ctx, SMT_XOR, 2, s, 0, 0);
}

static smt_term mk_ite(smt_ctx *ctx, smt_term c, smt_term a, smt_term b) {
  assert(SORT(c) == SMT_SORT_BOOL && SORT(a) == SORT(b));
  if (c == SMT_TRUE) return a;
  if (c == SMT_FALSE) return b;
  if (a == b) return a;
  if (KIND(c) == SMT_NOT) return mk_ite(ctx, ARG(c, 0), b, a);
  if (SORT(a) == SMT_SORT_BOOL) {
    if (a == SMT_TRUE && b == SMT_FALSE) return c;
    if (a == SMT_FALSE && b == SMT_TRUE) return mk_not(ctx, c);
    if (b == SMT_FALSE) return mk_andor(ctx, true, 2, (smt_term[]){c, a});
    if (a == SMT_TRUE) return mk_andor(ctx, false, 2, (smt_term[]){c, b});
    if (a == SMT_FALSE) return mk_andor(ctx, true, 2, (smt_term[]){mk_not(ctx, c), b});
    if (b == SMT_TRUE) return mk_andor(ctx, false, 2, (smt_term[]){mk_not(ctx, c), a});
  }
  /* the same condition again in a branch is decided */
  if (KIND(a) == SMT_ITE && ARG(a, 0) == c) return mk_ite(ctx, c, ARG(a, 1), b);
  if (KIND(b) == SMT_ITE && ARG(b, 0) == c) return mk_ite(ctx, c, a, ARG(b, 2));
  return smt_mk_raw(ctx, SMT_ITE, 3, (smt_term[]){c, a, b}, 0, 0);
}

/* ---- Int: linear normal form ------------------------------------------------- */
/* The atom p <= 0 (is_eq false) or p = 0 (is_eq true), p normalized. */
static smt_term poly_atom(smt_ctx *ctx, bool is_eq, smt_poly *p) {
  if (p->m.len == 0) {
    int s = mpz_sgn(p->constant);
    return (is_eq ? s == 0 : s <= 0) ? SMT_TRUE : SMT_FALSE;
  }
  mpz_t g, bound;
  mpz_inits(g, bound, NULL);
  smt_poly_gcd(g, p);
  assert(mpz_sgn(g) > 0); /* normalized: no zero coefficient, so the divisions below are by g >= 1 */
  mpz_neg(bound, p->constant); /* q <= -constant, q = p - constant */
  smt_term r = SMT_NULL;
  if (is_eq) {
    if (!mpz_divisible_p(bound, g)) {
      r = SMT_FALSE; /* g*q' = bound has no integer solution */
    } else {
      mpz_divexact(bound, bound, g);
      if (mpz_sgn(p->m.data[0].coef) < 0) {
        mpz_neg(g, g); /* make the first coefficient positive */
        mpz_neg(bound, bound);
      }
    }
  } else {
    mpz_fdiv_q(bound, bound, g); /* integer tightening: q' <= floor(bound/g) */
  }
  if (!r) {
    for (size_t i = 0; i < p->m.len; i++) mpz_divexact(p->m.data[i].coef, p->m.data[i].coef, g);
    mpz_set_ui(p->constant, 0);
    smt_term args[2] = {smt_poly_term(ctx, p), smt_mk_int_mpz(ctx, bound)};
    r = smt_mk_raw(ctx, is_eq ? SMT_EQ : SMT_INT_LE, 2, args, 0, 0);
  }
  mpz_clears(g, bound, NULL);
  return r;
}

/* a - b + k <= 0 or = 0 */
static smt_term int_cmp(smt_ctx *ctx, bool is_eq, smt_term a, smt_term b, long k) {
  assert(SORT(a) == SMT_SORT_INT && SORT(b) == SMT_SORT_INT);
  smt_poly p;
  smt_poly_init(&p);
  mpz_t one, m1;
  mpz_init_set_si(one, 1);
  mpz_init_set_si(m1, -1);
  smt_poly_add_term(ctx, &p, one, a);
  smt_poly_add_term(ctx, &p, m1, b);
  mpz_add_ui(p.constant, p.constant, (unsigned long)k);
  smt_poly_normalize(&p);
  smt_term r = poly_atom(ctx, is_eq, &p);
  mpz_clears(one, m1, NULL);
  smt_poly_free(&p);
  return r;
}

static smt_term int_arith(smt_ctx *ctx, smt_kind k, uint32_t n, const smt_term *a) {
  assert(n >= 1 && (k != SMT_INT_SUB || n == 2) && (k != SMT_INT_NEG || n == 1));
  smt_poly p;
  smt_poly_init(&p);
  mpz_t one, m1;
  mpz_init_set_si(one, 1);
  mpz_init_set_si(m1, -1);
  smt_term r = SMT_NULL;
  switch (k) {
  case SMT_INT_ADD:
    for (uint32_t i = 0; i < n; i++) smt_poly_add_term(ctx, &p, one, a[i]);
    break;
  case SMT_INT_SUB:
    smt_poly_add_term(ctx, &p, one, a[0]);
    smt_poly_add_term(ctx, &p, m1, a[1]);
    break;
  case SMT_INT_NEG: smt_poly_add_term(ctx, &p, m1, a[0]); break;
  default: /* SMT_INT_MUL */
    if (!smt_poly_add_product(ctx, &p, one, n, a)) {
      /* too large to distribute: an opaque product with sorted factors */
      smt_term *s = xmalloc(n * sizeof *s);
      memcpy(s, a, n * sizeof *s);
      qsort(s, n, sizeof *s, term_cmp);
      r = smt_mk_raw(ctx, SMT_INT_MUL, n, s, 0, 0);
      free(s);
    }
    break;
  }
  if (!r) {
    smt_poly_normalize(&p);
    r = smt_poly_term(ctx, &p);
  }
  mpz_clears(one, m1, NULL);
  smt_poly_free(&p);
  return r;
}

static smt_term int_divmod(smt_ctx *ctx, smt_kind k, smt_term a, smt_term b) {
  assert(SORT(a) == SMT_SORT_INT && SORT(b) == SMT_SORT_INT);
  if (KIND(b) == SMT_INT_CONST) {
    if (mpz_cmp_ui(VAL(b), 1) == 0) return k == SMT_INT_DIV ? a : smt_mk_int(ctx, 0);
    if (mpz_cmp_si(VAL(b), -1) == 0)
      return k == SMT_INT_DIV ? int_arith(ctx, SMT_INT_NEG, 1, &a) : smt_mk_int(ctx, 0);
  }
  return smt_mk_raw(ctx, k, 2, (smt_term[]){a, b}, 0, 0);
}

/* ---- equality ------------------------------------------------------------------- */
static smt_term mk_eq(smt_ctx *ctx, smt_term a, smt_term b) {
  assert(SORT(a) == SORT(b));
  if (a == b) return SMT_TRUE;
  smt_sort s = SORT(a);
  if (s == SMT_SORT_BOOL) {
    if (a == SMT_TRUE) return b;
    if (b == SMT_TRUE) return a;
    if (a == SMT_FALSE) return mk_not(ctx, b);
    if (b == SMT_FALSE) return mk_not(ctx, a);
    if (complementary(ctx, a, b)) return SMT_FALSE;
  } else if (s == SMT_SORT_INT) {
    return int_cmp(ctx, true, a, b, 0);
  } else if (smt_sort_is_bv(s)) {
    if (KIND(b) == SMT_BV_CONST && KIND(a) != SMT_BV_CONST) {
      smt_term t = a;
      a = b;
      b = t;
    }
    if (KIND(a) == SMT_BV_CONST) {
      /* c = f(x) with f invertible on constants: solve for x */
      uint32_t w = WIDTH(a);
      switch (KIND(b)) {
      case SMT_BV_ADD:
        if (KIND(ARG(b, 0)) == SMT_BV_CONST)
          return smt_mk_eq(ctx, mk2(ctx, SMT_BV_SUB, a, ARG(b, 0)), ARG(b, 1));
        break;
      case SMT_BV_XOR:
        if (KIND(ARG(b, 0)) == SMT_BV_CONST)
          return smt_mk_eq(ctx, mk2(ctx, SMT_BV_XOR, a, ARG(b, 0)), ARG(b, 1));
        break;
      case SMT_BV_NOT:
      case SMT_BV_NEG: return smt_mk_eq(ctx, smt_mk(ctx, KIND(b), 1, &a, 0, 0), ARG(b, 0));
      case SMT_BV_CONCAT: {
        smt_term hi = ARG(b, 0), lo = ARG(b, 1);
        uint32_t wl = WIDTH(lo);
        smt_term ch = smt_mk_bv_extract(ctx, a, w - 1, wl), cl = smt_mk_bv_extract(ctx, a, wl - 1, 0);
        return mk_andor(ctx, true, 2, (smt_term[]){smt_mk_eq(ctx, ch, hi), smt_mk_eq(ctx, cl, lo)});
      }
      case SMT_BV_ZEXT: {
        smt_term x = ARG(b, 0);
        uint32_t wx = WIDTH(x);
        if (mpz_sizeinbase(VAL(a), 2) > wx && mpz_sgn(VAL(a)) != 0) return SMT_FALSE;
        return smt_mk_eq(ctx, smt_mk_bv_extract(ctx, a, wx - 1, 0), x);
      }
      default: break;
      }
    }
  }
  smt_term s2[2] = {a, b};
  if (!(smt_sort_is_bv(s) && KIND(a) == SMT_BV_CONST) && a > b) {
    s2[0] = b;
    s2[1] = a;
  }
  return smt_mk_raw(ctx, SMT_EQ, 2, s2, 0, 0);
}

/* ---- BV -------------------------------------------------------------------------- */
static bool commutative(smt_kind k) {
  switch (k) {
  case SMT_BV_AND: case SMT_BV_OR: case SMT_BV_XOR: case SMT_BV_ADD: case SMT_BV_MUL:
  case SMT_BV_UADDO: case SMT_BV_SADDO: case SMT_BV_UMULO: case SMT_BV_SMULO:
    return true;
  default: return false;
  }
}

static smt_term bv_binary(smt_ctx *ctx, smt_kind k, smt_term a, smt_term b) {
  uint32_t w = WIDTH(a);
  /* bv operations need equal widths; only concat joins two widths */
  assert(smt_sort_is_bv(SORT(a)) && (k == SMT_BV_CONCAT || SORT(a) == SORT(b)));
  if (commutative(k)) { /* constant first, else by index */
    bool ca = KIND(a) == SMT_BV_CONST, cb = KIND(b) == SMT_BV_CONST;
    if ((cb && !ca) || (ca == cb && a > b)) {
      smt_term t = a;
      a = b;
      b = t;
    }
  }
  bool ca = KIND(a) == SMT_BV_CONST, cb = KIND(b) == SMT_BV_CONST;
  switch (k) {
  case SMT_BV_ADD:
    if (is_bv_zero(ctx, a)) return b;
    if (ca && KIND(b) == k && KIND(ARG(b, 0)) == SMT_BV_CONST)
      return mk2(ctx, k, mk2(ctx, k, a, ARG(b, 0)), ARG(b, 1));
    break;
  case SMT_BV_MUL:
    if (is_bv_zero(ctx, a)) return a;
    if (is_bv_one(ctx, a)) return b;
    if (ca && KIND(b) == k && KIND(ARG(b, 0)) == SMT_BV_CONST)
      return mk2(ctx, k, mk2(ctx, k, a, ARG(b, 0)), ARG(b, 1));
    break;
  case SMT_BV_AND:
    if (is_bv_zero(ctx, a)) return a;
    if (is_bv_ones(ctx, a)) return b;
    if (a == b) return a;
    if ((KIND(a) == SMT_BV_NOT && ARG(a, 0) == b) || (KIND(b) == SMT_BV_NOT && ARG(b, 0) == a))
      return smt_mk_bv(ctx, w, 0);
    if (ca && KIND(b) == k && KIND(ARG(b, 0)) == SMT_BV_CONST)
      return mk2(ctx, k, mk2(ctx, k, a, ARG(b, 0)), ARG(b, 1));
    break;
  case SMT_BV_OR:
    if (is_bv_zero(ctx, a)) return b;
    if (is_bv_ones(ctx, a)) return a;
    if (a == b) return a;
    if ((KIND(a) == SMT_BV_NOT && ARG(a, 0) == b) || (KIND(b) == SMT_BV_NOT && ARG(b, 0) == a))
      return bv_ones(ctx, w);
    if (ca && KIND(b) == k && KIND(ARG(b, 0)) == SMT_BV_CONST)
      return mk2(ctx, k, mk2(ctx, k, a, ARG(b, 0)), ARG(b, 1));
    break;
  case SMT_BV_XOR:
    if (is_bv_zero(ctx, a)) return b;
    if (a == b) return smt_mk_bv(ctx, w, 0);
    if (is_bv_ones(ctx, a)) return smt_mk_bv_op1(ctx, SMT_BV_NOT, b);
    if (ca && KIND(b) == k && KIND(ARG(b, 0)) == SMT_BV_CONST)
      return mk2(ctx, k, mk2(ctx, k, a, ARG(b, 0)), ARG(b, 1));
    break;
  case SMT_BV_SUB:
    if (is_bv_zero(ctx, b)) return a;
    if (a == b) return smt_mk_bv(ctx, w, 0);
    if (cb) return mk2(ctx, SMT_BV_ADD, smt_mk_bv_op1(ctx, SMT_BV_NEG, b), a);
    break;
  case SMT_BV_UDIV:
    if (is_bv_one(ctx, b)) return a;
    if (is_bv_zero(ctx, b)) return bv_ones(ctx, w); /* SMT-LIB: x / 0 = ~0 */
    break;
  case SMT_BV_UREM:
    if (is_bv_one(ctx, b)) return smt_mk_bv(ctx, w, 0);
    if (is_bv_zero(ctx, b)) return a; /* SMT-LIB: x % 0 = x */
    break;
  case SMT_BV_SDIV:
    if (is_bv_one(ctx, b)) return a;
    break;
  case SMT_BV_SREM:
  case SMT_BV_SMOD:
    if (is_bv_one(ctx, b)) return smt_mk_bv(ctx, w, 0);
    if (is_bv_zero(ctx, b)) return a; /* both reduce to the dividend */
    break;
  case SMT_BV_SHL:
  case SMT_BV_LSHR:
  case SMT_BV_ASHR:
    if (is_bv_zero(ctx, b) || is_bv_zero(ctx, a)) return a;
    if (k != SMT_BV_ASHR && cb && mpz_cmp_ui(VAL(b), w) >= 0) return smt_mk_bv(ctx, w, 0);
    break;
  case SMT_BV_ULT:
    if (a == b || is_bv_zero(ctx, b) || is_bv_ones(ctx, a)) return SMT_FALSE;
    break;
  case SMT_BV_ULE:
    if (a == b || is_bv_zero(ctx, a) || is_bv_ones(ctx, b)) return SMT_TRUE;
    break;
  case SMT_BV_UGT: return mk2(ctx, SMT_BV_ULT, b, a);
  case SMT_BV_UGE: return mk2(ctx, SMT_BV_ULE, b, a);
  case SMT_BV_SLT:
    if (a == b || is_bv_smin(ctx, b) || is_bv_smax(ctx, a)) return SMT_FALSE;
    break;
  case SMT_BV_SLE:
    if (a == b || is_bv_smin(ctx, a) || is_bv_smax(ctx, b)) return SMT_TRUE;
    break;
  case SMT_BV_SGT: return mk2(ctx, SMT_BV_SLT, b, a);
  case SMT_BV_SGE: return mk2(ctx, SMT_BV_SLE, b, a);
  case SMT_BV_UADDO:
  case SMT_BV_SADDO:
    if (is_bv_zero(ctx, a)) return SMT_FALSE;
    break;
  case SMT_BV_USUBO: return mk2(ctx, SMT_BV_ULT, a, b); /* borrow iff a < b */
  case SMT_BV_SSUBO:
    if (is_bv_zero(ctx, b) || a == b) return SMT_FALSE;
    break;
  case SMT_BV_UMULO:
    if (is_bv_zero(ctx, a) || is_bv_one(ctx, a)) return SMT_FALSE;
    break;
  case SMT_BV_SMULO:
    /* at width 1 the constant 1 is -1, and -1 * -1 overflows */
    if (is_bv_zero(ctx, a) || (w > 1 && is_bv_one(ctx, a))) return SMT_FALSE;
    break;
  case SMT_BV_SDIVO:
    if (cb) return is_bv_ones(ctx, b) ? mk_eq(ctx, bv_smin(ctx, w), a) : SMT_FALSE;
    if (ca) return is_bv_smin(ctx, a) ? mk_eq(ctx, bv_ones(ctx, w), b) : SMT_FALSE;
    break;
  case SMT_BV_CONCAT:
    /* x[hi:m] ++ x[m-1:lo] = x[hi:lo] */
    if (KIND(a) == SMT_BV_EXTRACT && KIND(b) == SMT_BV_EXTRACT && ARG(a, 0) == ARG(b, 0) &&
        smt_extract_lo(ctx, a) == smt_extract_hi(ctx, b) + 1)
      return smt_mk_bv_extract(ctx, ARG(a, 0), smt_extract_hi(ctx, a), smt_extract_lo(ctx, b));
    break;
  default: break;
  }
  return smt_mk_raw(ctx, k, 2, (smt_term[]){a, b}, 0, 0);
}

static smt_term bv_unary(smt_ctx *ctx, smt_kind k, smt_term a, uint32_t p1, uint32_t p2) {
  uint32_t w = WIDTH(a);
  switch (k) {
  case SMT_BV_NOT:
  case SMT_BV_NEG:
    if (KIND(a) == k) return ARG(a, 0);
    break;
  case SMT_BV_EXTRACT: {
    uint32_t hi = p1, lo = p2;
    assert(lo <= hi && hi < w); /* the extract range lies in the argument */
    if (lo == 0 && hi == w - 1) return a;
    switch (KIND(a)) {
    case SMT_BV_EXTRACT: {
      uint32_t l2 = smt_extract_lo(ctx, a);
      return mk1p(ctx, k, ARG(a, 0), l2 + hi, l2 + lo);
    }
    case SMT_BV_CONCAT: {
      uint32_t wl = WIDTH(ARG(a, 1));
      if (hi < wl) return mk1p(ctx, k, ARG(a, 1), hi, lo);
      if (lo >= wl) return mk1p(ctx, k, ARG(a, 0), hi - wl, lo - wl);
      break;
    }
    case SMT_BV_ZEXT:
    case SMT_BV_SEXT: {
      uint32_t wx = WIDTH(ARG(a, 0));
      if (hi < wx) return mk1p(ctx, k, ARG(a, 0), hi, lo);
      if (KIND(a) == SMT_BV_ZEXT && lo >= wx) return smt_mk_bv(ctx, hi - lo + 1, 0);
      break;
    }
    default: break;
    }
    break;
  }
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT:
    assert(p1 <= SMT_MAX_WIDTH - w);
    if (p1 == 0) return a;
    if (KIND(a) == k) return mk1p(ctx, k, ARG(a, 0), p1 + (w - WIDTH(ARG(a, 0))), 0);
    break;
  default: break;
  }
  return smt_mk_raw(ctx, k, 1, &a, p1, p2);
}

static smt_term mk_conv(smt_ctx *ctx, smt_kind k, smt_term a, uint32_t p1) {
  assert(k == SMT_INT2BV ? SORT(a) == SMT_SORT_INT && p1 >= 1 && p1 <= SMT_MAX_WIDTH : smt_sort_is_bv(SORT(a)));
  switch (k) {
  case SMT_BV2NAT:
    if (KIND(a) == SMT_BV_ZEXT) return mk1p(ctx, k, ARG(a, 0), 0, 0);
    break;
  case SMT_BV2INT:
    if (KIND(a) == SMT_BV_SEXT) return mk1p(ctx, k, ARG(a, 0), 0, 0);
    break;
  case SMT_INT2BV:
    /* converting back at the same width is the identity */
    if ((KIND(a) == SMT_BV2NAT || KIND(a) == SMT_BV2INT) && WIDTH(ARG(a, 0)) == p1) return ARG(a, 0);
    break;
  default: break;
  }
  return smt_mk_raw(ctx, k, 1, &a, p1, 0);
}

/* ---- arrays ------------------------------------------------------------------------ */
static smt_term mk_select(smt_ctx *ctx, smt_term a, smt_term i) {
  assert(smt_sort_is_array(SORT(a)) && SORT(i) == smt_sort_bv(WIDTH(a)));
  for (;;) {
    if (KIND(a) == SMT_CONST_ARRAY) return ARG(a, 0);
    if (KIND(a) != SMT_STORE) break;
    smt_term j = ARG(a, 1);
    if (j == i) return ARG(a, 2);
    /* distinct constant indices: the store does not matter */
    if (KIND(i) == SMT_BV_CONST && KIND(j) == SMT_BV_CONST) {
      a = ARG(a, 0);
      continue;
    }
    break;
  }
  return smt_mk_raw(ctx, SMT_SELECT, 2, (smt_term[]){a, i}, 0, 0);
}

static smt_term mk_store(smt_ctx *ctx, smt_term a, smt_term i, smt_term v) {
  assert(smt_sort_is_array(SORT(a)) && SORT(i) == smt_sort_bv(WIDTH(a)) && SORT(v) == smt_sort_bv(8));
  if (KIND(v) == SMT_SELECT && ARG(v, 0) == a && ARG(v, 1) == i) return a;
  if (KIND(a) == SMT_STORE) {
    smt_term j = ARG(a, 1);
    if (j == i) return mk_store(ctx, ARG(a, 0), i, v);
    /* stores at distinct constant indices commute: keep them sorted */
    if (KIND(i) == SMT_BV_CONST && KIND(j) == SMT_BV_CONST && mpz_cmp(VAL(i), VAL(j)) < 0)
      return mk_store(ctx, mk_store(ctx, ARG(a, 0), i, v), j, ARG(a, 2));
  }
  return smt_mk_raw(ctx, SMT_STORE, 3, (smt_term[]){a, i, v}, 0, 0);
}

/* ---- the generic constructor ------------------------------------------------------- */
static smt_term mk_dispatch(smt_ctx *ctx, smt_kind k, uint32_t n, const smt_term *a, uint32_t p1, uint32_t p2,
                            smt_sort s, uint32_t aux) {
  smt_term r = try_fold(ctx, k, n, a, s, aux);
  if (r) return r;
  switch (k) {
  case SMT_NOT: return mk_not(ctx, a[0]);
  case SMT_AND: return mk_andor(ctx, true, n, a);
  case SMT_OR: return mk_andor(ctx, false, n, a);
  case SMT_XOR: return mk_xor(ctx, a[0], a[1]);
  case SMT_IMPLIES: return mk_andor(ctx, false, 2, (smt_term[]){mk_not(ctx, a[0]), a[1]});
  case SMT_EQ: return mk_eq(ctx, a[0], a[1]);
  case SMT_ITE: return mk_ite(ctx, a[0], a[1], a[2]);
  case SMT_INT_NEG:
  case SMT_INT_ADD:
  case SMT_INT_SUB:
  case SMT_INT_MUL: return int_arith(ctx, k, n, a);
  case SMT_INT_DIV:
  case SMT_INT_MOD: return int_divmod(ctx, k, a[0], a[1]);
  case SMT_INT_LE: return int_cmp(ctx, false, a[0], a[1], 0);
  case SMT_INT_LT: return int_cmp(ctx, false, a[0], a[1], 1);
  case SMT_INT_GE: return int_cmp(ctx, false, a[1], a[0], 0);
  case SMT_INT_GT: return int_cmp(ctx, false, a[1], a[0], 1);
  case SMT_BV_NOT:
  case SMT_BV_NEG:
  case SMT_BV_EXTRACT:
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT: return bv_unary(ctx, k, a[0], p1, p2);
  case SMT_BV2NAT:
  case SMT_BV2INT:
  case SMT_INT2BV: return mk_conv(ctx, k, a[0], p1);
  case SMT_SELECT: return mk_select(ctx, a[0], a[1]);
  case SMT_STORE: return mk_store(ctx, a[0], a[1], a[2]);
  case SMT_CONST_ARRAY: return smt_mk_raw(ctx, k, n, a, p1, p2);
  default:
    if (smt_kind_is_fp(k)) return smt_mk_raw(ctx, k, n, a, p1, p2); /* no rewriting of floats */
    if (k >= SMT_BV_AND && k <= SMT_BV_SDIVO) return bv_binary(ctx, k, a[0], a[1]);
    return smt_mk_raw(ctx, k, n, a, p1, p2); /* reports the misuse */
  }
}

smt_term smt_mk(smt_ctx *ctx, smt_kind k, uint32_t n, const smt_term *a, uint32_t p1, uint32_t p2) {
  uint32_t aux;
  smt_sort s = smt_op_sort(ctx, k, n, a, p1, p2, &aux); /* aborts on a sort error */
  smt_term r = mk_dispatch(ctx, k, n, a, p1, p2, s, aux);
  /* the contract of every rewrite: an equivalent term of the same sort */
  assert(r != SMT_NULL && smt_term_sort(ctx, r) == s);
  return r;
}

/* ---- named constructors -------------------------------------------------------------- */
smt_term smt_mk_not(smt_ctx *ctx, smt_term a) { return smt_mk(ctx, SMT_NOT, 1, &a, 0, 0); }
smt_term smt_mk_and(smt_ctx *ctx, uint32_t n, const smt_term *args) {
  return n ? smt_mk(ctx, SMT_AND, n, args, 0, 0) : SMT_TRUE;
}
smt_term smt_mk_or(smt_ctx *ctx, uint32_t n, const smt_term *args) {
  return n ? smt_mk(ctx, SMT_OR, n, args, 0, 0) : SMT_FALSE;
}
smt_term smt_mk_and2(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_AND, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_or2(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_OR, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_xor(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_XOR, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_implies(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_IMPLIES, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_eq(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_EQ, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_ite(smt_ctx *ctx, smt_term c, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_ITE, 3, (smt_term[]){c, a, b}, 0, 0);
}
smt_term smt_mk_int_add(smt_ctx *ctx, uint32_t n, const smt_term *args) {
  return n ? smt_mk(ctx, SMT_INT_ADD, n, args, 0, 0) : smt_mk_int(ctx, 0);
}
smt_term smt_mk_int_add2(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_ADD, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_sub(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_SUB, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_neg(smt_ctx *ctx, smt_term a) { return smt_mk(ctx, SMT_INT_NEG, 1, &a, 0, 0); }
smt_term smt_mk_int_mul(smt_ctx *ctx, uint32_t n, const smt_term *args) {
  return n ? smt_mk(ctx, SMT_INT_MUL, n, args, 0, 0) : smt_mk_int(ctx, 1);
}
smt_term smt_mk_int_mul2(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_MUL, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_div(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_DIV, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_mod(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_MOD, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_le(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_LE, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_lt(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_LT, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_ge(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_GE, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_int_gt(smt_ctx *ctx, smt_term a, smt_term b) {
  return smt_mk(ctx, SMT_INT_GT, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_fp_op1(smt_ctx *ctx, smt_kind kind, smt_term a) { return smt_mk(ctx, kind, 1, &a, 0, 0); }
smt_term smt_mk_fp_op2(smt_ctx *ctx, smt_kind kind, smt_term a, smt_term b) {
  return smt_mk(ctx, kind, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_fp_round(smt_ctx *ctx, smt_term a, smt_fp_rmode mode) {
  return smt_mk(ctx, SMT_FP_ROUND, 1, &a, (uint32_t)mode, 0);
}
smt_term smt_mk_fp_conv(smt_ctx *ctx, smt_kind kind, smt_term a, uint32_t width) {
  return smt_mk(ctx, kind, 1, &a, width, 0);
}
smt_term smt_mk_bv_op1(smt_ctx *ctx, smt_kind kind, smt_term a) { return smt_mk(ctx, kind, 1, &a, 0, 0); }
smt_term smt_mk_bv_op2(smt_ctx *ctx, smt_kind kind, smt_term a, smt_term b) {
  return smt_mk(ctx, kind, 2, (smt_term[]){a, b}, 0, 0);
}
smt_term smt_mk_bv_extract(smt_ctx *ctx, smt_term a, uint32_t hi, uint32_t lo) {
  return smt_mk(ctx, SMT_BV_EXTRACT, 1, &a, hi, lo);
}
smt_term smt_mk_bv_concat(smt_ctx *ctx, smt_term hi, smt_term lo) {
  return smt_mk(ctx, SMT_BV_CONCAT, 2, (smt_term[]){hi, lo}, 0, 0);
}
smt_term smt_mk_bv_zext(smt_ctx *ctx, smt_term a, uint32_t extra) {
  return smt_mk(ctx, SMT_BV_ZEXT, 1, &a, extra, 0);
}
smt_term smt_mk_bv_sext(smt_ctx *ctx, smt_term a, uint32_t extra) {
  return smt_mk(ctx, SMT_BV_SEXT, 1, &a, extra, 0);
}
smt_term smt_mk_bv2nat(smt_ctx *ctx, smt_term a) { return smt_mk(ctx, SMT_BV2NAT, 1, &a, 0, 0); }
smt_term smt_mk_bv2int(smt_ctx *ctx, smt_term a) { return smt_mk(ctx, SMT_BV2INT, 1, &a, 0, 0); }
smt_term smt_mk_int2bv(smt_ctx *ctx, smt_term a, uint32_t width) {
  return smt_mk(ctx, SMT_INT2BV, 1, &a, width, 0);
}
smt_term smt_mk_select(smt_ctx *ctx, smt_term array, smt_term index) {
  return smt_mk(ctx, SMT_SELECT, 2, (smt_term[]){array, index}, 0, 0);
}
smt_term smt_mk_store(smt_ctx *ctx, smt_term array, smt_term index, smt_term value) {
  return smt_mk(ctx, SMT_STORE, 3, (smt_term[]){array, index, value}, 0, 0);
}
smt_term smt_mk_const_array(smt_ctx *ctx, uint32_t index_width, smt_term value) {
  return smt_mk(ctx, SMT_CONST_ARRAY, 1, &value, index_width, 0);
}

/* ---- simplify: rebuild bottom-up ------------------------------------------------------ */
smt_term smt_simplify(smt_ctx *ctx, smt_term root) {
  smt_map memo;
  smt_map_init(&memo);
  smt_term_vec stack = {0};
  smt_term_vec args = {0};
  VEC_PUSH(stack, root);
  while (stack.len) {
    smt_term t = stack.data[stack.len - 1];
    if (smt_map_get(&memo, t, 0)) {
      stack.len--;
      continue;
    }
    const smt_tdesc *d = smt_desc(ctx, t);
    if (d->nargs == 0) {
      smt_map_put(&memo, t, t);
      stack.len--;
      continue;
    }
    bool ready = true;
    for (uint32_t i = 0; i < d->nargs; i++)
      if (!smt_map_get(&memo, d->args[i], 0)) {
        VEC_PUSH(stack, d->args[i]);
        ready = false;
      }
    if (!ready) continue;
    stack.len--;
    args.len = 0;
    for (uint32_t i = 0; i < d->nargs; i++) VEC_PUSH(args, smt_map_get(&memo, d->args[i], 0));
    uint32_t p1, p2;
    smt_term_params(ctx, t, &p1, &p2);
    smt_term r = smt_mk(ctx, (smt_kind)d->kind, (uint32_t)args.len, args.data, p1, p2);
    smt_map_put(&memo, t, r);
  }
  smt_term r = smt_map_get(&memo, root, root);
  smt_map_free(&memo);
  VEC_FREE(stack);
  VEC_FREE(args);
  return r;
}

/* ---- evaluation ------------------------------------------------------------------------ */
bool smt_eval(smt_ctx *ctx, smt_term root, uint32_t nvars, const smt_term *vars, mpz_srcptr const *vals,
              mpz_ptr out) {
  smt_map slot; /* term -> 1 + index in values */
  smt_map_init(&slot);
  VEC(__mpz_struct) values = {0};
  smt_term_vec stack = {0};
  VEC(mpz_srcptr) av = {0};
  VEC(uint32_t) aw = {0};
  /* typical queries have a few dozen nodes: allocate once */
  values.cap = stack.cap = 64;
  values.data = xmalloc(values.cap * sizeof *values.data);
  stack.data = xmalloc(stack.cap * sizeof *stack.data);
  bool ok = true;
  for (uint32_t i = 0; i < nvars; i++) {
    __mpz_struct z;
    mpz_init_set(&z, vals[i]);
    VEC_PUSH(values, z);
    smt_map_put(&slot, vars[i], (uint32_t)values.len);
  }
  VEC_PUSH(stack, root);
  while (ok && stack.len) {
    smt_term t = stack.data[stack.len - 1];
    if (smt_map_get(&slot, t, 0)) {
      stack.len--;
      continue;
    }
    const smt_tdesc *d = smt_desc(ctx, t);
    __mpz_struct z;
    if (d->kind == SMT_VAR || smt_sort_is_array(d->sort) || d->kind >= SMT_SELECT) {
      ok = false; /* unassigned variable, array or float operation */
      break;
    }
    if (smt_term_is_const(ctx, t)) {
      mpz_init(&z);
      if (d->kind == SMT_BOOL_CONST) mpz_set_ui(&z, t == SMT_TRUE);
      else mpz_set(&z, VAL(t));
    } else {
      bool ready = true;
      for (uint32_t i = 0; i < d->nargs; i++)
        if (!smt_map_get(&slot, d->args[i], 0)) {
          VEC_PUSH(stack, d->args[i]);
          ready = false;
        }
      if (!ready) continue;
      av.len = aw.len = 0;
      for (uint32_t i = 0; i < d->nargs; i++) {
        VEC_PUSH(av, NULL);
        smt_sort as = SORT(d->args[i]);
        VEC_PUSH(aw, smt_sort_is_bv(as) ? smt_sort_width(as) : 0);
      }
      /* values may move while growing: take the pointers last */
      for (uint32_t i = 0; i < d->nargs; i++)
        av.data[i] = &values.data[smt_map_get(&slot, d->args[i], 0) - 1];
      mpz_init(&z);
      if (!smt_fold((smt_kind)d->kind, d->nargs, av.data, aw.data, d->sort, d->aux, &z)) {
        mpz_clear(&z);
        ok = false;
        break;
      }
    }
    stack.len--;
    VEC_PUSH(values, z);
    smt_map_put(&slot, t, (uint32_t)values.len);
  }
  if (ok) mpz_set(out, &values.data[smt_map_get(&slot, root, 0) - 1]);
  for (size_t i = 0; i < values.len; i++) mpz_clear(&values.data[i]);
  VEC_FREE(values);
  VEC_FREE(stack);
  VEC_FREE(av);
  VEC_FREE(aw);
  smt_map_free(&slot);
  return ok;
}

/* ---- expansion of the overflow predicates ------------------------------------------------ */
static smt_term raw1(smt_ctx *ctx, smt_kind k, smt_term a, uint32_t p1, uint32_t p2) {
  return smt_mk_raw(ctx, k, 1, &a, p1, p2);
}
static smt_term raw2(smt_ctx *ctx, smt_kind k, smt_term a, smt_term b) {
  return smt_mk_raw(ctx, k, 2, (smt_term[]){a, b}, 0, 0);
}

/* The bit i of x as a 1-bit vector. */
static smt_term bit(smt_ctx *ctx, smt_term x, uint32_t i) { return raw1(ctx, SMT_BV_EXTRACT, x, i, i); }

smt_term smt_expand_overflow(smt_ctx *ctx, smt_term t) {
  smt_kind k = KIND(t);
  if (!smt_kind_is_overflow(k)) return t;
  smt_term a = ARG(t, 0), b = ARG(t, 1);
  uint32_t w = WIDTH(a);
  switch (k) {
  case SMT_BV_UADDO: {
    /* the carry out of the (w+1)-bit sum */
    smt_term s = raw2(ctx, SMT_BV_ADD, raw1(ctx, SMT_BV_ZEXT, a, 1, 0), raw1(ctx, SMT_BV_ZEXT, b, 1, 0));
    return raw2(ctx, SMT_EQ, bit(ctx, s, w), smt_mk_bv(ctx, 1, 1));
  }
  case SMT_BV_SADDO:
  case SMT_BV_SSUBO: {
    /* the (w+1)-bit signed result differs in its top two bits */
    smt_term s = raw2(ctx, k == SMT_BV_SADDO ? SMT_BV_ADD : SMT_BV_SUB, raw1(ctx, SMT_BV_SEXT, a, 1, 0),
                      raw1(ctx, SMT_BV_SEXT, b, 1, 0));
    return raw1(ctx, SMT_NOT, raw2(ctx, SMT_EQ, bit(ctx, s, w), bit(ctx, s, w - 1)), 0, 0);
  }
  case SMT_BV_USUBO: return raw2(ctx, SMT_BV_ULT, a, b);
  case SMT_BV_UMULO: {
    /* the high half of the 2w-bit product is not zero */
    smt_term p = raw2(ctx, SMT_BV_MUL, raw1(ctx, SMT_BV_ZEXT, a, w, 0), raw1(ctx, SMT_BV_ZEXT, b, w, 0));
    smt_term hi = raw1(ctx, SMT_BV_EXTRACT, p, 2 * w - 1, w);
    return raw1(ctx, SMT_NOT, raw2(ctx, SMT_EQ, hi, smt_mk_bv(ctx, w, 0)), 0, 0);
  }
  case SMT_BV_SMULO: {
    /* the 2w-bit product is not the sign extension of its low half */
    smt_term p = raw2(ctx, SMT_BV_MUL, raw1(ctx, SMT_BV_SEXT, a, w, 0), raw1(ctx, SMT_BV_SEXT, b, w, 0));
    smt_term lo = raw1(ctx, SMT_BV_SEXT, raw1(ctx, SMT_BV_EXTRACT, p, w - 1, 0), w, 0);
    return raw1(ctx, SMT_NOT, raw2(ctx, SMT_EQ, p, lo), 0, 0);
  }
  case SMT_BV_SDIVO:
    return smt_mk_raw(ctx, SMT_AND, 2,
                      (smt_term[]){raw2(ctx, SMT_EQ, a, bv_smin(ctx, w)),
                                   raw2(ctx, SMT_EQ, b, bv_ones(ctx, w))},
                      0, 0);
  default: return t;
  }
}

smt_term smt_expand_top(smt_ctx *ctx, smt_term t) {
  if (smt_kind_is_overflow(KIND(t))) return smt_expand_overflow(ctx, t);
  if (KIND(t) == SMT_BV2INT) {
    /* signed value: bv2nat(x) - 2^w * msb(x) */
    smt_term x = ARG(t, 0);
    uint32_t w = WIDTH(x);
    mpz_t p;
    mpz_init(p);
    mpz_setbit(p, w);
    smt_term nat = raw1(ctx, SMT_BV2NAT, x, 0, 0);
    smt_term neg = raw2(ctx, SMT_INT_SUB, nat, smt_mk_int_mpz(ctx, p));
    mpz_clear(p);
    smt_term msb = raw2(ctx, SMT_EQ, bit(ctx, x, w - 1), smt_mk_bv(ctx, 1, 1));
    return smt_mk_raw(ctx, SMT_ITE, 3, (smt_term[]){msb, neg, nat}, 0, 0);
  }
  return t;
}
