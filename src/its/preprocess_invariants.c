/* preprocess_invariants.c: location invariants, Houdini style
 * (preprocess.h, step 6).
 *
 * Candidates at a location l other than the start (states at the start are
 * arbitrary, so it has none), atoms over program variables only:
 *   - the atoms of the top-level conjunction of the guards of the
 *     transitions leaving l (x > 0 in "l -> l' if x > 0");
 *   - the image of each guard atom of a transition entering l when
 *     every variable of the atom is updated by a translation x' = x + d
 *     (x > 0, x' = x - 1 gives x >= 0 at the target), or is a temporary
 *     that the transition assigns to exactly one variable (v >= 1,
 *     x' = v gives x >= 1: an argument chosen before a call);
 *   - for an update x' = c (a constant): x <= c and x >= c, and x >= 1
 *     (c > 0) or x <= -1 (c < 0); when the transitions entering l set x
 *     to 2..4 distinct constants with a gap, their choice x = c1 \/ x = c2
 *     (the only disjunctive candidate); for an update
 *     x' = y + c with y another variable: x - y <= c and x - y >= c;
 *   - the candidates of l' over variables that a transition l' -> l
 *     keeps, to a fixpoint (propagate_candidates).
 * An atom that is a conjunct of the guard of every transition leaving l is
 * no candidate there: conjoining it would change nothing, and the direct
 * translation writes every variable's type range into every guard, which
 * on a program with many variables filled the candidates with ranges and
 * left out the loop counter's bound (seq-mthreaded/pals_lcr.5: 82
 * variables, i2 <= 9 in the loop body was never tried).
 * At most MAX_CANDIDATES per location of its own, and as many again
 * carried forward.
 *
 * Houdini: start from all candidates and remove, until nothing changes,
 * every candidate a of a location l' for which some transition l -> l'
 * does not provably keep it:
 *     smt_implies(AND C(l) /\ guard, a[x := update])
 * (temporaries free, i.e. universally quantified: every step from a state
 * satisfying C(l) ends in a state satisfying a). DONT_KNOW removes it as
 * well. An a mentioning a variable the transition leaves unconstrained is
 * removed without a query.
 *
 * Why it is exact. The surviving sets are inductive and the start has
 * none, so by induction on the length of a run every state a run from the
 * start reaches at l satisfies C(l). Conjoining C(l) to the guards of the
 * transitions leaving l thus disables no step of any run from the start;
 * and it adds none (the new relations are subsets of the old). The runs
 * from the start are the same.
 */
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "../smt/solver.h"
#include "preprocess_internal.h"

#define MAX_CANDIDATES 48
#define MAX_ALL_CANDIDATES (2 * MAX_CANDIDATES)

static void add_candidate(const its *s, smt_term_vec *c, pp_tset *seen, smt_term a, size_t cap) {
  smt_kind k = smt_term_kind(s->ctx, a);
  if (a == SMT_TRUE || a == SMT_FALSE || c->len >= cap) return;
  if (k == SMT_OR) { /* only a choice of values: x = 1 \/ x = -1 (values_candidate) */
    for (uint32_t j = 0; j < smt_term_nargs(s->ctx, a); j++)
      if (smt_term_kind(s->ctx, smt_term_arg(s->ctx, a, j)) != SMT_EQ) return;
  } else if (k != SMT_INT_LE && k != SMT_EQ && k != SMT_INT_LT && k != SMT_INT_GE && k != SMT_INT_GT) {
    return;
  }
  if (k == SMT_EQ && !smt_sort_is_int(smt_term_sort(s->ctx, smt_term_arg(s->ctx, a, 0)))) return;
  if (!pp_only_program_vars(s, a)) return;
  if (pp_tset_add(seen, a)) VEC_PUSH(*c, a);
}

/* Marks in *seen the conjuncts common to the guards of all transitions
 * leaving l. */
static void common_guard_atoms(const its *s, uint32_t l, pp_tset *seen) {
  smt_ctx *ctx = s->ctx;
  u64_map count = {0}; /* atom -> number of outgoing transitions whose guard has it */
  smt_term_vec conj = {0};
  uint64_t nout = 0;
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from != l) continue;
    nout++;
    conj.len = 0;
    smt_conjuncts(ctx, t->guard, &conj);
    pp_tset once = {0}; /* an atom twice in one guard counts once */
    for (size_t j = 0; j < conj.len; j++) {
      if (!pp_tset_add(&once, conj.data[j])) continue;
      bool added;
      uint64_t *n = u64_map_slot(&count, conj.data[j], 0, &added);
      ++*n;
    }
    pp_tset_free(&once);
  }
  size_t it = 0;
  uint64_t atom, n;
  while (nout && u64_map_next(&count, &it, &atom, &n))
    if (n == nout) pp_tset_add(seen, (smt_term)atom);
  u64_map_free(&count);
  VEC_FREE(conj);
}

