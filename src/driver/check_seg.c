/* check_seg: see check_seg.h. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "check_seg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../its/prove.h"
#include "../output/invariant.h"
#include "../output/its_file.h"
#include "../seg/seg.h"
#include "../smt/smt.h"
#include "../util/progress.h"

static const unsigned seg_checks = (1u << PROP_VALID_DEREF) | (1u << PROP_VALID_FREE) | (1u << PROP_VALID_MEMTRACK) |
                                   (1u << PROP_VALID_MEMCLEANUP) | (1u << PROP_NO_OVERFLOW) |
                                   (1u << PROP_TERMINATION) | (1u << PROP_UNREACH_CALL);

bool drv_seg_decides(const property *p) { return p->checks != 0 && (p->checks & ~seg_checks) == 0; }

static void dump_dot(const seg_graph *g, const char *file) {
  FILE *f = fopen(file, "w");
  if (!f) {
    util_warning("--dump-seg: cannot write %s: %s", file, strerror(errno));
    return;
  }
  seg_dump_dot(g, f);
  if (fclose(f) != 0) util_warning("--dump-seg: cannot write %s: %s", file, strerror(errno));
}

/* The largest graph whose dot text a verdict keeps for the HTML report (a
 * state's label is a few hundred bytes; the report draws far fewer). */
#define KEPT_GRAPH_STATES 20000

/* For --report FILE.html: the graph behind a TRUE as dot text in the
 * verdict, as --dump-seg writes it (none when it has more than
 * KEPT_GRAPH_STATES states or the text cannot be made). */
static void keep_dot(const seg_graph *g, verdict *out) {
  out->graph_states = seg_graph_summary(g)->states;
  free(out->graph_dot);
  out->graph_dot = NULL;
  if (out->graph_states > KEPT_GRAPH_STATES) return;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return;
  seg_dump_dot(g, f);
  if (fclose(f) == 0) out->graph_dot = text;
  else free(text);
}

/* Termination from a complete graph without ERR: the ITS of Def. 6, proved
 * in a child process so that a solver call overrunning its timeout cannot
 * take the time of the engines after this one. */
static bool prove_termination(const seg_graph *g, const drv_options *o, budget b, verdict *out) {
  char err[256];
  its *s = seg_to_its(g, b, err, sizeof err);
  if (!s) {
    verdict_unknown(out, "symbolic execution graph: %s", err);
    return false;
  }
  /* with --engine seg, --dump-its writes this ITS (auto: the direct one) */
  bool dumped = o->engine == DRV_ENGINE_SEG && o->dump_its_format &&
                its_file_write(s, o->dump_its_format, o->dump_its_file);
  its_prove_options po = its_prove_default_options();
  po.nonterm = false; /* a non-terminating run of the ITS is no evidence about the program */
  po.budget = budget_queries(b, 5000);
  its_prove_result res;
  bool finished = its_prove_isolated(s, &po, &res);
  const seg_summary *sum = seg_graph_summary(g);
  bool ok = finished && res.answer == ITS_PROVE_YES;
  if (ok) {
    out->kind = VERDICT_TRUE;
    out->ub_free = !sum->err_overflow && !sum->err_memory && !sum->err_ub;
    verdict_note(out, "proof: the symbolic execution graph (%u states) is complete without a memory-error or UB state, and its "
                      "integer transition system (%u locations, %u variables, %zu transitions) terminates "
                      "(seed 002 Thm. 7)",
                 sum->states, s->nlocs, s->nvars, s->trans.len);
    if (sum->err_overflow)
      verdict_note(out, "runs with a signed overflow are covered with the wrapped value (%s)", sum->first_err);
    strbuf proof = {0};
    if (o->proof || o->for_report) its_prove_result_print(&res, &proof);
    if (o->proof) verdict_note_lines(out, "  ", proof.data);
    else verdict_note(out, "(--proof prints the ITS and the ranking functions)");
    if (o->for_report && proof.data) strbuf_printf(&out->proof, "%s", proof.data);
    strbuf_free(&proof);
  } else if (!finished) {
    verdict_unknown(out, "the ITS back end on the symbolic execution graph's ITS: %s", res.reason.data);
  } else {
    int n;
    const char *why = its_prove_reason_line(&res, &n);
    verdict_unknown(out, "the ITS of the symbolic execution graph has no termination proof (%.*s)", n, why);
  }
  if (dumped) verdict_note(out, "ITS of the graph written to %s (%s)", o->dump_its_file, o->dump_its_format);
  its_prove_result_free(&res);
  its_free(s);
  return ok;
}

