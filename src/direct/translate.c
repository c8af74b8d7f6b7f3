/* translate.c: cut points, path enumeration, dead-end removal and the ITS
 * (direct.h). Seed 001, Sect. 3.1: "for each branch from the basic block bb
 * to the basic block bb', let bb -(lambda)-> bb' such that lambda describes
 * the effect of the integer-typed TAC instructions in bb, contains the
 * condition under which the branch is taken, and instantiates the variables
 * corresponding to integer-typed phi-instructions in bb'"; here the
 * transitions are paths between cut points (blocks chained, Sect. 3.3 item
 * 3), one transition per case of the bitvector encoding. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../its/transform.h"
#include "internal.h"
#include "../util/progress.h"

typedef struct {
  uint32_t from, to;
  smt_term guard;
  smt_term *update; /* nvars */
} pending;

typedef VEC(pending) pending_vec;

/* ---- cut points ---------------------------------------------------------------- */

/* level 0: entry, summary entries, DFS back-edge targets (every cycle
 * contains one); level 1: also join points; level 2: every node. */
static void choose_cuts(dt_ctx *c, int level) {
  size_t n = c->nodes.len;
  assert(n >= 1); /* node 0: main's entry (dt_program_build) */
  for (size_t i = 0; i < n; i++) c->nodes.data[i].cut = level >= 2 || (level >= 1 && c->nodes.data[i].npreds >= 2);
  c->nodes.data[0].cut = true;
  for (size_t e = 0; e < c->edges.len; e++)
    if (c->edges.data[e].kind == DT_E_SUMMARY) c->nodes.data[c->edges.data[e].to].cut = true;
  /* the control-flow graph without the edges to END */
  u32_vec src = {0}, dst = {0};
  for (size_t v = 0; v < n; v++) {
    const dt_node *nd = &c->nodes.data[v];
    for (uint32_t k = 0; k < nd->nedges; k++) {
      uint32_t to = c->edges.data[nd->edge0 + k].to;
      if (to == DT_NONE) continue;
      VEC_PUSH(src, (uint32_t)v);
      VEC_PUSH(dst, to);
    }
  }
  graph g;
  graph_build(&g, (uint32_t)n, (uint32_t)src.len, src.data, dst.data, NULL);
  bool *head = xmalloc((n ? n : 1) * sizeof *head);
  graph_back_edges(&g, 0, NULL, head);
  for (size_t v = 0; v < n; v++)
    if (head[v]) c->nodes.data[v].cut = true;
  free(head);
  graph_free(&g);
  VEC_FREE(src);
  VEC_FREE(dst);
}

/* ---- names --------------------------------------------------------------------- */

static void clean_name(char *dst, size_t n, const char *src) {
  size_t k = 0;
  if (!src || !*src) src = "v";
  if (src[0] >= '0' && src[0] <= '9' && k + 1 < n) dst[k++] = 'v';
  for (; *src && k + 1 < n && k < 40; src++) {
    char ch = *src;
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
    dst[k++] = ok ? ch : '_';
  }
  dst[k] = 0;
}

static uint32_t make_var(dt_ctx *c, uint32_t gval) {
  char base[96], nm[128];
  unsigned bits;
  /* one ITS variable per value */
  assert(gval < c->nvals_total + c->m->globals.len && c->var_of_gval[gval] == DT_NONE);
  uint8_t rep = dt_gval_rep(c, gval, &bits);
  if (gval >= c->nvals_total) {
    clean_name(base, sizeof base, c->m->globals.data[gval - c->nvals_total].name);
    snprintf(nm, sizeof nm, "g_%s", base);
  } else {
    uint32_t inst = dt_gval_instance(c, gval);
    const dt_instance *I = &c->insts.data[inst];
    const ir_func *f = &c->m->funcs.data[I->func];
    uint32_t v = gval - I->base;
    const char *irname = v < f->ninsts ? f->insts[v].name : (f->param_names ? f->param_names[v - f->ninsts] : NULL);
    clean_name(base, sizeof base, irname);
    if (inst == 0) snprintf(nm, sizeof nm, "%s_%u", base, v);
    else snprintf(nm, sizeof nm, "%s_%u_c%u", base, v, inst);
  }
  uint32_t x = its_add_var_unique(c->its, nm);
  if (x >= c->var_cap) {
    uint32_t cap = 2 * x + 8;
    c->var_rep = xrealloc(c->var_rep, cap);
    c->var_bits = xrealloc(c->var_bits, cap * sizeof *c->var_bits);
    c->var_cap = cap;
  }
  assert(x < c->var_cap && x < c->its->nvars);
  c->var_rep[x] = rep;
  c->var_bits[x] = (uint16_t)bits;
  c->var_of_gval[gval] = x;
  return x;
}

