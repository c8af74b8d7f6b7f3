/* bmc termination: complete unwinding with bounds per loop, and lassos as
 * one query (see bmc.h, "termination").
 *
 * A round encodes main at the current bounds (encode.c, with the check
 * sites of undefined behaviour and, for lassos, the loop-head visits),
 * then asks on one solver:
 *   1. which unwinding conditions are satisfiable (a model of the
 *      disjunction of those not yet seen, a few times): none means every
 *      run ends within the bounds;
 *   2. if none: whether some run has undefined behaviour (a model is
 *      replayed; a run the interpreter confirms ends the search, a model
 *      that does not replay excludes its sites); none and nothing
 *      approximated: TERMINATES;
 *   3. otherwise the lasso query, whose candidates the caller checks;
 * and then doubles the bounds of the loops and recursions seen in 1. */
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/cfg.h"
#include "../util/map.h"
#include "../util/progress.h"
#include "internal.h"

/* Models of the cut disjunction asked per round to find the loops to deepen. */
#define TERM_MARK_QUERIES 8
/* Lasso candidates the caller may reject per round. */
#define TERM_LASSO_TRIES 3
/* Visit pairs per lasso query, and the byte comparisons of all of them. */
#define TERM_LASSO_PAIRS 1024
#define TERM_LASSO_WORK 65536u
/* Bytes compared per pair when some read cannot be placed. */
#define TERM_LASSO_WILD_BYTES 4096u
/* The share of the time left that one round's lasso query may take. */
#define TERM_LASSO_SHARE 0.25
/* The cycle is fed this often (the complete state repeats after the second). */
#define TERM_CYCLE_REPEATS 3

/* Undefined behaviour a termination proof must exclude. */
#define TERM_UB_CHECKS ((1u << PROP_NO_OVERFLOW) | (1u << PROP_VALID_DEREF) | (1u << PROP_VALID_FREE))

void bmc_term_options_default(bmc_term_options *o) {
  memset(o, 0, sizeof *o);
  o->max_bound = 1024;
  o->first_bound = 1;
  o->prove = true;
}

void bmc_term_result_free(bmc_term_result *r) { VEC_FREE(r->bounds); }

/* ---- bounds --------------------------------------------------------------------- */
static void bounds_init(const ir_module *m, unsigned first, bbounds *b) {
  size_t nf = m->funcs.len;
  b->loop_base = xcalloc(nf + 1, sizeof *b->loop_base);
  b->rec = xcalloc(nf + 1, sizeof *b->rec);
  uint32_t n = 0;
  for (size_t f = 0; f < nf; f++) {
    b->loop_base[f] = n;
    n += m->funcs.data[f].nblocks;
    b->rec[f] = first;
  }
  b->nloop = n;
  b->loop = xcalloc(n + 1, sizeof *b->loop);
  b->used = xcalloc(n + nf + 1, sizeof *b->used);
  for (uint32_t i = 0; i < n; i++) b->loop[i] = first;
}

static void bounds_free(bbounds *b) {
  free(b->loop_base);
  free(b->loop);
  free(b->rec);
  free(b->used);
}

/* A cut's key: loops first, then recursions by function; UINT32_MAX for OTHER. */
static uint32_t cut_key(const bbounds *b, const bcut *c) {
  if (c->kind == BCUT_LOOP) return b->loop_base[c->func] + c->block;
  if (c->kind == BCUT_RECURSION) return b->nloop + c->func;
  return UINT32_MAX;
}

static unsigned *bound_of_key(bbounds *b, uint32_t key) {
  return key < b->nloop ? &b->loop[key] : &b->rec[key - b->nloop];
}

/* The loops and recursions that were deepened (their bound is above the
 * first), unrolled in e (bounds.used) or cut in e, with their bounds. */
