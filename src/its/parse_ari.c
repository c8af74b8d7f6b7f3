/* parse_ari.c: reader for ITS in the ARI (LCTRS) format of the
 * Termination and Confluence Competitions.
 *
 * The subset read (one Int-only LCTRS per file):
 *   (format LCTRS :smtlib 2.6)        optional; any other format is an error
 *   (theory Ints)                     any number, ignored
 *   (sort S)                          ignored (S may be a result sort)
 *   (fun f (-> Int ... Int S))        a location; (fun f S) for arity 0.
 *                                     All arguments Int, all arities equal.
 *   (entrypoint f)                    the start location; without it the
 *                                     first declared fun is the start
 *   (rule (f x1 .. xn) (g e1 .. en) :guard phi :var ((t Int) ..) :cost c)
 * :guard, :var and :cost are optional (:var and :cost are skipped: sorts are
 * all Int, costs do not matter for termination). The left-hand side's
 * arguments are distinct variables; the first rule's names become the ITS
 * variable names (cleaned). Other variables of the right-hand side and the
 * guard are temporaries. Terms: SMT-LIB Int/Bool (parse_sexp.c). As
 * every symbol has the same arity n, an atom in a term is a variable when
 * n > 0, even if a function symbol has the same name.
 * Not supported (an error): define-fun, non-Int arguments, nested function
 * symbols in right-hand sides. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

typedef struct {
  parse_state *p;
  its *s;
  VEC(const char *) loc_raw;
  uint32_t arity;
  bool have_arity, named;
  VEC(char *) temps; /* per rule: clean names in use */
} ar;

static uint32_t loc_of(ar *r, const char *a) {
  for (size_t i = 0; i < r->loc_raw.len; i++)
    if (strcmp(r->loc_raw.data[i], a) == 0) return (uint32_t)i;
  return ITS_NONE;
}

static bool is_special(const char *a) {
  if (strcmp(a, "true") == 0 || strcmp(a, "false") == 0) return true;
  const char *c = a + (a[0] == '-' && a[1]);
  for (; *c; c++)
    if (*c < '0' || *c > '9') return false;
  return true;
}

/* Binds every free variable of e (atoms not in operator position) as a
 * temporary. */
static bool bind_temps(ar *r, const sx *e, int depth) {
  if (depth > PARSE_MAX_DEPTH) return parse_fail(r->p, e->line, "nesting deeper than %d", PARSE_MAX_DEPTH);
  if (e->atom) {
    if (is_special(e->atom) || parse_lookup(r->p, e->atom) || (r->arity == 0 && loc_of(r, e->atom) != ITS_NONE))
      return true;
    char *base = parse_clean_name(e->atom), *nm = xstrdup(base);
    for (unsigned k = 1;; k++) {
      bool clash = its_find_var(r->s, nm) != ITS_NONE;
      for (size_t i = 0; !clash && i < r->temps.len; i++) clash = strcmp(r->temps.data[i], nm) == 0;
      if (!clash) break;
      free(nm);
      nm = xasprintf("%s_%u", base, k);
    }
    free(base);
    VEC_PUSH(r->temps, nm);
    parse_bind(r->p, e->atom, smt_mk_var(r->p->ctx, nm, SMT_SORT_INT));
    return true;
  }
  for (uint32_t i = 1; i < e->n; i++)
    if (!bind_temps(r, e->kids[i], depth + 1)) return false;
  return true;
}

/* The location and argument list of an application (f a1 .. an) or f. */
static bool app_parts(ar *r, const sx *e, uint32_t *loc, const sx *const **args, uint32_t *n) {
  const char *f = e->atom ? e->atom : sx_head(e);
  if (!f || (*loc = loc_of(r, f)) == ITS_NONE)
    return parse_fail(r->p, e->line, "expected an application of a declared function symbol");
  *args = e->atom ? NULL : (const sx *const *)e->kids + 1;
  *n = e->atom ? 0 : e->n - 1;
  if (*n != r->arity) return parse_fail(r->p, e->line, "'%s' applied to %u arguments, expected %u", f, *n, r->arity);
  return true;
}

