/* dispatch: see dispatch.h. */
#include "dispatch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_bmc.h"
#include "check_direct.h"
#include "check_math.h"
#include "check_nonterm.h"
#include "check_run.h"
#include "check_seg.h"
#include "../util/progress.h"

/* ---- the engines' shares of the time -------------------------------------
 * One table for every share and margin: each is a fraction of the time
 * left when the engine starts, at most `cap` seconds (0: none), and
 * `unlimited` seconds when the run has no --timeout (0: no limit). The
 * numbers were measured with bench/run.py (docs/user-guide.md, "Where the time went"). */
typedef struct {
  double fraction, cap, unlimited;
} share;

static const share
    /* a short lasso search first: a reactive while(1) loop repeats its state within seconds */
    SHARE_LASSO_FIRST = {0.15, 8, 8},
    /* before it, a program without inputs is run once (uthash's tests of 1000 elements: 0.1 s) */
    SHARE_ONLY_RUN = {0.15, 8, 8},
    /* the graph first, then the direct translation (termination) or BMC */
    SHARE_SEG_TERMINATION = {0.5, 0, 20}, SHARE_SEG_SAFETY = {0.3, 0, 20},
    /* large programs: the direct translation first (the graph's queries carry every allocation's disjointness) */
    SHARE_DIRECT_LARGE = {0.75, 0, 0},
    /* the graph after it, on a large program */
    SHARE_SEG_AFTER_DIRECT = {1, 0, 20},
    /* termination by BMC after the lasso search: a complete unwinding or a
     * lasso query. A large program's loops are mostly bounded by constants:
     * product lines, uthash, drivers and eca-rers are decided in under 2 s
     * (dev sweep); what BMC needs longer for, the direct translation proves
     * faster (seq-mthreaded's BOUNDED-10 floodmax: BMC 12 s for an
     * incomplete bound 8, the direct translation's ranking function in 6 s),
     * so BMC gets at most 3 s before it. A small program's loops mostly are
     * not bounded by constants, and the graph and the direct translation
     * prove them, so BMC gets at most 2 s there (seq-mthreaded's lcr.5
     * needs 1.4 s; with 1 s it was lost) */
    SHARE_BMC_TERMINATION_LARGE = {0.2, 3, 3}, SHARE_BMC_TERMINATION_SMALL = {0.1, 2, 2},
    /* mathematical integers: the direct translation first (it proves the
     * integer programs alone in well under a second); the graph over
     * mathematical integers gets the rest, for memory safety or the whole proof */
    SHARE_DIRECT_MATH = {0.4, 0, 20},
    /* safety after the graph: k-induction before BMC; it proves at a small
     * k within a second or two, or not at all (dev sweep: every k-induction
     * TRUE needed under 2 s of its own), and BMC's deep bounds need the rest
     * (seq-mthreaded's pals_lcr: 6.5 s) */
    SHARE_KIND = {0.3, 6, 6},
    /* safety, before the graph: a short BMC probe. A violation within a few
     * bounds is found in well under a second, while the graph and
     * k-induction before BMC took 30 s to FALSE on the ring buffer twin of
     * tests/regression (ringbuf-memcpy-unsafe: BMC alone 0.7 s) */
    SHARE_BMC_PROBE = {0.1, 2, 2};
/* The deepest loop bound BMC's termination check unrolls in a small program. */
#define BMC_TERMINATION_SMALL_BOUND 32
/* Every loop's bound in BMC's first round on a large program: the rounds
 * at 1, 2 and 4 cost as much as the one at 8 (seq-mthreaded's BOUNDED-10
 * floodmax: 12 s from 8 against 24 s from 1), and constant-bounded loops
 * mostly need 4 to 16 iterations */
#define BMC_TERMINATION_LARGE_FIRST 8

/* Kept for printing the verdict when an engine runs to the end of the run's time. */
#define MARGIN_PRINT 0.5
/* The graph when it runs to the end (--engine seg, or after the direct
 * translation) keeps a little more: it frees a large graph. */
