/* prove.c: the driver of the ITS prover: preprocessing, the worklist of
 * termination problems, the techniques in order, non-termination, and the
 * proof text (prove.h: method and soundness argument). */
#include "prove.h"

#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "abstract.h"
#include "nonterm.h"
#include "preprocess.h"
#include "problem.h"
#include "rank_linear.h"
#include "rank_nested.h"
#include "rank_poly.h"

#define UNDEF UINT32_MAX

its_prove_options its_prove_default_options(void) {
  its_prove_options o = {true, true, true, true, true, 3, 0};
  return o;
}

/* ---- SCCs of a set of transitions --------------------------------------- */

typedef VEC(u32_vec) u32_vec_vec;

/* Splits the transitions tidx[0..nt-1] of s into the SCCs of the location
 * graph they span: appends to *out one vector per SCC that has at least one
 * inner transition (its inner transitions); transitions between SCCs are
 * dropped. Only locations reachable from `root` count when root != UNDEF
 * (then transitions leaving unreachable locations are dropped too).
 * Iterative Tarjan. */
static void split_sccs(const its *s, const uint32_t *tidx, uint32_t nt, uint32_t root, u32_vec_vec *out) {
  uint32_t n = s->nlocs;
  uint32_t *ostart = xcalloc((size_t)n + 1, sizeof *ostart);
  uint32_t *otrans = xmalloc((nt ? nt : 1) * sizeof *otrans);
  for (uint32_t k = 0; k < nt; k++) ostart[s->trans.data[tidx[k]].from + 1]++;
  for (uint32_t l = 0; l < n; l++) ostart[l + 1] += ostart[l];
  uint32_t *fill = xmalloc(((size_t)n + 1) * sizeof *fill);
  memcpy(fill, ostart, ((size_t)n + 1) * sizeof *fill);
  for (uint32_t k = 0; k < nt; k++) otrans[fill[s->trans.data[tidx[k]].from]++] = tidx[k];
  free(fill);

  size_t nn = n ? n : 1;
  uint32_t *index = xmalloc(nn * sizeof *index), *low = xmalloc(nn * sizeof *low);
  uint32_t *comp = xmalloc(nn * sizeof *comp);
  bool *onstack = xcalloc(nn, sizeof *onstack);
  uint32_t *stk = xmalloc(nn * sizeof *stk), sp = 0;
  uint32_t *cv = xmalloc(nn * sizeof *cv), *cpos = xmalloc(nn * sizeof *cpos);
  for (uint32_t l = 0; l < n; l++) index[l] = UNDEF, comp[l] = UNDEF;
  uint32_t counter = 0, ncomp = 0;
  for (uint32_t r0 = 0; r0 < n; r0++) {
    uint32_t r = root != UNDEF ? root : r0;
    if (root != UNDEF && r0 > 0) break;
    if (r >= n || index[r] != UNDEF) continue;
    uint32_t csp = 0;
    index[r] = low[r] = counter++;
    stk[sp++] = r, onstack[r] = true;
    cv[csp] = r, cpos[csp] = ostart[r], csp++;
    while (csp > 0) {
      uint32_t v = cv[csp - 1];
      if (cpos[csp - 1] < ostart[v + 1]) {
        uint32_t w = s->trans.data[otrans[cpos[csp - 1]++]].to;
        if (index[w] == UNDEF) {
          index[w] = low[w] = counter++;
          stk[sp++] = w, onstack[w] = true;
          cv[csp] = w, cpos[csp] = ostart[w], csp++;
        } else if (onstack[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
      } else {
        csp--;
        if (low[v] == index[v]) {
          uint32_t w;
          do {
            w = stk[--sp];
            onstack[w] = false;
            comp[w] = ncomp;
          } while (w != v);
          ncomp++;
        }
        if (csp > 0) {
          uint32_t u = cv[csp - 1];
          if (low[v] < low[u]) low[u] = low[v];
        }
      }
    }
  }
  /* group inner transitions by SCC, in the order of tidx */
  uint32_t *slot = xmalloc((ncomp ? ncomp : 1) * sizeof *slot);
  for (uint32_t c = 0; c < ncomp; c++) slot[c] = UNDEF;
  for (uint32_t k = 0; k < nt; k++) {
    const its_trans *tr = &s->trans.data[tidx[k]];
    uint32_t c = comp[tr->from];
    if (c == UNDEF || c != comp[tr->to]) continue;
    if (slot[c] == UNDEF) {
      slot[c] = (uint32_t)out->len;
      u32_vec empty = {0};
      VEC_PUSH(*out, empty);
    }
    VEC_PUSH(out->data[slot[c]], tidx[k]);
  }
  free(slot);
  free(ostart), free(otrans), free(index), free(low), free(comp), free(onstack), free(stk), free(cv), free(cpos);
}

/* ---- one problem ---------------------------------------------------------- */

typedef struct {
  its_problem p;
  uint32_t *tidx, *locs, *lloc;
} problem_buf;

static void problem_init(problem_buf *b, its *s, const u32_vec *trans, unsigned timeout_ms) {
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
  b->p = (its_problem){s, nt, b->tidx, nloc, b->locs, b->lloc, timeout_ms};
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

/* A rank_func of the linear technique as an its_rank_step over s->pre. */
static its_rank_step *step_of_rank_func(const its_problem *p, const rank_func *f) {
  smt_ctx *ctx = p->s->ctx;
  its_rank_step *st = its_rank_step_new(p->nloc, p->nt, "linear");
  for (uint32_t l = 0; l < p->nloc; l++) {
    smt_term r = smt_mk_int_mpz(ctx, rank_func_coef(f, l, 0));
    for (uint32_t i = 0; i < f->nvars; i++) {
      mpz_ptr c = rank_func_coef(f, l, i + 1);
      if (mpz_sgn(c)) r = smt_mk_int_add2(ctx, r, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, c), p->s->pre[i]));
    }
    st->f[l] = r;
  }
  for (uint32_t k = 0; k < p->nt; k++) st->strict[k] = f->strict[k];
  return st;
}

static its_rank_step *try_linear(const its_problem *p, rank_status *status) {
  its_abs_stats ast = {0, 0};
  lin_scc *scc = its_abstract_problem(p, &ast);
  rank_func *f = NULL;
  *status = rank_linear(p->s->ctx, scc, NULL, p->timeout_ms, &f, NULL);
  its_rank_step *st = NULL;
  if (*status == RANK_FOUND) st = step_of_rank_func(p, f);
  rank_func_free(f);
  lin_scc_free(scc);
  return st;
}

typedef struct {
  const its_prove_options *opt;
  strbuf *proof;
  strbuf *reason;
  uint32_t steps, nested_closed;
  double deadline;       /* util_now() value, 0 = none */
} prover;

/* Past the overall budget? (Each solver check is capped by the same
 * deadline through smt_set_deadline, set in its_prove_with.) */
static bool out_of_time(const prover *pv) { return pv->deadline > 0 && util_now() >= pv->deadline; }

/* The relation of transition t with its pre-state renamed to `pre`, its
 * post-state to `post` and its temporaries to fresh variables (so that two
 * relations can be composed without capturing each other's temporaries). */
static smt_term relation_renamed(const its *s, uint32_t t, const smt_term *pre, const smt_term *post) {
  smt_ctx *ctx = s->ctx;
  const its_trans *tr = &s->trans.data[t];
  uint32_t n = s->nvars, m = tr->ntemps;
  smt_term *from = xmalloc((2 * (size_t)n + m + 1) * sizeof *from);
  smt_term *to = xmalloc((2 * (size_t)n + m + 1) * sizeof *to);
  for (uint32_t i = 0; i < n; i++) {
    from[i] = s->pre[i], to[i] = pre[i];
    from[n + i] = s->post[i], to[n + i] = post[i];
  }
  for (uint32_t j = 0; j < m; j++) {
    from[2 * n + j] = tr->temps[j];
    to[2 * n + j] = smt_mk_fresh(ctx, "de.t", smt_term_sort(ctx, tr->temps[j]));
  }
  smt_term r = its_subst(ctx, its_problem_relation(s, t), 2 * n + m, from, to);
  free(from), free(to);
  return r;
}

/* Dead ends: a transition t of the problem after which no transition of the
 * problem can follow (t's relation composed with each successor's is
 * unsatisfiable) occurs at most once, as the last step, in a run that stays
 * inside the problem; so the problem terminates iff it does without t (seed
 * 001 Sect. 3.3 item 1, on transitions). Typical source: the wrap-around of
 * a counter, which sets it to the value that exits the loop. Returns true
 * when some transition was removed (the rest is decomposed again). */
static bool drop_dead_ends(prover *pv, const its_problem *p, u32_vec_vec *work) {
  its *s = p->s;
  smt_ctx *ctx = s->ctx;
  if (p->nt > 200) return false; /* quadratic in the transitions */
  uint32_t n = s->nvars;
  smt_term *mid = xmalloc((n ? n : 1) * sizeof *mid), *last = xmalloc((n ? n : 1) * sizeof *last);
  for (uint32_t i = 0; i < n; i++) {
    mid[i] = smt_mk_fresh(ctx, "de.m", SMT_SORT_INT);
    last[i] = smt_mk_fresh(ctx, "de.l", SMT_SORT_INT);
  }
  bool *dead = xcalloc(p->nt ? p->nt : 1, sizeof *dead);
  bool any = false;
  for (uint32_t k = 0; k < p->nt && !out_of_time(pv); k++) {
    const its_trans *tk = &s->trans.data[p->tidx[k]];
    smt_term first = relation_renamed(s, p->tidx[k], s->pre, mid);
    bool followed = false;
    for (uint32_t j = 0; j < p->nt && !followed; j++) {
      if (s->trans.data[p->tidx[j]].from != tk->to) continue;
      smt_term second = relation_renamed(s, p->tidx[j], mid, last);
      followed = smt_is_sat(ctx, smt_mk_and2(ctx, first, second)) != SMT_UNSAT;
    }
    dead[k] = !followed;
    any |= dead[k];
  }
  free(mid), free(last);
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
  /* 1. linear */
  if (pv->opt->linear) {
    rank_status rs;
    st = try_linear(p, &rs);
    if (!st) why = rs == RANK_UNKNOWN ? "linear ranking: solver gave up" : "no linear ranking function";
  }
  /* dead ends out first: they can hide a linear ranking function */
  if (!st && !out_of_time(pv) && drop_dead_ends(pv, p, work)) return true;
  /* 2. nested: closes the whole problem */
  if (!st && pv->opt->nested && !out_of_time(pv)) {
    its_nested *n = NULL;
    rank_status rs = its_rank_nested(p, pv->opt->nested_depth ? pv->opt->nested_depth : 3, &n);
    if (rs == RANK_FOUND && its_check_nested(p, n) == SMT_YES) {
      print_problem_head(pv->proof, p);
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
    if (rs == RANK_FOUND) why = "nested ranking function failed its check";
    its_nested_free(n);
  }
  /* 3. polynomial */
  if (!st && pv->opt->poly && !out_of_time(pv)) {
    its_rank_step *ps = NULL;
    rank_status rs = its_rank_poly(p, &ps);
    if (rs == RANK_FOUND) st = ps;
    else its_rank_step_free(ps);
  }
  if (!st || its_check_step(p, st) != SMT_YES) {
    if (st) why = "ranking function failed its check against the original transitions";
    print_problem_head(pv->reason, p);
    strbuf_printf(pv->reason, ": %s", why);
    its_rank_step_free(st);
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

its_prove_answer its_prove(its *s, unsigned timeout_ms, strbuf *out) {
  its_prove_options o = its_prove_default_options();
  return its_prove_with(s, &o, timeout_ms, out);
}

its_prove_answer its_prove_with(its *input, const its_prove_options *opt, unsigned timeout_ms, strbuf *out) {
  smt_ctx *ctx = input->ctx;
  smt_set_timeout(ctx, timeout_ms);
  if (input->start == ITS_NONE || input->start >= input->nlocs) {
    strbuf_printf(out, "MAYBE\nreason: no start location\n");
    return ITS_PROVE_MAYBE;
  }
  strbuf prelog = {0}, proof = {0}, reason = {0};
  its *s = input;
  /* the budget bounds every solver check from here on (smt_set_deadline) */
  double deadline = opt->seconds > 0 ? util_now() + opt->seconds : 0;
  double outer_deadline = smt_deadline(ctx);
  if (deadline > 0 && (outer_deadline <= 0 || deadline < outer_deadline)) smt_set_deadline(ctx, deadline);
  if (opt->preprocess) {
    its_pre_stats pst;
    memset(&pst, 0, sizeof pst);
    s = its_preprocess(input, timeout_ms, &pst, &prelog);
  }

  u32_vec all = {0};
  for (uint32_t k = 0; k < (uint32_t)s->trans.len; k++) VEC_PUSH(all, k);
  u32_vec_vec work = {0};
  split_sccs(s, all.data, (uint32_t)all.len, s->start, &work);
  VEC_FREE(all);
  uint32_t initial = (uint32_t)work.len;

  prover pv = {opt, &proof, &reason, 0, 0, deadline};
  bool open = false;
  for (size_t w = 0; w < work.len && !open; w++) {
    problem_buf b;
    problem_init(&b, s, &work.data[w], timeout_ms);
    open = !rank_problem(&pv, &b.p, &work);
    problem_release(&b);
  }
  for (size_t w = 0; w < work.len; w++) VEC_FREE(work.data[w]);
  VEC_FREE(work);

  its_prove_answer answer = ITS_PROVE_YES;
  const char *st = s->loc_names[s->start];
  if (!open) {
    strbuf_printf(out, "YES\n");
    print_preprocessed(out, input, s, &prelog);
    if (initial == 0)
      strbuf_printf(out, "proof: no cycle of the location graph is reachable from %s\n", st);
    else
      strbuf_printf(out,
                    "proof: only the part reachable from %s matters; transitions between SCCs are taken at most "
                    "once; %u SCC(s) with inner transitions; each ranking step below removes its strict "
                    "transitions and the rest is decomposed again; every function was checked against the "
                    "transitions with the solver:\n%s",
                    st, initial, proof.data ? proof.data : "");
  } else {
    strbuf witness = {0};
    if (opt->nonterm && !out_of_time(&pv) && its_nonterm(s, timeout_ms, &witness, NULL)) {
      answer = ITS_PROVE_NO;
      strbuf_printf(out, "NO\n");
      print_preprocessed(out, input, s, &prelog);
      strbuf_printf(out, "%s", witness.data ? witness.data : "");
    } else {
      answer = ITS_PROVE_MAYBE;
      strbuf_printf(out, "MAYBE\nreason: %s\n", reason.data ? reason.data : "unknown");
    }
    strbuf_free(&witness);
  }
  smt_set_deadline(ctx, outer_deadline);
  strbuf_free(&prelog), strbuf_free(&proof), strbuf_free(&reason);
  if (s != input) its_free(s);
  return answer;
}
