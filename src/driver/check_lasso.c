/* check_lasso.c: lassos with a repeated state (check_lasso.h). */
#include "check_lasso.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bmc/bmc.h"
#include "../interp/interp.h"
#include "../ir/cfg.h"
#include "../util/map.h"
#include "../util/util.h"
#include "check_recur.h"
#include "../util/progress.h"

#define LASSO_MAX_STEPS 2000000u
#define LASSO_RANDOM_RUNS 24
#define LASSO_CONSTANTS 14  /* strategy_of's constants */
#define LASSO_STEM_HEADS 3  /* loop heads of main a BMC stem is sought for */
#define LASSO_STEM_BOUND 8  /* the deepest bound of that search */
#define LASSO_STEM_RUNS 8   /* strategies after each stem: 0, 1, -1, 2, then random */

typedef VEC(uint64_t) VEC_u64;

/* How the draws of one search run are answered: a constant, or random
 * values in [lo, lo + span). */
typedef struct {
  bool random;
  int64_t constant;
  uint64_t rng;
  int64_t lo, span;
  const bmc_stem *stem; /* first: the draws of a stem from BMC (NULL: none) */
  size_t cursor;
} strategy;

static bool answer(void *ctx, const interp_draw *d, uint64_t *value) {
  strategy *s = ctx;
  /* a stem's draws while the run follows it: the next unused one of the
   * same instruction (as BMC's replay answers them) */
  for (size_t i = s->stem ? s->cursor : 0; s->stem && i < s->stem->n; i++)
    if (s->stem->draws[i].func == d->func && s->stem->draws[i].inst == d->inst) {
      *value = s->stem->draws[i].value;
      s->cursor = i + 1;
      return true;
    }
  if (d->pointer) { /* a nondet pointer: NULL, the only address with a meaning */
    *value = 0;
    return true;
  }
  if (!s->random) {
    *value = (uint64_t)s->constant;
    return true;
  }
  s->rng ^= s->rng << 13, s->rng ^= s->rng >> 7, s->rng ^= s->rng << 17;
  *value = (uint64_t)(s->lo + (int64_t)(s->rng % (uint64_t)s->span));
  return true;
}

static void print_values(strbuf *out, const interp_nondet *v, size_t n) {
  for (size_t i = 0; i < n; i++) strbuf_printf(out, "%s%" PRIu64, i ? "," : "", v[i].value);
}

/* Replays values[0 .. n) strictly and compares the two visits. */
static bool check(const ir_module *m, const interp_nondet_vec *nd, const interp_lasso *cand, double deadline,
                  interp_result *out) {
  uint64_t *vals = xcalloc(cand->nd_second ? cand->nd_second : 1, sizeof *vals);
  for (size_t i = 0; i < cand->nd_second; i++) vals[i] = nd->data[i].value;
  interp_options io;
  interp_options_replay(&io, vals, cand->nd_second);
  io.deadline = deadline;
  io.lasso.enabled = true;
  io.lasso.check_first = cand->first;
  io.lasso.check_second = cand->second;
  interp_run(m, &io, out);
  free(vals);
  return out->outcome == INTERP_LASSO && out->lasso.checked && out->lasso.equal &&
         out->lasso.nd_second == cand->nd_second && out->lasso.nd_first == cand->nd_first;
}

static void report(const ir_module *m, const interp_result *r, verdict *out) {
  char loc[512];
  const interp_lasso *l = &r->lasso;
  size_t stem = l->nd_first, cycle = l->nd_second - l->nd_first;
  out->kind = VERDICT_FALSE;
  out->violated = PROP_TERMINATION;
  verdict_note(out, "non-termination: a lasso with a repeated state, checked by the interpreter: at the loop head %s "
                    "the complete program state of loop-head visit %" PRIu64 " is identical, byte for byte, to that of "
                    "visit %" PRIu64 ",",
               ir_loc_format(m, l->loc, loc, sizeof loc), l->second, l->first);
  verdict_note(out, "so the cycle between them, fed the same %zu nondet value(s) again, repeats forever (and ran "
                    "without undefined behaviour)",
               cycle);
  strbuf b = {0};
  print_values(&b, r->nondet.data, stem);
  verdict_note(out, "stem: nondet values (%zu): %s", stem, b.data ? b.data : "");
  strbuf_free(&b);
  print_values(&b, r->nondet.data + stem, cycle);
  verdict_note(out, "cycle: nondet values (%zu): %s", cycle, b.data ? b.data : "");
  strbuf_free(&b);
  for (size_t i = 0; i < stem + cycle; i++) VEC_PUSH(out->cex, r->nondet.data[i]);
  out->lasso_stem = stem;
  out->lasso_first = l->first, out->lasso_second = l->second;
}

