/* bmc: the deepening loop, solving, replay and answers (see bmc.h).
 *
 * Per bound k: encode (encode.c), then ask the solver for a model of "some
 * check site is executed and violated". A model is turned into answers to
 * the interpreter's draws: the events (nondet calls, undef operands, loads)
 * whose guard holds in the model are the draws of that run, in order
 * (seed 003, Sect. 6.2 counterexamples; here checked by replay). Only a
 * replay that violates a requested check gives a violation. */
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../interp/interp.h"
#include "../smt/smtlib.h"
#include "internal.h"
#include "../util/progress.h"


void bmc_options_default(bmc_options *o) {
  memset(o, 0, sizeof *o);
  o->max_bound = 1024;
}

/* ---- replay ------------------------------------------------------------- */
typedef struct {
  const benc *e;
  const bool *active;   /* per event: its guard holds in the model */
  const uint64_t *vals; /* per event: its value in the model */
  size_t cursor;
  unsigned answered, missed;
} replay_ctx;

/* Answers a draw with the next active event of the same instruction. */
static bool replay_answer(void *ctxp, const interp_draw *d, uint64_t *value) {
  replay_ctx *r = ctxp;
  for (size_t i = r->cursor; i < r->e->events.len; i++) {
    const bevent *ev = &r->e->events.data[i];
    if (r->active[i] && ev->func == d->func && ev->inst == d->inst) {
      *value = r->vals[i];
      r->cursor = i + 1;
      r->answered++;
      return true;
    }
  }
  r->missed++;
  return false;
}

bool bmc_model_bool(smt_solver *sv, smt_term t) {
  if (t == SMT_TRUE) return true;
  if (t == SMT_FALSE) return false;
  return smt_solver_value(sv, t) == SMT_TRUE;
}

uint64_t bmc_model_bv(benc *e, smt_solver *sv, smt_term t) {
  uint64_t v;
  return bmem_const(e, smt_solver_value(sv, t), &v) ? v : 0;
}

/* The first requested check the replay violates, PROP_CHECK_COUNT if none. */
static prop_check replay_violation(const interp_result *res, unsigned checks) {
  static const prop_check order[] = {PROP_UNREACH_CALL, PROP_NO_OVERFLOW, PROP_VALID_DEREF,
                                     PROP_VALID_FREE, PROP_VALID_MEMTRACK, PROP_VALID_MEMCLEANUP};
  for (size_t i = 0; i < sizeof order / sizeof *order; i++)
    if ((checks & (1u << order[i])) && interp_violates(res, interp_prop_of_check(order[i]))) return order[i];
  return PROP_CHECK_COUNT;
}

void bmc_stats_add(bmc_stats *s, const benc *e) {
  s->bounds++;
  s->insts += e->stat_insts;
  s->queries += e->stat_queries;
  s->encode_s += e->stat_encode_s;
  s->solve_s += e->stat_solve_s;
}


void bmc_replay(benc *e, smt_solver *sv, interp_result *res, unsigned *answered, unsigned *missed) {
  size_t n = e->events.len;
  bool *active = xcalloc(n ? n : 1, sizeof *active);
  uint64_t *vals = xcalloc(n ? n : 1, sizeof *vals);
  for (size_t i = 0; i < n; i++) {
    active[i] = bmc_model_bool(sv, e->events.data[i].guard);
    if (active[i]) vals[i] = bmc_model_bv(e, sv, e->events.data[i].value);
  }
  replay_ctx rc = {e, active, vals, 0, 0, 0};
  interp_options io;
  interp_options_default(&io);
  io.out = NULL;
  io.draw = replay_answer;
  io.draw_ctx = &rc;
  io.max_steps = 20000000;
  io.budget = e->budget;
  interp_run(e->m, &io, res);
  *answered = rc.answered;
  *missed = rc.missed;
  free(active);
  free(vals);
}

