/* witness.c: SV-COMP verification witnesses (witness.h). */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "witness.h"


#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../util/sha256.h"
#include "../ir/c_types.h"
#include "harness.h"

/* ---- file names and formats -------------------------------------------------------------- */

bool witness_format_parse(const char *name, unsigned *formats) {
  if (strcmp(name, "graphml") == 0) *formats = WITNESS_GRAPHML;
  else if (strcmp(name, "yaml") == 0) *formats = WITNESS_YAML;
  else return false;
  return true;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n > k && strcmp(s + n - k, suffix) == 0;
}

void witness_paths(const char *file, unsigned given, unsigned *formats, char **graphml_path, char **yaml_path) {
  *graphml_path = *yaml_path = NULL;
  if (given) {
    *formats = given;
    if (given & WITNESS_GRAPHML) *graphml_path = xstrdup(file);
    else *yaml_path = xstrdup(file);
    return;
  }
  if (ends_with(file, ".graphml") || ends_with(file, ".xml")) {
    *formats = WITNESS_GRAPHML;
    *graphml_path = xstrdup(file);
  } else if (ends_with(file, ".yml") || ends_with(file, ".yaml")) {
    *formats = WITNESS_YAML;
    *yaml_path = xstrdup(file);
  } else {
    *formats = WITNESS_GRAPHML | WITNESS_YAML;
    *graphml_path = xasprintf("%s.graphml", file);
    *yaml_path = xasprintf("%s.yml", file);
  }
}

/* ---- the replayed run as a path ------------------------------------------------------------ */

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* Whether loc is a line of the program file (not the prelude, not unknown). */
static bool in_program(const ir_module *m, const witness_task *t, ir_loc loc) {
  if (loc.file == IR_NONE || loc.file >= m->files.len || loc.line == 0) return false;
  return strcmp(base_name(m->files.data[loc.file]), base_name(t->program)) == 0;
}

/* The same, or a line of one of the further files (witness_trace_files). */
static bool in_files(const ir_module *m, const witness_task *t, const char *const *files, size_t nfiles, ir_loc loc) {
  if (in_program(m, t, loc)) return true;
  if (loc.file == IR_NONE || loc.file >= m->files.len || loc.line == 0) return false;
  for (size_t i = 0; i < nfiles; i++)
    if (strcmp(base_name(m->files.data[loc.file]), base_name(files[i])) == 0) return true;
  return false;
}

typedef struct {
  const ir_module *m;
  const witness_task *t;
  witness_path *path;
  uint32_t draws;   /* nondet values drawn so far */
  uint32_t main_fn; /* main's index */
  ir_loc main_ret;  /* the last return of main seen */
  uint64_t cycle_visit; /* lasso: the first visit of the repeated state (0: none) */
  const evidence *v;
  bool recur;           /* a recurrent set: the cycle head is the stem's visit, the set its invariant */
  const char *const *files; /* further program files (witness_trace_files) */
  size_t nfiles;
} trace_ctx;

/* The repeated state at a loop head: its phis that carry a C variable, as
 * "(unsigned T)x == V" (the bits of the value, in the unsigned type of its
 * width, so that it means the same whatever x's declared type). */
static char *head_state(const ir_module *m, const interp_event *e) {
  const ir_func *f = &m->funcs.data[e->func];
  const ir_block *b = &f->blocks[e->block];
  strbuf s = {0};
  for (uint32_t i = b->first; i < b->first + b->count && f->insts[i].op == IR_PHI; i++) {
    const ir_inst *in = &f->insts[i];
    if (!in->var || in->type.kind != IR_TY_INT || i >= e->nvalues) continue;
    unsigned bits = in->type.bits;
    const char *ty = c_int_type(bits, false);
    if (!ty) continue;
    strbuf_printf(&s, "%s(%s)%s == %" PRIu64 "%s", s.data ? " && " : "", ty, in->var, e->values[i],
                  bits > 32 ? "ULL" : "U");
  }
  if (!s.data) strbuf_printf(&s, "1");
  return s.data;
}

static void push_step(trace_ctx *c, witness_step s) {
  if (!in_files(c->m, c->t, c->files, c->nfiles, s.loc)) return;
  /* a recurrent set's iterations need not all take the same path: the
   * cycle is left open (the set at the head says what goes on) */
  if (c->recur && c->path->lasso) return;
  VEC_PUSH(c->path->steps, s);
}

