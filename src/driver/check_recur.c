/* check_recur.c: recurrent sets as non-termination certificates (check_recur.h). */
#include "check_recur.h"


#include <gmp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bmc/bmc.h"
#include "../ir/ir_arith.h"
#include "../smt/build.h"
#include "../util/util.h"
#include "c_types.h"

/* ---- the stem's values at the visit ---------------------------------------------- */
typedef struct {
  const drv_recur_candidate *cand;
  uint32_t ninsts; /* of the candidate's function */
  bool seen;
  VEC(uint64_t) values;
} visit_ctx;

static void observe(void *ctxp, const interp_event *e) {
  visit_ctx *v = ctxp;
  const drv_recur_candidate *c = v->cand;
  if (v->seen || e->kind != (c->recursion ? INTERP_EV_CALL : INTERP_EV_HEAD) || e->visit != c->visit) return;
  if (e->func != c->func || (!c->recursion && e->block != c->block) || e->ndraws != c->ndraws) return;
  v->seen = true;
  if (c->recursion) /* the slots' layout: the instructions' values (none yet), then the arguments */
    for (uint32_t i = 0; i < v->ninsts; i++) VEC_PUSH(v->values, 0);
  for (uint32_t i = 0; i < e->nvalues; i++) VEC_PUSH(v->values, e->values[i]);
}

/* The source name of a slot (bmc.h), NULL if it has none. */
static const char *slot_var(const ir_func *f, uint32_t slot) {
  if (slot < f->ninsts) return f->insts[slot].var;
  uint32_t k = slot - f->ninsts;
  return k < f->nparams && f->param_names ? f->param_names[k] : NULL;
}

static bool slot_is_int(const ir_func *f, uint32_t slot) {
  ir_type t = slot < f->ninsts ? f->insts[slot].type : f->params[slot - f->ninsts];
  return t.kind == IR_TY_INT;
}

static void literal(strbuf *out, uint64_t c, unsigned bits, bool is_signed) {
  if (!is_signed) {
    strbuf_printf(out, "%" PRIu64 "%s", c & ir_mask(bits), bits > 32 ? "ULL" : "U");
    return;
  }
  int64_t s = ir_sext(c, bits);
  if (bits == 64 && s == INT64_MIN) strbuf_printf(out, "(-9223372036854775807LL - 1)");
  else if (bits <= 32 && s == INT32_MIN) strbuf_printf(out, "(-2147483647 - 1)");
  else strbuf_printf(out, "%" PRId64 "%s", s, bits > 32 ? "LL" : "");
}

/* One atom; `c_only`: false when it cannot be written in C over source
 * variables, otherwise IR names (%N) stand in for values without one. */
static bool render_atom(const ir_func *f, const bmc_recur_atom *a, bool c_only, strbuf *out) {
  static const char *ops[] = {"==", "<=", ">=", "<=", ">="};
  bool sgn = a->rel == RECUR_SLE || a->rel == RECUR_SGE;
  unsigned w = a->rel == RECUR_LOWBITS ? 0 : a->bits;
  const char *x = slot_var(f, a->a), *y = a->b != UINT32_MAX ? slot_var(f, a->b) : NULL;
  if (w == 0) { /* LOWBITS: the width of the value */
    ir_type t = a->a < f->ninsts ? f->insts[a->a].type : f->params[a->a - f->ninsts];
    w = t.bits;
  }
  const char *ty = c_int_type(w, sgn);
  if (c_only && (!x || !ty || !slot_is_int(f, a->a) || (a->b != UINT32_MAX && (!y || !slot_is_int(f, a->b)))))
    return false;
  char xn[32], yn[32];
  if (!x) snprintf(xn, sizeof xn, a->a < f->ninsts ? "%%%u" : "%%arg%u", a->a < f->ninsts ? a->a : a->a - f->ninsts), x = xn;
  if (a->b != UINT32_MAX && !y)
    snprintf(yn, sizeof yn, a->b < f->ninsts ? "%%%u" : "%%arg%u", a->b < f->ninsts ? a->b : a->b - f->ninsts), y = yn;
  if (!ty) ty = sgn ? "signed" : "unsigned"; /* IR names only: the width is in the IR */
  if (a->rel == RECUR_LOWBITS) {
    strbuf_printf(out, "((%s)%s & ", ty, x);
    literal(out, ir_mask(a->bits), w, false);
    strbuf_printf(out, ") == ");
    literal(out, a->c & ir_mask(a->bits), w, false);
    return true;
  }
  strbuf_printf(out, "(%s)%s %s ", ty, x, ops[a->rel]);
  if (a->b != UINT32_MAX) strbuf_printf(out, "(%s)%s", ty, y);
  else literal(out, a->c, w, sgn);
  return true;
}

/* S as a conjunction; NULL (c_only) when an atom cannot be written. */
static char *render_set(const ir_func *f, const bmc_recur_result *r, bool c_only) {
  strbuf b = {0};
  for (size_t i = 0; i < r->atoms.len; i++) {
    if (i) strbuf_printf(&b, " && ");
    if (!render_atom(f, &r->atoms.data[i], c_only, &b)) {
      strbuf_free(&b);
      return NULL;
    }
  }
  if (!r->atoms.len) strbuf_printf(&b, "1");
  return b.data;
}