static uint32_t make_loc(dt_ctx *c, uint32_t n) {
  assert(n < c->nodes.len && c->nodes.data[n].cut);
  const dt_node *nd = &c->nodes.data[n];
  const dt_instance *I = &c->insts.data[nd->instance];
  const ir_func *f = &c->m->funcs.data[I->func];
  char fn[64], bn[64], nm[200];
  clean_name(fn, sizeof fn, f->name);
  if (f->blocks[nd->block].name) clean_name(bn, sizeof bn, f->blocks[nd->block].name);
  else snprintf(bn, sizeof bn, "b%u", nd->block);
  int k = snprintf(nm, sizeof nm, "%s_%s", fn, bn);
  if (nd->first != f->blocks[nd->block].first) k += snprintf(nm + k, sizeof nm - (size_t)k, "_i%u", nd->first);
  if (nd->instance) snprintf(nm + k, sizeof nm - (size_t)k, "_c%u", nd->instance);
  return its_add_loc_unique(c->its, nm);
}

/* ---- path enumeration ------------------------------------------------------------ */

typedef struct {
  pending_vec *out;
  uint32_t from_loc;
  uint32_t count;
  bool overflow;
  bool **live_mask; /* per location: live variables */
  uint32_t end_loc;
  uint32_t depth;
} walk_ctx;

static void emit(dt_ctx *c, walk_ctx *w, dt_states *ss, uint32_t to_loc) {
  uint32_t nv = c->its->nvars;
  assert(to_loc < c->its->nlocs && w->from_loc < c->its->nlocs);
  const bool *live = to_loc == w->end_loc ? NULL : w->live_mask[to_loc];
  uint32_t *vars = xmalloc((nv + 1) * sizeof *vars), nl = 0;
  for (uint32_t v = 0; v < nv; v++)
    if (live && live[v]) vars[nl++] = v;
  dt_materialize(c, ss, vars, nl);
  dt_states_prune(c, ss);
  for (size_t si = 0; si < ss->len; si++) {
    dt_state *s = &ss->data[si];
    pending p = {0};
    p.from = w->from_loc, p.to = to_loc;
    p.update = xcalloc(nv + 1, sizeof *p.update);
    for (uint32_t k = 0; k < nl; k++) p.update[vars[k]] = dt_var_value(c, s, vars[k]);
    smt_term g = smt_mk_and(c->ctx, (uint32_t)s->conj.len, s->conj.data);
    /* ranges of the pre-state variables the transition mentions */
    smt_term_vec tv = {0};
    smt_term_vars(c->ctx, g, &tv);
    for (uint32_t k = 0; k < nl; k++) smt_term_vars(c->ctx, p.update[vars[k]], &tv);
    smt_term *parts = xmalloc((tv.len + 1) * sizeof *parts);
    uint32_t np = 0;
    parts[np++] = g;
    for (size_t q = 0; q < tv.len; q++) {
      uint32_t x = its_var_of_term(c->its, tv.data[q]);
      if (x != ITS_NONE) parts[np++] = dt_var_range(c, x);
    }
    p.guard = smt_mk_and(c->ctx, np, parts);
    free(parts);
    VEC_FREE(tv);
    if (p.guard == SMT_FALSE) {
      free(p.update);
      continue;
    }
    VEC_PUSH(*w->out, p);
    w->count++;
  }
  free(vars);
  if (w->count > DT_MAX_PATHS) w->overflow = true;
}

static void copy_states(dt_states *dst, const dt_states *src) {
  for (size_t i = 0; i < src->len; i++) {
    dt_state s = dt_state_clone(&src->data[i]);
    VEC_PUSH(*dst, s);
  }
}