static bool read_rule(ar *r, const sx *e) {
  parse_state *p = r->p;
  its *s = r->s;
  if (e->n < 3) return parse_fail(p, e->line, "a rule needs a left- and a right-hand side");
  const sx *guard_sx = NULL;
  for (uint32_t i = 3; i < e->n; i += 2) {
    const sx *k = e->kids[i];
    if (!k->atom || k->atom[0] != ':' || i + 1 >= e->n) return parse_fail(p, k->line, "expected :guard, :var or :cost");
    if (strcmp(k->atom, ":guard") == 0)
      guard_sx = e->kids[i + 1];
    else if (strcmp(k->atom, ":var") != 0 && strcmp(k->atom, ":cost") != 0)
      return parse_fail(p, k->line, "unknown rule attribute '%s'", k->atom);
  }
  uint32_t from, to, n, m;
  const sx *const *largs, *const *rargs;
  if (!app_parts(r, e->kids[1], &from, &largs, &n) || !app_parts(r, e->kids[2], &to, &rargs, &m)) return false;
  for (uint32_t i = 0; i < n; i++) {
    if (!largs[i]->atom || is_special(largs[i]->atom))
      return parse_fail(p, largs[i]->line, "left-hand side arguments must be variables");
    for (uint32_t j = 0; j < i; j++)
      if (strcmp(largs[i]->atom, largs[j]->atom) == 0)
        return parse_fail(p, largs[i]->line, "variable '%s' twice in a left-hand side", largs[i]->atom);
  }
  if (!r->named) {
    r->named = true;
    for (uint32_t i = 0; i < n; i++) {
      char *base = parse_clean_name(largs[i]->atom), *nm = xstrdup(base);
      for (unsigned k = 1; its_find_var(s, nm) != ITS_NONE; k++) {
        free(nm);
        nm = xasprintf("%s_%u", base, k);
      }
      its_add_var(s, nm);
      free(base);
      free(nm);
    }
  }
  size_t mark = p->env.len;
  for (size_t i = 0; i < r->temps.len; i++) free(r->temps.data[i]);
  r->temps.len = 0;
  for (uint32_t i = 0; i < n; i++) parse_bind(p, largs[i]->atom, s->pre[i]);
  bool ok = true;
  for (uint32_t i = 0; ok && i < m; i++) ok = bind_temps(r, rargs[i], 1);
  if (ok && guard_sx) ok = bind_temps(r, guard_sx, 1);
  smt_term *upd = xcalloc(m + 1, sizeof *upd);
  for (uint32_t i = 0; ok && i < m; i++) {
    if (sx_head(rargs[i]) && loc_of(r, sx_head(rargs[i])) != ITS_NONE) {
      ok = parse_fail(p, rargs[i]->line, "nested function symbol '%s'", sx_head(rargs[i]));
      break;
    }
    upd[i] = parse_term(p, rargs[i], 1);
    ok = upd[i] != SMT_NULL;
    if (ok && !smt_sort_is_int(smt_term_sort(p->ctx, upd[i])))
      ok = parse_fail(p, rargs[i]->line, "argument is not an integer");
  }
  smt_term g = SMT_TRUE;
  if (ok && guard_sx) {
    g = parse_term(p, guard_sx, 1);
    ok = g != SMT_NULL;
    if (ok && !smt_sort_is_bool(smt_term_sort(p->ctx, g))) ok = parse_fail(p, guard_sx->line, "guard is not Boolean");
  }
  if (ok) its_add_trans(s, from, to, g, upd);
  free(upd);
  p->env.len = mark;
  return ok;
}

static bool read_fun(ar *r, const sx *f) {
  if (f->n != 3 || !f->kids[1]->atom) return parse_fail(r->p, f->line, "malformed fun");
  const sx *ty = f->kids[2];
  uint32_t n = 0;
  if (!ty->atom) {
    if (!sx_is(ty->kids[0], "->") || ty->n < 3) return parse_fail(r->p, ty->line, "malformed type");
    n = ty->n - 2;
    for (uint32_t i = 1; i + 1 < ty->n; i++)
      if (!sx_is(ty->kids[i], "Int")) return parse_fail(r->p, ty->kids[i]->line, "arguments must be Int");
    if (!ty->kids[ty->n - 1]->atom) return parse_fail(r->p, ty->line, "malformed result sort");
  }
  if (r->have_arity && n != r->arity)
    return parse_fail(r->p, f->line, "'%s' has arity %u, expected %u", f->kids[1]->atom, n, r->arity);
  r->arity = n;
  r->have_arity = true;
  const char *raw = f->kids[1]->atom;
  if (loc_of(r, raw) != ITS_NONE) return parse_fail(r->p, f->line, "'%s' declared twice", raw);
  char *base = parse_clean_name(raw), *nm = xstrdup(base);
  for (unsigned k = 1; its_find_loc(r->s, nm) != ITS_NONE; k++) {
    free(nm);
    nm = xasprintf("%s_%u", base, k);
  }
  its_add_loc(r->s, nm);
  free(base);
  free(nm);
  VEC_PUSH(r->loc_raw, raw);
  return true;
}

its *its_parse_ari(smt_ctx *ctx, const char *text, char *err, size_t errlen) {
  parse_state p;
  parse_init(&p, ctx, err, errlen);
  ar r = {0};
  r.p = &p;
  r.s = its_new(ctx);
  sx *top = parse_sexps(&p, text);
  bool ok = top != NULL;
  const sx *entry = NULL;
  for (uint32_t i = 0; ok && i < top->n; i++) {
    const sx *f = top->kids[i];
    const char *h = sx_head(f);
    if (!h) {
      ok = parse_fail(&p, f->line, "expected a declaration");
    } else if (strcmp(h, "format") == 0) {
      if (i != 0 || f->n < 2 || !sx_is(f->kids[1], "LCTRS")) ok = parse_fail(&p, f->line, "expected (format LCTRS ...) first");
    } else if (strcmp(h, "theory") == 0 || strcmp(h, "sort") == 0) {
      /* Ints only; nothing to do */
    } else if (strcmp(h, "fun") == 0) {
      ok = read_fun(&r, f);
    } else if (strcmp(h, "entrypoint") == 0) {
      if (f->n != 2 || !f->kids[1]->atom || entry) ok = parse_fail(&p, f->line, "malformed or second entrypoint");
      entry = f;
    } else if (strcmp(h, "rule") == 0) {
      ok = read_rule(&r, f);
    } else {
      ok = parse_fail(&p, f->line, "unsupported declaration '%s'", h);
    }
  }
  if (ok && entry) {
    uint32_t l = loc_of(&r, entry->kids[1]->atom);
    if (l == ITS_NONE) ok = parse_fail(&p, entry->line, "unknown entrypoint '%s'", entry->kids[1]->atom);
    its_set_start(r.s, l);
  } else if (ok && r.s->nlocs > 0) {
    its_set_start(r.s, 0);
  }
  if (ok) {
    char msg[200];
    if (!its_validate(r.s, msg, sizeof msg)) ok = parse_fail(&p, 1, "%s", msg);
  }
  for (size_t i = 0; i < r.temps.len; i++) free(r.temps.data[i]);
  VEC_FREE(r.temps);
  VEC_FREE(r.loc_raw);
  parse_fini(&p);
  if (!ok) {
    its_free(r.s);
    return NULL;
  }
  return r.s;
}