/* The substitution of a candidate through t's translations: repl[i] =
 * x_i - d when t updates x_i to x_i + d (only d = 0 when keep_only), else
 * SMT_NULL. */
static void translation_inverse(const its *s, const its_trans *t, bool keep_only, smt_term *repl) {
  smt_term zero = smt_mk_int(s->ctx, 0);
  for (uint32_t i = 0; i < s->nvars; i++) {
    smt_term d;
    bool ok = its_translation(s, t->update[i], &d) == i && (!keep_only || d == zero);
    repl[i] = ok ? smt_mk_int_sub(s->ctx, s->pre[i], d) : SMT_NULL;
  }
}

/* a[x := repl], and with t (may be NULL) a temporary v that t assigns to
 * exactly one variable x_i (x_i' = v, as a call binds a fresh argument to
 * its parameter) becomes x_i: a over t's pre-state and temporaries as a
 * property of the state after t. SMT_NULL when some variable of a has
 * neither a replacement nor an owner. */
static smt_term image_with_temps(const its *s, const its_trans *t, const smt_term *repl, smt_term a) {
  smt_ctx *ctx = s->ctx;
  smt_term_vec v = {0}, from = {0}, to = {0};
  smt_term_vars(ctx, a, &v);
  bool ok = true;
  for (size_t m = 0; m < v.len && ok; m++) {
    uint32_t i = its_var_of_term(s, v.data[m]);
    if (i != ITS_NONE) {
      ok = repl[i] != SMT_NULL;
      if (ok) {
        VEC_PUSH(from, s->pre[i]);
        VEC_PUSH(to, repl[i]);
      }
      continue;
    }
    uint32_t owner = ITS_NONE, count = 0;
    for (uint32_t j = 0; j < s->nvars && t; j++)
      if (t->update[j] == v.data[m]) owner = j, count++;
    ok = count == 1;
    if (ok) {
      VEC_PUSH(from, v.data[m]);
      VEC_PUSH(to, s->pre[owner]);
    }
  }
  smt_term r = ok ? smt_subst(ctx, a, (uint32_t)from.len, from.data, to.data) : SMT_NULL;
  VEC_FREE(v), VEC_FREE(from), VEC_FREE(to);
  return r;
}

/* a[x := repl] when every variable of a has a replacement, else SMT_NULL. */
static smt_term image(const its *s, const smt_term *repl, smt_term a) { return image_with_temps(s, NULL, repl, a); }

/* x_i = c_1 \/ .. \/ x_i = c_m when the transitions entering l set x_i to
 * 2 .. MAX_VALUES distinct constants that leave a gap (x = b ? 1 : -1 before a loop that
 * never changes x: the loop's cases by x then become separate transitions,
 * split again after the invariants), else SMT_NULL. */
#define MAX_VALUES 4
static smt_term values_candidate(const its *s, uint32_t l, uint32_t i) {
  smt_ctx *ctx = s->ctx;
  smt_term vals[MAX_VALUES];
  uint32_t n = 0;
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->to != l || t->from == l) continue;
    smt_term u = t->update[i];
    if (u == SMT_NULL || smt_term_kind(ctx, u) != SMT_INT_CONST) continue;
    bool known = false;
    for (uint32_t j = 0; j < n && !known; j++) known = vals[j] == u;
    if (known) continue;
    if (n == MAX_VALUES) return SMT_NULL;
    vals[n++] = u;
  }
  if (n < 2) return SMT_NULL;
  /* contiguous values (0 or 1) are implied by the bounds x >= min, x <= max
   * over Z, which are candidates anyway: the choice would only split */
  mpz_srcptr lo = smt_term_value(ctx, vals[0]), hi = lo;
  for (uint32_t j = 1; j < n; j++) {
    mpz_srcptr v = smt_term_value(ctx, vals[j]);
    if (mpz_cmp(v, lo) < 0) lo = v;
    if (mpz_cmp(v, hi) > 0) hi = v;
  }
  mpz_t span;
  mpz_init(span);
  mpz_sub(span, hi, lo);
  bool contiguous = mpz_cmp_ui(span, n - 1) == 0;
  mpz_clear(span);
  if (contiguous) return SMT_NULL;
  smt_term eqs[MAX_VALUES];
  for (uint32_t j = 0; j < n; j++) eqs[j] = smt_mk_eq(ctx, s->pre[i], vals[j]);
  return smt_mk_or(ctx, n, eqs);
}

