/* nonterm.c: proofs of non-termination of an ITS (nonterm.h).
 *
 * The pieces, in the order its_nonterm() uses them:
 *   - loops: the simple cycles of the location graph reachable from the
 *     start (self-loops first, then longer ones up to NT_MAX_CYCLE_LEN
 *     transitions), each composed into one transition over the header
 *     location's pre-state variables with the temporaries of every
 *     position renamed apart ("nt.c!N") and every unconstrained update
 *     turned into a fresh variable ("nt.u!N");
 *   - bmc: one incremental solver of our own (not the query solver, so that
 *     smt_is_sat / smt_implies can be asked while its assertions stand)
 *     holding the unrolling of the ITS from the start location; a
 *     reachability question "some path of <= D transitions ends at l in a
 *     state satisfying T" is one push / assert / check / pop on it;
 *   - the three techniques (fixed points, closed recurrent sets, lassos)
 *     and the independent checks of their witnesses;
 *   - printing of the witness.
 *
 * Soundness argument for NO
 * -------------------------
 * A concrete path from the start location is checked by evaluating the
 * ORIGINAL guards and updates of its transitions (smt_eval, exact) on the
 * model's values of the states and temporaries. Then:
 *   fixed point: the cycle t_1 .. t_k is evaluated concretely from the last
 *     state x of the path with the model's values of its temporaries (and
 *     of its unconstrained updates); every guard holds and the state after
 *     t_k is x again. Repeating the cycle with the same values forever is
 *     an infinite run.
 *   lasso: the path itself visits the same location with the same state at
 *     steps i < j; repeating steps i .. j-1 (same temporaries) forever is an
 *     infinite run.
 *   recurrent set: the temporaries of the cycle (and its unconstrained
 *     updates) are replaced by terms c over the header's state x, which
 *     makes the cycle a function x -> u(x). For the set G (a formula over x)
 *     smt_implies proves, transition by transition on the original terms,
 *     G(x) => guard_j(v_{j-1}(x), c_j(x)) for every position j (v_j the
 *     state after j steps) and G(x) => G(v_k(x)); the path ends at the
 *     header in a state for which G evaluates to true. From there the cycle
 *     can always be taken again and G is never left: an infinite run.
 * The solvers only propose; nothing is returned before these checks.
 */
#include "nonterm.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "accel.h"
#include "transform.h"

#define NT_MAX_CYCLE_LEN 16      /* transitions per simple cycle */
#define NT_MAX_LOOPS 128         /* cycles kept */
#define NT_DFS_BUDGET 200000     /* DFS expansions when enumerating cycles */
#define NT_MAX_DNF 8             /* disjuncts of a loop guard */
#define NT_MAX_CLOSURE_PER_LOOP 48
#define NT_MAX_CLOSURE 800       /* recurrent-set validity queries in all */
#define NT_MAX_REACH 24          /* reachability queries per technique */
#define NT_LASSO_DEPTH 24
#define NT_QUERY_CAP_MS 2000     /* per speculative query, when the caller's limit is larger */
#define NT_MAX_WALKS 64          /* closed walks of two loops (options.accel) */
#define NT_MAX_WALK_PART 4       /* transitions per loop of a walk */

/* ---- loops ------------------------------------------------------------------ */

typedef struct {
  uint32_t len, loc; /* number of transitions, header location */
  uint32_t *tr;      /* the transitions, tr[0] leaves loc, tr[len-1] enters it */
  smt_term guard;    /* composed guard over pre + ctemps */
  smt_term *upd;     /* composed update of every variable, over pre + ctemps */
  smt_term **tmp;    /* tmp[j][m]: the renamed m-th temporary of tr[j] */
  smt_term **uv;     /* uv[j][i]: the variable standing for x_i' when tr[j] leaves it unconstrained */
  smt_term_vec ctemps;       /* every tmp and uv, in order of position */
  smt_term_vec ckeep;        /* parallel: for a uv, the value of x_i before tr[j]; SMT_NULL for a tmp */
  bool accel;                /* a walk of two loops, or a transition of it accelerated (options.accel) */
} nt_loop;

/* ---- unrolling -------------------------------------------------------------- */

typedef struct {
  uint32_t k;  /* transition */
  smt_term sel; /* Bool: this transition is taken at this step */
  smt_term *tmp;
} bmc_choice;

typedef struct {
  smt_term pc, act; /* location (Int), "step j is taken" (Bool) */
  smt_term *x;      /* state before step j */
  bmc_choice *ch;
  uint32_t nch;
} bmc_step;

typedef struct {
  uint32_t len;   /* transitions */
  uint32_t *loc;  /* len + 1 */
  uint32_t *tr;   /* len */
  mpz_t *x;       /* (len + 1) * n */
  mpz_t **tv;     /* tv[j]: values of the temporaries of tr[j] */
} nt_path;

typedef struct {
  its *s;
  smt_ctx *ctx;
  budget spec; /* speculative queries: the caller's, at most NT_QUERY_CAP_MS each */
  budget full; /* the caller's: the re-checks of a witness */
  its_nonterm_stats *st;
  uint32_t n, nl, ntr; /* ntr: the input's transitions (s may have accelerated ones after them) */
  const its_accel *acc; /* options.accel: s is acc->s */
  bool *reach;  /* location reachable from start in the graph */
  bool *useful; /* location can reach a location on a cycle */
  bool has_cycle;
  VEC(nt_loop *) loops;
  /* unrolling */
  smt_solver *bmc;
  uint32_t built;
  bmc_step steps[NT_LASSO_DEPTH > ITS_NONTERM_MAX_PATH ? NT_LASSO_DEPTH + 1 : ITS_NONTERM_MAX_PATH + 1];
  bool *F[ITS_NONTERM_MAX_PATH + NT_LASSO_DEPTH + 1]; /* F[j][l]: l possible at step j */
  uint32_t closure_queries, reach_queries; /* reach_queries: of the current technique */
  bool uneval; /* a check could not evaluate the witness (div/mod by 0, an accelerated loop too long to
                 replay): unconfirmed, not a failed check */
  /* sets found unreachable (within the bound) at a location, or on which
   * the solver gave up: a set whose conjuncts include all of one of them is
   * unreachable too (or as hard), and is not asked about */
  VEC(struct unreach { uint32_t loc; smt_term set; }) unreach;
} nt;

/* ---- small helpers ---------------------------------------------------------- */

static smt_term zero_of(smt_ctx *ctx, smt_sort s) {
  if (smt_sort_is_int(s)) return smt_mk_int(ctx, 0);
  if (smt_sort_is_bool(s)) return SMT_FALSE;
  if (smt_sort_is_bv(s)) return smt_mk_bv(ctx, smt_sort_width(s), 0);
  return SMT_NULL;
}

/* A constant term's value in smt_eval's encoding; false if t is no constant. */
static bool const_mpz(smt_ctx *ctx, smt_term t, mpz_t out) {
  if (t == SMT_TRUE || t == SMT_FALSE) {
    mpz_set_ui(out, t == SMT_TRUE);
    return true;
  }
  if (t == SMT_NULL || !smt_term_is_const(ctx, t)) return false;
  mpz_set(out, smt_term_value(ctx, t));
  return true;
}

static smt_term mpz_const(smt_ctx *ctx, smt_sort s, mpz_srcptr v) {
  if (smt_sort_is_int(s)) return smt_mk_int_mpz(ctx, v);
  if (smt_sort_is_bool(s)) return smt_mk_bool(ctx, mpz_sgn(v) != 0);
  if (smt_sort_is_bv(s)) return smt_mk_bv_mpz(ctx, smt_sort_width(s), v);
  return SMT_NULL;
}

static bool model_mpz(smt_solver *sv, smt_term t, mpz_t out) {
  return const_mpz(sv->ctx, smt_solver_value(sv, t), out);
}

static mpz_t *mpzv_new(size_t len) {
  mpz_t *v = xmalloc((len ? len : 1) * sizeof *v);
  for (size_t i = 0; i < len; i++) mpz_init(v[i]);
  return v;
}
static void mpzv_free(mpz_t *v, size_t len) {
  if (!v) return;
  for (size_t i = 0; i < len; i++) mpz_clear(v[i]);
  free(v);
}

/* memcpy of n terms; src may be NULL when n == 0 (an ITS without variables). */
static void copy_terms(smt_term *dst, const smt_term *src, size_t n) {
  if (n) memcpy(dst, src, n * sizeof *dst);
}

static smt_term fresh_like(smt_ctx *ctx, const char *prefix, smt_term v) {
  return smt_mk_fresh(ctx, prefix, smt_term_sort(ctx, v));
}

/* Evaluates t with pre[i] := x[i] and temps[m] := tv[m]. */
static bool eval_at(nt *c, smt_term t, mpz_t *x, uint32_t nt_, const smt_term *temps, mpz_t *tv, mpz_t out) {
  uint32_t n = c->n, m = n + nt_;
  smt_term *vars = xmalloc((m ? m : 1) * sizeof *vars);
  mpz_srcptr *vals = xmalloc((m ? m : 1) * sizeof *vals);
  for (uint32_t i = 0; i < n; i++) vars[i] = c->s->pre[i], vals[i] = x[i];
  for (uint32_t i = 0; i < nt_; i++) vars[n + i] = temps[i], vals[n + i] = tv[i];
  bool ok = smt_eval(c->ctx, t, m, vars, vals, out);
  if (!ok) c->uneval = true;
  free(vars);
  free(vals);
  return ok;
}

