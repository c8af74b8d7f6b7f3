/* graph: construction of the symbolic execution graph (seed 002 Sect. 2.3).
 *
 * Depth-first over a stack of node ids. A state at a loop header reached by
 * an evaluation edge is compared with its nearest tree ancestor at the same
 * position (not reached by a refinement): if the ancestor is a
 * generalization of it (conditions (b)-(e) of the generalization rule) it
 * gets a generalization edge there; otherwise the two are merged (Def. 3),
 * the ancestor's subtree is dropped and the ancestor (or, when it is itself
 * a merge result, its predecessor) gets a generalization edge to the merge.
 * Every other state is expanded by seg_step(). Limits on states and time
 * stop the construction with an incomplete graph.
 */
#define _POSIX_C_SOURCE 199309L
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "../util/progress.h"

void seg_options_default(seg_options *o) {
  memset(o, 0, sizeof *o); /* every switch off (bit-precise, malloc may fail, ...) */
  o->budget = budget_queries(budget_unlimited(), 2000);
  o->max_states = 20000;
  o->modular_all = false;
  o->modular_min_insts = SEG_LARGE_PROGRAM_INSTS;
  o->join_states = 4;
}


static bool past_deadline(const seg_engine *e) { return budget_expired(e->budget); }

/* ---- substitutions (instantiations mu and their pseudo-inverses) -------- */

typedef struct {
  smt_term_vec var, val;
} subst;

static void subst_add(subst *s, smt_term v, smt_term t) {
  assert(s->var.len == s->val.len && v != SMT_NULL && t != SMT_NULL);
  VEC_PUSH(s->var, v);
  VEC_PUSH(s->val, t);
}

static void subst_free(subst *s) {
  VEC_FREE(s->var);
  VEC_FREE(s->val);
}

/* The image of a variable (AL and PT entries are variables): linear search
 * is enough, substitutions have one pair per live program variable. */
static smt_term subst_var(const subst *s, smt_term v) {
  for (size_t i = 0; i < s->var.len; i++)
    if (s->var.data[i] == v) return s->val.data[i];
  return v;
}

static bool subst_has(const subst *s, smt_term v) {
  for (size_t i = 0; i < s->var.len; i++)
    if (s->var.data[i] == v) return true;
  return false;
}

/* Binds v to t unless v is bound already: false when to another term. An
 * identity binding is recorded too, so that no later match rebinds v. */
static bool subst_bind(subst *s, smt_term v, smt_term t) {
  for (size_t i = 0; i < s->var.len; i++)
    if (s->var.data[i] == v) return s->val.data[i] == t;
  subst_add(s, v, t);
  return true;
}

static smt_term subst_term(seg_engine *e, const subst *s, smt_term t) {
  if (s->var.len == 0) return t;
  return smt_subst(e->ctx, t, (uint32_t)s->var.len, s->var.data, s->val.data);
}

/* A symbolic variable "v<N>" without range atom: a merged state's LV
 * variables get their ranges (if both states know them) through KB. */
static smt_term fresh_plain(seg_engine *e) {
  char name[24];
  snprintf(name, sizeof name, "v%u", e->next_var++);
  return smt_mk_var(e->ctx, name, SMT_SORT_INT);
}

/* ---- nodes, edges, bookkeeping ---------------------------------------- */

typedef struct {
  seg_graph *g;
  u32_vec work;
  /* intersections wait until `work` is empty: the callee's analysis first
   * reaches its return states and merges them, so that callers continue
   * from few, general ones (each continuation is explored once per
   * intersection) */
  u32_vec deferred;
  uint32_t live_states; /* non-removed state nodes, for the limit */
  uint32_t merges;
  uint32_t join_generalized, join_merges; /* try_join's, for the summary */
  uint32_t entry_merges, entry_reuses;    /* retire_entry's, and calls an existing entry covered */
  /* try_join: per instruction of the module (inst_base[f] + i), the nodes
   * that stood at a join point there on some path (removed ones included
   * until the next visit compacts the list) */
  uint32_t *inst_base;
  u32_vec *join_nodes;
  bool stop;            /* a limit was hit or the graph became incomplete */
} builder;

static void set_incomplete(builder *b, const char *fmt, ...) UTIL_PRINTF(2, 3);
static void set_incomplete(builder *b, const char *fmt, ...) {
  b->stop = true;
  if (b->g->reason) return; /* the first reason is the one reported */
  va_list ap;
  va_start(ap, fmt);
  char buf[512];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  b->g->reason = xstrdup(buf);
}

static seg_node *node(seg_graph *g, uint32_t id) {
  assert(id < g->nodes.len);
  return &g->nodes.data[id];
}

static uint32_t add_node(builder *b, seg_state *s, uint32_t parent, seg_edge_kind in) {
  assert(parent == IR_NONE || parent < b->g->nodes.len); /* children have larger ids (remove_subtree) */
  seg_node n = {0};
  n.state = s;
  n.parent = parent;
  n.in = in;
  n.entry = parent != IR_NONE ? b->g->nodes.data[parent].entry : 0; /* roots set their own */
  n.gen_to = n.call_node = n.ret_node = n.join_to = IR_NONE;
  VEC_PUSH(b->g->nodes, n);
  if (s) b->live_states++;
  if ((b->g->nodes.len & 63) == 0) util_progress_count("graph nodes", b->g->nodes.len);
  return (uint32_t)b->g->nodes.len - 1;
}

/* Copies mu (may be NULL) into *n pairs of malloc'ed arrays (NULL when
 * empty): the form edges and call registrations keep it in. */
static void subst_copy_out(const subst *mu, uint32_t *n, smt_term **var, smt_term **val) {
  *n = mu ? (uint32_t)mu->var.len : 0;
  *var = *val = NULL;
  if (!*n) return;
  *var = xmalloc(*n * sizeof(smt_term));
  *val = xmalloc(*n * sizeof(smt_term));
  memcpy(*var, mu->var.data, *n * sizeof(smt_term));
  memcpy(*val, mu->val.data, *n * sizeof(smt_term));
}

/* mu (may be NULL) is copied into the edge. */
static void add_edge(seg_graph *g, uint32_t from, uint32_t to, seg_edge_kind kind, const subst *mu) {
  assert(from < g->nodes.len && to < g->nodes.len && !g->nodes.data[from].removed);
  assert(!mu || kind == SEG_EDGE_GEN); /* only generalization edges carry an instantiation */
  seg_edge ed = {from, to, kind, 0, NULL, NULL};
  subst_copy_out(mu, &ed.nmu, &ed.mu_var, &ed.mu_val);
  VEC_PUSH(g->edges, ed);
}

static void edge_free(seg_edge *ed) {
  free(ed->mu_var);
  free(ed->mu_val);
  ed->mu_var = ed->mu_val = NULL;
  ed->nmu = 0;
}

static void mark_removed(builder *b, uint32_t id) {
  seg_node *n = node(b->g, id);
  if (n->removed) return;
  n->removed = true;
  assert(!n->state || b->live_states > 0);
  if (n->state) b->live_states--;
  seg_state_free(n->state);
  n->state = NULL;
  free(n->what);
  n->what = NULL;
}

/* Marks the proper descendants of `top` removed (and `top` itself when
 * with_top). Children always have larger ids than their parents, so one
 * forward pass finds the whole subtree. */
static void remove_subtree(builder *b, uint32_t top, bool with_top) {
  seg_graph *g = b->g;
  size_t n = g->nodes.len;
  assert(top < n);
  bool *in = xcalloc(n, sizeof *in);
  in[top] = true;
  for (size_t i = top + 1; i < n; i++) {
    uint32_t p = g->nodes.data[i].parent;
    if (p != IR_NONE && in[p] && !g->nodes.data[i].removed) in[i] = true;
  }
  for (size_t i = top + 1; i < n; i++)
    if (in[i]) mark_removed(b, (uint32_t)i);
  if (with_top) mark_removed(b, top);
  free(in);
}

/* Drops the edges that touch a removed node. */
static void drop_dead_edges(seg_graph *g) {
  size_t k = 0;
  for (size_t i = 0; i < g->edges.len; i++) {
    seg_edge *ed = &g->edges.data[i];
    if (node(g, ed->from)->removed || node(g, ed->to)->removed) {
      edge_free(ed);
      continue;
    }
    g->edges.data[k++] = *ed;
  }
  g->edges.len = k;
}

/* ---- generalization (rule conditions (b)-(e)) ------------------------- */

/* (b): mu maps every LV variable of gen to spec's variable of the same
 * slot; spec must have every slot gen has. With `ghosts`, the seed 004
 * condition (f): ghost slot j of gen maps to ghost slot j of spec (the
 * call abstraction -> entry edge is exempt, Sect. 3.2). A variable that
 * would need two images fails the match. Other variables (globals,
 * allocation bounds, stored values) are mapped to themselves. */
static bool lv_match(const seg_state *gen, const seg_state *spec, subst *mu, bool ghosts) {
  if (gen->nframes != spec->nframes || gen->abstracted != spec->abstracted) return false;
  for (uint32_t i = 0; i < gen->nframes; i++) {
    const seg_frame *fg = &gen->frames[i], *fs = &spec->frames[i];
    if (fg->nslots != fs->nslots) return false;
    for (uint32_t k = 0; k < fg->nslots; k++) {
      if (fg->lv[k] == SMT_NULL) continue;
      if (fs->lv[k] == SMT_NULL) return false;
      if (!subst_bind(mu, fg->lv[k], fs->lv[k])) return false;
    }
  }
  if (ghosts) {
    if (gen->nghost != spec->nghost) return false;
    for (uint32_t j = 0; j < gen->nghost; j++)
      if (!subst_bind(mu, gen->ghost[j], spec->ghost[j])) return false;
  }
  for (uint32_t k = 0; k < gen->nglobals && k < spec->nglobals; k++)
    if (gen->globals[k] != spec->globals[k]) return false; /* made once, never changed */
  return true;
}

static bool has_alloc(const seg_state *s, smt_term lo, smt_term hi, uint8_t kind, bool dynamic, uint32_t depth) {
  for (size_t i = 0; i < s->al.len; i++) {
    const seg_alloc *a = &s->al.data[i];
    if (a->lo == lo && a->hi == hi && a->kind == kind && a->dynamic == dynamic && a->depth == depth) return true;
  }
  return false;
}

static bool has_pt(const seg_state *s, smt_term addr, smt_term val, uint32_t bytes, bool is_signed) {
  for (size_t i = 0; i < s->pt.len; i++) {
    const seg_pt *p = &s->pt.data[i];
    if (p->addr == addr && p->val == val && p->bytes == bytes && p->is_signed == is_signed) return true;
  }
  return false;
}

/* spec's known offsets, built when first needed (a heap object whose
 * start spec knows by another variable than mu's image: the current node
 * of a list built at its tail). */
typedef struct {
  seg_engine *e;
  const seg_state *spec;
  seg_layout lay;
  bool built;
} lazy_layout;

static seg_layout *layout_of(lazy_layout *l) {
  if (!l->built) seg_layout_build(l->e, l->spec, &l->lay);
  l->built = true;
  return &l->lay;
}

/* The heap allocation of spec with lo and hi equal (by known offsets) to
 * the given terms, or -1. */
static long heap_alloc_same(lazy_layout *l, smt_term lo, smt_term hi, bool dynamic, uint32_t depth) {
  for (size_t i = 0; i < l->spec->al.len; i++) {
    const seg_alloc *b = &l->spec->al.data[i];
    if (b->kind != SEG_AL_HEAP || b->dynamic != dynamic || b->depth != depth) continue;
    if (seg_layout_same(l->e, layout_of(l), b->lo, lo) && (hi == SMT_NULL || seg_layout_same(l->e, layout_of(l), b->hi, hi)))
      return (long)i;
  }
  return -1;
}

/* (d) and (e): syntactic, after mu (a heap allocation also by known offsets). */
static bool memory_match(const seg_state *gen, const seg_state *spec, const subst *mu, lazy_layout *lay) {
  for (size_t i = 0; i < gen->al.len; i++) {
    const seg_alloc *a = &gen->al.data[i];
    smt_term lo = subst_var(mu, a->lo), hi = subst_var(mu, a->hi);
    if (has_alloc(spec, lo, hi, a->kind, a->dynamic, a->depth)) continue;
    if (a->kind != SEG_AL_HEAP || heap_alloc_same(lay, lo, hi, a->dynamic, a->depth) < 0) return false;
  }
  for (size_t i = 0; i < gen->pt.len; i++) {
    const seg_pt *p = &gen->pt.data[i];
    if (!has_pt(spec, subst_var(mu, p->addr), subst_var(mu, p->val), p->bytes, p->is_signed)) return false;
  }
  return true;
}