/* What a search run's recurrent-set candidates need: its last loop-head
 * visit and its last call (where a run that does not end is caught), and
 * for every loop head and called function its second visit (an early one:
 * a short stem; the first may still be on the way into the loop's steady
 * relations). */
typedef struct {
  drv_recur_candidate last_head, last_call;
  u64_map early_of;              /* key (head or function) -> index in early */
  VEC(drv_recur_candidate) early;
  VEC(uint8_t) seen;             /* per early entry: visits so far (up to 2) */
} run_watch;

static uint64_t watch_key(bool call, uint32_t func, uint32_t block) {
  return call ? (1ull << 63) | func : (uint64_t)func << 32 | block;
}

static void watch(void *ctxp, const interp_event *e) {
  run_watch *w = ctxp;
  if (e->kind != INTERP_EV_HEAD && e->kind != INTERP_EV_CALL) return;
  bool call = e->kind == INTERP_EV_CALL;
  drv_recur_candidate c = {call, e->func, call ? 0 : e->block, e->visit, e->ndraws, 0};
  if (call) w->last_call = c;
  else w->last_head = c;
  uint64_t key = watch_key(call, c.func, c.block), i;
  if (!u64_map_get(&w->early_of, key, &i)) {
    i = w->early.len;
    u64_map_put(&w->early_of, key, i);
    VEC_PUSH(w->early, c);
    VEC_PUSH(w->seen, 1);
  } else if (w->seen.data[i] < 2) {
    w->early.data[i] = c;
    w->seen.data[i]++;
  }
}

static void watch_free(run_watch *w) {
  u64_map_free(&w->early_of);
  VEC_FREE(w->early);
  VEC_FREE(w->seen);
}

/* One search run with strategy *s, its lasso check, and its recurrent-set
 * candidates (once per loop head or function, *tried). */
static bool search_run(const ir_module *m, strategy *s, VEC_u64 *tried, double deadline, bool debug, bool *at_head,
                       verdict *out) {
  interp_options io;
  interp_options_default(&io);
  io.out = NULL;
  io.draw = answer;
  io.draw_ctx = s;
  io.max_steps = LASSO_MAX_STEPS;
  io.deadline = deadline;
  io.lasso.enabled = true;
  run_watch w;
  memset(&w, 0, sizeof w);
  io.observe = watch;
  io.observe_ctx = &w;
  interp_result r;
  interp_run(m, &io, &r);
  if (w.last_head.visit) *at_head = true;
  bool found = false;
  if (r.outcome == INTERP_LASSO && !r.lasso.checked) {
    interp_result c;
    if (check(m, &r.nondet, &r.lasso, deadline, &c)) {
      report(m, &c, out);
      found = true;
    }
    interp_result_free(&c);
  }
  /* a run still going at its step limit without a repeated state: a
   * recurrent set at the loop it was in, once per loop head; a run that
   * ended at the call-depth limit: one of the recursion it was in */
  bool deep = r.outcome == INTERP_OUT_OF_RESOURCES && r.detail && strncmp(r.detail, "call depth", 10) == 0;
  drv_recur_candidate cand = deep ? w.last_call : w.last_head;
  if (!found && (r.outcome == INTERP_OUT_OF_STEPS || deep) && cand.visit) {
    uint64_t key = watch_key(deep, cand.func, cand.block), i;
    bool seen = false;
    for (size_t t = 0; t < tried->len; t++) seen |= tried->data[t] == key;
    if (!seen) {
      VEC_PUSH(*tried, key);
      cand.steps = r.steps;
      /* an early visit first (a short stem), then the last one */
      if (u64_map_get(&w.early_of, key, &i) && w.early.data[i].visit != cand.visit) {
        drv_recur_candidate e = w.early.data[i];
        e.steps = r.steps;
        found = drv_recur_try(m, &r.nondet, &e, deadline, debug, out);
      }
      if (!found) found = drv_recur_try(m, &r.nondet, &cand, deadline, debug, out);
    }
  }
  watch_free(&w);
  interp_result_free(&r);
  return found;
}