static void list_bounds(const benc *e, bbounds *b, unsigned first, bmc_loop_bound_vec *out) {
  uint32_t nfuncs = (uint32_t)e->m->funcs.len;
  bool *listed = xcalloc(b->nloop + nfuncs + 1, sizeof *listed);
  for (size_t i = 0; i < e->cuts.len; i++) {
    uint32_t k = cut_key(b, &e->cuts.data[i]);
    if (k != UINT32_MAX) listed[k] = true;
  }
  for (uint32_t k = 0; k < b->nloop + nfuncs; k++) listed[k] |= b->used[k] || *bound_of_key(b, k) > first;
  out->len = 0;
  for (uint32_t f = 0, k = 0; f < nfuncs; f++)
    for (uint32_t blk = 0; blk < e->m->funcs.data[f].nblocks; blk++, k++)
      if (listed[k]) VEC_PUSH(*out, ((bmc_loop_bound){f, blk, b->loop[k]}));
  for (uint32_t f = 0; f < nfuncs; f++)
    if (listed[b->nloop + f]) VEC_PUSH(*out, ((bmc_loop_bound){f, IR_NONE, b->rec[f]}));
  free(listed);
}

void bmc_bounds_format(const ir_module *m, const bmc_loop_bound_vec *b, char *buf, size_t n) {
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < b->len && used + 1 < n; i++) {
    const bmc_loop_bound *lb = &b->data[i];
    const ir_func *f = &m->funcs.data[lb->func];
    char loc[256];
    int w;
    if (lb->block == IR_NONE) {
      w = snprintf(buf + used, n - used, "%srecursion of %s: %u deep", i ? ", " : "", f->name, lb->bound);
    } else {
      ir_loc_format(m, f->insts[ir_first_non_phi(f, lb->block)].loc, loc, sizeof loc);
      w = snprintf(buf + used, n - used, "%sloop at %s (%s): %u", i ? ", " : "", loc, f->name, lb->bound);
    }
    if (w < 0) break;
    used += (size_t)w < n - used ? (size_t)w : n - used - 1;
  }
}

/* The progress line names the bounds (two buffers: the record keeps the
 * pointer while the next round writes the other one). */
static void progress_bounds(const ir_module *m, const bmc_loop_bound_vec *b, unsigned first) {
  static char buf[2][512];
  static unsigned which;
  which ^= 1;
  int w = snprintf(buf[which], sizeof buf[which], "bounds: ");
  if (b->len)
    bmc_bounds_format(m, b, buf[which] + w, sizeof buf[which] - (size_t)w);
  else
    snprintf(buf[which] + w, sizeof buf[which] - (size_t)w, "%u for every loop and recursion", first);
  util_progress_step(buf[which]);
}

/* ---- 1. unwinding conditions ---------------------------------------------------- */
typedef enum { CUTS_NONE, CUTS_SOME, CUTS_UNKNOWN } cuts_answer;

/* Marks (in marked, by cut_key) the loops and recursions whose unwinding
 * condition some model satisfies; *other: an OTHER cut is satisfiable. */
static cuts_answer mark_cuts(benc *e, smt_solver **sv, bool *marked, bool *other) {
  const bbounds *b = e->bounds;
  for (unsigned q = 0; q < TERM_MARK_QUERIES; q++) {
    smt_term_vec conds = {0};
    for (size_t i = 0; i < e->cuts.len; i++) {
      uint32_t k = cut_key(b, &e->cuts.data[i]);
      if (k == UINT32_MAX ? !*other : !marked[k]) VEC_PUSH(conds, e->cuts.data[i].cond);
    }
    smt_term any = smt_mk_or(e->ctx, (uint32_t)conds.len, conds.data);
    VEC_FREE(conds);
    if (any == SMT_FALSE) return q ? CUTS_SOME : CUTS_NONE;
    smt_result r = bmc_solve(e, any, sv);
    if (r == SMT_SAT) {
      for (size_t i = 0; i < e->cuts.len; i++) {
        uint32_t k = cut_key(b, &e->cuts.data[i]);
        if (!bmc_model_bool(*sv, e->cuts.data[i].cond)) continue;
        if (k == UINT32_MAX) *other = true;
        else marked[k] = true;
      }
    }
    smt_solver_pop(*sv, 1);
    if (r == SMT_UNKNOWN) return CUTS_UNKNOWN;
    if (r == SMT_UNSAT) return q ? CUTS_SOME : CUTS_NONE;
  }
  return CUTS_SOME;
}