static void walk(dt_ctx *c, walk_ctx *w, uint32_t node, dt_states *ss) {
  if (w->overflow) return;
  dt_exec_segment(c, ss, node);
  dt_states_prune(c, ss);
  if (!ss->len) return;
  const dt_node *nd = &c->nodes.data[node];
  for (uint32_t k = 0; k < nd->nedges && !w->overflow; k++) {
    const dt_edge e = c->edges.data[c->nodes.data[node].edge0 + k];
    dt_states s2 = {0};
    copy_states(&s2, ss);
    dt_exec_edge(c, &s2, node, &e);
    dt_states_prune(c, &s2);
    if (s2.len) {
      if (e.to == DT_NONE) emit(c, w, &s2, w->end_loc);
      else if (c->nodes.data[e.to].cut) emit(c, w, &s2, c->nodes.data[e.to].loc);
      else if (w->depth > 4000) w->overflow = true;
      else {
        w->depth++;
        walk(c, w, e.to, &s2);
        w->depth--;
      }
    }
    dt_states_clear(&s2);
    VEC_FREE(s2);
  }
}

/* ---- dead ends: transitions after which the run must leave the loop ------------- */

/* Seed 001, Sect. 3.3 item 1 at the level of transitions (its/transform.h):
 * a transition p inside an SCC C of the location graph after which no
 * transition of C can follow is redirected to a copy of its target location
 * that has only the transitions leaving C: the runs of the system are the
 * same (a run after p could only take those), but p is no longer on a
 * cycle. Example: the wrap-around case of "while (u > 0) u++" (u becomes 0,
 * the loop condition fails). The checks are cheap first (precheck), and the
 * solver only within DT_DEAD_END_SECONDS (util_now, the one clock). */

typedef struct {
  smt_ctx *ctx;
  budget b; /* DT_DEAD_END_SECONDS at most; an unknown answer keeps the transition */
} dead_end_clock;

static smt_result dead_end_sat(void *arg, smt_term f) {
  dead_end_clock *dc = arg;
  smt_result r = f == SMT_FALSE ? SMT_UNSAT : smt_precheck_sat(dc->ctx, f);
  if (r == SMT_UNKNOWN) r = !budget_expired(dc->b) ? smt_is_sat(dc->ctx, dc->b, f) : SMT_UNKNOWN;
  return r;
}

static bool dead_end_stop(void *arg) { return budget_expired(((dead_end_clock *)arg)->b); }

/* ---- the ITS ------------------------------------------------------------------------- */

static void free_pending(pending_vec *pv) {
  for (size_t k = 0; k < pv->len; k++) free(pv->data[k].update);
  VEC_FREE(*pv);
}

static dt_i128 global_init(const ir_global *g, unsigned bits, uint8_t rep) {
  uint64_t v = 0;
  assert(bits >= 1 && bits <= 64);
  if (g->init)
    for (uint64_t b = 0; b < g->size && b < 8; b++) v |= (uint64_t)g->init[b] << (8 * b);
  dt_i128 u = (dt_i128)(bits >= 64 ? v : v & (((uint64_t)1 << bits) - 1));
  if (rep == DT_REP_S && u >= ((dt_i128)1 << (bits - 1))) u -= (dt_i128)1 << bits;
  return u;
}

/* Builds the ITS for the current cut points; *overflow when a cut point has
 * too many paths. */