/* Every draw is recorded in order; the list answers it, so decline. */
static bool on_draw(void *ctx, const interp_draw *d, uint64_t *value) {
  (void)value;
  trace_ctx *c = ctx;
  if (d->origin == INTERP_ND_CALL)
    push_step(c, (witness_step){.kind = WSTEP_NONDET, .loc = d->loc, .func = d->func, .nondet = c->draws});
  c->draws++;
  return false;
}

static void on_event(void *ctx, const interp_event *e) {
  trace_ctx *c = ctx;
  if (c->recur && c->v->recur_call && e->kind == INTERP_EV_CALL && e->visit == c->cycle_visit && !c->path->lasso) {
    /* a recursion's cycle head: the entry of the function called */
    const ir_func *g = &c->m->funcs.data[e->func];
    c->path->lasso = true;
    c->path->cycle_start = c->path->steps.len;
    c->path->head = g->loc;
    c->path->head_func = e->func;
    free(c->path->head_state);
    c->path->head_state = xstrdup(c->v->recur_set ? c->v->recur_set : "1");
    return;
  }
  if (e->kind == INTERP_EV_HEAD) {
    if (c->recur && c->v->recur_call) return;
    if (e->visit == c->cycle_visit) {
      c->path->lasso = true;
      c->path->cycle_start = c->path->steps.len;
      c->path->head = e->loc;
      c->path->head_func = e->func;
      free(c->path->head_state);
      c->path->head_state = c->recur ? xstrdup(c->v->recur_set ? c->v->recur_set : "1") : head_state(c->m, e);
    }
    return;
  }
  if (e->kind == INTERP_EV_RETURN && e->func == c->main_fn) c->main_ret = e->loc;
  if (e->kind != INTERP_EV_BRANCH && e->func == c->main_fn) return; /* main's entry and exit are implicit */
  uint8_t kind = e->kind == INTERP_EV_BRANCH ? WSTEP_BRANCH : e->kind == INTERP_EV_CALL ? WSTEP_CALL : WSTEP_RETURN;
  push_step(c, (witness_step){.kind = kind, .taken = e->taken, .loc = e->loc, .func = e->func});
}

static uint32_t find_func(const ir_module *m, const char *name) {
  for (size_t i = 0; i < m->funcs.len; i++)
    if (strcmp(m->funcs.data[i].name, name) == 0) return (uint32_t)i;
  return IR_NONE;
}

/* The function whose code contains loc's line (the last defined function
 * starting at or before it), IR_NONE if none. */
static uint32_t func_at(const ir_module *m, ir_loc loc) {
  uint32_t best = IR_NONE, best_line = 0;
  for (size_t i = 0; i < m->funcs.len; i++) {
    const ir_func *f = &m->funcs.data[i];
    if (!f->defined || f->loc.file != loc.file || f->loc.line > loc.line || f->loc.line < best_line) continue;
    best = (uint32_t)i, best_line = f->loc.line;
  }
  return best;
}

bool witness_trace(const ir_module *m, const witness_task *t, prop_check violated, const evidence *v, witness_path *path,
                   char *err, size_t errlen) {
  return witness_trace_files(m, t, NULL, 0, violated, v, path, err, errlen);
}

