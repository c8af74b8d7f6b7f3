/* transform.c: location graph, composition, DNF and dead ends of ITS
 * transitions (transform.h). */
#include "transform.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- location graph ------------------------------------------------------ */

void its_location_graph(const its *s, const uint32_t *tidx, uint32_t nt, graph *g) {
  if (!tidx) nt = (uint32_t)s->trans.len;
  uint32_t *src = xmalloc((nt ? nt : 1) * sizeof *src), *dst = xmalloc((nt ? nt : 1) * sizeof *dst);
  uint32_t *id = xmalloc((nt ? nt : 1) * sizeof *id);
  for (uint32_t k = 0; k < nt; k++) {
    id[k] = tidx ? tidx[k] : k;
    assert(id[k] < s->trans.len);
    src[k] = s->trans.data[id[k]].from, dst[k] = s->trans.data[id[k]].to;
  }
  graph_build(g, s->nlocs, nt, src, dst, id);
  free(src), free(dst), free(id);
}

/* ---- composition --------------------------------------------------------- */

void its_chain_init(its_chain *c, const its *s, const char *temp_prefix, const char *free_prefix) {
  c->s = s;
  c->guard = SMT_TRUE;
  c->state = xmalloc((s->nvars ? s->nvars : 1) * sizeof *c->state);
  if (s->nvars) memcpy(c->state, s->pre, s->nvars * sizeof *c->state);
  c->temp_prefix = temp_prefix, c->free_prefix = free_prefix;
  c->two_step = false;
}

void its_chain_free(its_chain *c) {
  free(c->state);
  c->state = NULL;
}

/* sigma(x) for sigma = [vars[0..n) := repl, vars[n..n+m) := repl] (the
 * pre-state, then the m temporaries). Two-step chains rename the
 * temporaries first and substitute the state after; the result is the same
 * term up to the shape the simplifier gives it (conjunct order), which the
 * callers' proof texts show. */
static smt_term subst(const its_chain *c, smt_term x, uint32_t m, const smt_term *vars, const smt_term *repl) {
  smt_ctx *ctx = c->s->ctx;
  uint32_t n = c->s->nvars;
  if (!c->two_step) return smt_subst(ctx, x, n + m, vars, repl);
  if (m) x = smt_subst(ctx, x, m, vars + n, repl + n);
  return smt_subst(ctx, x, n, vars, repl);
}

/* its_chain_append; with want_state false only the guard is extended (the
 * state is left as it was: for "can t follow?" questions). */
static void append(its_chain *c, const its_trans *t, smt_term *renamed, smt_term *free_out, smt_term *before_out,
                   bool want_state) {
  const its *s = c->s;
  smt_ctx *ctx = s->ctx;
  uint32_t n = s->nvars, m = n + t->ntemps;
  smt_term *vars = xmalloc((m ? m : 1) * sizeof *vars), *repl = xmalloc((m ? m : 1) * sizeof *repl);
  for (uint32_t q = 0; q < t->ntemps; q++) {
    smt_term f = smt_mk_fresh(ctx, c->temp_prefix, smt_term_sort(ctx, t->temps[q]));
    vars[n + q] = t->temps[q], repl[n + q] = f;
    if (renamed) renamed[q] = f;
  }
  bool identity = t->ntemps == 0;
  for (uint32_t i = 0; i < n; i++) {
    if (c->state[i] == SMT_NULL) c->state[i] = smt_mk_fresh(ctx, c->free_prefix, SMT_SORT_INT); /* any value */
    vars[i] = s->pre[i], repl[i] = c->state[i];
    identity &= c->state[i] == s->pre[i];
  }
  /* the identity substitution is skipped: the terms stay as they are */
  c->guard = smt_mk_and2(ctx, c->guard, identity ? t->guard : subst(c, t->guard, t->ntemps, vars, repl));
  if (want_state) {
    smt_term *next = xmalloc((n ? n : 1) * sizeof *next);
    for (uint32_t i = 0; i < n; i++) {
      if (free_out) free_out[i] = SMT_NULL;
      if (before_out) before_out[i] = SMT_NULL;
      if (t->update[i] != SMT_NULL) {
        next[i] = identity ? t->update[i] : subst(c, t->update[i], t->ntemps, vars, repl);
      } else if (free_out) {
        next[i] = free_out[i] = smt_mk_fresh(ctx, c->free_prefix, SMT_SORT_INT);
        if (before_out) before_out[i] = c->state[i];
      } else {
        next[i] = SMT_NULL;
      }
    }
    free(c->state);
    c->state = next;
  }
  free(vars), free(repl);
}