#define MARGIN_SEG_ALONE 1.0
/* The direct translation when it runs to the end: its ITS proof and the
 * verdict after it. */
#define MARGIN_DIRECT 1.0

/* Instructions of the program's function bodies. */
#define DRV_LARGE_PROGRAM 1000
static size_t program_size(const ir_module *m) {
  size_t n = 0;
  for (size_t f = 0; f < m->funcs.len; f++)
    if (m->funcs.data[f].defined) n += m->funcs.data[f].ninsts;
  return n;
}

static budget share_of(budget run, share s) { return budget_share(run, s.fraction, s.cap, s.unlimited); }

static void check_without_seg(const ir_module *m, const property *p, const drv_options *o, budget run, verdict *out);

/* The external globals a TRUE rests on (ir_global.external). */
static void note_externals(const ir_module *m, verdict *out) {
  strbuf names = {0};
  size_t n = 0;
  for (size_t i = 0; i < m->globals.len; i++)
    if (m->globals.data[i].external) {
      if (n < 8) strbuf_printf(&names, "%s'%s'", n ? ", " : "", m->globals.data[i].name);
      n++;
    }
  if (n)
    verdict_note(out, "assumption: the external global%s %s%s (declared, not defined in the program) %s of %s "
                      "declared size (%u bytes for an incomplete type) whose contents are unknown: every value "
                      "read from %s before the program writes it was treated as arbitrary",
                 n > 1 ? "s" : "", names.data, n > 8 ? ", ..." : "", n > 1 ? "are objects" : "is an object",
                 n > 1 ? "their" : "its", IR_EXTERN_UNSIZED_BYTES, n > 1 ? "them" : "it");
  strbuf_free(&names);
}

static bool has_externals(const ir_module *m) {
  for (size_t i = 0; i < m->globals.len; i++)
    if (m->globals.data[i].external) return true;
  return false;
}

/* What the program's inline asm is, in one scan: its IR_ASM instructions
 * (an asm statement with several outputs has one per output), whether one
 * writes memory, and whether one has an output (a value or memory). */
typedef struct {
  size_t n;
  bool writes_memory, outputs;
  bool silent_writes; /* an asm without outputs writes memory (a "memory" clobber): the interpreter draws nothing for it */
  /* calls of functions without a body (IR_ASM_EXTERN_CALL): not inline asm */
  size_t extern_calls;
  bool extern_writes;  /* --undefined-functions havoc */
  bool extern_pointer; /* one returns a pointer */
  bool extern_result;  /* one returns a value */
} asm_facts;

static asm_facts scan_asm(const ir_module *m) {
  asm_facts a = {0};
  for (size_t f = 0; f < m->funcs.len; f++)
    for (uint32_t i = 0; i < m->funcs.data[f].ninsts; i++) {
      const ir_inst *in = &m->funcs.data[f].insts[i];
      if (in->op == IR_ASM && (in->flags & IR_ASM_EXTERN_CALL)) {
        a.extern_calls++;
        a.extern_writes |= (in->flags & IR_ASM_MEMORY) != 0;
        a.extern_pointer |= in->type.kind == IR_TY_PTR;
        a.extern_result |= in->type.kind != IR_TY_VOID;
        continue;
      }
      if (in->op == IR_ASM) a.n++;
      if (in->op == IR_HAVOC || (in->op == IR_ASM && (in->flags & IR_ASM_MEMORY))) a.writes_memory = true;
      if (in->op == IR_ASM && (in->flags & IR_ASM_MEMORY) && in->type.kind == IR_TY_VOID) a.silent_writes = true;
      if ((in->op == IR_ASM && in->type.kind != IR_TY_VOID) || in->op == IR_HAVOC) a.outputs = true;
    }
  return a;
}

static void check_with(const ir_module *m, const property *p, const drv_options *o, const asm_facts *asm_in,
                       budget run, verdict *out);

