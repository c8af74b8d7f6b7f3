/* report_data: a report's data as its writers read it (report.c writes
 * SARIF and JSON, report_html.c HTML). report.c builds it (report_new,
 * report_add); no other module changes it. One source for every format: a
 * writer only reads what is here.
 *
 * A report holds the input files (as given, each once) with their texts
 * (for HTML; NULL when unreadable or not text, with why), and one entry
 * per property answered, in order. An entry keeps copies of everything:
 * the verdict, the lines of its explanation sorted into reason,
 * assumptions and the replayed run, the location of a violation, the
 * replayed trace of a FALSE (steps in execution order, the violation
 * last; a lasso's cycle marked), the proof text and the graph's dot text
 * of a TRUE, the invariants placed at their lines, the time the property
 * took and the phases of the progress record that ran for it, and the
 * files the same run wrote for it (harness, witnesses). Every string and
 * vector is owned by the report; report_free() frees them. */
#ifndef BITPROVE_OUTPUT_REPORT_DATA_H
#define BITPROVE_OUTPUT_REPORT_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/check.h"
#include "../util/progress.h"
#include "../util/util.h"

typedef enum { REPORT_TRUE, REPORT_FALSE, REPORT_UNKNOWN } report_answer;

typedef VEC(char *) report_str_vec;

/* A source location as the report writes it. */
typedef struct {
  char *file; /* owned; NULL: unknown */
  uint32_t line, col;
  char *func; /* the enclosing function (owned, NULL: unknown) */
} rloc;

typedef struct {
  const char *kind; /* "nondet", "branch", "call", "return", "cycle-head", "violation" */
  rloc loc;
  char *value;    /* nondet: the value as a C literal of its type (owned) */
  char *called;   /* nondet: the function called; call / return: the callee (owned) */
  char *note;     /* cycle-head: the repeated state; violation: the check (owned) */
  int taken;      /* branch: 1 / 0; else -1 */
  bool cycle;     /* a step of a lasso's cycle */
  unsigned depth; /* call depth (SARIF nestingLevel) */
} rstep;
typedef VEC(rstep) rstep_vec;

/* An invariant of a TRUE at its source line. */
typedef struct {
  rloc loc;
  char *expr;     /* a C expression (owned) */
  bool loop_head; /* at a loop head (else at a statement) */
} rinvariant;
typedef VEC(rinvariant) rinvariant_vec;

typedef VEC(util_progress_phase) rphase_vec;

typedef struct {
  char *property;
  unsigned checks;
  report_answer answer;
  prop_check violated;
  char *violated_name; /* FALSE: as printed in FALSE(...): the check's name or the driver's label */
  char *reason;        /* NULL: none */
  char *run_line;      /* the replayed run's "run: " line, without the prefix (NULL: none) */
  report_str_vec assumptions; /* without "assumption: " */
  report_str_vec lines;       /* the explanation as printed */
  rloc loc;            /* FALSE: where (file NULL: unknown) */
  rstep_vec trace;     /* FALSE: the steps, the violation last */
  char *trace_error;   /* FALSE without a trace: why */
  char *proof;         /* TRUE: the proof text (an ITS and its ranking functions; NULL: none) */
  char *graph_dot;     /* TRUE by the symbolic execution graph: the graph in dot (NULL: none) */
  unsigned graph_states; /* its states (0: no graph) */
  rinvariant_vec invariants; /* TRUE: at their lines */
  double seconds;      /* the property's wall time (< 0: unknown) */
  rphase_vec phases;   /* the progress record's phases that ran for it */
  char *harness;       /* FALSE: the harness file this run wrote (NULL: none) */
  char *harness_command; /* ... the command that compiles and runs it (NULL: unknown) */
  report_str_vec witnesses; /* the witness files this run wrote for it */
} rentry;
typedef VEC(rentry) rentry_vec;

struct report {
  report_str_vec inputs;
  report_str_vec sources;    /* inputs[i]'s text (NULL: not read, see source_why) */
  report_str_vec source_why; /* why sources[i] is NULL (NULL when read) */
  rentry_vec entries;
  /* A draft (report_set_pending): the properties not answered yet; the
   * HTML page lists them and does not lay out graphs. */
  bool draft;
  report_str_vec pending;
};
typedef struct report report;

/* "TRUE", "FALSE" or "UNKNOWN". */
const char *report_answer_name(report_answer a);
/* What a violation of check c, printed as FALSE(name), is. */
const char *report_violation_text(prop_check c, const char *name);
/* One step of e's trace in words ("f() returns 5", "call of g", ...; heap string). */
char *report_step_message(const rentry *e, const rstep *s);
/* The length of the valid UTF-8 sequence at s, 0 when s does not start one. */
size_t report_utf8_seq(const unsigned char *s);
/* The index in r->inputs of the input file named `file` (as the report
 * names trace steps' files), or -1 (also for NULL). */
long report_input_index(const report *r, const char *file);
/* path as a URL path: unreserved characters and '/' as they are, every
 * other byte percent-encoded. */
void report_url_path(strbuf *o, const char *path);

#endif
