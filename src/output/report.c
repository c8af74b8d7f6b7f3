/* report.c: machine-readable reports of a run's verdicts (report.h). */
#include "report.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "report_html.h"


/* ---- names and phrases --------------------------------------------------------------------- */

bool report_format_of(const char *path, report_format *fmt) {
  static const struct {
    const char *ext;
    report_format fmt;
  } exts[] = {{".sarif", REPORT_SARIF}, {".json", REPORT_JSON}, {".html", REPORT_HTML}, {".htm", REPORT_HTML}};
  size_t n = strlen(path);
  for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
    size_t k = strlen(exts[i].ext);
    if (n <= k || path[n - k - 1] == '/') continue; /* a name besides the extension */
    bool same = true;
    for (size_t j = 0; j < k && same; j++) same = tolower((unsigned char)path[n - k + j]) == exts[i].ext[j];
    if (same) {
      *fmt = exts[i].fmt;
      return true;
    }
  }
  return false;
}

/* What a check promises (rule descriptions). */
static const char *check_holds(prop_check c) {
  switch (c) {
  case PROP_UNREACH_CALL: return "reach_error() is never called";
  case PROP_NO_OVERFLOW: return "no signed integer overflows";
  case PROP_TERMINATION: return "every run terminates";
  case PROP_VALID_DEREF: return "every pointer dereference is valid";
  case PROP_VALID_FREE: return "every free() is valid";
  case PROP_VALID_MEMTRACK: return "no allocated memory becomes unreachable";
  case PROP_VALID_MEMCLEANUP: return "all allocated memory is freed at exit";
  default: return "?";
  }
}



/* ---- building the report ------------------------------------------------------------------- */

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

report *report_new(const char *const *inputs, size_t ninputs) {
  report *r = xcalloc(1, sizeof *r);
  for (size_t i = 0; i < ninputs; i++) {
    bool seen = false; /* SARIF's artifacts are unique */
    for (size_t j = 0; j < r->inputs.len && !seen; j++) seen = strcmp(r->inputs.data[j], inputs[i]) == 0;
    if (!seen) VEC_PUSH(r->inputs, xstrdup(inputs[i]));
  }
  for (size_t i = 0; i < r->inputs.len; i++) {
    const char *path = r->inputs.data[i];
    char why[256];
    char *text = NULL;
    if (!util_ends_with(path, ".c") && !util_ends_with(path, ".i") && !util_ends_with(path, ".h") &&
        !util_ends_with(path, ".ll"))
      snprintf(why, sizeof why, "not a text file bitprove shows");
    else
      text = util_read_input(path, REPORT_SOURCE_MAX, NULL, why, sizeof why);
    VEC_PUSH(r->sources, text);
    VEC_PUSH(r->source_why, text ? NULL : xstrdup(why));
  }
  return r;
}

/* The file of loc as the report names it: the input file as given when it
 * is one (by name, then by base name), else the module's name for it. */
static char *loc_file(const report *r, const ir_module *m, ir_loc loc) {
  if (loc.file == IR_NONE || loc.file >= m->files.len) return NULL;
  const char *name = m->files.data[loc.file];
  for (size_t i = 0; i < r->inputs.len; i++)
    if (strcmp(r->inputs.data[i], name) == 0) return xstrdup(name);
  for (size_t i = 0; i < r->inputs.len; i++)
    if (strcmp(base_name(r->inputs.data[i]), base_name(name)) == 0) return xstrdup(r->inputs.data[i]);
  return xstrdup(name);
}

static const char *func_name(const ir_module *m, uint32_t f) {
  return f != IR_NONE && f < m->funcs.len ? m->funcs.data[f].name : NULL;
}

static rloc make_loc(const report *r, const ir_module *m, ir_loc loc, uint32_t func) {
  rloc l = {0};
  if (loc.line == 0) return l;
  l.file = loc_file(r, m, loc);
  if (!l.file) return l;
  l.line = loc.line;
  l.col = loc.col;
  const char *fn = func_name(m, func);
  l.func = fn ? xstrdup(fn) : NULL;
  return l;
}

static void rloc_free(rloc *l) {
  free(l->file);
  free(l->func);
}