/* termCOMP (o->require_memory_safety): the only unsupported constructs are
 * calls of functions without a body, which its rule reads as terminating,
 * returning an arbitrary value and writing nothing. */
static bool undefined_calls_allowed(const ir_module *m, const drv_options *o) {
  if (!o->require_memory_safety) return false;
  for (size_t i = 0; i < m->unsupported.len; i++)
    if (!m->unsupported.data[i].undefined_call) return false;
  return true;
}

/* The assumption a verdict rests on when undefined_calls_allowed. */
static void note_undefined_calls(const ir_module *m, verdict *out) {
  strbuf names = {0};
  size_t n = 0;
  for (size_t i = 0; i < m->unsupported.len && n < 8; i++) {
    const char *w = m->unsupported.data[i].what, *q = strchr(w, '\'');
    if (q && (!names.data || !strstr(names.data, q))) strbuf_printf(&names, "%s%s", n++ ? ", " : "", q);
  }
  verdict_note(out, "assumption: the functions without a body (%s) terminate, return an arbitrary value and write "
                    "nothing (the Termination Competition's rule)",
               names.data ? names.data : "?");
  strbuf_free(&names);
}

/* The names of the functions without a body that the program calls
 * (IR_ASM_EXTERN_CALL), quoted, at most 8, into *names. */
static void extern_call_names(const ir_module *m, strbuf *names) {
  size_t n = 0;
  bool *seen = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *seen);
  for (size_t f = 0; f < m->funcs.len; f++)
    for (uint32_t i = 0; i < m->funcs.data[f].ninsts; i++) {
      const ir_inst *in = &m->funcs.data[f].insts[i];
      if (in->op != IR_ASM || !(in->flags & IR_ASM_EXTERN_CALL) || in->size >= m->funcs.len || seen[in->size])
        continue;
      seen[in->size] = true;
      if (n < 8) strbuf_printf(names, "%s'%s'", n ? ", " : "", m->funcs.data[in->size].name);
      else if (n == 8) strbuf_printf(names, ", ...");
      n++;
    }
  free(seen);
}

/* The assumption every TRUE and FALSE rests on when the program calls
 * functions without a body (frontend.h, fe_undefined). */
static void note_extern_calls(const ir_module *m, const asm_facts *a, verdict *out) {
  if (!a->extern_calls) return;
  strbuf names = {0};
  extern_call_names(m, &names);
  if (a->extern_writes)
    verdict_note(out, "assumption: the functions without a body (%s) terminate, return an arbitrary value of their "
                      "type and may write anything reachable from their pointer arguments and from globals "
                      "(--undefined-functions havoc)",
                 names.data ? names.data : "?");
  else
    verdict_note(out, "assumption: the functions without a body (%s) terminate, return an arbitrary value of their "
                      "type and write nothing (the Termination Competition's rule; --undefined-functions havoc lets "
                      "them write through their pointer arguments)",
                 names.data ? names.data : "?");
  strbuf_free(&names);
}

/* The functions without a body whose results the counterexample's run
 * used, quoted, into *names; false if none. */
static bool extern_results_used(const ir_module *m, const verdict *v, strbuf *names) {
  size_t n = 0;
  for (size_t i = 0; i < v->ev.cex.len; i++) {
    const interp_nondet *d = &v->ev.cex.data[i];
    if (d->origin != INTERP_ND_EXTERN || d->func >= m->funcs.len) continue;
    char q[300];
    snprintf(q, sizeof q, "'%s'", m->funcs.data[d->func].name);
    if (names->data && strstr(names->data, q)) continue;
    if (n++ < 8) strbuf_printf(names, "%s%s", n > 1 ? ", " : "", q);
  }
  return n > 0;
}

/* The assumption every TRUE and FALSE of a program with atomics rests on
 * (frontend/lower_atomic.c): another thread could interleave with them. */