bool witness_trace_files(const ir_module *m, const witness_task *t, const char *const *files, size_t nfiles,
                         prop_check violated, const evidence *v, witness_path *path, char *err, size_t errlen) {
  const interp_nondet_vec *cex = &v->cex;
  bool lasso = violated == PROP_TERMINATION;
  memset(path, 0, sizeof *path);
  path->target_func = IR_NONE;
  path->head_func = IR_NONE;
  uint64_t *values = xcalloc(cex->len ? cex->len : 1, sizeof *values);
  for (size_t i = 0; i < cex->len; i++) values[i] = cex->data[i].value;
  bool recur = lasso && v->recur_visit;
  trace_ctx c = {m,           t, path, 0, find_func(m, "main"), ir_loc_none(), lasso ? (recur ? v->recur_visit : v->lasso_first) : 0,
                 v,           recur, files, nfiles};
  interp_options io;
  interp_options_replay(&io, values, cex->len);
  io.draw = on_draw;
  io.draw_ctx = &c;
  io.observe = on_event;
  io.observe_ctx = &c;
  if (lasso && !(recur && v->recur_call)) {
    io.lasso.enabled = true;
    /* a recurrent set: run to the visit after the stem's (the comparison
     * there only stops the run) */
    io.lasso.check_first = recur ? v->recur_visit : v->lasso_first;
    io.lasso.check_second = recur ? v->recur_visit + 1 : v->lasso_second;
  }
  interp_result r;
  interp_run(m, &io, &r);
  bool violation = recur   ? path->lasso
                 : lasso ? r.outcome == INTERP_LASSO && r.lasso.equal && path->lasso
                         : r.outcome == INTERP_UB || r.outcome == INTERP_ERROR_REACHED || r.n_memtrack || r.n_memcleanup;
  if (!violation) {
    snprintf(err, errlen, "witness: the counterexample's replay does not end in %s",
             recur ? "the recurrent set's loop head" : lasso ? "the repeated state" : "a violation");
    interp_result_free(&r);
    free(values);
    witness_path_free(path);
    return false;
  }
  /* the target: where the run stopped; a leak at the end of main: main's return */
  ir_loc target = r.loc;
  if (!in_files(m, t, files, nfiles, target) && in_files(m, t, files, nfiles, c.main_ret)) target = c.main_ret;
  if (in_files(m, t, files, nfiles, target)) {
    path->target = target;
    path->target_func = func_at(m, target);
  }
  /* too long to be read: the pinned values and the target say it all */
  if (path->steps.len > WITNESS_MAX_STEPS) {
    size_t k = 0, cycle_start = path->cycle_start;
    for (size_t i = 0; i < path->steps.len; i++) {
      if (path->lasso && i == cycle_start) path->cycle_start = k;
      if (path->steps.data[i].kind == WSTEP_NONDET) path->steps.data[k++] = path->steps.data[i];
    }
    if (path->lasso && cycle_start >= path->steps.len) path->cycle_start = k;
    path->steps.len = k;
  }
  if (path->steps.len > WITNESS_MAX_VALUES) { /* not a file anybody could read or check */
    snprintf(err, errlen, "witness: not written: the counterexample has %zu nondet values (at most %d are written)",
             path->steps.len, WITNESS_MAX_VALUES);
    interp_result_free(&r);
    free(values);
    witness_path_free(path);
    return false;
  }
  interp_result_free(&r);
  free(values);
  return true;
}

void witness_path_free(witness_path *path) {
  VEC_FREE(path->steps);
  free(path->head_state);
  path->head_state = NULL;
}

/* ---- shared pieces ---------------------------------------------------------------------------- */

static const char *check_text(prop_check c) {
  switch (c) {
  case PROP_UNREACH_CALL: return "CHECK( init(main()), LTL(G ! call(reach_error())) )";
  case PROP_NO_OVERFLOW: return "CHECK( init(main()), LTL(G ! overflow) )";
  case PROP_TERMINATION: return "CHECK( init(main()), LTL(F end) )";
  case PROP_VALID_DEREF: return "CHECK( init(main()), LTL(G valid-deref) )";
  case PROP_VALID_FREE: return "CHECK( init(main()), LTL(G valid-free) )";
  case PROP_VALID_MEMTRACK: return "CHECK( init(main()), LTL(G valid-memtrack) )";
  case PROP_VALID_MEMCLEANUP: return "CHECK( init(main()), LTL(G valid-memcleanup) )";
  default: return "";
  }
}

/* The CHECK lines of a set of checks, one per line (in the order of
 * SV-COMP's valid-memsafety.prp for the memory-safety ones). */
static void spec_of_checks(unsigned checks, strbuf *out) {
  static const prop_check order[] = {PROP_VALID_FREE,     PROP_VALID_DEREF,  PROP_VALID_MEMTRACK,
                                     PROP_VALID_MEMCLEANUP, PROP_UNREACH_CALL, PROP_NO_OVERFLOW,
                                     PROP_TERMINATION};
  bool first = true;
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
    if (checks & (1u << order[i])) {
      strbuf_printf(out, "%s%s", first ? "" : "\n", check_text(order[i]));
      first = false;
    }
}

typedef struct {
  char hash[SHA256_HEX_CHARS];
  char time[32];
  char uuid[37];
  strbuf spec;
} metadata;

