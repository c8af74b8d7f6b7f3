/* report_data: the helpers every report writer shares (report_data.h). */
#include "report_data.h"

#include <stdlib.h>
#include <string.h>

/* What a violation of a check is (result messages). */
static const char *check_violated(prop_check c) {
  switch (c) {
  case PROP_UNREACH_CALL: return "reach_error() is called";
  case PROP_NO_OVERFLOW: return "a signed integer overflows";
  case PROP_TERMINATION: return "a run does not terminate";
  case PROP_VALID_DEREF: return "an invalid pointer dereference (out of bounds, freed or null)";
  case PROP_VALID_FREE: return "an invalid free()";
  case PROP_VALID_MEMTRACK: return "allocated memory becomes unreachable (a leak)";
  case PROP_VALID_MEMCLEANUP: return "allocated memory is not freed at exit";
  default: return "a violation";
  }
}

/* What a violation of check c, printed as FALSE(name), is. */
const char *report_violation_text(prop_check c, const char *name) {
  if (strcmp(name, "assert") == 0) return "an assert() fails or reach_error() is called";
  return check_violated(c);
}

const char *report_answer_name(report_answer a) {
  return a == REPORT_TRUE ? "TRUE" : a == REPORT_FALSE ? "FALSE" : "UNKNOWN";
}

char *report_step_message(const rentry *e, const rstep *s) {
  if (strcmp(s->kind, "nondet") == 0)
    return xasprintf("%s() returns %s", s->called ? s->called : "a nondet function", s->value ? s->value : "?");
  if (strcmp(s->kind, "branch") == 0) return xasprintf("the condition is %s", s->taken ? "true" : "false");
  if (strcmp(s->kind, "call") == 0) return xasprintf("call of %s", s->called ? s->called : "a function");
  if (strcmp(s->kind, "return") == 0) return xasprintf("return from %s", s->called ? s->called : "a function");
  if (strcmp(s->kind, "cycle-head") == 0)
    return xasprintf("the cycle starts at this loop head; its state repeats: %s", s->note ? s->note : "1");
  if (e->violated == PROP_TERMINATION)
    return xasprintf("FALSE(termination): back at the cycle head in the same state: the run never ends");
  return xasprintf("FALSE(%s): %s", e->violated_name, report_violation_text(e->violated, e->violated_name));
}

size_t report_utf8_seq(const unsigned char *s) {
  unsigned c = s[0];
#define CONT(x) (((x) & 0xC0) == 0x80)
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return CONT(s[1]) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (!CONT(s[1]) || !CONT(s[2])) return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F)) return 0; /* overlong, surrogates */
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!CONT(s[1]) || !CONT(s[2]) || !CONT(s[3])) return 0;
    if ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] > 0x8F)) return 0; /* overlong, beyond U+10FFFF */
    return 4;
  }
  return 0;
#undef CONT
}

long report_input_index(const report *r, const char *file) {
  if (!file) return -1;
  for (size_t i = 0; i < r->inputs.len; i++)
    if (strcmp(r->inputs.data[i], file) == 0) return (long)i;
  return -1;
}

void report_url_path(strbuf *o, const char *path) {
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
      strbuf_append(o, (const char *)p, 1);
    else
      strbuf_printf(o, "%%%02X", *p);
  }
}
