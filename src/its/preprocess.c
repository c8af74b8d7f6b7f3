/* preprocess.c: the driver of the ITS preprocessing (preprocess.h) and its
 * simple steps: unsatisfiable and unreachable transitions, DNF splitting,
 * propagation of constants, slicing, and the final compaction of the
 * locations. Chaining is in preprocess_chain.c, invariants in
 * preprocess_invariants.c.
 *
 * Why the steps are exact. Termination of an ITS is the absence of an
 * infinite run from the start location (from ANY values of the variables
 * there). Each step below states the argument that the set of infinite runs
 * from the start is preserved up to a bijection or projection that keeps
 * infiniteness, in both directions.
 *
 * Source: seed 001 (Falke, Kapur, Sinz), Sect. 3.2, "The number of
 * arguments can be reduced by adapting standard compiler techniques:
 * 1. Backward slicing with respect to the constraints removes all variables
 * that are not relevant for the control flow of the program", and Sect. 3.3,
 * "3. Combining rewrite rules that may be applied following each other into
 * new rewrite rules" (chaining, preprocess_chain.c).
 */
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "preprocess_internal.h"
#include "transform.h"

/* ---- shared helpers (preprocess_internal.h) ----------------------------- */
its *pp_shell(const its *s) {
  its *r = its_new(s->ctx);
  for (uint32_t i = 0; i < s->nvars; i++) its_add_var(r, s->var_names[i]);
  for (uint32_t l = 0; l < s->nlocs; l++) its_add_loc(r, s->loc_names[l]);
  its_set_start(r, s->start);
  return r;
}

void pp_copy_trans(its *dst, const its_trans *t) {
  its_trans c = *t;
  c.update = xmalloc((dst->nvars ? dst->nvars : 1) * sizeof *c.update);
  if (dst->nvars) memcpy(c.update, t->update, dst->nvars * sizeof *c.update);
  c.temps = xmalloc((t->ntemps ? t->ntemps : 1) * sizeof *c.temps);
  if (t->ntemps) memcpy(c.temps, t->temps, t->ntemps * sizeof *c.temps);
  VEC_PUSH(dst->trans, c);
}

static size_t size_rec(const smt_ctx *ctx, smt_term t, pp_tset *seen, size_t limit) {
  if (seen->len > limit || !pp_tset_add(seen, t)) return seen->len;
  uint32_t n = smt_term_nargs(ctx, t);
  for (uint32_t i = 0; i < n && seen->len <= limit; i++) size_rec(ctx, smt_term_arg(ctx, t, i), seen, limit);
  return seen->len;
}

size_t pp_term_size(const smt_ctx *ctx, smt_term t, size_t limit) {
  pp_tset seen = {0};
  size_t n = t == SMT_NULL ? 0 : size_rec(ctx, t, &seen, limit);
  pp_tset_free(&seen);
  return n > limit ? limit + 1 : n;
}

bool pp_only_program_vars(const its *s, smt_term t) {
  smt_term_vec v = {0};
  smt_term_vars(s->ctx, t, &v);
  bool ok = true;
  for (size_t i = 0; i < v.len && ok; i++) ok = its_var_of_term(s, v.data[i]) != ITS_NONE;
  VEC_FREE(v);
  return ok;
}

/* ---- step: unsatisfiable guards, unreachable locations ------------------- */

/* Drops transitions whose guard is UNSAT (never taken: no run uses them)
 * and transitions leaving locations not reachable from the start in the
 * location graph (no run from the start visits those locations). Both keep
 * every run from the start as it is, so termination is unchanged. */