static void candidates(const its *s, uint32_t l, smt_term_vec *c, pp_tset *seen_l) {
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars;
  pp_tset *seen = seen_l;
  common_guard_atoms(s, l, seen);
  smt_term_vec conj = {0};
  smt_term *repl = xmalloc((n ? n : 1) * sizeof *repl);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from == l) {
      conj.len = 0;
      smt_conjuncts(ctx, t->guard, &conj); /* true gives none: never a candidate */
      for (size_t j = 0; j < conj.len; j++) add_candidate(s, c, seen, conj.data[j], MAX_CANDIDATES);
    }
    if (t->to != l) continue;
    /* images of guard atoms under translations x' = x + d and fresh
     * values x' = v (a nondeterministic argument v >= 1 gives x >= 1) */
    translation_inverse(s, t, false, repl);
    conj.len = 0;
    smt_conjuncts(ctx, t->guard, &conj);
    for (size_t j = 0; j < conj.len; j++) {
      smt_term a = image_with_temps(s, t, repl, conj.data[j]);
      if (a != SMT_NULL) add_candidate(s, c, seen, a, MAX_CANDIDATES);
    }
    /* constants and differences */
    for (uint32_t i = 0; i < n; i++) {
      smt_term u = t->update[i], d;
      if (u == SMT_NULL) continue;
      if (smt_term_kind(ctx, u) == SMT_INT_CONST) {
        add_candidate(s, c, seen, smt_mk_int_le(ctx, s->pre[i], u), MAX_CANDIDATES);
        add_candidate(s, c, seen, smt_mk_int_ge(ctx, s->pre[i], u), MAX_CANDIDATES);
        /* and the sign it starts with (y = 2; y = (y + 1) / 2 stays >= 1) */
        int sg = mpz_sgn(smt_term_value(ctx, u));
        if (sg > 0) add_candidate(s, c, seen, smt_mk_int_ge(ctx, s->pre[i], smt_mk_int(ctx, 1)), MAX_CANDIDATES);
        if (sg < 0) add_candidate(s, c, seen, smt_mk_int_le(ctx, s->pre[i], smt_mk_int(ctx, -1)), MAX_CANDIDATES);
        continue;
      }
      uint32_t y = its_translation(s, u, &d);
      if (y != ITS_NONE && y != i) {
        smt_term diff = smt_mk_int_sub(ctx, s->pre[i], s->pre[y]);
        add_candidate(s, c, seen, smt_mk_int_le(ctx, diff, d), MAX_CANDIDATES);
        add_candidate(s, c, seen, smt_mk_int_ge(ctx, diff, d), MAX_CANDIDATES);
      }
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    smt_term v = values_candidate(s, l, i);
    if (v != SMT_NULL) add_candidate(s, c, seen, v, MAX_CANDIDATES);
  }
  free(repl);
  VEC_FREE(conj);
}

/* Carries candidates forward until nothing changes: a candidate of l
 * over variables that a transition l -> l' keeps is a candidate of l'
 * (only kept ones: through a shift x' = x + 1 on a cycle, each round
 * would make a new bound, x <= 128, x <= 129, ..., until the cap). A bound established on a loop's entry
 * then reaches every location of a long loop body, not only the first
 * one (i2 <= 9 in the body of `while (i2 < 10) { node1(); ... i2++; }`). */
static void propagate_candidates(const its *s, smt_term_vec *cand, pp_tset *seen) {
  smt_term *repl = xmalloc((s->nvars ? s->nvars : 1) * sizeof *repl);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < s->trans.len; k++) {
      const its_trans *t = &s->trans.data[k];
      if (t->to == s->start || t->from == t->to || cand[t->from].len == 0) continue;
      translation_inverse(s, t, true, repl);
      for (size_t j = 0; j < cand[t->from].len && cand[t->to].len < MAX_ALL_CANDIDATES; j++) {
        smt_term a = image(s, repl, cand[t->from].data[j]);
        if (a == SMT_NULL) continue;
        size_t before = cand[t->to].len;
        add_candidate(s, &cand[t->to], &seen[t->to], a, MAX_ALL_CANDIDATES);
        changed |= cand[t->to].len != before;
      }
    }
  }
  free(repl);
}

/* a after transition t: a[x := update], SMT_NULL when a reads a variable t
 * leaves unconstrained. */
static smt_term post_image(const its *s, const its_trans *t, smt_term a) { return image(s, t->update, a); }

static smt_term conj_of(smt_ctx *ctx, const smt_term_vec *c) {
  return c->len ? smt_mk_and(ctx, (uint32_t)c->len, c->data) : SMT_TRUE;
}

/* Removes from C(t->to) every candidate t does not keep; true if any.
 * Houdini's step with counterexamples: one query for all candidates; a
 * model of "pre and not all" drops every candidate it falsifies at once,
 * then the rest are asked again (a long loop body had 96 candidates at
 * each of 200 locations, one query each was most of the 20 s). Where the
 * solver gives no answer, the remaining candidates are asked one by one. */
