/* report: the verdicts of one bitprove run as a machine-readable report for
 * CI systems (--report FILE.sarif | FILE.json) or as one page for people
 * (--report FILE.html, report_html.h). Only the driver calls it; no engine
 * knows about it. The data every writer reads is in report_data.h.
 *
 * The story of the data
 * ---------------------
 * The driver creates one report per run (report_new, with the input files),
 * feeds it each property's verdict as plain data (report_add, a
 * report_verdict: the property's name and checks, the answer, the violated
 * check, the explanation lines, the evidence) while the module is still
 * loaded, and writes it once every verdict is in (report_write). report_add
 * copies everything it keeps, so the verdict may be freed right after.
 * report_new also reads each input file's text (for HTML; at most
 * REPORT_SOURCE_MAX bytes, only .c .i .h .ll files).
 * For a FALSE it computes the trace by witness_trace_files() (witness.h):
 * the counterexample replayed once more in the interpreter, as source steps
 * in any input file (nondet values drawn, branches decided, calls and
 * returns) and the target, where the violation happened (for
 * non-termination: the lasso's cycle, from its head). When the replay fails
 * (or there is no module), the result has no trace and says why
 * (trace_error; in SARIF no code flow).
 *
 * From the explanation lines (each ending in '\n') the report takes: the
 * reason (an UNKNOWN's "reason: " line; for a FALSE the replayed run's
 * "run: " line that names the violated check, else its last one, when there
 * is one; else the first line), the assumptions (the lines starting with
 * "assumption:", the prefix and the blank after it removed) and every line
 * as it is (the explanation).
 *
 * Contract: SARIF (REPORT_SARIF, a file ending in .sarif)
 * ------------------------------------------------------
 * A SARIF 2.1.0 log with one run: tool.driver {name "bitprove", version
 * BITPROVE_VERSION, rules: one reportingDescriptor per distinct property name
 * (id = the name, e.g. "valid-memsafety"; its checks in
 * properties.checks)}; artifacts: the input files (role analysisTarget);
 * results: one per FALSE verdict, none for TRUE or UNKNOWN: ruleId / ruleIndex
 * the property, kind "fail", level "error", a message naming the violated
 * check, locations: the target (file, startLine, startColumn when known;
 * the enclosing function as a logical location), codeFlows: one threadFlow
 * whose locations are the trace's steps in execution order, each with a
 * message (the value drawn, the branch taken, the call), kinds and
 * nestingLevel (call depth), ending at the target; properties: verdict
 * "FALSE", violated (the check, or the name the driver prints instead, e.g.
 * "assert"), reason, assumptions, explanation.
 * run.properties.verdicts lists every property answered, in order, as
 * {property, verdict, violated (FALSE only), reason, assumptions}: so a TRUE
 * or UNKNOWN is seen too. File paths become URI references: a relative path
 * percent-encoded as it is, an absolute one as a file:// URI.
 *
 * Contract: JSON (REPORT_JSON, a file ending in .json)
 * ---------------------------------------------------
 *   {"tool": "bitprove", "version": V, "report_version": 1,
 *    "inputs": [the input files, as given],
 *    "results": [one per property answered, in order:
 *      {"property": name, "checks": [check names], "verdict": "TRUE" | "FALSE" | "UNKNOWN",
 *       "violated": check name | null, "location": {file, line, column?, function?} | null,
 *       "reason": text | null, "assumptions": [text], "explanation": [lines],
 *       "trace": [{"kind": "nondet" | "branch" | "call" | "return" | "cycle-head" | "violation",
 *                  file, line, column?, function?, value? (nondet: a C literal of the function's
 *                  return type, as text), "function_called"? (nondet), "callee"? (call,
 *                  return), taken? (branch), state? (cycle-head: the repeated state as a C
 *                  expression), violated? (violation: the check), "cycle"? (true: a step
 *                  of a lasso's cycle)}]  (FALSE only, else []),
 *       "trace_error"? (FALSE without a trace: why)}]}
 * "location" is where the violation happened (non-termination: the head
 * of the cycle), null when unknown or not FALSE; "function" is the function
 * a step is in (for a call: the caller). A column of 0 (unknown) is left out.
 *
 * Strings are JSON-escaped: quotes, backslashes and control characters
 * escaped, other bytes passed through as UTF-8; a byte that is not part of
 * valid UTF-8 becomes U+FFFD. The new members of report_verdict (times,
 * proof, graph, files written) are for HTML; SARIF and JSON stay as
 * above. report_write() writes the whole file and
 * returns false with "cannot write FILE: reason" in err when it cannot (the
 * verdicts stand). */
#ifndef BITPROVE_OUTPUT_REPORT_H
#define BITPROVE_OUTPUT_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "../ir/check.h"
#include "../ir/ir.h"
#include "../util/progress.h"
#include "evidence.h"
#include "report_data.h"
#include "witness.h"

typedef enum { REPORT_SARIF, REPORT_JSON, REPORT_HTML } report_format;

/* The largest input file whose text a report keeps (HTML shows it). */
#define REPORT_SOURCE_MAX ((size_t)16 << 20)

/* One property's verdict, as the driver hands it over (nothing is kept by
 * reference). */
typedef struct {
  const char *property; /* its name, e.g. "valid-memsafety" */
  unsigned checks;      /* its checks (a prop_check mask; 0: unknown) */
  report_answer answer;
  prop_check violated;       /* FALSE: the subproperty */
  const char *violated_name; /* FALSE: the name printed instead of the check's ("assert"), or NULL */
  const char *detail;        /* the explanation lines, each ending in '\n' (NULL: none) */
  const evidence *ev;        /* FALSE: the evidence; TRUE: its invariants (NULL: none) */
  /* For HTML (all may be 0 / NULL): */
  double seconds;                     /* the property's wall time (< 0: unknown) */
  const util_progress_phase *phases;  /* the phases of the progress record that ran for it */
  size_t nphases;
  const char *proof;                  /* TRUE: the proof text (an ITS and its ranking functions) */
  const char *graph_dot;              /* TRUE by the symbolic execution graph: its dot text */
  unsigned graph_states;              /* ... its states (also when graph_dot is NULL: too large to keep) */
  const char *harness;                /* FALSE: the harness file this run wrote */
  const char *harness_command;        /* ... the command that compiles and runs it */
  const char *const *witnesses;       /* the witness files this run wrote for it */
  size_t nwitnesses;
} report_verdict;

/* The format a file name asks for: ".sarif", ".json", ".html" or ".htm"
 * (any case); false for any other name. */
bool report_format_of(const char *path, report_format *fmt);

/* A report about the given input files (copied). */
report *report_new(const char *const *inputs, size_t ninputs);
/* Makes r a draft, written while the run goes on (HTML only): the
 * properties named are not answered yet. A draft page lists them as such
 * (if the run ends by its --timeout or a kill before the final page, that
 * is what stays on disk), replays no trace (call it before report_add) and
 * draws no graph. */
void report_set_pending(report *r, const char *const *names, size_t n);
/* Adds one verdict; m (NULL: not loaded) and t serve a FALSE's trace. */
void report_add(report *r, const ir_module *m, const witness_task *t, const report_verdict *v);
bool report_write(const report *r, report_format fmt, const char *path, char *err, size_t errlen);
void report_free(report *r);

#endif