its *pp_prune(pp_state *p, const its *s) {
  size_t nt = s->trans.len;
  bool *keep = xmalloc((nt ? nt : 1) * sizeof *keep);
  uint32_t unsat = 0, unreach = 0;
  for (size_t k = 0; k < nt; k++) {
    keep[k] = smt_is_sat(p->ctx, p->budget, s->trans.data[k].guard) != SMT_UNSAT;
    if (!keep[k]) unsat++;
  }
  u32_vec kept = {0};
  for (size_t k = 0; k < nt; k++)
    if (keep[k]) VEC_PUSH(kept, (uint32_t)k);
  graph g;
  its_location_graph(s, kept.data, (uint32_t)kept.len, &g);
  bool *reached = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *reached);
  graph_reach(&g, &s->start, 1, reached);
  graph_free(&g);
  VEC_FREE(kept);
  its *r = pp_shell(s);
  for (size_t k = 0; k < nt; k++) {
    if (keep[k] && !reached[s->trans.data[k].from]) keep[k] = false, unreach++;
    if (keep[k]) pp_copy_trans(r, &s->trans.data[k]);
  }
  p->st->unsat_removed += unsat;
  p->st->unreachable_removed += unreach;
  if (p->log && (unsat || unreach))
    strbuf_printf(p->log, "pruning: removed %u unsatisfiable and %u unreachable transition(s)\n", unsat, unreach);
  free(keep);
  free(reached);
  return r;
}

/* ---- step: DNF splitting ---------------------------------------------------- */

/* The first ite in t (depth-first), SMT_NULL if none. */
static smt_term find_ite(const smt_ctx *ctx, smt_term t, pp_tset *seen) {
  if (t == SMT_NULL || !pp_tset_add(seen, t)) return SMT_NULL;
  if (smt_term_kind(ctx, t) == SMT_ITE) return t;
  uint32_t n = smt_term_nargs(ctx, t);
  for (uint32_t i = 0; i < n; i++) {
    smt_term r = find_ite(ctx, smt_term_arg(ctx, t, i), seen);
    if (r != SMT_NULL) return r;
  }
  return SMT_NULL;
}

typedef struct {
  smt_term guard;
  smt_term *upd;
} pp_case;

/* Guards into DNF (transform.h): one conjunction term per disjunct, exact
 * (De Morgan, distributivity, and over Int not (a = b) <=> a < b \/ a > b). */
static const its_dnf_opts split_dnf = {ITS_PRE_MAX_SPLIT, 64, false, true};

/* Splits transition t into at most ITS_PRE_MAX_SPLIT transitions appended
 * to r; false (nothing appended) when it does not split or would exceed
 * the bound. Exact: an ite is lifted by case analysis on its condition
 * (in every model exactly one branch applies, and the same term is the same
 * value everywhere in the transition), and a relation
 *   exists T. (d1 \/ ... \/ dk) /\ x' = u
 * is the union of the relations exists T. di /\ x' = u: several
 * transitions between the same locations allow exactly the same steps. */
static bool split_trans(pp_state *p, its *r, const its *s, const its_trans *t) {
  smt_ctx *ctx = p->ctx;
  uint32_t n = s->nvars;
  VEC(pp_case) cases = {0}, done = {0};
  pp_case c0 = {t->guard, xmalloc((n ? n : 1) * sizeof(smt_term))};
  memcpy(c0.upd, t->update, n * sizeof(smt_term));
  VEC_PUSH(cases, c0);
  bool ok = true, lifted = false;
  while (cases.len > 0 && ok) {
    pp_case c = cases.data[--cases.len];
    pp_tset seen = {0};
    smt_term ite = find_ite(ctx, c.guard, &seen);
    for (uint32_t i = 0; i < n && ite == SMT_NULL; i++) ite = find_ite(ctx, c.upd[i], &seen);
    pp_tset_free(&seen);
    if (ite == SMT_NULL) {
      VEC_PUSH(done, c);
      ok = done.len + cases.len <= ITS_PRE_MAX_SPLIT;
      continue;
    }
    lifted = true;
    smt_term cond = smt_term_arg(ctx, ite, 0);
    for (int b = 0; b < 2; b++) {
      smt_term branch = smt_term_arg(ctx, ite, 1 + (uint32_t)b);
      pp_case d = {SMT_NULL, xmalloc((n ? n : 1) * sizeof(smt_term))};
      d.guard = smt_mk_and2(ctx, b == 0 ? cond : smt_mk_not(ctx, cond), smt_subst(ctx, c.guard, 1, &ite, &branch));
      for (uint32_t i = 0; i < n; i++) d.upd[i] = c.upd[i] == SMT_NULL ? SMT_NULL : smt_subst(ctx, c.upd[i], 1, &ite, &branch);
      if (d.guard == SMT_FALSE)
        free(d.upd);
      else
        VEC_PUSH(cases, d);
    }
    free(c.upd);
    ok = done.len + cases.len <= ITS_PRE_MAX_SPLIT;
  }
  /* every case's guard into DNF */
  VEC(pp_case) parts = {0};
  for (size_t i = 0; i < done.len && ok; i++) {
    its_dnf dis = {0};
    ok = its_to_dnf(ctx, done.data[i].guard, true, &split_dnf, &dis);
    for (size_t j = 0; j < dis.len && ok; j++) {
      pp_case e = {dis.data[j].data[0], done.data[i].upd};
      VEC_PUSH(parts, e);
      ok = parts.len <= ITS_PRE_MAX_SPLIT;
    }
    its_dnf_free(&dis);
  }
  bool split = ok && (lifted || parts.len != 1);
  if (split)
    for (size_t i = 0; i < parts.len; i++) its_add_trans(r, t->from, t->to, parts.data[i].guard, parts.data[i].upd);
  for (size_t i = 0; i < cases.len; i++) free(cases.data[i].upd);
  for (size_t i = 0; i < done.len; i++) free(done.data[i].upd);
  VEC_FREE(cases);
  VEC_FREE(done);
  VEC_FREE(parts);
  return split;
}