/* ---- 2. undefined behaviour within the bounds ---------------------------------- */
typedef enum { UB_NONE, UB_FOUND, UB_UNDECIDED } ub_answer;

static bool is_ub(const void *unused, const interp_result *res) {
  (void)unused;
  return res->outcome == INTERP_UB;
}

static ub_answer check_ub(benc *e, smt_solver **sv, char *why, size_t nwhy) {
  interp_result res;
  unsigned failures;
  switch (bmc_find_violation(e, sv, is_ub, NULL, false, &res, &failures)) {
  case VIOL_NONE: return UB_NONE;
  case VIOL_FOUND: {
    char loc[256];
    snprintf(why, nwhy, "a run has undefined behaviour (%s at %s), so termination is not decided",
             interp_ub_name(res.ub), ir_loc_format(e->m, res.loc, loc, sizeof loc));
    interp_result_free(&res);
    return UB_FOUND;
  }
  case VIOL_UNKNOWN:
    snprintf(why, nwhy, "the solver gave up on the undefined-behaviour query");
    return UB_UNDECIDED;
  case VIOL_GAVE_UP: break;
  }
  snprintf(why, nwhy, "models of undefined behaviour within the bounds did not replay");
  return UB_UNDECIDED;
}
/* ---- 3. lassos ------------------------------------------------------------------------ */
/* The object that holds address a (objects lie at increasing addresses). */
static uint32_t object_at(const benc *e, uint64_t a) {
  size_t lo = 0, hi = e->objs.len;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (e->objs.data[mid].base <= a) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return UINT32_MAX;
  const bobj *o = &e->objs.data[lo - 1];
  return a < o->base + (o->slot ? o->slot : 1) ? (uint32_t)(lo - 1) : UINT32_MAX;
}

/* The condition that visits vi < vj have equal states as far as the
 * reads between them go; SMT_FALSE when the pair cannot be compared. */
static smt_term same_state(benc *e, const bvisit *vi, const bvisit *vj, size_t *work) {
  smt_ctx *c = e->ctx;
  smt_term_vec eq = {0};
  VEC_PUSH(eq, vj->guard);
  for (uint32_t k = 0; k < vi->nphis; k++) {
    if (vi->phis[k] == SMT_NULL || vj->phis[k] == SMT_NULL) {
      VEC_FREE(eq);
      return SMT_FALSE;
    }
    VEC_PUSH(eq, smt_mk_eq(c, vi->phis[k], vj->phis[k]));
  }
  u64_map seen = {0};
  bool *obj_seen = xcalloc(vi->nobjs + 1, sizeof *obj_seen);
  bool wild = false, ok = true;
  for (size_t l = vi->load; l < vj->load && !wild; l++) {
    const bload *ld = &e->loads.data[l];
    uint64_t a;
    if (!bmem_const(e, ld->addr, &a)) {
      wild = true;
      break;
    }
    for (uint32_t t = 0; t < ld->n; t++) {
      uint32_t o = object_at(e, a + t);
      if (o == UINT32_MAX || o >= vi->nobjs || e->objs.data[o].readonly) continue; /* made in the cycle */
      if (u64_map_get_or(&seen, a + t, 0)) continue;
      u64_map_put(&seen, a + t, 1);
      obj_seen[o] = true;
      ++*work;
      smt_term at = smt_mk_bv(c, e->pw, a + t);
      VEC_PUSH(eq, smt_mk_eq(c, bmem_select(e, vi->mem, at), bmem_select(e, vj->mem, at)));
    }
  }
  if (wild) { /* every byte of every object made before vi */
    uint64_t total = 0;
    for (uint32_t o = 0; o < vi->nobjs && ok; o++) {
      const bobj *ob = &e->objs.data[o];
      uint64_t n;
      if (ob->readonly) continue;
      if (!bmem_const(e, ob->size, &n) || (total += n) > TERM_LASSO_WILD_BYTES) {
        ok = false;
        break;
      }
      obj_seen[o] = true;
      *work += n;
      for (uint64_t t = 0; t < n; t++) {
        smt_term at = smt_mk_bv(c, e->pw, ob->base + t);
        VEC_PUSH(eq, smt_mk_eq(c, bmem_select(e, vi->mem, at), bmem_select(e, vj->mem, at)));
      }
    }
  }
  for (uint32_t o = 0; o < vi->nobjs && ok; o++)
    if (obj_seen[o] && e->objs.data[o].kind != BOBJ_GLOBAL) VEC_PUSH(eq, smt_mk_eq(c, vi->alive[o], vj->alive[o]));
  smt_term r = ok ? smt_mk_and(c, (uint32_t)eq.len, eq.data) : SMT_FALSE;
  free(obj_seen);
  u64_map_free(&seen);
  VEC_FREE(eq);
  return r;
}