static void print_mpz(strbuf *out, mpz_srcptr v) {
  char *str = mpz_get_str(NULL, 10, v);
  strbuf_printf(out, "%s", str);
  free(str);
}

static void print_state(nt *c, strbuf *out, mpz_t *x) {
  strbuf_printf(out, "{");
  for (uint32_t i = 0; i < c->n; i++) {
    strbuf_printf(out, "%s%s = ", i ? ", " : "", c->s->var_names[i]);
    print_mpz(out, x[i]);
  }
  strbuf_printf(out, "}");
}

/* A witness the independent check rejected. A definite contradiction means
 * a bug (in the encoding, the solver or this file) and is reported on
 * stderr; a term without a value on the witness (Int div/mod by 0, which
 * SMT-LIB leaves uninterpreted and a model may interpret freely) only
 * drops the witness. */
static void reject(nt *c, const char *what, const char *detail) {
  if (c->uneval) {
    c->st->unconfirmed++;
    c->uneval = false;
    return;
  }
  c->st->check_failures++;
  fprintf(stderr, "nonterm: internal error: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

/* ---- linear pieces of atoms ------------------------------------------------- */

/* For the Int term d (a normalized sum), finds a summand v (a variable in
 * cand[0..nc) that is not yet resolved) with coefficient +1 or -1 such that
 * d - coef*v mentions only pre-state variables. *coef gets the sign, *rest
 * the term d - coef*v. */
static bool solve_summand(nt *c, smt_term d, const smt_term *cand, const smt_term *res, uint32_t nc, uint32_t *which,
                          int *coef, smt_term *rest) {
  smt_ctx *ctx = c->ctx;
  assert(smt_sort_is_int(smt_term_sort(ctx, d)));
  uint32_t na = smt_term_kind(ctx, d) == SMT_INT_ADD ? smt_term_nargs(ctx, d) : 1;
  for (uint32_t a = 0; a < na; a++) {
    smt_term m = na == 1 && smt_term_kind(ctx, d) != SMT_INT_ADD ? d : smt_term_arg(ctx, d, a);
    smt_term v = m;
    int sg = 1;
    if (smt_term_kind(ctx, m) == SMT_INT_MUL && smt_term_nargs(ctx, m) == 2 &&
        smt_term_kind(ctx, smt_term_arg(ctx, m, 0)) == SMT_INT_CONST) {
      mpz_srcptr k = smt_term_value(ctx, smt_term_arg(ctx, m, 0));
      if (mpz_cmp_si(k, -1) != 0) continue;
      sg = -1;
      v = smt_term_arg(ctx, m, 1);
    }
    if (smt_term_kind(ctx, v) != SMT_VAR) continue;
    uint32_t w = ITS_NONE;
    for (uint32_t i = 0; i < nc; i++)
      if (cand[i] == v && res[i] == SMT_NULL) w = i;
    if (w == ITS_NONE || !smt_sort_is_int(smt_term_sort(ctx, v))) continue;
    smt_term r = smt_mk_int_sub(ctx, d, sg > 0 ? v : smt_mk_int_neg(ctx, v));
    smt_term_vec vs = {0};
    smt_term_vars(ctx, r, &vs);
    bool ok = true;
    for (size_t i = 0; i < vs.len && ok; i++) ok = its_var_of_term(c->s, vs.data[i]) != ITS_NONE;
    VEC_FREE(vs);
    if (!ok) continue;
    *which = w, *coef = sg, *rest = r;
    return true;
  }
  return false;
}

/* The difference lhs - rhs of an Int atom (<=, <, >=, >, =): *kind is
 * SMT_INT_LE (d <= 0) or SMT_EQ (d = 0). False for other atoms. After
 * smt_mk the comparisons are (<= p k) and equalities (= p k). */
static bool atom_diff(smt_ctx *ctx, smt_term a, smt_term *d, smt_kind *kind) {
  smt_kind k = smt_term_kind(ctx, a);
  if (k != SMT_INT_LE && k != SMT_EQ) return false;
  smt_term l = smt_term_arg(ctx, a, 0), r = smt_term_arg(ctx, a, 1);
  if (!smt_sort_is_int(smt_term_sort(ctx, l))) return false;
  *d = smt_mk_int_sub(ctx, l, r);
  *kind = k;
  return true;
}

/* ---- loops: enumeration and composition ---------------------------------------- */

static void loop_free(nt_loop *L) {
  if (!L) return;
  for (uint32_t j = 0; j < L->len; j++) free(L->tmp[j]), free(L->uv[j]);
  free(L->tmp), free(L->uv), free(L->tr), free(L->upd);
  VEC_FREE(L->ctemps);
  VEC_FREE(L->ckeep);
  free(L);
}

static nt_loop *loop_build(nt *c, const uint32_t *tr, uint32_t len) {
  uint32_t n = c->n;
  assert(len >= 1 && len <= NT_MAX_CYCLE_LEN);
  nt_loop *L = xcalloc(1, sizeof *L);
  L->len = len;
  L->tr = xmalloc(len * sizeof *L->tr);
  memcpy(L->tr, tr, len * sizeof *tr);
  L->loc = c->s->trans.data[tr[0]].from;
  L->tmp = xcalloc(len, sizeof *L->tmp);
  L->uv = xcalloc(len, sizeof *L->uv);
  L->upd = xmalloc((n ? n : 1) * sizeof *L->upd);
  its_chain ch;
  its_chain_init(&ch, c->s, "nt.c", "nt.u");
  smt_term *before = xmalloc((n ? n : 1) * sizeof *before);
  for (uint32_t j = 0; j < len; j++) {
    const its_trans *t = &c->s->trans.data[tr[j]];
    L->tmp[j] = xmalloc((t->ntemps ? t->ntemps : 1) * sizeof **L->tmp);
    L->uv[j] = xcalloc(n ? n : 1, sizeof **L->uv);
    its_chain_append(&ch, t, L->tmp[j], L->uv[j], before);
    for (uint32_t k = 0; k < t->ntemps; k++) {
      VEC_PUSH(L->ctemps, L->tmp[j][k]);
      VEC_PUSH(L->ckeep, SMT_NULL);
    }
    for (uint32_t i = 0; i < n; i++)
      if (L->uv[j][i] != SMT_NULL) {
        VEC_PUSH(L->ctemps, L->uv[j][i]);
        VEC_PUSH(L->ckeep, before[i]);
      }
  }
  free(before);
  assert(c->s->trans.data[tr[len - 1]].to == L->loc); /* a cycle: back at its header */
  assert(L->ctemps.len == L->ckeep.len);                /* parallel vectors */
  L->guard = ch.guard;
  copy_terms(L->upd, ch.state, n);
  for (uint32_t j = 0; j < len; j++) L->accel |= tr[j] >= c->ntr;
  its_chain_free(&ch);
  return L;
}

typedef struct {
  nt *c;
  const graph *g; /* the location graph (edge ids: transitions) */
  uint32_t *path;
  bool *onpath;
  uint32_t root, want;
  uint64_t budget;
} dfs_ctx;

/* Simple cycles through root of exactly `want` transitions whose other
 * locations have larger indices than root (each cycle found once). */
static void dfs(dfs_ctx *d, uint32_t v, uint32_t depth) {
  nt *c = d->c;
  if (c->loops.len >= NT_MAX_LOOPS || d->budget == 0) return;
  assert(depth < d->want && d->want <= NT_MAX_CYCLE_LEN); /* path has room for this step */
  d->budget--;
  for (uint32_t e = d->g->start[v]; e < d->g->start[v + 1]; e++) {
    uint32_t k = d->g->id[e];
    uint32_t w = c->s->trans.data[k].to;
    if (!c->reach[w] || k >= c->ntr) continue; /* accelerated transitions come after (find_walks) */
    d->path[depth] = k;
    if (w == d->root) {
      if (depth + 1 == d->want) VEC_PUSH(c->loops, loop_build(c, d->path, d->want));
      if (c->loops.len >= NT_MAX_LOOPS) return;
    } else if (w > d->root && !d->onpath[w] && depth + 1 < d->want) {
      d->onpath[w] = true;
      dfs(d, w, depth + 1);
      d->onpath[w] = false;
    }
  }
}

/* options.accel: the accelerated self-loops (accel.h) as loops, then the
 * closed walks of two loops through the same header, both orders, up to
 * NT_MAX_WALKS: chaining loops as LoAT does ("[loops] are chained ... to
 * obtain a single loop", Frohn and Giesl, FMCAD 2019, Sect. 5), so that
 * alternating loops (x > 0: x = -x - 1; x < 0: x = -x + 1) and a loop
 * followed by an accelerated inner loop become one loop whose recurrent
 * set the closure technique finds. */
static void find_walks(nt *c) {
  if (!c->acc) return;
  for (uint32_t k = c->ntr; k < (uint32_t)c->s->trans.len; k++)
    if (c->reach[c->s->trans.data[k].from] && c->loops.len < NT_MAX_LOOPS + ITS_ACCEL_MAX)
      VEC_PUSH(c->loops, loop_build(c, &k, 1));
  size_t nloops = c->loops.len;
  uint32_t walks = 0;
  uint32_t tr[2 * NT_MAX_WALK_PART];
  for (size_t i = 0; i < nloops && walks < NT_MAX_WALKS; i++)
    for (size_t j = i + 1; j < nloops && walks < NT_MAX_WALKS; j++) {
      const nt_loop *A = c->loops.data[i], *B = c->loops.data[j];
      if (A->loc != B->loc || A->len > NT_MAX_WALK_PART || B->len > NT_MAX_WALK_PART) continue;
      for (int order = 0; order < 2 && walks < NT_MAX_WALKS; order++) {
        const nt_loop *P = order ? B : A, *Q = order ? A : B;
        memcpy(tr, P->tr, P->len * sizeof *tr);
        memcpy(tr + P->len, Q->tr, Q->len * sizeof *tr);
        nt_loop *W = loop_build(c, tr, P->len + Q->len);
        W->accel = true;
        VEC_PUSH(c->loops, W);
        walks++;
      }
    }
  c->st->walks = walks;
}

/* Marks the locations reachable from the start, enumerates the loops
 * (simple cycles by increasing length) and marks the locations that can
 * reach a location on a cycle. */
static void find_loops(nt *c) {
  uint32_t nl = c->nl;
  const its *s = c->s;
  graph g, rev;
  its_location_graph(s, NULL, 0, &g);
  dfs_ctx d = {c, &g, NULL, NULL, 0, 0, NT_DFS_BUDGET};
  /* reachable locations */
  c->reach = xcalloc(nl ? nl : 1, sizeof *c->reach);
  graph_reach(&g, &s->start, 1, c->reach);
  /* loops */
  d.path = xmalloc(NT_MAX_CYCLE_LEN * sizeof *d.path);
  d.onpath = xcalloc(nl ? nl : 1, sizeof *d.onpath);
  for (uint32_t want = 1; want <= NT_MAX_CYCLE_LEN; want++)
    for (uint32_t l = 0; l < nl; l++) {
      if (!c->reach[l]) continue;
      d.root = l, d.want = want;
      dfs(&d, l, 0);
    }
  /* useful: can reach a reachable location on a cycle (one that reaches
   * itself in one or more steps); the unrolling needs no other location */
  uint32_t *comp = xmalloc((nl ? nl : 1) * sizeof *comp), *cyc = xmalloc((nl ? nl : 1) * sizeof *cyc), ncyc = 0;
  bool *on_cycle = xmalloc((nl ? nl : 1) * sizeof *on_cycle);
  graph_sccs(&g, NULL, 0, comp);
  graph_nodes_on_cycle(&g, comp, on_cycle);
  for (uint32_t l = 0; l < nl; l++)
    if (c->reach[l] && on_cycle[l]) cyc[ncyc++] = l;
  c->useful = xcalloc(nl ? nl : 1, sizeof *c->useful);
  graph_reverse(&g, &rev);
  graph_reach(&rev, cyc, ncyc, c->useful);
  c->has_cycle = ncyc > 0;
  free(comp), free(cyc), free(on_cycle);
  graph_free(&rev);
  graph_free(&g);
  free(d.path), free(d.onpath);
}

/* ---- bounded unrolling from the start ---------------------------------------- */

static void bmc_new_state(nt *c, bmc_step *st) {
  st->pc = smt_mk_fresh(c->ctx, "nt.pc", SMT_SORT_INT);
  st->x = xmalloc((c->n ? c->n : 1) * sizeof *st->x);
  for (uint32_t i = 0; i < c->n; i++) st->x[i] = smt_mk_fresh(c->ctx, "nt.x", SMT_SORT_INT);
}

static void bmc_init(nt *c) {
  smt_ctx *ctx = c->ctx;
  assert(c->s->start < c->nl && !c->bmc);
  c->bmc = smt_solver_new(ctx, SMT_BACKEND_Z3);
  bmc_new_state(c, &c->steps[0]);
  smt_solver_assert(c->bmc, smt_mk_eq(ctx, c->steps[0].pc, smt_mk_int(ctx, c->s->start)));
  c->F[0] = xcalloc(c->nl, sizeof **c->F);
  c->F[0][c->s->start] = true;
  c->built = 0;
}

/* Adds steps until the unrolling has D transitions. */
static void bmc_extend(nt *c, uint32_t D) {
  smt_ctx *ctx = c->ctx;
  const its *s = c->s;
  uint32_t n = c->n;
  assert(D < sizeof c->steps / sizeof *c->steps && D < sizeof c->F / sizeof *c->F);
  if (!c->bmc) bmc_init(c);
  while (c->built < D) {
    uint32_t j = c->built;
    bmc_step *a = &c->steps[j], *b = &c->steps[j + 1];
    bmc_new_state(c, b);
    a->act = smt_mk_fresh(ctx, "nt.act", SMT_SORT_BOOL);
    c->F[j + 1] = xcalloc(c->nl, sizeof **c->F);
    a->ch = xmalloc((c->ntr ? c->ntr : 1) * sizeof *a->ch);
    a->nch = 0;
    smt_term_vec sels = {0};
    for (uint32_t k = 0; k < c->ntr; k++) {
      const its_trans *t = &s->trans.data[k];
      if (!c->F[j][t->from] || !c->useful[t->to]) continue;
      bmc_choice *ch = &a->ch[a->nch++];
      ch->k = k;
      ch->sel = smt_mk_fresh(ctx, "nt.sel", SMT_SORT_BOOL);
      ch->tmp = xmalloc((t->ntemps ? t->ntemps : 1) * sizeof *ch->tmp);
      uint32_t m = n + t->ntemps;
      smt_term *vars = xmalloc((m ? m : 1) * sizeof *vars), *repl = xmalloc((m ? m : 1) * sizeof *repl);
      copy_terms(vars, s->pre, n);
      copy_terms(repl, a->x, n);
      for (uint32_t q = 0; q < t->ntemps; q++) {
        ch->tmp[q] = fresh_like(ctx, "nt.r", t->temps[q]);
        vars[n + q] = t->temps[q], repl[n + q] = ch->tmp[q];
      }
      smt_term rel = smt_mk_and2(ctx, smt_mk_eq(ctx, a->pc, smt_mk_int(ctx, t->from)),
                                 smt_mk_eq(ctx, b->pc, smt_mk_int(ctx, t->to)));
      rel = smt_mk_and2(ctx, rel, smt_subst(ctx, t->guard, m, vars, repl));
      for (uint32_t i = 0; i < n; i++)
        if (t->update[i] != SMT_NULL)
          rel = smt_mk_and2(ctx, rel, smt_mk_eq(ctx, b->x[i], smt_subst(ctx, t->update[i], m, vars, repl)));
      free(vars), free(repl);
      smt_solver_assert(c->bmc, smt_mk_implies(ctx, ch->sel, rel));
      VEC_PUSH(sels, ch->sel);
      c->F[j + 1][t->to] = true;
    }
    assert(a->nch <= c->ntr && sels.len == a->nch);
    smt_solver_assert(c->bmc, smt_mk_implies(ctx, a->act, smt_mk_or(ctx, (uint32_t)sels.len, sels.data)));
    if (j > 0) smt_solver_assert(c->bmc, smt_mk_implies(ctx, a->act, c->steps[j - 1].act));
    VEC_FREE(sels);
    c->built++;
  }
}

static void path_clear(nt *c, nt_path *p) {
  if (!p->loc) return;
  mpzv_free(p->x, ((size_t)p->len + 1) * c->n);
  for (uint32_t j = 0; j < p->len; j++)
    if (p->tv[j]) mpzv_free(p->tv[j], c->s->trans.data[p->tr[j]].ntemps);
  free(p->tv), free(p->loc), free(p->tr);
  memset(p, 0, sizeof *p);
}

/* After SAT: the path of d transitions from the model (false, nothing
 * kept, when a value cannot be read). */
static bool read_path(nt *c, uint32_t d, nt_path *p) {
  uint32_t n = c->n;
  assert(d <= c->built && !p->loc); /* within the unrolling; p empty */
  p->len = d;
  p->loc = xmalloc(((size_t)d + 1) * sizeof *p->loc);
  p->tr = xcalloc(d ? d : 1, sizeof *p->tr);
  p->x = mpzv_new(((size_t)d + 1) * n);
  p->tv = xcalloc(d ? d : 1, sizeof *p->tv); /* NULL until read */
  p->loc[0] = c->s->start;
  bool ok = true;
  for (uint32_t j = 0; j <= d && ok; j++)
    for (uint32_t i = 0; i < n && ok; i++) ok = model_mpz(c->bmc, c->steps[j].x[i], p->x[(size_t)j * n + i]);
  for (uint32_t j = 0; j < d && ok; j++) {
    const bmc_step *a = &c->steps[j];
    const bmc_choice *ch = NULL;
    for (uint32_t q = 0; q < a->nch && !ch; q++)
      if (c->s->trans.data[a->ch[q].k].from == p->loc[j] && smt_solver_value(c->bmc, a->ch[q].sel) == SMT_TRUE)
        ch = &a->ch[q];
    if (!ch) {
      ok = false;
      break;
    }
    const its_trans *t = &c->s->trans.data[ch->k];
    p->tr[j] = ch->k;
    p->loc[j + 1] = t->to;
    p->tv[j] = mpzv_new(t->ntemps);
    for (uint32_t q = 0; q < t->ntemps && ok; q++) ok = model_mpz(c->bmc, ch->tmp[q], p->tv[j][q]);
  }
  if (!ok) path_clear(c, p);
  return ok;
}

/* Some path of at most ITS_NONTERM_MAX_PATH transitions from the start
 * ends at loc in a state satisfying T (T over the pre-state variables and
 * possibly other variables, e.g. a cycle's temporaries; those are shared by
 * all depths, which is fine since one depth suffices). On SAT, *p is the
 * path and extra_val[i] the model value of extra[i]. */
static smt_result bmc_reach(nt *c, uint32_t loc, smt_term T, uint32_t nextra, const smt_term *extra, mpz_t *extra_val,
                            nt_path *p) {
  static const uint32_t bounds[] = {4, 12, ITS_NONTERM_MAX_PATH};
  smt_ctx *ctx = c->ctx;
  uint32_t prev = UINT32_MAX;
  smt_result res = SMT_UNSAT;
  assert(loc < c->nl && (nextra == 0 || (extra && extra_val)));
  if (T == SMT_FALSE) return SMT_UNSAT;
  for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++) {
    uint32_t D = bounds[b] < ITS_NONTERM_MAX_PATH ? bounds[b] : ITS_NONTERM_MAX_PATH;
    if (prev != UINT32_MAX && D <= prev) continue;
    if (c->reach_queries >= NT_MAX_REACH) return SMT_UNKNOWN;
    bmc_extend(c, D);
    smt_term *disj = xcalloc((size_t)D + 1, sizeof *disj);
    smt_term_vec any = {0};
    for (uint32_t d = 0; d <= D; d++) {
      if (!c->F[d][loc]) continue;
      smt_term t = smt_subst(ctx, T, c->n, c->s->pre, c->steps[d].x);
      t = smt_mk_and2(ctx, t, smt_mk_eq(ctx, c->steps[d].pc, smt_mk_int(ctx, loc)));
      if (d > 0) t = smt_mk_and2(ctx, t, c->steps[d - 1].act);
      disj[d] = t;
      VEC_PUSH(any, t);
    }
    prev = D;
    if (any.len == 0) {
      free(disj);
      VEC_FREE(any);
      continue;
    }
    c->reach_queries++;
    c->st->path_queries++;
    smt_solver_push(c->bmc);
    smt_solver_assert(c->bmc, smt_mk_or(ctx, (uint32_t)any.len, any.data));
    smt_result r = smt_solver_check(c->bmc, c->spec);
    if (r == SMT_SAT) {
      uint32_t d = UINT32_MAX;
      for (uint32_t q = 0; q <= D && d == UINT32_MAX; q++)
        if (disj[q] && smt_solver_value(c->bmc, disj[q]) == SMT_TRUE) d = q;
      bool ok = d != UINT32_MAX && read_path(c, d, p);
      for (uint32_t i = 0; i < nextra && ok; i++) ok = model_mpz(c->bmc, extra[i], extra_val[i]);
      if (!ok) {
        path_clear(c, p);
        r = SMT_UNKNOWN;
      }
    }
    smt_solver_pop(c->bmc, 1);
    free(disj);
    VEC_FREE(any);
    if (r != SMT_UNSAT) return r;
  }
  return res;
}

/* ---- independent checks -------------------------------------------------------- */

/* The path starts at the start location, follows its transitions, and
 * every guard and update holds on the concrete values. */
static bool check_path(nt *c, const nt_path *p, strbuf *why) {
  const its *s = c->s;
  uint32_t n = c->n;
  mpz_t v;
  mpz_init(v);
  bool ok = p->loc[0] == s->start;
  if (!ok) strbuf_printf(why, "path does not begin at the start location");
  for (uint32_t j = 0; j < p->len && ok; j++) {
    const its_trans *t = &s->trans.data[p->tr[j]];
    mpz_t *x = p->x + (size_t)j * n, *y = p->x + (size_t)(j + 1) * n;
    if (t->from != p->loc[j] || t->to != p->loc[j + 1]) {
      strbuf_printf(why, "step %u: transition t%u does not join %s -> %s", j, p->tr[j], s->loc_names[p->loc[j]],
                    s->loc_names[p->loc[j + 1]]);
      ok = false;
      break;
    }
    if (!eval_at(c, t->guard, x, t->ntemps, t->temps, p->tv[j], v) || mpz_cmp_ui(v, 1) != 0) {
      strbuf_printf(why, "step %u: the guard of t%u does not hold", j, p->tr[j]);
      ok = false;
      break;
    }
    for (uint32_t i = 0; i < n && ok; i++) {
      if (t->update[i] == SMT_NULL) continue;
      if (!eval_at(c, t->update[i], x, t->ntemps, t->temps, p->tv[j], v) || mpz_cmp(v, y[i]) != 0) {
        strbuf_printf(why, "step %u: the update of %s by t%u does not give the next state", j, s->var_names[i],
                      p->tr[j]);
        ok = false;
      }
    }
  }
  mpz_clear(v);
  return ok;
}

static uint32_t ctemp_index(const nt_loop *L, smt_term v) {
  for (size_t i = 0; i < L->ctemps.len; i++)
    if (L->ctemps.data[i] == v) return (uint32_t)i;
  return ITS_NONE;
}

/* One round of the cycle from x0 with the values cval of the loop's
 * ctemps, on the original transitions: every guard holds and the state
 * comes back to x0. */
static bool check_cycle(nt *c, const nt_loop *L, mpz_t *x0, mpz_t *cval, strbuf *why) {
  const its *s = c->s;
  uint32_t n = c->n;
  mpz_t *x = mpzv_new(n), *y = mpzv_new(n);
  for (uint32_t i = 0; i < n; i++) mpz_set(x[i], x0[i]);
  mpz_t v;
  mpz_init(v);
  bool ok = true;
  for (uint32_t j = 0; j < L->len && ok; j++) {
    const its_trans *t = &s->trans.data[L->tr[j]];
    mpz_t *tv = mpzv_new(t->ntemps);
    for (uint32_t q = 0; q < t->ntemps; q++) mpz_set(tv[q], cval[ctemp_index(L, L->tmp[j][q])]);
    if (!eval_at(c, t->guard, x, t->ntemps, t->temps, tv, v) || mpz_cmp_ui(v, 1) != 0) {
      strbuf_printf(why, "cycle position %u: the guard of t%u does not hold", j, L->tr[j]);
      ok = false;
    }
    for (uint32_t i = 0; i < n && ok; i++) {
      if (t->update[i] == SMT_NULL)
        mpz_set(y[i], cval[ctemp_index(L, L->uv[j][i])]);
      else if (!eval_at(c, t->update[i], x, t->ntemps, t->temps, tv, y[i])) {
        strbuf_printf(why, "cycle position %u: the update of %s cannot be evaluated", j, s->var_names[i]);
        ok = false;
      }
    }
    mpzv_free(tv, t->ntemps);
    for (uint32_t i = 0; i < n && ok; i++) mpz_set(x[i], y[i]);
  }
  for (uint32_t i = 0; i < n && ok; i++)
    if (mpz_cmp(x[i], x0[i]) != 0) {
      strbuf_printf(why, "the cycle does not come back to the same value of %s", s->var_names[i]);
      ok = false;
    }
  mpz_clear(v);
  mpzv_free(x, n);
  mpzv_free(y, n);
  return ok;
}

/* The recurrent-set conditions, re-derived transition by transition from
 * the ORIGINAL terms with the chosen instantiation cv (parallel to ctemps,
 * terms over the header's pre-state). */
static smt_answer recheck_recurrent(nt *c, const nt_loop *L, const smt_term *cv, smt_term G) {
  smt_ctx *ctx = c->ctx;
  const its *s = c->s;
  uint32_t n = c->n;
  smt_term *v = xmalloc((n ? n : 1) * sizeof *v), *next = xmalloc((n ? n : 1) * sizeof *next);
  copy_terms(v, s->pre, n);
  smt_answer ans = SMT_YES;
  for (uint32_t j = 0; j < L->len && ans == SMT_YES; j++) {
    const its_trans *t = &s->trans.data[L->tr[j]];
    uint32_t m = n + t->ntemps;
    smt_term *vars = xmalloc((m ? m : 1) * sizeof *vars), *repl = xmalloc((m ? m : 1) * sizeof *repl);
    copy_terms(vars, s->pre, n);
    copy_terms(repl, v, n);
    for (uint32_t q = 0; q < t->ntemps; q++) vars[n + q] = t->temps[q], repl[n + q] = cv[ctemp_index(L, L->tmp[j][q])];
    ans = smt_implies(ctx, c->full, G, smt_subst(ctx, t->guard, m, vars, repl));
    for (uint32_t i = 0; i < n; i++)
      next[i] = t->update[i] == SMT_NULL ? cv[ctemp_index(L, L->uv[j][i])] : smt_subst(ctx, t->update[i], m, vars, repl);
    copy_terms(v, next, n);
    free(vars), free(repl);
  }
  if (ans == SMT_YES) ans = smt_implies(ctx, c->full, G, smt_subst(ctx, G, n, s->pre, v));
  free(v), free(next);
  return ans;
}

/* One step of transition t from x to y (temporaries' values tv; an
 * unconstrained update takes free[i], which must then be given) on its
 * guard and updates. */
static bool step_concrete(nt *c, const its_trans *t, mpz_t *x, mpz_t *tv, mpz_t *free_val, mpz_t *y, mpz_t tmp) {
  if (!eval_at(c, t->guard, x, t->ntemps, t->temps, tv, tmp) || mpz_cmp_ui(tmp, 1) != 0) return false;
  for (uint32_t i = 0; i < c->n; i++) {
    if (t->update[i] != SMT_NULL) {
      if (!eval_at(c, t->update[i], x, t->ntemps, t->temps, tv, y[i])) return false;
    } else {
      assert(free_val);
      mpz_set(y[i], free_val[i]);
    }
  }
  return true;
}

/* For a recurrent set of a loop with accelerated transitions: `rounds`
 * rounds of L from x0, the choices cv evaluated on the state before each
 * round, every accelerated position replayed as n steps of its ORIGINAL
 * self-loop (n the value of its rounds temporary, at most NT_MAX_REPLAY
 * steps in all), every guard evaluated, each accelerated step's result
 * compared with the n steps', and G evaluated after each round. An
 * independent concrete confirmation of what accel.h's conditions prove
 * symbolically. */
#define NT_MAX_REPLAY 100000
static bool replay_rounds(nt *c, const nt_loop *L, const smt_term *cv, smt_term G, mpz_t *x0, uint32_t rounds,
                          strbuf *why) {
  const its *s = c->s;
  uint32_t n = c->n, nc = (uint32_t)L->ctemps.len, steps = 0;
  mpz_t *x = mpzv_new(n), *y = mpzv_new(n), *z = mpzv_new(n), *cval = mpzv_new(nc), *fv = mpzv_new(n);
  mpz_t v;
  mpz_init(v);
  for (uint32_t i = 0; i < n; i++) mpz_set(x[i], x0[i]);
  bool ok = true;
  for (uint32_t r = 0; r < rounds && ok; r++) {
    for (uint32_t q = 0; q < nc && ok; q++)
      if (!eval_at(c, cv[q], x, 0, NULL, NULL, cval[q])) ok = false, strbuf_printf(why, "a choice has no value");
    for (uint32_t j = 0; j < L->len && ok; j++) {
      const its_trans *t = &s->trans.data[L->tr[j]];
      mpz_t *tv = mpzv_new(t->ntemps);
      for (uint32_t q = 0; q < t->ntemps; q++) mpz_set(tv[q], cval[ctemp_index(L, L->tmp[j][q])]);
      for (uint32_t i = 0; i < n; i++)
        if (t->update[i] == SMT_NULL) mpz_set(fv[i], cval[ctemp_index(L, L->uv[j][i])]);
      if (!step_concrete(c, t, x, tv, fv, y, v)) {
        ok = false;
        strbuf_printf(why, "round %u, position %u: t%u is not enabled", r, j, L->tr[j]);
      } else if (L->tr[j] >= c->ntr) {
        /* the same step as rounds of the original self-loop: its
         * temporaries are those of the accelerated transition but n */
        uint32_t a = L->tr[j] - c->ntr;
        const its_trans *o = &s->trans.data[c->acc->origin[a]];
        mpz_t *ov = mpzv_new(o->ntemps);
        long rounds_n = -1;
        for (uint32_t q = 0; q < t->ntemps; q++)
          if (t->temps[q] == c->acc->rounds[a]) rounds_n = mpz_fits_slong_p(tv[q]) ? mpz_get_si(tv[q]) : -1;
        for (uint32_t q = 0; q < o->ntemps; q++)
          for (uint32_t p = 0; p < t->ntemps; p++)
            if (t->temps[p] == o->temps[q]) mpz_set(ov[q], tv[p]);
        if (rounds_n < 2 || steps + (uint64_t)rounds_n > NT_MAX_REPLAY) {
          ok = false;
          c->uneval = rounds_n >= 2; /* too long to replay: unconfirmed, not a failed check */
          strbuf_printf(why, "round %u, position %u: %ld rounds of t%u (at most %u steps are replayed)", r, j,
                        rounds_n, c->acc->origin[a], NT_MAX_REPLAY);
        }
        for (uint32_t i = 0; i < n; i++) mpz_set(z[i], x[i]);
        for (long k = 0; k < rounds_n && ok; k++, steps++) {
          ok = step_concrete(c, o, z, ov, NULL, fv, v); /* o has no unconstrained update (accel.h) */
          for (uint32_t i = 0; i < n && ok; i++) mpz_set(z[i], fv[i]);
          if (!ok) strbuf_printf(why, "round %u, position %u: t%u not enabled in its round %ld", r, j, c->acc->origin[a], k);
        }
        for (uint32_t i = 0; i < n && ok; i++)
          if (mpz_cmp(z[i], y[i]) != 0) {
            ok = false;
            strbuf_printf(why, "round %u, position %u: %ld rounds of t%u do not end where t%u does", r, j, rounds_n,
                          c->acc->origin[a], L->tr[j]);
          }
        mpzv_free(ov, o->ntemps);
      }
      steps++;
      mpzv_free(tv, t->ntemps);
      for (uint32_t i = 0; i < n && ok; i++) mpz_set(x[i], y[i]);
    }
    if (ok && (!eval_at(c, G, x, 0, NULL, NULL, v) || mpz_cmp_ui(v, 1) != 0)) {
      ok = false;
      strbuf_printf(why, "round %u does not end in the recurrent set", r);
    }
  }
  mpz_clear(v);
  mpzv_free(x, n), mpzv_free(y, n), mpzv_free(z, n), mpzv_free(cval, nc), mpzv_free(fv, n);
  return ok;
}

/* A fixed point of a loop with accelerated transitions: its round
 * replayed on the original transitions (replay_rounds with the values
 * cval as constant choices, the set "the state is x"). */
static bool replay_fixpoint(nt *c, const nt_loop *L, mpz_t *x, mpz_t *cval, strbuf *why) {
  smt_ctx *ctx = c->ctx;
  uint32_t nc = (uint32_t)L->ctemps.len;
  smt_term *cv = xmalloc((nc ? nc : 1) * sizeof *cv);
  for (uint32_t q = 0; q < nc; q++) cv[q] = mpz_const(ctx, smt_term_sort(ctx, L->ctemps.data[q]), cval[q]);
  smt_term G = SMT_TRUE;
  for (uint32_t i = 0; i < c->n; i++) G = smt_mk_and2(ctx, G, smt_mk_eq(ctx, c->s->pre[i], smt_mk_int_mpz(ctx, x[i])));
  bool ok = replay_rounds(c, L, cv, G, x, 1, why);
  free(cv);
  return ok;
}

/* ---- printing ------------------------------------------------------------------ */

/* An accelerated transition k (k >= c->ntr): what it stands for. */
static void print_accelerated(nt *c, strbuf *out, uint32_t k) {
  const its *s = c->s;
  const its_trans *t = &s->trans.data[k];
  uint32_t j = k - c->ntr;
  assert(c->acc && k >= c->ntr && j < (uint32_t)s->trans.len - c->ntr);
  strbuf_printf(out, "  t%u: t%u taken %s >= 2 times in a row (%s the number of rounds): if ", k, c->acc->origin[j],
                smt_term_name(c->ctx, c->acc->rounds[j]), smt_term_name(c->ctx, c->acc->rounds[j]));
  its_print_term(c->ctx, out, t->guard);
  bool first = true;
  for (uint32_t i = 0; i < c->n; i++) {
    if (t->update[i] == s->pre[i]) continue;
    strbuf_printf(out, "%s%s' = ", first ? "; " : ", ", s->var_names[i]);
    if (t->update[i] == SMT_NULL) strbuf_printf(out, "*");
    else its_print_term(c->ctx, out, t->update[i]);
    first = false;
  }
  strbuf_printf(out, "\n");
}

static void print_loop(nt *c, strbuf *out, const nt_loop *L) {
  const its *s = c->s;
  strbuf_printf(out, "loop at %s:", s->loc_names[L->loc]);
  for (uint32_t j = 0; j < L->len; j++) {
    const its_trans *t = &s->trans.data[L->tr[j]];
    strbuf_printf(out, "%s t%u (%s -> %s)", j ? "," : "", L->tr[j], s->loc_names[t->from], s->loc_names[t->to]);
    if (L->tr[j] >= c->ntr) strbuf_printf(out, " [t%u accelerated]", c->acc->origin[L->tr[j] - c->ntr]);
  }
  strbuf_printf(out, "\n");
  if (!L->accel) return;
  c->st->found_by_accel = true;
  strbuf_printf(out, "found by the accel step (loop acceleration and chaining of loops, Frohn and Giesl, FMCAD 2019): "
                     "the loop is a closed walk of two loops%s\n",
                L->len == 1 ? " (here: one accelerated self-loop)" : "");
  bool any = false;
  for (uint32_t j = 0; j < L->len; j++) {
    bool again = false;
    for (uint32_t q = 0; q < j && !again; q++) again = L->tr[q] == L->tr[j];
    if (L->tr[j] < c->ntr || again) continue;
    if (!any)
      strbuf_printf(out, "accelerated transitions (the closed form after k rounds and every round's guard proved "
                         "over Z by induction on the original transition, accel.h: each step is n >= 2 steps of the "
                         "original):\n");
    any = true;
    print_accelerated(c, out, L->tr[j]);
  }
}

static void print_path(nt *c, strbuf *out, const nt_path *p) {
  const its *s = c->s;
  strbuf_printf(out, "path from the start location %s (%u transition(s)):\n  %s ", s->loc_names[s->start], p->len,
                s->loc_names[p->loc[0]]);
  print_state(c, out, p->x);
  strbuf_printf(out, "\n");
  for (uint32_t j = 0; j < p->len; j++) {
    strbuf_printf(out, "  -t%u-> %s ", p->tr[j], s->loc_names[p->loc[j + 1]]);
    print_state(c, out, p->x + (size_t)(j + 1) * c->n);
    const its_trans *t = &s->trans.data[p->tr[j]];
    if (t->ntemps) {
      strbuf_printf(out, " with");
      for (uint32_t q = 0; q < t->ntemps; q++) {
        strbuf_printf(out, "%s %s = ", q ? "," : "", smt_term_name(c->ctx, t->temps[q]));
        print_mpz(out, p->tv[j][q]);
      }
    }
    strbuf_printf(out, "\n");
  }
}

/* ---- technique 1: fixed points --------------------------------------------------- */

static bool try_fixpoint(nt *c, nt_loop *L, strbuf *out) {
  smt_ctx *ctx = c->ctx;
  uint32_t n = c->n;
  smt_term fp = L->guard;
  for (uint32_t i = 0; i < n; i++) fp = smt_mk_and2(ctx, fp, smt_mk_eq(ctx, L->upd[i], c->s->pre[i]));
  c->st->fixpoint_queries++;
  if (fp == SMT_FALSE || smt_is_sat(ctx, c->spec, fp) != SMT_SAT) return false;
  assert(L->loc < c->nl);
  nt_path p = {0};
  uint32_t ne = (uint32_t)L->ctemps.len;
  mpz_t *cval = mpzv_new(ne);
  bool found = false;
  if (bmc_reach(c, L->loc, fp, ne, L->ctemps.data, cval, &p) == SMT_SAT) {
    strbuf why = {0};
    mpz_t *x = p.x + (size_t)p.len * n;
    if (p.loc[p.len] != L->loc)
      strbuf_printf(&why, "the path ends at %s, not at the loop", c->s->loc_names[p.loc[p.len]]);
    else if (check_path(c, &p, &why) && check_cycle(c, L, x, cval, &why))
      found = !L->accel || replay_fixpoint(c, L, x, cval, &why);
    if (!found) {
      reject(c, "fixed point witness rejected", why.data);
    } else {
      strbuf_printf(out, "technique: fixed point of a cycle (the state repeats after one round)\n");
      print_loop(c, out, L);
      strbuf_printf(out, "witness at %s: ", c->s->loc_names[L->loc]);
      print_state(c, out, x);
      strbuf_printf(out, "\n");
      for (uint32_t j = 0; j < L->len; j++) {
        const its_trans *t = &c->s->trans.data[L->tr[j]];
        bool any = false;
        for (uint32_t q = 0; q < t->ntemps; q++) {
          strbuf_printf(out, "%s %s = ", any ? "," : "  values:", smt_term_name(ctx, t->temps[q]));
          print_mpz(out, cval[ctemp_index(L, L->tmp[j][q])]);
          any = true;
        }
        for (uint32_t i = 0; i < n; i++)
          if (L->uv[j][i]) {
            strbuf_printf(out, "%s %s' = ", any ? "," : "  values:", c->s->var_names[i]);
            print_mpz(out, cval[ctemp_index(L, L->uv[j][i])]);
            any = true;
          }
        if (any) strbuf_printf(out, " (position %u, t%u)\n", j, L->tr[j]);
      }
      print_path(c, out, &p);
      strbuf_printf(out, "checked: the path and one round of the loop evaluated on the original transitions%s\n",
                    L->accel ? " (each accelerated step also as its rounds of the self-loop)" : "");
      c->st->found_fixpoint++;
    }
    strbuf_free(&why);
    path_clear(c, &p);
  }
  mpzv_free(cval, ne);
  return found;
}

/* ---- technique 2: closed recurrent sets ---------------------------------------------- */

enum { INST_BOUNDS_KEEP, INST_KEEP, INST_BOUNDS_ZERO, INST_MODEL, INST_NUM };

static const char *inst_name[INST_NUM] = {
    "equalities and bounds of the guard, unconstrained values kept, the rest 0",
    "equalities of the guard, unconstrained values kept, the rest 0",
    "equalities and bounds of the guard, the rest 0",
    "equalities of the guard, the rest constants of a model of two rounds",
};

/* Fills cv (parallel to L->ctemps) with terms over the pre-state. */
static bool instantiate(nt *c, const nt_loop *L, int mode, smt_term *cv) {
  smt_ctx *ctx = c->ctx;
  uint32_t nc = (uint32_t)L->ctemps.len;
  for (uint32_t i = 0; i < nc; i++) cv[i] = SMT_NULL;
  bool bounds = mode == INST_BOUNDS_KEEP || mode == INST_BOUNDS_ZERO;
  smt_term *rv = xmalloc((nc ? nc : 1) * sizeof *rv), *rr = xmalloc((nc ? nc : 1) * sizeof *rr);
  for (int pass = 0; pass < (bounds ? 2 : 1); pass++) {
    bool changed = true;
    while (changed) {
      changed = false;
      uint32_t nr = 0;
      for (uint32_t i = 0; i < nc; i++)
        if (cv[i]) rv[nr] = L->ctemps.data[i], rr[nr] = cv[i], nr++;
      smt_term g = smt_subst(ctx, L->guard, nr, rv, rr);
      smt_term_vec cj = {0};
      smt_conjuncts(ctx, g, &cj);
      for (size_t a = 0; a < cj.len && !changed; a++) {
        smt_term d;
        smt_kind k;
        if (!atom_diff(ctx, cj.data[a], &d, &k)) continue;
        if (k != SMT_EQ && pass == 0) continue;
        uint32_t w;
        int sg;
        smt_term rest;
        if (!solve_summand(c, d, L->ctemps.data, cv, nc, &w, &sg, &rest)) continue;
        /* d = sg*v + rest: eq v = -sg*rest; <= : sg = 1 gives v <= -rest,
         * sg = -1 gives v >= rest; the bound itself is the choice */
        cv[w] = sg > 0 ? smt_mk_int_neg(ctx, rest) : rest;
        changed = true;
      }
      VEC_FREE(cj);
    }
  }
  free(rv), free(rr);
  bool keep = mode == INST_BOUNDS_KEEP || mode == INST_KEEP;
  if (mode == INST_MODEL) {
    /* constants of a model where the guard holds twice in a row with the
     * same values (or once) */
    uint32_t nr = 0;
    smt_term *mv = xmalloc((nc ? nc : 1) * sizeof *mv), *mr = xmalloc((nc ? nc : 1) * sizeof *mr);
    for (uint32_t i = 0; i < nc; i++)
      if (cv[i]) mv[nr] = L->ctemps.data[i], mr[nr] = cv[i], nr++;
    smt_term g = smt_subst(ctx, L->guard, nr, mv, mr);
    smt_term twice = smt_mk_and2(ctx, g, smt_subst(ctx, g, c->n, c->s->pre, L->upd));
    free(mv), free(mr);
    smt_solver *sv = smt_query_solver(ctx);
    bool got = false;
    for (int attempt = 0; attempt < 2 && !got; attempt++) {
      smt_term q = attempt == 0 ? twice : g;
      if (q == SMT_FALSE) continue;
      smt_solver_push(sv);
      smt_solver_assert(sv, q);
      if (smt_solver_check(sv, c->spec) == SMT_SAT) {
        got = true;
        mpz_t v;
        mpz_init(v);
        for (uint32_t i = 0; i < nc; i++)
          if (!cv[i]) {
            smt_term t = L->ctemps.data[i];
            cv[i] = model_mpz(sv, t, v) ? mpz_const(ctx, smt_term_sort(ctx, t), v) : zero_of(ctx, smt_term_sort(ctx, t));
          }
        mpz_clear(v);
      }
      smt_solver_pop(sv, 1);
    }
    if (!got) return false;
  }
  for (uint32_t i = 0; i < nc; i++) {
    if (cv[i]) continue;
    smt_term t = L->ctemps.data[i];
    if (keep && L->ckeep.data[i]) {
      /* the value before the transition, in terms of the header's state
       * (earlier ctemps substituted by their choices) */
      cv[i] = smt_subst(ctx, L->ckeep.data[i], i, L->ctemps.data, cv);
    } else {
      cv[i] = zero_of(ctx, smt_term_sort(ctx, t));
    }
    if (!cv[i]) return false;
  }
  /* choices may mention earlier ctemps (keep) only through substitution
   * above; equality/bound solutions mention pre-state variables only */
  return true;
}

/* Loop guards into DNF (transform.h): lists of atoms, Int disequalities
 * split into < and >; gives up beyond NT_MAX_DNF disjuncts or depth 40. */
static const its_dnf_opts loop_dnf = {NT_MAX_DNF, 40, false, false};

/* The atoms "a does not get worse in one round": for d <= 0, d(u) <= d;
 * for d = 0, d(u) = d. */
static void deltas(nt *c, const smt_term_vec *atoms, const smt_term *u, smt_term_vec *out) {
  smt_ctx *ctx = c->ctx;
  for (size_t i = 0; i < atoms->len; i++) {
    smt_term d;
    smt_kind k;
    if (!atom_diff(ctx, atoms->data[i], &d, &k)) continue;
    smt_term du = smt_subst(ctx, d, c->n, c->s->pre, u);
    smt_term a = k == SMT_EQ ? smt_mk_eq(ctx, du, d) : smt_mk_int_le(ctx, du, d);
    if (a != SMT_TRUE) VEC_PUSH(*out, a);
  }
}

static void substs(nt *c, const smt_term_vec *atoms, const smt_term *u, smt_term_vec *out) {
  for (size_t i = 0; i < atoms->len; i++) VEC_PUSH(*out, smt_subst(c->ctx, atoms->data[i], c->n, c->s->pre, u));
}

static smt_term conj_of(smt_ctx *ctx, const smt_term_vec *a, const smt_term_vec *b, const smt_term_vec *d, const smt_term_vec *e) {
  smt_term_vec all = {0};
  const smt_term_vec *parts[4] = {a, b, d, e};
  for (int p = 0; p < 4; p++)
    if (parts[p])
      for (size_t i = 0; i < parts[p]->len; i++) VEC_PUSH(all, parts[p]->data[i]);
  /* of the bounds p <= k on the same p keep the tightest (tidier sets) */
  size_t m = 0;
  for (size_t i = 0; i < all.len; i++) {
    smt_term a = all.data[i];
    bool drop = false;
    if (smt_term_kind(ctx, a) == SMT_INT_LE && smt_term_kind(ctx, smt_term_arg(ctx, a, 1)) == SMT_INT_CONST)
      for (size_t j = 0; j < all.len && !drop; j++) {
        smt_term b = all.data[j];
        if (j == i || smt_term_kind(ctx, b) != SMT_INT_LE || smt_term_arg(ctx, b, 0) != smt_term_arg(ctx, a, 0) ||
            smt_term_kind(ctx, smt_term_arg(ctx, b, 1)) != SMT_INT_CONST)
          continue;
        int cmp = mpz_cmp(smt_term_value(ctx, smt_term_arg(ctx, b, 1)), smt_term_value(ctx, smt_term_arg(ctx, a, 1)));
        drop = cmp < 0 || (cmp == 0 && j < i);
      }
    if (!drop) all.data[m++] = a;
  }
  smt_term r = smt_mk_and(ctx, (uint32_t)m, all.data);
  VEC_FREE(all);
  return r;
}

static void print_choices(nt *c, strbuf *out, const nt_loop *L, const smt_term *cv) {
  bool any = false;
  for (uint32_t j = 0; j < L->len; j++) {
    const its_trans *t = &c->s->trans.data[L->tr[j]];
    for (uint32_t q = 0; q < t->ntemps; q++) {
      strbuf_printf(out, "%s%s of t%u := ", any ? ", " : "  choices: ", smt_term_name(c->ctx, t->temps[q]), L->tr[j]);
      its_print_term(c->ctx, out, cv[ctemp_index(L, L->tmp[j][q])]);
      any = true;
    }
    for (uint32_t i = 0; i < c->n; i++)
      if (L->uv[j][i]) {
        strbuf_printf(out, "%s%s' (unconstrained in t%u) := ", any ? ", " : "  choices: ", c->s->var_names[i], L->tr[j]);
        its_print_term(c->ctx, out, cv[ctemp_index(L, L->uv[j][i])]);
        any = true;
      }
  }
  if (any) strbuf_printf(out, " (over the state at %s before the round)\n", c->s->loc_names[L->loc]);
}

/* True when G at loc is at least as strong, conjunct by conjunct, as a set
 * already found unreachable there. */
static bool subsumed_unreachable(nt *c, uint32_t loc, smt_term G) {
  smt_term_vec gc = {0};
  smt_conjuncts(c->ctx, G, &gc);
  bool sub = false;
  for (size_t i = 0; i < c->unreach.len && !sub; i++) {
    if (c->unreach.data[i].loc != loc) continue;
    smt_term_vec uc = {0};
    smt_conjuncts(c->ctx, c->unreach.data[i].set, &uc);
    sub = true;
    for (size_t a = 0; a < uc.len && sub; a++) {
      bool has = false;
      for (size_t b = 0; b < gc.len && !has; b++) has = gc.data[b] == uc.data[a];
      sub = has;
    }
    VEC_FREE(uc);
  }
  VEC_FREE(gc);
  return sub;
}

/* G is closed under the instantiated loop: try to reach it and check. */
static bool recurrent_found(nt *c, nt_loop *L, int mode, const smt_term *cv, smt_term G, strbuf *out) {
  uint32_t n = c->n;
  assert(mode >= 0 && mode < INST_NUM);
  nt_path p = {0};
  /* an empty G is closed for nothing: cheap to rule out before unrolling */
  if (smt_is_sat(c->ctx, c->spec, G) != SMT_SAT) return false;
  if (subsumed_unreachable(c, L->loc, G)) return false;
  smt_result r = bmc_reach(c, L->loc, G, 0, NULL, NULL, &p);
  if (r != SMT_SAT) { /* unreachable, or too hard to tell: not worth asking for stronger sets */
    struct unreach u = {L->loc, G};
    VEC_PUSH(c->unreach, u);
  }
  if (r != SMT_SAT) return false;
  strbuf why = {0};
  bool ok = false;
  mpz_t v;
  mpz_init(v);
  mpz_t *x = p.x + (size_t)p.len * n;
  if (p.loc[p.len] != L->loc) {
    strbuf_printf(&why, "the path ends at %s, not at the loop", c->s->loc_names[p.loc[p.len]]);
  } else if (!check_path(c, &p, &why)) {
  } else if (!eval_at(c, G, x, 0, NULL, NULL, v) || mpz_cmp_ui(v, 1) != 0) {
    strbuf_printf(&why, "the last state of the path is not in the recurrent set");
  } else {
    smt_answer a = recheck_recurrent(c, L, cv, G);
    if (a == SMT_YES && L->accel && !replay_rounds(c, L, cv, G, x, 3, &why))
      a = SMT_DONT_KNOW; /* the symbolic proof stands, but no NO without its concrete confirmation */
    if (a == SMT_YES)
      ok = true;
    else if (a == SMT_NO)
      strbuf_printf(&why, "the recurrent set is not closed under the original transitions");
    else {
      /* the solver gave up on the re-check: no NO, but no error either */
      mpz_clear(v);
      strbuf_free(&why);
      path_clear(c, &p);
      return false;
    }
  }
  mpz_clear(v);
  if (!ok) {
    reject(c, "recurrent set witness rejected", why.data);
  } else {
    strbuf_printf(out, "technique: closed recurrent set of a loop\n");
    print_loop(c, out, L);
    strbuf_printf(out, "temporaries and unconstrained updates fixed by: %s\n", inst_name[mode]);
    print_choices(c, out, L, cv);
    strbuf_printf(out, "recurrent set at %s: ", c->s->loc_names[L->loc]);
    its_print_term(c->ctx, out, G);
    strbuf_printf(out, "\n  (every state in it takes the loop with these choices and comes back into it: proved valid)\n");
    print_path(c, out, &p);
    strbuf_printf(out, "checked: the path evaluated on the original transitions, its last state in the set, and the "
                       "closure re-proved transition by transition on the original terms%s\n",
                  L->accel ? "; from that state three rounds of the loop replayed on the original transitions (each "
                             "accelerated step as its rounds of the self-loop), each ending in the set"
                           : "");
    c->st->found_recurrent++;
  }
  strbuf_free(&why);
  path_clear(c, &p);
  return ok;
}

static bool try_recurrent(nt *c, nt_loop *L, strbuf *out) {
  smt_ctx *ctx = c->ctx;
  uint32_t n = c->n, nc = (uint32_t)L->ctemps.len;
  smt_term *prev[INST_NUM] = {0};
  uint32_t nprev = 0, asked = 0;
  bool found = false;
  smt_term_vec seen = {0};
  smt_term *u = xmalloc((n ? n : 1) * sizeof *u);
  for (int mode = 0; mode < INST_NUM && !found; mode++) {
    if (nc == 0 && mode > 0) break; /* nothing to choose: one instantiation */
    smt_term *cv = xmalloc((nc ? nc : 1) * sizeof *cv);
    bool dup = false;
    if (!instantiate(c, L, mode, cv)) {
      free(cv);
      continue;
    }
    for (uint32_t q = 0; q < nprev && !dup; q++) dup = memcmp(prev[q], cv, nc * sizeof *cv) == 0;
    if (dup) {
      free(cv);
      continue;
    }
    assert(nprev < INST_NUM);
    prev[nprev++] = cv;
    seen.len = 0; /* closure depends on the choices: sets are new again */
    smt_term gi = smt_subst(ctx, L->guard, nc, L->ctemps.data, cv);
    for (uint32_t i = 0; i < n; i++) u[i] = smt_subst(ctx, L->upd[i], nc, L->ctemps.data, cv);
    if (gi == SMT_FALSE) continue;
    its_dnf dn = {0};
    if (!its_to_dnf(ctx, gi, true, &loop_dnf, &dn)) {
      smt_term_vec e = {0};
      VEC_PUSH(e, gi);
      VEC_PUSH(dn, e);
    }
    for (size_t di = 0; di < dn.len && !found; di++) {
      smt_term_vec *A0 = &dn.data[di];
      smt_term_vec A1 = {0}, A2 = {0}, A3 = {0}, S1 = {0}, S2 = {0};
      deltas(c, A0, u, &A1);
      deltas(c, &A1, u, &A2);
      deltas(c, &A2, u, &A3);
      substs(c, A0, u, &S1);
      substs(c, &S1, u, &S2);
      smt_term cand[7] = {
          conj_of(ctx, A0, NULL, NULL, NULL), conj_of(ctx, A0, &A1, NULL, NULL), conj_of(ctx, A0, &S1, NULL, NULL),
          conj_of(ctx, A0, &A1, &A2, NULL),   conj_of(ctx, A0, &S1, &S2, NULL),  conj_of(ctx, A0, &A1, &A2, &A3),
          conj_of(ctx, A0, &A1, &S1, NULL),
      };
      for (int k = 0; k < 7 && !found; k++) {
        smt_term G = cand[k];
        bool again = G == SMT_FALSE;
        for (size_t q = 0; q < seen.len && !again; q++) again = seen.data[q] == G;
        if (again) continue;
        VEC_PUSH(seen, G);
        if (asked >= NT_MAX_CLOSURE_PER_LOOP || c->closure_queries >= NT_MAX_CLOSURE) break;
        asked++;
        c->closure_queries++;
        c->st->recurrent_queries++;
        smt_term Gu = smt_subst(ctx, G, n, c->s->pre, u);
        if (smt_implies(ctx, c->spec, G, smt_mk_and2(ctx, gi, Gu)) != SMT_YES) continue;
        found = recurrent_found(c, L, mode, cv, G, out);
      }
      VEC_FREE(A1), VEC_FREE(A2), VEC_FREE(A3), VEC_FREE(S1), VEC_FREE(S2);
    }
    its_dnf_free(&dn);
  }
  for (uint32_t q = 0; q < nprev; q++) free(prev[q]);
  free(u);
  VEC_FREE(seen);
  return found;
}

/* ---- technique 3: lassos by unrolling ---------------------------------------------------- */

static bool try_lasso(nt *c, strbuf *out) {
  static const uint32_t bounds[] = {6, 14, NT_LASSO_DEPTH};
  smt_ctx *ctx = c->ctx;
  uint32_t n = c->n;
  for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++) {
    uint32_t D = bounds[b] < ITS_NONTERM_MAX_PATH ? bounds[b] : ITS_NONTERM_MAX_PATH;
    bmc_extend(c, D);
    smt_term_vec any = {0};
    VEC(uint32_t) pi = {0}, pj = {0};
    for (uint32_t j = 1; j <= D; j++)
      for (uint32_t i = 0; i < j; i++) {
        bool common = false;
        for (uint32_t l = 0; l < c->nl && !common; l++) common = c->F[i][l] && c->F[j][l];
        if (!common) continue;
        smt_term t = smt_mk_and2(ctx, c->steps[j - 1].act, smt_mk_eq(ctx, c->steps[i].pc, c->steps[j].pc));
        for (uint32_t q = 0; q < n; q++) t = smt_mk_and2(ctx, t, smt_mk_eq(ctx, c->steps[i].x[q], c->steps[j].x[q]));
        if (t == SMT_FALSE) continue;
        VEC_PUSH(any, t);
        VEC_PUSH(pi, i);
        VEC_PUSH(pj, j);
      }
    bool found = false;
    smt_result r = SMT_UNSAT;
    if (any.len) {
      c->st->lasso_queries++;
      smt_solver_push(c->bmc);
      smt_solver_assert(c->bmc, smt_mk_or(ctx, (uint32_t)any.len, any.data));
      r = smt_solver_check(c->bmc, c->spec);
      nt_path p = {0};
      uint32_t li = 0, lj = 0;
      if (r == SMT_SAT) {
        size_t w = SIZE_MAX;
        for (size_t q = 0; q < any.len && w == SIZE_MAX; q++)
          if (smt_solver_value(c->bmc, any.data[q]) == SMT_TRUE) w = q;
        if (w != SIZE_MAX && read_path(c, pj.data[w], &p)) {
          li = pi.data[w], lj = pj.data[w];
          assert(li < lj && lj == p.len); /* the path ends at the repeated step */
          strbuf why = {0};
          bool ok = check_path(c, &p, &why);
          if (ok && p.loc[li] != p.loc[lj]) {
            strbuf_printf(&why, "the lasso does not close at the same location");
            ok = false;
          }
          for (uint32_t q = 0; q < n && ok; q++)
            if (mpz_cmp(p.x[(size_t)li * n + q], p.x[(size_t)lj * n + q]) != 0) {
              strbuf_printf(&why, "the lasso does not close on the same value of %s", c->s->var_names[q]);
              ok = false;
            }
          if (!ok) {
            reject(c, "lasso witness rejected", why.data);
          } else {
            found = true;
            strbuf_printf(out, "technique: lasso (a reachable state that repeats, found by unrolling)\n");
            strbuf_printf(out, "the state at step %u (location %s) repeats at step %u: steps %u..%u repeat forever\n",
                          li, c->s->loc_names[p.loc[li]], lj, li, lj - 1);
            print_path(c, out, &p);
            strbuf_printf(out, "checked: the path evaluated on the original transitions, the repeated state equal\n");
            c->st->found_lasso++;
          }
          strbuf_free(&why);
          path_clear(c, &p);
        }
      }
      smt_solver_pop(c->bmc, 1);
    }
    VEC_FREE(any);
    VEC_FREE(pi);
    VEC_FREE(pj);
    if (found) return true;
    if (r == SMT_UNKNOWN) return false;
  }
  return false;
}