void its_chain_append(its_chain *c, const its_trans *t, smt_term *renamed, smt_term *free_out, smt_term *before_out) {
  assert(c->state); /* initialized and not yet freed */
  append(c, t, renamed, free_out, before_out, true);
}

void its_compose(const its *s, const its_trans *t1, const its_trans *t2, const char *prefix, smt_term *guard,
                 smt_term *upd) {
  assert(t1->to == t2->from); /* t1;t2 is a path */
  its_chain c;
  its_chain_init(&c, s, prefix, prefix);
  c.two_step = true;
  its_chain_append(&c, t1, NULL, NULL, NULL);
  its_chain_append(&c, t2, NULL, NULL, NULL);
  *guard = c.guard;
  if (s->nvars) memcpy(upd, c.state, s->nvars * sizeof *upd);
  its_chain_free(&c);
}

/* ---- DNF ----------------------------------------------------------------- */

void its_dnf_free(its_dnf *d) {
  for (size_t i = 0; i < d->len; i++) VEC_FREE(d->data[i]);
  VEC_FREE(*d);
}

/* Appends the disjunct "true". */
static void push_true(const its_dnf_opts *o, its_dnf *out) {
  smt_term_vec e = {0};
  if (o->fold_and) VEC_PUSH(e, SMT_TRUE);
  VEC_PUSH(*out, e);
}

/* Appends the literal l as one disjunct (none for false). */
static bool push_lit(const its_dnf_opts *o, smt_term l, its_dnf *out) {
  if (l == SMT_FALSE) return true;
  smt_term_vec e = {0};
  if (l != SMT_TRUE || o->fold_and) VEC_PUSH(e, l);
  VEC_PUSH(*out, e);
  return out->len <= o->max_disjuncts;
}

/* out := out x b (conjunction). */
static bool product(smt_ctx *ctx, const its_dnf_opts *o, its_dnf *out, const its_dnf *b) {
  its_dnf r = {0};
  bool ok = true;
  if (o->fold_and) { /* one term per disjunct; contradictions dropped before counting */
    for (size_t i = 0; i < out->len && ok; i++)
      for (size_t j = 0; j < b->len && ok; j++) {
        smt_term c = smt_mk_and2(ctx, out->data[i].data[0], b->data[j].data[0]);
        if (c == SMT_FALSE) continue;
        smt_term_vec e = {0};
        VEC_PUSH(e, c);
        VEC_PUSH(r, e);
        ok = r.len <= o->max_disjuncts;
      }
  } else if (out->len * b->len > o->max_disjuncts) {
    ok = false;
  } else {
    for (size_t i = 0; i < out->len; i++)
      for (size_t j = 0; j < b->len; j++) {
        smt_term_vec e = {0};
        for (size_t q = 0; q < out->data[i].len; q++) VEC_PUSH(e, out->data[i].data[q]);
        for (size_t q = 0; q < b->data[j].len; q++) VEC_PUSH(e, b->data[j].data[q]);
        VEC_PUSH(r, e);
      }
  }
  its_dnf_free(out);
  *out = r;
  return ok;
}

/* Moves the disjuncts of b to the end of out. */
static bool sum(const its_dnf_opts *o, its_dnf *out, its_dnf *b) {
  for (size_t i = 0; i < b->len; i++) VEC_PUSH(*out, b->data[i]);
  b->len = 0;
  return out->len <= o->max_disjuncts;
}