typedef struct {
  uint32_t i, j; /* indices into e->visits */
  smt_term cond;
  bool excluded;
} lasso_pair;
typedef VEC(lasso_pair) lasso_pair_vec;

/* The pairs (i, j) of visits of one entry of a loop whose unwinding
 * condition is satisfiable (marked: a loop whose bound no run passes has
 * no lasso within it), j the entry's last visit: when visits i and j' < j
 * of some run agree, the run that repeats their cycle agrees at j - (j' -
 * i) and j as well, so the last visit loses no lasso the bounds hold. */
static void collect_pairs(benc *e, const bool *marked, lasso_pair_vec *out) {
  const bbounds *b = e->bounds;
  size_t work = 0;
  for (size_t j = e->visits.len; j-- > 0 && out->len < TERM_LASSO_PAIRS && work < TERM_LASSO_WORK;) {
    const bvisit *vj = &e->visits.data[j];
    if (!marked[b->loop_base[vj->func] + vj->block]) continue;
    bool last = true; /* the entry's last visit (entries are recorded in order) */
    for (size_t k = j + 1; k < e->visits.len && last; k++) last = e->visits.data[k].entry != vj->entry;
    if (!last) continue;
    for (size_t i = j; i-- > 0 && out->len < TERM_LASSO_PAIRS && work < TERM_LASSO_WORK;) {
      const bvisit *vi = &e->visits.data[i];
      if (vi->entry != vj->entry) continue;
      smt_term cond = same_state(e, vi, vj, &work);
      if (cond == SMT_FALSE) continue;
      lasso_pair p = {(uint32_t)i, (uint32_t)j, cond, false};
      VEC_PUSH(*out, p);
    }
  }
}

/* The draws of the model's run: the stem (events before vi), then the
 * cycle (events from vi to vj) TERM_CYCLE_REPEATS times. */
static interp_planned_draw *lasso_draws(benc *e, smt_solver *sv, const bvisit *vi, const bvisit *vj, size_t *n) {
  interp_planned_draw *stem = xcalloc(vj->event + 1, sizeof *stem);
  size_t nstem = 0, ncycle = 0;
  for (size_t k = 0; k < vj->event; k++) {
    const bevent *ev = &e->events.data[k];
    if (!bmc_model_bool(sv, ev->guard)) continue;
    stem[nstem + ncycle] = (interp_planned_draw){ev->func, ev->inst, bmc_model_bv(e, sv, ev->value)};
    if (k < vi->event) nstem++;
    else ncycle++;
  }
  interp_planned_draw *all = xcalloc(nstem + TERM_CYCLE_REPEATS * ncycle + 1, sizeof *all);
  memcpy(all, stem, nstem * sizeof *all);
  for (unsigned r = 0; r < TERM_CYCLE_REPEATS; r++)
    memcpy(all + nstem + r * ncycle, stem + nstem, ncycle * sizeof *all);
  free(stem);
  *n = nstem + TERM_CYCLE_REPEATS * ncycle;
  return all;
}

typedef enum { LASSO_NONE, LASSO_FOUND, LASSO_UNKNOWN } lasso_answer;