/* ---- entry ------------------------------------------------------------------------------- */

bool its_nonterm(its *s, budget b, strbuf *out, its_nonterm_stats *stats) {
  its_nonterm_options o = {true};
  return its_nonterm_with(s, &o, b, out, stats);
}

bool its_nonterm_with(its *s, const its_nonterm_options *o, budget b, strbuf *out, its_nonterm_stats *stats) {
  its_nonterm_stats local;
  if (!stats) stats = &local;
  memset(stats, 0, sizeof *stats);
  if (s->start == ITS_NONE || s->start >= s->nlocs) return false;
  nt c;
  memset(&c, 0, sizeof c);
  c.s = s;
  c.ctx = s->ctx;
  c.full = b;
  c.spec = budget_queries(b, b.query_ms == 0 || b.query_ms > NT_QUERY_CAP_MS ? NT_QUERY_CAP_MS : b.query_ms);
  c.st = stats;
  c.n = s->nvars;
  c.nl = s->nlocs;
  c.ntr = (uint32_t)s->trans.len;
  its_accel acc;
  strbuf w = {0};
  find_loops(&c);
  bool found = false;
  /* the techniques on the simple cycles first, then the lassos, then the
   * accel step's loops (find_walks), built only now: what comes before
   * runs exactly as without the step */
  for (int accel = 0; accel < 2 && !found; accel++) {
    if (accel == 1) {
      if (!o->accel || !c.has_cycle || budget_expired(b)) break;
      /* the input's transitions keep their indices in acc.s: the unrolling
       * built so far and the loops found stay valid */
      stats->accelerated = its_accelerate(s, c.spec, &acc, NULL);
      c.acc = &acc;
      c.s = acc.s;
      assert(acc.norig == c.ntr && acc.s->nvars == c.n && acc.s->nlocs == c.nl);
      find_walks(&c);
    }
    for (size_t i = 0; i < c.loops.len && !found; i++) {
      if (c.loops.data[i]->accel != (accel == 1)) continue;
      stats->loops_tried++;
      found = try_fixpoint(&c, c.loops.data[i], &w);
    }
    c.reach_queries = 0;
    for (size_t i = 0; i < c.loops.len && !found; i++)
      if (c.loops.data[i]->accel == (accel == 1)) found = try_recurrent(&c, c.loops.data[i], &w);
    if (!found && c.has_cycle && accel == 0) found = try_lasso(&c, &w);
  }
  if (found && w.data) strbuf_printf(out, "%s", w.data);
  /* cleanup */
  strbuf_free(&w);
  for (size_t i = 0; i < c.loops.len; i++) loop_free(c.loops.data[i]);
  VEC_FREE(c.loops);
  if (c.bmc) {
    smt_solver_free(c.bmc);
    for (uint32_t j = 0; j <= c.built; j++) {
      free(c.steps[j].x);
      if (j < c.built) {
        for (uint32_t q = 0; q < c.steps[j].nch; q++) free(c.steps[j].ch[q].tmp);
        free(c.steps[j].ch);
      }
      free(c.F[j]);
    }
  }
  free(c.reach);
  free(c.useful);
  VEC_FREE(c.unreach);
  if (c.acc) its_accel_free(&acc);
  if (!found) stats->found_by_accel = false;
  return found;
}
