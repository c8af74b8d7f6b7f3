/* to_its: the integer transition system of a symbolic execution graph
 * (seed 002 Def. 6).
 *
 * Each state a orders its variables V(a) (seg_state_vars) and keeps V(a)[i]
 * in the ITS variable x_i. An edge a -> b becomes a transition with guard
 * <a> (renamed into slots) and, for every slot j of b holding w = V(b)[j]:
 *   evaluation / refinement: x_j' = x_i when w = V(a)[i] (the variable is
 *     unchanged), otherwise w itself when b's link (the atoms projection
 *     removed from b, internal.h) mentions it: a temporary of the
 *     transition whose guard is <a> /\ link; else unconstrained;
 *   generalization with mu: x_j' = mu(w) over a's slots, unconstrained when
 *     mu(w) mentions a variable a does not have.
 * Slots beyond |V(b)| are unconstrained. Edges to leaves are dropped: a run
 * that reaches a leaf stops.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct {
  seg_graph *g;
  its *s;
  smt_term_vec *vars; /* per node: V(a) (empty for leaves and removed nodes) */
  uint32_t *loc;      /* per node: ITS location, ITS_NONE if none */
  uint32_t *pos;      /* per term index: slot in the current source state, ITS_NONE if none */
  uint32_t npos;
} conv;

static uint32_t slot_of(const conv *cv, smt_term t) { return t < cv->npos ? cv->pos[t] : ITS_NONE; }

/* Marks (or unmarks) the slots of V(a) in the term -> slot table. */
static void mark_slots(conv *cv, const smt_term_vec *v, bool on) {
  for (size_t i = 0; i < v->len; i++)
    if (v->data[i] < cv->npos) cv->pos[v->data[i]] = on ? (uint32_t)i : ITS_NONE;
}

/* t over V(a) renamed into slots; SMT_NULL when t mentions another variable. */
static smt_term into_slots(conv *cv, const smt_term_vec *va, smt_term t) {
  smt_ctx *ctx = cv->g->e.ctx;
  smt_term_vec tv = {0};
  smt_term_vars(ctx, t, &tv);
  bool ok = true;
  for (size_t i = 0; i < tv.len && ok; i++) ok = slot_of(cv, tv.data[i]) != ITS_NONE;
  VEC_FREE(tv);
  if (!ok) return SMT_NULL;
  return smt_subst(ctx, t, (uint32_t)va->len, va->data, cv->s->pre);
}

static smt_term mu_image(const seg_edge *ed, smt_term w) {
  for (uint32_t i = 0; i < ed->nmu; i++)
    if (ed->mu_var[i] == w) return ed->mu_val[i];
  return w;
}

/* Does t mention the variable v? */
static bool mentions(smt_ctx *ctx, smt_term t, smt_term v) {
  if (t == SMT_NULL) return false;
  smt_term_vec tv = {0};
  smt_term_vars(ctx, t, &tv);
  bool found = false;
  for (size_t i = 0; i < tv.len && !found; i++) found = tv.data[i] == v;
  VEC_FREE(tv);
  return found;
}

static void add_transition(conv *cv, const seg_edge *ed, smt_term *upd) {
  seg_graph *g = cv->g;
  smt_ctx *ctx = g->e.ctx;
  const smt_term_vec *va = &cv->vars[ed->from], *vb = &cv->vars[ed->to];
  mark_slots(cv, va, true);
  smt_term fo = seg_fo(&g->e, g->nodes.data[ed->from].state);
  /* what the step computed before projection forgot it (internal.h, link):
   * over a's variables and b's new ones, which stay temporaries here */
  smt_term link = ed->kind == SEG_EDGE_GEN ? SMT_NULL : g->nodes.data[ed->to].state->link;
  if (link != SMT_NULL) fo = smt_mk_and2(ctx, fo, link);
  smt_term guard = smt_subst(ctx, fo, (uint32_t)va->len, va->data, cv->s->pre);
  for (uint32_t j = 0; j < cv->s->nvars; j++) upd[j] = SMT_NULL;
  for (size_t j = 0; j < vb->len; j++) {
    smt_term w = vb->data[j];
    if (ed->kind == SEG_EDGE_GEN) {
      upd[j] = into_slots(cv, va, mu_image(ed, w));
    } else {
      uint32_t i = slot_of(cv, w);
      upd[j] = i != ITS_NONE ? cv->s->pre[i] : mentions(ctx, link, w) ? w : SMT_NULL;
    }
  }
  its_add_trans(cv->s, cv->loc[ed->from], cv->loc[ed->to], guard, upd);
  mark_slots(cv, va, false);
}

/* Variables x0..x(k-1) and a location per live state. */
static void declare(conv *cv) {
  seg_graph *g = cv->g;
  size_t k = 0;
  for (size_t i = 0; i < g->nodes.len; i++) {
    cv->loc[i] = ITS_NONE;
    seg_node *n = &g->nodes.data[i];
    if (n->removed || !n->state) continue;
    seg_state_vars(&g->e, n->state, &cv->vars[i]);
    if (cv->vars[i].len > k) k = cv->vars[i].len;
  }
  char name[32];
  for (size_t j = 0; j < k; j++) {
    snprintf(name, sizeof name, "x%zu", j);
    its_add_var(cv->s, name);
  }
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_node *n = &g->nodes.data[i];
    if (n->removed || !n->state) continue;
    snprintf(name, sizeof name, "s%zu", i);
    cv->loc[i] = its_add_loc(cv->s, name);
  }
}

its *seg_to_its(const seg_graph *cg, budget b, char *err, size_t errlen) {
  if (!cg->sum.complete) {
    snprintf(err, errlen, "the symbolic execution graph is incomplete: %s",
             cg->reason ? cg->reason : "unknown reason");
    return NULL;
  }
  seg_graph *g = (seg_graph *)cg; /* seg_fo caches <a> in the states */
  conv cv = {0};
  cv.g = g;
  cv.s = its_new(g->e.ctx);
  size_t n = g->nodes.len;
  cv.vars = xcalloc(n ? n : 1, sizeof *cv.vars);
  cv.loc = xmalloc((n ? n : 1) * sizeof *cv.loc);
  declare(&cv);
  its_set_start(cv.s, cv.loc[g->root]);
  cv.npos = smt_num_terms(g->e.ctx);
  cv.pos = xmalloc((size_t)cv.npos * sizeof *cv.pos);
  memset(cv.pos, 0xff, (size_t)cv.npos * sizeof *cv.pos); /* ITS_NONE */
  smt_term *upd = xcalloc(cv.s->nvars ? cv.s->nvars : 1, sizeof *upd);
  bool late = false;
  for (size_t i = 0; i < g->edges.len && !late; i++) {
    const seg_edge *ed = &g->edges.data[i];
    if (i % 64 == 63 && budget_expired(b)) late = true;
    if (late || cv.loc[ed->from] == ITS_NONE || cv.loc[ed->to] == ITS_NONE) continue; /* to a leaf */
    add_transition(&cv, ed, upd);
  }
  free(upd);
  free(cv.pos);
  for (size_t i = 0; i < n; i++) VEC_FREE(cv.vars[i]);
  free(cv.vars);
  free(cv.loc);
  if (late) {
    snprintf(err, errlen, "timeout while building the ITS of the graph");
    its_free(cv.s);
    return NULL;
  }
  if (!its_validate(cv.s, err, errlen)) {
    its_free(cv.s);
    return NULL;
  }
  return cv.s;
}
