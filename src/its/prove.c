/* prove.c: the driver of the ITS prover: preprocessing, the worklist of
 * termination problems, the techniques in order, non-termination, and the
 * proof text (prove.h: method and soundness argument). */
#include "prove.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "abstract.h"
#include "cfr.h"
#include "nonterm.h"
#include "preprocess.h"
#include "problem.h"
#include "project.h"
#include "rank_linear.h"
#include "rank_minmax.h"
#include "rank_multiphase.h"
#include "rank_nested.h"
#include "rank_poly.h"
#include "transform.h"
#include "../util/progress.h"

#define UNDEF UINT32_MAX

its_prove_options its_prove_default_options(void) {
  its_prove_options o = {.preprocess = true,
                         .linear = true,
                         .nested = true,
                         .multiphase = true,
                         .minmax = true,
                         .poly = true,
                         .cfr = true,
                         .nonterm = true,
                         .accel = true,
                         .project = true,
                         .nested_depth = 3,
                         .budget = {0, 10000}};
  return o;
}

/* ---- SCCs of a set of transitions --------------------------------------- */

typedef VEC(u32_vec) u32_vec_vec;

/* Splits the transitions tidx[0..nt-1] of s into the SCCs of the location
 * graph they span: appends to *out one vector per SCC that has at least one
 * inner transition (its inner transitions, in the order of tidx);
 * transitions between SCCs are dropped. Only locations reachable from
 * `root` count when root != UNDEF (then transitions leaving unreachable
 * locations are dropped too). */
static void split_sccs(const its *s, const uint32_t *tidx, uint32_t nt, uint32_t root, u32_vec_vec *out) {
  graph g;
  its_location_graph(s, tidx, nt, &g);
  uint32_t *comp = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *comp);
  uint32_t ncomp = graph_sccs(&g, root != UNDEF ? &root : NULL, root != UNDEF ? 1 : 0, comp);
  graph_free(&g);
  /* group inner transitions by SCC, in the order of tidx */
  uint32_t *slot = xmalloc((ncomp ? ncomp : 1) * sizeof *slot);
  for (uint32_t c = 0; c < ncomp; c++) slot[c] = UNDEF;
  for (uint32_t k = 0; k < nt; k++) {
    const its_trans *tr = &s->trans.data[tidx[k]];
    uint32_t c = comp[tr->from];
    if (c == GRAPH_NONE || c != comp[tr->to]) continue;
    if (slot[c] == UNDEF) {
      slot[c] = (uint32_t)out->len;
      u32_vec empty = {0};
      VEC_PUSH(*out, empty);
    }
    VEC_PUSH(out->data[slot[c]], tidx[k]);
  }
  free(slot);
  free(comp);
}

/* ---- one problem ---------------------------------------------------------- */

typedef struct {
  its_problem p;
  uint32_t *tidx, *locs, *lloc;
} problem_buf;

static void problem_init(problem_buf *b, its *s, const u32_vec *trans, budget bu) {
  uint32_t nt = (uint32_t)trans->len;
  b->tidx = xmalloc((nt ? nt : 1) * sizeof *b->tidx);
  memcpy(b->tidx, trans->data, nt * sizeof *b->tidx);
  b->lloc = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *b->lloc);
  b->locs = xmalloc((s->nlocs ? s->nlocs : 1) * sizeof *b->locs);
  for (uint32_t l = 0; l < s->nlocs; l++) b->lloc[l] = UNDEF;
  uint32_t nloc = 0;
  for (uint32_t k = 0; k < nt; k++) {
    const its_trans *tr = &s->trans.data[b->tidx[k]];
    uint32_t ends[2] = {tr->from, tr->to};
    for (int e = 0; e < 2; e++)
      if (b->lloc[ends[e]] == UNDEF) b->lloc[ends[e]] = nloc, b->locs[nloc++] = ends[e];
  }
  b->p = (its_problem){s, nt, b->tidx, nloc, b->locs, b->lloc, bu};
}

static void problem_release(problem_buf *b) { free(b->tidx), free(b->locs), free(b->lloc); }

