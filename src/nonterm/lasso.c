/* lasso.c: the search for non-termination certificates and lassos with a
 * repeated state (nonterm.h). */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/cfg.h"
#include "../util/map.h"
#include "../util/progress.h"
#include "internal.h"

#define LASSO_MAX_STEPS 2000000u
#define LASSO_RANDOM_RUNS 24
#define LASSO_CONSTANTS 14  /* strategy_of's constants */
#define LASSO_STEM_HEADS 3  /* loop heads of main a BMC stem is sought for */
#define LASSO_STEM_BOUND 8  /* the deepest bound of that search */
#define LASSO_STEM_RUNS 8   /* strategies after each stem: 0, 1, -1, 2, then random */

/* How the draws of one search run are answered: a constant, or random
 * values in [lo, lo + span). */
typedef struct {
  bool random;
  int64_t constant;
  uint64_t rng;
  int64_t lo, span;
  const interp_planned_draw *stem; /* first: the draws of a stem (NULL: none) */
  size_t nstem;
  size_t cursor;
} strategy;

static bool answer(void *ctx, const interp_draw *d, uint64_t *value) {
  strategy *s = ctx;
  /* a stem's draws while the run follows it: the next unused one of the
   * same instruction (as BMC's replay answers them) */
  for (size_t i = s->stem ? s->cursor : 0; s->stem && i < s->nstem; i++)
    if (s->stem[i].func == d->func && s->stem[i].inst == d->inst) {
      *value = s->stem[i].value;
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
static bool check(const ir_module *m, const interp_nondet_vec *nd, const interp_lasso *cand, budget b, bool math,
                  interp_result *out) {
  uint64_t *vals = xcalloc(cand->nd_second ? cand->nd_second : 1, sizeof *vals);
  for (size_t i = 0; i < cand->nd_second; i++) vals[i] = nd->data[i].value;
  interp_options io;
  interp_options_replay(&io, vals, cand->nd_second);
  io.budget = b;
  io.lasso.enabled = true;
  io.lasso.check_first = cand->first;
  io.lasso.check_second = cand->second;
  io.math_exact = math;
  interp_run(m, &io, out);
  free(vals);
  return out->outcome == INTERP_LASSO && out->lasso.checked && out->lasso.equal &&
         out->lasso.nd_second == cand->nd_second && out->lasso.nd_first == cand->nd_first;
}

static void report(const ir_module *m, const interp_result *r, nonterm_result *out) {
  char loc[512];
  const interp_lasso *l = &r->lasso;
  size_t stem = l->nd_first, cycle = l->nd_second - l->nd_first;
  assert(l->nd_first <= l->nd_second && l->nd_second <= r->nondet.len && l->first < l->second);
  memset(out, 0, sizeof *out);
  out->kind = NONTERM_LASSO;
  nonterm_note(out, "non-termination: a lasso with a repeated state, checked by the interpreter: at the loop head %s "
                    "the complete program state of loop-head visit %" PRIu64 " is identical, byte for byte, to that of "
                    "visit %" PRIu64 ",",
               ir_loc_format(m, l->loc, loc, sizeof loc), l->second, l->first);
  nonterm_note(out, "so the cycle between them, fed the same %zu nondet value(s) again, repeats forever (and ran "
                    "without undefined behaviour)",
               cycle);
  strbuf b = {0};
  print_values(&b, r->nondet.data, stem);
  nonterm_note(out, "stem: nondet values (%zu): %s", stem, b.data ? b.data : "");
  strbuf_free(&b);
  print_values(&b, r->nondet.data + stem, cycle);
  nonterm_note(out, "cycle: nondet values (%zu): %s", cycle, b.data ? b.data : "");
  strbuf_free(&b);
  for (size_t i = 0; i < stem + cycle; i++) VEC_PUSH(out->draws, r->nondet.data[i]);
  out->stem = stem;
  out->first = l->first, out->second = l->second;
}

/* A search run that stopped at a repeated hash: checked exactly, and
 * reported when the states are equal. */
static bool check_and_report(const ir_module *m, const interp_result *r, budget b, bool math, nonterm_result *out) {
  if (r->outcome != INTERP_LASSO || r->lasso.checked) return false;
  interp_result c;
  bool found = check(m, &r->nondet, &r->lasso, b, math, &c);
  if (found) report(m, &c, out);
  if (found && math)
    nonterm_note(out, "every step of the stem and the cycle is exact over the integers (no value with its sign bit "
                      "set, no wrap-around, no truncation): the lasso is also a run of the program read with "
                      "mathematical integers");
  interp_result_free(&c);
  return found;
}

/* What a search run's recurrent-set candidates need: its last loop-head
 * visit and its last call (where a run that does not end is caught), and
 * for every loop head and called function its second visit (an early one:
 * a short stem; the first may still be on the way into the loop's steady
 * relations). */
typedef struct {
  nonterm_candidate last_head, last_call;
  u64_map early_of;              /* key (head or function) -> index in early */
  VEC(nonterm_candidate) early;
  VEC(uint8_t) seen;             /* per early entry: visits so far (up to 2) */
} run_watch;

static uint64_t watch_key(bool call, uint32_t func, uint32_t block) {
  return call ? (1ull << 63) | func : (uint64_t)func << 32 | block;
}

static void watch(void *ctxp, const interp_event *e) {
  run_watch *w = ctxp;
  if (e->kind != INTERP_EV_HEAD && e->kind != INTERP_EV_CALL) return;
  bool call = e->kind == INTERP_EV_CALL;
  nonterm_candidate c = {call, e->func, call ? 0 : e->block, e->visit, e->ndraws, 0};
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
static bool search_run(const ir_module *m, strategy *s, u64_vec *tried, budget b, const nonterm_provers *provers,
                       bool math, bool debug, bool *at_head, nonterm_result *out) {
  interp_options io;
  interp_options_default(&io);
  io.out = NULL;
  io.draw = answer;
  io.draw_ctx = s;
  io.max_steps = LASSO_MAX_STEPS;
  io.budget = b;
  io.lasso.enabled = true;
  io.math_exact = math;
  run_watch w;
  memset(&w, 0, sizeof w);
  io.observe = watch;
  io.observe_ctx = &w;
  interp_result r;
  interp_run(m, &io, &r);
  if (w.last_head.visit) *at_head = true;
  bool found = check_and_report(m, &r, b, math, out);
  /* a run still going at its step limit without a repeated state: a
   * recurrent set at the loop it was in, once per loop head; a run that
   * ended at the call-depth limit: one of the recursion it was in */
  bool deep = r.outcome == INTERP_OUT_OF_RESOURCES && r.detail && strncmp(r.detail, "call depth", 10) == 0;
  nonterm_candidate cand = deep ? w.last_call : w.last_head;
  if (!found && (r.outcome == INTERP_OUT_OF_STEPS || deep) && cand.visit) {
    uint64_t key = watch_key(deep, cand.func, cand.block), i;
    bool seen = false;
    for (size_t t = 0; t < tried->len; t++) seen |= tried->data[t] == key;
    if (!seen) {
      VEC_PUSH(*tried, key);
      cand.steps = r.steps;
      /* an early visit first (a short stem), then the last one */
      if (u64_map_get(&w.early_of, key, &i) && w.early.data[i].visit != cand.visit) {
        nonterm_candidate e = w.early.data[i];
        e.steps = r.steps;
        found = nonterm_recur_try(m, &r.nondet, &e, b, provers, debug, out);
      }
      if (!found) found = nonterm_recur_try(m, &r.nondet, &cand, b, provers, debug, out);
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
static strategy strategy_of(size_t k, const interp_planned_draw *stem, size_t nstem) {
  static const int64_t constants[] = {0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 100};
  static const int64_t ranges[][2] = {{-4, 13}, {1, 6}, {0, 2}, {1, 10}};
  _Static_assert(sizeof constants / sizeof constants[0] == LASSO_CONSTANTS, "LASSO_CONSTANTS");
  size_t nconst = LASSO_CONSTANTS, nranges = sizeof ranges / sizeof ranges[0];
  size_t ri = (k - nconst) % nranges;
  strategy s = {k >= nconst, k < nconst ? constants[k] : 0, 0x9E3779B97F4A7C15ull * (k + 1),
                k >= nconst ? ranges[ri][0] : 0, k >= nconst ? ranges[ri][1] : 1, stem, nstem, 0};
  return s;
}
/* ---- words over the input alphabet -------------------------------------------------
 * A reactive loop (while (1) { input = nondet(); if (input is no letter)
 * return; step(input); }) often ends at an error exit within a few
 * inputs, so random words rarely live long enough to repeat a state. The
 * words over its alphabet (the constants main compares values with) are
 * run breadth first, each strictly and watched for a repeated state; a run
 * that asks for more values than its word has outlived it and is extended
 * by every letter. Few words live long, so the tree stays small. */
#define LASSO_ALPHABET_MAX 16
#define LASSO_WORD_MAX 64        /* letters per word */
#define LASSO_WORDS_MAX 100000u  /* words run */

static bool letter_of(const uint64_t *alphabet, size_t n, uint64_t v) {
  for (size_t j = 0; j < n; j++)
    if (alphabet[j] == v) return true;
  return false;
}

/* The constants main compares with (icmp eq/ne, switch cases), and, when
 * there are several and room, one value that is none of them: 0 when
 * there are none or more than LASSO_ALPHABET_MAX. */
static size_t input_alphabet(const ir_module *m, uint64_t *out) {
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || !m->funcs.data[mainf].defined) return 0;
  const ir_func *f = &m->funcs.data[mainf];
  size_t n = 0;
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    uint64_t c[64];
    size_t nc = 0;
    if (in->op == IR_ICMP && (in->pred == IR_EQ || in->pred == IR_NE) && in->nops == 2 && in->ops[0].type.bits <= 64)
      for (int k = 0; k < 2; k++)
        if (in->ops[k].kind == IR_VAL_CONST && in->ops[1 - k].kind != IR_VAL_CONST) c[nc++] = in->ops[k].imm;
    if (in->op == IR_SWITCH)
      for (uint32_t k = 0; k + 1 < in->ntargets && nc < 64; k++) c[nc++] = in->case_values[k];
    for (size_t k = 0; k < nc; k++) {
      if (letter_of(out, n, c[k])) continue;
      if (n == LASSO_ALPHABET_MAX) return 0;
      out[n++] = c[k];
    }
  }
  /* one letter that is none of the constants: a command dispatch's
   * default, the else of every comparison (a driver's idle step). Not for
   * a single constant: two letters make every word live longer, and
   * breadth first, the words of a loop that draws many values per
   * iteration outnumber the stems that follow (pals_STARTPALS: 2.6 s
   * instead of 0.1 s) */
  if (n >= 2 && n < LASSO_ALPHABET_MAX) {
    uint64_t other = 0;
    while (letter_of(out, n, other)) other++;
    out[n++] = other;
  }
  return n;
}

typedef struct {
  uint32_t parent; /* UINT32_MAX: the empty word */
  uint8_t letter, len;
} word_node;

static bool alphabet_search(const ir_module *m, budget b, bool math, bool debug, nonterm_result *out) {
  uint64_t alphabet[LASSO_ALPHABET_MAX];
  size_t na = input_alphabet(m, alphabet);
  if (!na) return false;
  VEC(word_node) words = {0};
  word_node root = {UINT32_MAX, 0, 0};
  VEC_PUSH(words, root);
  uint64_t word[LASSO_WORD_MAX];
  bool found = false;
  for (size_t w = 0; w < words.len && w < LASSO_WORDS_MAX && !found && !budget_expired(b); w++) {
    word_node nd = words.data[w];
    for (uint32_t k = w, i = nd.len; i-- > 0; k = words.data[k].parent) word[i] = alphabet[words.data[k].letter];
    util_progress_count("words", w + 1);
    interp_options io;
    interp_options_replay(&io, word, nd.len);
    io.max_steps = LASSO_MAX_STEPS;
    io.budget = b;
    io.lasso.enabled = true;
    io.math_exact = math;
    interp_result r;
    interp_run(m, &io, &r);
    if (r.outcome == INTERP_LASSO) {
      found = check_and_report(m, &r, b, math, out);
    } else if (r.outcome == INTERP_OUT_OF_NONDET && nd.len < LASSO_WORD_MAX) {
      for (size_t a = 0; a < na; a++) {
        word_node child = {(uint32_t)w, (uint8_t)a, (uint8_t)(nd.len + 1)};
        VEC_PUSH(words, child);
      }
    }
    interp_result_free(&r);
  }
  if (debug) fprintf(stderr, "lasso: %zu words over an alphabet of %zu letters%s\n", words.len, na, found ? ": a lasso" : "");
  VEC_FREE(words);
  return found;
}

void nonterm_note(nonterm_result *r, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  strbuf_printf(&r->explanation, "%s\n", line);
}

void nonterm_result_free(nonterm_result *r) {
  strbuf_free(&r->explanation);
  VEC_FREE(r->draws);
  free(r->set_c);
  memset(r, 0, sizeof *r);
}

bool nonterm_check_lasso(const ir_module *m, const interp_planned_draw *draws, size_t n, budget b, bool debug,
                         nonterm_result *out) {
  memset(out, 0, sizeof *out);
  strategy s = strategy_of(0, draws, n); /* the planned draws, then the constant 0 */
  u64_vec tried = {0};
  bool at_head = false;
  bool found = search_run(m, &s, &tried, b, NULL, false, debug, &at_head, out) && out->kind == NONTERM_LASSO;
  if (!found && out->kind) nonterm_result_free(out);
  VEC_FREE(tried);
  if (debug && !found) fprintf(stderr, "lasso: a BMC lasso candidate (%zu draws) did not repeat in the interpreter\n", n);
  return found;
}

static bool search(const ir_module *m, budget b, const nonterm_provers *provers, bool math, bool debug,
                   nonterm_result *out) {
  if (b.deadline <= 0) b = budget_until(b, util_now() + 10);
  memset(out, 0, sizeof *out);
  util_progress_begin("non-termination search (lassos, recurrent sets)");
  u64_vec tried = {0}; /* loop heads / functions a recurrent set was sought at */
  bool found = false, at_head = false;
  for (size_t k = 0; !found && k < LASSO_CONSTANTS + LASSO_RANDOM_RUNS && !budget_expired(b); k++) {
    strategy s = strategy_of(k, NULL, 0);
    util_progress_count("runs", k + 1);
    found = search_run(m, &s, &tried, b, provers, math, debug, &at_head, out);
  }
  if (!found && !budget_expired(b)) {
    util_progress_step("words over the input alphabet");
    found = alphabet_search(m, b, math, debug, out);
  }
  /* no run even reached a loop head (inputs rejected early, e.g. by an
   * init() that wants distinct node ids): stems to the loop heads of main,
   * each followed by a few strategies */
  uint32_t mainf = ir_func_find(m, "main");
  const ir_func *mf = mainf != IR_NONE ? &m->funcs.data[mainf] : NULL;
  bool *heads = provers && provers->find_stem && mf && mf->defined && mf->nblocks ? xcalloc(mf->nblocks, sizeof *heads)
                                                                                  : NULL;
  if (heads) ir_loop_headers(mf, heads);
  for (uint32_t blk = 0, tried_heads = 0; heads && !found && !at_head && blk < mf->nblocks && tried_heads < LASSO_STEM_HEADS;
       blk++) {
    if (!heads[blk] || budget_expired(b)) continue;
    tried_heads++;
    interp_planned_draw *stem = NULL;
    size_t nstem = 0;
    util_progress_step("stems from BMC");
    if (!provers->find_stem(provers->ctx, m, mainf, blk, LASSO_STEM_BOUND, budget_share(b, 0.5, 0, 0), &stem, &nstem))
      continue;
    if (debug) fprintf(stderr, "lasso: a stem of %zu draws to block %u of main\n", nstem, blk);
    for (size_t k = 0; !found && k < LASSO_STEM_RUNS && !budget_expired(b); k++) {
      strategy s = strategy_of(k < 4 ? k : LASSO_CONSTANTS + k - 4, stem, nstem);
      bool ignored = false;
      found = search_run(m, &s, &tried, b, provers, math, debug, &ignored, out);
    }
    free(stem);
  }
  free(heads);
  VEC_FREE(tried);
  util_progress_end();
  assert(!found || (out->kind && out->stem <= out->draws.len));
  return found;
}

bool nonterm_search(const ir_module *m, budget b, const nonterm_provers *provers, bool debug, nonterm_result *out) {
  return search(m, b, provers, false, debug, out);
}

bool nonterm_search_math(const ir_module *m, budget b, const nonterm_provers *provers, bool debug, nonterm_result *out) {
  nonterm_provers stems = {provers ? provers->find_stem : NULL, NULL, provers ? provers->ctx : NULL};
  return search(m, b, &stems, true, debug, out);
}
