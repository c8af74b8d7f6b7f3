/* recur.c: recurrent sets as non-termination certificates (nonterm.h). */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/cfg.h"
#include "internal.h"

/* ---- the stem's values at the visit ---------------------------------------------- */
typedef struct {
  const nonterm_candidate *cand;
  uint32_t ninsts; /* of the candidate's function */
  bool seen;
  u64_vec values;
} visit_ctx;

static void observe(void *ctxp, const interp_event *e) {
  visit_ctx *v = ctxp;
  const nonterm_candidate *c = v->cand;
  if (v->seen || e->kind != (c->recursion ? INTERP_EV_CALL : INTERP_EV_HEAD) || e->visit != c->visit) return;
  if (e->func != c->func || (!c->recursion && e->block != c->block) || e->ndraws != c->ndraws) return;
  v->seen = true;
  if (c->recursion) /* the slots' layout: the instructions' values (none yet), then the arguments */
    for (uint32_t i = 0; i < v->ninsts; i++) VEC_PUSH(v->values, 0);
  for (uint32_t i = 0; i < e->nvalues; i++) VEC_PUSH(v->values, e->values[i]);
}

/* ---- the check ------------------------------------------------------------------------------ */
bool nonterm_recur_try(const ir_module *m, const interp_nondet_vec *draws, const nonterm_candidate *cand, budget b,
                       const nonterm_provers *provers, bool debug, nonterm_result *out) {
  if (!provers || !provers->prove_recurrent) return false;
  if (cand->func >= m->funcs.len || cand->ndraws > draws->len) return false;
  const ir_func *f = &m->funcs.data[cand->func];
  assert(cand->recursion || cand->block < f->nblocks);
  /* 1. the stem, replayed strictly, reaches the visit */
  uint64_t *vals = xcalloc(cand->ndraws + 1, sizeof *vals);
  for (size_t i = 0; i < cand->ndraws; i++) vals[i] = draws->data[i].value;
  visit_ctx vc = {cand, f->ninsts, false, {0}};
  interp_options io;
  interp_options_replay(&io, vals, cand->ndraws);
  io.max_steps = cand->steps + 1;
  io.budget = b;
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
  /* 2. S, its proof, and the visit's values in S */
  nonterm_recur_query q = {cand->func, cand->block, vc.values.data, f->ninsts + f->nparams, cand->recursion, b};
  nonterm_recur_proof r;
  memset(&r, 0, sizeof r);
  if (!provers->prove_recurrent(provers->ctx, m, &q, &r)) {
    if (debug) fprintf(stderr, "recur: %s: no recurrent set: %s\n", f->name, r.reason);
    free(r.set_c);
    free(r.set_words);
    goto done;
  }
  assert(r.found && r.set_words);
  char loc[512];
  uint32_t first = ir_first_non_phi(f, cand->recursion ? 0 : cand->block);
  memset(out, 0, sizeof *out);
  out->kind = NONTERM_RECURRENT;
  if (cand->recursion) {
    nonterm_note(out, "non-termination: a recurrent set of a recursion, proved by the solver over the bit-precise "
                      "encoding of %s (at %s) up to its next call of itself:",
                 f->name, ir_loc_format(m, f->loc, loc, sizeof loc));
    nonterm_note(out, "every call with %s calls %s again before it returns, without undefined behaviour, exit or "
                      "error, with arguments that satisfy it again (%u solver queries),",
                 r.set_words, f->name, r.queries);
  } else {
    nonterm_note(out, "non-termination: a recurrent set, proved by the solver over the bit-precise encoding of one "
                      "iteration of the loop at %s (in %s):",
                 ir_loc_format(m, f->insts[first].loc, loc, sizeof loc), f->name);
    nonterm_note(out, "every state with %s comes back to the loop head without undefined behaviour, exit or "
                      "error and satisfies it again (%u solver queries),",
                 r.set_words, r.queries);
  }
  free(r.set_words);
  if (r.cycle_any) nonterm_note(out, "whatever the nondet values of the iteration are;");
  else nonterm_note(out, "when every nondet value of an iteration is %" PRIu64 ";", r.cycle_value);
  if (cand->recursion)
    nonterm_note(out, "the stem calls %s with arguments in that set (call depth %" PRIu64 ", replayed by the interpreter)",
                 f->name, cand->visit);
  else
    nonterm_note(out, "the stem reaches the loop head in that set (visit %" PRIu64 ", replayed by the interpreter)",
                 cand->visit);
  strbuf sb = {0};
  for (size_t i = 0; i < cand->ndraws; i++) strbuf_printf(&sb, "%s%" PRIu64, i ? "," : "", draws->data[i].value);
  nonterm_note(out, "stem: nondet values (%zu): %s", (size_t)cand->ndraws, sb.data ? sb.data : "");
  strbuf_free(&sb);
  if (r.cycle_any) nonterm_note(out, "cycle: nondet values: any");
  else nonterm_note(out, "cycle: nondet values: all %" PRIu64, r.cycle_value);
  for (size_t i = 0; i < cand->ndraws; i++) VEC_PUSH(out->draws, draws->data[i]);
  out->stem = cand->ndraws;
  out->visit = cand->visit;
  out->recursion = cand->recursion;
  out->set_c = r.set_c;
  found = true;
done:
  VEC_FREE(vc.values);
  interp_result_free(&stem);
  return found;
}
