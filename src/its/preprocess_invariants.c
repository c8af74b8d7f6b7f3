/* preprocess_invariants.c: location invariants, Houdini style
 * (preprocess.h, step 6).
 *
 * Candidates at a location l other than the start (states at the start are
 * arbitrary, so it has none), atoms over program variables only:
 *   - the atoms of the top-level conjunction of the guards of the
 *     transitions leaving l (x > 0 in "l -> l' if x > 0");
 *   - the image of each such guard atom of a transition entering l when
 *     every variable of the atom is updated by a translation x' = x + d
 *     (x > 0, x' = x - 1 gives x >= 0 at the target);
 *   - for an update x' = c (a constant): x <= c and x >= c; for an update
 *     x' = y + c with y another variable: x - y <= c and x - y >= c.
 * At most MAX_CANDIDATES per location.
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
#include "preprocess_internal.h"

#define MAX_CANDIDATES 48

static void add_candidate(const its *s, smt_term_vec *c, pp_tset *seen, smt_term a) {
  smt_kind k = smt_term_kind(s->ctx, a);
  if (a == SMT_TRUE || a == SMT_FALSE || c->len >= MAX_CANDIDATES) return;
  if (k != SMT_INT_LE && k != SMT_EQ && k != SMT_INT_LT && k != SMT_INT_GE && k != SMT_INT_GT) return;
  if (k == SMT_EQ && !smt_sort_is_int(smt_term_sort(s->ctx, smt_term_arg(s->ctx, a, 0)))) return;
  if (!pp_only_program_vars(s, a)) return;
  if (pp_tset_add(seen, a)) VEC_PUSH(*c, a);
}

/* When u is y + d (y a program variable, d an Int constant, possibly 0):
 * y's index and d in *d; else ITS_NONE. */
static uint32_t translation(const its *s, smt_term u, smt_term *d) {
  smt_ctx *ctx = s->ctx;
  if (u == SMT_NULL) return ITS_NONE;
  uint32_t y = its_var_of_term(s, u);
  if (y != ITS_NONE) {
    *d = smt_mk_int(ctx, 0);
    return y;
  }
  if (smt_term_kind(ctx, u) != SMT_INT_ADD || smt_term_nargs(ctx, u) != 2) return ITS_NONE;
  smt_term a = smt_term_arg(ctx, u, 0), b = smt_term_arg(ctx, u, 1);
  if (smt_term_kind(ctx, a) != SMT_INT_CONST) {
    smt_term tmp = a;
    a = b, b = tmp;
  }
  if (smt_term_kind(ctx, a) != SMT_INT_CONST) return ITS_NONE;
  y = its_var_of_term(s, b);
  if (y != ITS_NONE) *d = a;
  return y;
}

static void candidates(const its *s, uint32_t l, smt_term_vec *c) {
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars;
  pp_tset seen = {0};
  smt_term_vec conj = {0};
  smt_term *repl = xmalloc((n ? n : 1) * sizeof *repl);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from == l) {
      conj.len = 0;
      smt_conjuncts(ctx, t->guard, &conj); /* true gives none: never a candidate */
      for (size_t j = 0; j < conj.len; j++) add_candidate(s, c, &seen, conj.data[j]);
    }
    if (t->to != l) continue;
    /* images of guard atoms under translations x' = x + d */
    for (uint32_t i = 0; i < n; i++) {
      smt_term d;
      if (translation(s, t->update[i], &d) == i)
        repl[i] = smt_mk_int_sub(ctx, s->pre[i], d);
      else
        repl[i] = SMT_NULL;
    }
    conj.len = 0;
    smt_conjuncts(ctx, t->guard, &conj);
    for (size_t j = 0; j < conj.len; j++) {
      smt_term_vec v = {0};
      smt_term_vars(ctx, conj.data[j], &v);
      bool ok = true;
      for (size_t m = 0; m < v.len && ok; m++) {
        uint32_t i = its_var_of_term(s, v.data[m]);
        ok = i != ITS_NONE && repl[i] != SMT_NULL;
      }
      VEC_FREE(v);
      if (!ok) continue;
      smt_term *full = xmalloc((n ? n : 1) * sizeof *full);
      for (uint32_t i = 0; i < n; i++) full[i] = repl[i] != SMT_NULL ? repl[i] : s->pre[i];
      add_candidate(s, c, &seen, smt_subst(ctx, conj.data[j], n, s->pre, full));
      free(full);
    }
    /* constants and differences */
    for (uint32_t i = 0; i < n; i++) {
      smt_term u = t->update[i], d;
      if (u == SMT_NULL) continue;
      if (smt_term_kind(ctx, u) == SMT_INT_CONST) {
        add_candidate(s, c, &seen, smt_mk_int_le(ctx, s->pre[i], u));
        add_candidate(s, c, &seen, smt_mk_int_ge(ctx, s->pre[i], u));
        continue;
      }
      uint32_t y = translation(s, u, &d);
      if (y != ITS_NONE && y != i) {
        smt_term diff = smt_mk_int_sub(ctx, s->pre[i], s->pre[y]);
        add_candidate(s, c, &seen, smt_mk_int_le(ctx, diff, d));
        add_candidate(s, c, &seen, smt_mk_int_ge(ctx, diff, d));
      }
    }
  }
  free(repl);
  VEC_FREE(conj);
  pp_tset_free(&seen);
}