/* Beyond rule (b), which constrains mu only on LV: variables held in
 * memory (the counter of a loop whose variable lives in an alloca'd cell is
 * a PT value, not an LV variable) are matched through the PT atoms at
 * addresses mu already maps to an address of spec, and allocation bounds
 * through an allocation whose other bound is matched. mu is any
 * instantiation in the rule, so this is sound; it lets the value at a
 * memory cell change between a and its generalization. Repeated for
 * pointers stored in memory. */
static void match_memory_vars(const seg_state *gen, const seg_state *spec, subst *mu, lazy_layout *lay) {
  for (int round = 0, changed = 1; changed && round < 4; round++) {
    changed = 0;
    for (size_t i = 0; i < gen->pt.len; i++) {
      const seg_pt *p = &gen->pt.data[i];
      if (subst_has(mu, p->val)) continue;
      smt_term addr = subst_var(mu, p->addr);
      for (size_t j = 0; j < spec->pt.len; j++) {
        const seg_pt *q = &spec->pt.data[j];
        if (q->addr != addr || q->bytes != p->bytes || q->is_signed != p->is_signed) continue;
        if (q->val != p->val) {
          subst_add(mu, p->val, q->val);
          changed = 1;
        }
        break;
      }
    }
    for (size_t i = 0; i < gen->al.len; i++) {
      const seg_alloc *a = &gen->al.data[i];
      bool lo_known = subst_has(mu, a->lo), hi_known = subst_has(mu, a->hi);
      if (lo_known == hi_known) continue;
      smt_term lo = subst_var(mu, a->lo), hi = subst_var(mu, a->hi);
      for (size_t j = 0; j < spec->al.len; j++) {
        const seg_alloc *b = &spec->al.data[j];
        if (b->kind != a->kind || b->depth != a->depth) continue;
        if (lo_known && b->lo == lo && b->hi != a->hi) {
          subst_add(mu, a->hi, b->hi);
          changed = 1;
          break;
        }
        if (hi_known && b->hi == hi && b->lo != a->lo) {
          subst_add(mu, a->lo, b->lo);
          changed = 1;
          break;
        }
      }
      if (lo_known && !subst_has(mu, a->hi) && a->kind == SEG_AL_HEAP) {
        long j = heap_alloc_same(lay, lo, SMT_NULL, a->dynamic, a->depth);
        if (j >= 0) {
          subst_add(mu, a->hi, spec->al.data[j].hi);
          changed = 1;
        }
      }
    }
  }
}

/* The atoms a state's KB holds syntactically: its own, and both halves
 * x <= y, x >= y of each equality (merging writes equalities that way). */
static void known_atoms(seg_engine *e, const seg_state *s, u64_map *known) {
  u64_map_reserve(known, 2 * s->kb.len);
  for (size_t i = 0; i < s->kb.len; i++) {
    smt_term t = s->kb.data[i];
    u64_map_put(known, t, 0);
    if (smt_term_kind(e->ctx, t) == SMT_EQ && smt_sort_is_int(smt_term_sort(e->ctx, smt_term_arg(e->ctx, t, 0)))) {
      smt_term l = smt_term_arg(e->ctx, t, 0), r = smt_term_arg(e->ctx, t, 1);
      u64_map_put(known, smt_mk_int_le(e->ctx, l, r), 0);
      u64_map_put(known, smt_mk_int_ge(e->ctx, l, r), 0);
    }
  }
}

/* Lists of gen (internal.h, seg_list) in spec: each one is a chain of
 * spec's pieces (its lists, and heap allocations with a known next
 * pointer that no allocation of gen stands for) from mu(head) to mu(end)
 * (or as far as the chain goes, binding end), each piece used once; mu
 * binds the length to the chain's total (0 for an empty chain). Every
 * concrete state of spec then has the lists gen describes, and their
 * objects are none of gen's allocations. The equalities the chains need
 * (an end reached that is mu(end) only by KB) are appended to `need` for
 * kb_match. */
static bool lists_match(seg_engine *e, const seg_state *gen, const seg_state *spec, subst *mu, smt_term_vec *need,
                        bool *forgets, lazy_layout *ll) {
  bool heap = spec->ls.len > 0;
  for (size_t j = 0; j < spec->al.len && !heap; j++)
    heap = spec->al.data[j].kind == SEG_AL_HEAP && !spec->al.data[j].caller_owned;
  if (!heap && gen->ls.len == 0) { /* nothing to find, nothing to forget */
    *forgets = false;
    return true;
  }
  bool *taken = xcalloc(spec->al.len ? spec->al.len : 1, sizeof *taken);
  for (size_t i = 0; i < gen->al.len; i++)
    for (size_t j = 0; j < spec->al.len; j++) {
      smt_term lo = subst_var(mu, gen->al.data[i].lo);
      if (spec->al.data[j].lo == lo || seg_layout_same(e, layout_of(ll), spec->al.data[j].lo, lo)) taken[j] = true;
    }
  seg_layout *lay = layout_of(ll);
  if (gen->ls.len == 0) {
    *forgets = spec->ls.len > 0;
    for (size_t j = 0; j < spec->al.len; j++)
      *forgets |= spec->al.data[j].kind == SEG_AL_HEAP && !spec->al.data[j].caller_owned && !taken[j];
    free(taken);
    return true;
  }
  seg_piece_vec pieces = {0};
  seg_list_pieces(e, spec, lay, taken, &pieces);
  u32_vec chain = {0};
  bool ok = true;
  for (size_t i = 0; i < gen->ls.len && ok; i++) {
    const seg_list *l = &gen->ls.data[i];
    if (!subst_has(mu, l->head)) {
      ok = false;
      break;
    }
    smt_term stop = subst_has(mu, l->end) ? subst_var(mu, l->end) : SMT_NULL, end, len;
    chain.len = 0;
    seg_list_chain(e, lay, &pieces, subst_var(mu, l->head), stop, NULL, NULL, &chain, &end, &len);
    if (chain.len) {
      const seg_piece *p = &pieces.data[chain.data[0]];
      ok = p->size == l->size && p->next_off == l->next_off;
    }
    if (ok && stop != SMT_NULL && !seg_layout_same(e, lay, end, stop)) VEC_PUSH(*need, smt_mk_eq(e->ctx, end, stop));
    if (ok && stop == SMT_NULL) ok = subst_bind(mu, l->end, end);
    if (ok) ok = subst_bind(mu, l->len, smt_simplify(e->ctx, len));
  }
  /* a heap object of spec that gen neither holds in AL nor in a list */
  *forgets = false;
  for (size_t k = 0; k < pieces.len; k++) {
    const seg_piece *p = &pieces.data[k];
    if (p->used && p->alloc >= 0) taken[p->alloc] = true;
    if (!p->used && p->list >= 0) *forgets = true;
  }
  for (size_t j = 0; j < spec->al.len; j++)
    *forgets |= spec->al.data[j].kind == SEG_AL_HEAP && !spec->al.data[j].caller_owned && !taken[j];
  VEC_FREE(chain);
  VEC_FREE(pieces);
  free(taken);
  return ok;
}

/* (c): <spec> implies mu(KB_gen) and the atoms `need` (over spec's
 * variables; may be NULL). Atoms that spec's KB holds as they are
 * (the globals' bounds, what the path before both states established)
 * need no proof; only the others are asked, which keeps the query's cone
 * small in programs with many allocations. */
static bool kb_match(seg_engine *e, seg_state *gen, seg_state *spec, const subst *mu, const smt_term_vec *need) {
  u64_map known = {0};
  known_atoms(e, spec, &known);
  smt_term_vec rest = {0};
  for (size_t i = 0; need && i < need->len; i++)
    if (!u64_map_has(&known, need->data[i])) VEC_PUSH(rest, need->data[i]);
  for (size_t i = 0; i < gen->kb.len; i++) {
    smt_term atom = subst_term(e, mu, gen->kb.data[i]);
    if (!u64_map_has(&known, atom)) VEC_PUSH(rest, atom);
  }
  u64_map_free(&known);
  bool ok = rest.len == 0 || seg_entails(e, spec, smt_mk_and(e->ctx, (uint32_t)rest.len, rest.data)) == SMT_YES;
  VEC_FREE(rest);
  return ok;
}

/* Is gen a generalization of spec? On success *mu is the instantiation
 * (variables of gen -> variables of spec); the cheap syntactic conditions
 * are checked before the solver is asked. `ghosts`: see lv_match. */
static bool is_generalization_with(seg_engine *e, seg_state *gen, seg_state *spec, subst *mu, bool ghosts) {
  if (!lv_match(gen, spec, mu, ghosts)) return false;
  lazy_layout lay = {e, spec, {0}, false};
  match_memory_vars(gen, spec, mu, &lay);
  smt_term_vec need = {0};
  bool forgets = false;
  bool ok = memory_match(gen, spec, mu, &lay) && lists_match(e, gen, spec, mu, &need, &forgets, &lay) &&
            kb_match(e, gen, spec, mu, &need);
  if (lay.built) seg_layout_free(&lay.lay);
  VEC_FREE(need);
  /* memory tracking: a heap object left out of gen is still allocated,
   * but no state after the edge knows it (the graph's END leaves no longer
   * tell whether every run frees its memory). Not so from a call
   * abstraction to an entry (!ghosts): the intersection carries the call
   * state's objects past the call (seg_intersect). */
  if (ok && forgets && ghosts) e->heap_forgotten = true;
  return ok;
}

static bool is_generalization(seg_engine *e, seg_state *gen, seg_state *spec, subst *mu) {
  return is_generalization_with(e, gen, spec, mu, true);
}

/* ---- merging (Def. 3) --------------------------------------------------- */

static void push_unique(smt_term_vec *v, smt_term t) {
  for (size_t i = 0; i < v->len; i++)
    if (v->data[i] == t) return;
  VEC_PUSH(*v, t);
}

static bool is_int_eq(smt_ctx *ctx, smt_term t) {
  return smt_term_kind(ctx, t) == SMT_EQ && smt_sort_is_int(smt_term_sort(ctx, smt_term_arg(ctx, t, 0)));
}

/* The strict order of t1, t2 that <a> implies, if any. */
static void push_strict_order(seg_engine *e, seg_state *a, smt_term t1, smt_term t2, smt_term_vec *out) {
  smt_term lt = smt_mk_int_lt(e->ctx, t1, t2);
  if (seg_entails(e, a, lt) == SMT_YES) {
    push_unique(out, lt);
    return;
  }
  smt_term gt = smt_mk_int_gt(e->ctx, t1, t2);
  if (seg_entails(e, a, gt) == SMT_YES) push_unique(out, gt);
}

static bool slot_is_ptr(const ir_func *f, uint32_t k) {
  if (k < f->nparams) return f->params[k].kind == IR_TY_PTR;
  return f->insts[k - f->nparams].type.kind == IR_TY_PTR;
}

static bool slot_is_count(const ir_func *f, uint32_t k) {
  ir_type t = k < f->nparams ? f->params[k] : f->insts[k - f->nparams].type;
  return t.kind == IR_TY_INT && t.bits > 1;
}

/* The constant c of an atom (= x c) of KB, if there is one and it is below 2^40. */
static bool kb_constant(seg_engine *e, const seg_state *a, smt_term x, int64_t *c) {
  smt_term k = seg_kb_constant(e, a, x);
  if (k == SMT_NULL || !mpz_fits_slong_p(smt_term_value(e->ctx, k))) return false;
  *c = mpz_get_si(smt_term_value(e->ctx, k));
  return *c > -(INT64_C(1) << 40) && *c < (INT64_C(1) << 40); /* d = o - c below stays exact */
}

/* The layout roots of the variables that share a KB atom with y: x is
 * tied to y when its root is among them (n is the parameter, and
 * hi = lo + len - 1 speaks of the caller's len = n). */
static smt_term root_of(seg_engine *e, seg_layout *lay, smt_term x) {
  smt_term root;
  int64_t off;
  return seg_layout_offset(e, lay, x, &root, &off) ? root : x;
}

