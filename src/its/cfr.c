/* cfr.c: control-flow refinement by partial evaluation (cfr.h: the
 * abstraction, the construction and why it is sound). */
#include "cfr.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"

#define UNDEF UINT32_MAX

const char *its_cfr_status_name(its_cfr_status st) {
  switch (st) {
  case ITS_CFR_DONE: return "done";
  case ITS_CFR_TOO_LARGE: return "too many abstract states";
  case ITS_CFR_NO_PROPS: return "no properties";
  case ITS_CFR_TIMEOUT: return "timeout";
  }
  return "?";
}

void its_cfr_free(its_cfr *r) {
  if (!r) return;
  its_free(r->s);
  free(r->orig_loc), free(r->state), free(r->orig_trans), free(r);
}

/* ---- properties ------------------------------------------------------------ */

/* True when every variable of t is a program variable of s. */
static bool over_program_vars(const its *s, smt_term t) {
  smt_term_vec vars = {0};
  smt_term_vars(s->ctx, t, &vars);
  bool ok = true;
  for (size_t i = 0; i < vars.len && ok; i++) ok = its_var_of_term(s, vars.data[i]) != ITS_NONE;
  VEC_FREE(vars);
  return ok;
}

static bool is_int_cmp(const smt_ctx *ctx, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  if (k == SMT_INT_LE || k == SMT_INT_LT || k == SMT_INT_GE || k == SMT_INT_GT) return true;
  return k == SMT_EQ && smt_sort_is_int(smt_term_sort(ctx, smt_term_arg(ctx, t, 0)));
}

static void add_prop(smt_ctx *ctx, smt_term_vec *props, smt_term a) {
  if (smt_term_kind(ctx, a) == SMT_BOOL_CONST || props->len >= ITS_CFR_MAX_PROPS) return;
  for (size_t i = 0; i < props->len; i++)
    if (props->data[i] == a) return;
  VEC_PUSH(*props, a);
}

/* An inequality atom and its negation. */
static void add_prop_pair(smt_ctx *ctx, smt_term_vec *props, smt_term a) {
  add_prop(ctx, props, a);
  add_prop(ctx, props, smt_mk_not(ctx, a));
}

/* props(l): the guard atoms of the problem's transitions leaving l, over
 * program variables only, each with its negation; an equality a = b as
 * a <= b and a >= b, a disequality as a < b and a > b (cfr.h). */
static void location_props(const its_problem *p, uint32_t l, smt_term_vec *props) {
  its *s = p->s;
  smt_ctx *ctx = s->ctx;
  for (uint32_t k = 0; k < p->nt; k++) {
    const its_trans *tr = &s->trans.data[p->tidx[k]];
    if (tr->from != l) continue;
    smt_term_vec conj = {0};
    smt_conjuncts(ctx, tr->guard, &conj);
    for (size_t c = 0; c < conj.len; c++) {
      smt_term a = conj.data[c];
      bool neg = smt_term_kind(ctx, a) == SMT_NOT;
      smt_term core = neg ? smt_term_arg(ctx, a, 0) : a;
      if (!is_int_cmp(ctx, core) || !over_program_vars(s, core)) continue;
      if (smt_term_kind(ctx, core) == SMT_EQ) {
        smt_term x = smt_term_arg(ctx, core, 0), y = smt_term_arg(ctx, core, 1);
        add_prop_pair(ctx, props, neg ? smt_mk_int_lt(ctx, x, y) : smt_mk_int_le(ctx, x, y));
        add_prop_pair(ctx, props, neg ? smt_mk_int_gt(ctx, x, y) : smt_mk_int_ge(ctx, x, y));
      } else {
        add_prop_pair(ctx, props, a);
      }
    }
    VEC_FREE(conj);
  }
}

/* ---- the unfolding ------------------------------------------------------------ */

typedef struct {
  uint32_t loc;  /* ITS location of the problem */
  uint64_t bits; /* subset of props(loc) */
} abs_state;

typedef VEC(abs_state) abs_state_vec;

static smt_term state_formula(smt_ctx *ctx, const smt_term_vec *props, uint64_t bits) {
  smt_term_vec conj = {0};
  for (size_t i = 0; i < props->len; i++)
    if (bits >> i & 1) VEC_PUSH(conj, props->data[i]);
  smt_term f = smt_mk_and(ctx, (uint32_t)conj.len, conj.data);
  VEC_FREE(conj);
  return f;
}

/* The index of (loc, bits) in *states, added (with its refined location in
 * r->s) when new; UNDEF when adding it would pass max. */