/* Splits the transitions inside a strongly connected component (the only
 * ones the ranking techniques abstract; the others are taken at most once
 * each). */
its *pp_split(pp_state *p, const its *s) {
  /* scc[l]: l's SCC in the location graph (linear: systems have up to
   * tens of thousands of locations) */
  uint32_t *scc = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *scc);
  graph g;
  its_location_graph(s, NULL, 0, &g);
  graph_sccs(&g, NULL, 0, scc);
  graph_free(&g);
  its *r = pp_shell(s);
  size_t before = s->trans.len;
  uint32_t nsplit = 0;
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (scc[t->from] == scc[t->to] && split_trans(p, r, s, t))
      nsplit++;
    else
      pp_copy_trans(r, t);
  }
  free(scc);
  if (r->trans.len > before) p->st->split_added += (uint32_t)(r->trans.len - before);
  if (p->log && nsplit)
    strbuf_printf(p->log, "splitting: %u transition(s) split, %zu -> %zu transition(s)\n", nsplit, before,
                  r->trans.len);
  return r;
}

/* ---- step: constants ------------------------------------------------------- */

#define CONST_TOP SMT_TRUE /* "not a known constant" (never an Int term) */

/* The value of update u after a transition from a location with the
 * abstract values val (SMT_NULL entries never occur: the location is
 * reached): an Int constant, or CONST_TOP. */
static smt_term const_transfer(const its *s, smt_term u, const smt_term *val) {
  if (u == SMT_NULL) return CONST_TOP;
  smt_ctx *ctx = s->ctx;
  /* the common updates first, without a variable walk and a substitution
   * (each allocates a map; thousands of transitions times hundreds of
   * variables made this the cost of preprocessing a product line's ITS) */
  smt_kind k = smt_term_kind(ctx, u);
  if (k == SMT_INT_CONST) return u;
  if (k == SMT_VAR) {
    uint32_t x = its_var_of_term(s, u);
    return x != ITS_NONE ? val[x] : CONST_TOP;
  }
  smt_term_vec v = {0};
  smt_term_vars(ctx, u, &v);
  bool ok = true;
  for (size_t j = 0; j < v.len && ok; j++) {
    uint32_t i = its_var_of_term(s, v.data[j]);
    ok = i != ITS_NONE && val[i] != CONST_TOP;
  }
  VEC_FREE(v);
  if (!ok) return CONST_TOP;
  smt_term r = smt_subst(ctx, u, s->nvars, s->pre, val);
  return smt_term_kind(ctx, r) == SMT_INT_CONST ? r : CONST_TOP;
}

