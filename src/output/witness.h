/* witness: SV-COMP verification witnesses (--witness FILE,
 * --witness-format graphml|yaml), the machine-readable evidence behind a
 * verdict (docs/WITNESSES.md summarises the formats).
 *
 * The story of the data
 * ---------------------
 * A FALSE of a safety property rests on a run the interpreter replayed from
 * the counterexample's nondeterministic values (evidence.cex, evidence.h). witness_trace()
 * replays that run once more, with the interpreter's observer, and keeps it as
 * a path of source steps in execution order: every nondet value drawn (with
 * its index in cex), every conditional branch decided (its direction), every
 * call and return of a function with a body, and where the violation happened
 * (the target). Steps outside the program file (the front end's prelude;
 * for witness_trace_files(), outside every file it lists) and
 * steps without a source location are dropped; a path longer than
 * WITNESS_MAX_STEPS keeps only the nondet values and the target (validators
 * re-execute; pinning every value is what makes the run unique); one with
 * more than WITNESS_MAX_VALUES nondet values is not written (an error).
 *
 * A path is the shared currency of violation witnesses: the writers take a
 * stem and, for non-termination (a later issue), a cycle head and a cycle;
 * today every path is a stem that ends in a target.
 *
 * Contract
 * --------
 * Violation witness (witness_write_violation): GraphML 1.0 -- a chain of
 * nodes from the entry node, one edge per step: nondet values as
 * `assumption` "\result == V;" with `assumption.resultfunction` (only for
 * calls of __VERIFIER_nondet_* functions; values drawn for uninitialised
 * memory or undef stay unpinned) and branches as `control`
 * condition-true/false, each with `startline`; calls and returns stay
 * implicit (a violation inside a callee would leave a function entered and
 * not left, which linters question); the last edge (at the target's line)
 * enters the node marked `violation`. One `specification` element per CHECK
 * line. YAML 2.0 -- one `violation_sequence`
 * entry: a segment per pinned nondet value (a `function_return` waypoint at
 * the closing parenthesis of the call, constraint "\result == V"), then a
 * final segment with the `target` waypoint. Branches are not written in YAML:
 * its `branching` waypoints need the column of the branch keyword, which the
 * IR does not keep.
 * Values are C literals of the nondet function's return type
 * (harness_format_value), with a suffix that keeps their type (U, LL, ...).
 *
 * Termination (FALSE(termination), a lasso with a repeated state, whose
 * replay compares the loop-head visits lasso_first and lasso_second): the
 * stem is written as above up to the first visit; GraphML then has the node
 * marked `cyclehead` with the repeated state as its `invariant` (the loop's
 * variables at the head, from the phis that carry them, as "(unsigned
 * T)x == V"), the cycle's steps, and edges back to the cycle head at the
 * loop's line (`enterLoopHead`); the specification is LTL(F end). YAML 2.1:
 * the stem's `follow` segments, then segments with action `cycle`: first an
 * `assumption` at the loop head with the repeated state, then the cycle's
 * pinned values; no target.
 *
 * Correctness witness (witness_write_correctness): GraphML with the entry
 * node and one node per evidence.invariants entry carrying `invariant` and
 * `invariant.scope`, entered by an edge at its line (`enterLoopHead` for loop
 * heads); YAML 2.0 `invariant_set` with one `loop_invariant` /
 * `location_invariant` per entry. No invariants: the entry-only graph and an
 * empty invariant list, both valid witnesses that claim nothing.
 *
 * Metadata in both: producer "bitprove <version>", the specification (the
 * CHECK line(s) of the property, for a violation the violated one), the
 * program file as given and its SHA-256, the architecture / data model, the
 * creation time (UTC, ISO 8601), YAML: a random (v4) uuid.
 *
 * Files: formats is a mask of WITNESS_GRAPHML and WITNESS_YAML;
 * witness_paths() derives the file names (see there). The writers return
 * false with a one-line reason in err when a file cannot be written or the
 * replay does not reproduce the violation; they only read m and v. */
#ifndef BITPROVE_OUTPUT_WITNESS_H
#define BITPROVE_OUTPUT_WITNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../interp/interp.h"
#include "../ir/ir.h"
#include "../util/util.h"
#include "evidence.h"

enum { WITNESS_GRAPHML = 1, WITNESS_YAML = 2 };

#define WITNESS_MAX_STEPS 5000
/* A counterexample with more nondet values than this gets no witness (an
 * error instead): hundreds of megabytes help no validator. */
#define WITNESS_MAX_VALUES 100000

typedef enum { WSTEP_NONDET, WSTEP_BRANCH, WSTEP_CALL, WSTEP_RETURN } witness_step_kind;

typedef struct {
  uint8_t kind;    /* witness_step_kind */
  bool taken;      /* BRANCH: the condition held */
  ir_loc loc;      /* in the program file, line > 0 */
  uint32_t func;   /* the function executing the step (CALL: the callee) */
  uint32_t nondet; /* NONDET: index into the counterexample */
} witness_step;
typedef VEC(witness_step) witness_step_vec;

typedef struct {
  witness_step_vec steps; /* in execution order */
  ir_loc target;          /* where the violation happened (line 0: unknown) */
  uint32_t target_func;   /* its function (IR_NONE: unknown) */
  /* FALSE(termination), a lasso: steps[cycle_start ..] are the cycle, which
   * starts and ends at the loop head `head` (in head_func) */
  bool lasso;
  size_t cycle_start;
  ir_loc head;
  uint32_t head_func;
  char *head_state; /* the repeated state as a C expression over the loop's variables ("1": none named) */
} witness_path;

/* What every witness says about the task. */
typedef struct {
  const char *program; /* the program file, as given */
  unsigned ptr_bits;   /* 32: ILP32, 64: LP64 */
} witness_task;

/* Parses "graphml" / "yaml" into a format mask; false for anything else. */
bool witness_format_parse(const char *name, unsigned *formats);

/* The files for `file` and a format mask given by --witness-format (0: not
 * given): an explicit format writes `file` as it is; otherwise a file ending
 * in .graphml / .xml is GraphML, .yml / .yaml is YAML, and any other name
 * gets both, as file.graphml and file.yml. Sets *formats; returns owned
 * paths in graphml_path / yaml_path (NULL when not written). */
void witness_paths(const char *file, unsigned given, unsigned *formats, char **graphml_path, char **yaml_path);

/* Replays the counterexample of a FALSE verdict and fills path; false (with
 * err) when the replay does not end in the violation (for termination: the
 * lasso's repeated state). */
bool witness_trace(const ir_module *m, const witness_task *t, prop_check violated, const evidence *v, witness_path *path,
                   char *err, size_t errlen);
/* The same for a program of several files (report.h): the path keeps the
 * steps in t->program and in any of files[0 .. nfiles). */
bool witness_trace_files(const ir_module *m, const witness_task *t, const char *const *files, size_t nfiles,
                         prop_check violated, const evidence *v, witness_path *path, char *err, size_t errlen);
void witness_path_free(witness_path *path);

/* For a FALSE verdict: the violated check and the evidence (v->cex, the lasso). */
bool witness_write_violation(const ir_module *m, const witness_task *t, prop_check violated, const evidence *v,
                             unsigned formats, const char *graphml_path, const char *yaml_path, char *err,
                             size_t errlen);
/* For a TRUE verdict of the property whose checks (a prop_check mask) are given. */
bool witness_write_correctness(const ir_module *m, const witness_task *t, unsigned checks, const evidence *v,
                               unsigned formats, const char *graphml_path, const char *yaml_path, char *err,
                               size_t errlen);

#endif
