/* check_bmc: see check_bmc.h. */
#define _GNU_SOURCE
#include "check_bmc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../util/progress.h"
#include "check_nonterm.h"
#include "../output/invariant.h"

/* The replayed run as explanation lines (check_bmc.h). */
static void note_trace(const ir_module *m, const interp_result *res, unsigned bound, verdict *out) {
  char loc[512];
  verdict_note(out, "counterexample of bounded model checking (bound %u), replayed by the interpreter:", bound);
  /* --function: the generated main's draws stand at the function's definition */
  const ir_func *entry = NULL;
  for (size_t f = 0; m->entry_function && f < m->funcs.len && !entry; f++)
    if (m->funcs.data[f].defined && strcmp(m->funcs.data[f].name, m->entry_function) == 0) entry = &m->funcs.data[f];
  for (size_t i = 0; i < res->nondet.len; i++) {
    const interp_nondet *nd = &res->nondet.data[i];
    static const char *origin[] = {"nondet call", "undef value", "uninitialised read", "inline asm output",
                                   "result"};
    char what[300];
    bool named = (nd->origin == INTERP_ND_CALL || nd->origin == INTERP_ND_EXTERN) && nd->func < m->funcs.len;
    if (named && nd->origin == INTERP_ND_EXTERN)
      snprintf(what, sizeof what, "result of %s (no body)", m->funcs.data[nd->func].name);
    else if (named && entry && nd->loc.file == entry->loc.file && nd->loc.line == entry->loc.line)
      snprintf(what, sizeof what, "argument data of %s", m->entry_function);
    else
      snprintf(what, sizeof what, "%s", origin[nd->origin <= INTERP_ND_EXTERN ? nd->origin : 0]);
    const char *where = ir_loc_format(m, nd->loc, loc, sizeof loc);
    verdict_note(out, "  %s at %s: %llu (i%u, signed %lld)", what, where, (unsigned long long)nd->value, nd->bits,
                 (long long)(nd->bits && nd->bits < 64 ? (int64_t)(nd->value << (64 - nd->bits)) >> (64 - nd->bits)
                                                       : (int64_t)nd->value));
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f) {
    interp_report_outcome(m, res, f);
    interp_report_extra(m, res, f, 0);
    fclose(f);
    verdict_note_lines(out, "  ", buf);
    free(buf);
  }
  strbuf sb = {0};
  for (size_t i = 0; i < res->nondet.len; i++)
    strbuf_printf(&sb, "%s%llu", i ? "," : "", (unsigned long long)res->nondet.data[i].value);
  verdict_note(out, "nondet values: %s", sb.data ? sb.data : "");
  strbuf_free(&sb);
}

void drv_bmc_verdict(const ir_module *m, const bmc_result *r, verdict *out) {
  switch (r->answer) {
  case BMC_VIOLATION:
    assert(r->violated < PROP_CHECK_COUNT);
    out->kind = VERDICT_FALSE;
    out->violated = r->violated;
    note_trace(m, &r->trace, r->bound, out);
    out->ev.cex.len = 0;
    for (size_t i = 0; i < r->trace.nondet.len; i++) VEC_PUSH(out->ev.cex, r->trace.nondet.data[i]);
    break;
  case BMC_SAFE:
    out->kind = VERDICT_TRUE;
    verdict_note(out, "bounded model checking: no violation, and every loop and recursion is fully unrolled "
                      "at bound %u (unwinding assertions hold)", r->bound);
    break;
  case BMC_UNKNOWN:
    verdict_unknown(out, "bmc: %s", r->reason);
    if (r->shl_unprovable)
      verdict_note(out, "bmc: no-overflow is never proved here: a left shift without nsw may be a signed overflow "
                        "in C (the IR does not keep the C type)");
    break;
  }
}

void drv_bmc_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  if (!p->checks || (p->checks & (1u << PROP_TERMINATION))) {
    verdict_unknown(out, "bmc: property %s is not a safety property bmc checks", p->name);
    return;
  }
  bmc_options bo;
  bmc_options_default(&bo);
  bo.bound = o->bmc_bound;
  bo.stats = o->stats;
  bo.dump_smt = o->dump_smt;
  bo.debug = o->debug;
  bo.budget = b;
  bmc_result r;
  util_progress_begin("bounded model checking");
  bmc_check(m, p->checks, &bo, &r);
  util_progress_end();
  drv_bmc_verdict(m, &r, out);
  bmc_result_free(&r);
}

