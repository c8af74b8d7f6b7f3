/* its_file: see its_file.h. */
#include "its_file.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../util/util.h"

bool its_file_write(const its *s, const char *format, const char *file) {
  assert(s && format && file);
  strbuf b = {0};
  char err[256] = "";
  bool ok = its_print_format(s, format, &b, err, sizeof err);
  if (!ok) {
    util_warning("--dump-its: cannot print the ITS as %s: %s", format, err);
  } else {
    FILE *f = fopen(file, "w");
    ok = f && fwrite(b.data ? b.data : "", 1, b.len, f) == b.len;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) util_warning("--dump-its: cannot write %s: %s", file, strerror(errno));
  }
  strbuf_free(&b);
  return ok;
}
