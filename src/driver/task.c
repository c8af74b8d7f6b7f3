/* task: see task.h. A small reader for the YAML subset of SV-COMP task files:
 * first the text becomes a tree of nodes (scalar, mapping, sequence) by
 * indentation, then the task fields are read from the tree. */
#include "task.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"

typedef enum { Y_SCALAR, Y_MAP, Y_SEQ } ynode_kind;

typedef struct ynode ynode;
struct ynode {
  ynode_kind kind;
  char *scalar;         /* Y_SCALAR */
  size_t n;             /* entries of Y_MAP / Y_SEQ */
  char **keys;          /* Y_MAP */
  ynode **items;        /* values */
};

typedef struct {
  int indent;
  bool dash;   /* starts with "- " */
  char *key;   /* NULL if no "key:" */
  char *value; /* NULL if empty after "key:" or "-" */
  int lineno;
} yline;

typedef struct {
  yline *lines;
  size_t n, pos;
  char *err;
  size_t errlen;
  bool failed;
} yparser;

static void ynode_free(ynode *y) {
  if (!y) return;
  free(y->scalar);
  for (size_t i = 0; i < y->n; i++) {
    if (y->keys) free(y->keys[i]);
    ynode_free(y->items[i]);
  }
  free(y->keys);
  free(y->items);
  free(y);
}

static ynode *ynode_new(ynode_kind k) {
  ynode *y = xcalloc(1, sizeof *y);
  y->kind = k;
  return y;
}

static void ynode_add(ynode *y, char *key, ynode *item) {
  y->items = xrealloc(y->items, (y->n + 1) * sizeof *y->items);
  if (y->kind == Y_MAP) {
    y->keys = xrealloc(y->keys, (y->n + 1) * sizeof *y->keys);
    y->keys[y->n] = key;
  }
  y->items[y->n++] = item;
}

static bool yfail(yparser *p, int lineno, const char *msg) {
  if (!p->failed) snprintf(p->err, p->errlen, "line %d: %s", lineno, msg);
  p->failed = true;
  return false;
}

/* Strips a comment (a '#' at the start or after a blank, outside quotes) and
 * trailing blanks, in place. */
static void strip_comment(char *s) {
  char quote = 0;
  for (char *c = s; *c; c++) {
    if (quote) {
      if (*c == quote) quote = 0;
    } else if (*c == '\'' || *c == '"') {
      quote = *c;
    } else if (*c == '#' && (c == s || isspace((unsigned char)c[-1]))) {
      *c = 0;
      break;
    }
  }
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
}

/* Unquotes a scalar ('it''s', "a\"b", plain). */
static char *unquote(const char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) n--;
  if (n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n - 1] == s[0]) {
    char q = s[0];
    char *out = xmalloc(n);
    size_t k = 0;
    for (size_t i = 1; i + 1 < n; i++) {
      if (q == '\'' && s[i] == '\'' && s[i + 1] == '\'') i++;
      else if (q == '"' && s[i] == '\\' && i + 2 < n) i++;
      out[k++] = s[i];
    }
    out[k] = 0;
    return out;
  }
  return xstrndup(s, n);
}

/* Finds the ':' that ends a mapping key (followed by blank or end), outside quotes. */
static char *find_key_colon(char *s) {
  char quote = 0;
  for (char *c = s; *c; c++) {
    if (quote) {
      if (*c == quote) quote = 0;
    } else if (*c == '\'' || *c == '"') {
      quote = *c;
    } else if (*c == '[' || *c == '{') {
      return NULL;
    } else if (*c == ':' && (c[1] == 0 || isspace((unsigned char)c[1]))) {
      return c;
    }
  }
  return NULL;
}