static bool metadata_make(const witness_task *t, unsigned checks, metadata *md, char *err, size_t errlen) {
  memset(md, 0, sizeof *md);
  if (!sha256_file(t->program, md->hash)) {
    snprintf(err, errlen, "witness: cannot read %s to hash it: %s", t->program, strerror(errno));
    return false;
  }
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(md->time, sizeof md->time, "%Y-%m-%dT%H:%M:%SZ", &tm);
  /* a version-4 UUID (RFC 4122 Sect. 4.4) from the system's random source */
  uint8_t b[16] = {0};
  FILE *f = fopen("/dev/urandom", "rb");
  bool got = f && fread(b, 1, sizeof b, f) == sizeof b;
  if (f) fclose(f);
  if (!got) { /* no /dev/urandom: time and hash still make it unique enough for a file name */
    uint64_t x = (uint64_t)now * 0x9E3779B97F4A7C15u ^ strtoull(md->hash + 48, NULL, 16);
    for (unsigned i = 0; i < 16; i++) b[i] = (uint8_t)(x >> (8 * (i % 8))) ^ (uint8_t)md->hash[i];
  }
  b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
  b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
  snprintf(md->uuid, sizeof md->uuid, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
           b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  spec_of_checks(checks, &md->spec);
  return true;
}

static void metadata_free(metadata *md) { strbuf_free(&md->spec); }

/* The value of cex[i] as a C literal that keeps its type, into buf; false
 * when it cannot be written as one (NaN, infinities, non-null pointers). */
static bool value_literal(const ir_module *m, const interp_nondet *nd, char *buf, size_t n) {
  if (nd->func == IR_NONE || nd->func >= m->funcs.len) return false;
  const ir_func *f = &m->funcs.data[nd->func];
  harness_type ty = harness_nondet_type(f->name, f->ret, m->ptr_bits);
  char v[64];
  harness_format_value(ty, nd->value, nd->bits, v, sizeof v);
  switch (ty.kind) {
  case HARNESS_VOID: return false;
  case HARNESS_POINTER:
    if (strcmp(v, "0") != 0) return false; /* an address means nothing to another tool */
    snprintf(buf, n, "0");
    return true;
  case HARNESS_FLOAT: {
    char *end;
    double d = strtod(v, &end);
    if (*end || isnan(d) || isinf(d)) return false;
    /* "1" must be "1.0f": a float suffix needs a fraction or an exponent */
    bool frac = strpbrk(v, ".eE") != NULL;
    snprintf(buf, n, "%s%s%s", v, frac ? "" : ".0", ty.bits == 32 ? "f" : "");
    return true;
  }
  case HARNESS_BOOL: snprintf(buf, n, "%s", v); return true;
  case HARNESS_UNSIGNED: snprintf(buf, n, "%s%s", v, ty.bits > 32 ? "ULL" : "U"); return true;
  case HARNESS_SIGNED:
    if (ty.bits >= 64 && strcmp(v, "-9223372036854775808") == 0) snprintf(buf, n, "(-9223372036854775807LL - 1)");
    else if (ty.bits == 32 && strcmp(v, "-2147483648") == 0) snprintf(buf, n, "(-2147483647 - 1)");
    else snprintf(buf, n, "%s%s", v, ty.bits > 32 ? "LL" : "");
    return true;
  }
  return false;
}

static const char *func_name(const ir_module *m, uint32_t f) {
  return f != IR_NONE && f < m->funcs.len ? m->funcs.data[f].name : NULL;
}

static FILE *open_out(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "w");
  if (!f) snprintf(err, errlen, "witness: cannot write %s: %s", path, strerror(errno));
  return f;
}

static bool close_out(FILE *f, const char *path, char *err, size_t errlen) {
  bool ok = !ferror(f);
  if (fclose(f) != 0) ok = false;
  if (!ok) snprintf(err, errlen, "witness: error writing %s", path);
  return ok;
}

/* ---- GraphML 1.0 ------------------------------------------------------------------------------ */

static void xml_text(FILE *out, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '&': fputs("&amp;", out); break;
    case '"': fputs("&quot;", out); break;
    default: fputc(*s, out);
    }
  }
}

static void gml_data(FILE *out, const char *indent, const char *key, const char *value) {
  fprintf(out, "%s<data key=\"%s\">", indent, key);
  xml_text(out, value);
  fputs("</data>\n", out);
}