/* ---- k-induction ------------------------------------------------------------------------ */
bool drv_kind_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  bmc_kind_options ko;
  bmc_kind_options_default(&ko);
  ko.budget = b;
  ko.stats = o->stats;
  bmc_kind_result r;
  util_progress_begin("k-induction");
  bmc_kinduction(m, p->checks, &ko, &r);
  util_progress_end();
  bool proved = r.answer == KIND_SAFE;
  if (proved) {
    out->kind = VERDICT_TRUE;
    verdict_note(out, "proof: k-induction with k = %u (seed 003 Sect. 2.2.5; the combined case of Donaldson et al.): "
                      "no violation in the first %u iterations of any loop, and none in the next iteration after "
                      "%u iterations without violation from any state that satisfies the invariants "
                      "(%u loop instances havocked)",
                 r.k, r.k + 1, r.k, r.havocs);
    /* the invariants, per loop: in the answer, and in the correctness
     * witness at the loop's while/for statement (output/invariant.h) */
    for (size_t i = 0; i < r.invariants.len; i++) {
      const bmc_kind_atom *a = &r.invariants.data[i];
      bool first = true;
      for (size_t j = 0; j < i && first; j++)
        first = r.invariants.data[j].func != a->func || r.invariants.data[j].block != a->block;
      if (!first) continue;
      char *text = bmc_kind_render(m, &r.invariants, a->func, a->block);
      const ir_func *f = &m->funcs.data[a->func];
      const ir_block *blk = &f->blocks[a->block];
      const ir_inst *term_inst = &f->insts[blk->first + blk->count - 1];
      char loc[512];
      verdict_note(out, "invariant (Houdini, proved inductive) at the loop at %s in %s: %s",
                   ir_loc_format(m, term_inst->loc, loc, sizeof loc), f->name,
                   text ? text : "(over values without a C variable)");
      if (text && term_inst->op == IR_CONDBR && invariant_at_loop_keyword(m, term_inst->loc)) {
        evidence_invariant inv = {term_inst->loc, xstrdup(f->name), text, true};
        VEC_PUSH(out->ev.invariants, inv);
      } else {
        free(text);
      }
    }
  } else {
    verdict_unknown(out, "%s", r.reason);
  }
  if (o->stats)
    fprintf(stderr, "kind: %u bounds, %llu insts, %llu queries, encode %.2fs, solve %.2fs, %u candidates, %zu invariants\n",
            r.stats.bounds, (unsigned long long)r.stats.insts, (unsigned long long)r.stats.queries, r.stats.encode_s,
            r.stats.solve_s, r.candidates, r.invariants.len);
  bmc_kind_result_free(&r);
  return proved;
}

/* ---- termination ------------------------------------------------------------------------ */
typedef struct {
  const ir_module *m;
  budget budget;
  bool debug;
  nonterm_result found; /* the checked lasso, once one is */
} lasso_check_ctx;

static bool check_lasso(void *ctxp, const interp_planned_draw *draws, size_t n) {
  lasso_check_ctx *c = ctxp;
  return nonterm_check_lasso(c->m, draws, n, c->budget, c->debug, &c->found);
}

bool drv_bmc_termination(const ir_module *m, const drv_options *o, budget b, unsigned first_bound, bool prove,
                         bool lasso, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  lasso_check_ctx lc = {m, b, o->debug, {0}};
  bmc_term_options bo;
  bmc_term_options_default(&bo);
  bo.budget = b;
  bo.prove = prove;
  bo.stats = o->stats;
  if (o->bmc_bound) bo.max_bound = o->bmc_bound;
  bo.first_bound = first_bound;
  if (lasso) {
    bo.check_lasso = check_lasso;
    bo.check_ctx = &lc;
  }
  bmc_term_result r;
  util_progress_begin("bounded model checking (termination)");
  bmc_termination(m, &bo, &r);
  util_progress_end();
  char bounds[1024];
  bmc_bounds_format(m, &r.bounds, bounds, sizeof bounds);
  bool decided = true;
  switch (r.answer) {
  case BMC_TERM_TERMINATES:
    out->kind = VERDICT_TRUE;
    out->ub_free = true; /* the UB query covered every run within the bounds */
    verdict_note(out, "proof: complete unwinding (bounded model checking, seed 003 Sect. 3.5.2 and 4.5.3): at these "
                      "bounds (back edges taken per entry of each loop, calls deep per recursion) no run reaches a "
                      "back edge or call beyond them, so every run ends: %s",
                 r.bounds.len ? bounds : "no loop or recursion is entered");
    verdict_note(out, "assumption: runs were checked for undefined behaviour within the bounds (signed overflow, "
                      "division by zero, shift amounts, dereferences and frees outside a live object) and have none; "
                      "not seen: an access that jumps from its object into another live one, and an overflowing "
                      "signed left shift that clang does not flag");
    break;
  case BMC_TERM_LASSO: {
    const ir_func *f = &m->funcs.data[r.lasso_func];
    drv_nonterm_verdict(&lc.found, out);
    verdict_note(out, "found by: the lasso query of bounded model checking (what the loop in %s reads is equal after "
                      "%u and %u iterations of one entry), confirmed by the interpreter",
                 f->name, r.lasso_i, r.lasso_j);
    break;
  }
  case BMC_TERM_UNKNOWN:
    verdict_unknown(out, "bmc: %s", r.reason);
    decided = false;
    break;
  }
  if (o->stats)
    fprintf(stderr, "bmc termination: %u rounds, %llu insts, %llu queries, encode %.2fs, solve %.2fs\n", r.rounds,
            (unsigned long long)r.stats.insts, (unsigned long long)r.stats.queries, r.stats.encode_s, r.stats.solve_s);
  nonterm_result_free(&lc.found);
  bmc_term_result_free(&r);
  return decided;
}
