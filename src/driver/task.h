/* task: SV-COMP task definitions (format 2.0 .yml files).
 *
 *   format_version: '2.0'
 *   input_files: 'prog.c'            # or a list of files
 *   properties:
 *     - property_file: ../properties/termination.prp
 *       expected_verdict: true
 *     - property_file: ../properties/valid-memsafety.prp
 *       expected_verdict: false
 *       subproperty: valid-deref
 *   options:
 *     language: C
 *     data_model: ILP32
 *
 * Only the YAML that such files use is read: block mappings and sequences by
 * indentation, plain/single/double-quoted scalars, flow lists [a, b],
 * comments. Paths are resolved against the task file's directory.
 *
 * Contract: task_load() returns false with a one-line reason in err for a
 * missing, unreadable or malformed file (missing input_files or properties,
 * unknown data model, bad indentation). task_free() frees what it filled. */
#ifndef BITPROVE_TASK_H
#define BITPROVE_TASK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *property_file; /* resolved path */
  char *name;          /* basename without .prp, e.g. "termination" */
  int expected;        /* 1 true, 0 false, -1 not given */
  char *subproperty;   /* for expected false, or NULL */
} task_property;

typedef struct {
  char *path;
  char *format_version;
  char *language; /* "C" unless the file says otherwise */
  unsigned ptr_bits; /* 64 (LP64, default) or 32 (ILP32) */
  size_t ninputs;
  char **inputs; /* resolved paths */
  size_t nprops;
  task_property *props;
} task;

bool task_load(const char *path, task *t, char *err, size_t errlen);
void task_free(task *t);

#endif
