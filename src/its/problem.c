/* problem.c: results of ranking techniques and their independent checks
 * (problem.h). */
#include "problem.h"

#include <stdio.h>
#include <stdlib.h>

#include "../smt/smt.h"

its_rank_step *its_rank_step_new(uint32_t nloc, uint32_t nt, const char *technique) {
  its_rank_step *st = xcalloc(1, sizeof *st);
  st->nloc = nloc, st->nt = nt, st->technique = technique;
  st->f = xmalloc((nloc ? nloc : 1) * sizeof *st->f);
  st->strict = xcalloc(nt ? nt : 1, sizeof *st->strict);
  for (uint32_t l = 0; l < nloc; l++) st->f[l] = SMT_NULL;
  return st;
}

void its_rank_step_free(its_rank_step *st) {
  if (!st) return;
  free(st->f), free(st->strict), free(st);
}

its_nested *its_nested_new(uint32_t depth, uint32_t nloc, const char *technique) {
  its_nested *n = xcalloc(1, sizeof *n);
  n->depth = depth, n->nloc = nloc, n->technique = technique, n->kind = ITS_NESTED_SUM;
  size_t len = (size_t)depth * nloc;
  n->f = xmalloc((len ? len : 1) * sizeof *n->f);
  for (size_t i = 0; i < len; i++) n->f[i] = SMT_NULL;
  return n;
}

void its_nested_free(its_nested *n) {
  if (!n) return;
  free(n->f), free(n);
}

smt_term its_problem_relation(const its *s, uint32_t tidx) {
  const its_trans *tr = &s->trans.data[tidx];
  smt_term rel = tr->guard;
  for (uint32_t i = 0; i < s->nvars; i++)
    if (tr->update[i] != SMT_NULL) rel = smt_mk_and2(s->ctx, rel, smt_mk_eq(s->ctx, s->post[i], tr->update[i]));
  return rel;
}

/* True when f is an Int term whose variables are all pre-state variables. */
static bool over_pre_vars(const its *s, smt_term f) {
  if (f == SMT_NULL || !smt_sort_is_int(smt_term_sort(s->ctx, f))) return false;
  smt_term_vec vars = {0};
  smt_term_vars(s->ctx, f, &vars);
  bool ok = true;
  for (size_t i = 0; i < vars.len && ok; i++) ok = its_var_of_term(s, vars.data[i]) != ITS_NONE;
  VEC_FREE(vars);
  return ok;
}

static smt_term at_post(const its *s, smt_term f) { return smt_subst(s->ctx, f, s->nvars, s->pre, s->post); }

static smt_answer worse(smt_answer a, smt_answer b) {
  if (a == SMT_NO || b == SMT_NO) return SMT_NO;
  if (a == SMT_DONT_KNOW || b == SMT_DONT_KNOW) return SMT_DONT_KNOW;
  return SMT_YES;
}

static bool locations_ok(const its_problem *p, uint32_t nloc) {
  if (nloc != p->nloc) return false;
  for (uint32_t k = 0; k < p->nt; k++) {
    const its_trans *tr = &p->s->trans.data[p->tidx[k]];
    if (p->lloc[tr->from] >= nloc || p->lloc[tr->to] >= nloc) return false;
  }
  return true;
}

smt_answer its_check_step(const its_problem *p, const its_rank_step *st) {
  const its *s = p->s;
  smt_ctx *ctx = s->ctx;
  if (!st || st->nt != p->nt || !locations_ok(p, st->nloc)) return SMT_NO;
  for (uint32_t l = 0; l < st->nloc; l++)
    if (!over_pre_vars(s, st->f[l])) return SMT_NO;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  smt_answer ans = SMT_YES;
  bool any = false;
  for (uint32_t k = 0; k < p->nt && ans != SMT_NO; k++) {
    const its_trans *tr = &s->trans.data[p->tidx[k]];
    smt_term rel = its_problem_relation(s, p->tidx[k]);
    smt_term before = st->f[p->lloc[tr->from]], after = at_post(s, st->f[p->lloc[tr->to]]);
    smt_term diff = smt_mk_int_sub(ctx, before, after);
    if (st->strict[k]) {
      any = true;
      ans = worse(ans, smt_implies(ctx, p->budget, rel, smt_mk_int_ge(ctx, diff, one)));
      if (ans != SMT_NO) ans = worse(ans, smt_implies(ctx, p->budget, rel, smt_mk_int_ge(ctx, before, zero)));
    } else {
      ans = worse(ans, smt_implies(ctx, p->budget, rel, smt_mk_int_ge(ctx, diff, zero)));
    }
  }
  return any ? ans : SMT_NO;
}

smt_answer its_check_nested(const its_problem *p, const its_nested *n) {
  const its *s = p->s;
  smt_ctx *ctx = s->ctx;
  if (!n || n->depth == 0 || !locations_ok(p, n->nloc)) return SMT_NO;
  for (size_t i = 0; i < (size_t)n->depth * n->nloc; i++)
    if (!over_pre_vars(s, n->f[i])) return SMT_NO;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  smt_answer ans = SMT_YES;
  for (uint32_t k = 0; k < p->nt && ans != SMT_NO; k++) {
    const its_trans *tr = &s->trans.data[p->tidx[k]];
    uint32_t from = p->lloc[tr->from], to = p->lloc[tr->to];
    smt_term rel = its_problem_relation(s, p->tidx[k]);
    smt_term premise = rel; /* multiphase: P^i_k */
    for (uint32_t i = 0; i < n->depth && ans != SMT_NO; i++) {
      smt_term fi = n->f[i * n->nloc + from];
      smt_term diff = smt_mk_int_sub(ctx, fi, at_post(s, n->f[i * n->nloc + to]));
      if (i > 0 && n->kind == ITS_NESTED_SUM) diff = smt_mk_int_add2(ctx, diff, n->f[(i - 1) * n->nloc + from]);
      if (i > 0 && n->kind == ITS_NESTED_PHASES)
        premise = smt_mk_and2(ctx, premise, smt_mk_int_le(ctx, n->f[(i - 1) * n->nloc + from], smt_mk_int(ctx, -1)));
      ans = worse(ans, smt_implies(ctx, p->budget, premise, smt_mk_int_ge(ctx, diff, one)));
    }
    if (ans != SMT_NO)
      ans = worse(ans,
                  smt_implies(ctx, p->budget, premise, smt_mk_int_ge(ctx, n->f[(n->depth - 1) * n->nloc + from], zero)));
  }
  return ans;
}

smt_answer its_accept_nested(const its_problem *p, its_nested *cand, const char *who) {
  smt_answer a = its_check_nested(p, cand);
  if (a == SMT_YES) return a;
  if (a == SMT_NO) {
    strbuf b = {0};
    for (uint32_t i = 0; i < cand->depth; i++) {
      strbuf_printf(&b, "\n  f^%u: ", i + 1);
      its_print_functions(p, cand->f + (size_t)i * cand->nloc, &b);
    }
    fprintf(stderr,
            "bitprove: %s: INTERNAL: a ranking function synthesised over the abstraction was refuted on the "
            "original transitions; treated as none found:%s\n",
            who, b.data ? b.data : "");
    strbuf_free(&b);
  }
  its_nested_free(cand);
  return a;
}

void its_print_functions(const its_problem *p, const smt_term *f, strbuf *out) {
  for (uint32_t l = 0; l < p->nloc; l++) {
    strbuf_printf(out, "%s%s: ", l ? "; " : "", p->s->loc_names[p->locs[l]]);
    its_print_term(p->s->ctx, out, f[l]);
  }
}