/* ---- one bound ------------------------------------------------------------------ */
typedef enum { STEP_FALSE, STEP_TRUE, STEP_NEXT, STEP_GIVE_UP, STEP_RETRY } step_result;
/* Encodings of one bound again with less speculation before speculation
 * stops altogether (each one drops at least one allocation site). */
#define BMC_MAX_SPEC_RETRIES 4u

/* One query. First on the bound's solver *shared (made on first use),
 * pushed for the query; released with done_query. Z3 answers it with its
 * incremental core. Where that does not answer within
 * BMC_INCREMENTAL_FIRST (a share of the budget; may_oneshot), the query
 * goes once more to a fresh solver without push, which Z3 answers by
 * bit-blasting (its non-incremental solver); *sv is then that solver.
 * Either alone was measured slower by far on some programs: the
 * incremental core on the ring buffer of tests/regression (41 s of CPU
 * against 1.7 s for its 4-operation version), the bit-blaster on others
 * (bitvector/byte_add_2-2: 9 s against 1.2 s). A first share of 15 %, at
 * most 3 s, lost a violation of seq-mthreaded/pals_lcr-var-start-time.4.2
 * that the incremental core finds in 2 s. */
#define BMC_INCREMENTAL_FIRST 0.4
#define BMC_INCREMENTAL_FIRST_CAP 5.0

static smt_result solve(benc *e, smt_term goal, smt_solver **shared, smt_solver **sv, bool may_oneshot) {
  e->stat_queries++;
  if (!*shared) *shared = smt_solver_new(e->ctx, SMT_BACKEND_Z3);
  smt_solver_push(*shared);
  smt_solver_assert(*shared, goal);
  *sv = *shared;
  if (e->dump_smt) {
    char comment[96];
    snprintf(comment, sizeof comment, "bitprove bmc: bound %u, query %llu", e->bound,
             (unsigned long long)e->stat_queries);
    free(smt_dump_query(e->ctx, e->dump_smt, 1, &goal, comment));
  }
  double t0 = util_now();
  may_oneshot = may_oneshot && e->oneshot;
  budget first = may_oneshot ? budget_share(e->budget, BMC_INCREMENTAL_FIRST, BMC_INCREMENTAL_FIRST_CAP,
                                            BMC_INCREMENTAL_FIRST_CAP)
                             : e->budget;
  smt_result r = smt_solver_check(*shared, first);
  if (r == SMT_UNKNOWN && may_oneshot && !budget_expired(e->budget)) {
    smt_solver_pop(*shared, 1);
    e->stat_oneshot++;
    *sv = smt_solver_new(e->ctx, SMT_BACKEND_Z3);
    smt_solver_assert(*sv, goal);
    r = smt_solver_check(*sv, e->budget);
  }
  e->stat_solve_s += util_now() - t0;
  return r;
}

/* A query pushed on *shared (made on first use); the caller pops it. */
smt_result bmc_solve(benc *e, smt_term goal, smt_solver **shared) {
  smt_solver *sv;
  return solve(e, goal, shared, &sv, false);
}

static void done_query(smt_solver *shared, smt_solver *sv) {
  if (sv != shared) smt_solver_free(sv); /* the fresh solver of solve(); shared was popped there */
  else smt_solver_pop(shared, 1);
}