static bool dnf_rec(smt_ctx *ctx, smt_term t, bool pos, const its_dnf_opts *o, unsigned depth, its_dnf *out);

/* The DNF of d[0] \/ d[1] (the two cases of an xor, Bool = or Bool ite). */
static bool dnf_either(smt_ctx *ctx, const smt_term *d, const its_dnf_opts *o, unsigned depth, its_dnf *out) {
  for (int i = 0; i < 2; i++) {
    its_dnf sub = {0};
    bool ok = dnf_rec(ctx, d[i], true, o, depth + 1, &sub) && sum(o, out, &sub);
    its_dnf_free(&sub);
    if (!ok) return false;
  }
  return true;
}

/* Recursion over the Boolean structure (depth bounded by max_depth when
 * set; the direct translation's conditions are shallow). */
static bool dnf_rec(smt_ctx *ctx, smt_term t, bool pos, const its_dnf_opts *o, unsigned depth, its_dnf *out) {
  if (o->max_depth && depth > o->max_depth) return false;
  if (t == SMT_TRUE || t == SMT_FALSE) return push_lit(o, (t == SMT_TRUE) == pos ? SMT_TRUE : SMT_FALSE, out);
  smt_kind k = smt_term_kind(ctx, t);
  uint32_t na = smt_term_nargs(ctx, t);
  if (k == SMT_NOT) return dnf_rec(ctx, smt_term_arg(ctx, t, 0), !pos, o, depth + 1, out);
  if (k == SMT_AND || k == SMT_OR || k == SMT_IMPLIES) {
    bool conj = k == SMT_IMPLIES ? !pos : (k == SMT_AND) == pos; /* a => b is not a \/ b */
    if (conj) push_true(o, out);
    for (uint32_t a = 0; a < na; a++) {
      bool apos = k == SMT_IMPLIES && a == 0 ? !pos : pos;
      its_dnf sub = {0};
      bool ok = dnf_rec(ctx, smt_term_arg(ctx, t, a), apos, o, depth + 1, &sub);
      if (ok) ok = conj ? product(ctx, o, out, &sub) : sum(o, out, &sub);
      its_dnf_free(&sub);
      if (!ok) return false;
      if (conj && out->len == 0) break; /* false already: the rest changes nothing */
    }
    return true;
  }
  smt_sort s0 = na ? smt_term_sort(ctx, smt_term_arg(ctx, t, 0)) : SMT_SORT_BOOL;
  if (o->bool_connectives && (k == SMT_XOR || (k == SMT_EQ && smt_sort_is_bool(s0)))) {
    smt_term a = smt_term_arg(ctx, t, 0), b = smt_term_arg(ctx, t, 1);
    bool same = (k == SMT_EQ) == pos; /* a <-> b */
    smt_term d[2] = {smt_mk_and2(ctx, a, same ? b : smt_mk_not(ctx, b)),
                     smt_mk_and2(ctx, smt_mk_not(ctx, a), same ? smt_mk_not(ctx, b) : b)};
    return dnf_either(ctx, d, o, depth, out);
  }
  if (o->bool_connectives && k == SMT_ITE && smt_sort_is_bool(smt_term_sort(ctx, t))) {
    smt_term cnd = smt_term_arg(ctx, t, 0), a = smt_term_arg(ctx, t, 1), b = smt_term_arg(ctx, t, 2);
    if (!pos) a = smt_mk_not(ctx, a), b = smt_mk_not(ctx, b);
    smt_term d[2] = {smt_mk_and2(ctx, cnd, a), smt_mk_and2(ctx, smt_mk_not(ctx, cnd), b)};
    return dnf_either(ctx, d, o, depth, out);
  }
  if (k == SMT_EQ && !pos && smt_sort_is_int(s0)) { /* over Int: a != b <=> a < b \/ a > b */
    smt_term a = smt_term_arg(ctx, t, 0), b = smt_term_arg(ctx, t, 1);
    return push_lit(o, smt_mk_int_lt(ctx, a, b), out) && push_lit(o, smt_mk_int_gt(ctx, a, b), out);
  }
  return push_lit(o, pos ? t : smt_mk_not(ctx, t), out);
}

