/* parse_sexp.c: S-expressions and SMT-LIB Int/Bool terms for the ITS
 * readers (parse_internal.h).
 *
 * Contract: never crashes or hangs on any input. Nesting deeper than
 * PARSE_MAX_DEPTH is an error; memory is linear in the input size. */
#include <ctype.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

void parse_init(parse_state *p, smt_ctx *ctx, char *err, size_t errlen) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->err = err;
  p->errlen = errlen;
  arena_init(&p->mem);
  if (err && errlen) err[0] = 0;
}

void parse_fini(parse_state *p) {
  arena_free(&p->mem);
  VEC_FREE(p->env);
}

bool parse_fail(parse_state *p, int line, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  if (!p->err || !p->errlen) return false;
  int k = snprintf(p->err, p->errlen, "line %d: ", line);
  if (k >= 0 && (size_t)k < p->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err + k, p->errlen - (size_t)k, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* ---- reader ---------------------------------------------------------------- */
typedef struct {
  parse_state *p;
  const char *s;
  int line;
} reader;

static void skip_space(reader *r) {
  for (;;) {
    char c = *r->s;
    if (c == '\n') {
      r->line++;
      r->s++;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      r->s++;
    } else if (c == ';') {
      while (*r->s && *r->s != '\n') r->s++;
    } else {
      return;
    }
  }
}

static sx *read_sx(reader *r, int depth);

static sx *read_list(reader *r, int depth) {
  int line = r->line;
  if (depth > PARSE_MAX_DEPTH) {
    parse_fail(r->p, line, "nesting deeper than %d", PARSE_MAX_DEPTH);
    return NULL;
  }
  r->s++; /* '(' */
  VEC(sx *) kids = {0};
  for (;;) {
    skip_space(r);
    if (*r->s == 0) {
      VEC_FREE(kids);
      parse_fail(r->p, line, "unbalanced parenthesis");
      return NULL;
    }
    if (*r->s == ')') {
      r->s++;
      break;
    }
    sx *k = read_sx(r, depth + 1);
    if (!k) {
      VEC_FREE(kids);
      return NULL;
    }
    VEC_PUSH(kids, k);
  }
  sx *e = arena_alloc(&r->p->mem, sizeof *e);
  e->line = line;
  e->n = (uint32_t)kids.len;
  e->kids = kids.len ? arena_memdup(&r->p->mem, kids.data, kids.len * sizeof *kids.data) : NULL;
  VEC_FREE(kids);
  return e;
}

static sx *read_sx(reader *r, int depth) {
  skip_space(r);
  int line = r->line;
  const char *b = r->s;
  if (*b == '(') return read_list(r, depth);
  if (*b == ')') {
    parse_fail(r->p, line, "unexpected ')'");
    return NULL;
  }
  sx *e = arena_alloc(&r->p->mem, sizeof *e);
  e->line = line;
  if (*b == '|' || *b == '"') {
    char q = *b;
    const char *c = b + 1;
    while (*c && *c != q) {
      if (*c == '\n') r->line++;
      c++;
    }
    if (!*c) {
      parse_fail(r->p, line, "unterminated %s", q == '|' ? "quoted symbol" : "string");
      return NULL;
    }
    e->atom = q == '|' ? arena_strndup(&r->p->mem, b + 1, (size_t)(c - b - 1))
                       : arena_strndup(&r->p->mem, b, (size_t)(c - b + 1));
    r->s = c + 1;
    return e;
  }
  const char *c = b;
  while (*c && !isspace((unsigned char)*c) && *c != '(' && *c != ')' && *c != ';' && *c != '|' && *c != '"') c++;
  e->atom = arena_strndup(&r->p->mem, b, (size_t)(c - b));
  r->s = c;
  return e;
}

sx *parse_sexps(parse_state *p, const char *text) {
  reader r = {p, text, 1};
  VEC(sx *) top = {0};
  for (;;) {
    skip_space(&r);
    if (!*r.s) break;
    sx *e = read_sx(&r, 1);
    if (!e) {
      VEC_FREE(top);
      return NULL;
    }
    VEC_PUSH(top, e);
  }
  sx *l = arena_alloc(&p->mem, sizeof *l);
  l->line = 1;
  l->n = (uint32_t)top.len;
  l->kids = top.len ? arena_memdup(&p->mem, top.data, top.len * sizeof *top.data) : NULL;
  VEC_FREE(top);
  return l;
}

/* ---- environment -------------------------------------------------------------- */
void parse_bind(parse_state *p, const char *name, smt_term t) {
  struct parse_binding b = {name, t};
  VEC_PUSH(p->env, b);
}

smt_term parse_lookup(const parse_state *p, const char *name) {
  for (size_t i = p->env.len; i-- > 0;)
    if (strcmp(p->env.data[i].name, name) == 0) return p->env.data[i].term;
  return SMT_NULL;
}

/* ---- terms ---------------------------------------------------------------------- */
static bool is_numeral(const char *a) {
  const char *c = a;
  if (*c == '-' && c[1]) c++;
  if (!*c) return false;
  for (; *c; c++)
    if (!isdigit((unsigned char)*c)) return false;
  return true;
}

static smt_sort sort_of(parse_state *p, smt_term t) { return smt_term_sort(p->ctx, t); }

/* Converts the arguments e->kids[1..]; all of sort `want` (0: any). */
static bool conv_args(parse_state *p, const sx *e, int depth, smt_sort want, smt_term *out) {
  for (uint32_t i = 1; i < e->n; i++) {
    out[i - 1] = parse_term(p, e->kids[i], depth + 1);
    if (!out[i - 1]) return false;
    if (want && sort_of(p, out[i - 1]) != want)
      return parse_fail(p, e->kids[i]->line, "argument %u of '%s' must be %s", i, e->kids[0]->atom,
                        want == SMT_SORT_INT ? "Int" : "Bool");
  }
  return true;
}

static smt_term term_let(parse_state *p, const sx *e, int depth) {
  if (e->n != 3 || e->kids[1]->atom) {
    parse_fail(p, e->line, "malformed let");
    return SMT_NULL;
  }
  const sx *bs = e->kids[1];
  smt_term *vals = xmalloc((bs->n ? bs->n : 1) * sizeof *vals);
  for (uint32_t i = 0; i < bs->n; i++) {
    const sx *b = bs->kids[i];
    if (b->atom || b->n != 2 || !b->kids[0]->atom) {
      free(vals);
      parse_fail(p, b->line, "malformed let binding");
      return SMT_NULL;
    }
    vals[i] = parse_term(p, b->kids[1], depth + 1);
    if (!vals[i]) {
      free(vals);
      return SMT_NULL;
    }
  }
  size_t mark = p->env.len;
  for (uint32_t i = 0; i < bs->n; i++) parse_bind(p, bs->kids[i]->kids[0]->atom, vals[i]);
  free(vals);
  smt_term r = parse_term(p, e->kids[2], depth + 1);
  p->env.len = mark;
  return r;
}

/* Factors of nested products, collected into one list. */
static bool collect_factors(parse_state *p, const sx *e, int depth, smt_term_vec *out) {
  for (uint32_t i = 1; i < e->n; i++) {
    const sx *k = e->kids[i];
    if (sx_head(k) && strcmp(sx_head(k), "*") == 0 && k->n >= 2) {
      if (depth > PARSE_MAX_DEPTH) return parse_fail(p, k->line, "term nested deeper than %d", PARSE_MAX_DEPTH);
      if (!collect_factors(p, k, depth + 1, out)) return false;
      continue;
    }
    smt_term t = parse_term(p, k, depth + 1);
    if (!t) return false;
    if (!smt_sort_is_int(sort_of(p, t))) return parse_fail(p, k->line, "argument %u of '*' must be Int", i);
    VEC_PUSH(*out, t);
  }
  return true;
}

/* (* a b ...), nested products flattened: one n-ary product is built at
 * once, because repeated binary products of sums are slow in smt. */
static smt_term term_product(parse_state *p, const sx *e, int depth) {
  smt_term_vec f = {0};
  smt_term r = collect_factors(p, e, depth, &f) ? smt_mk_int_mul(p->ctx, (uint32_t)f.len, f.data) : SMT_NULL;
  VEC_FREE(f);
  return r;
}

smt_term parse_term(parse_state *p, const sx *e, int depth) {
  smt_ctx *ctx = p->ctx;
  if (p->failed) return SMT_NULL;
  if (depth > PARSE_MAX_DEPTH) {
    parse_fail(p, e->line, "term nested deeper than %d", PARSE_MAX_DEPTH);
    return SMT_NULL;
  }
  if (e->atom) {
    smt_term t = parse_lookup(p, e->atom);
    if (t) return t;
    if (strcmp(e->atom, "true") == 0) return SMT_TRUE;
    if (strcmp(e->atom, "false") == 0) return SMT_FALSE;
    if (is_numeral(e->atom)) {
      mpz_t v;
      mpz_init_set_str(v, e->atom, 10);
      t = smt_mk_int_mpz(ctx, v);
      mpz_clear(v);
      return t;
    }
    parse_fail(p, e->line, "unknown symbol '%s'", e->atom);
    return SMT_NULL;
  }
  const char *op = sx_head(e);
  if (!op) {
    parse_fail(p, e->line, "expected an operator");
    return SMT_NULL;
  }
  if (strcmp(op, "let") == 0) return term_let(p, e, depth);
  if (strcmp(op, "exists") == 0 || strcmp(op, "forall") == 0) {
    parse_fail(p, e->line, "quantifier '%s' here is not supported (only exists at the top of a transition)", op);
    return SMT_NULL;
  }
  uint32_t n = e->n - 1;
  static const struct {
    const char *name;
    int kind;
    smt_sort arg, min;
  } ops[] = {
      {"+", SMT_INT_ADD, SMT_SORT_INT, 1},   {"-", SMT_INT_SUB, SMT_SORT_INT, 1},
      {"*", SMT_INT_MUL, SMT_SORT_INT, 1},   {"div", SMT_INT_DIV, SMT_SORT_INT, 2},
      {"mod", SMT_INT_MOD, SMT_SORT_INT, 2}, {"abs", SMT_INT_NEG, SMT_SORT_INT, 1},
      {"<=", SMT_INT_LE, SMT_SORT_INT, 2},   {"<", SMT_INT_LT, SMT_SORT_INT, 2},
      {">=", SMT_INT_GE, SMT_SORT_INT, 2},   {">", SMT_INT_GT, SMT_SORT_INT, 2},
      {"and", SMT_AND, SMT_SORT_BOOL, 0},    {"or", SMT_OR, SMT_SORT_BOOL, 0},
      {"not", SMT_NOT, SMT_SORT_BOOL, 1},    {"=>", SMT_IMPLIES, SMT_SORT_BOOL, 2},
      {"xor", SMT_XOR, SMT_SORT_BOOL, 2},    {"=", SMT_EQ, 0, 2},
      {"distinct", SMT_KIND_NONE, 0, 2},     {"ite", SMT_ITE, 0, 3},
  };
  int which = -1;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(op, ops[i].name) == 0) which = (int)i;
  if (which < 0) {
    parse_fail(p, e->line, "unknown operator '%s'", op);
    return SMT_NULL;
  }
  if (n < ops[which].min) {
    parse_fail(p, e->line, "'%s' needs at least %u arguments", op, (unsigned)ops[which].min);
    return SMT_NULL;
  }
  int kind = ops[which].kind;
  if ((kind == SMT_NOT || strcmp(op, "abs") == 0) && n != 1) {
    parse_fail(p, e->line, "'%s' takes one argument", op);
    return SMT_NULL;
  }
  if ((kind == SMT_ITE && n != 3) || ((kind == SMT_INT_DIV || kind == SMT_INT_MOD) && n != 2)) {
    parse_fail(p, e->line, "wrong number of arguments to '%s'", op);
    return SMT_NULL;
  }
  if (kind == SMT_INT_MUL) return term_product(p, e, depth);
  smt_term *a = xmalloc((n ? n : 1) * sizeof *a);
  smt_term r = SMT_NULL;
  if (!conv_args(p, e, depth, ops[which].arg, a)) goto out;
  if (kind == SMT_ITE) {
    if (sort_of(p, a[0]) != SMT_SORT_BOOL || sort_of(p, a[1]) != sort_of(p, a[2])) {
      parse_fail(p, e->line, "ill-sorted ite");
      goto out;
    }
    r = smt_mk_ite(ctx, a[0], a[1], a[2]);
    goto out;
  }
  if (kind == SMT_EQ || kind == SMT_KIND_NONE) {
    for (uint32_t i = 1; i < n; i++)
      if (sort_of(p, a[i]) != sort_of(p, a[0])) {
        parse_fail(p, e->line, "'%s' of different sorts", op);
        goto out;
      }
    if (kind == SMT_EQ) { /* chainable */
      r = SMT_TRUE;
      for (uint32_t i = 1; i < n; i++) r = smt_mk_and2(ctx, r, smt_mk_eq(ctx, a[i - 1], a[i]));
    } else { /* pairwise distinct */
      r = SMT_TRUE;
      for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) r = smt_mk_and2(ctx, r, smt_mk_not(ctx, smt_mk_eq(ctx, a[i], a[j])));
    }
    goto out;
  }
  switch (kind) {
  case SMT_INT_ADD: r = smt_mk_int_add(ctx, n, a); break;
  case SMT_INT_MUL: r = smt_mk_int_mul(ctx, n, a); break;
  case SMT_INT_SUB:
    if (n == 1) {
      r = smt_mk_int_neg(ctx, a[0]);
    } else {
      r = a[0];
      for (uint32_t i = 1; i < n; i++) r = smt_mk_int_sub(ctx, r, a[i]);
    }
    break;
  case SMT_INT_DIV: r = smt_mk_int_div(ctx, a[0], a[1]); break;
  case SMT_INT_MOD: r = smt_mk_int_mod(ctx, a[0], a[1]); break;
  case SMT_INT_NEG: /* abs */
    r = smt_mk_ite(ctx, smt_mk_int_ge(ctx, a[0], smt_mk_int(ctx, 0)), a[0], smt_mk_int_neg(ctx, a[0]));
    break;
  case SMT_INT_LE:
  case SMT_INT_LT:
  case SMT_INT_GE:
  case SMT_INT_GT: /* chainable */
    r = SMT_TRUE;
    for (uint32_t i = 1; i < n; i++) {
      smt_term c = kind == SMT_INT_LE   ? smt_mk_int_le(ctx, a[i - 1], a[i])
                   : kind == SMT_INT_LT ? smt_mk_int_lt(ctx, a[i - 1], a[i])
                   : kind == SMT_INT_GE ? smt_mk_int_ge(ctx, a[i - 1], a[i])
                                        : smt_mk_int_gt(ctx, a[i - 1], a[i]);
      r = smt_mk_and2(ctx, r, c);
    }
    break;
  case SMT_AND: r = smt_mk_and(ctx, n, a); break;
  case SMT_OR: r = smt_mk_or(ctx, n, a); break;
  case SMT_NOT: r = smt_mk_not(ctx, a[0]); break;
  case SMT_IMPLIES: r = smt_mk_implies(ctx, a[0], a[1]); break;
  case SMT_XOR: r = smt_mk_xor(ctx, a[0], a[1]); break;
  default: break;
  }
out:
  free(a);
  return r;
}

char *parse_clean_name(const char *raw) {
  strbuf b = {0};
  if (!*raw || isdigit((unsigned char)raw[0])) strbuf_append(&b, "v", 1);
  for (const char *c = raw; *c; c++) {
    if (isalnum((unsigned char)*c) || *c == '_')
      strbuf_append(&b, c, 1);
    else if (*c == '\'')
      strbuf_append(&b, "_p", 2);
    else
      strbuf_append(&b, "_", 1);
  }
  return b.data;
}