static bool split_lines(yparser *p, char *text) {
  int lineno = 0;
  for (char *line = text; line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    lineno++;
    char *cur = line;
    line = nl ? nl + 1 : NULL;
    size_t len = strlen(cur);
    if (len && cur[len - 1] == '\r') cur[len - 1] = 0;
    strip_comment(cur);
    int indent = 0;
    while (cur[indent] == ' ') indent++;
    if (cur[indent] == '\t') return yfail(p, lineno, "tab used for indentation");
    char *s = cur + indent;
    if (!*s) continue;
    if (strcmp(s, "---") == 0 || strcmp(s, "...") == 0) continue;
    /* "- key: value" becomes a dash line and a key line one level deeper. */
    yline l = {indent, false, NULL, NULL, lineno};
    if (s[0] == '-' && (s[1] == 0 || s[1] == ' ')) {
      l.dash = true;
      s++;
      while (*s == ' ') s++;
      if (!*s) {
        p->lines = xrealloc(p->lines, (p->n + 1) * sizeof *p->lines);
        p->lines[p->n++] = l;
        continue;
      }
      char *colon = find_key_colon(s);
      if (!colon) {
        l.value = xstrdup(s);
        p->lines = xrealloc(p->lines, (p->n + 1) * sizeof *p->lines);
        p->lines[p->n++] = l;
        continue;
      }
      p->lines = xrealloc(p->lines, (p->n + 1) * sizeof *p->lines);
      p->lines[p->n++] = l;
      l.dash = false;
      l.indent = (int)(s - cur);
    }
    char *colon = find_key_colon(s);
    if (!colon) return yfail(p, lineno, "expected 'key: value'");
    *colon = 0;
    l.key = unquote(s);
    char *v = colon + 1;
    while (*v == ' ') v++;
    l.value = *v ? xstrdup(v) : NULL;
    p->lines = xrealloc(p->lines, (p->n + 1) * sizeof *p->lines);
    p->lines[p->n++] = l;
  }
  return true;
}

/* A scalar, or a flow sequence [a, b, c]. */
static ynode *parse_inline(const char *v) {
  while (isspace((unsigned char)*v)) v++;
  if (*v == '[') {
    ynode *seq = ynode_new(Y_SEQ);
    const char *c = v + 1;
    for (;;) {
      while (isspace((unsigned char)*c)) c++;
      if (*c == ']' || !*c) break;
      const char *start = c;
      char quote = 0;
      while (*c && (quote || (*c != ',' && *c != ']'))) {
        if (quote && *c == quote) quote = 0;
        else if (!quote && (*c == '\'' || *c == '"')) quote = *c;
        c++;
      }
      char *raw = xstrndup(start, (size_t)(c - start));
      ynode *item = ynode_new(Y_SCALAR);
      item->scalar = unquote(raw);
      free(raw);
      ynode_add(seq, NULL, item);
      if (*c == ',') c++;
    }
    return seq;
  }
  ynode *s = ynode_new(Y_SCALAR);
  s->scalar = unquote(v);
  return s;
}

static ynode *parse_block(yparser *p, int indent);

/* The value of a "key:" or "-" line: inline, or the deeper block that follows. */
static ynode *parse_value(yparser *p, const yline *l) {
  if (l->value) return parse_inline(l->value);
  if (p->pos < p->n && (p->lines[p->pos].indent > l->indent ||
                        (p->lines[p->pos].indent == l->indent && p->lines[p->pos].dash && l->key)))
    return parse_block(p, p->lines[p->pos].indent);
  ynode *empty = ynode_new(Y_SCALAR);
  empty->scalar = xstrdup("");
  return empty;
}

static ynode *parse_block(yparser *p, int indent) {
  bool is_seq = p->lines[p->pos].dash;
  ynode *node = ynode_new(is_seq ? Y_SEQ : Y_MAP);
  while (p->pos < p->n && !p->failed) {
    yline *l = &p->lines[p->pos];
    if (l->indent < indent) break;
    if (l->indent > indent || l->dash != is_seq) {
      yfail(p, l->lineno, "unexpected indentation");
      break;
    }
    p->pos++;
    if (is_seq) {
      ynode_add(node, NULL, parse_value(p, l));
    } else {
      ynode *value = parse_value(p, l);
      ynode_add(node, l->key, value);
      l->key = NULL; /* now owned by the node */
    }
  }
  return node;
}

static ynode *map_get(const ynode *m, const char *key) {
  if (!m || m->kind != Y_MAP) return NULL;
  for (size_t i = 0; i < m->n; i++)
    if (strcmp(m->keys[i], key) == 0) return m->items[i];
  return NULL;
}

static const char *scalar_of(const ynode *y) { return y && y->kind == Y_SCALAR ? y->scalar : NULL; }

static char *resolve(const char *dir, const char *rel) {
  if (rel[0] == '/' || !dir[0]) return xstrdup(rel);
  return xasprintf("%s/%s", dir, rel);
}

static char *basename_no_ext(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 4 && strcmp(b + n - 4, ".prp") == 0) n -= 4;
  return xstrndup(b, n);
}