static void roots_beside(seg_engine *e, const seg_state *a, seg_layout *lay, smt_term y, u64_map *roots) {
  smt_term_vec tmp = {0};
  for (size_t i = 0; i < a->kb.len; i++) {
    tmp.len = 0;
    smt_term_vars(e->ctx, a->kb.data[i], &tmp);
    bool has_y = false;
    for (size_t k = 0; k < tmp.len && !has_y; k++) has_y = tmp.data[k] == y;
    if (!has_y) continue;
    for (size_t k = 0; k < tmp.len; k++)
      if (tmp.data[k] != y) u64_map_add(roots, root_of(e, lay, tmp.data[k]), 0);
  }
  VEC_FREE(tmp);
}

/* Index walks up to a NUL: `while (p[x] != 0) x++` with p fixed and x a
 * count, over a string whose zero byte z is known (a PT atom z -> 0 in p's
 * allocation). The candidate p + x <= z is the index form of the
 * "s <= end" that the PT order keeps for a pointer walk s++ (seed 002
 * Sect. 2.3): without it the merge at the loop head loses where the walk
 * stops, and p[x] may be read past the object. */
static void index_walks(seg_engine *e, seg_state *a, const smt_term_vec *ptrs, const smt_term *base,
                        const smt_term *counts, uint32_t ncounts, smt_term_vec *cand) {
  enum { MAX_INDEX_CANDIDATES = 64 };
  smt_ctx *ctx = e->ctx;
  unsigned made = 0;
  for (size_t t = 0; t < a->pt.len && made < MAX_INDEX_CANDIDATES; t++) {
    const seg_pt *z = &a->pt.data[t];
    int64_t v;
    if (z->bytes != 1 || !kb_constant(e, a, z->val, &v) || v != 0) continue;
    /* z need not be at a known offset from p (a string's NUL at a drawn
     * length): the candidate is kept only if <a> implies it */
    for (size_t i = 0; i < ptrs->len && made < MAX_INDEX_CANDIDATES; i++) {
      if (!base[i] || ptrs->data[i] == z->addr) continue;
      for (uint32_t j = 0; j < ncounts && made < MAX_INDEX_CANDIDATES; j++, made++)
        VEC_PUSH(*cand, smt_mk_int_le(ctx, smt_mk_int_add2(ctx, ptrs->data[i], counts[j]), z->addr));
    }
  }
}

/* Beyond the seed: a pointer and a count that walk together, as in a
 * checksum over (buf, len) or the OpenBSD string functions. Each state
 * knows p and the count x apart; only their relation makes *p safe, and
 * the merge keeps only what <a> implies of the candidates:
 *   p - x <= lo + d  for a count x that is a constant c in <a> and p at
 *                    the offset o from lo that layout knows (else 0), d = o - c
 *                    (for (i = 0; i < n; i++) ... *p++ with n the size);
 *   p + x <= hi + 1  for a count that KB ties to the allocation's end
 *                    (while (n--) *p++ = c, with hi = lo + n - 1),
 *   lo + x <= p      for the same count walking back from the end
 *                    (cp = s + n; do *--cp ...; while (--n != 0)), and
 *   1 <= x           for that count (do *p++ = c; while (--n != 0)): <a>
 *                    knows n != 0 of the parameter, not of the loop's copy.
 * Candidates only: each is asked of <a> like the others. */
static void walk_with_count(seg_engine *e, seg_state *a, seg_layout *lay, const smt_term_vec *ptrs,
                            const smt_term *base, smt_term_vec *cand) {
  enum { MAX_COUNTS = 24, MAX_WALKERS = 16 };
  smt_ctx *ctx = e->ctx;
  smt_term counts[MAX_COUNTS], walkers[MAX_WALKERS];
  uint32_t ncounts = 0, nwalkers = 0;
  /* only the loop-carried values: the phis of the block the state stands at */
  const seg_frame *fr = seg_top(a);
  const ir_func *f = &e->m->funcs.data[fr->func];
  const ir_block *blk = &f->blocks[fr->block];
  for (uint32_t j = blk->first; j < blk->first + blk->count && f->insts[j].op == IR_PHI; j++) {
    uint32_t k = seg_slot_of_inst(f, j);
    smt_term x = k < fr->nslots ? fr->lv[k] : SMT_NULL;
    if (x == SMT_NULL || smt_term_kind(ctx, x) != SMT_VAR) continue;
    if (slot_is_count(f, k) && ncounts < MAX_COUNTS) counts[ncounts++] = x;
    if (slot_is_ptr(f, k) && nwalkers < MAX_WALKERS) walkers[nwalkers++] = x;
  }
  if (ncounts == 0) return;
  index_walks(e, a, ptrs, base, counts, ncounts, cand);
  if (nwalkers == 0) return;
  int64_t start[MAX_COUNTS];
  bool constant[MAX_COUNTS];
  for (uint32_t j = 0; j < ncounts; j++) constant[j] = kb_constant(e, a, counts[j], &start[j]);
  smt_term one = smt_mk_int(ctx, 1);
  for (size_t i = 0; i < ptrs->len; i++) {
    if (!base[i]) continue;
    smt_term p = ptrs->data[i];
    bool walks = false;
    for (uint32_t j = 0; j < nwalkers; j++) walks |= walkers[j] == p;
    if (!walks) continue;
    const seg_alloc *al = NULL;
    for (size_t j = 0; j < a->al.len && !al; j++)
      if (a->al.data[j].lo == base[i]) al = &a->al.data[j];
    if (!al) continue;
    smt_term proot, lroot;
    int64_t poff, loff;
    bool placed = seg_layout_offset(e, lay, p, &proot, &poff) && seg_layout_offset(e, lay, al->lo, &lroot, &loff) &&
                  proot == lroot;
    u64_map tied = {0}; /* roots of variables beside hi in KB, when first needed */
    bool tied_built = false;
    for (uint32_t j = 0; j < ncounts; j++) {
      smt_term x = counts[j];
      if (constant[j]) {
        int64_t d = (placed ? poff - loff : 0) - start[j]; /* unknown offset: a walk from the start */
        smt_term lhs = smt_mk_int_sub(ctx, p, x);
        VEC_PUSH(*cand, smt_mk_int_le(ctx, lhs, smt_mk_int_add2(ctx, al->lo, smt_mk_int(ctx, d))));
        continue;
      }
      if (!tied_built) roots_beside(e, a, lay, al->hi, &tied);
      tied_built = true;
      if (!u64_map_has(&tied, root_of(e, lay, x))) continue;
      VEC_PUSH(*cand, smt_mk_int_le(ctx, smt_mk_int_add2(ctx, p, x), smt_mk_int_add2(ctx, al->hi, one)));
      VEC_PUSH(*cand, smt_mk_int_le(ctx, smt_mk_int_add2(ctx, al->lo, x), p)); /* walking back */
      VEC_PUSH(*cand, smt_mk_int_le(ctx, one, x)); /* a do-while's count: a byte still ahead */
    }
    u64_map_free(&tied);
  }
}

/* Beyond the seed: the bounds of pointers that <a> implies, lo <= p,
 * p <= lo, p <= hi, p <= hi + 1 for each pointer in LV and each
 * allocation, and
 * p <= q for pointers p, q in LV. The loop header of a `while (*s) s++`
 * is first reached with s = str, before any PT atom about s exists, so
 * the seed's <<a>> has no "s <= end" to keep. Also equal offsets of two
 * pointers into different allocations (s - src = d - dst in a string
 * copy). Sound: every candidate is implied by <a>, so c stays a
 * generalization of a. */
static void pointer_bounds(seg_engine *e, seg_state *a, seg_layout *lay, smt_term_vec *out) {
  smt_ctx *ctx = e->ctx;
  smt_term_vec ptrs = {0}, cand = {0};
  for (uint32_t i = 0; i < a->nframes; i++) {
    const seg_frame *fr = &a->frames[i];
    const ir_func *f = &e->m->funcs.data[fr->func];
    for (uint32_t k = 0; k < fr->nslots; k++)
      if (fr->lv[k] != SMT_NULL && slot_is_ptr(f, k)) push_unique(&ptrs, fr->lv[k]);
  }
  smt_term one = smt_mk_int(ctx, 1);
  /* the allocation each pointer points into (or one past), if known */
  smt_term *base = xcalloc(ptrs.len ? ptrs.len : 1, sizeof *base);
  /* Known offsets (layout.c) decide the bounds against an allocation of
   * known extent without the solver: in the pointer's own class they are
   * arithmetic on KB's equalities (kept when true); a pointer inside
   * another allocation has no order that <a> implies against this one (not
   * asked: a program with a hundred globals would ask hundreds per
   * pointer). */
  for (size_t i = 0; i < ptrs.len; i++) {
    smt_term p = ptrs.data[i], proot;
    int64_t poff;
    bool placed = seg_layout_offset(e, lay, p, &proot, &poff);
    long held = placed ? seg_layout_holder(e, lay, p, one) : -1;
    for (size_t j = 0; j < a->al.len; j++) {
      const seg_alloc *al = &a->al.data[j];
      const seg_layout_extent *x = &lay->extent.data[j];
      if (placed && x->root != SMT_NULL && x->root == proot) {
        if (x->lo <= poff) push_unique(out, smt_mk_int_le(ctx, al->lo, p));
        if (poff <= x->lo) push_unique(out, smt_mk_int_le(ctx, p, al->lo));
        if (poff <= x->hi) push_unique(out, smt_mk_int_le(ctx, p, al->hi));
        if (poff <= x->hi + 1) push_unique(out, smt_mk_int_le(ctx, p, smt_mk_int_add2(ctx, al->hi, one)));
        if (!base[i] && x->lo <= poff && poff <= x->hi + 1) base[i] = al->lo;
        continue;
      }
      if (held >= 0 && (size_t)held != j && x->root != SMT_NULL) continue;
      push_unique(&cand, smt_mk_int_le(ctx, al->lo, p));
      push_unique(&cand, smt_mk_int_le(ctx, p, al->lo)); /* with the above: p is the start (a parameter) */
      push_unique(&cand, smt_mk_int_le(ctx, p, al->hi));
      push_unique(&cand, smt_mk_int_le(ctx, p, smt_mk_int_add2(ctx, al->hi, one)));
      if (!base[i] && !past_deadline(e) &&
          seg_entails(e, a, smt_mk_and2(ctx, smt_mk_int_le(ctx, al->lo, p),
                                        smt_mk_int_le(ctx, p, smt_mk_int_add2(ctx, al->hi, one)))) == SMT_YES)
        base[i] = al->lo;
    }
    for (size_t j = 0; j < ptrs.len; j++)
      if (j != i) push_unique(&cand, smt_mk_int_le(ctx, p, ptrs.data[j]));
  }
  /* pointers that walk two buffers in step (a string copy): equal offsets
   * from their allocations' starts, p - lo_p = q - lo_q, as two inequalities */
  for (size_t i = 0; i < ptrs.len; i++)
    for (size_t j = i + 1; j < ptrs.len; j++) {
      if (!base[i] || !base[j] || base[i] == base[j]) continue;
      smt_term l = smt_mk_int_add2(ctx, ptrs.data[i], base[j]), r = smt_mk_int_add2(ctx, ptrs.data[j], base[i]);
      push_unique(&cand, smt_mk_int_le(ctx, l, r));
      push_unique(&cand, smt_mk_int_ge(ctx, l, r));
    }
  walk_with_count(e, a, lay, &ptrs, base, &cand);
  free(base);
  for (size_t i = 0; i < cand.len && !past_deadline(e); i++) {
    smt_term c = cand.data[i];
    if (c == SMT_TRUE || c == SMT_FALSE) continue;
    if (seg_entails(e, a, c) == SMT_YES) push_unique(out, c);
  }
  VEC_FREE(ptrs);
  VEC_FREE(cand);
}

/* <<a>>: KB's atoms, equalities also as two inequalities, disequalities
 * also as the strict inequality <a> implies, and for PT atoms with values
 * <a> proves different the order of their addresses (this is what keeps
 * "s < end" for strlen, seed 002 Sect. 2.3). */