viol_answer bmc_find_violation(benc *e, smt_solver **shared, bmc_accept_fn accept, const void *accept_ctx,
                               bool debug, interp_result *res, unsigned *failures) {
  *failures = 0;
  for (;;) {
    smt_term_vec conds = {0};
    for (size_t i = 0; i < e->viols.len; i++)
      if (!e->viols.data[i].excluded) VEC_PUSH(conds, e->viols.data[i].cond);
    smt_term any = smt_mk_or(e->ctx, (uint32_t)conds.len, conds.data);
    VEC_FREE(conds);
    if (any == SMT_FALSE) return VIOL_NONE;
    smt_solver *sv;
    smt_result sr = solve(e, any, shared, &sv, true);
    if (sr != SMT_SAT) {
      done_query(*shared, sv);
      return sr == SMT_UNSAT ? VIOL_NONE : VIOL_UNKNOWN;
    }
    unsigned answered, missed;
    bmc_replay(e, sv, res, &answered, &missed);
    if (accept(accept_ctx, res)) {
      done_query(*shared, sv);
      return VIOL_FOUND;
    }
    if (debug) {
      fprintf(stderr, "bmc: BUG? model at bound %u does not replay (%u draws answered, %u missed): ", e->bound,
              answered, missed);
      interp_report_outcome(e->m, res, stderr);
    }
    interp_result_free(res);
    /* the model does not replay: ask again without the sites it violated */
    for (size_t i = 0; i < e->viols.len; i++)
      if (!e->viols.data[i].excluded && bmc_model_bool(sv, e->viols.data[i].cond)) e->viols.data[i].excluded = true;
    done_query(*shared, sv);
    if (++*failures >= BMC_MAX_REPLAY_FAILURES) return VIOL_GAVE_UP;
  }
}

/* bmc_check's acceptance: the replay violates a requested check. */
static bool violates_requested(const void *checks, const interp_result *res) {
  return replay_violation(res, *(const unsigned *)checks) != PROP_CHECK_COUNT;
}

/* The condition that some run is cut (spec_only: by a speculative window). */
static smt_term cuts_any(benc *e, bool spec_only) {
  smt_term_vec conds = {0};
  for (size_t i = 0; i < e->cuts.len; i++)
    if (!spec_only || e->cuts.data[i].kind == BCUT_SPEC) VEC_PUSH(conds, e->cuts.data[i].cond);
  smt_term any = smt_mk_or(e->ctx, (uint32_t)conds.len, conds.data);
  VEC_FREE(conds);
  return any;
}

static step_result check_bound(benc *e, const bmc_options *o, bool may_prove, bmc_result *out, const char **why) {
  double t0 = util_now();
  bool encoded = benc_run(e);
  e->stat_encode_s = util_now() - t0;
  if (!encoded) {
    *why = e->out_of_time ? "timeout (or work limit) while encoding" : e->incomplete_why ? e->incomplete_why
                                                                                            : "no main function";
    return STEP_GIVE_UP;
  }
  step_result r = STEP_NEXT;
  unsigned failures;
  smt_solver *shared = NULL;
  interp_result res;
  viol_answer va = bmc_find_violation(e, &shared, violates_requested, &e->checks, o->debug, &res, &failures);
  if (va == VIOL_UNKNOWN) {
    *why = "solver gave up (timeout)";
    r = STEP_GIVE_UP;
  } else if (va == VIOL_FOUND) {
    out->violated = replay_violation(&res, e->checks);
    out->trace = res; /* the caller's now */
    r = STEP_FALSE;
  }
  if (r == STEP_NEXT && e->speculate) {
    /* a store that may leave its speculative window: encode the bound
     * again without speculating for those objects (internal.h, BCUT_SPEC) */
    smt_term any = cuts_any(e, true);
    if (any != SMT_FALSE) {
      smt_solver *sv;
      smt_result sr = solve(e, any, &shared, &sv, true);
      if (sr == SMT_SAT) {
        for (size_t i = 0; i < e->cuts.len; i++) {
          const bcut *cu = &e->cuts.data[i];
          if (cu->kind == BCUT_SPEC && bmc_model_bool(sv, cu->cond)) u64_map_put(e->nospec, bmem_site_key(e, cu->block), 1);
        }
        r = STEP_RETRY;
      } else if (sr != SMT_UNSAT) {
        *why = "solver gave up (timeout)";
        r = STEP_GIVE_UP;
      }
      done_query(shared, sv);
    }
  }
  if (r == STEP_NEXT && may_prove && !failures) {
    smt_term cut = cuts_any(e, false);
    smt_result cr = SMT_UNSAT;
    if (cut != SMT_FALSE) {
      smt_solver *sv;
      cr = solve(e, cut, &shared, &sv, true);
      done_query(shared, sv);
    }
    /* complete unwinding: a proof, unless something was approximated;
     * then deeper bounds encode the same runs and cannot help */
    if (cr == SMT_UNSAT && !e->incomplete) r = STEP_TRUE;
    if (cr == SMT_UNSAT && e->incomplete) {
      *why = e->incomplete_why;
      r = STEP_GIVE_UP;
    }
  }
  if (shared) smt_solver_free(shared);
  return r;
}