/* Forward constant propagation: val[l*n + i] is the constant every state
 * reachable at l has in x_i, or CONST_TOP. It is a post-fixpoint (every
 * transition maps states with the constants of its source to states with
 * the constants of its target; the start has none: its states are
 * arbitrary), so by induction every state a run reaches satisfies it. Then
 * replacing x_i by its constant in the guards and updates of the
 * transitions leaving l changes nothing on those states: the runs of the
 * two systems are the same, in both directions (the new system's
 * transitions agree with the old ones on the states they can reach). */
its *pp_constants(pp_state *p, const its *s) {
  smt_ctx *ctx = p->ctx;
  uint32_t n = s->nvars, nl = s->nlocs;
  smt_term *val = xcalloc((size_t)nl * n + 1, sizeof *val); /* SMT_NULL: not reached yet */
  bool *reached = xcalloc(nl ? nl : 1, sizeof *reached);
  reached[s->start] = true;
  for (uint32_t i = 0; i < n; i++) val[(size_t)s->start * n + i] = CONST_TOP;
  smt_term *post = xmalloc((n ? n : 1) * sizeof *post);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < s->trans.len; k++) {
      const its_trans *t = &s->trans.data[k];
      if (!reached[t->from] || t->to == s->start) continue;
      const smt_term *from = &val[(size_t)t->from * n];
      for (uint32_t i = 0; i < n; i++) post[i] = t->update[i] == s->pre[i] ? from[i] : const_transfer(s, t->update[i], from);
      smt_term *dst = &val[(size_t)t->to * n];
      for (uint32_t i = 0; i < n; i++) {
        smt_term j = !reached[t->to] ? post[i] : dst[i] == post[i] ? dst[i] : CONST_TOP;
        if (j != dst[i]) dst[i] = j, changed = true;
      }
      if (!reached[t->to]) reached[t->to] = changed = true;
    }
  }
  free(post);
  /* replace */
  its *r = pp_shell(s);
  bool *counted = xcalloc((size_t)nl * n + 1, sizeof *counted);
  uint32_t pairs = 0;
  smt_term *repl = xmalloc((n ? n : 1) * sizeof *repl);
  smt_term *upd = xmalloc((n ? n : 1) * sizeof *upd);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    const smt_term *v = &val[(size_t)t->from * n];
    bool any = false;
    for (uint32_t i = 0; i < n; i++) {
      bool c = reached[t->from] && t->from != s->start && v[i] != CONST_TOP;
      repl[i] = c ? v[i] : s->pre[i];
      if (c && !counted[(size_t)t->from * n + i]) counted[(size_t)t->from * n + i] = true, pairs++;
      any |= c;
    }
    if (!any) {
      pp_copy_trans(r, t);
      continue;
    }
    for (uint32_t i = 0; i < n; i++) upd[i] = t->update[i] == SMT_NULL ? SMT_NULL : smt_subst(ctx, t->update[i], n, s->pre, repl);
    its_add_trans(r, t->from, t->to, smt_subst(ctx, t->guard, n, s->pre, repl), upd);
  }
  p->st->constants += pairs;
  if (p->log && pairs) strbuf_printf(p->log, "constants: %u (location, variable) pair(s) replaced\n", pairs);
  free(repl);
  free(upd);
  free(counted);
  free(val);
  free(reached);
  return r;
}

/* ---- step: slicing ------------------------------------------------------- */

/* Relevant variables: those of some guard, closed under "occurs in the
 * update of a relevant variable" (seed 001, Sect. 3.2, backward slicing).
 * Every other variable is made unconstrained. Exact: the relation of a
 * transition is exists T. g /\ AND x_R' = u_R /\ AND x_o' = u_o where g and
 * u_R mention only relevant variables and temporaries; the conjuncts
 * x_o' = u_o only define the other post values and never restrict T, so
 * the projection of the relation on the relevant variables is unchanged.
 * Whether a run can go on depends only on the location and the relevant
 * variables, so the runs of both systems have the same projections, and
 * every projected run lifts back to a run of either system. */