/* ---- the check ------------------------------------------------------------------------------ */
bool drv_recur_try(const ir_module *m, const interp_nondet_vec *draws, const drv_recur_candidate *cand,
                   double deadline, bool debug, verdict *out) {
  if (cand->func >= m->funcs.len || cand->ndraws > draws->len) return false;
  const ir_func *f = &m->funcs.data[cand->func];
  /* 1. the stem, replayed strictly, reaches the visit */
  uint64_t *vals = xcalloc(cand->ndraws + 1, sizeof *vals);
  for (size_t i = 0; i < cand->ndraws; i++) vals[i] = draws->data[i].value;
  visit_ctx vc = {cand, f->ninsts, false, {0}};
  interp_options io;
  interp_options_replay(&io, vals, cand->ndraws);
  io.max_steps = cand->steps + 1;
  io.deadline = deadline;
  io.lasso.enabled = !cand->recursion; /* loop-head events */
  io.lasso.check_first = cand->visit;  /* check mode: no hashing */
  io.observe = observe;
  io.observe_ctx = &vc;
  interp_result stem;
  interp_run(m, &io, &stem);
  free(vals);
  bool found = false;
  if (!vc.seen || vc.values.len < f->ninsts + f->nparams) {
    if (debug) fprintf(stderr, "recur: the stem replay did not reach visit %" PRIu64 "\n", cand->visit);
    goto done;
  }
  /* 2. S and its proof */
  bmc_recur_query q = {cand->func, cand->block, vc.values.data, f->ninsts + f->nparams, deadline, cand->recursion};
  bmc_recur_result r;
  if (!bmc_recur_find(m, &q, &r)) {
    if (debug) fprintf(stderr, "recur: %s: no recurrent set: %s\n", f->name, r.reason);
    bmc_recur_free(&r);
    goto done;
  }
  /* 3. the visit's values lie in S */
  mpz_t *mv = xcalloc(r.nvars + 1, sizeof *mv), res;
  mpz_srcptr *mp = xcalloc(r.nvars + 1, sizeof *mp);
  mpz_init(res);
  for (uint32_t i = 0; i < r.nvars; i++) {
    unsigned w = smt_sort_width(smt_term_sort(r.ctx, r.vars[i]));
    mpz_init_set_ui(mv[i], vc.values.data[r.slots[i]] & ir_mask(w));
    mp[i] = mv[i];
  }
  bool in_set = smt_eval(r.ctx, r.set, r.nvars, r.vars, mp, res) && mpz_sgn(res) != 0;
  for (uint32_t i = 0; i < r.nvars; i++) mpz_clear(mv[i]);
  free(mv);
  free(mp);
  mpz_clear(res);
  if (!in_set) {
    if (debug) fprintf(stderr, "recur: the stem's state is not in the set\n");
    bmc_recur_free(&r);
    goto done;
  }
  char loc[512];
  const ir_block *hb = &f->blocks[cand->recursion ? 0 : cand->block];
  uint32_t first = hb->first;
  while (first + 1 < hb->first + hb->count && f->insts[first].op == IR_PHI) first++;
  char *words = render_set(f, &r, false);
  out->kind = VERDICT_FALSE;
  out->violated = PROP_TERMINATION;
  if (cand->recursion) {
    verdict_note(out, "non-termination: a recurrent set of a recursion, proved by the solver over the bit-precise "
                      "encoding of %s (at %s) up to its next call of itself:",
                 f->name, ir_loc_format(m, f->loc, loc, sizeof loc));
    verdict_note(out, "every call with %s calls %s again before it returns, without undefined behaviour, exit or "
                      "error, with arguments that satisfy it again (%u solver queries),",
                 words, f->name, r.queries);
  } else {
    verdict_note(out, "non-termination: a recurrent set, proved by the solver over the bit-precise encoding of one "
                      "iteration of the loop at %s (in %s):",
                 ir_loc_format(m, f->insts[first].loc, loc, sizeof loc), f->name);
    verdict_note(out, "every state with %s comes back to the loop head without undefined behaviour, exit or "
                      "error and satisfies it again (%u solver queries),",
                 words, r.queries);
  }
  free(words);
  if (r.cycle_any) verdict_note(out, "whatever the nondet values of the iteration are;");
  else verdict_note(out, "when every nondet value of an iteration is %" PRIu64 ";", r.cycle_value);
  if (cand->recursion)
    verdict_note(out, "the stem calls %s with arguments in that set (call depth %" PRIu64 ", replayed by the interpreter)",
                 f->name, cand->visit);
  else
    verdict_note(out, "the stem reaches the loop head in that set (visit %" PRIu64 ", replayed by the interpreter)",
                 cand->visit);
  strbuf b = {0};
  for (size_t i = 0; i < cand->ndraws; i++) strbuf_printf(&b, "%s%" PRIu64, i ? "," : "", draws->data[i].value);
  verdict_note(out, "stem: nondet values (%zu): %s", (size_t)cand->ndraws, b.data ? b.data : "");
  strbuf_free(&b);
  if (r.cycle_any) verdict_note(out, "cycle: nondet values: any");
  else verdict_note(out, "cycle: nondet values: all %" PRIu64, r.cycle_value);
  for (size_t i = 0; i < cand->ndraws; i++) VEC_PUSH(out->cex, draws->data[i]);
  out->lasso_stem = cand->ndraws;
  out->recur_visit = cand->visit;
  out->recur_call = cand->recursion;
  out->recur_set = render_set(f, &r, true);
  bmc_recur_free(&r);
  found = true;
done:
  VEC_FREE(vc.values);
  interp_result_free(&stem);
  return found;
}
