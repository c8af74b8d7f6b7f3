/* its.c: the integer transition system structure (its.h): construction,
 * lookups, temporaries, validation, equality, substitution.
 *
 * Contract: see its.h. Location names are found through a hash map from the
 * hash of the name to the first location with that hash (a 64-bit collision
 * falls back to a linear search), so reading an ITS with many locations is
 * not quadratic. */
#include "its.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- construction ------------------------------------------------------ */
its *its_new(smt_ctx *ctx) {
  its *s = xcalloc(1, sizeof *s);
  s->ctx = ctx;
  s->start = ITS_NONE;
  return s;
}

void its_free(its *s) {
  if (!s) return;
  for (uint32_t i = 0; i < s->nvars; i++) free(s->var_names[i]);
  for (uint32_t i = 0; i < s->nlocs; i++) free(s->loc_names[i]);
  for (size_t i = 0; i < s->trans.len; i++) {
    free(s->trans.data[i].update);
    free(s->trans.data[i].temps);
  }
  free(s->var_names);
  free(s->pre);
  free(s->post);
  free(s->loc_names);
  u64_map_free(&s->loc_index);
  VEC_FREE(s->trans);
  free(s);
}

bool its_name_ok(const char *name) {
  if (!name || !(name[0] == '_' || (name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
    return false;
  for (const char *p = name; *p; p++)
    if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
      return false;
  return true;
}

uint32_t its_find_var(const its *s, const char *name) {
  for (uint32_t i = 0; i < s->nvars; i++)
    if (strcmp(s->var_names[i], name) == 0) return i;
  return ITS_NONE;
}

uint32_t its_find_loc(const its *s, const char *name) {
  uint64_t id;
  if (!u64_map_get(&s->loc_index, util_str_hash(name), &id)) return ITS_NONE;
  assert(id < s->nlocs);
  if (strcmp(s->loc_names[id], name) == 0) return (uint32_t)id;
  for (uint32_t i = 0; i < s->nlocs; i++) /* another name with the same hash */
    if (strcmp(s->loc_names[i], name) == 0) return i;
  return ITS_NONE;
}

uint32_t its_translation(const its *s, smt_term u, smt_term *d) {
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

uint32_t its_var_of_term(const its *s, smt_term t) {
  for (uint32_t i = 0; i < s->nvars; i++)
    if (s->pre[i] == t) return i;
  return ITS_NONE;
}

uint32_t its_add_var(its *s, const char *name) {
  if (!its_name_ok(name) || its_find_var(s, name) != ITS_NONE) return ITS_NONE;
  uint32_t i = s->nvars++;
  s->var_names = xrealloc(s->var_names, s->nvars * sizeof *s->var_names);
  s->pre = xrealloc(s->pre, s->nvars * sizeof *s->pre);
  s->post = xrealloc(s->post, s->nvars * sizeof *s->post);
  s->var_names[i] = xstrdup(name);
  s->pre[i] = smt_mk_var(s->ctx, name, SMT_SORT_INT);
  char *pn = xasprintf("%s'", name);
  s->post[i] = smt_mk_var(s->ctx, pn, SMT_SORT_INT);
  free(pn);
  for (size_t k = 0; k < s->trans.len; k++) {
    its_trans *t = &s->trans.data[k];
    t->update = xrealloc(t->update, s->nvars * sizeof *t->update);
    t->update[i] = s->pre[i];
  }
  return i;
}

uint32_t its_add_loc(its *s, const char *name) {
  if (!its_name_ok(name) || its_find_loc(s, name) != ITS_NONE) return ITS_NONE;
  s->loc_names = xrealloc(s->loc_names, (s->nlocs + 1) * sizeof *s->loc_names);
  s->loc_names[s->nlocs] = xstrdup(name);
  u64_map_add(&s->loc_index, util_str_hash(name), s->nlocs); /* keeps an earlier name of equal hash */
  return s->nlocs++;
}

void its_set_start(its *s, uint32_t loc) { s->start = loc; }

static bool vec_has(const smt_term_vec *v, smt_term t) {
  for (size_t i = 0; i < v->len; i++)
    if (v->data[i] == t) return true;
  return false;
}

/* Occurrences of temporary x in the transition's guard and updates other
 * than update[skip]. */
static bool occurs_elsewhere(const its *s, smt_term guard, const smt_term *upd, uint32_t skip, smt_term x) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, guard, &v);
  for (uint32_t i = 0; i < s->nvars; i++)
    if (i != skip && upd[i] != SMT_NULL) smt_term_vars(s->ctx, upd[i], &v);
  bool r = vec_has(&v, x);
  VEC_FREE(v);
  return r;
}

uint32_t its_add_trans(its *s, uint32_t from, uint32_t to, smt_term guard, const smt_term *update) {
  its_trans t = {0};
  t.from = from;
  t.to = to;
  t.guard = guard;
  t.update = xcalloc(s->nvars ? s->nvars : 1, sizeof *t.update);
  for (uint32_t i = 0; i < s->nvars; i++) t.update[i] = update ? update[i] : s->pre[i];
  /* An update that is a temporary used nowhere else is "unconstrained". */
  for (uint32_t i = 0; i < s->nvars; i++) {
    smt_term u = t.update[i];
    if (u != SMT_NULL && smt_term_kind(s->ctx, u) == SMT_VAR && its_var_of_term(s, u) == ITS_NONE &&
        !occurs_elsewhere(s, guard, t.update, i, u))
      t.update[i] = SMT_NULL;
  }
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, guard, &v);
  for (uint32_t i = 0; i < s->nvars; i++)
    if (t.update[i] != SMT_NULL) smt_term_vars(s->ctx, t.update[i], &v);
  smt_term_vec temps = {0};
  for (size_t i = 0; i < v.len; i++)
    if (its_var_of_term(s, v.data[i]) == ITS_NONE && !vec_has(&temps, v.data[i])) VEC_PUSH(temps, v.data[i]);
  VEC_FREE(v);
  t.ntemps = (uint32_t)temps.len;
  t.temps = temps.data;
  VEC_PUSH(s->trans, t);
  return (uint32_t)(s->trans.len - 1);
}

/* ---- validation ------------------------------------------------------------ */
/* The name of a post-state variable in t, NULL when there is none; free
 * memoizes the terms found free of them (recursion: the depth of the term). */
static const char *mentions_post(const its *s, smt_term t, const u64_map *post_var, u64_map *free_of) {
  if (u64_map_has(free_of, t)) return NULL;
  uint64_t i;
  if (u64_map_get(post_var, t, &i)) return s->var_names[i];
  uint32_t n = smt_term_nargs(s->ctx, t);
  for (uint32_t a = 0; a < n; a++) {
    const char *bad = mentions_post(s, smt_term_arg(s->ctx, t, a), post_var, free_of);
    if (bad) return bad;
  }
  u64_map_put(free_of, t, 1);
  return NULL;
}

bool its_validate(const its *s, char *err, size_t errlen) {
  if (s->start == ITS_NONE || s->start >= s->nlocs) {
    snprintf(err, errlen, "no start location");
    return false;
  }
  for (uint32_t i = 0; i < s->nvars; i++)
    if (!its_name_ok(s->var_names[i]) || its_find_var(s, s->var_names[i]) != i) {
      snprintf(err, errlen, "bad or duplicate variable name '%s'", s->var_names[i]);
      return false;
    }
  for (uint32_t i = 0; i < s->nlocs; i++)
    if (!its_name_ok(s->loc_names[i]) || its_find_loc(s, s->loc_names[i]) != i) {
      snprintf(err, errlen, "bad or duplicate location name '%s'", s->loc_names[i]);
      return false;
    }
  /* post-state variables -> index; terms known free of them (shared
   * subterms are visited once for the whole system: linear in its DAG) */
  u64_map post_var = {0}, post_free = {0};
  for (uint32_t i = 0; i < s->nvars; i++) u64_map_put(&post_var, s->post[i], i);
  bool ok = true;
  for (size_t k = 0; ok && k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from >= s->nlocs || t->to >= s->nlocs) {
      snprintf(err, errlen, "transition %zu: location out of range", k);
      ok = false;
    } else if (t->guard == SMT_NULL || !smt_sort_is_bool(smt_term_sort(s->ctx, t->guard))) {
      snprintf(err, errlen, "transition %zu: guard is not Bool", k);
      ok = false;
    }
    for (uint32_t i = 0; ok && i < s->nvars; i++)
      if (t->update[i] != SMT_NULL && !smt_sort_is_int(smt_term_sort(s->ctx, t->update[i]))) {
        snprintf(err, errlen, "transition %zu: update of %s is not Int", k, s->var_names[i]);
        ok = false;
      }
    const char *bad = ok ? mentions_post(s, t->guard, &post_var, &post_free) : NULL;
    for (uint32_t i = 0; ok && !bad && i < s->nvars; i++)
      if (t->update[i] != SMT_NULL) bad = mentions_post(s, t->update[i], &post_var, &post_free);
    if (bad) {
      snprintf(err, errlen, "transition %zu: post-state variable %s' in guard or update", k, bad);
      ok = false;
    }
  }
  u64_map_free(&post_var), u64_map_free(&post_free);
  return ok;
}