static its *build_its(dt_ctx *c, bool *overflow) {
  *overflow = false;
  size_t total_vals = c->nvals_total + c->m->globals.len;
  c->its = its_new(c->ctx);
  free(c->var_of_gval);
  c->var_of_gval = xmalloc((total_vals + 1) * sizeof *c->var_of_gval);
  for (size_t i = 0; i <= total_vals; i++) c->var_of_gval[i] = DT_NONE;
  c->temp_counter = 0;

  uint32_t start = its_add_loc(c->its, "start");
  its_set_start(c->its, start);
  /* locations and variables (live at some cut point) */
  u32_vec live = {0};
  VEC(u32_vec) lives = {0};
  for (uint32_t n = 0; n < c->nodes.len; n++) {
    dt_node *nd = &c->nodes.data[n];
    nd->loc = DT_NONE;
    if (!nd->cut) continue;
    nd->loc = make_loc(c, n);
    live.len = 0;
    dt_live_at_node(c, n, &live);
    for (size_t k = 0; k < live.len; k++)
      if (c->var_of_gval[live.data[k]] == DT_NONE) make_var(c, live.data[k]);
    u32_vec copy = {0};
    for (size_t k = 0; k < live.len; k++) VEC_PUSH(copy, c->var_of_gval[live.data[k]]);
    while (lives.len < nd->loc) {
      u32_vec none = {0};
      VEC_PUSH(lives, none);
    }
    VEC_PUSH(lives, copy);
    assert(lives.len == nd->loc + (size_t)1); /* lives[l]: the live variables of location l */
  }
  uint32_t end_loc = its_add_loc(c->its, "end");
  uint32_t nv = c->its->nvars, nl = c->its->nlocs;
  bool **mask = xcalloc(nl + 1, sizeof *mask);
  for (uint32_t l = 0; l < nl; l++) {
    mask[l] = xcalloc(nv + 1, sizeof **mask);
    if (l < lives.len)
      for (size_t k = 0; k < lives.data[l].len; k++) mask[l][lives.data[l].data[k]] = true;
  }
  for (size_t l = 0; l < lives.len; l++) VEC_FREE(lives.data[l]);
  VEC_FREE(lives);
  VEC_FREE(live);

  pending_vec pv = {0};
  /* start -> main's entry: tracked globals hold their initial values */
  {
    pending p = {0};
    p.from = start, p.to = c->nodes.data[0].loc, p.guard = SMT_TRUE;
    p.update = xcalloc(nv + 1, sizeof *p.update);
    for (size_t g = 0; g < c->m->globals.len; g++) {
      uint32_t x = c->var_of_gval[c->nvals_total + g];
      if (x == DT_NONE) continue;
      dt_i128 v0 = global_init(&c->m->globals.data[g], c->gbits[g], DT_REP_U);
      if (c->math && c->gbits[g] > 1 && v0 >= ((dt_i128)1 << (c->gbits[g] - 1))) {
        p.update[x] = dt_new_temp(c); /* math: -k or 2^n - k, the bits cannot tell */
        c->info->math_unknown++;
      } else {
        p.update[x] = dt_mk_i128(c->ctx, c->math ? v0 : global_init(&c->m->globals.data[g], c->gbits[g], c->grep[g]));
      }
    }
    VEC_PUSH(pv, p);
  }
  walk_ctx w = {0};
  w.out = &pv, w.live_mask = mask, w.end_loc = end_loc;
  util_progress_step("paths between cut points");
  util_progress_count("nodes", c->nodes.len);
  for (uint32_t n = 0; n < c->nodes.len && !w.overflow; n++) {
    if (!c->nodes.data[n].cut) continue;
    w.from_loc = c->nodes.data[n].loc;
    w.count = 0;
    dt_states ss = {0};
    dt_state s0 = {0};
    VEC_PUSH(ss, s0);
    walk(c, &w, n, &ss);
    dt_states_clear(&ss);
    VEC_FREE(ss);
    util_progress_count("transitions", pv.len);
    if (pv.len > DT_MAX_TRANS) w.overflow = true;
  }
  for (uint32_t l = 0; l < nl; l++) free(mask[l]);
  free(mask);
  if (w.overflow) {
    *overflow = true;
    free_pending(&pv);
    return c->its;
  }
  for (size_t k = 0; k < pv.len; k++) its_add_trans(c->its, pv.data[k].from, pv.data[k].to, pv.data[k].guard, pv.data[k].update);
  free_pending(&pv);
  uint32_t checks_left = 2000;
  util_progress_step("dead-end transitions");
  dead_end_clock dc = {c->ctx, budget_queries(budget_until(c->budget, util_now() + DT_DEAD_END_SECONDS), 300)};
  its_dead_end_opts o = {"dt.d", 64, &checks_left, dc.b, dead_end_sat, dead_end_stop, &dc};
  c->info->dead_end_removed += its_dead_ends_redirect(c->its, &o);
  return c->its;
}

its *direct_translate(const ir_module *m, smt_ctx *ctx, direct_info *info, char *err, size_t errlen) {
  return direct_translate_sem(m, ctx, DIRECT_INT_BIT, budget_unlimited(), info, err, errlen);
}