static void print_trans_list(strbuf *out, const its_problem *p, const bool *pick, bool want) {
  bool first = true;
  for (uint32_t k = 0; k < p->nt; k++) {
    if (pick && pick[k] != want) continue;
    const its_trans *tr = &p->s->trans.data[p->tidx[k]];
    strbuf_printf(out, "%st%u (%s -> %s)", first ? "" : ", ", p->tidx[k], p->s->loc_names[tr->from],
                  p->s->loc_names[tr->to]);
    first = false;
  }
}

static void print_problem_head(strbuf *out, const its_problem *p) {
  strbuf_printf(out, "SCC {");
  for (uint32_t l = 0; l < p->nloc; l++) strbuf_printf(out, "%s%s", l ? ", " : "", p->s->loc_names[p->locs[l]]);
  strbuf_printf(out, "} with %u transition(s)", p->nt);
}

/* A rank_func of the linear technique as an its_rank_step over s->pre;
 * its variable i is ITS variable vars[i]. */
static its_rank_step *step_of_rank_func(const its_problem *p, const rank_func *f, const uint32_t *vars) {
  smt_ctx *ctx = p->s->ctx;
  its_rank_step *st = its_rank_step_new(p->nloc, p->nt, "linear");
  for (uint32_t l = 0; l < p->nloc; l++) {
    smt_term r = smt_mk_int_mpz(ctx, rank_func_coef(f, l, 0));
    for (uint32_t i = 0; i < f->nvars; i++) {
      mpz_ptr c = rank_func_coef(f, l, i + 1);
      if (mpz_sgn(c))
        r = smt_mk_int_add2(ctx, r, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, c), p->s->pre[vars[i]]));
    }
    st->f[l] = r;
  }
  for (uint32_t k = 0; k < p->nt; k++) st->strict[k] = f->strict[k];
  return st;
}

/* Linear ranking (rank_linear.h) over the problem's sliced abstraction. A
 * large problem first tries the guards' bounds as candidates, then Farkas
 * without the variables' type ranges (a smaller problem; every function
 * it finds holds for the full relation too), then Farkas on everything. */
static its_rank_step *try_linear(const its_problem *p, rank_status *status) {
  its_abs_stats ast = {0, 0};
  u32_vec vars = {0};
  rank_func *f = NULL;
  bool large = p->nt >= 16;
  *status = RANK_NONE;
  for (int attempt = large ? 0 : 2; attempt < 3 && *status != RANK_FOUND; attempt++) {
    lin_scc *scc = its_abstract_problem_sliced(p, &ast, attempt == 1, &vars);
    rank_status rs;
    if (attempt == 0) {
      util_progress_step("linear ranking (guard candidates)");
      rs = rank_linear_guards(p->s->ctx, scc, NULL, 64, p->budget, &f);
    } else {
      util_progress_step("linear ranking (Farkas)");
      rs = rank_linear(p->s->ctx, scc, NULL, p->budget, &f, NULL);
    }
    lin_scc_free(scc);
    if (rs == RANK_FOUND || *status == RANK_NONE) *status = rs;
    if (rs != RANK_FOUND) rank_func_free(f), f = NULL;
    if (attempt == 1 && rs == RANK_UNKNOWN) break; /* the full problem is larger still */
  }
  its_rank_step *st = *status == RANK_FOUND ? step_of_rank_func(p, f, vars.data) : NULL;
  rank_func_free(f);
  VEC_FREE(vars);
  return st;
}

typedef struct {
  const its_prove_options *opt;
  strbuf *proof;
  strbuf *reason;
  uint32_t steps, nested_closed;
  budget budget;         /* of the whole proof and of each query */
  bool in_cfr;           /* proving a refined system: no refinement of it again */
  /* multiphase and min/max search templates that fail slowly on large
   * problems (each failed query runs to its limit); together they get at
   * most SPECULATIVE_SHARE of the prover's time, within
   * [SPECULATIVE_MIN_S, SPECULATIVE_MAX_S], so the steps after them keep
   * theirs (the answers they found on the dev sets took < 0.5 s) */
  double speculative_spent, speculative_cap;
} prover;