void its_check_valid(const its *s) {
#ifndef NDEBUG
  char err[256];
  bool ok = its_validate(s, err, sizeof err);
  for (size_t k = 0; ok && k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    for (uint32_t j = 0; ok && j < t->ntemps; j++)
      if (smt_term_kind(s->ctx, t->temps[j]) != SMT_VAR || its_var_of_term(s, t->temps[j]) != ITS_NONE) {
        snprintf(err, sizeof err, "transition %zu: temporary %u is not a temporary variable", k, j);
        ok = false;
      }
  }
  if (!ok) fprintf(stderr, "bitprove: internal error: invalid ITS: %s\n", err);
  assert(ok && "ITS invariant");
#else
  (void)s;
#endif
}

smt_term its_trans_relation(const its *s, uint32_t i) {
  assert(i < s->trans.len);
  const its_trans *t = &s->trans.data[i];
  smt_term r = t->guard;
  for (uint32_t v = 0; v < s->nvars; v++)
    if (t->update[v] != SMT_NULL) r = smt_mk_and2(s->ctx, r, smt_mk_eq(s->ctx, s->post[v], t->update[v]));
  return r;
}

static const char *loc_name(const its *s, uint32_t l) { return l < s->nlocs ? s->loc_names[l] : ""; }

bool its_equal(const its *a, const its *b) {
  if (a->ctx != b->ctx || a->nvars != b->nvars || a->trans.len != b->trans.len) return false;
  for (uint32_t i = 0; i < a->nvars; i++)
    if (strcmp(a->var_names[i], b->var_names[i]) != 0) return false;
  if (strcmp(loc_name(a, a->start), loc_name(b, b->start)) != 0) return false;
  for (size_t k = 0; k < a->trans.len; k++) {
    const its_trans *x = &a->trans.data[k], *y = &b->trans.data[k];
    if (strcmp(loc_name(a, x->from), loc_name(b, y->from)) != 0 || strcmp(loc_name(a, x->to), loc_name(b, y->to)) != 0)
      return false;
    if (smt_simplify(a->ctx, x->guard) != smt_simplify(a->ctx, y->guard)) return false;
    for (uint32_t i = 0; i < a->nvars; i++) {
      if ((x->update[i] == SMT_NULL) != (y->update[i] == SMT_NULL)) return false;
      if (x->update[i] != SMT_NULL &&
          smt_simplify(a->ctx, x->update[i]) != smt_simplify(a->ctx, y->update[i]))
        return false;
    }
  }
  return true;
}
