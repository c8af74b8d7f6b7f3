/* project: the inputs of one check (several C files, each with its compiler
 * flags) from the command line and a compilation database.
 *
 *   bitprove [options] [-I DIR] [-D NAME[=VALUE]] [-U NAME] [-include FILE]
 *            [-std=STD] [--compile-commands compile_commands.json] FILE...
 *
 * Contract:
 *  - Without a database every FILE gets the command line's flags, compiled
 *    in bitprove's working directory.
 *  - With --compile-commands DB (Clang's JSON compilation database, e.g.
 *    CMake's CMAKE_EXPORT_COMPILE_COMMANDS): each FILE takes the flags of
 *    its entry (matched by real path), compiled in the entry's directory;
 *    with no FILE, every C file of the database is an input (an entry
 *    listed twice counts once). Only the flags that shape the program are
 *    kept: -I, -isystem, -iquote, -idirafter, -D, -U, -include, -imacros,
 *    -std=; the command line's flags come after them. A FILE that is not in
 *    the database, a database that cannot be read or parsed, or one without
 *    C files, is an error with a one-line reason.
 *  - project_free() frees what project_build() made. */
#ifndef BITPROVE_DRIVER_PROJECT_H
#define BITPROVE_DRIVER_PROJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "../frontend/frontend.h"

typedef struct {
  fe_input *inputs;
  size_t ninputs;
  /* what the inputs point into */
  char **strings;
  size_t nstrings;
  const char ***flag_lists;
  size_t nflag_lists;
} project;

/* True when `arg` (with `next`, which may be NULL) is a compiler flag the
 * project takes; *consumed is 1 or 2 (the flag and its separate value). */
bool project_is_cflag(const char *arg, const char *next, int *consumed);

bool project_build(const char *const *files, size_t nfiles, const char *const *cflags, size_t ncflags,
                   const char *compile_commands, project *out, char *err, size_t errlen);
void project_free(project *p);

#endif