#define SPECULATIVE_SHARE 0.15
#define SPECULATIVE_MIN_S 0.5
#define SPECULATIVE_MAX_S 2.5
#define SPECULATIVE_NO_DEADLINE_S 1.0

static double speculative_cap(budget b) {
  double left = budget_left(b);
  if (left < 0) return SPECULATIVE_NO_DEADLINE_S;
  double cap = SPECULATIVE_SHARE * left;
  return cap < SPECULATIVE_MIN_S ? SPECULATIVE_MIN_S : cap > SPECULATIVE_MAX_S ? SPECULATIVE_MAX_S : cap;
}

static bool speculative_left(const prover *pv) { return pv->speculative_spent < pv->speculative_cap; }

static bool prove_problems(prover *pv, its *s, u32_vec_vec *work);
static bool try_cfr(prover *pv, const its_problem *p, strbuf *note);

/* Past the overall budget? (Each solver check is capped by the same
 * deadline: the queries carry the budget.) */
static bool out_of_time(const prover *pv) { return budget_expired(pv->budget); }

static bool dead_end_stop(void *arg) { return out_of_time(arg); }

/* Dead ends: a transition t of the problem after which no transition of the
 * problem can follow (t's relation composed with each successor's is
 * unsatisfiable) occurs at most once, as the last step, in a run that stays
 * inside the problem; so the problem terminates iff it does without t (seed
 * 001 Sect. 3.3 item 1, on transitions). Typical source: the wrap-around of
 * a counter, which sets it to the value that exits the loop. Returns true
 * when some transition was removed (the rest is decomposed again). */
static bool drop_dead_ends(prover *pv, const its_problem *p, u32_vec_vec *work) {
  its *s = p->s;
  if (p->nt > 200) return false; /* quadratic in the transitions */
  bool *dead = xcalloc(p->nt ? p->nt : 1, sizeof *dead);
  its_dead_end_opts o = {"de.t", 0, NULL, p->budget, NULL, dead_end_stop, pv};
  bool any = its_dead_ends_mark(s, p->tidx, p->nt, &o, dead) > 0;
  if (any) {
    print_problem_head(pv->proof, p);
    strbuf_printf(pv->proof, ": no transition of the problem can follow ");
    print_trans_list(pv->proof, p, dead, true);
    strbuf_printf(pv->proof, " (each composition is unsatisfiable), so an infinite run inside the problem never "
                             "takes them: removed\n");
    u32_vec left = {0};
    for (uint32_t k = 0; k < p->nt; k++)
      if (!dead[k]) VEC_PUSH(left, p->tidx[k]);
    split_sccs(s, left.data, (uint32_t)left.len, UNDEF, work);
    VEC_FREE(left);
  }
  free(dead);
  return any;
}

/* Closes problem p with the nested or multiphase function n when
 * its_check_nested proves it (the proof says which and lists the phases);
 * frees n then. False, n kept, otherwise. */
static bool close_with(prover *pv, const its_problem *p, its_nested *n) {
  if (its_check_nested(p, n) != SMT_YES) return false;
  print_problem_head(pv->proof, p);
  if (n->kind == ITS_NESTED_PHASES)
    strbuf_printf(pv->proof,
                  ": multiphase ranking function of depth %u (Ben-Amram & Genaim 2017: f_i decreases by >= 1 "
                  "wherever f_1 .. f_(i-1) are all <= -1, and f_%u >= 0 there), for all of ",
                  n->depth, n->depth);
  else
    strbuf_printf(pv->proof, ": nested ranking function of depth %u (%s), for all of ", n->depth, n->technique);
  print_trans_list(pv->proof, p, NULL, true);
  strbuf_printf(pv->proof, "\n");
  for (uint32_t i = 0; i < n->depth; i++) {
    strbuf_printf(pv->proof, "  f%u = ", i + 1);
    its_print_functions(p, n->f + (size_t)i * n->nloc, pv->proof);
    strbuf_printf(pv->proof, "\n");
  }
  pv->nested_closed++;
  its_nested_free(n);
  return true;
}