/* The explanation lines: the reason, the assumptions, the replayed run. */
static void read_detail(rentry *e, const char *detail) {
  const char *s = detail;
  bool named = false;
  while (s && *s) {
    size_t n = strcspn(s, "\n");
    char *line = xstrndup(s, n);
    VEC_PUSH(e->lines, line);
    if (strncmp(line, "assumption:", 11) == 0) {
      const char *a = line + 11;
      while (*a == ' ') a++;
      VEC_PUSH(e->assumptions, xstrdup(a));
    }
    if (!e->reason && strncmp(line, "reason: ", 8) == 0) e->reason = xstrdup(line + 8);
    /* the replayed run's end: the "run: " line that names the check, else the last */
    const char *t = line;
    while (*t == ' ') t++;
    if (strncmp(t, "run: ", 5) == 0 && !named) {
      named = e->answer == REPORT_FALSE && strstr(t, prop_check_name(e->violated)) != NULL;
      free(e->run_line);
      e->run_line = xstrdup(t + 5);
    }
    s += n + (s[n] == '\n');
  }
  if (!e->reason && e->answer == REPORT_FALSE && e->run_line) e->reason = xstrdup(e->run_line);
  if (!e->reason && e->lines.len) e->reason = xstrdup(e->lines.data[0]);
}

/* The value of cex[i] as its function's return type reads it. */
static char *nondet_value(const ir_module *m, const interp_nondet *nd) {
  char buf[96];
  const char *fn = func_name(m, nd->func);
  if (!fn) return xasprintf("%" PRIu64, nd->value);
  harness_type ty = harness_nondet_type(fn, m->funcs.data[nd->func].ret, m->ptr_bits);
  if (ty.kind == HARNESS_VOID) return xasprintf("%" PRIu64, nd->value);
  return xstrdup(harness_format_value(ty, nd->value, nd->bits, buf, sizeof buf));
}

static void push_step(rentry *e, rstep s) { VEC_PUSH(e->trace, s); }

/* The trace of a FALSE: the replayed run's steps, the violation last. */
static void read_trace(report *r, rentry *e, const ir_module *m, const witness_task *t, const evidence *ev) {
  witness_path path;
  char err[512];
  if (!witness_trace_files(m, t, (const char *const *)r->inputs.data, r->inputs.len, e->violated, ev, &path, err,
                           sizeof err)) {
    e->trace_error = xstrdup(err);
    return;
  }
  unsigned depth = 0;
  u32_vec stack = {0}; /* the functions executing: a call's step is in its caller */
  for (size_t i = 0; i < m->funcs.len && !stack.len; i++)
    if (strcmp(m->funcs.data[i].name, "main") == 0) VEC_PUSH(stack, (uint32_t)i);
  for (size_t i = 0; i <= path.steps.len; i++) {
    if (path.lasso && i == path.cycle_start) {
      rstep h = {.kind = "cycle-head", .loc = make_loc(r, m, path.head, path.head_func), .taken = -1, .depth = depth};
      h.note = xstrdup(path.head_state ? path.head_state : "1");
      push_step(e, h);
    }
    if (i == path.steps.len) break;
    const witness_step *w = &path.steps.data[i];
    rstep s = {.loc = make_loc(r, m, w->loc, w->func), .taken = -1, .cycle = path.lasso && i >= path.cycle_start};
    switch (w->kind) {
    case WSTEP_NONDET: {
      s.kind = "nondet";
      if (w->nondet < ev->cex.len) {
        const interp_nondet *nd = &ev->cex.data[w->nondet];
        s.value = nondet_value(m, nd);
        const char *fn = func_name(m, nd->func);
        s.called = fn ? xstrdup(fn) : NULL;
      }
      s.depth = depth;
      break;
    }
    case WSTEP_BRANCH:
      s.kind = "branch";
      s.taken = w->taken;
      s.depth = depth;
      break;
    case WSTEP_CALL: {
      s.kind = "call";
      s.called = func_name(m, w->func) ? xstrdup(func_name(m, w->func)) : NULL;
      const char *caller = stack.len ? func_name(m, stack.data[stack.len - 1]) : NULL;
      free(s.loc.func);
      s.loc.func = caller ? xstrdup(caller) : NULL;
      VEC_PUSH(stack, w->func);
      s.depth = depth++;
      break;
    }
    default:
      s.kind = "return";
      s.called = func_name(m, w->func) ? xstrdup(func_name(m, w->func)) : NULL;
      s.depth = depth;
      if (depth) depth--;
      if (stack.len > 1) stack.len--;
      break;
    }
    if (!s.loc.file) { /* the path keeps only steps with a location; be safe */
      rloc_free(&s.loc);
      free(s.value);
      free(s.called);
      continue;
    }
    push_step(e, s);
  }
  /* where it ends: a lasso back at its head, else the target */
  ir_loc at = path.lasso ? path.head : path.target;
  uint32_t at_func = path.lasso ? path.head_func : path.target_func;
  rloc where = make_loc(r, m, at, at_func);
  if (where.file) {
    rstep v = {.kind = "violation", .loc = where, .taken = -1, .cycle = path.lasso, .depth = depth};
    v.note = xstrdup(e->violated_name);
    push_step(e, v);
    e->loc = make_loc(r, m, at, at_func);
  }
  VEC_FREE(stack);
  witness_path_free(&path);
}