static lasso_answer query_lasso(benc *e, smt_solver **sv, const bool *marked, const bmc_term_options *o,
                                bmc_term_result *out) {
  lasso_pair_vec pairs = {0};
  collect_pairs(e, marked, &pairs);
  lasso_answer answer = LASSO_NONE;
  for (unsigned tries = 0; tries < TERM_LASSO_TRIES && answer == LASSO_NONE; tries++) {
    smt_term_vec conds = {0};
    for (size_t p = 0; p < pairs.len; p++)
      if (!pairs.data[p].excluded) VEC_PUSH(conds, pairs.data[p].cond);
    smt_term any = smt_mk_or(e->ctx, (uint32_t)conds.len, conds.data);
    VEC_FREE(conds);
    if (any == SMT_FALSE) break;
    smt_result r = bmc_solve(e, any, sv);
    if (r != SMT_SAT) {
      smt_solver_pop(*sv, 1);
      if (r == SMT_UNKNOWN) answer = LASSO_UNKNOWN;
      break;
    }
    size_t hit = pairs.len;
    for (size_t p = 0; p < pairs.len && hit == pairs.len; p++)
      if (!pairs.data[p].excluded && bmc_model_bool(*sv, pairs.data[p].cond)) hit = p;
    assert(hit < pairs.len); /* the model satisfies one of the disjuncts */
    const bvisit *vi = &e->visits.data[pairs.data[hit].i], *vj = &e->visits.data[pairs.data[hit].j];
    size_t n;
    interp_planned_draw *draws = lasso_draws(e, *sv, vi, vj, &n);
    smt_solver_pop(*sv, 1);
    if (o->check_lasso(o->check_ctx, draws, n)) {
      answer = LASSO_FOUND;
      out->lasso_func = vi->func;
      out->lasso_block = vi->block;
      out->lasso_i = vi->visit;
      out->lasso_j = vj->visit;
    } else {
      pairs.data[hit].excluded = true;
    }
    free(draws);
  }
  VEC_FREE(pairs);
  return answer;
}