static void gml_header(FILE *out, const witness_task *t, const metadata *md, const char *type) {
  static const struct {
    const char *name, *type, *for_, *def;
  } keys[] = {
      {"witness-type", "string", "graph", NULL},  {"sourcecodelang", "string", "graph", NULL},
      {"producer", "string", "graph", NULL},      {"specification", "string", "graph", NULL},
      {"programfile", "string", "graph", NULL},   {"programhash", "string", "graph", NULL},
      {"architecture", "string", "graph", NULL},  {"creationtime", "string", "graph", NULL},
      {"entry", "boolean", "node", "false"},      {"sink", "boolean", "node", "false"},
      {"violation", "boolean", "node", "false"},  {"cyclehead", "boolean", "node", "false"},
      {"invariant", "string", "node", NULL},      {"invariant.scope", "string", "node", NULL},
      {"startline", "int", "edge", NULL},         {"endline", "int", "edge", NULL},
      {"control", "string", "edge", NULL},        {"enterFunction", "string", "edge", NULL},
      {"returnFrom", "string", "edge", NULL},     {"enterLoopHead", "boolean", "edge", "false"},
      {"assumption", "string", "edge", NULL},     {"assumption.scope", "string", "edge", NULL},
      {"assumption.resultfunction", "string", "edge", NULL},
  };
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
        "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
        out);
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    fprintf(out, " <key attr.name=\"%s\" attr.type=\"%s\" for=\"%s\" id=\"%s\"", keys[i].name, keys[i].type,
            keys[i].for_, keys[i].name);
    if (keys[i].def) fprintf(out, ">\n  <default>%s</default>\n </key>\n", keys[i].def);
    else fputs("/>\n", out);
  }
  fputs(" <graph edgedefault=\"directed\">\n", out);
  gml_data(out, "  ", "witness-type", type);
  gml_data(out, "  ", "sourcecodelang", "C");
  gml_data(out, "  ", "producer", "bitprove " BITPROVE_VERSION);
  /* one element per CHECK line (valid-memsafety has three) */
  const char *spec = md->spec.data ? md->spec.data : "";
  for (const char *line = spec; *line;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    char *one = xasprintf("%.*s", (int)len, line);
    gml_data(out, "  ", "specification", one);
    free(one);
    line += len + (nl ? 1 : 0);
  }
  gml_data(out, "  ", "programfile", t->program);
  gml_data(out, "  ", "programhash", md->hash);
  gml_data(out, "  ", "architecture", t->ptr_bits == 32 ? "32bit" : "64bit");
  gml_data(out, "  ", "creationtime", md->time);
}

static void gml_footer(FILE *out) { fputs(" </graph>\n</graphml>\n", out); }

static void gml_edge_open(FILE *out, unsigned from, unsigned to, ir_loc loc) {
  fprintf(out, "  <edge source=\"N%u\" target=\"N%u\">\n", from, to);
  if (loc.line) fprintf(out, "   <data key=\"startline\">%u</data>\n", loc.line);
}

/* Writes steps [from, to) as a chain of edges from node *node (advanced);
 * the last edge ends in node `last` when last != UINT32_MAX (closing a
 * cycle), else in a new node. */
static void gml_steps(const ir_module *m, const evidence *v, const witness_path *p, size_t from, size_t to,
                      unsigned *node, unsigned *next_id, FILE *out) {
  for (size_t i = from; i < to; i++) {
    const witness_step *s = &p->steps.data[i];
    char lit[96];
    /* calls and returns stay implicit: a violation inside a callee would
     * leave a function entered but not left, which linters question */
    if (s->kind == WSTEP_CALL || s->kind == WSTEP_RETURN) continue;
    if (s->kind == WSTEP_NONDET &&
        (s->nondet >= v->cex.len || !value_literal(m, &v->cex.data[s->nondet], lit, sizeof lit)))
      continue;
    unsigned id = (*next_id)++;
    fprintf(out, "  <node id=\"N%u\"/>\n", id);
    gml_edge_open(out, *node, id, s->loc);
    if (s->kind == WSTEP_NONDET) {
      char expr[128];
      snprintf(expr, sizeof expr, "\\result == %s;", lit);
      gml_data(out, "   ", "assumption", expr);
      gml_data(out, "   ", "assumption.resultfunction", func_name(m, v->cex.data[s->nondet].func));
    } else {
      gml_data(out, "   ", "control", s->taken ? "condition-true" : "condition-false");
    }
    fputs("  </edge>\n", out);
    *node = id;
  }
}