static uint32_t find_or_add(its_cfr *r, abs_state_vec *states, smt_term_vec *formulas, const its *orig,
                            const smt_term_vec *props, uint32_t loc, uint64_t bits, uint32_t max) {
  for (uint32_t q = 0; q < (uint32_t)states->len; q++)
    if (states->data[q].loc == loc && states->data[q].bits == bits) return q;
  if (states->len >= max) return UNDEF;
  uint32_t q = (uint32_t)states->len;
  abs_state st = {loc, bits};
  VEC_PUSH(*states, st);
  VEC_PUSH(*formulas, state_formula(orig->ctx, &props[loc], bits));
  char *name = xasprintf("%s_cfr%u", orig->loc_names[loc], q);
  uint32_t l = its_add_loc(r->s, name);
  assert(l == q); /* names are unique: the suffix is the state's index */
  free(name);
  return q;
}

its_cfr_status its_cfr_refine(const its_problem *p, const its_cfr_options *opt, its_cfr **out,
                              its_cfr_stats *stats) {
  its_cfr_stats dummy = {0};
  if (!stats) stats = &dummy;
  stats->calls++;
  *out = NULL;
  its *orig = p->s;
  smt_ctx *ctx = orig->ctx;
  budget b = opt->budget;
  uint32_t max = opt->max_locs ? opt->max_locs : 48;

  /* the properties of every location of the problem (indexed by ITS location) */
  smt_term_vec *props = xcalloc(orig->nlocs ? orig->nlocs : 1, sizeof *props);
  size_t nprops = 0;
  for (uint32_t i = 0; i < p->nloc; i++) {
    location_props(p, p->locs[i], &props[p->locs[i]]);
    nprops += props[p->locs[i]].len;
  }
  its_cfr_status status = ITS_CFR_DONE;
  if (nprops == 0) status = ITS_CFR_NO_PROPS;
  if (p->nloc > max) status = ITS_CFR_TOO_LARGE;

  its_cfr *r = xcalloc(1, sizeof *r);
  r->s = its_new(ctx);
  for (uint32_t i = 0; i < orig->nvars; i++) {
    uint32_t v = its_add_var(r->s, orig->var_names[i]);
    assert(v == i && r->s->pre[i] == orig->pre[i]); /* the same terms: guards carry over */
    (void)v;
  }
  abs_state_vec states = {0};
  smt_term_vec formulas = {0};
  u32_vec otrans = {0};
  /* the initial states (l, {}) */
  for (uint32_t i = 0; i < p->nloc && status == ITS_CFR_DONE; i++)
    find_or_add(r, &states, &formulas, orig, props, p->locs[i], 0, max);
  if (status == ITS_CFR_DONE) its_set_start(r->s, 0);

  for (uint32_t q = 0; q < (uint32_t)states.len && status == ITS_CFR_DONE; q++) {
    uint32_t l = states.data[q].loc;
    for (uint32_t k = 0; k < p->nt && status == ITS_CFR_DONE; k++) {
      const its_trans *tr = &orig->trans.data[p->tidx[k]];
      if (tr->from != l) continue;
      if (budget_expired(b)) {
        status = ITS_CFR_TIMEOUT;
        break;
      }
      smt_term pre = formulas.data[q];
      smt_term rel = smt_mk_and2(ctx, pre, its_problem_relation(orig, p->tidx[k]));
      if (smt_is_sat(ctx, b, rel) == SMT_UNSAT) {
        stats->pruned++;
        continue;
      }
      /* P': the properties of the target that hold after every such step */
      const smt_term_vec *tp = &props[tr->to];
      uint64_t bits = 0;
      for (size_t i = 0; i < tp->len; i++) {
        smt_term post = smt_subst(ctx, tp->data[i], orig->nvars, orig->pre, orig->post);
        if (smt_implies(ctx, b, rel, post) == SMT_YES) bits |= (uint64_t)1 << i;
      }
      uint32_t q2 = find_or_add(r, &states, &formulas, orig, props, tr->to, bits, max);
      if (q2 == UNDEF) {
        status = ITS_CFR_TOO_LARGE;
        break;
      }
      its_add_trans(r->s, q, q2, smt_mk_and2(ctx, tr->guard, pre), tr->update);
      VEC_PUSH(otrans, p->tidx[k]);
    }
  }
  for (uint32_t l = 0; l < orig->nlocs; l++) VEC_FREE(props[l]);
  free(props);

  if (status == ITS_CFR_DONE) {
    uint32_t n = (uint32_t)states.len;
    r->orig_loc = xmalloc(n * sizeof *r->orig_loc);
    r->state = xmalloc(n * sizeof *r->state);
    for (uint32_t q = 0; q < n; q++) r->orig_loc[q] = states.data[q].loc, r->state[q] = formulas.data[q];
    r->orig_trans = otrans.data;
    otrans.data = NULL;
    assert(r->s->nlocs == n && r->s->trans.len == otrans.len);
    its_check_valid(r->s);
    stats->done++;
    stats->states += n;
    stats->trans += r->s->trans.len;
    *out = r;
  } else {
    its_cfr_free(r);
    if (status == ITS_CFR_TOO_LARGE) stats->too_large++;
    if (status == ITS_CFR_NO_PROPS) stats->no_props++;
    if (status == ITS_CFR_TIMEOUT) stats->timeouts++;
  }
  VEC_FREE(states);
  VEC_FREE(formulas);
  VEC_FREE(otrans);
  return status;
}