/* Ranks problem p. Returns true when the problem is closed or split (new
 * problems appended to *work), false when no technique made progress (the
 * reason is written). */
static bool rank_problem(prover *pv, const its_problem *p, u32_vec_vec *work) {
  const char *why = "no technique applies";
  its_rank_step *st = NULL;
  if (out_of_time(pv)) {
    print_problem_head(pv->reason, p);
    strbuf_printf(pv->reason, ": timeout");
    return false;
  }
  util_progress_count("transitions in the current SCC", p->nt);
  /* 1. linear */
  if (pv->opt->linear) {
    rank_status rs;
    st = try_linear(p, &rs);
    if (!st) why = rs == RANK_UNKNOWN ? "linear ranking: solver gave up" : "no linear ranking function";
  }
  /* dead ends out first: they can hide a linear ranking function */
  util_progress_step("dead-end transitions");
  if (!st && !out_of_time(pv) && drop_dead_ends(pv, p, work)) return true;
  /* 2. nested, then multiphase: each closes the whole problem */
  if (!st && pv->opt->nested && !out_of_time(pv)) {
    its_nested *n = NULL;
    util_progress_step("nested ranking");
    rank_status rs = its_rank_nested(p, pv->opt->nested_depth ? pv->opt->nested_depth : 3, &n);
    if (rs == RANK_FOUND && close_with(pv, p, n)) return true;
    if (rs == RANK_FOUND) why = "nested ranking function failed its check";
    its_nested_free(n);
  }
  if (!st && pv->opt->multiphase && !out_of_time(pv) && speculative_left(pv)) {
    its_nested *n = NULL;
    util_progress_step("multiphase ranking");
    double t0 = util_now();
    rank_status rs = its_rank_multiphase(p, pv->opt->nested_depth ? pv->opt->nested_depth + 1 : 4, &n, NULL);
    pv->speculative_spent += util_now() - t0;
    if (rs == RANK_FOUND && close_with(pv, p, n)) return true;
    if (rs == RANK_FOUND) why = "multiphase ranking function failed its check";
    its_nested_free(n);
  }
  /* 3. min / max of two affine functions */
  if (!st && pv->opt->minmax && !out_of_time(pv) && speculative_left(pv)) {
    its_rank_step *ms = NULL;
    util_progress_step("min/max ranking");
    double t0 = util_now();
    if (its_rank_minmax(p, &ms) == RANK_FOUND) st = ms;
    pv->speculative_spent += util_now() - t0;
  }
  /* 4. polynomial */
  if (!st && pv->opt->poly && !out_of_time(pv)) {
    its_rank_step *ps = NULL;
    util_progress_step("polynomial ranking");
    rank_status rs = its_rank_poly(p, &ps);
    if (rs == RANK_FOUND) st = ps;
    else its_rank_step_free(ps);
  }
  if (!st || its_check_step(p, st) != SMT_YES) {
    if (st) why = "ranking function failed its check against the original transitions";
    its_rank_step_free(st);
    /* 5. control-flow refinement: the refined system's SCCs, ranked again */
    strbuf note = {0};
    if (pv->opt->cfr && !pv->in_cfr && !out_of_time(pv) && try_cfr(pv, p, &note)) {
      strbuf_free(&note);
      return true;
    }
    print_problem_head(pv->reason, p);
    strbuf_printf(pv->reason, ": %s", why);
    if (note.len) strbuf_printf(pv->reason, "; control-flow refinement: %s", note.data);
    strbuf_free(&note);
    return false;
  }
  pv->steps++;
  print_problem_head(pv->proof, p);
  strbuf_printf(pv->proof, ": %s ranking function\n  f = ", st->technique);
  its_print_functions(p, st->f, pv->proof);
  strbuf_printf(pv->proof, "\n  decreases strictly (and is >= 0) on ");
  print_trans_list(pv->proof, p, st->strict, true);
  bool rest = false;
  for (uint32_t k = 0; k < p->nt; k++) rest |= !st->strict[k];
  if (rest) {
    strbuf_printf(pv->proof, "; does not increase on ");
    print_trans_list(pv->proof, p, st->strict, false);
  }
  strbuf_printf(pv->proof, "\n");
  /* the rest, decomposed again */
  u32_vec left = {0};
  for (uint32_t k = 0; k < p->nt; k++)
    if (!st->strict[k]) VEC_PUSH(left, p->tidx[k]);
  split_sccs(p->s, left.data, (uint32_t)left.len, UNDEF, work);
  VEC_FREE(left);
  its_rank_step_free(st);
  return true;
}

