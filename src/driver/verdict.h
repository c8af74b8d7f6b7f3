/* verdict: what bitprove answers for one property, and how it is printed.
 *
 * Output convention (SV-COMP): the first line is exactly TRUE,
 * FALSE(<subproperty>) or UNKNOWN; the lines after it explain (for UNKNOWN
 * the first of them is "reason: ..."; for TRUE the proof and the
 * assumptions it rests on; for FALSE the checked trace).
 *
 * A verdict keeps what it rests on as data (ev, output/evidence.h): a
 * FALSE its replayed counterexample (--harness, --testcase, --witness write
 * it), a TRUE its invariants for correctness witnesses. For an HTML
 * report it also keeps the proof's text and the graph's dot text (below).
 * verdict_free() frees the detail, the evidence and those texts. */
#ifndef BITPROVE_VERDICT_H
#define BITPROVE_VERDICT_H

#include <stdbool.h>
#include <stdio.h>

#include "../output/evidence.h"
#include "../util/util.h"
#include "property.h"

typedef enum { VERDICT_TRUE, VERDICT_FALSE, VERDICT_UNKNOWN } verdict_kind;

typedef struct {
  verdict_kind kind;
  prop_check violated; /* FALSE: the subproperty */
  const char *label;   /* FALSE: the name printed in FALSE(...) instead of the subproperty's, or NULL
                          ("assert" for --prop assert; a literal) */
  strbuf detail;       /* explanation lines, each ending in '\n' */
  evidence ev;         /* what it rests on (owned) */
  bool ub_free;        /* TRUE(termination): its proof also shows every run free of undefined behaviour,
                          memory errors included (a complete unwinding, the only run, a graph without
                          any ERR state) */
  /* For --report FILE.html (drv_options.for_report), never printed: */
  strbuf proof;        /* TRUE: the whole proof text (an ITS and its ranking functions), also without --proof */
  char *graph_dot;     /* TRUE by the symbolic execution graph: the graph in Graphviz dot (owned; NULL: none) */
  unsigned graph_states; /* ... its states (also when the graph was too large to keep as text) */
} verdict;

void verdict_unknown(verdict *v, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* Appends one explanation line. */
void verdict_note(verdict *v, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* Appends each line of text (which may be NULL) as one explanation line,
 * prefixed by prefix. */
void verdict_note_lines(verdict *v, const char *prefix, const char *text);
/* The first line of v's explanation, without "reason: ", into buf. */
void verdict_first_reason(const verdict *v, char *buf, size_t n);
/* Prints "<head>VERDICT\n" and the detail lines, each prefixed by indent. */
void verdict_print(const verdict *v, const char *head, const char *indent, FILE *out);
void verdict_free(verdict *v);

#endif
