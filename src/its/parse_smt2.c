/* parse_smt2.c: reader for termCOMP's SMT-LIB ITS format (the TPDB
 * Integer_Transition_Systems *.smt2 files).
 *
 * What is read: (declare-sort Loc 0), (declare-const l Loc) for every
 * location, the standard definitions of cfg_init / cfg_trans2 / cfg_trans3
 * (taken with their standard meaning, bodies not read), and
 *   (define-fun init_main ((pc Loc) (x Int) ...) Bool (cfg_init pc l true))
 *   (define-fun next_main ((pc Loc) (x Int) ... (pc' Loc) (x' Int) ...) Bool
 *     (or (cfg_trans2 pc l1 pc' l2 REL) ...))
 * The parameters of next_main are the pre-state half then the post-state
 * half, matched by position (names are free: x^0/x^post, arg1/arg1P). REL
 * is an Int/Bool formula (parse_sexp.c) whose top-level conjunctions,
 * exists quantifiers and lets (with values free of post-state variables)
 * are flattened: exists-bound variables become temporaries; the first conjunct (= x' e) or (= e x') with e free of
 * post-state variables defines the update of x; any other post-state
 * variable becomes a temporary (its update; unconstrained when it occurs
 * nowhere else). set-logic, set-info, assert (the distinctness of the
 * locations), check-sat and exit are skipped.
 * Not supported (an error): cfg_trans3 applications, an initial condition
 * other than true, exists below or/not, an exists or let variable that shadows
 * another name of the transition.
 * Names are cleaned into identifiers (parse_clean_name), a suffix "^0" of
 * the pre-state names dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

typedef struct {
  parse_state *p;
  its *s;
  VEC(const char *) loc_raw; /* raw name of location i */
  const char *pc_pre, *pc_post;
  uint32_t nparams_half;
  const sx *pre_params, *post_params; /* param lists: kids [0..half) and [half..2half) */
  const sx *next_params;
  VEC(const char *) post_raw; /* per ITS variable */
  VEC(const char *) pre_raw;
  /* per transition */
  VEC(const sx *) conj;
  VEC(char *) temp_names;
} rd;

static uint32_t loc_of(rd *r, const sx *e) {
  if (!e->atom) return ITS_NONE;
  for (size_t i = 0; i < r->loc_raw.len; i++)
    if (strcmp(r->loc_raw.data[i], e->atom) == 0) return (uint32_t)i;
  return ITS_NONE;
}

/* A name not used by a variable or a location nor in `used`. */
static char *unique_name(its *s, const char *base, char **used, size_t nused, bool loc) {
  char *name = parse_clean_name(base);
  for (unsigned k = 1;; k++) {
    bool clash = loc ? its_find_loc(s, name) != ITS_NONE : its_find_var(s, name) != ITS_NONE;
    for (size_t i = 0; !clash && i < nused; i++) clash = strcmp(used[i], name) == 0;
    if (!clash) return name;
    free(name);
    char *c = parse_clean_name(base);
    name = xasprintf("%s_%u", c, k);
    free(c);
  }
}

static bool is_post(rd *r, const char *a) {
  for (size_t i = 0; i < r->post_raw.len; i++)
    if (strcmp(r->post_raw.data[i], a) == 0) return true;
  return false;
}

static bool mentions_post(rd *r, const sx *e, int depth) {
  if (depth > PARSE_MAX_DEPTH) return true;
  if (e->atom) return is_post(r, e->atom) || (r->pc_post && strcmp(e->atom, r->pc_post) == 0);
  for (uint32_t i = 0; i < e->n; i++)
    if (mentions_post(r, e->kids[i], depth + 1)) return true;
  return false;
}

static bool name_taken(rd *r, const char *a) {
  if (parse_lookup(r->p, a) || is_post(r, a)) return true;
  return r->pc_pre && (strcmp(a, r->pc_pre) == 0 || strcmp(a, r->pc_post) == 0);
}