bool its_to_dnf(smt_ctx *ctx, smt_term t, bool positive, const its_dnf_opts *o, its_dnf *out) {
  assert(out->len == 0 && o->max_disjuncts > 0);
  bool ok = dnf_rec(ctx, t, positive, o, 0, out);
  if (!ok) its_dnf_free(out);
  assert(ok || out->len == 0);
  assert(!ok || out->len <= o->max_disjuncts);
  return ok;
}

/* ---- dead ends ----------------------------------------------------------- */

/* Can a transition of t's SCC follow t? g: the location graph the SCC
 * numbers comp refer to; a successor whose target is >= nl (redirected to
 * an exit copy made after g) has left the SCC. */
static bool followed(const its *s, const its_trans *t, const graph *g, const uint32_t *comp, uint32_t nl,
                     const its_dead_end_opts *o) {
  its_chain c;
  its_chain_init(&c, s, o->prefix, o->prefix);
  its_chain_append(&c, t, NULL, NULL, NULL);
  smt_term g1 = c.guard;
  smt_term *after = xmalloc((s->nvars ? s->nvars : 1) * sizeof *after);
  if (s->nvars) memcpy(after, c.state, s->nvars * sizeof *after);
  bool any = false;
  for (uint32_t e = g->start[t->to]; e < g->start[t->to + 1] && !any; e++) {
    const its_trans *q = &s->trans.data[g->id[e]];
    if (q->to >= nl || comp[q->to] != comp[t->to]) continue;
    c.guard = g1; /* t;q from the same t: only q's guard is added */
    if (s->nvars) memcpy(c.state, after, s->nvars * sizeof *after);
    append(&c, q, NULL, NULL, NULL, false);
    smt_result r = o->sat ? o->sat(o->arg, c.guard) : smt_is_sat(s->ctx, o->query, c.guard);
    any = r != SMT_UNSAT;
  }
  free(after);
  its_chain_free(&c);
  return any;
}

/* May transition k (at slot order) be checked, and is it a candidate? */
static bool candidate(const its_trans *t, const graph *g, const uint32_t *comp, const its_dead_end_opts *o) {
  if (comp[t->from] == GRAPH_NONE || comp[t->from] != comp[t->to]) return false;
  if (o->max_out && graph_out_degree(g, t->to) > o->max_out) return false;
  return true;
}

static bool may_go_on(const its_dead_end_opts *o) { return (!o->budget || *o->budget) && !(o->stop && o->stop(o->arg)); }

uint32_t its_dead_ends_mark(const its *s, const uint32_t *tidx, uint32_t nt, const its_dead_end_opts *o, bool *dead) {
  graph g;
  its_location_graph(s, tidx, nt, &g);
  uint32_t *comp = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *comp);
  graph_sccs(&g, NULL, 0, comp);
  uint32_t count = 0;
  for (uint32_t k = 0; k < nt; k++) dead[k] = false;
  for (uint32_t k = 0; k < nt && may_go_on(o); k++) {
    const its_trans *t = &s->trans.data[tidx[k]];
    if (!candidate(t, &g, comp, o)) continue;
    if (o->budget) (*o->budget)--;
    dead[k] = !followed(s, t, &g, comp, s->nlocs, o);
    count += dead[k];
  }
  free(comp);
  graph_free(&g);
  return count;
}

/* add(s, base), or add(s, base_k) for k = 2, 3, ... until a name is free. */
static uint32_t add_unique(its *s, const char *base, uint32_t (*add)(its *, const char *)) {
  uint32_t r = add(s, base);
  for (unsigned k = 2; r == ITS_NONE; k++) {
    char nm[300];
    snprintf(nm, sizeof nm, "%.200s_%u", base, k);
    r = add(s, nm);
  }
  return r;
}