/* One graph and what it proves: merging at join points as the options say
 * (--seg-join-states, else seg_options' default), or with every_path none.
 * *merged_complete: the graph was complete, merged states at join points
 * and proved nothing (a graph without that merging may do better). */
static bool check_once(const ir_module *m, const property *p, const drv_options *o, budget b, bool every_path,
                       verdict *out, bool *merged_complete) {
  out->kind = VERDICT_UNKNOWN;
  smt_ctx *ctx = smt_ctx_new();
  seg_options so;
  seg_options_default(&so);
  so.budget = budget_until(so.budget, b.deadline); /* the graph's own query limit, the driver's deadline */
  so.modular_all = o->seg_modular_all;
  so.math_ints = o->math_ints;
  so.malloc_never_fails = o->math_ints || o->require_memory_safety; /* termCOMP: allocation succeeds */
  so.undefined_calls_arbitrary = o->require_memory_safety;             /* termCOMP's rule */
  if (every_path)
    so.join_states = 0;
  else if (o->seg_join_set)
    so.join_states = o->seg_join_states;
  util_progress_begin("symbolic execution graph");
  seg_graph *g = seg_build(m, ctx, &so);
  util_progress_end();
  const seg_summary *sum = seg_graph_summary(g);
  if (o->dump_seg_file) dump_dot(g, o->dump_seg_file);
  if (o->stats) seg_print_stats(g, stderr);
  bool ok = false;
  bool leak_checks = (p->checks & ((1u << PROP_VALID_MEMTRACK) | (1u << PROP_VALID_MEMCLEANUP))) != 0;
  bool termination = (p->checks & (1u << PROP_TERMINATION)) != 0;
  /* termination: a definite error (a null-pointer dereference in every
   * state of its leaf) ends the runs it represents, as the machine's crash
   * does; only a possible one leaves runs the graph does not continue */
  bool ends_runs = termination && (sum->err_memory || sum->err_ub) && !sum->err_possible;
  /* mathematical integers (termCOMP): a memory-unsafe program deserves
   * neither YES nor NO, so no memory-error state may remain at all */
  if ((o->math_ints || o->require_memory_safety) && sum->err_memory) ends_runs = false;
  if (!sum->complete) {
    verdict_unknown(out, "symbolic execution graph incomplete: %s", sum->reason ? sum->reason : "gave up");
  } else if (((sum->err_memory || sum->err_ub) && !ends_runs) ||
             (sum->err_overflow && (p->checks & (1u << PROP_NO_OVERFLOW)))) {
    /* the graph over-approximates: an ERR state is no counterexample. An
     * overflow ERR matters only for no-overflow: the graph continues every
     * overflowing run with the wrapped value, so the other properties are
     * proved for those runs too. */
    verdict_unknown(out, "the symbolic execution graph reaches an error state (%s); not a proof",
                    sum->first_err ? sum->first_err : "ERR");
  } else if (leak_checks && sum->uses_heap && !sum->heap_empty_at_end) {
    verdict_unknown(out, "the symbolic execution graph ends with heap memory allocated; memory tracking not proved");
  } else if (leak_checks && sum->heap_forgotten) {
    verdict_unknown(out, "a merge in the symbolic execution graph left out a heap object that may still be "
                         "allocated; memory tracking not proved");
  } else if ((p->checks & (1u << PROP_UNREACH_CALL)) && sum->error_call) {
    /* the graph over-approximates: a state that calls reach_error is no run */
    verdict_unknown(out, "the symbolic execution graph has a state that calls reach_error; not a proof");
  } else if (p->checks & (1u << PROP_TERMINATION)) {
    /* the proof gets at least a second, even when the graph used up the
     * share (a small ITS is proved in far less); the run's own timeout
     * still ends everything */
    double left = budget_left(b);
    budget pb = left >= 0 && left < 1 ? budget_until(budget_unlimited(), util_now() + 1) : b;
    ok = prove_termination(g, o, pb, out);
    if (ok && ends_runs)
      verdict_note(out, "runs that dereference a null pointer end there (undefined behaviour; a crash on real "
                        "machines): %s",
                   sum->first_err ? sum->first_err : "ERR");
  } else {
    out->kind = VERDICT_TRUE;
    verdict_note(out, "proof: the symbolic execution graph (%u states, %u generalizations) is complete without a "
                      "memory-error or UB state (seed 002 Thm. 5)%s%s",
                 sum->states, sum->generalizations,
                 !leak_checks ? ""
                 : m->entry_function ? "; every run ends with all heap memory freed but the arguments' objects, "
                                       "which the caller keeps"
                                     : "; every run ends with all heap memory freed",
                 (p->checks & (1u << PROP_UNREACH_CALL)) ? "; no state calls reach_error" : "");
    verdict_note(out, so.malloc_never_fails ? "malloc and calloc of at least one byte are assumed to succeed "
                                              "(the Termination Competition's rule)"
                                            : "malloc and calloc are assumed to fail or succeed, both cases explored");
    if (sum->err_overflow)
      verdict_note(out, "runs with a signed overflow are covered with the wrapped value (%s)", sum->first_err);
    ok = true;
  }
  if (ok && out->kind == VERDICT_TRUE && o->math_ints)
    verdict_note(out, "the graph reads integers as unbounded mathematical integers (seed 002's rules; memory "
                      "byte-precise): no memory-error state, so every run of that reading is memory safe");
  if (ok && out->kind == VERDICT_TRUE && sum->entry_states) {
    /* which function summaries the proof rests on (seed 004 Thm. 3.1, 4.1) */
    strbuf sb = {0};
    seg_print_summaries(g, &sb);
    verdict_note(out, "modular graph (seed 004 Thm. 3.1%s): %u call state(s) use the summaries of:",
                 (p->checks & (1u << PROP_TERMINATION)) ? ", 4.1" : "", sum->call_states);
    verdict_note_lines(out, "  ", sb.data);
    strbuf_free(&sb);
  }
  if (ok && out->kind == VERDICT_TRUE && sum->lists_folded) {
    /* the list invariants the proof rests on (issue 41) */
    strbuf sb = {0};
    seg_print_lists(g, &sb);
    verdict_note(out, "list segments (%u folded at merges, %u unfoldings; a length is an ITS variable):",
                 sum->lists_folded, sum->lists_unfolded);
    verdict_note_lines(out, "  ", sb.data);
    strbuf_free(&sb);
  }
  if (ok && out->kind == VERDICT_TRUE) /* for correctness witnesses */
    invariant_from_seg(m, g, ctx, &out->ev.invariants);
  if (ok && out->kind == VERDICT_TRUE && o->for_report) keep_dot(g, out);
  if (o->dump_seg_file) verdict_note(out, "symbolic execution graph written to %s", o->dump_seg_file);
  if (o->stats) smt_stats_print(ctx, stderr);
  *merged_complete = !ok && sum->complete && (sum->join_generalized || sum->join_merges);
  seg_graph_free(g);
  smt_ctx_free(ctx);
  return ok;
}

bool drv_seg_check(const ir_module *m, const property *p, const drv_options *o, budget b, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  if (!drv_seg_decides(p)) {
    verdict_unknown(out, "the symbolic execution graph does not decide %s", p->name);
    return false;
  }
  bool merged_complete = false;
  bool ok = check_once(m, p, o, b, false, out, &merged_complete);
  double left = budget_left(b);
  if (ok || !merged_complete || (left >= 0 && left < 1)) return ok;
  /* merging the states of different paths at join points lost what the
   * proof needs (a lock taken and later released under the same
   * condition): once more, every path on its own */
  verdict again = {0};
  bool again_merged = false;
  if (!check_once(m, p, o, b, true, &again, &again_merged)) {
    verdict_free(&again);
    return false;
  }
  verdict_free(out);
  *out = again;
  verdict_note(out, "(the graph with merging at join points proved nothing; this one explores every path on its own)");
  return true;
}