static void gml_violation(const ir_module *m, const witness_task *t, const evidence *v, const witness_path *p,
                          const metadata *md, FILE *out) {
  gml_header(out, t, md, "violation_witness");
  fputs("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n", out);
  unsigned node = 0, next_id = 1;
  if (!p->lasso) {
    gml_steps(m, v, p, 0, p->steps.len, &node, &next_id, out);
    fprintf(out, "  <node id=\"N%u\">\n   <data key=\"violation\">true</data>\n  </node>\n", next_id);
    gml_edge_open(out, node, next_id, p->target);
    fputs("  </edge>\n", out);
    gml_footer(out);
    return;
  }
  /* stem, then the cycle head (entered at the loop's line), the cycle, and
   * back to the head */
  gml_steps(m, v, p, 0, p->cycle_start, &node, &next_id, out);
  unsigned head = next_id++;
  fprintf(out, "  <node id=\"N%u\">\n   <data key=\"cyclehead\">true</data>\n", head);
  gml_data(out, "   ", "invariant", p->head_state ? p->head_state : "1"); /* no scope: violation witness */
  fputs("  </node>\n", out);
  gml_edge_open(out, node, head, p->head);
  fputs("   <data key=\"enterLoopHead\">true</data>\n  </edge>\n", out);
  node = head;
  gml_steps(m, v, p, p->cycle_start, p->steps.len, &node, &next_id, out);
  if (node == head) { /* no step to write in the cycle: one node between, no self-loop */
    unsigned mid = next_id++;
    fprintf(out, "  <node id=\"N%u\"/>\n", mid);
    gml_edge_open(out, head, mid, p->head);
    fputs("  </edge>\n", out);
    node = mid;
  }
  gml_edge_open(out, node, head, p->head);
  fputs("   <data key=\"enterLoopHead\">true</data>\n  </edge>\n", out);
  gml_footer(out);
}

static void gml_correctness(const witness_task *t, const evidence *v, const metadata *md, FILE *out) {
  gml_header(out, t, md, "correctness_witness");
  fputs("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n", out);
  for (size_t i = 0; i < v->invariants.len; i++) {
    const evidence_invariant *inv = &v->invariants.data[i];
    fprintf(out, "  <node id=\"N%zu\">\n", i + 1);
    gml_data(out, "   ", "invariant", inv->expr);
    if (inv->func) gml_data(out, "   ", "invariant.scope", inv->func);
    fputs("  </node>\n", out);
    gml_edge_open(out, 0, (unsigned)(i + 1), inv->loc);
    if (inv->loop_head) fputs("   <data key=\"enterLoopHead\">true</data>\n", out);
    fputs("  </edge>\n", out);
  }
  gml_footer(out);
}

/* ---- YAML 2.0 ----------------------------------------------------------------------------------- */

static void yaml_str(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fprintf(out, "\\%c", *s);
    else if (*s == '\n') fputs("\\n", out);
    else if ((unsigned char)*s < 0x20) fprintf(out, "\\x%02x", (unsigned char)*s);
    else fputc(*s, out);
  }
  fputc('"', out);
}

static void yaml_metadata(FILE *out, const witness_task *t, const metadata *md, const char *version) {
  fprintf(out, "  metadata:\n    format_version: \"%s\"\n    uuid: ", version);
  yaml_str(out, md->uuid);
  fputs("\n    creation_time: ", out);
  yaml_str(out, md->time);
  fputs("\n    producer:\n      name: \"bitprove\"\n      version: \"" BITPROVE_VERSION "\"\n", out);
  fputs("    task:\n      input_files:\n        - ", out);
  yaml_str(out, t->program);
  fputs("\n      input_file_hashes:\n        ", out);
  yaml_str(out, t->program);
  fputs(": ", out);
  yaml_str(out, md->hash);
  fputs("\n      specification: ", out);
  yaml_str(out, md->spec.data ? md->spec.data : "");
  fprintf(out, "\n      data_model: \"%s\"\n      language: \"C\"\n", t->ptr_bits == 32 ? "ILP32" : "LP64");
}