static void double_brackets(seg_engine *e, seg_state *a, smt_term_vec *out) {
  smt_ctx *ctx = e->ctx;
  for (size_t i = 0; i < a->kb.len; i++) {
    smt_term t = a->kb.data[i];
    push_unique(out, t);
    if (is_int_eq(ctx, t)) {
      smt_term l = smt_term_arg(ctx, t, 0), r = smt_term_arg(ctx, t, 1);
      push_unique(out, smt_mk_int_le(ctx, l, r));
      push_unique(out, smt_mk_int_ge(ctx, l, r));
    } else if (smt_term_kind(ctx, t) == SMT_NOT && is_int_eq(ctx, smt_term_arg(ctx, t, 0))) {
      smt_term eq = smt_term_arg(ctx, t, 0);
      push_strict_order(e, a, smt_term_arg(ctx, eq, 0), smt_term_arg(ctx, eq, 1), out);
    }
    if (past_deadline(e)) return; /* fewer candidates: only knowledge is lost */
  }
  /* addresses in two different allocations have no order that <a> implies
   * (it keeps allocations apart, in either order): such pairs are not
   * asked about (a program with a hundred globals has thousands) */
  seg_layout lay;
  seg_layout_build(e, a, &lay);
  long *holder = xmalloc((a->pt.len ? a->pt.len : 1) * sizeof *holder);
  for (size_t i = 0; i < a->pt.len; i++)
    holder[i] = seg_layout_holder(e, &lay, a->pt.data[i].addr, smt_mk_int(ctx, a->pt.data[i].bytes));
  for (size_t i = 0; i < a->pt.len; i++)
    for (size_t j = i + 1; j < a->pt.len; j++) {
      const seg_pt *p = &a->pt.data[i], *q = &a->pt.data[j];
      if (p->bytes != q->bytes || p->is_signed != q->is_signed || p->addr == q->addr) continue;
      if (holder[i] >= 0 && holder[j] >= 0 && holder[i] != holder[j]) continue;
      if (past_deadline(e)) break;
      if (seg_entails(e, a, smt_mk_not(ctx, smt_mk_eq(ctx, p->val, q->val))) == SMT_YES)
        push_strict_order(e, a, p->addr, q->addr, out);
    }
  free(holder);
  if (!past_deadline(e)) pointer_bounds(e, a, &lay, out);
  seg_layout_free(&lay);
}

/* c's frames: a's positions, a fresh variable for each slot both states
 * have (slots only one of them has are dropped). Fills mu_a, mu_b and the
 * pseudo-inverses. */
static void merge_frames(seg_engine *e, seg_state *c, const seg_state *a, const seg_state *b, subst *mu_a,
                         subst *mu_b, subst *inv_a, subst *inv_b) {
  assert(a->nframes == b->nframes && c->nframes == 0);
  for (uint32_t i = 0; i < a->nframes; i++) {
    const seg_frame *fa = &a->frames[i], *fb = &b->frames[i];
    assert(fa->func == fb->func && fa->nslots == fb->nslots);
    seg_frame *fc = seg_push_frame(c, e->m, fa->func, fa->call_inst);
    fc->block = fa->block;
    fc->inst = fa->inst;
    bool same_domain = true;
    for (uint32_t k = 0; k < fa->nslots && k < fc->nslots; k++) {
      same_domain &= (fa->lv[k] == SMT_NULL) == (fb->lv[k] == SMT_NULL);
      if (fa->lv[k] == SMT_NULL || fb->lv[k] == SMT_NULL) continue;
      smt_term v = fresh_plain(e);
      fc->lv[k] = v;
      subst_add(mu_a, v, fa->lv[k]);
      subst_add(mu_b, v, fb->lv[k]);
      subst_add(inv_a, fa->lv[k], v);
      subst_add(inv_b, fb->lv[k], v);
    }
    /* Sect. 5.1: the domains of LV intersected (a slot defined in one
     * state only is not in the merge; SSA dominance guarantees that no
     * later instruction reads it) */
    if (!same_domain) e->domain_merges++;
  }
}

/* The merge's counterpart of match_memory_vars: a PT value of a and one of
 * b at addresses that map to the same variable of c get a fresh variable
 * of c (likewise the other bound of allocations with one matched bound),
 * so a memory cell whose value differs between a and b is kept with an
 * unknown value instead of being dropped (Def. 3 would keep only what is
 * literally equal). mu_a, mu_b and the inverses are extended. */
static void merge_memory_vars(seg_engine *e, const seg_state *a, const seg_state *b, subst *mu_a, subst *mu_b,
                              subst *inv_a, subst *inv_b) {
  for (int round = 0, changed = 1; changed && round < 4; round++) {
    changed = 0;
    for (size_t i = 0; i < a->pt.len; i++) {
      const seg_pt *p = &a->pt.data[i];
      if (subst_has(inv_a, p->val)) continue;
      smt_term addr = subst_var(inv_a, p->addr);
      for (size_t j = 0; j < b->pt.len; j++) {
        const seg_pt *q = &b->pt.data[j];
        if (subst_var(inv_b, q->addr) != addr || q->bytes != p->bytes || q->is_signed != p->is_signed) continue;
        if (q->val != p->val && !subst_has(inv_b, q->val)) {
          smt_term v = fresh_plain(e);
          subst_add(mu_a, v, p->val);
          subst_add(mu_b, v, q->val);
          subst_add(inv_a, p->val, v);
          subst_add(inv_b, q->val, v);
          changed = 1;
        }
        break;
      }
    }
    for (size_t i = 0; i < a->al.len; i++) {
      const seg_alloc *x = &a->al.data[i];
      bool lo_known = subst_has(inv_a, x->lo), hi_known = subst_has(inv_a, x->hi);
      if (lo_known == hi_known) continue;
      for (size_t j = 0; j < b->al.len; j++) {
        const seg_alloc *y = &b->al.data[j];
        if (y->kind != x->kind || y->depth != x->depth) continue;
        smt_term ax = lo_known ? x->lo : x->hi, ay = lo_known ? y->lo : y->hi;
        smt_term ox = lo_known ? x->hi : x->lo, oy = lo_known ? y->hi : y->lo;
        if (subst_var(inv_a, ax) != subst_var(inv_b, ay)) continue;
        if (ox != oy && !subst_has(inv_b, oy)) {
          smt_term v = fresh_plain(e);
          subst_add(mu_a, v, ox);
          subst_add(mu_b, v, oy);
          subst_add(inv_a, ox, v);
          subst_add(inv_b, oy, v);
          changed = 1;
        }
        break;
      }
    }
  }
}

/* ---- lists in a merge (internal.h, seg_list) ---- */

/* Allocation i of x has a counterpart in y (merge_memory keeps it) that
 * is not taken (y_taken: matched otherwise already). */
static bool alloc_kept(const seg_state *x, size_t i, const subst *inv_x, const seg_state *y, const subst *inv_y,
                       const bool *y_taken) {
  seg_alloc a = x->al.data[i];
  smt_term lo = subst_var(inv_x, a.lo), hi = subst_var(inv_x, a.hi);
  for (size_t j = 0; j < y->al.len; j++) {
    const seg_alloc *b = &y->al.data[j];
    if (y_taken[j]) continue;
    if (subst_var(inv_y, b->lo) == lo && subst_var(inv_y, b->hi) == hi && b->kind == a.kind &&
        b->dynamic == a.dynamic && b->depth == a.depth && b->caller_owned == a.caller_owned)
      return true;
  }
  return false;
}

/* One side of a merge: the state, its instantiation and pseudo-inverse,
 * its known offsets, its pieces, and which of its allocations the merge
 * keeps (`kept`) or folds into a list (`folded`: then the merge must not
 * keep it, or its bytes would be described twice). */
typedef struct {
  seg_engine *e;
  seg_state *s;
  subst *mu, *inv;
  seg_layout lay;
  seg_piece_vec pieces;
  bool *kept, *folded;
} merge_side;

/* An anchor: a value of x that a variable of the merge stands for (by
 * known offsets); *cv gets that variable. Chains stop there, so that a
 * list never runs past a pointer the program holds. */
static bool anchor_of(merge_side *x, smt_term v, smt_term *cv) {
  for (size_t i = 0; i < x->inv->var.len; i++)
    if (seg_layout_same(x->e, &x->lay, x->inv->var.data[i], v)) {
      if (cv) *cv = x->inv->val.data[i];
      return true;
    }
  return false;
}

static bool is_anchor(void *arg, smt_term v) { return anchor_of(arg, v, NULL); }

static void release(merge_side *x, const u32_vec *chain) {
  for (size_t i = 0; i < chain->len; i++) x->pieces.data[chain->data[i]].used = false;
}

/* Does the chain hold a list or an allocation the merge would drop? A
 * chain of kept allocations alone stays as it is (AL and PT keep more)
 * unless a state holds lists already. */
static bool folds_something(const merge_side *x, const u32_vec *chain) {
  for (size_t i = 0; i < chain->len; i++) {
    const seg_piece *p = &x->pieces.data[chain->data[i]];
    if (p->alloc < 0 || !x->kept[p->alloc]) return true;
  }
  return false;
}

static void mark_folded(merge_side *x, const u32_vec *chain) {
  for (size_t i = 0; i < chain->len; i++) {
    const seg_piece *p = &x->pieces.data[chain->data[i]];
    if (p->alloc >= 0) x->folded[p->alloc] = true;
  }
}

/* The lists of c from the chains of side x that start at a value of a
 * merge variable h (in mu's order), fitted into side y: a chain in y from
 * mu_y(h) to the same end (or, for an end that no merge variable stands
 * for, as far as y's chain goes; empty when y's KB has head = end). The
 * new end and length variables go into both instantiations; the lengths
 * also into `lens`. */
static void lists_from(seg_engine *e, seg_state *c, merge_side *x, merge_side *y, smt_term_vec *new_vars,
                       smt_term_vec *lens) {
  u32_vec cx = {0}, cy = {0};
  size_t nvars = x->mu->var.len; /* the merge's variables so far, not the ends and lengths added here */
  for (size_t k = 0; k < nvars; k++) {
    smt_term h = x->mu->var.data[k];
    if (!subst_has(y->mu, h)) continue;
    bool heads_one = false; /* each variable of c heads one list at most */
    for (size_t i = 0; i < c->ls.len && !heads_one; i++) heads_one = c->ls.data[i].head == h;
    if (heads_one) continue;
    cx.len = cy.len = 0;
    smt_term ex, lx, ey, ly;
    seg_list_chain(e, &x->lay, &x->pieces, x->mu->val.data[k], SMT_NULL, is_anchor, x, &cx, &ex, &lx);
    if (cx.len == 0) continue;
    const seg_piece *px = &x->pieces.data[cx.data[0]];
    smt_term end = SMT_NULL;
    bool ok = true, fresh_end = !anchor_of(x, ex, &end);
    smt_term stop_y = fresh_end ? SMT_NULL : subst_var(y->mu, end);
    if (!fresh_end && !subst_has(y->mu, end)) ok = false;
    if (ok) {
      seg_list_chain(e, &y->lay, &y->pieces, subst_var(y->mu, h), stop_y, fresh_end ? is_anchor : NULL, y, &cy, &ey,
                     &ly);
      if (cy.len) {
        const seg_piece *py = &y->pieces.data[cy.data[0]];
        ok = py->size == px->size && py->next_off == px->next_off;
      }
      /* kept allocations alone fold only where the states hold lists already */
      if (ok) ok = folds_something(x, &cx) || folds_something(y, &cy) || x->s->ls.len || y->s->ls.len;
      if (ok && fresh_end) ok = !anchor_of(y, ey, NULL) || cy.len == 0;
      if (ok && !fresh_end && !seg_layout_same(e, &y->lay, ey, stop_y))
        ok = seg_entails(e, y->s, smt_mk_eq(e->ctx, ey, stop_y)) == SMT_YES;
    }
    if (!ok) {
      release(x, &cx);
      release(y, &cy);
      continue;
    }
    mark_folded(x, &cx);
    mark_folded(y, &cy);
    if (fresh_end) {
      end = fresh_plain(e);
      subst_add(x->mu, end, ex);
      subst_add(y->mu, end, ey);
      if (!subst_has(x->inv, ex)) subst_add(x->inv, ex, end);
      if (cy.len && !subst_has(y->inv, ey)) subst_add(y->inv, ey, end);
      VEC_PUSH(*new_vars, end);
    }
    smt_term len = fresh_plain(e);
    lx = smt_simplify(e->ctx, lx);
    ly = smt_simplify(e->ctx, ly);
    subst_add(x->mu, len, lx);
    subst_add(y->mu, len, ly);
    /* a length that is one variable on a side: what KB says of it carries over (merge_kb) */
    if (smt_term_kind(e->ctx, lx) == SMT_VAR && !subst_has(x->inv, lx)) subst_add(x->inv, lx, len);
    if (smt_term_kind(e->ctx, ly) == SMT_VAR && !subst_has(y->inv, ly)) subst_add(y->inv, ly, len);
    VEC_PUSH(*new_vars, len);
    VEC_PUSH(*lens, len);
    seg_list l = {h, end, len, px->size, px->next_off};
    VEC_PUSH(c->ls, l);
    seg_kb_add(e, c, smt_mk_int_le(e->ctx, smt_mk_int(e->ctx, 0), len));
    e->lists_folded++;
  }
  VEC_FREE(cx);
  VEC_FREE(cy);
}