/* ---- the rounds ------------------------------------------------------------------------ */
bmc_term_answer bmc_termination(const ir_module *m, const bmc_term_options *o, bmc_term_result *out) {
  bmc_term_options defaults;
  if (!o) {
    bmc_term_options_default(&defaults);
    o = &defaults;
  }
  memset(out, 0, sizeof *out);
  out->answer = BMC_TERM_UNKNOWN;
  bool can_prove = o->prove && m->unsupported.len == 0, lasso = o->check_lasso != NULL;
  if (!can_prove && !lasso) {
    snprintf(out->reason, sizeof out->reason, "%s%s", m->unsupported.len ? "unsupported construct: " : "",
             m->unsupported.len ? m->unsupported.data[0].what : "neither a proof nor a lasso was asked for");
    return out->answer;
  }
  unsigned maxb = o->max_bound ? o->max_bound : 1024;
  bbounds bounds;
  unsigned first = o->first_bound ? (o->first_bound < maxb ? o->first_bound : maxb) : 1;
  bounds_init(m, first, &bounds);
  char why[256] = "";
  const char *no_proof = o->prove ? NULL : "not asked";
  uint32_t nkeys = bounds.nloop + (uint32_t)m->funcs.len;
  double start = util_now();
  progress_bounds(m, &out->bounds, first);
  for (;;) {
    out->rounds++;
    smt_ctx *ctx = smt_ctx_new();
    benc e = {0};
    e.m = m;
    e.ctx = ctx;
    e.pw = m->ptr_bits;
    e.bound = 1;
    e.bounds = &bounds;
    memset(bounds.used, 0, (nkeys + 1) * sizeof *bounds.used);
    e.checks = can_prove ? TERM_UB_CHECKS : 0;
    e.ub_all = can_prove;
    e.lasso_on = lasso;
    e.budget = o->budget;
    util_progress_count("round", out->rounds);
    double t0 = util_now();
    bool encoded = benc_run(&e);
    e.stat_encode_s = util_now() - t0;
    smt_solver *sv = NULL;
    bool stop = false;
    bool *marked = xcalloc(nkeys + 1, sizeof *marked);
    bool other = false;
    if (!encoded) {
      snprintf(why, sizeof why, "%s", e.out_of_time ? "timeout (or work limit) while encoding"
                                      : e.incomplete_why ? e.incomplete_why : "no main function");
      stop = true;
    }
    cuts_answer cuts = stop ? CUTS_UNKNOWN : mark_cuts(&e, &sv, marked, &other);
    if (!stop && cuts == CUTS_UNKNOWN) {
      char b[160];
      if (out->bounds.len) bmc_bounds_format(m, &out->bounds, b, sizeof b);
      else snprintf(b, sizeof b, "%u for every loop and recursion", first);
      snprintf(why, sizeof why, "the solver gave up (timeout) on the unwinding conditions of round %u (bounds: %s)",
               out->rounds, b);
      stop = true;
    }
    if (!stop && other) {
      can_prove = false; /* no deeper bound removes such a cut */
      if (!no_proof) no_proof = e.incomplete_why ? e.incomplete_why : "an unwinding condition no bound removes";
    }
    if (!stop && cuts == CUTS_NONE) {
      /* every run ends within the bounds: a proof, or nothing more to find */
      stop = true;
      if (can_prove && e.incomplete) {
        snprintf(why, sizeof why, "complete unwinding, but %s", e.incomplete_why);
      } else if (can_prove) {
        ub_answer ub = check_ub(&e, &sv, why, sizeof why);
        if (ub == UB_NONE) {
          out->answer = BMC_TERM_TERMINATES;
          list_bounds(&e, &bounds, first, &out->bounds);
        }
      } else {
        snprintf(why, sizeof why, "every run ends within the bounds, but no proof: %s", no_proof ? no_proof : "");
      }
    }
    if (!stop && lasso) {
      /* the lasso query gets a quarter of the time left: on a terminating
       * program every one is unsatisfiable, and the proof needs the rest */
      budget whole = e.budget;
      e.budget = budget_share(whole, TERM_LASSO_SHARE, 0, 0);
      lasso_answer la = query_lasso(&e, &sv, marked, o, out);
      e.budget = whole;
      if (la == LASSO_FOUND) {
        out->answer = BMC_TERM_LASSO;
        stop = true;
      }
    }
    if (!stop) { /* deepen the loops whose unwinding condition was satisfiable */
      bool grew = false;
      for (uint32_t k = 0; k < nkeys; k++) {
        unsigned *bk = bound_of_key(&bounds, k);
        if (!marked[k] || *bk >= maxb) continue;
        *bk = *bk * 2 > maxb ? maxb : *bk * 2;
        grew = true;
      }
      list_bounds(&e, &bounds, first, &out->bounds);
      progress_bounds(m, &out->bounds, 0);
      if (!grew) {
        snprintf(why, sizeof why, "%s", other && !lasso ? no_proof : "no bound can grow (the deepest is reached)");
        stop = true;
      } else if (!can_prove && !lasso) {
        snprintf(why, sizeof why, "%s", no_proof);
        stop = true;
      }
    }
    bmc_stats_add(&out->stats, &e);
    if (o->stats)
      fprintf(stderr, "bmc termination: round %u: %llu insts, %llu cuts, %zu visits, %zu events, %llu queries, "
                      "encode %.2fs, solve %.2fs, total %.2fs\n",
              out->rounds, (unsigned long long)e.stat_insts, (unsigned long long)e.stat_cuts, e.visits.len,
              e.events.len, (unsigned long long)e.stat_queries, e.stat_encode_s, e.stat_solve_s, util_now() - start);
    free(marked);
    if (sv) smt_solver_free(sv);
    benc_free(&e);
    smt_ctx_free(ctx);
    if (!stop && budget_expired(o->budget)) {
      char b[200];
      bmc_bounds_format(m, &out->bounds, b, sizeof b);
      snprintf(why, sizeof why, "timeout after round %u (bounds: %s)", out->rounds, b);
      stop = true;
    }
    if (stop) break;
  }
  if (out->answer == BMC_TERM_UNKNOWN) snprintf(out->reason, sizeof out->reason, "%s", why[0] ? why : "gave up");
  bounds_free(&bounds);
  assert(out->answer != BMC_TERM_TERMINATES || o->prove);
  assert(out->answer != BMC_TERM_LASSO || lasso);
  return out->answer;
}