/* The program's lines, for columns the IR does not keep. */
typedef struct {
  char *text;
  VEC(const char *) line; /* line[i]: start of line i + 1 */
} source_text;

static bool source_load(const char *path, source_text *s) {
  memset(s, 0, sizeof *s);
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  strbuf b = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) strbuf_printf(&b, "%.*s", (int)n, buf);
  fclose(f);
  s->text = b.data ? b.data : xstrdup("");
  VEC_PUSH(s->line, s->text);
  for (char *p = s->text; *p; p++)
    if (*p == '\n') VEC_PUSH(s->line, p + 1);
  return true;
}

static void source_free(source_text *s) {
  free(s->text);
  VEC_FREE(s->line);
}

/* The closing parenthesis of the call whose callee starts at (line, col):
 * the first '(' from there and its match, skipping nothing else (the
 * arguments of a nondet call are empty). False when not found. */
static bool call_close_paren(const source_text *s, ir_loc loc, unsigned *line, unsigned *col) {
  if (loc.line == 0 || loc.line > s->line.len || loc.col == 0) return false;
  const char *p = s->line.data[loc.line - 1] + (loc.col - 1);
  unsigned l = loc.line;
  int depth = 0;
  for (; *p; p++) {
    if (*p == '\n') l++;
    if (*p == '(') depth++;
    if (*p == ')' && --depth == 0) {
      *line = l;
      *col = (unsigned)(p - s->line.data[l - 1]) + 1;
      return true;
    }
    if (depth == 0 && (*p == ';' || *p == '{' || *p == '}')) return false;
  }
  return false;
}

/* The column of the first non-blank character of a line (1 if none). */
static unsigned line_start_col(const source_text *s, unsigned line) {
  if (line == 0 || line > s->line.len) return 1;
  const char *p = s->line.data[line - 1];
  unsigned c = 1;
  while (*p == ' ' || *p == '\t') p++, c++;
  return *p && *p != '\n' ? c : 1;
}

static void yaml_location(FILE *out, const char *indent, const witness_task *t, unsigned line, unsigned col,
                          const char *func) {
  fprintf(out, "%slocation:\n%s  file_name: ", indent, indent);
  yaml_str(out, t->program);
  fprintf(out, "\n%s  line: %u\n", indent, line);
  if (col) fprintf(out, "%s  column: %u\n", indent, col);
  if (func) {
    fprintf(out, "%s  function: ", indent);
    yaml_str(out, func);
    fputc('\n', out);
  }
}

/* The pinned values of steps [from, to) as function_return segments. */
static void yaml_values(const ir_module *m, const witness_task *t, const evidence *v, const witness_path *p,
                        size_t from, size_t to, const char *action, const source_text *src, FILE *out) {
  for (size_t i = from; i < to; i++) {
    const witness_step *s = &p->steps.data[i];
    char lit[96];
    unsigned line, col;
    if (s->kind != WSTEP_NONDET || s->nondet >= v->cex.len ||
        !value_literal(m, &v->cex.data[s->nondet], lit, sizeof lit) || !call_close_paren(src, s->loc, &line, &col))
      continue;
    char expr[128];
    snprintf(expr, sizeof expr, "\\result == %s", lit);
    fprintf(out, "    - segment:\n        - waypoint:\n            type: \"function_return\"\n            action: \"%s\"\n",
            action);
    yaml_location(out, "            ", t, line, col, func_name(m, s->func));
    fputs("            constraint:\n              value: ", out);
    yaml_str(out, expr);
    fputs("\n              format: \"c_expression\"\n", out);
  }
}