void report_set_pending(report *r, const char *const *names, size_t n) {
  r->draft = true;
  for (size_t i = 0; i < n; i++) VEC_PUSH(r->pending, xstrdup(names[i] ? names[i] : "?"));
}

void report_add(report *r, const ir_module *m, const witness_task *t, const report_verdict *v) {
  rentry e = {0};
  e.property = xstrdup(v->property ? v->property : "?");
  e.checks = v->checks;
  e.answer = v->answer;
  e.violated = v->violated;
  e.violated_name = xstrdup(v->violated_name ? v->violated_name : prop_check_name(v->violated));
  read_detail(&e, v->detail);
  if (v->answer == REPORT_FALSE) {
    if (r->draft) e.trace_error = xstrdup("not replayed yet: this page was written while bitprove was running");
    else if (!m) e.trace_error = xstrdup("no module to replay the counterexample in");
    else if (!v->ev) e.trace_error = xstrdup("no counterexample");
    else read_trace(r, &e, m, t, v->ev);
  }
  e.seconds = v->seconds;
  for (size_t i = 0; i < v->nphases; i++) VEC_PUSH(e.phases, v->phases[i]);
  e.proof = v->proof && *v->proof ? xstrdup(v->proof) : NULL;
  e.graph_dot = v->graph_dot ? xstrdup(v->graph_dot) : NULL;
  e.graph_states = v->graph_states;
  if (v->answer == REPORT_TRUE && v->ev && m) {
    for (size_t i = 0; i < v->ev->invariants.len; i++) {
      const evidence_invariant *inv = &v->ev->invariants.data[i];
      rinvariant ri = {make_loc(r, m, inv->loc, IR_NONE), NULL, inv->loop_head};
      if (!ri.loc.file) continue;
      ri.loc.func = inv->func ? xstrdup(inv->func) : NULL;
      ri.expr = xstrdup(inv->expr ? inv->expr : "1");
      VEC_PUSH(e.invariants, ri);
    }
  }
  e.harness = v->harness ? xstrdup(v->harness) : NULL;
  e.harness_command = v->harness_command ? xstrdup(v->harness_command) : NULL;
  for (size_t i = 0; i < v->nwitnesses; i++) VEC_PUSH(e.witnesses, xstrdup(v->witnesses[i]));
  VEC_PUSH(r->entries, e);
}

static void report_str_vec_free(report_str_vec *v) {
  for (size_t i = 0; i < v->len; i++) free(v->data[i]);
  VEC_FREE(*v);
}

void report_free(report *r) {
  if (!r) return;
  for (size_t i = 0; i < r->entries.len; i++) {
    rentry *e = &r->entries.data[i];
    free(e->property);
    free(e->violated_name);
    free(e->reason);
    free(e->run_line);
    free(e->trace_error);
    report_str_vec_free(&e->assumptions);
    report_str_vec_free(&e->lines);
    rloc_free(&e->loc);
    for (size_t k = 0; k < e->trace.len; k++) {
      rstep *s = &e->trace.data[k];
      rloc_free(&s->loc);
      free(s->value);
      free(s->called);
      free(s->note);
    }
    VEC_FREE(e->trace);
    free(e->proof);
    free(e->graph_dot);
    for (size_t k = 0; k < e->invariants.len; k++) {
      rloc_free(&e->invariants.data[k].loc);
      free(e->invariants.data[k].expr);
    }
    VEC_FREE(e->invariants);
    VEC_FREE(e->phases);
    free(e->harness);
    free(e->harness_command);
    report_str_vec_free(&e->witnesses);
  }
  VEC_FREE(r->entries);
  report_str_vec_free(&r->inputs);
  report_str_vec_free(&r->sources);
  report_str_vec_free(&r->source_why);
  report_str_vec_free(&r->pending);
  free(r);
}