/* Flattens and/exists into r->conj, binding exists variables. */
static bool flatten(rd *r, const sx *e, int depth) {
  if (depth > PARSE_MAX_DEPTH) return parse_fail(r->p, e->line, "nesting too deep");
  const char *h = sx_head(e);
  if (h && strcmp(h, "and") == 0) {
    for (uint32_t i = 1; i < e->n; i++)
      if (!flatten(r, e->kids[i], depth + 1)) return false;
    return true;
  }
  if (h && strcmp(h, "exists") == 0) {
    if (e->n != 3 || e->kids[1]->atom) return parse_fail(r->p, e->line, "malformed exists");
    const sx *vs = e->kids[1];
    for (uint32_t i = 0; i < vs->n; i++) {
      const sx *v = vs->kids[i];
      if (v->atom || v->n != 2 || !v->kids[0]->atom || !sx_is(v->kids[1], "Int"))
        return parse_fail(r->p, v->line, "exists variables must be (name Int)");
      const char *a = v->kids[0]->atom;
      if (name_taken(r, a)) return parse_fail(r->p, v->line, "exists variable '%s' shadows another name", a);
      char *nm = unique_name(r->s, a, r->temp_names.data, r->temp_names.len, false);
      VEC_PUSH(r->temp_names, nm);
      parse_bind(r->p, a, smt_mk_var(r->p->ctx, nm, SMT_SORT_INT));
    }
    return flatten(r, e->kids[2], depth + 1);
  }
  if (h && strcmp(h, "let") == 0 && e->n == 3 && !e->kids[1]->atom) {
    const sx *bs = e->kids[1];
    bool plain = true; /* values free of post-state variables (bound later) */
    for (uint32_t i = 0; plain && i < bs->n; i++)
      plain = !bs->kids[i]->atom && bs->kids[i]->n == 2 && bs->kids[i]->kids[0]->atom &&
              !name_taken(r, bs->kids[i]->kids[0]->atom) && !mentions_post(r, bs->kids[i]->kids[1], 0);
    if (plain) {
      smt_term *v = xmalloc((bs->n ? bs->n : 1) * sizeof *v);
      for (uint32_t i = 0; i < bs->n; i++)
        if (!(v[i] = parse_term(r->p, bs->kids[i]->kids[1], depth + 1))) {
          free(v);
          return false;
        }
      for (uint32_t i = 0; i < bs->n; i++) parse_bind(r->p, bs->kids[i]->kids[0]->atom, v[i]);
      free(v);
      return flatten(r, e->kids[2], depth + 1);
    }
  }
  VEC_PUSH(r->conj, e);
  return true;
}

static bool read_trans(rd *r, const sx *app) {
  parse_state *p = r->p;
  its *s = r->s;
  const char *h = sx_head(app);
  if (h && strcmp(h, "cfg_trans3") == 0)
    return parse_fail(p, app->line, "cfg_trans3 (calls) is not supported");
  if (!h || strcmp(h, "cfg_trans2") != 0 || app->n != 6)
    return parse_fail(p, app->line, "expected (cfg_trans2 pc src pc' dst relation)");
  if (!sx_is(app->kids[1], r->pc_pre) || !sx_is(app->kids[3], r->pc_post))
    return parse_fail(p, app->line, "cfg_trans2 must use the location parameters %s and %s", r->pc_pre,
                      r->pc_post);
  uint32_t from = loc_of(r, app->kids[2]), to = loc_of(r, app->kids[4]);
  if (from == ITS_NONE || to == ITS_NONE)
    return parse_fail(p, app->line, "unknown location '%s'",
                      from == ITS_NONE ? (app->kids[2]->atom ? app->kids[2]->atom : "(...)")
                                       : (app->kids[4]->atom ? app->kids[4]->atom : "(...)"));
  size_t mark = p->env.len;
  r->conj.len = 0;
  for (size_t i = 0; i < r->temp_names.len; i++) free(r->temp_names.data[i]);
  r->temp_names.len = 0;
  bool ok = flatten(r, app->kids[5], 1);
  smt_term *upd = xcalloc(s->nvars + 1, sizeof *upd);
  bool *used = xcalloc(r->conj.len + 1, sizeof *used);
  /* definitions x' = e */
  for (size_t c = 0; ok && c < r->conj.len; c++) {
    const sx *e = r->conj.data[c];
    if (!sx_is(e->kids ? e->kids[0] : e, "=") || e->atom || e->n != 3) continue;
    for (int side = 1; side <= 2; side++) {
      const sx *lhs = e->kids[side], *rhs = e->kids[3 - side];
      if (!lhs->atom || !is_post(r, lhs->atom) || mentions_post(r, rhs, 0)) continue;
      uint32_t v = 0;
      while (strcmp(r->post_raw.data[v], lhs->atom) != 0) v++;
      if (upd[v]) continue;
      smt_term t = parse_term(p, rhs, 1);
      if (!t) {
        ok = false;
        break;
      }
      if (!smt_sort_is_int(smt_term_sort(p->ctx, t))) {
        ok = parse_fail(p, e->line, "post-state variable equated with a non-Int term");
        break;
      }
      upd[v] = t;
      used[c] = true;
      break;
    }
  }
  /* the other post-state variables become temporaries */
  for (uint32_t v = 0; ok && v < s->nvars; v++) {
    if (!upd[v]) {
      char *base = xasprintf("%s_post", s->var_names[v]);
      char *nm = unique_name(s, base, r->temp_names.data, r->temp_names.len, false);
      free(base);
      VEC_PUSH(r->temp_names, nm);
      upd[v] = smt_mk_var(p->ctx, nm, SMT_SORT_INT);
    }
    parse_bind(p, r->post_raw.data[v], upd[v]);
  }
  smt_term guard = SMT_TRUE;
  for (size_t c = 0; ok && c < r->conj.len; c++) {
    if (used[c]) continue;
    const sx *e = r->conj.data[c];
    smt_term t = parse_term(p, e, 1);
    if (!t) {
      ok = false;
      break;
    }
    if (!smt_sort_is_bool(smt_term_sort(p->ctx, t))) {
      ok = parse_fail(p, e->line, "relation is not Bool");
      break;
    }
    guard = smt_mk_and2(p->ctx, guard, t);
  }
  if (ok) its_add_trans(s, from, to, guard, upd);
  free(upd);
  free(used);
  p->env.len = mark;
  return ok;
}

