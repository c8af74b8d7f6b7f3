/* project.c: the projection of an ITS onto its counters (project.h). */
#include "project.h"

#include <assert.h>
#include <stdlib.h>

#include "../smt/smt.h"

/* Is u the term x_i + d (or d + x_i) with d a nonzero Int constant? */
static bool shifts(const its *s, uint32_t i, smt_term u) {
  smt_term d;
  return its_translation(s, u, &d) == i && d != smt_mk_int(s->ctx, 0);
}

/* Do all program variables of t lie in keep? */
static bool within(const its *s, smt_term t, const bool *keep) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, t, &v);
  bool ok = true;
  for (size_t m = 0; m < v.len && ok; m++) {
    uint32_t i = its_var_of_term(s, v.data[m]);
    ok = i == ITS_NONE || keep[i];
  }
  VEC_FREE(v);
  return ok;
}

/* Adds to keep every program variable of t; true if one was new. */
static bool add_vars(const its *s, smt_term t, bool *keep) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, t, &v);
  bool grew = false;
  for (size_t m = 0; m < v.len; m++) {
    uint32_t i = its_var_of_term(s, v.data[m]);
    if (i != ITS_NONE && !keep[i]) keep[i] = grew = true;
  }
  VEC_FREE(v);
  return grew;
}

/* Has r a transition from -> to with this guard and these updates? The
 * branches of a loop body that differ only in the variables dropped
 * become one transition (terms are shared: equal terms, equal indices). */
static bool already_there(const its *r, uint32_t from, uint32_t to, smt_term g, const smt_term *upd) {
  for (size_t k = 0; k < r->trans.len; k++) {
    const its_trans *t = &r->trans.data[k];
    if (t->from != from || t->to != to || t->guard != g) continue;
    bool same = true;
    for (uint32_t i = 0; i < r->nvars && same; i++) same = t->update[i] == upd[i];
    if (same) return true;
  }
  return false;
}

its *its_project_counters(const its *s, strbuf *kept) {
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars;
  if (n == 0 || s->start == ITS_NONE) return NULL;
  bool *keep = xcalloc(n, sizeof *keep);
  bool any = false;
  for (size_t k = 0; k < s->trans.len; k++)
    for (uint32_t i = 0; i < n; i++)
      if (!keep[i] && shifts(s, i, s->trans.data[k].update[i])) keep[i] = any = true;
  for (bool grew = any; grew;) {
    grew = false;
    for (size_t k = 0; k < s->trans.len; k++)
      for (uint32_t i = 0; i < n; i++)
        if (keep[i] && s->trans.data[k].update[i] != SMT_NULL) grew |= add_vars(s, s->trans.data[k].update[i], keep);
  }
  uint32_t nkept = 0;
  for (uint32_t i = 0; i < n; i++) nkept += keep[i];
  if (!any || nkept == n) {
    free(keep);
    return NULL;
  }
  its *r = its_new(ctx);
  for (uint32_t i = 0; i < n; i++)
    if (keep[i]) {
      uint32_t j = its_add_var(r, s->var_names[i]);
      assert(j != ITS_NONE && r->pre[j] == s->pre[i]); /* the same name: the same term */
      (void)j;
    }
  for (uint32_t l = 0; l < s->nlocs; l++) its_add_loc(r, s->loc_names[l]);
  its_set_start(r, s->start);
  smt_term *upd = xmalloc(n * sizeof *upd);
  smt_term_vec conj = {0}, part = {0};
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    conj.len = part.len = 0;
    smt_conjuncts(ctx, t->guard, &conj);
    for (size_t j = 0; j < conj.len; j++)
      if (within(s, conj.data[j], keep)) VEC_PUSH(part, conj.data[j]);
    smt_term g = part.len ? smt_mk_and(ctx, (uint32_t)part.len, part.data) : SMT_TRUE;
    for (uint32_t i = 0, j = 0; i < n; i++)
      if (keep[i]) upd[j++] = t->update[i];
    if (!already_there(r, t->from, t->to, g, upd)) its_add_trans(r, t->from, t->to, g, upd);
  }
  if (kept)
    for (uint32_t i = 0, c = 0; i < n; i++)
      if (keep[i]) strbuf_printf(kept, "%s%s", c++ ? ", " : "", s->var_names[i]);
  VEC_FREE(conj);
  VEC_FREE(part);
  free(upd);
  free(keep);
  return r;
}