uint32_t its_add_loc_unique(its *s, const char *base) { return add_unique(s, base, its_add_loc); }
uint32_t its_add_var_unique(its *s, const char *base) { return add_unique(s, base, its_add_var); }

uint32_t its_dead_ends_redirect(its *s, const its_dead_end_opts *o) {
  uint32_t count = 0;
  for (int round = 0; round < 2; round++) {
    uint32_t nl = s->nlocs, nv = s->nvars;
    graph g;
    its_location_graph(s, NULL, 0, &g);
    uint32_t *comp = xmalloc((nl ? nl : 1) * sizeof *comp);
    graph_sccs(&g, NULL, 0, comp);
    uint32_t *copy = xmalloc((nl ? nl : 1) * sizeof *copy);
    for (uint32_t l = 0; l < nl; l++) copy[l] = ITS_NONE;
    smt_term *upd = xmalloc((nv ? nv : 1) * sizeof *upd);
    bool changed = false;
    uint32_t n0 = g.m; /* exit copies appended below are not candidates this round */
    for (uint32_t k = 0; k < n0 && may_go_on(o); k++) {
      const its_trans *t = &s->trans.data[k];
      if (!candidate(t, &g, comp, o)) continue;
      if (o->budget) (*o->budget)--;
      if (followed(s, t, &g, comp, nl, o)) continue;
      uint32_t to = t->to;
      if (copy[to] == ITS_NONE) {
        char nm[300];
        snprintf(nm, sizeof nm, "%.200s_exit", s->loc_names[to]);
        copy[to] = its_add_loc_unique(s, nm);
        for (uint32_t e = g.start[to]; e < g.start[to + 1]; e++) {
          const its_trans *x = &s->trans.data[g.id[e]];
          /* A transition redirected earlier in this round points at an exit
           * copy (>= nl): it has left the SCC, so it belongs here. (The
           * former direct/translate.c looked its target up in the SCC
           * numbers of the nl old locations: a read past the array.) */
          if (x->to < nl && comp[x->to] == comp[to]) continue;
          uint32_t xto = x->to;
          smt_term xg = x->guard;
          if (nv) memcpy(upd, x->update, nv * sizeof *upd); /* its_add_trans may move s->trans */
          its_add_trans(s, copy[to], xto, xg, upd);
        }
      }
      s->trans.data[k].to = copy[to];
      count++;
      changed = true;
    }
    free(upd), free(copy), free(comp);
    graph_free(&g);
    if (!changed) break;
  }
  return count;
}

/* ---- relevant variables --------------------------------------------------- */

bool *its_relevant_vars(const its *s, const uint32_t *tidx, uint32_t nt) {
  uint32_t n = s->nvars;
  if (!tidx) nt = (uint32_t)s->trans.len;
  bool *rel = xcalloc(n ? n : 1, sizeof *rel);
  smt_term_vec v = {0};
  for (uint32_t k = 0; k < nt; k++) smt_term_vars(s->ctx, s->trans.data[tidx ? tidx[k] : k].guard, &v);
  for (size_t j = 0; j < v.len; j++) {
    uint32_t i = its_var_of_term(s, v.data[j]);
    if (i != ITS_NONE) rel[i] = true;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t k = 0; k < nt; k++)
      for (uint32_t i = 0; i < n; i++) {
        smt_term u = s->trans.data[tidx ? tidx[k] : k].update[i];
        if (!rel[i] || u == SMT_NULL) continue;
        v.len = 0;
        smt_term_vars(s->ctx, u, &v);
        for (size_t j = 0; j < v.len; j++) {
          uint32_t w = its_var_of_term(s, v.data[j]);
          if (w != ITS_NONE && !rel[w]) rel[w] = changed = true;
        }
      }
  }
  VEC_FREE(v);
  return rel;
}