its *direct_translate_sem(const ir_module *m, smt_ctx *ctx, direct_int_semantics sem, budget b, direct_info *info,
                          char *err, size_t errlen) {
  memset(info, 0, sizeof *info);
  dt_ctx c = {0};
  c.m = m, c.ctx = ctx, c.budget = b, c.info = info, c.err = err, c.errlen = errlen;
  c.math = info->math = sem == DIRECT_INT_MATH;
  if (errlen) err[0] = 0;
  its *result = NULL;
  if (dt_program_build(&c)) {
    info->assumes_memory_safe = c.untracked_memory;
    for (int level = 0; level <= 2; level++) {
      choose_cuts(&c, level);
      bool overflow;
      its *s = build_its(&c, &overflow);
      if (!overflow) {
        result = s;
        break;
      }
      its_free(s);
      c.its = NULL;
      info->assumes_no_ub = false;
      info->weakened = 0;
    }
    if (!result) snprintf(err, errlen, "the ITS would be too large (more than %d paths from a cut point)", DT_MAX_PATHS);
  }
  if (result) {
    info->cut_points = 0;
    for (size_t n = 0; n < c.nodes.len; n++) info->cut_points += c.nodes.data[n].cut;
    info->vars = result->nvars;
    info->locs = result->nlocs;
    info->trans = (uint32_t)result->trans.len;
    char verr[256];
    if (!its_validate(result, verr, sizeof verr)) {
      snprintf(err, errlen, "internal error: invalid ITS: %s", verr);
      its_free(result);
      result = NULL;
    }
  }
  free(c.var_of_gval);
  free(c.var_rep);
  free(c.var_bits);
  dt_program_free(&c);
  return result;
}

bool direct_info_exact(const direct_info *info) {
  return info->math && !info->math_unknown && !info->inexact && !info->float_unknown && !info->asm_unknown &&
         !info->assumes_memory_safe && !info->assumes_no_ub && !info->recursion_abstracted && !info->abstracted_calls &&
         !info->indirect_choices;
}

void direct_info_assumptions(const direct_info *info, strbuf *out) {
  bool any = false;
  if (info->math)
    strbuf_printf(out, "translation: mathematical integers; %u value(s) without an "
                       "integer counterpart (division, bitwise, shifts, ambiguous constants) are unknown\n",
                  info->math_unknown);
  if (info->assumes_no_ub) {
    strbuf_printf(out, "assumption: the program has no undefined behaviour (no signed overflow on nsw "
                       "operations, no division by zero, no shift by the width or more); runs with UB are not "
                       "covered\n");
    any = true;
  }
  if (info->assumes_memory_safe) {
    strbuf_printf(out, "assumption: the program is memory safe (loads not tracked are abstracted to any value, "
                       "stores are dropped, memory and string functions terminate)\n");
    any = true;
  }
  if (info->indirect_choices) {
    strbuf_printf(out, "assumption: each of %u indirect call(s) calls a function whose address the program takes "
                       "and whose type fits the call (calling anything else is undefined behaviour); the ITS may "
                       "choose any of them\n", info->indirect_choices);
    any = true;
  }
  if (!any) strbuf_printf(out, "assumption: none (every run of the program maps to a run of the ITS)\n");
  if (info->float_unknown)
    strbuf_printf(out, "note: control flow depends on %u floating-point value(s), each abstracted to any value of "
                       "its width (floats are not modelled by the translation)\n", info->float_unknown);
  if (info->asm_unknown)
    strbuf_printf(out,
                  "note: control flow depends on %u inline-asm output(s) or results of functions without a body, "
                  "each any value of its type\n",
                  info->asm_unknown);
  if (info->recursion_abstracted)
    strbuf_printf(out, "note: %u call(s) abstracted (seed 001 footnote 3: fresh result, transition into the "
                       "callee's entry)\n", info->abstracted_calls);
}

void direct_info_stats(const direct_info *info, strbuf *out) {
  strbuf_printf(out,
                "direct translation: %u instance(s) (%u inlined call(s), %u abstracted), %u node(s), %u cut "
                "point(s), %u tracked global(s), %u relevant / %u sliced value(s), ITS %u var(s) %u loc(s) %u "
                "transition(s), %u dead-end transition(s) redirected, %u split(s) kept whole, %u indirect call(s) "
                "(%u free choice(s))\n",
                info->instances, info->inlined_calls, info->abstracted_calls, info->nodes, info->cut_points,
                info->tracked_globals, info->relevant_values, info->sliced_values, info->vars, info->locs,
                info->trans, info->dead_end_removed, info->weakened, info->indirect_calls, info->indirect_choices);
}