/* Reads a parameter list ((name Sort) ...). */
static bool check_params(rd *r, const sx *ps) {
  if (ps->atom) return parse_fail(r->p, ps->line, "expected a parameter list");
  for (uint32_t i = 0; i < ps->n; i++) {
    const sx *q = ps->kids[i];
    if (q->atom || q->n != 2 || !q->kids[0]->atom || !q->kids[1]->atom ||
        !(sx_is(q->kids[1], "Int") || sx_is(q->kids[1], "Loc")))
      return parse_fail(r->p, q->line, "expected a parameter (name Int) or (name Loc)");
  }
  return true;
}

static bool read_next(rd *r, const sx *def) {
  parse_state *p = r->p;
  const sx *ps = def->kids[2];
  if (!check_params(r, ps)) return false;
  if (ps->n % 2 != 0 || ps->n == 0) return parse_fail(p, ps->line, "next_main needs pre- and post-state parameters");
  uint32_t half = ps->n / 2;
  for (uint32_t i = 0; i < half; i++) {
    const sx *a = ps->kids[i], *b = ps->kids[i + half];
    if (strcmp(a->kids[1]->atom, b->kids[1]->atom) != 0)
      return parse_fail(p, b->line, "post-state parameter '%s' has another sort than '%s'", b->kids[0]->atom,
                        a->kids[0]->atom);
    for (uint32_t j = 0; j < ps->n; j++)
      if (j != i && strcmp(ps->kids[j]->kids[0]->atom, a->kids[0]->atom) == 0)
        return parse_fail(p, a->line, "parameter '%s' twice", a->kids[0]->atom);
    if (sx_is(a->kids[1], "Loc")) {
      if (r->pc_pre) return parse_fail(p, a->line, "more than one location parameter");
      r->pc_pre = a->kids[0]->atom;
      r->pc_post = b->kids[0]->atom;
      continue;
    }
    const char *raw = a->kids[0]->atom;
    size_t len = strlen(raw);
    char *base = len > 2 && strcmp(raw + len - 2, "^0") == 0 ? xstrndup(raw, len - 2) : xstrdup(raw);
    char *nm = unique_name(r->s, base, NULL, 0, false);
    free(base);
    uint32_t v = its_add_var(r->s, nm);
    free(nm);
    if (v == ITS_NONE) return parse_fail(p, a->line, "bad variable name '%s'", raw);
    parse_bind(p, raw, r->s->pre[v]);
    VEC_PUSH(r->pre_raw, raw);
    VEC_PUSH(r->post_raw, b->kids[0]->atom);
  }
  if (!r->pc_pre) return parse_fail(p, ps->line, "next_main has no location parameter");
  const sx *body = def->kids[4];
  const char *h = sx_head(body);
  if (sx_is(body, "false")) return true;
  if (h && strcmp(h, "or") == 0) {
    for (uint32_t i = 1; i < body->n; i++)
      if (!read_trans(r, body->kids[i])) return false;
    return true;
  }
  return read_trans(r, body);
}