/* The heap allocation of x that starts at v (by known offsets), of known
 * extent, not matched yet and not a piece (is_piece: its next pointer is
 * known, so a list can take it), or -1; *size gets its size. */
static long alloc_at(merge_side *x, smt_term v, const bool *is_piece, int64_t *size) {
  for (size_t i = 0; i < x->s->al.len; i++) {
    const seg_alloc *a = &x->s->al.data[i];
    const seg_layout_extent *ext = &x->lay.extent.data[i];
    if (a->kind != SEG_AL_HEAP || a->caller_owned || x->folded[i] || is_piece[i] || ext->root == SMT_NULL) continue;
    if (!seg_layout_same(x->e, &x->lay, a->lo, v)) continue;
    *size = ext->hi - ext->lo + 1;
    return (long)i;
  }
  return -1;
}

/* Allocations that play one role in a and b, but are not the same pair
 * of variables: a heap object of the same size at the value of the same
 * variable v of c whose next pointer is not known (the current node of a
 * list built at its tail: the first node in a, the newest in b; a node
 * whose next pointer is known goes into a list instead). c gets the allocation [v, hi] with a
 * fresh hi; both are marked folded (merge_memory must not keep them as
 * well), and the earlier object of b, now free of its partner in a, may
 * go into a list. */
static void rematch_allocs(seg_engine *e, seg_state *c, merge_side *sa, merge_side *sb) {
  smt_ctx *ctx = e->ctx;
  size_t nvars = sa->mu->var.len;
  merge_side *sides[2] = {sa, sb};
  bool *is_piece[2];
  for (int k = 0; k < 2; k++) {
    is_piece[k] = xcalloc(sides[k]->s->al.len ? sides[k]->s->al.len : 1, sizeof(bool));
    seg_piece_vec pieces = {0};
    seg_list_pieces(e, sides[k]->s, &sides[k]->lay, NULL, &pieces);
    for (size_t i = 0; i < pieces.len; i++)
      if (pieces.data[i].alloc >= 0) is_piece[k][pieces.data[i].alloc] = true;
    VEC_FREE(pieces);
  }
  for (size_t k = 0; k < nvars; k++) {
    smt_term v = sa->mu->var.data[k];
    if (!subst_has(sb->mu, v) || smt_term_kind(ctx, sa->mu->val.data[k]) != SMT_VAR) continue;
    int64_t size_a, size_b;
    long ia = alloc_at(sa, sa->mu->val.data[k], is_piece[0], &size_a),
         ib = alloc_at(sb, subst_var(sb->mu, v), is_piece[1], &size_b);
    if (ia < 0 || ib < 0 || size_a != size_b) continue;
    const seg_alloc *xa = &sa->s->al.data[ia], *xb = &sb->s->al.data[ib];
    if (xa->depth != xb->depth || xa->dynamic != xb->dynamic) continue;
    /* the same pair by its variables: merge_memory keeps it as it is */
    if (subst_var(sa->inv, xa->lo) == subst_var(sb->inv, xb->lo) && subst_var(sa->inv, xa->hi) == subst_var(sb->inv, xb->hi))
      continue;
    smt_term hi = fresh_plain(e);
    subst_add(sa->mu, hi, xa->hi);
    subst_add(sb->mu, hi, xb->hi);
    if (!subst_has(sa->inv, xa->hi)) subst_add(sa->inv, xa->hi, hi); /* what KB says of it carries over */
    if (!subst_has(sb->inv, xb->hi)) subst_add(sb->inv, xb->hi, hi);
    seg_alloc na = *xa;
    na.lo = v;
    na.hi = hi;
    VEC_PUSH(c->al, na);
    seg_kb_add(e, c, smt_mk_eq(ctx, hi, smt_mk_int_add2(ctx, v, smt_mk_int(ctx, size_a - 1))));
    seg_kb_add(e, c, smt_mk_int_le(ctx, smt_mk_int(ctx, 1), v));
    seg_kb_add(e, c, smt_mk_int_le(ctx, hi, seg_pow2(e, e->m->ptr_bits, 1, -2))); /* as new_alloc (rules.c) */
    sa->folded[ia] = sb->folded[ib] = true;
  }
  free(is_piece[0]);
  free(is_piece[1]);
}

/* Keeps `cand` (over c's variables) in KB_c when both a and b imply its instance. */
static void keep_if_both(seg_engine *e, seg_state *c, seg_state *a, seg_state *b, const subst *mu_a,
                         const subst *mu_b, smt_term cand) {
  if (seg_entails(e, a, subst_term(e, mu_a, cand)) == SMT_YES &&
      seg_entails(e, b, subst_term(e, mu_b, cand)) == SMT_YES)
    seg_kb_add(e, c, cand);
}

/* What merge_lists did to one input: per allocation, folded into a list
 * of c (AL_c must not keep it); per list, part of a list of c. */
typedef struct {
  bool *folded, *list_used;
} merge_folds;

/* LS_c: lists from the chains of b (the later state: a loop's body made
 * them), then from what is left of a's; *fa and *fb (owned by the caller,
 * merge_folds_free) say what each input gave them. A candidate
 * atom about the new variables (an end that is NULL or not, a length that
 * is positive or a counter of the current frame plus -1, 0 or 1) is kept
 * when both states imply its instance. */
static void merge_lists(seg_engine *e, seg_state *c, seg_state *a, seg_state *b, subst *mu_a, subst *mu_b,
                        subst *inv_a, subst *inv_b, merge_folds *fa, merge_folds *fb) {
  fa->folded = xcalloc(a->al.len ? a->al.len : 1, sizeof *fa->folded);
  fb->folded = xcalloc(b->al.len ? b->al.len : 1, sizeof *fb->folded);
  fa->list_used = xcalloc(a->ls.len ? a->ls.len : 1, sizeof *fa->list_used);
  fb->list_used = xcalloc(b->ls.len ? b->ls.len : 1, sizeof *fb->list_used);
  if (a->abstracted || (a->ls.len == 0 && b->ls.len == 0 && a->pt.len == 0 && b->pt.len == 0)) return;
  merge_side sa = {e, a, mu_a, inv_a, {0}, {0}, NULL, fa->folded}, sb = {e, b, mu_b, inv_b, {0}, {0}, NULL, fb->folded};
  merge_side *sides[2] = {&sa, &sb};
  for (int k = 0; k < 2; k++) seg_layout_build(e, sides[k]->s, &sides[k]->lay);
  rematch_allocs(e, c, &sa, &sb);
  for (int k = 0; k < 2; k++) {
    merge_side *x = sides[k], *y = sides[1 - k];
    x->kept = xcalloc(x->s->al.len ? x->s->al.len : 1, sizeof *x->kept);
    for (size_t i = 0; i < x->s->al.len; i++)
      x->kept[i] = !x->folded[i] && alloc_kept(x->s, i, x->inv, y->s, y->inv, y->folded);
    seg_list_pieces(e, x->s, &x->lay, x->folded, &x->pieces);
  }
  smt_term_vec new_vars = {0}, lens = {0};
  if (sa.pieces.len || sb.pieces.len) {
    lists_from(e, c, &sb, &sa, &new_vars, &lens);
    lists_from(e, c, &sa, &sb, &new_vars, &lens);
  }
  smt_ctx *ctx = e->ctx;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  for (size_t i = 0; i < new_vars.len && !past_deadline(e); i++) {
    smt_term v = new_vars.data[i];
    keep_if_both(e, c, a, b, mu_a, mu_b, smt_mk_eq(ctx, v, zero));
    keep_if_both(e, c, a, b, mu_a, mu_b, smt_mk_int_le(ctx, one, v));
  }
  /* a list's length and a counter of the loop that built or walks it */
  const seg_frame *top = &c->frames[c->nframes - 1];
  const ir_func *f = &e->m->funcs.data[top->func];
  for (size_t i = 0; i < lens.len && !past_deadline(e); i++)
    for (uint32_t k = 0; k < top->nslots; k++) {
      ir_type t = k < f->nparams ? f->params[k] : f->insts[k - f->nparams].type;
      if (top->lv[k] == SMT_NULL || t.kind != IR_TY_INT || t.bits <= 1) continue;
      for (int d = -1; d <= 1; d++)
        keep_if_both(e, c, a, b, mu_a, mu_b,
                     smt_mk_eq(ctx, lens.data[i], smt_mk_int_add2(ctx, top->lv[k], smt_mk_int(ctx, d))));
    }
  VEC_FREE(new_vars);
  VEC_FREE(lens);
  merge_folds *folds[2] = {fa, fb};
  for (int k = 0; k < 2; k++) {
    for (size_t i = 0; i < sides[k]->pieces.len; i++) {
      const seg_piece *p = &sides[k]->pieces.data[i];
      if (p->used && p->list >= 0) folds[k]->list_used[p->list] = true;
    }
    seg_layout_free(&sides[k]->lay);
    VEC_FREE(sides[k]->pieces);
    free(sides[k]->kept);
  }
}

static void merge_folds_free(merge_folds *f) {
  free(f->folded);
  free(f->list_used);
}

/* Memory tracking: does c leave out a heap object of x (neither in AL_c
 * nor folded into a list of c)? */
static bool merge_forgets(const seg_state *x, const subst *inv_x, const seg_state *c, const merge_folds *f) {
  for (size_t i = 0; i < x->al.len; i++) {
    const seg_alloc *a = &x->al.data[i];
    if (a->kind != SEG_AL_HEAP || a->caller_owned || f->folded[i]) continue;
    smt_term lo = subst_var(inv_x, a->lo);
    bool kept = false;
    for (size_t j = 0; j < c->al.len && !kept; j++) kept = c->al.data[j].lo == lo;
    if (!kept) return true;
  }
  for (size_t j = 0; j < x->ls.len; j++)
    if (!f->list_used[j]) return true;
  return false;
}

/* AL_c and PT_c: the intersection of the pseudo-inverse images, but for
 * the allocations folded into a list (drop_a, drop_b: NULL for none). */
static void merge_memory(seg_state *c, const seg_state *a, const seg_state *b, const subst *inv_a,
                         const subst *inv_b, const bool *drop_a, const bool *drop_b) {
  for (size_t i = 0; i < a->al.len; i++) {
    if (drop_a && drop_a[i]) continue;
    seg_alloc x = a->al.data[i];
    x.lo = subst_var(inv_a, x.lo);
    x.hi = subst_var(inv_a, x.hi);
    for (size_t j = 0; j < b->al.len; j++) {
      const seg_alloc *y = &b->al.data[j];
      if (drop_b && drop_b[j]) continue;
      if (subst_var(inv_b, y->lo) == x.lo && subst_var(inv_b, y->hi) == x.hi && y->kind == x.kind &&
          y->dynamic == x.dynamic && y->depth == x.depth && y->caller_owned == x.caller_owned) {
        VEC_PUSH(c->al, x);
        break;
      }
    }
  }
  for (size_t i = 0; i < a->pt.len; i++) {
    seg_pt x = a->pt.data[i];
    x.addr = subst_var(inv_a, x.addr);
    x.val = subst_var(inv_a, x.val);
    for (size_t j = 0; j < b->pt.len; j++) {
      const seg_pt *y = &b->pt.data[j];
      if (subst_var(inv_b, y->addr) == x.addr && subst_var(inv_b, y->val) == x.val && y->bytes == x.bytes &&
          y->is_signed == x.is_signed) {
        VEC_PUSH(c->pt, x);
        break;
      }
    }
  }
}

/* KB_c: the candidates mu_a^-1(<<a>>) whose mu_b-instance <b> implies. */
static void merge_kb(seg_engine *e, seg_state *c, seg_state *a, seg_state *b, const subst *inv_a,
                     const subst *mu_b) {
  smt_term_vec cand = {0};
  double_brackets(e, a, &cand);
  u64_map in_b = {0}; /* b's atoms: implied without a query */
  known_atoms(e, b, &in_b);
  for (size_t i = 0; i < cand.len; i++) {
    if (past_deadline(e)) break;
    smt_term phi = subst_term(e, inv_a, cand.data[i]), phi_b = subst_term(e, mu_b, phi);
    if (u64_map_has(&in_b, phi_b) || seg_entails(e, b, phi_b) == SMT_YES) seg_kb_add(e, c, phi);
  }
  u64_map_free(&in_b);
  VEC_FREE(cand);
}