static void note_atomics(const ir_module *m, verdict *out) {
  if (!m->atomics) return;
  verdict_note(out, "assumption: the program is single-threaded: atomic operations are read as their sequential "
                    "meaning%s",
               m->atomics_weak ? " (a weak compare-exchange fails only when the values differ, as on x86)" : "");
}

/* The kernel's asm templates (frontend/lower_asm.c): the answer rests on ud2 ending the run
 * (BUG()) and on calls of named routines doing what their constraints declare. */
static void note_asm_templates(const ir_module *m, verdict *out) {
  if (m->asm_traps)
    verdict_note(out, "assumption: inline asm ud2 (the Linux kernel's BUG(), %u place(s)) ends the run there, as "
                      "abort() does",
                 m->asm_traps);
  if (m->asm_calls)
    verdict_note(out, "assumption: inline asm that calls a named routine (such as the Linux kernel's __get_user_N "
                      "and __put_user_N, %u place(s)) does what its constraints declare: arbitrary outputs, memory "
                      "only under a \"memory\" clobber",
                 m->asm_calls);
}

static void note_asm(const asm_facts *a, verdict *out) {
  size_t n = a->n;
  bool writes = a->writes_memory;
  if (n)
    verdict_note(out, "assumption: inline asm (%zu instruction(s)) modelled from their constraints for sequential code: "
                      "each output is an arbitrary value of its type%s",
                 n, writes ? "; memory outputs and memory the asm may reach through a \"memory\" clobber get "
                             "arbitrary contents" : "");
}

/* Does a FALSE verdict rest on an inline asm's output? The IR gives an asm
 * arbitrary outputs (a sound over-approximation for proofs), but a run that
 * needs particular ones may be no run of the real program. A termination
 * argument may also rest on asm outputs inside its loop without drawing. */
static bool rests_on_asm(const asm_facts *a, const verdict *v) {
  for (size_t i = 0; i < v->ev.cex.len; i++)
    if (v->ev.cex.data[i].origin == INTERP_ND_ASM) return true;
  if (v->violated != PROP_TERMINATION || !a->outputs) return false;
  /* A lasso the interpreter replayed (stem and cycle, the loop head's state
   * repeated) without drawing one asm output executed no asm with outputs:
   * each output, and each byte of a memory output (IR_HAVOC), is a draw.
   * Unless the program has asm that writes memory without outputs (a
   * "memory" clobber on an asm without outputs, which the interpreter runs
   * without a draw), no asm changed anything along it, so it is a run of
   * the real program too. A recurrent set is an argument over all values
   * of its cycle's variables, asm outputs included. */
  bool replayed_lasso = v->ev.lasso_second != 0 && v->ev.recur_visit == 0;
  return !replayed_lasso || a->silent_writes;
}

/* A FALSE that uses the results of functions without a body stands under
 * the convention, and says so; but a dereference or free of a pointer such
 * a function returned proves nothing (a real one returns a valid pointer or
 * NULL; the model's is any address), so that FALSE becomes UNKNOWN. */
static void qualify_extern_false(const ir_module *m, const asm_facts *a, verdict *out) {
  if (out->kind != VERDICT_FALSE || !a->extern_calls) return;
  strbuf names = {0};
  bool used = extern_results_used(m, out, &names);
  bool termination = out->violated == PROP_TERMINATION && a->extern_result;
  if ((out->violated == PROP_VALID_DEREF || out->violated == PROP_VALID_FREE) && a->extern_pointer) {
    verdict v = {0};
    verdict_unknown(&v, "a %s violation was found, but the program uses pointers returned by functions without a "
                        "body, which the model makes arbitrary addresses, so it is not reported",
                    prop_check_name(out->violated));
    verdict_free(out);
    *out = v;
  } else if (used || termination) {
    if (!used) extern_call_names(m, &names);
    verdict_note(out, "note: this run %s values returned by functions without a body (%s), which the real "
                      "functions may never return",
                 used ? "depends on" : "may depend on", names.data ? names.data : "?");
  }
  strbuf_free(&names);
}