/* ---- JSON text ------------------------------------------------------------------------------ */


static void json_string(strbuf *out, const char *s) {
  strbuf_append(out, "\"", 1);
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned c = *p;
    if (c == '"' || c == '\\') {
      char esc[2] = {'\\', (char)c};
      strbuf_append(out, esc, 2);
      p++;
    } else if (c < 0x20) {
      switch (c) {
      case '\n': strbuf_append(out, "\\n", 2); break;
      case '\t': strbuf_append(out, "\\t", 2); break;
      case '\r': strbuf_append(out, "\\r", 2); break;
      case '\b': strbuf_append(out, "\\b", 2); break;
      case '\f': strbuf_append(out, "\\f", 2); break;
      default: strbuf_printf(out, "\\u%04x", c); break;
      }
      p++;
    } else {
      size_t n = report_utf8_seq(p);
      if (n) strbuf_append(out, (const char *)p, n), p += n;
      else strbuf_append(out, "\\ufffd", 6), p++; /* not UTF-8: the replacement character */
    }
  }
  strbuf_append(out, "\"", 1);
}

/* A JSON writer with two-space indentation: begin/end open and close
 * containers, the value functions write one member (key non-NULL, inside
 * an object) or one element (key NULL, inside an array or at the top). */
typedef struct {
  strbuf *out;
  unsigned depth;
  bool members; /* the open container has a member already */
} jw;

static void jw_key(jw *w, const char *key) {
  if (w->members) strbuf_append(w->out, ",", 1);
  if (w->out->len) {
    strbuf_append(w->out, "\n", 1);
    for (unsigned i = 0; i < w->depth; i++) strbuf_append(w->out, "  ", 2);
  }
  if (key) {
    json_string(w->out, key);
    strbuf_append(w->out, ": ", 2);
  }
  w->members = true;
}

static void jw_begin(jw *w, const char *key, char open) {
  jw_key(w, key);
  strbuf_append(w->out, &open, 1);
  w->depth++;
  w->members = false;
}

static void jw_end(jw *w, char close) {
  w->depth--;
  if (w->members) {
    strbuf_append(w->out, "\n", 1);
    for (unsigned i = 0; i < w->depth; i++) strbuf_append(w->out, "  ", 2);
  }
  strbuf_append(w->out, &close, 1);
  w->members = true;
}

static void jw_str(jw *w, const char *key, const char *s) {
  jw_key(w, key);
  if (s) json_string(w->out, s);
  else strbuf_append(w->out, "null", 4);
}

static void jw_uint(jw *w, const char *key, uint64_t v) {
  jw_key(w, key);
  strbuf_printf(w->out, "%" PRIu64, v);
}

static void jw_bool(jw *w, const char *key, bool v) {
  jw_key(w, key);
  strbuf_printf(w->out, "%s", v ? "true" : "false");
}

static void jw_null(jw *w, const char *key) {
  jw_key(w, key);
  strbuf_append(w->out, "null", 4);
}

static void jw_strings(jw *w, const char *key, const report_str_vec *v) {
  jw_begin(w, key, '[');
  for (size_t i = 0; i < v->len; i++) jw_str(w, NULL, v->data[i]);
  jw_end(w, ']');
}

static void jw_checks(jw *w, const char *key, unsigned checks) {
  jw_begin(w, key, '[');
  for (unsigned c = 0; c < PROP_CHECK_COUNT; c++)
    if (checks & (1u << c)) jw_str(w, NULL, prop_check_name((prop_check)c));
  jw_end(w, ']');
}

/* ---- the plain JSON form -------------------------------------------------------------------- */

