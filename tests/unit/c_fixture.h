/* c_fixture: lowers a C program given as text through the real front end,
 * for the unit tests of the engines. Header-only, for tests. */
#ifndef BITPROVE_TESTS_C_FIXTURE_H
#define BITPROVE_TESTS_C_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/frontend.h"

/* The module of `text` (a temporary .c file, removed again) with the given
 * pointer width; NULL, with the front end's message on stderr, if it does
 * not load. */
static inline ir_module *load_c_text(const char *text, unsigned ptr_bits) {
  char path[] = "/tmp/bitprove-test-XXXXXX.c";
  int fd = mkstemps(path, 2);
  if (fd < 0) return NULL;
  size_t n = strlen(text);
  bool ok = write(fd, text, n) == (ssize_t)n;
  close(fd);
  ir_module *m = NULL;
  if (ok) {
    fe_options o;
    fe_options_default(&o);
    o.ptr_bits = ptr_bits;
    char *err = NULL;
    m = fe_load(path, &o, &err);
    if (!m) fprintf(stderr, "front end: %s\n", err ? err : "?");
    free(err);
  }
  unlink(path);
  return m;
}

#endif