/* Works through the problems in *work (more are appended on the way) until
 * one stays open; frees *work. True when every problem was closed. */
static bool prove_problems(prover *pv, its *s, u32_vec_vec *work) {
  bool open = false;
  for (size_t w = 0; w < work->len && !open; w++) {
    util_progress_count("SCCs done", w);
    util_progress_step("an SCC's transitions (satisfiability)");
    problem_buf pb;
    problem_init(&pb, s, &work->data[w], pv->budget);
    open = !rank_problem(pv, &pb.p, work);
    problem_release(&pb);
  }
  for (size_t w = 0; w < work->len; w++) VEC_FREE(work->data[w]);
  VEC_FREE(*work);
  return !open;
}

/* Progress: every SCC of the refined system (sccs, transitions of r->s)
 * leaves out some transition of p, i.e. the refinement separated phases.
 * When one of them holds a copy of each of p's transitions, it is p with
 * guards strengthened by the abstract states, rarely easier; the prover
 * does not spend its time on it. */
static bool separates_phases(const its_problem *p, const its_cfr *r, const u32_vec_vec *sccs) {
  bool *seen = xcalloc(p->s->trans.len ? p->s->trans.len : 1, sizeof *seen);
  bool all_separate = true;
  for (size_t c = 0; c < sccs->len && all_separate; c++) {
    memset(seen, 0, p->s->trans.len * sizeof *seen);
    uint32_t distinct = 0;
    for (size_t j = 0; j < sccs->data[c].len; j++) {
      uint32_t t = r->orig_trans[sccs->data[c].data[j]];
      if (!seen[t]) seen[t] = true, distinct++;
    }
    all_separate = distinct < p->nt;
  }
  free(seen);
  return all_separate;
}

/* Control-flow refinement of p (cfr.h), checked to be a refinement, then
 * the refined system's SCCs proved like any problem (no refinement inside),
 * within 30 % of the time left (at most 8 s). True when they all closed: then p is
 * closed and the proof says how. Otherwise the proof is unchanged and
 * *note says why (one line). */