static void json_loc_members(jw *w, const rloc *l) {
  jw_str(w, "file", l->file);
  jw_uint(w, "line", l->line);
  if (l->col) jw_uint(w, "column", l->col);
  if (l->func) jw_str(w, "function", l->func);
}

static void write_json(const report *r, strbuf *out) {
  jw w = {out, 0, false};
  jw_begin(&w, NULL, '{');
  jw_str(&w, "tool", "bitprove");
  jw_str(&w, "version", BITPROVE_VERSION);
  jw_uint(&w, "report_version", 1);
  jw_strings(&w, "inputs", &r->inputs);
  jw_begin(&w, "results", '[');
  for (size_t i = 0; i < r->entries.len; i++) {
    const rentry *e = &r->entries.data[i];
    jw_begin(&w, NULL, '{');
    jw_str(&w, "property", e->property);
    jw_checks(&w, "checks", e->checks);
    jw_str(&w, "verdict", report_answer_name(e->answer));
    if (e->answer == REPORT_FALSE) jw_str(&w, "violated", e->violated_name);
    else jw_null(&w, "violated");
    if (e->loc.file) {
      jw_begin(&w, "location", '{');
      json_loc_members(&w, &e->loc);
      jw_end(&w, '}');
    } else {
      jw_null(&w, "location");
    }
    jw_str(&w, "reason", e->reason);
    jw_strings(&w, "assumptions", &e->assumptions);
    jw_strings(&w, "explanation", &e->lines);
    jw_begin(&w, "trace", '[');
    for (size_t k = 0; k < e->trace.len; k++) {
      const rstep *s = &e->trace.data[k];
      jw_begin(&w, NULL, '{');
      jw_str(&w, "kind", s->kind);
      json_loc_members(&w, &s->loc);
      if (s->value) jw_str(&w, "value", s->value);
      if (s->called) jw_str(&w, strcmp(s->kind, "nondet") == 0 ? "function_called" : "callee", s->called);
      if (s->taken >= 0) jw_bool(&w, "taken", s->taken);
      if (strcmp(s->kind, "cycle-head") == 0 && s->note) jw_str(&w, "state", s->note);
      if (strcmp(s->kind, "violation") == 0 && s->note) jw_str(&w, "violated", s->note);
      if (s->cycle) jw_bool(&w, "cycle", true);
      jw_end(&w, '}');
    }
    jw_end(&w, ']');
    if (e->trace_error) jw_str(&w, "trace_error", e->trace_error);
    jw_end(&w, '}');
  }
  jw_end(&w, ']');
  jw_end(&w, '}');
  strbuf_append(out, "\n", 1);
}

/* ---- SARIF 2.1.0 ---------------------------------------------------------------------------- */

/* A path as a URI reference: relative paths percent-encoded as they are,
 * absolute ones as file:// URIs. */
static char *path_uri(const char *path) {
  strbuf b = {0};
  if (path[0] == '/') strbuf_append(&b, "file://", 7);
  report_url_path(&b, path);
  return b.data ? b.data : xstrdup("");
}

static void sarif_artifact(jw *w, const report *r, const char *file) {
  char *uri = path_uri(file);
  jw_begin(w, "artifactLocation", '{');
  jw_str(w, "uri", uri);
  int idx = (int)report_input_index(r, file);
  if (idx >= 0) jw_uint(w, "index", (uint64_t)idx);
  jw_end(w, '}');
  free(uri);
}

/* A location object (key NULL: an array element) with an optional message. */
static void sarif_location(jw *w, const char *key, const report *r, const rloc *l, const char *message) {
  jw_begin(w, key, '{');
  jw_begin(w, "physicalLocation", '{');
  sarif_artifact(w, r, l->file);
  if (l->line) {
    jw_begin(w, "region", '{');
    jw_uint(w, "startLine", l->line);
    if (l->col) jw_uint(w, "startColumn", l->col);
    jw_end(w, '}');
  }
  jw_end(w, '}');
  if (l->func) {
    jw_begin(w, "logicalLocations", '[');
    jw_begin(w, NULL, '{');
    jw_str(w, "name", l->func);
    jw_str(w, "kind", "function");
    jw_end(w, '}');
    jw_end(w, ']');
  }
  if (message) {
    jw_begin(w, "message", '{');
    jw_str(w, "text", message);
    jw_end(w, '}');
  }
  jw_end(w, '}');
}