void drv_check(const ir_module *m, const property *p, const drv_options *o, budget run, verdict *out) {
  asm_facts asm_in = scan_asm(m);
  check_with(m, p, o, &asm_in, run, out);
  /* termCOMP, bit-precise: a YES or NO stands only with the program's
   * freedom from undefined behaviour proved too, memory errors included
   * (mathematical integers: check_math_termination) */
  bool termination = p->checks == (1u << PROP_TERMINATION);
  if (termination && o->require_memory_safety && !o->math_ints && out->kind != VERDICT_UNKNOWN && !out->ub_free)
    drv_require_memory_safety(m, o, budget_reserve(run, MARGIN_SEG_ALONE),
                              out->kind == VERDICT_FALSE ? "a non-terminating run was found"
                                                         : "termination is proved (for runs without undefined "
                                                           "behaviour)",
                              out);
  if (out->kind == VERDICT_TRUE) {
    note_externals(m, out);
    note_asm(&asm_in, out);
  }
  qualify_extern_false(m, &asm_in, out);
  if (out->kind != VERDICT_UNKNOWN) note_extern_calls(m, &asm_in, out);
  if (out->kind != VERDICT_UNKNOWN && m->entry_model) verdict_note(out, "assumption: %s", m->entry_model);
  if (out->kind != VERDICT_UNKNOWN) note_atomics(m, out);
  if (out->kind != VERDICT_UNKNOWN) note_asm_templates(m, out);
  if (out->kind != VERDICT_UNKNOWN && m->unsupported.len && undefined_calls_allowed(m, o)) note_undefined_calls(m, out);
  /* the interpreter draws an external global's bytes, pointers included,
   * but a real one points where its definition says, which we do not know;
   * an asm's outputs alike (a kernel's `current` is a valid pointer): a
   * dereference or free through a drawn pointer proves nothing */
  if (out->kind == VERDICT_FALSE && (out->violated == PROP_VALID_DEREF || out->violated == PROP_VALID_FREE) &&
      (has_externals(m) || asm_in.n)) {
    verdict v = {0};
    verdict_unknown(&v, "a %s violation was found, but the program has external globals or inline asm whose "
                        "pointers' targets are unknown, so it is not reported",
                    prop_check_name(out->violated));
    verdict_free(out);
    *out = v;
  }
  if (out->kind == VERDICT_FALSE && rests_on_asm(&asm_in, out)) {
    verdict v = {0};
    verdict_unknown(&v, "a %s violation was found, but it depends on the outputs of inline asm, which are "
                        "over-approximated as arbitrary, so it is not reported",
                    prop_check_name(out->violated));
    verdict_free(out);
    *out = v;
  }
}


/* Termination with mathematical integers (--int-semantics math, termCOMP's
 * C reading). A memory-unsafe program deserves neither YES nor NO, so every
 * TRUE and FALSE here also rests on memory safety proved (check_math.h).
 *   1. FALSE: a lasso whose every step is exact over the integers;
 *   2. the direct translation: its YES, or, when the translation is exact
 *      and the program uses no unsigned operation, its non-terminating run
 *      (FALSE);
 *   3. the graph over mathematical integers (seed 002): termination by its
 *      own ITS. */