static bool try_cfr(prover *pv, const its_problem *p, strbuf *note) {
  util_progress_step("control-flow refinement");
  if (p->nt < 2) {
    strbuf_printf(note, "one transition: no phases to separate");
    return false;
  }
  /* a third of the time left, at most 8 s: the rest is non-termination's,
   * whose NO answers need it (edn.t2 took 11 s of 20 after a refinement) */
  budget cb = budget_share(pv->budget, 0.3, 8, 0);
  its_cfr_options co = {0, cb};
  its_cfr *r = NULL;
  its_cfr_status cs = its_cfr_refine(p, &co, &r, NULL);
  if (cs != ITS_CFR_DONE) {
    strbuf_printf(note, "%s", its_cfr_status_name(cs));
    return false;
  }
  bool closed = false;
  smt_answer ca = its_cfr_check(p, r, cb);
  if (ca != SMT_YES) {
    strbuf_printf(note, "the refinement failed its check (%s)", smt_answer_name(ca));
  } else {
    u32_vec all = {0};
    for (uint32_t k = 0; k < (uint32_t)r->s->trans.len; k++) VEC_PUSH(all, k);
    u32_vec_vec work = {0};
    split_sccs(r->s, all.data, (uint32_t)all.len, UNDEF, &work);
    VEC_FREE(all);
    strbuf sub_proof = {0}, sub_reason = {0};
    prover sub = {pv->opt, &sub_proof, &sub_reason, 0, 0, cb, true, pv->speculative_spent, pv->speculative_cap};
    size_t nsccs = work.len;
    if (!separates_phases(p, r, &work)) {
      strbuf_printf(note, "no SCC of the refinement leaves out a transition");
      for (size_t w = 0; w < work.len; w++) VEC_FREE(work.data[w]);
      VEC_FREE(work);
    } else if ((closed = prove_problems(&sub, r->s, &work))) {
      pv->steps += sub.steps, pv->nested_closed += sub.nested_closed;
      print_problem_head(pv->proof, p);
      strbuf_printf(pv->proof,
                    ": control-flow refinement by partial evaluation (Domenech, Gallagher and Genaim, TPLP "
                    "2019), checked with the solver: every step of the SCC from every abstract state is one of "
                    "a refined transition (its guard conjoined with the state), so an infinite run inside the "
                    "SCC would be one of the refined system. Abstract states:\n");
      its_cfr_print_states(r, p->s, pv->proof);
      strbuf_printf(pv->proof, "the refined system (%zu transitions", r->s->trans.len);
      if (r->s->trans.len <= 60) {
        strbuf_printf(pv->proof, "):\n");
        its_print(r->s, pv->proof);
      } else {
        strbuf_printf(pv->proof, ", not printed)\n");
      }
      strbuf_printf(pv->proof, "its SCCs (%zu), proved in turn:\n%s", nsccs,
                    sub_proof.data ? sub_proof.data : "");
      strbuf_printf(pv->proof, "end of the refinement of ");
      print_problem_head(pv->proof, p);
      strbuf_printf(pv->proof, "\n");
    } else {
      strbuf_printf(note, "%u abstract states, %zu transitions; %s", r->s->nlocs, r->s->trans.len,
                    sub_reason.data ? sub_reason.data : "open");
    }
    pv->speculative_spent = sub.speculative_spent; /* the refinement's templates count too */
    strbuf_free(&sub_proof), strbuf_free(&sub_reason);
  }
  its_cfr_free(r);
  return closed;
}

/* ---- the prover ------------------------------------------------------------ */

/* The preprocessing log and, when it changed the system, the system the
 * proof speaks of (its transition numbers), unless it is large. */
static void print_preprocessed(strbuf *out, const its *input, const its *s, const strbuf *log) {
  if (!log->data) return;
  strbuf_printf(out, "preprocessing (keeps termination exactly):\n%s", log->data);
  if (s == input) return;
  if (s->trans.len <= 60) {
    strbuf_printf(out, "the preprocessed system, to which the transition numbers below refer:\n");
    its_print(s, out);
  } else {
    strbuf_printf(out, "(the preprocessed system has %zu transitions; `bitprove its --without preprocess` proves on "
                       "the input's numbering)\n", s->trans.len);
  }
}

its_prove_answer its_prove(its *s, budget b, strbuf *out) {
  its_prove_options o = its_prove_default_options();
  o.budget = b;
  its_prove_result r;
  its_prove_answer a = its_prove_with(s, &o, &r);
  its_prove_result_print(&r, out);
  its_prove_result_free(&r);
  return a;
}

static void result_init(its_prove_result *r) {
  r->answer = ITS_PROVE_MAYBE;
  r->reason = (strbuf){0};
  r->proof = (strbuf){0};
}

void its_prove_result_free(its_prove_result *r) {
  strbuf_free(&r->reason);
  strbuf_free(&r->proof);
}

static void result_maybe(its_prove_result *r, const char *reason) {
  its_prove_result_free(r);
  r->answer = ITS_PROVE_MAYBE;
  strbuf_printf(&r->reason, "%s", reason);
}

void its_prove_result_print(const its_prove_result *r, strbuf *out) {
  if (r->answer == ITS_PROVE_MAYBE) {
    strbuf_printf(out, "MAYBE\nreason: %s\n", r->reason.data ? r->reason.data : "unknown");
    return;
  }
  strbuf_printf(out, "%s\n", r->answer == ITS_PROVE_YES ? "YES" : "NO");
  if (r->proof.data) strbuf_append(out, r->proof.data, r->proof.len);
}