static void sarif_kinds(jw *w, const rstep *s) {
  jw_begin(w, "kinds", '[');
  if (strcmp(s->kind, "branch") == 0) {
    jw_str(w, NULL, "branch");
    jw_str(w, NULL, s->taken ? "true" : "false");
  } else if (strcmp(s->kind, "nondet") == 0) {
    jw_str(w, NULL, "value");
  } else if (strcmp(s->kind, "call") == 0) {
    jw_str(w, NULL, "call");
  } else if (strcmp(s->kind, "return") == 0) {
    jw_str(w, NULL, "return");
  } else if (strcmp(s->kind, "cycle-head") == 0) {
    jw_str(w, NULL, "enter");
  } else {
    jw_str(w, NULL, "danger");
  }
  jw_end(w, ']');
}

/* The members every verdict's summary has (run.properties.verdicts,
 * result.properties). */
static void sarif_summary(jw *w, const rentry *e) {
  jw_str(w, "property", e->property);
  jw_str(w, "verdict", report_answer_name(e->answer));
  if (e->answer == REPORT_FALSE) jw_str(w, "violated", e->violated_name);
  jw_str(w, "reason", e->reason);
  jw_strings(w, "assumptions", &e->assumptions);
}

/* Whether entry i is the first of its property's name (one rule per name). */
static bool first_of_name(const report *r, size_t i) {
  for (size_t j = 0; j < i; j++)
    if (strcmp(r->entries.data[j].property, r->entries.data[i].property) == 0) return false;
  return true;
}

/* The index of name's rule: rules are the distinct names in order of appearance. */
static size_t rule_index(const report *r, const char *name) {
  size_t k = 0;
  for (size_t i = 0; i < r->entries.len; i++) {
    if (!first_of_name(r, i)) continue;
    if (strcmp(r->entries.data[i].property, name) == 0) break;
    k++;
  }
  return k;
}

static void sarif_rules(jw *w, const report *r) {
  jw_begin(w, "rules", '[');
  for (size_t i = 0; i < r->entries.len; i++) {
    const rentry *e = &r->entries.data[i];
    if (!first_of_name(r, i)) continue;
    jw_begin(w, NULL, '{');
    jw_str(w, "id", e->property);
    strbuf d = {0};
    if (strcmp(e->property, "assert") == 0) {
      strbuf_printf(&d, "assert: no assert() fails and reach_error() is never called");
    } else if (e->checks) {
      strbuf_printf(&d, "SV-COMP property %s:", e->property);
      const char *sep = " ";
      for (unsigned c = 0; c < PROP_CHECK_COUNT; c++)
        if (e->checks & (1u << c)) strbuf_printf(&d, "%s%s", sep, check_holds((prop_check)c)), sep = "; ";
    } else {
      strbuf_printf(&d, "property %s", e->property);
    }
    jw_begin(w, "shortDescription", '{');
    jw_str(w, "text", d.data);
    jw_end(w, '}');
    strbuf_free(&d);
    jw_begin(w, "defaultConfiguration", '{');
    jw_str(w, "level", "error");
    jw_end(w, '}');
    jw_begin(w, "properties", '{');
    jw_checks(w, "checks", e->checks);
    jw_end(w, '}');
    jw_end(w, '}');
  }
  jw_end(w, ']');
}