void benc_free(benc *e) {
  VEC_FREE(e->objs);
  VEC_FREE(e->events);
  VEC_FREE(e->viols);
  VEC_FREE(e->cuts);
  for (size_t i = 0; i < e->visits.len; i++) {
    free(e->visits.data[i].phis);
    free(e->visits.data[i].alive);
  }
  VEC_FREE(e->visits);
  VEC_FREE(e->loads);
  VEC_FREE(e->constraints);
  VEC_FREE(e->call_stack);
  free(e->func_addr);
  free(e->func_taken);
  free(e->global_obj);
  bmem_free_cache(e);
}

bool bmc_has_unflagged_shl(const ir_module *m) {
  for (size_t f = 0; f < m->funcs.len; f++)
    for (uint32_t i = 0; i < m->funcs.data[f].ninsts; i++) {
      const ir_inst *in = &m->funcs.data[f].insts[i];
      if (in->op == IR_SHL && !(in->flags & (IR_NSW | IR_UNSIGNED_SHL)) && in->type.bits > 1) return true;
    }
  return false;
}

void bmc_result_free(bmc_result *r) { interp_result_free(&r->trace); }

bmc_answer bmc_check(const ir_module *m, unsigned checks, const bmc_options *o, bmc_result *out) {
  bmc_options defaults;
  if (!o) {
    bmc_options_default(&defaults);
    o = &defaults;
  }
  memset(out, 0, sizeof *out);
  out->answer = BMC_UNKNOWN;
  out->violated = PROP_CHECK_COUNT;
  if (!checks || (checks & ~PROP_ALL_CHECKS) || (checks & (1u << PROP_TERMINATION))) {
    snprintf(out->reason, sizeof out->reason, "not a set of safety checks bmc decides");
    return out->answer;
  }
  /* Address-based memory is no proof of provenance-based dereference
   * safety (bmc.h), so SAFE only for these. */
  unsigned provable = BMC_PROVABLE_CHECKS;
  bool may_prove = (checks & ~provable) == 0 && m->unsupported.len == 0;
  /* clang emits `x << k` on a signed int without nsw, yet SV-COMP's
   * no-overflow counts its overflow; the IR does not tell signed from
   * unsigned shifts, so no proof of no-overflow with such a shift */
  bool unflagged_shl = (checks & (1u << PROP_NO_OVERFLOW)) && bmc_has_unflagged_shl(m);
  if (unflagged_shl) may_prove = false;
  double start = util_now();
  budget b = o->budget;
  unsigned k = o->bound ? o->bound : 1, maxk = o->bound ? o->bound : (o->max_bound ? o->max_bound : 1024);
  const char *why = NULL;
  u64_map nospec = {0};  /* allocation sites not to speculate for (internal.h, BCUT_SPEC) */
  unsigned retries = 0;
  for (;;) {
    smt_ctx *ctx = smt_ctx_new();
    benc e = {0};
    e.m = m;
    e.ctx = ctx;
    e.pw = m->ptr_bits;
    e.bound = k;
    e.checks = checks;
    e.speculate = retries < BMC_MAX_SPEC_RETRIES;
    e.oneshot = true;
    e.memory_model = true;
    e.nospec = &nospec;
    e.budget = b;
    e.dump_smt = o->dump_smt;
    util_progress_count("bound", k);
    step_result r = check_bound(&e, o, may_prove, out, &why);
    out->bound = k;
    bmc_stats_add(&out->stats, &e);
    if (o->stats)
      fprintf(stderr, "bmc: bound %u: %llu insts, %llu merges, %llu calls, %llu cuts, %zu objects, %zu events, "
                      "%zu checks, %llu queries (%llu again without push), selects: %llu stores skipped %llu read over, encode %.2fs, solve %.2fs, "
                      "total %.2fs\n",
              k, (unsigned long long)e.stat_insts, (unsigned long long)e.stat_merges,
              (unsigned long long)e.stat_calls, (unsigned long long)e.stat_cuts, e.objs.len, e.events.len,
              e.viols.len, (unsigned long long)e.stat_queries, (unsigned long long)e.stat_oneshot,
              (unsigned long long)e.stat_skips,
              (unsigned long long)e.stat_expands, e.stat_encode_s, e.stat_solve_s, util_now() - start);
    if (o->stats && e.incomplete) fprintf(stderr, "bmc: incomplete: %s\n", e.incomplete_why);
    benc_free(&e);
    smt_ctx_free(ctx);
    if (r == STEP_RETRY) { /* the same bound, speculating for fewer objects */
      retries++;
      continue;
    }
    if (r == STEP_FALSE) {
      out->answer = BMC_VIOLATION;
      break;
    }
    if (r == STEP_TRUE) {
      out->answer = BMC_SAFE;
      break;
    }
    if (r == STEP_GIVE_UP) {
      snprintf(out->reason, sizeof out->reason, "%s (bound %u)", why, k);
      break;
    }
    if (k >= maxk) {
      snprintf(out->reason, sizeof out->reason, "no violation up to bound %u, unwinding incomplete", k);
      break;
    }
    if (budget_expired(b)) {
      snprintf(out->reason, sizeof out->reason, "timeout after bound %u", k);
      break;
    }
    k = k * 2 > maxk ? maxk : k * 2;
  }
  u64_map_free(&nospec);
  out->shl_unprovable = unflagged_shl;
  /* the promises of bmc.h */
  assert(out->answer != BMC_VIOLATION || (out->violated < PROP_CHECK_COUNT && (checks & (1u << out->violated))));
  assert(out->answer != BMC_SAFE || (may_prove && !unflagged_shl));
  assert(out->answer != BMC_UNKNOWN || out->reason[0]);
  return out->answer;
}