/* Step 0: a system of at least PROJECT_MIN_TRANS transitions is first
 * projected onto its counters (project.h) and that over-approximation
 * proved with a share of the time; its YES is the input's. The share is
 * most of the time: where the projection fails, the whole system rarely
 * does better (seq-mthreaded's BOUNDED-10 floodmax: the projection proves in
 * 2.5 s, the whole system not in 15 s; with a quarter of the time the
 * projection was lost below 10 s). */
#define PROJECT_MIN_TRANS 100
#define PROJECT_SHARE 0.6
#define PROJECT_CAP_S 5.0

static bool prove_projection(its *input, const its_prove_options *opt, its_prove_result *out) {
  if (!opt->project || input->trans.len < PROJECT_MIN_TRANS) return false;
  strbuf kept = {0};
  its *p = its_project_counters(input, &kept);
  if (!p) return false;
  util_progress_step("projection onto the counters");
  its_prove_options inner = *opt;
  inner.project = false;
  inner.nonterm = false; /* a run of the over-approximation is no run of the input */
  inner.budget = budget_share(opt->budget, PROJECT_SHARE, PROJECT_CAP_S, PROJECT_CAP_S);
  its_prove_result r;
  bool yes = its_prove_with(p, &inner, &r) == ITS_PROVE_YES;
  if (yes) {
    out->answer = ITS_PROVE_YES;
    strbuf_printf(&out->proof,
                  "projection: every variable but the counters and what their updates read (%s) made "
                  "unconstrained, the guards' conjuncts over other variables dropped; each transition's relation "
                  "contains the original one, so the system terminates if the projection does:\n",
                  kept.data);
    strbuf_append(&out->proof, r.proof.data, r.proof.len);
  }
  its_prove_result_free(&r);
  its_free(p);
  strbuf_free(&kept);
  return yes;
}

its_prove_answer its_prove_with(its *input, const its_prove_options *opt, its_prove_result *out) {
  budget b = opt->budget;
  result_init(out);
  if (input->start == ITS_NONE || input->start >= input->nlocs) {
    result_maybe(out, "no start location");
    return ITS_PROVE_MAYBE;
  }
  if (prove_projection(input, opt, out)) return ITS_PROVE_YES;
  strbuf prelog = {0}, proof = {0}, reason = {0};
  its *s = input;
  util_progress_count("transitions", input->trans.len);
  if (opt->preprocess) {
    its_pre_stats pst;
    memset(&pst, 0, sizeof pst);
    util_progress_step("preprocessing");
    s = its_preprocess(input, b, &pst, &prelog);
    util_progress_count("transitions after preprocessing", s->trans.len);
  }

  u32_vec all = {0};
  for (uint32_t k = 0; k < (uint32_t)s->trans.len; k++) VEC_PUSH(all, k);
  u32_vec_vec work = {0};
  split_sccs(s, all.data, (uint32_t)all.len, s->start, &work);
  VEC_FREE(all);
  uint32_t initial = (uint32_t)work.len;

  /* the ranking techniques may leave non-termination a share of the time
   * (opt->rank_share): a problem they cannot close can take every second
   * they get (each solver query may run to its limit), and a NO needs time
   * after them */
  budget rb = opt->nonterm && opt->rank_share > 0 ? budget_share(b, opt->rank_share, 0, 0) : b;
  prover pv = {opt, &proof, &reason, 0, 0, rb, false, 0, speculative_cap(rb)};
  bool open = !prove_problems(&pv, s, &work);

  const char *st = s->loc_names[s->start];
  if (!open) {
    out->answer = ITS_PROVE_YES;
    print_preprocessed(&out->proof, input, s, &prelog);
    if (initial == 0)
      strbuf_printf(&out->proof, "proof: no cycle of the location graph is reachable from %s\n", st);
    else
      strbuf_printf(&out->proof,
                    "proof: only the part reachable from %s matters; transitions between SCCs are taken at most "
                    "once; %u SCC(s) with inner transitions; each ranking step below removes its strict "
                    "transitions and the rest is decomposed again; every function was checked against the "
                    "transitions with the solver:\n%s",
                    st, initial, proof.data ? proof.data : "");
  } else {
    strbuf witness = {0};
    util_progress_step("non-termination");
    its_nonterm_options no = {opt->accel};
    if (opt->nonterm && !budget_expired(b) && its_nonterm_with(s, &no, b, &witness, NULL)) {
      out->answer = ITS_PROVE_NO;
      print_preprocessed(&out->proof, input, s, &prelog);
      strbuf_printf(&out->proof, "%s", witness.data ? witness.data : "");
    } else {
      result_maybe(out, reason.data ? reason.data : "unknown");
    }
    strbuf_free(&witness);
  }
  strbuf_free(&prelog), strbuf_free(&proof), strbuf_free(&reason);
  if (s != input) its_free(s);
  assert(out->answer != ITS_PROVE_MAYBE || out->reason.len > 0);
  return out->answer;
}