static void sarif_result(jw *w, const report *r, size_t i) {
  const rentry *e = &r->entries.data[i];
  jw_begin(w, NULL, '{');
  jw_str(w, "ruleId", e->property);
  jw_uint(w, "ruleIndex", rule_index(r, e->property));
  jw_str(w, "kind", "fail");
  jw_str(w, "level", "error");
  const char *what = report_violation_text(e->violated, e->violated_name);
  char *msg = e->run_line ? xasprintf("FALSE(%s): %s. The replayed run: %s", e->violated_name, what, e->run_line)
                          : xasprintf("FALSE(%s): %s", e->violated_name, what);
  jw_begin(w, "message", '{');
  jw_str(w, "text", msg);
  jw_end(w, '}');
  free(msg);
  jw_begin(w, "locations", '[');
  if (e->loc.file) {
    sarif_location(w, NULL, r, &e->loc, NULL);
  } else if (r->inputs.len) { /* where is unknown: the program itself */
    rloc whole = {r->inputs.data[0], 0, 0, NULL};
    sarif_location(w, NULL, r, &whole, NULL);
  }
  jw_end(w, ']');
  if (e->trace.len) {
    jw_begin(w, "codeFlows", '[');
    jw_begin(w, NULL, '{');
    jw_begin(w, "message", '{');
    jw_str(w, "text", "the counterexample, replayed by bitprove's interpreter");
    jw_end(w, '}');
    jw_begin(w, "threadFlows", '[');
    jw_begin(w, NULL, '{');
    jw_begin(w, "locations", '[');
    for (size_t k = 0; k < e->trace.len; k++) {
      const rstep *s = &e->trace.data[k];
      char *text = report_step_message(e, s);
      jw_begin(w, NULL, '{');
      sarif_location(w, "location", r, &s->loc, text);
      sarif_kinds(w, s);
      jw_uint(w, "nestingLevel", s->depth);
      jw_uint(w, "executionOrder", k + 1);
      jw_end(w, '}');
      free(text);
    }
    jw_end(w, ']');
    jw_end(w, '}');
    jw_end(w, ']');
    jw_end(w, '}');
    jw_end(w, ']');
  }
  jw_begin(w, "properties", '{');
  sarif_summary(w, e);
  jw_strings(w, "explanation", &e->lines);
  if (e->trace_error) jw_str(w, "trace_error", e->trace_error);
  jw_end(w, '}');
  jw_end(w, '}');
}

static void write_sarif(const report *r, strbuf *out) {
  jw w = {out, 0, false};
  jw_begin(&w, NULL, '{');
  jw_str(&w, "$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json");
  jw_str(&w, "version", "2.1.0");
  jw_begin(&w, "runs", '[');
  jw_begin(&w, NULL, '{');
  jw_begin(&w, "tool", '{');
  jw_begin(&w, "driver", '{');
  jw_str(&w, "name", "bitprove");
  jw_str(&w, "version", BITPROVE_VERSION);
  sarif_rules(&w, r);
  jw_end(&w, '}');
  jw_end(&w, '}');
  jw_begin(&w, "artifacts", '[');
  for (size_t i = 0; i < r->inputs.len; i++) {
    char *uri = path_uri(r->inputs.data[i]);
    jw_begin(&w, NULL, '{');
    jw_begin(&w, "location", '{');
    jw_str(&w, "uri", uri);
    jw_end(&w, '}');
    jw_begin(&w, "roles", '[');
    jw_str(&w, NULL, "analysisTarget");
    jw_end(&w, ']');
    jw_end(&w, '}');
    free(uri);
  }
  jw_end(&w, ']');
  jw_begin(&w, "results", '[');
  for (size_t i = 0; i < r->entries.len; i++)
    if (r->entries.data[i].answer == REPORT_FALSE) sarif_result(&w, r, i);
  jw_end(&w, ']');
  jw_begin(&w, "properties", '{');
  jw_begin(&w, "verdicts", '[');
  for (size_t i = 0; i < r->entries.len; i++) {
    jw_begin(&w, NULL, '{');
    sarif_summary(&w, &r->entries.data[i]);
    jw_end(&w, '}');
  }
  jw_end(&w, ']');
  jw_end(&w, '}');
  jw_end(&w, '}');
  jw_end(&w, ']');
  jw_end(&w, '}');
  strbuf_append(out, "\n", 1);
}

/* ---- the file ------------------------------------------------------------------------------- */

bool report_write(const report *r, report_format fmt, const char *path, char *err, size_t errlen) {
  strbuf text = {0};
  if (fmt == REPORT_SARIF) write_sarif(r, &text);
  else if (fmt == REPORT_HTML) report_html_text(r, path, &text);
  else write_json(r, &text);
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    strbuf_free(&text);
    return false;
  }
  bool ok = fwrite(text.data, 1, text.len, f) == text.len;
  int werr = ok ? 0 : errno;
  if (fclose(f) != 0 && ok) ok = false, werr = errno;
  if (!ok) snprintf(err, errlen, "cannot write %s: %s", path, strerror(werr ? werr : EIO));
  strbuf_free(&text);
  return ok;
}