static void check_math_termination(const ir_module *m, const drv_options *o, budget run, verdict *out) {
  if (drv_nonterm_check_math(m, share_of(run, SHARE_LASSO_FIRST), o->debug, out)) {
    drv_require_memory_safety(m, o, budget_reserve(run, MARGIN_SEG_ALONE),
                              "a non-terminating run was found (a lasso)", out);
    return;
  }
  verdict_free(out);
  drv_direct_facts facts;
  drv_direct_termination(m, o, share_of(run, SHARE_DIRECT_MATH), out, &facts);
  if (out->kind == VERDICT_TRUE) {
    strbuf_free(&facts.no_proof);
    drv_require_memory_safety(m, o, budget_reserve(run, MARGIN_SEG_ALONE),
                              facts.assumed_memsafe ? "termination is proved for memory-safe runs only (direct "
                                                      "translation)"
                                                    : "termination is proved (direct translation)",
                              out);
    return;
  }
  if (facts.exact_no && drv_exact_no_applies(m)) {
    verdict_free(out);
    out->kind = VERDICT_FALSE;
    out->violated = PROP_TERMINATION;
    verdict_note(out, "non-termination: the direct translation with mathematical integers is exact (every run of "
                      "its ITS from the start is a run of the program: values are unknown only where the program "
                      "draws them, nothing is assumed, and the program uses no unsigned operation), and the ITS back "
                      "end found an infinite run of that ITS, its witness checked on the original transitions:");
    verdict_note_lines(out, "  ", facts.no_proof.data);
    strbuf_free(&facts.no_proof);
    drv_require_memory_safety(m, o, budget_reserve(run, MARGIN_SEG_ALONE),
                              "a non-terminating run was found (the exact ITS)", out);
    return;
  }
  strbuf_free(&facts.no_proof);
  property tp = {1u << PROP_TERMINATION, "termination", false};
  verdict seg_out = {0};
  if (drv_seg_check(m, &tp, o, budget_reserve(run, MARGIN_SEG_ALONE), &seg_out)) {
    verdict_free(out);
    *out = seg_out;
    return;
  }
  char why[512];
  verdict_first_reason(&seg_out, why, sizeof why);
  verdict_free(&seg_out);
  verdict_note(out, "symbolic execution graph: %s", why);
}

/* The short BMC run before the graph, in a child process: a solver call
 * or an assertion into Z3 can overrun its budget by far (a fresh solver's
 * assert of a large bound: 18 s of a 2 s share on
 * termination-memory-linkedlists/nondet_ll_traverse-alloca), and that time
 * was the graph's. The child only says whether BMC decided within the
 * share; the parent then runs it again with the rest of the time, which
 * decides the same way (the child's work is repeated: at most the share). */
typedef struct {
  const ir_module *m;
  const property *p;
  const drv_options *o;
  budget b;
} bmc_probe_job;

static void bmc_probe_child(void *arg, strbuf *out) {
  const bmc_probe_job *job = arg;
  verdict v = {0};
  drv_bmc_check(job->m, job->p, job->o, job->b, &v);
  strbuf_printf(out, "%s", v.kind != VERDICT_UNKNOWN ? "decided" : "open");
  verdict_free(&v);
}

static bool bmc_probe_decides(const ir_module *m, const property *p, const drv_options *o, budget b) {
  bmc_probe_job job = {m, p, o, b};
  strbuf said = {0};
  /* the child's own phases die with it: the parent records its time */
  util_progress_begin("bounded model checking (short run, child process)");
  bool decided = util_run_isolated(b, bmc_probe_child, &job, &said) && said.data && strcmp(said.data, "decided") == 0;
  util_progress_end();
  strbuf_free(&said);
  return decided;
}

