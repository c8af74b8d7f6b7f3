/* accel.c: acceleration of self-loops with constant increments (accel.h:
 * the closed form, the accelerated transition and the conditions proved). */
#include "accel.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"

enum { AC_UNCHANGED, AC_COUNTER, AC_ASSIGNED };

/* A copy of s: the same variables, locations, start and transitions. */
static its *copy_its(const its *s) {
  its *r = its_new(s->ctx);
  for (uint32_t i = 0; i < s->nvars; i++) its_add_var(r, s->var_names[i]);
  for (uint32_t l = 0; l < s->nlocs; l++) its_add_loc(r, s->loc_names[l]);
  its_set_start(r, s->start);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    its_add_trans(r, t->from, t->to, t->guard, t->update);
  }
  assert(r->trans.len == s->trans.len && r->nvars == s->nvars && r->nlocs == s->nlocs);
  return r;
}

/* True when every variable of e is a pre-state variable of class
 * AC_UNCHANGED. */
static bool reads_unchanged_only(const its *s, smt_term e, const int *cls) {
  smt_term_vec vs = {0};
  smt_term_vars(s->ctx, e, &vs);
  bool ok = true;
  for (size_t i = 0; i < vs.len && ok; i++) {
    uint32_t v = its_var_of_term(s, vs.data[i]);
    ok = v != ITS_NONE && cls[v] == AC_UNCHANGED;
  }
  VEC_FREE(vs);
  return ok;
}

/* The value of d in a model of g (an increment that the guard fixes, as
 * y' = x - 1 under x = y); SMT_NULL when there is none. */
static smt_term value_under(smt_ctx *ctx, budget b, smt_term g, smt_term d) {
  smt_solver *sv = smt_query_solver(ctx);
  smt_term v = SMT_NULL;
  smt_solver_push(sv);
  smt_solver_assert(sv, g);
  if (smt_solver_check(sv, b) == SMT_SAT) {
    v = smt_solver_value(sv, d);
    if (v != SMT_NULL && smt_term_kind(ctx, v) != SMT_INT_CONST) v = SMT_NULL;
  }
  smt_solver_pop(sv, 1);
  return v;
}

/* A variable that changes by the Int constant d each round: unchanged when
 * d = 0, else a counter with increment d. Returns 1 for a counter. */
static uint32_t by_constant(smt_ctx *ctx, smt_term d, int *cls, smt_term *inc) {
  if (mpz_sgn(smt_term_value(ctx, d)) == 0) {
    *cls = AC_UNCHANGED;
    return 0;
  }
  *cls = AC_COUNTER;
  *inc = d;
  return 1;
}

/* Classifies t's updates (accel.h); false when t is not of the shape. An
 * update that is neither x_i + c nor reads unchanged variables only gets
 * the increment c it has in some model of the guard (a proposal: the
 * conditions of accel.h decide). */
static bool classify(const its *s, const its_trans *t, budget b, int *cls, smt_term *inc) {
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars, counters = 0;
  for (uint32_t i = 0; i < n; i++) {
    smt_term u = t->update[i];
    inc[i] = SMT_NULL;
    if (u == SMT_NULL) return false;
    if (u == s->pre[i]) {
      cls[i] = AC_UNCHANGED;
      continue;
    }
    smt_term d = smt_simplify(ctx, smt_mk_int_sub(ctx, u, s->pre[i]));
    if (smt_term_kind(ctx, d) == SMT_INT_CONST) counters += by_constant(ctx, d, &cls[i], &inc[i]);
    else cls[i] = AC_ASSIGNED;
  }
  for (uint32_t i = 0; i < n; i++) {
    if (cls[i] != AC_ASSIGNED || reads_unchanged_only(s, t->update[i], cls)) continue;
    smt_term d = smt_simplify(ctx, smt_mk_int_sub(ctx, t->update[i], s->pre[i]));
    smt_term c = value_under(ctx, b, t->guard, d);
    if (c == SMT_NULL) return false;
    counters += by_constant(ctx, c, &cls[i], &inc[i]);
  }
  if (counters == 0) return false;
  for (uint32_t i = 0; i < n; i++)
    if (cls[i] == AC_ASSIGNED && !reads_unchanged_only(s, t->update[i], cls)) return false;
  /* the updates read program variables only (checked above for the
   * assigned ones; counters and unchanged ones are x_i + c and x_i) */
  return true;
}

/* X(x, k) for k >= 1 (accel.h) into X. */
static void closed_form(const its *s, const its_trans *t, const int *cls, const smt_term *inc, smt_term k,
                        smt_term *X) {
  smt_ctx *ctx = s->ctx;
  for (uint32_t i = 0; i < s->nvars; i++) {
    switch (cls[i]) {
    case AC_UNCHANGED: X[i] = s->pre[i]; break;
    case AC_COUNTER: X[i] = smt_mk_int_add2(ctx, s->pre[i], smt_mk_int_mul2(ctx, k, inc[i])); break;
    default: X[i] = t->update[i]; break;
    }
  }
}

