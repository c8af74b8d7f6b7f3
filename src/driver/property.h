/* property: SV-COMP property files (.prp) and verdict names.
 *
 * A property file holds one or more lines
 *     CHECK( init(main()), LTL(<formula>) )
 * Each formula names one check (prop_check). A file's checks form one
 * property: it holds when all its checks hold, and a violation names the
 * check that fails (the subproperty of FALSE(...)).
 *
 * Contract: prop_parse() never fails silently: on a malformed file it
 * returns false and writes a one-line reason into err. Coverage (COVER)
 * lines and unknown formulas are reported as unsupported, not malformed. */
#ifndef BITPROVE_PROPERTY_H
#define BITPROVE_PROPERTY_H

#include <stdbool.h>
#include <stddef.h>

#include "../ir/check.h"

typedef struct {
  unsigned checks; /* bit (1u << prop_check) per CHECK line */
  char name[64];   /* e.g. "valid-memsafety", "termination" (from the checks) */
  bool assert_calls; /* "assert": unreach-call where a failing assert() (__assert_fail) is a
                        violation too; a FALSE prints FALSE(assert) */
} property;

/* Parses the text of a .prp file. */
bool prop_parse(const char *text, property *out, char *err, size_t errlen);
/* Reads and parses a file; `path` may also be a bare property name such as
 * "termination" or "valid-memsafety" (then no file is read), or "assert"
 * (reach_error and failing assert()s of <assert.h>; not a file's formula). */
bool prop_load(const char *path, property *out, char *err, size_t errlen);

#endif
