/* verdict: see verdict.h. */
#include "verdict.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void vnote(verdict *v, const char *prefix, const char *fmt, va_list ap) {
  char line[1024];
  vsnprintf(line, sizeof line, fmt, ap);
  strbuf_printf(&v->detail, "%s%s\n", prefix, line);
}

void verdict_unknown(verdict *v, const char *fmt, ...) {
  v->kind = VERDICT_UNKNOWN;
  va_list ap;
  va_start(ap, fmt);
  vnote(v, "reason: ", fmt, ap);
  va_end(ap);
}

void verdict_note(verdict *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vnote(v, "", fmt, ap);
  va_end(ap);
}

void verdict_print(const verdict *v, const char *head, const char *indent, FILE *out) {
  switch (v->kind) {
  case VERDICT_TRUE: fprintf(out, "%sTRUE\n", head); break;
  case VERDICT_FALSE: fprintf(out, "%sFALSE(%s)\n", head, v->label ? v->label : prop_check_name(v->violated)); break;
  default: fprintf(out, "%sUNKNOWN\n", head); break;
  }
  const char *s = v->detail.data;
  while (s && *s) {
    const char *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) : strlen(s);
    fprintf(out, "%s%.*s\n", indent, (int)n, s);
    s += n + (nl ? 1 : 0);
  }
}

void verdict_free(verdict *v) {
  strbuf_free(&v->detail);
  evidence_free(&v->ev);
  strbuf_free(&v->proof);
  free(v->graph_dot);
  v->graph_dot = NULL;
}

void verdict_note_lines(verdict *v, const char *prefix, const char *text) {
  while (text && *text) {
    const char *nl = strchr(text, '\n');
    size_t n = nl ? (size_t)(nl - text) : strlen(text);
    verdict_note(v, "%s%.*s", prefix, (int)n, text);
    text += n + (nl ? 1 : 0);
  }
}

void verdict_first_reason(const verdict *v, char *buf, size_t n) {
  const char *d = v->detail.data ? v->detail.data : "";
  if (strncmp(d, "reason: ", 8) == 0) d += 8;
  snprintf(buf, n, "%.*s", (int)strcspn(d, "\n"), d);
}