/* Ghost slot j of c (states of one analysis have the same ghost slots):
 * the variable of c that already stands for both a's and b's ghost j, else
 * a fresh one. The pseudo-inverses keep their first image of a variable
 * (mu_a o inv_a stays the identity on what merge_kb translates). */
static void merge_ghosts(seg_engine *e, seg_state *c, const seg_state *a, const seg_state *b, subst *mu_a,
                         subst *mu_b, subst *inv_a, subst *inv_b) {
  if (a->nghost != b->nghost || a->nghost == 0) return;
  c->nghost = a->nghost;
  c->ghost = xmalloc(c->nghost * sizeof *c->ghost);
  for (uint32_t j = 0; j < a->nghost; j++) {
    smt_term ga = a->ghost[j], gb = b->ghost[j];
    if (subst_has(inv_a, ga) && subst_has(inv_b, gb) && subst_var(inv_a, ga) == subst_var(inv_b, gb)) {
      c->ghost[j] = subst_var(inv_a, ga);
      continue;
    }
    smt_term v = fresh_plain(e);
    c->ghost[j] = v;
    subst_add(mu_a, v, ga);
    subst_add(mu_b, v, gb);
    if (!subst_has(inv_a, ga)) subst_add(inv_a, ga, v);
    if (!subst_has(inv_b, gb)) subst_add(inv_b, gb, v);
  }
}

/* The merge c of a and b (Def. 3); *mu_a receives the instantiation of the
 * edge a -> c, and *mu_b (when not NULL) that of b -> c. With track_heap,
 * a heap object of a or b that c leaves out sets e->heap_forgotten (not
 * for entry states: the intersection carries the caller's objects). */
static seg_state *merge_states(seg_engine *e, seg_state *a, seg_state *b, subst *mu_a, subst *mu_b_out,
                               bool track_heap) {
  assert(seg_same_position(a, b) && a->abstracted == b->abstracted);
  seg_state *c = seg_state_new(a->nglobals);
  if (a->nglobals) memcpy(c->globals, a->globals, a->nglobals * sizeof *c->globals);
  c->abstracted = a->abstracted;
  subst mu_b = {0}, inv_a = {0}, inv_b = {0};
  merge_frames(e, c, a, b, mu_a, &mu_b, &inv_a, &inv_b);
  merge_ghosts(e, c, a, b, mu_a, &mu_b, &inv_a, &inv_b);
  merge_memory_vars(e, a, b, mu_a, &mu_b, &inv_a, &inv_b);
  merge_folds fa, fb;
  merge_lists(e, c, a, b, mu_a, &mu_b, &inv_a, &inv_b, &fa, &fb);
  merge_memory(c, a, b, &inv_a, &inv_b, fa.folded, fb.folded);
  /* memory tracking: see is_generalization_with */
  if (track_heap && (merge_forgets(a, &inv_a, c, &fa) || merge_forgets(b, &inv_b, c, &fb))) e->heap_forgotten = true;
  merge_folds_free(&fa);
  merge_folds_free(&fb);
  merge_kb(e, c, a, b, &inv_a, &mu_b);
  c->fo_cache = SMT_NULL;
  if (mu_b_out)
    *mu_b_out = mu_b;
  else
    subst_free(&mu_b);
  subst_free(&inv_a);
  subst_free(&inv_b);
  assert(seg_same_position(c, a)); /* the merge stands where both inputs stand */
  assert(seg_state_check(e, c));
  return c;
}

/* ---- modular graphs: calls, entries, returns (seed 004 Sect. 3) ---------- */

/* A recursive function gets at most this many entry states; beyond, the
 * graph is incomplete (each new one is a merge, more general than the
 * newest: the limit is never reached when merging converges). */
enum { MAX_ENTRIES_PER_FUNCTION = 8 };
/* Entries of one function replaced by a more general one (retire_entry):
 * each merge drops knowledge of the old entry, so a function's entry
 * settles after as many as its state has atoms; this bounds the work
 * before that. */
enum { MAX_ENTRY_MERGES_PER_FUNCTION = 64 };

static bool is_call_state(const seg_engine *e, seg_state *s) {
  if (s->nframes < 2) return false;
  const seg_frame *fr = seg_top(s);
  if (!e->modular[fr->func]) return false;
  const ir_func *f = &e->m->funcs.data[fr->func];
  return fr->block == 0 && f->nblocks && fr->inst == ir_first_non_phi(f, 0);
}

static bool is_return_state(const seg_engine *e, seg_state *s) {
  if (!s->abstracted || s->nframes != 1) return false;
  const seg_frame *fr = seg_top(s);
  const ir_func *f = &e->m->funcs.data[fr->func];
  return fr->inst < f->ninsts && f->insts[fr->inst].op == IR_RET;
}

static uint32_t new_entry(seg_graph *g, uint32_t node_id, uint32_t func) {
  assert(node_id < g->nodes.len && g->nodes.data[node_id].parent == IR_NONE); /* entries are roots */
  seg_entry en = {0};
  en.node = node_id;
  en.func = func;
  VEC_PUSH(g->entries, en);
  uint32_t k = (uint32_t)g->entries.len - 1;
  node(g, node_id)->entry = k;
  return k;
}

static void add_intersection(builder *bd, uint32_t k, size_t reg, uint32_t r) {
  seg_graph *g = bd->g;
  assert(k < g->entries.len && reg < g->entries.data[k].calls.len);
  seg_entry *en = &g->entries.data[k];
  seg_call_reg *cr = &en->calls.data[reg];
  uint32_t call = cr->call;
  assert(node(g, call)->is_call && node(g, r)->entry == k); /* a registered call, a return state of its entry */
  seg_state *si = seg_intersect(&g->e, node(g, call)->state, node(g, r)->state, node(g, en->node)->state, cr->nmu,
                                cr->mu_var, cr->mu_val);
  if (!si) return; /* <intersection> unsatisfiable: no run returns that way */
  assert(si->nframes == node(g, call)->state->nframes); /* the call's stack, its top frame at the return */
  uint32_t id = add_node(bd, si, call, SEG_EDGE_INTERSECT);
  node(g, id)->call_node = call;
  node(g, id)->ret_node = r;
  add_edge(g, call, id, SEG_EDGE_INTERSECT, NULL);
  VEC_PUSH(bd->deferred, id);
}

/* After a merge dropped a subtree: intersections made from a removed
 * return state go too (with what followed them), and a return state whose
 * generalization went is handled again (it has no intersections yet). */
static void drop_orphans(builder *bd) {
  seg_graph *g = bd->g;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < g->nodes.len; i++) {
      seg_node *n = node(g, (uint32_t)i);
      if (n->removed || n->in != SEG_EDGE_INTERSECT || n->ret_node == IR_NONE) continue;
      if (node(g, n->ret_node)->removed) {
        remove_subtree(bd, (uint32_t)i, true);
        changed = true;
      }
    }
  }
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_node *n = node(g, (uint32_t)i);
    if (n->removed || !n->is_return || n->gen_to == IR_NONE || !node(g, n->gen_to)->removed) continue;
    n->gen_to = IR_NONE;
    n->is_return = false;
    n->expanded = false;
    VEC_PUSH(bd->work, (uint32_t)i);
  }
  /* a state generalized at a join point by a state that went: its only
   * successor is gone, so it is expanded anew */
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_node *n = node(g, (uint32_t)i);
    if (n->removed || n->join_to == IR_NONE || !node(g, n->join_to)->removed) continue;
    n->join_to = IR_NONE;
    n->expanded = false;
    VEC_PUSH(bd->work, (uint32_t)i);
  }
  drop_dead_edges(g);
}

/* A return state that a more general one now stands for: its
 * intersections are redundant (seed 004 Sect. 3.3) and go, with what
 * followed them; the general state's intersections replace them. */
static void drop_intersections_of(builder *bd, uint32_t r) {
  seg_graph *g = bd->g;
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_node *n = node(g, (uint32_t)i);
    if (!n->removed && n->in == SEG_EDGE_INTERSECT && n->ret_node == r) remove_subtree(bd, (uint32_t)i, true);
  }
  drop_orphans(bd);
}

/* Registers a call state at entry k (mu: call abstraction -> entry) and
 * intersects it with the entry's return states so far. */
static void register_call(builder *bd, uint32_t k, uint32_t call, uint32_t abs, const subst *mu) {
  seg_graph *g = bd->g;
  seg_call_reg cr = {call, abs, 0, NULL, NULL};
  subst_copy_out(mu, &cr.nmu, &cr.mu_var, &cr.mu_val);
  VEC_PUSH(g->entries.data[k].calls, cr);
  size_t reg = g->entries.data[k].calls.len - 1;
  for (size_t i = 0; i < g->entries.data[k].rets.len && !bd->stop; i++) {
    uint32_t r = g->entries.data[k].rets.data[i];
    if (!node(g, r)->removed && !seg_ret_generalized(g, r)) add_intersection(bd, k, reg, r);
  }
}

/* A unique entry state per function (seed 004 Sect. 5.1): entry k_old,
 * which the new entry k_new generalizes (a merge of the two states), goes
 * with its analysis, and its calls are registered at k_new instead (a
 * generalization edge from each call's abstraction, intersections with
 * k_new's return states as they come). A function then has one analysis
 * whose entry grows more general with each call it did not cover, instead
 * of one analysis per merge. Not done (false) when k_old's analysis holds
 * one of its own calls or the current one (recursion: removing it would
 * remove the call), or when k_new's state does not generalize a call's
 * abstraction. */
static bool retire_entry(builder *bd, uint32_t k_old, uint32_t k_new, uint32_t current_call) {
  seg_graph *g = bd->g;
  seg_engine *e = &g->e;
  if (node(g, current_call)->entry == k_old) return false;
  size_t ncalls = g->entries.data[k_old].calls.len;
  subst *mus = xcalloc(ncalls ? ncalls : 1, sizeof *mus);
  bool ok = true;
  for (size_t i = 0; i < ncalls && ok; i++) {
    const seg_call_reg *cr = &g->entries.data[k_old].calls.data[i];
    if (node(g, cr->call)->removed) continue;
    ok = node(g, cr->call)->entry != k_old && !node(g, cr->abs)->removed &&
         is_generalization_with(e, node(g, g->entries.data[k_new].node)->state, node(g, cr->abs)->state, &mus[i],
                                false);
  }
  if (ok) {
    /* the intersections of the old calls (children of their call states)
     * and the old analysis (every node of entry k_old) go */
    bool *old_call = xcalloc(g->nodes.len, sizeof *old_call);
    for (size_t i = 0; i < ncalls; i++) old_call[g->entries.data[k_old].calls.data[i].call] = true;
    for (size_t i = 0; i < g->nodes.len; i++) {
      seg_node *n = node(g, (uint32_t)i);
      if (!n->removed && n->in == SEG_EDGE_INTERSECT && n->parent != IR_NONE && old_call[n->parent])
        remove_subtree(bd, (uint32_t)i, true);
    }
    free(old_call);
    for (size_t i = 0; i < g->nodes.len; i++)
      if (!node(g, (uint32_t)i)->removed && node(g, (uint32_t)i)->entry == k_old) mark_removed(bd, (uint32_t)i);
    g->entries.data[k_old].retired = true;
    drop_orphans(bd);
    uint32_t en = g->entries.data[k_new].node;
    for (size_t i = 0; i < ncalls; i++) {
      seg_call_reg cr = g->entries.data[k_old].calls.data[i]; /* a copy: register_call may move the vector */
      if (node(g, cr.call)->removed) continue;
      add_edge(g, cr.abs, en, SEG_EDGE_GEN, &mus[i]);
      register_call(bd, k_new, cr.call, cr.abs, &mus[i]);
    }
    bd->entry_merges++;
  }
  for (size_t i = 0; i < ncalls; i++) subst_free(&mus[i]);
  free(mus);
  return ok;
}

/* A call state: its call abstraction, and a generalization edge from there
 * to an entry state of the callee (Sect. 3.1): an existing one that
 * generalizes it (re-use, Sect. 3.4), else a new entry, which for a
 * function with entries already is their newest merged with the call
 * abstraction (so that recursion ends with finitely many). Entry states
 * are roots: the generalization walks of graph.c stay in one analysis. */