/* a after transition t: a[x := update], SMT_NULL when a reads a variable t
 * leaves unconstrained. */
static smt_term post_image(const its *s, const its_trans *t, smt_term a) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, a, &v);
  bool ok = true;
  for (size_t m = 0; m < v.len && ok; m++) {
    uint32_t i = its_var_of_term(s, v.data[m]);
    ok = i != ITS_NONE && t->update[i] != SMT_NULL;
  }
  VEC_FREE(v);
  if (!ok) return SMT_NULL;
  smt_term *upd = xmalloc((s->nvars ? s->nvars : 1) * sizeof *upd);
  for (uint32_t i = 0; i < s->nvars; i++) upd[i] = t->update[i] != SMT_NULL ? t->update[i] : s->pre[i];
  smt_term r = smt_subst(s->ctx, a, s->nvars, s->pre, upd);
  free(upd);
  return r;
}

static smt_term conj_of(smt_ctx *ctx, const smt_term_vec *c) {
  return c->len ? smt_mk_and(ctx, (uint32_t)c->len, c->data) : SMT_TRUE;
}

/* Removes from C(t->to) every candidate t does not keep; true if any. */
static bool check_trans(const its *s, budget b, const its_trans *t, smt_term_vec *cand) {
  smt_ctx *ctx = s->ctx;
  smt_term_vec *dst = &cand[t->to];
  if (dst->len == 0) return false;
  smt_term pre = smt_mk_and2(ctx, conj_of(ctx, &cand[t->from]), t->guard);
  smt_term *img = xmalloc(dst->len * sizeof *img);
  bool all = true;
  for (size_t j = 0; j < dst->len; j++) {
    img[j] = post_image(s, t, dst->data[j]);
    all &= img[j] != SMT_NULL;
  }
  /* the common case first: one query for all of them */
  if (all && smt_implies(ctx, b, pre, smt_mk_and(ctx, (uint32_t)dst->len, img)) == SMT_YES) {
    free(img);
    return false;
  }
  size_t w = 0;
  for (size_t j = 0; j < dst->len; j++)
    if (img[j] != SMT_NULL && smt_implies(ctx, b, pre, img[j]) == SMT_YES) dst->data[w++] = dst->data[j];
  bool changed = w != dst->len;
  dst->len = w;
  free(img);
  return changed;
}

its *pp_invariants(pp_state *p, const its *s) {
  smt_ctx *ctx = p->ctx;
  uint32_t nl = s->nlocs;
  smt_term_vec *cand = xcalloc(nl ? nl : 1, sizeof *cand);
  for (uint32_t l = 0; l < nl; l++)
    if (l != s->start) candidates(s, l, &cand[l]);
  /* Houdini: a location whose candidates shrank re-checks its outgoing
   * transitions (their premise got weaker). */
  bool *dirty = xmalloc((nl ? nl : 1) * sizeof *dirty);
  for (uint32_t l = 0; l < nl; l++) dirty[l] = true;
  for (bool any = true; any;) {
    any = false;
    for (uint32_t l = 0; l < nl; l++) {
      if (!dirty[l]) continue;
      dirty[l] = false;
      for (size_t k = 0; k < s->trans.len; k++) {
        const its_trans *t = &s->trans.data[k];
        if (t->from == l && check_trans(s, p->budget, t, cand)) dirty[t->to] = any = true;
      }
    }
  }
  free(dirty);
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