static void check_with(const ir_module *m, const property *p, const drv_options *o, const asm_facts *asm_in,
                       budget run, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  if (m->unsupported.len && !undefined_calls_allowed(m, o)) {
    char loc[512];
    const ir_unsupported *u = &m->unsupported.data[0];
    verdict_unknown(out, "unsupported construct: %s at %s", u->what, ir_loc_format(m, u->loc, loc, sizeof loc));
    for (size_t i = 1; i < m->unsupported.len && i < 10; i++) {
      u = &m->unsupported.data[i];
      verdict_note(out, "unsupported: %s at %s", u->what, ir_loc_format(m, u->loc, loc, sizeof loc));
    }
    return;
  }
  bool termination = (p->checks & (1u << PROP_TERMINATION)) != 0;
  if (termination && p->checks != (1u << PROP_TERMINATION)) {
    verdict_unknown(out, "a property that mixes termination with other checks is not supported");
    return;
  }
  if (termination && o->math_ints && o->engine == DRV_ENGINE_AUTO) {
    check_math_termination(m, o, run, out);
    return;
  }
  if (o->engine == DRV_ENGINE_LASSO) {
    if (!termination) {
      verdict_unknown(out, "the lasso search decides termination only; %s needs another engine", p->name);
    } else if (o->math_ints) {
      if (!drv_nonterm_check_math(m, budget_reserve(run, MARGIN_PRINT), o->debug, out))
        verdict_unknown(out, "no lasso found whose every step is exact over the integers (the search tries simple "
                             "inputs only)");
    } else {
      if (!drv_nonterm_check(m, budget_reserve(run, MARGIN_PRINT), o->debug, out))
        verdict_unknown(out, "no lasso with a repeated state and no recurrent set found (the search tries simple inputs only)");
    }
    return;
  }
  /* AUTO, termination with bit-precise integers: a short lasso search
   * first (a reactive while(1) loop repeats its state within seconds) */
  if (o->engine == DRV_ENGINE_AUTO && termination && !o->math_ints) {
    /* a program without inputs: its only run, to its end */
    if (!asm_in->n && !asm_in->writes_memory && drv_run_termination(m, share_of(run, SHARE_ONLY_RUN), out)) return;
    if (drv_nonterm_check(m, share_of(run, SHARE_LASSO_FIRST), o->debug, out)) return;
    /* then BMC: a complete unwinding proves, a lasso query refutes */
    bool large = program_size(m) > DRV_LARGE_PROGRAM;
    drv_options bo = *o;
    if (!large && (!bo.bmc_bound || bo.bmc_bound > BMC_TERMINATION_SMALL_BOUND))
      bo.bmc_bound = BMC_TERMINATION_SMALL_BOUND;
    verdict bmc_out = {0};
    if (drv_bmc_termination(m, &bo, share_of(run, large ? SHARE_BMC_TERMINATION_LARGE : SHARE_BMC_TERMINATION_SMALL),
                            large ? BMC_TERMINATION_LARGE_FIRST : 1, true, true, &bmc_out)) {
      *out = bmc_out;
      return;
    }
    verdict_free(&bmc_out);
  }
  if (o->engine == DRV_ENGINE_SEG) {
    drv_seg_check(m, p, o, budget_reserve(run, MARGIN_SEG_ALONE), out);
    return;
  }
  /* AUTO, termination of a large program (product lines, drivers: more
   * than DRV_LARGE_PROGRAM instructions): the graph grows with the paths
   * through the program and each of its queries carries every allocation's
   * disjointness, while the direct translation's ITS needs its time in the
   * back end (product-lines: the graph had 87 states after 30 s; the ITS
   * was proved in 28 s) */
  if (o->engine == DRV_ENGINE_AUTO && termination && !o->math_ints && program_size(m) > DRV_LARGE_PROGRAM) {
    /* the direct translation first, with three quarters of the time; the
     * graph's solver queries can overrun its share by far there (product
     * lines: 40 s of a 15 s share), so it comes last */
    verdict direct_out = {0};
    drv_direct_facts facts;
    drv_direct_termination(m, o, share_of(run, SHARE_DIRECT_LARGE), &direct_out, &facts);
    strbuf_free(&facts.no_proof);
    if (direct_out.kind != VERDICT_UNKNOWN) {
      *out = direct_out;
      return;
    }
    double left = budget_left(run);
    verdict seg_out = {0};
    if (left < 0 || left > 2) {
      if (drv_seg_check(m, p, o, share_of(budget_reserve(run, MARGIN_SEG_ALONE), SHARE_SEG_AFTER_DIRECT), &seg_out)) {
        verdict_free(&direct_out);
        *out = seg_out;
        return;
      }
      char why[512];
      verdict_first_reason(&seg_out, why, sizeof why);
      verdict_note(&direct_out, "symbolic execution graph: %s", why);
      verdict_free(&seg_out);
    }
    *out = direct_out;
    return;
  }
  /* AUTO: the symbolic execution graph first, with part of the budget; it
   * answers TRUE or nothing, so the other engines get the rest */
  if (o->engine == DRV_ENGINE_AUTO && drv_seg_decides(p) && !(termination && o->math_ints)) {
    /* the graph's share as if the probe had not run (SV-COMP's
     * openbsd_cstrpbrk-alloca-2 needs 5.4 s of its 5.9) */
    double seg_s = budget_left(share_of(run, termination ? SHARE_SEG_TERMINATION : SHARE_SEG_SAFETY));
    if (!termination && !o->bmc_bound && bmc_probe_decides(m, p, o, share_of(run, SHARE_BMC_PROBE))) {
      drv_bmc_check(m, p, o, budget_reserve(run, MARGIN_PRINT), out);
      if (out->kind != VERDICT_UNKNOWN) return;
      verdict_free(out); /* the same run with more time did not decide: on to the graph */
      memset(out, 0, sizeof *out);
      out->kind = VERDICT_UNKNOWN;
    }
    verdict seg_out = {0};
    if (drv_seg_check(m, p, o, budget_share(run, 1, seg_s, seg_s), &seg_out)) {
      *out = seg_out;
      return;
    }
    char why[512];
    verdict_first_reason(&seg_out, why, sizeof why);
    verdict_free(&seg_out);
    check_without_seg(m, p, o, run, out);
    if (out->kind == VERDICT_UNKNOWN) verdict_note(out, "symbolic execution graph: %s", why);
    return;
  }
  check_without_seg(m, p, o, run, out);
}