/* ---- stems ------------------------------------------------------------------------------ */
bool bmc_find_stem(const ir_module *m, uint32_t func, uint32_t block, unsigned max_bound, budget b,
                   bmc_stem *out) {
  memset(out, 0, sizeof *out);
  for (unsigned k = 1; k <= max_bound && !out->n; k *= 2) {
    if (budget_expired(b)) break;
    smt_ctx *ctx = smt_ctx_new();
    benc e = {0};
    e.m = m;
    e.ctx = ctx;
    e.pw = m->ptr_bits;
    e.bound = k;
    e.budget = b;
    e.reach_on = true;
    e.reach_func = func;
    e.reach_block = block;
    e.reach = SMT_FALSE;
    bool encoded = benc_run(&e);
    if (encoded && e.reach != SMT_FALSE) {
      smt_solver *sv = smt_solver_new(ctx, SMT_BACKEND_Z3);
      smt_solver_assert(sv, e.reach);
      if (smt_solver_check(sv, e.budget) == SMT_SAT) {
        out->bound = k;
        out->draws = xcalloc(e.events.len + 1, sizeof *out->draws);
        for (size_t i = 0; i < e.events.len; i++) {
          const bevent *ev = &e.events.data[i];
          if (!bmc_model_bool(sv, ev->guard)) continue;
          out->draws[out->n++] = (interp_planned_draw){ev->func, ev->inst, bmc_model_bv(&e, sv, ev->value)};
        }
        if (!out->n) { /* a stem without draws: every run reaches the block */
          free(out->draws);
          out->draws = NULL;
          smt_solver_free(sv);
          benc_free(&e);
          smt_ctx_free(ctx);
          return false;
        }
      }
      smt_solver_free(sv);
    }
    benc_free(&e);
    smt_ctx_free(ctx);
    if (!encoded) break;
  }
  return out->n > 0;
}