static bool read_init(rd *r, const sx *def) {
  if (!check_params(r, def->kids[2])) return false;
  const sx *b = def->kids[4];
  const char *h = sx_head(b);
  if (!h || strcmp(h, "cfg_init") != 0 || b->n != 4 || !b->kids[1]->atom)
    return parse_fail(r->p, b->line, "init_main must be (cfg_init pc location true)");
  if (!sx_is(b->kids[3], "true")) return parse_fail(r->p, b->line, "an initial condition other than true is not supported");
  uint32_t l = loc_of(r, b->kids[2]);
  if (l == ITS_NONE) return parse_fail(r->p, b->line, "unknown start location");
  its_set_start(r->s, l);
  return true;
}

its *its_parse_smt2(smt_ctx *ctx, const char *text, char *err, size_t errlen) {
  parse_state p;
  parse_init(&p, ctx, err, errlen);
  rd r = {0};
  r.p = &p;
  r.s = its_new(ctx);
  sx *top = parse_sexps(&p, text);
  const sx *init = NULL, *next = NULL;
  bool ok = top != NULL;
  for (uint32_t i = 0; ok && i < top->n; i++) {
    const sx *f = top->kids[i];
    const char *h = sx_head(f);
    if (!h) {
      ok = parse_fail(&p, f->line, "expected a command");
    } else if (strcmp(h, "declare-const") == 0 || strcmp(h, "declare-fun") == 0) {
      const sx *srt = f->kids[f->n - 1];
      bool fun = strcmp(h, "declare-fun") == 0;
      if (f->n != (fun ? 4u : 3u) || !f->kids[1]->atom || !sx_is(srt, "Loc") ||
          (fun && (f->kids[2]->atom || f->kids[2]->n != 0)))
        ok = parse_fail(&p, f->line, "only location constants (declare-const l Loc) are supported");
      else if (loc_of(&r, f->kids[1]) != ITS_NONE)
        ok = parse_fail(&p, f->line, "location '%s' declared twice", f->kids[1]->atom);
      else {
        char *nm = unique_name(r.s, f->kids[1]->atom, NULL, 0, true);
        its_add_loc(r.s, nm);
        free(nm);
        VEC_PUSH(r.loc_raw, f->kids[1]->atom);
      }
    } else if (strcmp(h, "define-fun") == 0) {
      if (f->n != 5 || !f->kids[1]->atom) {
        ok = parse_fail(&p, f->line, "malformed define-fun");
        continue;
      }
      const char *nm = f->kids[1]->atom;
      if (strcmp(nm, "init_main") == 0) {
        if (init) ok = parse_fail(&p, f->line, "init_main defined twice");
        init = f;
      } else if (strcmp(nm, "next_main") == 0) {
        if (next) ok = parse_fail(&p, f->line, "next_main defined twice");
        next = f;
      } else if (strcmp(nm, "cfg_init") != 0 && strcmp(nm, "cfg_trans2") != 0 && strcmp(nm, "cfg_trans3") != 0) {
        ok = parse_fail(&p, f->line, "unsupported definition '%s'", nm);
      }
    } else if (strcmp(h, "declare-sort") == 0) {
      if (f->n < 2 || !sx_is(f->kids[1], "Loc")) ok = parse_fail(&p, f->line, "only the sort Loc may be declared");
    } else if (strcmp(h, "assert") != 0 && strcmp(h, "set-logic") != 0 && strcmp(h, "set-info") != 0 &&
               strcmp(h, "set-option") != 0 && strcmp(h, "check-sat") != 0 && strcmp(h, "exit") != 0) {
      ok = parse_fail(&p, f->line, "unsupported command '%s'", h);
    }
  }
  if (ok && !init) ok = parse_fail(&p, top->n ? top->kids[top->n - 1]->line : 1, "no init_main");
  if (ok && !next) ok = parse_fail(&p, top->n ? top->kids[top->n - 1]->line : 1, "no next_main");
  if (ok) ok = read_init(&r, init) && read_next(&r, next);
  if (ok) {
    char msg[200];
    if (!its_validate(r.s, msg, sizeof msg)) ok = parse_fail(&p, 1, "%s", msg);
  }
  for (size_t i = 0; i < r.temp_names.len; i++) free(r.temp_names.data[i]);
  VEC_FREE(r.temp_names);
  VEC_FREE(r.conj);
  VEC_FREE(r.loc_raw);
  VEC_FREE(r.pre_raw);
  VEC_FREE(r.post_raw);
  parse_fini(&p);
  if (!ok) {
    its_free(r.s);
    return NULL;
  }
  return r.s;
}
