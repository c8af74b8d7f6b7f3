/* json: recursive descent over the grammar of RFC 8259 (contract in json.h). */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct {
  const char *p;
  const char *start;
  char *err;
  size_t errlen;
  bool failed;
} reader;

static unsigned line_of(const reader *r) {
  unsigned line = 1;
  for (const char *q = r->start; q < r->p; q++) line += *q == '\n';
  return line;
}

static void fail(reader *r, const char *what) {
  if (r->failed) return;
  r->failed = true;
  snprintf(r->err, r->errlen, "line %u: %s", line_of(r), what);
}

static void skip_ws(reader *r) {
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r') r->p++;
}

static int hex4(const char *s) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

static void put_utf8(strbuf *b, unsigned cp) {
  char out[4];
  size_t n;
  if (cp < 0x80) out[0] = (char)cp, n = 1;
  else if (cp < 0x800) out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
  else if (cp < 0x10000)
    out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
  else
    out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
  strbuf_append(b, out, n);
}

/* At the opening quote; returns the decoded string (heap) or NULL. */
static char *read_string(reader *r) {
  strbuf b = {0};
  r->p++;
  for (;;) {
    unsigned char c = (unsigned char)*r->p;
    if (c == '"') {
      r->p++;
      break;
    }
    if (c == 0 || c < 0x20) {
      fail(r, c == 0 ? "unterminated string" : "control character in a string");
      strbuf_free(&b);
      return NULL;
    }
    if (c != '\\') {
      strbuf_append(&b, r->p++, 1);
      continue;
    }
    char e = r->p[1];
    r->p += 2;
    switch (e) {
    case '"': strbuf_append(&b, "\"", 1); break;
    case '\\': strbuf_append(&b, "\\", 1); break;
    case '/': strbuf_append(&b, "/", 1); break;
    case 'b': strbuf_append(&b, "\b", 1); break;
    case 'f': strbuf_append(&b, "\f", 1); break;
    case 'n': strbuf_append(&b, "\n", 1); break;
    case 'r': strbuf_append(&b, "\r", 1); break;
    case 't': strbuf_append(&b, "\t", 1); break;
    case 'u': {
      int cp = hex4(r->p);
      if (cp < 0) {
        fail(r, "bad \\u escape");
        strbuf_free(&b);
        return NULL;
      }
      r->p += 4;
      unsigned u = (unsigned)cp;
      if (u >= 0xD800 && u < 0xDC00 && r->p[0] == '\\' && r->p[1] == 'u') {
        int lo = hex4(r->p + 2);
        if (lo >= 0xDC00 && lo < 0xE000) {
          u = 0x10000 + ((u - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
          r->p += 6;
        }
      }
      put_utf8(&b, u);
      break;
    }
    default:
      fail(r, "bad escape in a string");
      strbuf_free(&b);
      return NULL;
    }
  }
  if (!b.data) return xstrdup("");
  return b.data;
}

static json_value *new_value(json_kind k) {
  json_value *v = xcalloc(1, sizeof *v);
  v->kind = k;
  return v;
}

static json_value *read_value(reader *r, unsigned depth);

static json_value *read_container(reader *r, unsigned depth, bool object) {
  json_value *v = new_value(object ? JSON_OBJECT : JSON_ARRAY);
  VEC(json_value *) items = {0};
  VEC(char *) keys = {0};
  char close = object ? '}' : ']';
  r->p++;
  skip_ws(r);
  if (*r->p == close) {
    r->p++;
    return v;
  }
  for (;;) {
    skip_ws(r);
    if (object) {
      if (*r->p != '"') {
        fail(r, "expected a key string");
        break;
      }
      char *k = read_string(r);
      if (!k) break;
      VEC_PUSH(keys, k);
      skip_ws(r);
      if (*r->p != ':') {
        fail(r, "expected ':'");
        break;
      }
      r->p++;
    }
    json_value *item = read_value(r, depth + 1);
    if (!item) break;
    VEC_PUSH(items, item);
    skip_ws(r);
    if (*r->p == ',') {
      r->p++;
      continue;
    }
    if (*r->p == close) {
      r->p++;
      break;
    }
    fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
    break;
  }
  v->items = items.data;
  v->len = items.len;
  if (object) {
    v->keys = keys.data;
    if (keys.len != items.len) { /* a key without its value: the tree is dropped anyway */
      for (size_t i = items.len; i < keys.len; i++) free(keys.data[i]);
    }
  }
  if (r->failed) {
    json_free(v);
    return NULL;
  }
  return v;
}

static bool literal(reader *r, const char *word) {
  size_t n = strlen(word);
  if (strncmp(r->p, word, n) != 0) return false;
  r->p += n;
  return true;
}

static json_value *read_value(reader *r, unsigned depth) {
  if (depth > JSON_MAX_DEPTH) {
    fail(r, "nested too deeply");
    return NULL;
  }
  skip_ws(r);
  char c = *r->p;
  if (c == '{' || c == '[') return read_container(r, depth, c == '{');
  if (c == '"') {
    char *s = read_string(r);
    if (!s) return NULL;
    json_value *v = new_value(JSON_STRING);
    v->string = s;
    return v;
  }
  if (literal(r, "true") || literal(r, "false")) {
    json_value *v = new_value(JSON_BOOL);
    v->boolean = r->p[-1] == 'e' && r->p[-2] == 'u';
    return v;
  }
  if (literal(r, "null")) return new_value(JSON_NULL);
  if (c == '-' || (c >= '0' && c <= '9')) {
    char *end;
    double d = strtod(r->p, &end);
    if (end == r->p) {
      fail(r, "bad number");
      return NULL;
    }
    r->p = end;
    json_value *v = new_value(JSON_NUMBER);
    v->number = d;
    return v;
  }
  fail(r, c ? "unexpected character" : "unexpected end of input");
  return NULL;
}

json_value *json_parse(const char *text, char *err, size_t errlen) {
  reader r = {text, text, err, errlen, false};
  json_value *v = read_value(&r, 0);
  if (v) {
    skip_ws(&r);
    if (*r.p) {
      fail(&r, "text after the value");
      json_free(v);
      v = NULL;
    }
  }
  return v;
}

void json_free(json_value *v) {
  if (!v) return;
  for (size_t i = 0; i < v->len; i++) {
    json_free(v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->string);
  free(v);
}

const json_value *json_get(const json_value *obj, const char *key) {
  if (!obj || obj->kind != JSON_OBJECT) return NULL;
  for (size_t i = 0; i < obj->len; i++)
    if (strcmp(obj->keys[i], key) == 0) return obj->items[i];
  return NULL;
}

const char *json_get_string(const json_value *obj, const char *key) {
  const json_value *v = json_get(obj, key);
  return v && v->kind == JSON_STRING ? v->string : NULL;
}