static bool read_task(const ynode *root, const char *dir, task *t, char *err, size_t errlen) {
  if (!root || root->kind != Y_MAP) {
    snprintf(err, errlen, "not a task definition (expected a mapping)");
    return false;
  }
  const char *fv = scalar_of(map_get(root, "format_version"));
  t->format_version = xstrdup(fv ? fv : "");
  if (fv && strcmp(fv, "2.0") != 0 && strcmp(fv, "1.0") != 0) {
    snprintf(err, errlen, "unsupported format_version '%s'", fv);
    return false;
  }
  const ynode *in = map_get(root, "input_files");
  if (!in) {
    snprintf(err, errlen, "missing input_files");
    return false;
  }
  if (in->kind == Y_SCALAR) {
    t->inputs = xmalloc(sizeof *t->inputs);
    t->inputs[t->ninputs++] = resolve(dir, in->scalar);
  } else if (in->kind == Y_SEQ && in->n > 0) {
    t->inputs = xcalloc(in->n, sizeof *t->inputs);
    for (size_t i = 0; i < in->n; i++) {
      const char *s = scalar_of(in->items[i]);
      if (!s) {
        snprintf(err, errlen, "input_files: entry %zu is not a file name", i + 1);
        return false;
      }
      t->inputs[t->ninputs++] = resolve(dir, s);
    }
  } else {
    snprintf(err, errlen, "input_files must be a file name or a list of them");
    return false;
  }
  const ynode *props = map_get(root, "properties");
  if (!props || props->kind != Y_SEQ || props->n == 0) {
    snprintf(err, errlen, "missing or empty properties list");
    return false;
  }
  t->props = xcalloc(props->n, sizeof *t->props);
  for (size_t i = 0; i < props->n; i++) {
    const ynode *p = props->items[i];
    const char *file = scalar_of(map_get(p, "property_file"));
    if (!file || !*file) {
      snprintf(err, errlen, "properties: entry %zu has no property_file", i + 1);
      return false;
    }
    task_property *tp = &t->props[t->nprops++];
    tp->property_file = resolve(dir, file);
    tp->name = basename_no_ext(file);
    tp->expected = -1;
    const char *ev = scalar_of(map_get(p, "expected_verdict"));
    if (ev) {
      if (strcmp(ev, "true") == 0) tp->expected = 1;
      else if (strcmp(ev, "false") == 0) tp->expected = 0;
      else {
        snprintf(err, errlen, "properties: expected_verdict '%s' is neither true nor false", ev);
        return false;
      }
    }
    const char *sub = scalar_of(map_get(p, "subproperty"));
    if (sub) tp->subproperty = xstrdup(sub);
  }
  const ynode *opts = map_get(root, "options");
  const char *lang = scalar_of(map_get(opts, "language"));
  t->language = xstrdup(lang ? lang : "C");
  const char *dm = scalar_of(map_get(opts, "data_model"));
  t->ptr_bits = 64;
  if (dm) {
    if (strcmp(dm, "ILP32") == 0) t->ptr_bits = 32;
    else if (strcmp(dm, "LP64") != 0) {
      snprintf(err, errlen, "unknown data_model '%s' (expected ILP32 or LP64)", dm);
      return false;
    }
  }
  return true;
}

bool task_load(const char *path, task *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  t->path = xstrdup(path);
  char why[256];
  char *text = util_read_input(path, UTIL_INPUT_MAX, NULL, why, sizeof why);
  if (!text) {
    snprintf(err, errlen, "cannot read task file '%s': %s", path, why);
    return false;
  }
  yparser p = {0};
  char msg[256] = "";
  p.err = msg;
  p.errlen = sizeof msg;
  bool ok = split_lines(&p, text);
  ynode *root = NULL;
  if (ok && p.n == 0) {
    snprintf(msg, sizeof msg, "empty file");
    ok = false;
  }
  if (ok) {
    root = parse_block(&p, p.lines[0].indent);
    ok = !p.failed;
    if (ok && p.pos < p.n) ok = yfail(&p, p.lines[p.pos].lineno, "unexpected indentation");
  }
  if (ok) {
    const char *slash = strrchr(path, '/');
    char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
    if (slash == path) {
      free(dir);
      dir = xstrdup("/");
    }
    ok = read_task(root, dir, t, msg, sizeof msg);
    free(dir);
  }
  if (!ok) snprintf(err, errlen, "malformed task file '%s': %s", path, msg);
  for (size_t i = 0; i < p.n; i++) {
    free(p.lines[i].key);
    free(p.lines[i].value);
  }
  free(p.lines);
  ynode_free(root);
  free(text);
  return ok;
}

void task_free(task *t) {
  free(t->path);
  free(t->format_version);
  free(t->language);
  for (size_t i = 0; i < t->ninputs; i++) free(t->inputs[i]);
  free(t->inputs);
  for (size_t i = 0; i < t->nprops; i++) {
    free(t->props[i].property_file);
    free(t->props[i].name);
    free(t->props[i].subproperty);
  }
  free(t->props);
  memset(t, 0, sizeof *t);
}