/* The k-th strategy: constants first (with the same input every time a
 * finite-state loop must come back to a state), then random small values,
 * in ranges that alternate between around zero and small positive numbers
 * (the input alphabets of reactive programs). */
static strategy strategy_of(size_t k, const bmc_stem *stem) {
  static const int64_t constants[] = {0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 100};
  static const int64_t ranges[][2] = {{-4, 13}, {1, 6}, {0, 2}, {1, 10}};
  _Static_assert(sizeof constants / sizeof constants[0] == LASSO_CONSTANTS, "LASSO_CONSTANTS");
  size_t nconst = LASSO_CONSTANTS, nranges = sizeof ranges / sizeof ranges[0];
  size_t ri = (k - nconst) % nranges;
  strategy s = {k >= nconst, k < nconst ? constants[k] : 0, 0x9E3779B97F4A7C15ull * (k + 1),
                k >= nconst ? ranges[ri][0] : 0, k >= nconst ? ranges[ri][1] : 1, stem, 0};
  return s;
}
bool drv_lasso_check(const ir_module *m, double deadline, bool debug, verdict *out) {
  if (!deadline) deadline = util_now() + 10;
  util_progress_begin("non-termination search (lassos, recurrent sets)");
  VEC_u64 tried = {0}; /* loop heads / functions a recurrent set was sought at */
  bool found = false, at_head = false;
  for (size_t k = 0; !found && k < LASSO_CONSTANTS + LASSO_RANDOM_RUNS && util_now() < deadline; k++) {
    strategy s = strategy_of(k, NULL);
    util_progress_count("runs", k + 1);
    found = search_run(m, &s, &tried, deadline, debug, &at_head, out);
  }
  /* no run even reached a loop head (inputs rejected early, e.g. by an
   * init() that wants distinct node ids): stems from BMC to the loop heads
   * of main, each followed by a few strategies */
  uint32_t mainf = ir_func_find(m, "main");
  const ir_func *mf = mainf != IR_NONE ? &m->funcs.data[mainf] : NULL;
  bool *heads = mf && mf->defined && mf->nblocks ? xcalloc(mf->nblocks, sizeof *heads) : NULL;
  if (heads) ir_loop_headers(mf, heads);
  for (uint32_t b = 0, tried_heads = 0; heads && !found && !at_head && b < mf->nblocks && tried_heads < LASSO_STEM_HEADS;
       b++) {
    if (!heads[b] || util_now() >= deadline) continue;
    tried_heads++;
    double left = deadline - util_now();
    bmc_stem stem;
    util_progress_step("stems from BMC");
    if (!bmc_find_stem(m, mainf, b, LASSO_STEM_BOUND, util_now() + left / 2, &stem)) continue;
    if (debug) fprintf(stderr, "lasso: a stem of %zu draws from BMC (bound %u) to block %u of main\n", stem.n,
                       stem.bound, b);
    for (size_t k = 0; !found && k < LASSO_STEM_RUNS && util_now() < deadline; k++) {
      strategy s = strategy_of(k < 4 ? k : LASSO_CONSTANTS + k - 4, &stem);
      bool ignored = false;
      found = search_run(m, &s, &tried, deadline, debug, &ignored, out);
    }
    free(stem.draws);
  }
  free(heads);
  VEC_FREE(tried);
  util_progress_end();
  return found;
}