its *pp_slice(pp_state *p, const its *s) {
  uint32_t n = s->nvars;
  bool *rel = its_relevant_vars(s, NULL, 0);
  uint32_t sliced = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool constrained = false;
    for (size_t k = 0; k < s->trans.len && !constrained; k++) constrained = s->trans.data[k].update[i] != SMT_NULL;
    if (!rel[i] && constrained) sliced++;
  }
  its *r = pp_shell(s);
  smt_term *upd = xmalloc((n ? n : 1) * sizeof *upd);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (!sliced) {
      pp_copy_trans(r, t);
      continue;
    }
    for (uint32_t i = 0; i < n; i++) upd[i] = rel[i] ? t->update[i] : SMT_NULL;
    its_add_trans(r, t->from, t->to, t->guard, upd);
  }
  p->st->sliced_vars += sliced;
  if (p->log && sliced) {
    strbuf_printf(p->log, "slicing: %u variable(s) made unconstrained:", sliced);
    for (uint32_t i = 0; i < n; i++)
      if (!rel[i]) strbuf_printf(p->log, " %s", s->var_names[i]);
    strbuf_printf(p->log, "\n");
  }
  free(upd);
  free(rel);
  return r;
}

/* ---- compaction ---------------------------------------------------------------- */

/* The final system: only the start and the locations some transition
 * touches (the others are unreachable or eliminated and no run visits
 * them), in the original order. */
static its *pp_compact(const its *s) {
  its *r = its_new(s->ctx);
  for (uint32_t i = 0; i < s->nvars; i++) its_add_var(r, s->var_names[i]);
  uint32_t *idx = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *idx);
  bool *used = xcalloc(s->nlocs ? s->nlocs : 1, sizeof *used);
  used[s->start] = true;
  for (size_t k = 0; k < s->trans.len; k++) used[s->trans.data[k].from] = used[s->trans.data[k].to] = true;
  for (uint32_t l = 0; l < s->nlocs; l++) idx[l] = used[l] ? its_add_loc(r, s->loc_names[l]) : ITS_NONE;
  its_set_start(r, idx[s->start]);
  for (size_t k = 0; k < s->trans.len; k++) {
    pp_copy_trans(r, &s->trans.data[k]);
    its_trans *t = &r->trans.data[r->trans.len - 1];
    t->from = idx[t->from];
    t->to = idx[t->to];
  }
  free(idx);
  free(used);
  return r;
}

/* ---- driver ------------------------------------------------------------------------ */

/* Replaces *cur by next (frees the old one). */
static void advance(its **cur, its *next) {
  its_check_valid(next);
  its_free(*cur);
  *cur = next;
}

its *its_preprocess(const its *s, budget b, its_pre_stats *stats, strbuf *log) {
  its_pre_stats local = {0};
  /* Every query here may fail without harm (UNKNOWN keeps a transition or
   * drops a candidate invariant), so they get a short leash. */
  unsigned ms = b.query_ms && b.query_ms < ITS_PRE_QUERY_MS ? b.query_ms : ITS_PRE_QUERY_MS;
  pp_state p = {s->ctx, stats ? stats : &local, log, 0, budget_queries(b, ms)};
  *p.st = (its_pre_stats){0};
  if (s->start == ITS_NONE || s->start >= s->nlocs) { /* nothing to anchor the steps: a plain copy */
    its *r = pp_shell(s);
    for (size_t k = 0; k < s->trans.len; k++) pp_copy_trans(r, &s->trans.data[k]);
    return r;
  }
  its *cur = pp_prune(&p, s);
  its_check_valid(cur);
  p.max_trans = 4 * (cur->trans.len > 4 ? cur->trans.len : 4);
  advance(&cur, pp_split(&p, cur));
  advance(&cur, pp_prune(&p, cur));
  advance(&cur, pp_slice(&p, cur));
  advance(&cur, pp_constants(&p, cur));
  advance(&cur, pp_prune(&p, cur));
  advance(&cur, pp_chain(&p, cur));
  advance(&cur, pp_slice(&p, cur));
  advance(&cur, pp_invariants(&p, cur));
  advance(&cur, pp_split(&p, cur)); /* a choice of values among the invariants: one case per transition */
  advance(&cur, pp_prune(&p, cur));
  advance(&cur, pp_compact(cur));
  return cur;
}