/* The direct translation (termination) or BMC (the other properties). */
static void check_without_seg(const ir_module *m, const property *p, const drv_options *o, budget run, verdict *out) {
  bool termination = (p->checks & (1u << PROP_TERMINATION)) != 0;
  if (termination) {
    if (o->engine == DRV_ENGINE_KIND)
      verdict_unknown(out, "k-induction decides unreach-call, no-overflow and valid-memcleanup; termination needs "
                           "another engine");
    else if (o->engine == DRV_ENGINE_BMC && o->math_ints)
      verdict_unknown(out, "bounded model checking is bit-precise only; with --int-semantics math use --engine "
                           "direct or auto");
    else if (o->engine == DRV_ENGINE_BMC)
      drv_bmc_termination(m, o, budget_reserve(run, MARGIN_PRINT), 1, true, true, out);
    else {
      drv_direct_facts facts;
      drv_direct_termination(m, o, budget_reserve(run, MARGIN_DIRECT), out, &facts);
      strbuf_free(&facts.no_proof);
    }
    return;
  }
  if (o->engine == DRV_ENGINE_DIRECT) {
    verdict_unknown(out, "the direct translation decides termination only; %s needs --engine bmc or auto", p->name);
    return;
  }
  if (o->engine == DRV_ENGINE_KIND) {
    drv_kind_check(m, p, o, budget_reserve(run, MARGIN_PRINT), out);
    return;
  }
  /* AUTO: k-induction first when it applies, then BMC with the rest */
  char kind_why[512] = "";
  if (o->engine == DRV_ENGINE_AUTO && !o->bmc_bound && bmc_kind_applies(m, p->checks)) {
    verdict kind_out = {0};
    if (drv_kind_check(m, p, o, share_of(run, SHARE_KIND), &kind_out)) {
      *out = kind_out;
      return;
    }
    verdict_first_reason(&kind_out, kind_why, sizeof kind_why);
    verdict_free(&kind_out);
  }
  drv_bmc_check(m, p, o, budget_reserve(run, MARGIN_PRINT), out);
  if (out->kind == VERDICT_UNKNOWN && kind_why[0]) verdict_note(out, "%s", kind_why);
}