static smt_term eq_all(smt_ctx *ctx, uint32_t n, const smt_term *a, const smt_term *b) {
  smt_term r = SMT_TRUE;
  for (uint32_t i = 0; i < n; i++) r = smt_mk_and2(ctx, r, smt_mk_eq(ctx, a[i], b[i]));
  return r;
}

/* Proposes and proves the acceleration of self-loop k of s (accel.h);
 * appends it to a->s. */
static bool accelerate_one(const its *s, uint32_t k, budget b, its_accel *a, its_accel_stats *st) {
  smt_ctx *ctx = s->ctx;
  const its_trans *t = &s->trans.data[k];
  uint32_t n = s->nvars;
  assert(t->from == t->to);
  int *cls = xmalloc((n ? n : 1) * sizeof *cls);
  smt_term *inc = xmalloc((n ? n : 1) * sizeof *inc);
  bool ok = classify(s, t, b, cls, inc);
  if (!ok) {
    free(cls), free(inc);
    return false;
  }
  smt_term rn = smt_mk_fresh(ctx, "ac.n", SMT_SORT_INT), kv = smt_mk_fresh(ctx, "ac.k", SMT_SORT_INT);
  smt_term one = smt_mk_int(ctx, 1), two = smt_mk_int(ctx, 2);
  smt_term *X1 = xmalloc((n ? n : 1) * sizeof *X1), *Xn1 = xmalloc((n ? n : 1) * sizeof *Xn1),
           *Xn = xmalloc((n ? n : 1) * sizeof *Xn), *Xk = xmalloc((n ? n : 1) * sizeof *Xk),
           *Xk1 = xmalloc((n ? n : 1) * sizeof *Xk1), *uXk = xmalloc((n ? n : 1) * sizeof *uXk);
  closed_form(s, t, cls, inc, one, X1);
  closed_form(s, t, cls, inc, smt_mk_int_sub(ctx, rn, one), Xn1);
  closed_form(s, t, cls, inc, rn, Xn);
  closed_form(s, t, cls, inc, kv, Xk);
  closed_form(s, t, cls, inc, smt_mk_int_add2(ctx, kv, one), Xk1);
  for (uint32_t i = 0; i < n; i++) uXk[i] = smt_subst(ctx, t->update[i], n, s->pre, Xk);
  smt_term g = t->guard;
  smt_term A = smt_mk_and2(ctx, smt_mk_int_ge(ctx, rn, two), g);
  A = smt_mk_and2(ctx, A, smt_subst(ctx, g, n, s->pre, X1));
  A = smt_mk_and2(ctx, A, smt_subst(ctx, g, n, s->pre, Xn1));
  smt_term krange = smt_mk_and2(ctx, smt_mk_int_ge(ctx, kv, one), smt_mk_int_le(ctx, kv, smt_mk_int_sub(ctx, rn, one)));
  /* Frohn and Giesl, Sect. 3: the closed form is proved by induction
   * (C1, C2); the guard of every round follows from A (C3, C4) */
  smt_term Ak = smt_mk_and2(ctx, A, krange);
  ok = A != SMT_FALSE && smt_implies(ctx, b, A, eq_all(ctx, n, t->update, X1)) == SMT_YES &&
       smt_implies(ctx, b, Ak, eq_all(ctx, n, uXk, Xk1)) == SMT_YES && smt_implies(ctx, b, A, g) == SMT_YES &&
       smt_implies(ctx, b, Ak, smt_subst(ctx, g, n, s->pre, Xk)) == SMT_YES &&
       smt_is_sat(ctx, b, A) == SMT_SAT; /* an empty acceleration is of no use */
  if (ok) {
    its_add_trans(a->s, t->from, t->to, A, Xn);
    uint32_t j = (uint32_t)a->s->trans.len - 1 - a->norig;
    a->origin = xrealloc(a->origin, (j + 1) * sizeof *a->origin);
    a->rounds = xrealloc(a->rounds, (j + 1) * sizeof *a->rounds);
    a->origin[j] = k;
    a->rounds[j] = rn;
    st->accelerated++;
  } else {
    st->rejected++;
  }
  free(X1), free(Xn1), free(Xn), free(Xk), free(Xk1), free(uXk);
  free(cls), free(inc);
  return ok;
}

uint32_t its_accelerate(const its *s, budget b, its_accel *out, its_accel_stats *stats) {
  its_accel_stats local = {0, 0, 0};
  if (!stats) stats = &local;
  memset(out, 0, sizeof *out);
  out->s = copy_its(s);
  out->norig = (uint32_t)s->trans.len;
  uint32_t added = 0;
  for (uint32_t k = 0; k < out->norig && added < ITS_ACCEL_MAX && !budget_expired(b); k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from != t->to) continue;
    stats->loops++;
    if (accelerate_one(s, k, b, out, stats)) added++;
  }
  assert(out->s->trans.len == out->norig + added);
  its_check_valid(out->s);
  return added;
}

void its_accel_free(its_accel *a) {
  if (!a) return;
  its_free(a->s);
  free(a->origin);
  free(a->rounds);
  memset(a, 0, sizeof *a);
}