static void handle_call(builder *bd, uint32_t sc) {
  seg_graph *g = bd->g;
  seg_engine *e = &g->e;
  node(g, sc)->expanded = true;
  node(g, sc)->is_call = true;
  if (node(g, sc)->state->ls.len) {
    set_incomplete(bd, "a call of a recursive function with list segments in the state (not supported)");
    return;
  }
  seg_state *cas = seg_call_abstraction(e, node(g, sc)->state);
  assert(cas->nframes == 1 && cas->abstracted && cas->nghost == 0);
  uint32_t func = seg_top(cas)->func;
  uint32_t ca = add_node(bd, cas, sc, SEG_EDGE_CALLABS);
  add_edge(g, sc, ca, SEG_EDGE_CALLABS, NULL);
  node(g, ca)->expanded = true;
  uint32_t newest = IR_NONE, count = 0, retired = 0;
  for (size_t k = g->entries.len; k-- > 1 && !past_deadline(e);) {
    if (g->entries.data[k].func != func) continue;
    if (g->entries.data[k].retired) {
      retired++;
      continue;
    }
    count++;
    if (newest == IR_NONE) newest = (uint32_t)k;
    subst mu = {0};
    if (is_generalization_with(e, node(g, g->entries.data[k].node)->state, cas, &mu, false)) {
      add_edge(g, ca, g->entries.data[k].node, SEG_EDGE_GEN, &mu);
      register_call(bd, (uint32_t)k, sc, ca, &mu);
      bd->entry_reuses++;
      subst_free(&mu);
      return;
    }
    subst_free(&mu);
  }
  if (count >= MAX_ENTRIES_PER_FUNCTION || retired >= MAX_ENTRY_MERGES_PER_FUNCTION) {
    set_incomplete(bd, "more than %d entry states for %s", count >= MAX_ENTRIES_PER_FUNCTION
                   ? MAX_ENTRIES_PER_FUNCTION : MAX_ENTRY_MERGES_PER_FUNCTION, e->m->funcs.data[func].name);
    return;
  }
  subst mu = {0};
  seg_state *es = NULL;
  uint32_t merged_from = IR_NONE;
  if (newest != IR_NONE) {
    subst mu_a = {0};
    es = merge_states(e, node(g, g->entries.data[newest].node)->state, cas, &mu_a, NULL, false);
    subst_free(&mu_a);
    bd->merges++;
    /* the merge generalizes the call abstraction by construction; checked,
     * because the intersection relies on this mu. A merge that loses an
     * allocation (one state has a NULL where the other has an object) is
     * not taken while there are few entries: the call abstraction becomes
     * an entry of its own, whose calls keep their objects. */
    bool loses = es->al.len < cas->al.len && count < MAX_ENTRIES_PER_FUNCTION / 2;
    if (loses || !is_generalization_with(e, es, cas, &mu, false)) {
      seg_state_free(es);
      es = NULL;
      subst_free(&mu);
      mu = (subst){0};
    } else {
      merged_from = newest;
    }
  }
  if (!es) {
    es = seg_state_copy(cas); /* the same variables: mu is the identity */
  }
  seg_make_entry(e, es);
  assert(seg_state_check(e, es));
  uint32_t en = add_node(bd, es, IR_NONE, SEG_EDGE_GEN);
  uint32_t k = new_entry(g, en, func);
  add_edge(g, ca, en, SEG_EDGE_GEN, &mu);
  register_call(bd, k, sc, ca, &mu);
  subst_free(&mu);
  if (merged_from != IR_NONE) retire_entry(bd, merged_from, k, sc);
  VEC_PUSH(bd->work, en);
}

/* How many heap and global allocations s holds. */
static size_t lasting_allocations(const seg_state *s) {
  size_t n = 0;
  for (size_t i = 0; i < s->al.len; i++) n += s->al.data[i].kind != SEG_AL_STACK;
  return n;
}

/* A return state: generalized by or merged with the newest return state
 * of the same analysis at the same position (Sect. 3.3; a merge is a new
 * root, so that removing either state never removes it); otherwise
 * registered and intersected with every call state of its entry. A
 * function that is not recursive has finitely many return states, so two
 * whose allocations differ stay apart: their merge would drop the
 * allocation that one of them returns (zalloc's NULL and its fresh
 * object), and every caller would see a pointer to nothing. */
static void handle_return(builder *bd, uint32_t r) {
  seg_graph *g = bd->g;
  seg_engine *e = &g->e;
  node(g, r)->expanded = true;
  node(g, r)->is_return = true;
  uint32_t k = node(g, r)->entry;
  assert(k > 0 && k < g->entries.len); /* return states belong to a function's analysis, not main's */
  for (size_t i = g->entries.data[k].rets.len; i-- > 0;) {
    uint32_t r1 = g->entries.data[k].rets.data[i];
    if (r1 == r || node(g, r1)->removed || seg_ret_generalized(g, r1)) continue;
    if (!seg_same_position(node(g, r1)->state, node(g, r)->state)) continue;
    subst mu = {0};
    if (is_generalization(e, node(g, r1)->state, node(g, r)->state, &mu)) {
      add_edge(g, r, r1, SEG_EDGE_GEN, &mu);
      node(g, r)->gen_to = r1;
      subst_free(&mu);
      return;
    }
    subst_free(&mu);
    if (!e->recursive[node(g, r)->state->frames[0].func] &&
        lasting_allocations(node(g, r1)->state) != lasting_allocations(node(g, r)->state))
      continue;
    subst mu_a = {0}, mu_b = {0};
    seg_state *c = merge_states(e, node(g, r1)->state, node(g, r)->state, &mu_a, &mu_b, true);
    bd->merges++;
    uint32_t cn = add_node(bd, c, IR_NONE, SEG_EDGE_GEN);
    node(g, cn)->entry = k;
    add_edge(g, r, cn, SEG_EDGE_GEN, &mu_b);
    add_edge(g, r1, cn, SEG_EDGE_GEN, &mu_a);
    node(g, r)->gen_to = cn;
    node(g, r1)->gen_to = cn;
    subst_free(&mu_a);
    subst_free(&mu_b);
    drop_intersections_of(bd, r1);
    VEC_PUSH(bd->work, cn); /* a return state in turn */
    return;
  }
  VEC_PUSH(g->entries.data[k].rets, r);
  for (size_t i = 0; i < g->entries.data[k].calls.len && !bd->stop; i++)
    if (!node(g, g->entries.data[k].calls.data[i].call)->removed) add_intersection(bd, k, i, r);
}

/* ---- the construction strategy ------------------------------------------- */

/* Does s stand at the first non-phi instruction of a block that `marked`
 * (per block of its top frame's function; NULL: none) marks? */
static bool at_marked_block(const seg_engine *e, seg_state *s, const bool *marked) {
  const seg_frame *fr = seg_top(s);
  return marked && marked[fr->block] && fr->inst == ir_first_non_phi(&e->m->funcs.data[fr->func], fr->block);
}

/* Generalization happens only at loop headers, where every cycle of the
 * graph must pass (the strategy's termination argument needs no more). */
static bool at_loop_header(const seg_engine *e, seg_state *s) {
  return at_marked_block(e, s, e->finfo[seg_top(s)->func].loop_header);
}

/* The nearest tree ancestor at the same position that was not reached by
 * a refinement (condition (a) and the strategy of Sect. 2.3). */
static uint32_t same_position_ancestor(seg_graph *g, uint32_t id) {
  seg_state *s = node(g, id)->state;
  for (uint32_t p = node(g, id)->parent; p != IR_NONE; p = node(g, p)->parent) {
    seg_node *n = node(g, p);
    if (n->removed || !n->state || n->in == SEG_EDGE_REFINE) continue;
    if (seg_same_position(n->state, s)) return p;
  }
  return IR_NONE;
}

/* b is at a's position but a does not generalize it: merge into c, drop
 * a's subtree, and give a (or its generalization predecessor q) a
 * generalization edge to c. */
static void merge_into_ancestor(builder *bd, uint32_t ai, uint32_t bi) {
  seg_graph *g = bd->g;
  seg_engine *e = &g->e;
  subst mu = {0};
  assert(ai < bi && !node(g, ai)->removed && node(g, ai)->state && node(g, bi)->state);
  seg_state *c = merge_states(e, node(g, ai)->state, node(g, bi)->state, &mu, NULL, true);
  bd->merges++;
  uint32_t from = ai;
  bool drop_a = false;
  if (node(g, ai)->in == SEG_EDGE_GEN && node(g, ai)->parent != IR_NONE) {
    /* a is itself a merge result: redirect q's edge to c. mu_q o mu_a is
     * the slot-by-slot match; checked anyway, a failure (solver timeout)
     * must not leave an unchecked edge. */
    uint32_t q = node(g, ai)->parent;
    subst mq = {0};
    if (!is_generalization(e, c, node(g, q)->state, &mq)) {
      subst_free(&mq);
      subst_free(&mu);
      seg_state_free(c);
      set_incomplete(bd, "a merged state could not be shown to generalize its predecessor (%s)",
                     smt_last_reason(e->ctx) ? smt_last_reason(e->ctx) : "unknown");
      return;
    }
    subst_free(&mu);
    mu = mq;
    from = q;
    drop_a = true;
  }
  remove_subtree(bd, ai, drop_a);
  drop_orphans(bd);
  uint32_t ci = add_node(bd, c, from, SEG_EDGE_GEN);
  node(g, ci)->parent = from;
  add_edge(g, from, ci, SEG_EDGE_GEN, &mu);
  subst_free(&mu);
  VEC_PUSH(bd->work, ci);
}

/* Returns true when the node was handled by generalization or merging. */
static bool try_generalize(builder *bd, uint32_t bi) {
  seg_graph *g = bd->g;
  seg_node *b = node(g, bi);
  if (b->in != SEG_EDGE_EVAL || !at_loop_header(&g->e, b->state)) return false;
  uint32_t ai = same_position_ancestor(g, bi);
  if (ai == IR_NONE) return false;
  assert(ai < bi && seg_same_position(node(g, ai)->state, b->state));
  subst mu = {0};
  if (is_generalization(&g->e, node(g, ai)->state, node(g, bi)->state, &mu)) {
    add_edge(g, bi, ai, SEG_EDGE_GEN, &mu);
    node(g, bi)->expanded = true;
  } else {
    merge_into_ancestor(bd, ai, bi);
  }
  subst_free(&mu);
  return true;
}

/* ---- merging at join points (seed 004 Sect. 5.1) ------------------------- */

/* The first instruction of a join block (several predecessors, no loop
 * header), where the states of different paths meet. */
static bool at_join(const seg_engine *e, seg_state *s) {
  return at_marked_block(e, s, e->finfo[seg_top(s)->func].join_block);
}

/* Is a a tree ancestor of b? */
static bool is_tree_ancestor(seg_graph *g, uint32_t a, uint32_t b) {
  for (uint32_t p = node(g, b)->parent; p != IR_NONE; p = node(g, p)->parent)
    if (p == a) return true;
  return false;
}

/* How many states on other paths try_join asks for a generalization of a
 * new one (the newest first) before it merges. */
enum { JOIN_CANDIDATES = 4 };

/* The seed's aggressive merging for excessively branching code: merging
 * without a path between the merged states. b, reached by an evaluation
 * edge at a join point, meets the states of its analysis at the same
 * position on other paths (none is its tree ancestor). While they are fewer
 * than opt.join_states, b is explored on its own. Otherwise b gets a
 * generalization edge to one of them that generalizes it (its subgraph
 * serves b too), or else to the merge c of the newest and b (Def. 3), a new
 * state explored from there. The edge's instantiation is checked like every
 * generalization edge, so the graph stays sound; a target that a later
 * merge drops re-opens b (drop_orphans). Returns true when b was handled. */