/* ---- the result across a process boundary ---------------------------------- */

/* "its-prove-result A R P\n" with the answer A (0 MAYBE, 1 YES, 2 NO), the
 * byte lengths R of the reason and P of the proof, then both texts: lengths
 * instead of separators, so that no text can be mistaken for a field. */
static const char result_magic[] = "its-prove-result ";

void its_prove_result_serialise(const its_prove_result *r, strbuf *out) {
  strbuf_printf(out, "%s%d %zu %zu\n", result_magic, (int)r->answer, r->reason.len, r->proof.len);
  if (r->reason.len) strbuf_append(out, r->reason.data, r->reason.len);
  if (r->proof.len) strbuf_append(out, r->proof.data, r->proof.len);
}

bool its_prove_result_parse(const char *text, size_t len, its_prove_result *out) {
  result_init(out);
  size_t ml = sizeof result_magic - 1;
  const char *nl = text ? memchr(text, '\n', len) : NULL;
  int answer;
  unsigned long long rl, pl;
  char head[128];
  size_t hl = nl ? (size_t)(nl - text) : 0;
  if (!nl || hl < ml || hl >= sizeof head || memcmp(text, result_magic, ml) != 0) goto bad;
  memcpy(head, text + ml, hl - ml);
  head[hl - ml] = 0;
  int used = 0;
  if (sscanf(head, "%d %llu %llu%n", &answer, &rl, &pl, &used) != 3 || head[used] != 0) goto bad;
  if (answer < ITS_PROVE_MAYBE || answer > ITS_PROVE_NO) goto bad;
  size_t body = len - hl - 1;
  if (rl > body || pl != body - rl) goto bad;
  if (answer == ITS_PROVE_MAYBE && rl == 0) goto bad;
  out->answer = (its_prove_answer)answer;
  if (rl) strbuf_append(&out->reason, nl + 1, (size_t)rl);
  if (pl) strbuf_append(&out->proof, nl + 1 + rl, (size_t)pl);
  return true;
bad:
  result_maybe(out, "malformed prover answer");
  return false;
}

typedef struct {
  its *s;
  const its_prove_options *opt;
} isolated_job;

/* In the child of util_run_isolated: prove and serialise. */
static void prove_in_child(void *arg, strbuf *text) {
  isolated_job *job = arg;
  its_prove_result r;
  its_prove_with(job->s, job->opt, &r);
  its_prove_result_serialise(&r, text);
  its_prove_result_free(&r);
}

bool its_prove_isolated(its *s, const its_prove_options *opt, its_prove_result *out) {
  /* the child's proof ends a moment before the parent stops waiting */
  its_prove_options inner = *opt;
  inner.budget = budget_reserve(opt->budget, ITS_ISOLATED_MARGIN);
  isolated_job job = {s, &inner};
  strbuf text = {0};
  bool finished = util_run_isolated(opt->budget, prove_in_child, &job, &text);
  bool ok = false;
  if (finished) {
    ok = its_prove_result_parse(text.data, text.len, out);
  } else {
    result_init(out);
    result_maybe(out, text.data ? text.data : "failed");
  }
  strbuf_free(&text);
  return ok;
}

const char *its_prove_reason_line(const its_prove_result *r, int *len) {
  const char *why = r->answer == ITS_PROVE_MAYBE && r->reason.data ? r->reason.data : "MAYBE";
  *len = (int)strcspn(why, "\n");
  return why;
}