/* ---- the independent check ---------------------------------------------------- */

static smt_answer worse(smt_answer a, smt_answer b) {
  if (a == SMT_NO || b == SMT_NO) return SMT_NO;
  if (a == SMT_DONT_KNOW || b == SMT_DONT_KNOW) return SMT_DONT_KNOW;
  return SMT_YES;
}

smt_answer its_cfr_check(const its_problem *p, const its_cfr *r, budget b) {
  const its *o = p->s, *rs = r->s;
  smt_ctx *ctx = o->ctx;
  if (rs->ctx != ctx || rs->nvars != o->nvars) return SMT_NO;
  for (uint32_t i = 0; i < o->nvars; i++)
    if (rs->pre[i] != o->pre[i] || rs->post[i] != o->post[i]) return SMT_NO;
  /* which transitions belong to the problem */
  bool *in_p = xcalloc(o->trans.len ? o->trans.len : 1, sizeof *in_p);
  for (uint32_t k = 0; k < p->nt; k++) in_p[p->tidx[k]] = true;
  smt_answer ans = SMT_YES;
  smt_term tt = smt_mk_bool(ctx, true);
  /* abstract states: over program variables, at the problem's locations */
  for (uint32_t q = 0; q < rs->nlocs && ans == SMT_YES; q++) {
    uint32_t l = r->orig_loc[q];
    if (l >= o->nlocs || p->lloc[l] >= p->nloc || p->locs[p->lloc[l]] != l) ans = SMT_NO;
    else if (smt_term_sort(ctx, r->state[q]) != SMT_SORT_BOOL || !over_program_vars(o, r->state[q])) ans = SMT_NO;
  }
  /* initial states: (l, true) for every location of the problem */
  for (uint32_t i = 0; i < p->nloc && ans == SMT_YES; i++) {
    bool found = false;
    for (uint32_t q = 0; q < rs->nlocs && !found; q++) found = r->orig_loc[q] == p->locs[i] && r->state[q] == tt;
    if (!found) ans = SMT_NO;
  }
  /* shapes: guard_t /\ P with t's updates, between the right locations */
  for (uint32_t j = 0; j < (uint32_t)rs->trans.len && ans == SMT_YES; j++) {
    const its_trans *rt = &rs->trans.data[j];
    uint32_t k = r->orig_trans[j];
    if (k >= o->trans.len || !in_p[k]) {
      ans = SMT_NO;
      break;
    }
    const its_trans *ot = &o->trans.data[k];
    if (r->orig_loc[rt->from] != ot->from || r->orig_loc[rt->to] != ot->to ||
        rt->guard != smt_mk_and2(ctx, ot->guard, r->state[rt->from]))
      ans = SMT_NO;
    for (uint32_t i = 0; i < o->nvars && ans == SMT_YES; i++)
      if (rt->update[i] != ot->update[i]) ans = SMT_NO;
  }
  /* coverage: every step of the problem from every abstract state */
  for (uint32_t q = 0; q < rs->nlocs && ans == SMT_YES; q++) {
    for (uint32_t k = 0; k < p->nt && ans == SMT_YES; k++) {
      uint32_t t = p->tidx[k];
      if (o->trans.data[t].from != r->orig_loc[q]) continue;
      smt_term rel = smt_mk_and2(ctx, r->state[q], its_problem_relation(o, t));
      smt_term_vec alts = {0};
      for (uint32_t j = 0; j < (uint32_t)rs->trans.len; j++) {
        const its_trans *rt = &rs->trans.data[j];
        if (rt->from == q && r->orig_trans[j] == t)
          VEC_PUSH(alts, smt_subst(ctx, r->state[rt->to], o->nvars, o->pre, o->post));
      }
      if (alts.len == 0) {
        smt_result sr = smt_is_sat(ctx, b, rel);
        ans = worse(ans, sr == SMT_UNSAT ? SMT_YES : sr == SMT_SAT ? SMT_NO : SMT_DONT_KNOW);
      } else {
        ans = worse(ans, smt_implies(ctx, b, rel, smt_mk_or(ctx, (uint32_t)alts.len, alts.data)));
      }
      VEC_FREE(alts);
    }
  }
  free(in_p);
  return ans;
}

void its_cfr_print_states(const its_cfr *r, const its *orig, strbuf *out) {
  for (uint32_t q = 0; q < r->s->nlocs; q++) {
    strbuf_printf(out, "  %s = %s where ", r->s->loc_names[q], orig->loc_names[r->orig_loc[q]]);
    its_print_term(orig->ctx, out, r->state[q]);
    strbuf_printf(out, "\n");
  }
}