static void yaml_violation(const ir_module *m, const witness_task *t, const evidence *v, const witness_path *p,
                           const metadata *md, const source_text *src, FILE *out) {
  fputs("- entry_type: \"violation_sequence\"\n", out);
  yaml_metadata(out, t, md, p->lasso ? "2.1" : "2.0");
  fputs("  content:\n", out);
  if (p->lasso) {
    yaml_values(m, t, v, p, 0, p->cycle_start, "follow", src, out);
    fputs("    - segment:\n        - waypoint:\n            type: \"assumption\"\n            action: \"cycle\"\n", out);
    yaml_location(out, "            ", t, p->head.line, line_start_col(src, p->head.line), func_name(m, p->head_func));
    fputs("            constraint:\n              value: ", out);
    yaml_str(out, p->head_state ? p->head_state : "1");
    fputs("\n              format: \"c_expression\"\n", out);
    yaml_values(m, t, v, p, p->cycle_start, p->steps.len, "cycle", src, out);
    return;
  }
  yaml_values(m, t, v, p, 0, p->steps.len, "follow", src, out);
  /* the target (the run's last source line when the violation has none) */
  ir_loc target = p->target;
  uint32_t tf = p->target_func;
  for (size_t i = p->steps.len; target.line == 0 && i > 0; i--) target = p->steps.data[i - 1].loc;
  if (target.line == 0) target.line = 1;
  fputs("    - segment:\n        - waypoint:\n            type: \"target\"\n            action: \"follow\"\n", out);
  yaml_location(out, "            ", t, target.line, line_start_col(src, target.line), func_name(m, tf));
}

static void yaml_correctness(const witness_task *t, const evidence *v, const metadata *md, FILE *out) {
  fputs("- entry_type: \"invariant_set\"\n", out);
  yaml_metadata(out, t, md, "2.0");
  if (!v->invariants.len) {
    fputs("  content: []\n", out);
    return;
  }
  fputs("  content:\n", out);
  for (size_t i = 0; i < v->invariants.len; i++) {
    const evidence_invariant *inv = &v->invariants.data[i];
    fprintf(out, "    - invariant:\n        type: \"%s\"\n", inv->loop_head ? "loop_invariant" : "location_invariant");
    yaml_location(out, "        ", t, inv->loc.line, inv->loc.col, inv->func);
    fputs("        value: ", out);
    yaml_str(out, inv->expr);
    fputs("\n        format: \"c_expression\"\n", out);
  }
}

/* ---- entry points --------------------------------------------------------------------------------- */

bool witness_write_violation(const ir_module *m, const witness_task *t, prop_check violated, const evidence *v,
                             unsigned formats, const char *graphml_path, const char *yaml_path, char *err,
                             size_t errlen) {
  assert(violated < PROP_CHECK_COUNT);
  witness_path p;
  if (!witness_trace(m, t, violated, v, &p, err, errlen)) return false;
  metadata md;
  bool ok = metadata_make(t, 1u << violated, &md, err, errlen);
  if (ok && (formats & WITNESS_GRAPHML)) {
    FILE *f = open_out(graphml_path, err, errlen);
    ok = f != NULL;
    if (ok) {
      gml_violation(m, t, v, &p, &md, f);
      ok = close_out(f, graphml_path, err, errlen);
    }
  }
  if (ok && (formats & WITNESS_YAML)) {
    source_text src;
    FILE *f = NULL;
    if (!source_load(t->program, &src)) {
      snprintf(err, errlen, "witness: cannot read %s: %s", t->program, strerror(errno));
      ok = false;
    } else {
      f = open_out(yaml_path, err, errlen);
      ok = f != NULL;
      if (ok) {
        yaml_violation(m, t, v, &p, &md, &src, f);
        ok = close_out(f, yaml_path, err, errlen);
      }
      source_free(&src);
    }
  }
  metadata_free(&md);
  witness_path_free(&p);
  return ok;
}

bool witness_write_correctness(const ir_module *m, const witness_task *t, unsigned checks, const evidence *v,
                               unsigned formats, const char *graphml_path, const char *yaml_path, char *err,
                               size_t errlen) {
  (void)m;
  assert(checks != 0 && (checks & ~PROP_ALL_CHECKS) == 0);
  metadata md;
  if (!metadata_make(t, checks, &md, err, errlen)) return false;
  bool ok = true;
  if (formats & WITNESS_GRAPHML) {
    FILE *f = open_out(graphml_path, err, errlen);
    ok = f != NULL;
    if (ok) {
      gml_correctness(t, v, &md, f);
      ok = close_out(f, graphml_path, err, errlen);
    }
  }
  if (ok && (formats & WITNESS_YAML)) {
    FILE *f = open_out(yaml_path, err, errlen);
    ok = f != NULL;
    if (ok) {
      yaml_correctness(t, v, &md, f);
      ok = close_out(f, yaml_path, err, errlen);
    }
  }
  metadata_free(&md);
  return ok;
}