static bool check_trans(const its *s, budget b, smt_solver *sv, const its_trans *t, smt_term_vec *cand) {
  smt_ctx *ctx = s->ctx;
  smt_term_vec *dst = &cand[t->to];
  if (dst->len == 0) return false;
  smt_term pre = smt_mk_and2(ctx, conj_of(ctx, &cand[t->from]), t->guard);
  smt_term *img = xmalloc(dst->len * sizeof *img);
  size_t before = dst->len, w = 0;
  for (size_t j = 0; j < dst->len; j++) { /* a candidate over a variable t leaves free is not kept */
    smt_term a = post_image(s, t, dst->data[j]);
    if (a == SMT_NULL) continue;
    img[w] = a;
    dst->data[w++] = dst->data[j];
  }
  dst->len = w;
  bool decided = false;
  while (dst->len && !decided) {
    smt_term all = smt_mk_and(ctx, (uint32_t)dst->len, img);
    smt_solver_push(sv);
    smt_solver_assert(sv, smt_mk_and2(ctx, pre, smt_mk_not(ctx, all)));
    smt_result r = smt_solver_check(sv, b);
    if (r == SMT_SAT) {
      w = 0;
      for (size_t j = 0; j < dst->len; j++) {
        smt_term v = smt_solver_value(sv, img[j]);
        if (v == SMT_FALSE) continue;
        img[w] = img[j];
        dst->data[w++] = dst->data[j];
      }
      decided = w == dst->len; /* the model falsifies none: ask one by one */
      dst->len = w;
    } else if (r == SMT_UNSAT) {
      smt_solver_pop(sv, 1);
      break; /* every candidate left is kept */
    } else {
      decided = true; /* no answer: one by one */
    }
    smt_solver_pop(sv, 1);
  }
  if (decided) {
    w = 0;
    for (size_t j = 0; j < dst->len; j++)
      if (smt_implies(ctx, b, pre, img[j]) == SMT_YES) {
        img[w] = img[j];
        dst->data[w++] = dst->data[j];
      }
    dst->len = w;
  }
  free(img);
  return dst->len != before;
}

its *pp_invariants(pp_state *p, const its *s) {
  smt_ctx *ctx = p->ctx;
  uint32_t nl = s->nlocs;
  smt_term_vec *cand = xcalloc(nl ? nl : 1, sizeof *cand);
  pp_tset *seen = xcalloc(nl ? nl : 1, sizeof *seen);
  for (uint32_t l = 0; l < nl; l++)
    if (l != s->start) candidates(s, l, &cand[l], &seen[l]);
  propagate_candidates(s, cand, seen);
  for (uint32_t l = 0; l < nl; l++) pp_tset_free(&seen[l]);
  free(seen);
  /* Houdini: a location whose candidates shrank re-checks its outgoing
   * transitions (their premise got weaker). */
  smt_solver *sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
  bool *dirty = xmalloc((nl ? nl : 1) * sizeof *dirty);
  for (uint32_t l = 0; l < nl; l++) dirty[l] = true;
  for (bool any = true; any;) {
    any = false;
    for (uint32_t l = 0; l < nl; l++) {
      if (!dirty[l]) continue;
      dirty[l] = false;
      for (size_t k = 0; k < s->trans.len; k++) {
        const its_trans *t = &s->trans.data[k];
        if (t->from == l && check_trans(s, p->budget, sv, t, cand)) dirty[t->to] = any = true;
      }
    }
  }
  free(dirty);
  smt_solver_free(sv);
  /* conjoin the invariants to the guards of the outgoing transitions */
  its *r = pp_shell(s);
  uint32_t atoms = 0;
  for (uint32_t l = 0; l < nl; l++) {
    if (cand[l].len == 0) continue;
    bool used = false;
    for (size_t k = 0; k < s->trans.len && !used; k++) used = s->trans.data[k].from == l;
    if (!used) continue;
    atoms += (uint32_t)cand[l].len;
    if (p->log) {
      strbuf_printf(p->log, "invariant at %s: ", s->loc_names[l]);
      for (size_t j = 0; j < cand[l].len; j++) {
        if (j) strbuf_printf(p->log, " /\\ ");
        its_print_term(ctx, p->log, cand[l].data[j]);
      }
      strbuf_printf(p->log, "\n");
    }
  }
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (cand[t->from].len == 0) {
      pp_copy_trans(r, t);
      continue;
    }
    its_add_trans(r, t->from, t->to, smt_mk_and2(ctx, conj_of(ctx, &cand[t->from]), t->guard), t->update);
  }
  p->st->invariant_atoms += atoms;
  for (uint32_t l = 0; l < nl; l++) VEC_FREE(cand[l]);
  free(cand);
  return r;
}