static bool try_join(builder *bd, uint32_t bi) {
  seg_graph *g = bd->g;
  seg_engine *e = &g->e;
  if (!e->opt.join_states || node(g, bi)->in != SEG_EDGE_EVAL || !at_join(e, node(g, bi)->state)) return false;
  const seg_frame *fr = seg_top(node(g, bi)->state);
  u32_vec *bucket = &bd->join_nodes[bd->inst_base[fr->func] + fr->inst];
  uint32_t cand[JOIN_CANDIDATES], ncand = 0, others = 0;
  size_t k = 0;
  for (size_t i = 0; i < bucket->len; i++) /* compact: removed nodes go */
    if (!node(g, bucket->data[i])->removed && bucket->data[i] != bi) bucket->data[k++] = bucket->data[i];
  bucket->len = k;
  for (size_t i = bucket->len; i-- > 0;) {
    uint32_t a = bucket->data[i];
    seg_node *an = node(g, a);
    if (an->entry != node(g, bi)->entry || !seg_same_position(an->state, node(g, bi)->state) ||
        is_tree_ancestor(g, a, bi))
      continue;
    if (ncand < JOIN_CANDIDATES) cand[ncand++] = a;
    others++;
  }
  if (others < e->opt.join_states) {
    VEC_PUSH(*bucket, bi);
    return false;
  }
  assert(ncand > 0 && ncand <= JOIN_CANDIDATES); /* join_states >= 1 other state */
  for (uint32_t i = 0; i < ncand && !past_deadline(e); i++) {
    subst mu = {0};
    if (is_generalization(e, node(g, cand[i])->state, node(g, bi)->state, &mu)) {
      add_edge(g, bi, cand[i], SEG_EDGE_GEN, &mu);
      node(g, bi)->expanded = true;
      node(g, bi)->join_to = cand[i];
      bd->join_generalized++;
      subst_free(&mu);
      return true;
    }
    subst_free(&mu);
  }
  subst mu_a = {0}, mu = {0};
  seg_state *c = merge_states(e, node(g, cand[0])->state, node(g, bi)->state, &mu_a, NULL, true);
  subst_free(&mu_a);
  if (!is_generalization(e, c, node(g, bi)->state, &mu)) { /* a solver timeout: b goes on alone */
    subst_free(&mu);
    seg_state_free(c);
    VEC_PUSH(*bucket, bi);
    return false;
  }
  bd->merges++;
  bd->join_merges++;
  uint32_t ci = add_node(bd, c, bi, SEG_EDGE_GEN);
  add_edge(g, bi, ci, SEG_EDGE_GEN, &mu);
  subst_free(&mu);
  node(g, bi)->expanded = true;
  node(g, bi)->join_to = ci;
  VEC_PUSH(*bucket, ci);
  VEC_PUSH(bd->work, ci);
  return true;
}

/* One step of symbolic execution: the successors become children. */
static void expand(builder *bd, uint32_t id) {
  seg_graph *g = bd->g;
  seg_succ_vec succs = {0};
  seg_step(&g->e, node(g, id)->state, &succs);
  node(g, id)->expanded = true;
  size_t first = g->nodes.len;
  for (size_t i = 0; i < succs.len; i++) {
    seg_succ *sc = &succs.data[i];
    /* refinement children stand where their parent stands (internal.h, seg_step) */
    assert(sc->kind != SEG_EDGE_REFINE || (sc->state && seg_same_position(sc->state, node(g, id)->state)));
    assert(sc->state || sc->leaf != SEG_LEAF_NONE); /* a leaf says why */
    uint32_t ci = add_node(bd, sc->state, id, sc->kind);
    seg_node *cn = node(g, ci);
    cn->leaf = sc->state ? SEG_LEAF_NONE : sc->leaf;
    cn->what = sc->what;
    cn->heap_left = sc->heap_left;
    cn->error_call = sc->error_call;
    cn->definite = sc->definite;
    add_edge(g, id, ci, sc->kind, NULL);
    if (!sc->state && sc->leaf == SEG_LEAF_STUCK)
      set_incomplete(bd, "%s", sc->what ? sc->what : "unsupported instruction");
  }
  VEC_FREE(succs);
  /* reverse order: the first successor is explored first */
  for (size_t i = g->nodes.len; i > first; i--)
    if (g->nodes.data[i - 1].state) VEC_PUSH(bd->work, (uint32_t)(i - 1));
}

static bool limits_hit(builder *bd) {
  seg_engine *e = &bd->g->e;
  if (e->opt.max_states && bd->live_states >= e->opt.max_states) {
    set_incomplete(bd, "state limit %u reached", e->opt.max_states);
    return true;
  }
  if (past_deadline(e)) {
    set_incomplete(bd, "timeout");
    return true;
  }
  return false;
}

static void run(builder *bd) {
  seg_graph *g = bd->g;
  while ((bd->work.len || bd->deferred.len) && !bd->stop) {
    if (!bd->work.len) VEC_PUSH(bd->work, bd->deferred.data[--bd->deferred.len]);
    uint32_t id = bd->work.data[--bd->work.len];
    seg_node *n = node(g, id);
    if (n->removed || n->expanded || !n->state) continue;
    if (limits_hit(bd)) break;
    if (is_call_state(&g->e, n->state)) {
      handle_call(bd, id);
      continue;
    }
    if (is_return_state(&g->e, n->state)) {
      handle_return(bd, id);
      continue;
    }
    if (try_generalize(bd, id)) continue;
    if (try_join(bd, id)) continue;
    expand(bd, id);
  }
}

static bool has_heap(const seg_state *s) {
  if (s->ls.len) return true;
  for (size_t i = 0; i < s->al.len; i++)
    if (s->al.data[i].kind == SEG_AL_HEAP) return true;
  return false;
}

/* Leaf flags and counters of the final graph (removed nodes do not count). */
static void summarize(builder *bd, double t0) {
  seg_graph *g = bd->g;
  seg_summary *s = &g->sum;
  s->heap_empty_at_end = true;
  bool first_blocks = false;
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_node *n = &g->nodes.data[i];
    if (n->removed) continue;
    if (n->state) {
      s->states++;
      if (has_heap(n->state)) s->uses_heap = true;
      if (n->is_call) s->call_states++;
      if (n->is_return && !seg_ret_generalized(g, (uint32_t)i)) s->return_states++;
      if (n->in == SEG_EDGE_INTERSECT) s->intersections++;
      continue;
    }
    if (n->error_call) s->error_call = true;
    bool err = true;
    switch (n->leaf) {
    case SEG_LEAF_ERR_DEREF:
    case SEG_LEAF_ERR_FREE: s->err_memory = true; break;
    case SEG_LEAF_ERR_OVERFLOW: s->err_overflow = true; break;
    case SEG_LEAF_ERR_UB: s->err_ub = true; break;
    case SEG_LEAF_END:
      if (n->heap_left) s->heap_empty_at_end = false;
      err = false;
      break;
    default: err = false; break;
    }
    if (err && n->leaf != SEG_LEAF_ERR_OVERFLOW && !n->definite) s->err_possible = true;
    /* first_err names a blocking error (memory, UB) before an overflow */
    bool blocking = err && n->leaf != SEG_LEAF_ERR_OVERFLOW;
    if (err && (!g->first_err || (blocking && !first_blocks))) {
      free(g->first_err);
      g->first_err = xstrdup(n->what ? n->what : "error");
      first_blocks = blocking;
    }
  }
  for (size_t i = 0; i < g->edges.len; i++) {
    s->edges++;
    if (g->edges.data[i].kind == SEG_EDGE_GEN) s->generalizations++;
    if (g->edges.data[i].kind == SEG_EDGE_REFINE) s->refinements++;
  }
  s->merges = bd->merges;
  s->join_generalized = bd->join_generalized;
  s->join_merges = bd->join_merges;
  for (size_t k = 1; k < g->entries.len; k++) s->entry_states += !g->entries.data[k].retired;
  s->entry_merges = bd->entry_merges;
  s->domain_merges = g->e.domain_merges;
  s->lists_folded = g->e.lists_folded;
  s->heap_forgotten = g->e.heap_forgotten;
  s->lists_unfolded = g->e.lists_unfolded;
  s->entry_reuses = bd->entry_reuses;
  s->complete = !bd->stop && bd->work.len == 0 && bd->deferred.len == 0 && !g->reason;
  s->reason = g->reason;
  s->first_err = g->first_err;
  s->queries = g->e.queries;
  for (int b = 0; b < 4; b++) {
    s->bucket_queries[b] = g->e.bucket_queries[b];
    s->bucket_seconds[b] = g->e.bucket_seconds[b];
  }
  s->seconds = util_now() - t0;
}

/* Instructions of main and the defined functions it may call (directly or
 * through others): the program's size for seg_options.modular_min_insts. */
static uint32_t program_insts(const ir_module *m) {
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE) return 0;
  graph calls;
  ir_call_graph(m, &calls);
  bool *reached = xcalloc(m->funcs.len, sizeof *reached);
  graph_reach(&calls, &mainf, 1, reached);
  uint32_t total = 0;
  for (size_t f = 0; f < m->funcs.len; f++)
    if (reached[f] && m->funcs.data[f].defined) total += m->funcs.data[f].ninsts;
  free(reached);
  graph_free(&calls);
  return total;
}

static void engine_init(seg_graph *g, const ir_module *m, smt_ctx *ctx, const seg_options *o) {
  seg_engine *e = &g->e;
  e->m = m;
  e->ctx = ctx;
  if (o)
    e->opt = *o;
  else
    seg_options_default(&e->opt);
  e->finfo = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *e->finfo);
  for (size_t i = 0; i < m->funcs.len; i++)
    if (m->funcs.data[i].defined) seg_func_info_init(&e->finfo[i], &m->funcs.data[i]);
  e->budget = e->opt.budget;
  e->modular = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *e->modular);
  e->recursive = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *e->recursive);
  ir_recursive_funcs(m, e->recursive);
  if (m->funcs.len) memcpy(e->modular, e->recursive, m->funcs.len * sizeof *e->modular);
  if (e->opt.modular_all || (e->opt.modular_min_insts && program_insts(m) >= e->opt.modular_min_insts))
    for (size_t i = 0; i < m->funcs.len; i++) {
      const ir_func *f = &m->funcs.data[i];
      if (f->defined && f->nblocks > 1 && strcmp(f->name, "main") != 0) e->modular[i] = true;
    }
}

seg_graph *seg_build(const ir_module *m, smt_ctx *ctx, const seg_options *o) {
  double t0 = util_now();
  seg_graph *g = xcalloc(1, sizeof *g);
  builder bd = {0};
  bd.g = g;
  engine_init(g, m, ctx, o);
  bd.inst_base = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *bd.inst_base);
  uint32_t ninsts = 0;
  for (size_t i = 0; i < m->funcs.len; i++) {
    bd.inst_base[i] = ninsts;
    ninsts += m->funcs.data[i].ninsts;
  }
  bd.join_nodes = xcalloc(ninsts ? ninsts : 1, sizeof *bd.join_nodes);
  g->root = IR_NONE;
  const char *why = NULL;
  seg_state *s0 = seg_initial_state(&g->e, &why);
  if (!s0) {
    set_incomplete(&bd, "%s", why ? why : "no initial state");
  } else {
    g->root = add_node(&bd, s0, IR_NONE, SEG_EDGE_EVAL);
    new_entry(g, g->root, seg_top(s0)->func); /* entries[0]: main's analysis */
    VEC_PUSH(bd.work, g->root);
    run(&bd);
  }
  summarize(&bd, t0);
  VEC_FREE(bd.work);
  VEC_FREE(bd.deferred);
  for (uint32_t i = 0; i < ninsts; i++) VEC_FREE(bd.join_nodes[i]);
  free(bd.join_nodes);
  free(bd.inst_base);
  return g;
}

const seg_summary *seg_graph_summary(const seg_graph *g) { return &g->sum; }

void seg_graph_free(seg_graph *g) {
  if (!g) return;
  for (size_t i = 0; i < g->nodes.len; i++) {
    seg_state_free(g->nodes.data[i].state);
    free(g->nodes.data[i].what);
  }
  VEC_FREE(g->nodes);
  for (size_t i = 0; i < g->edges.len; i++) edge_free(&g->edges.data[i]);
  VEC_FREE(g->edges);
  if (g->e.finfo)
    for (size_t i = 0; i < g->e.m->funcs.len; i++)
      if (g->e.m->funcs.data[i].defined) seg_func_info_free(&g->e.finfo[i]);
  free(g->e.finfo);
  free(g->e.modular);
  free(g->e.recursive);
  for (size_t k = 0; k < g->entries.len; k++) {
    seg_entry *en = &g->entries.data[k];
    for (size_t i = 0; i < en->calls.len; i++) {
      free(en->calls.data[i].mu_var);
      free(en->calls.data[i].mu_val);
    }
    VEC_FREE(en->calls);
    VEC_FREE(en->rets);
  }
  VEC_FREE(g->entries);
  free(g->reason);
  free(g->first_err);
  free(g);
}
