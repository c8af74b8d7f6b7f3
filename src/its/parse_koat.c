/* parse_koat.c: reader for the KoAT ITS format.
 *
 *   (GOAL COMPLEXITY|TERMINATION)
 *   (STARTTERM (FUNCTIONSYMBOLS f))
 *   (VAR x y z)
 *   (RULES
 *     f(x, y) -> g(x - 1, y) :|: x > 0 && y >= 0
 *     g(x, y) -{2}> Com_2(f(x, z), h(x, y)) [ z < x ]
 *   )
 * Sections in any order; GOAL optional. A rule is lhs -> rhs or lhs -{cost}>
 * rhs (the cost is skipped), then optionally a guard after ":|:" or in
 * [ ... ]. Left-hand sides are f(x1,...,xn) with distinct variables; every
 * symbol has the arity n of the first rule, whose variable names become the
 * ITS variable names (cleaned). Other variables are temporaries and must be
 * declared in VAR. Com_k(a1,...,ak) right-hand sides become k transitions
 * (its.h). Expressions: integers, variables, + - * ^ (constant exponent up
 * to 64), unary -, comparisons < <= > >= = == !=, && /\ || \/ !, TRUE,
 * FALSE, parentheses. */
#include <ctype.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

enum { T_END, T_ID, T_NUM, T_OP };

typedef struct {
  int kind;
  const char *s; /* not NUL-terminated */
  size_t len;
  int line;
} tok;

typedef struct {
  parse_state *p;
  its *s;
  VEC(tok) toks;
  size_t pos;
  int depth;
  VEC(const char *) vars; /* VAR section, NUL-terminated copies in the arena */
  bool have_vars;
  bool named; /* the ITS variables are known */
  VEC(const char *) loc_raw;
  /* per rule: raw name -> term */
  VEC(struct kbind { char *raw; smt_term t; }) bind;
} kr;

static const char *const ops[] = {":|:", "->", "-{", "}>", "&&", "||", "/\\", "\\/", "<=", ">=", "==", "!=",
                                  "(",   ")",  ",",  "+",  "-",  "*",  "^",   "<",   ">",  "=",  "!",  "[",
                                  "]",   "/",  "%",  "{",  "}"};

static bool tokenize(kr *r, const char *text) {
  int line = 1;
  const char *c = text;
  for (;;) {
    while (*c && (isspace((unsigned char)*c) || *c == '#')) {
      if (*c == '#') { /* comment to end of line */
        while (*c && *c != '\n') c++;
        continue;
      }
      if (*c == '\n') line++;
      c++;
    }
    tok t = {T_END, c, 0, line};
    if (!*c) {
      VEC_PUSH(r->toks, t);
      return true;
    }
    if (isalpha((unsigned char)*c) || *c == '_') {
      const char *b = c;
      while (isalnum((unsigned char)*c) || *c == '_' || *c == '\'' || *c == '.') c++;
      t.kind = T_ID;
      t.len = (size_t)(c - b);
    } else if (isdigit((unsigned char)*c)) {
      const char *b = c;
      while (isdigit((unsigned char)*c)) c++;
      t.kind = T_NUM;
      t.len = (size_t)(c - b);
    } else {
      size_t i;
      for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strncmp(c, ops[i], strlen(ops[i])) == 0) break;
      if (i == sizeof ops / sizeof ops[0]) return parse_fail(r->p, line, "unexpected character '%c'", *c);
      t.kind = T_OP;
      t.len = strlen(ops[i]);
      c += t.len;
    }
    VEC_PUSH(r->toks, t);
  }
}

static tok *cur(kr *r) { return &r->toks.data[r->pos]; }
static bool is_op(const tok *t, const char *op) { return t->kind == T_OP && t->len == strlen(op) && strncmp(t->s, op, t->len) == 0; }
static bool is_id(const tok *t, const char *id) { return t->kind == T_ID && t->len == strlen(id) && strncmp(t->s, id, t->len) == 0; }
static bool accept(kr *r, const char *op) {
  if (!is_op(cur(r), op)) return false;
  r->pos++;
  return true;
}
static bool expect(kr *r, const char *op) {
  if (accept(r, op)) return true;
  tok *t = cur(r);
  return parse_fail(r->p, t->line, "expected '%s' but found '%.*s'", op, t->kind == T_END ? 3 : (int)t->len,
                    t->kind == T_END ? "EOF" : t->s);
}
static char *tok_str(kr *r, const tok *t) { return arena_strndup(&r->p->mem, t->s, t->len); }

/* ---- expressions ------------------------------------------------------------- */
static smt_term expr_or(kr *r);

static smt_term need(kr *r, smt_term t, smt_sort s, int line) {
  if (!t) return SMT_NULL;
  if (smt_term_sort(r->p->ctx, t) != s) {
    parse_fail(r->p, line, "expected %s expression", s == SMT_SORT_INT ? "an integer" : "a Boolean");
    return SMT_NULL;
  }
  return t;
}

static smt_term var_term(kr *r, const tok *t) {
  for (size_t i = r->bind.len; i-- > 0;)
    if (strlen(r->bind.data[i].raw) == t->len && strncmp(r->bind.data[i].raw, t->s, t->len) == 0)
      return r->bind.data[i].t;
  char *raw = tok_str(r, t);
  if (r->have_vars) {
    bool decl = false;
    for (size_t i = 0; i < r->vars.len && !decl; i++) decl = strcmp(r->vars.data[i], raw) == 0;
    if (!decl) {
      parse_fail(r->p, t->line, "undeclared variable '%s'", raw);
      return SMT_NULL;
    }
  }
  /* a temporary: unique against the ITS variables and this rule's names */
  char *base = parse_clean_name(raw), *nm = xstrdup(base);
  for (unsigned k = 1;; k++) {
    bool clash = its_find_var(r->s, nm) != ITS_NONE;
    for (size_t i = 0; !clash && i < r->bind.len; i++)
      clash = strcmp(smt_term_name(r->p->ctx, r->bind.data[i].t), nm) == 0;
    if (!clash) break;
    free(nm);
    nm = xasprintf("%s_%u", base, k);
  }
  smt_term v = smt_mk_var(r->p->ctx, nm, SMT_SORT_INT);
  free(base);
  free(nm);
  struct kbind b = {raw, v};
  VEC_PUSH(r->bind, b);
  return v;
}

static smt_term expr_atom(kr *r) {
  tok *t = cur(r);
  smt_ctx *ctx = r->p->ctx;
  if (t->kind == T_NUM) {
    r->pos++;
    char *s = tok_str(r, t);
    mpz_t v;
    mpz_init_set_str(v, s, 10);
    smt_term x = smt_mk_int_mpz(ctx, v);
    mpz_clear(v);
    return x;
  }
  if (is_id(t, "TRUE") || is_id(t, "true")) {
    r->pos++;
    return SMT_TRUE;
  }
  if (is_id(t, "FALSE") || is_id(t, "false")) {
    r->pos++;
    return SMT_FALSE;
  }
  if (t->kind == T_ID) {
    r->pos++;
    if (is_op(cur(r), "(")) {
      parse_fail(r->p, t->line, "function application in an expression");
      return SMT_NULL;
    }
    return var_term(r, t);
  }
  if (is_op(t, "(")) {
    r->pos++;
    smt_term x = expr_or(r);
    if (!x || !expect(r, ")")) return SMT_NULL;
    return x;
  }
  parse_fail(r->p, t->line, "expected an expression but found '%.*s'", t->kind == T_END ? 3 : (int)t->len,
             t->kind == T_END ? "EOF" : t->s);
  return SMT_NULL;
}

static bool deeper(kr *r) {
  if (++r->depth > PARSE_MAX_DEPTH) return parse_fail(r->p, cur(r)->line, "expression nested deeper than %d", PARSE_MAX_DEPTH);
  return true;
}

static smt_term expr_unary(kr *r) {
  if (!deeper(r)) return SMT_NULL;
  smt_term x;
  int line = cur(r)->line;
  if (accept(r, "-")) {
    x = need(r, expr_unary(r), SMT_SORT_INT, line);
    if (x) x = smt_mk_int_neg(r->p->ctx, x);
  } else if (accept(r, "!")) {
    x = need(r, expr_unary(r), SMT_SORT_BOOL, line);
    if (x) x = smt_mk_not(r->p->ctx, x);
  } else {
    x = expr_atom(r);
    if (x && accept(r, "^")) {
      tok *e = cur(r);
      if (e->kind != T_NUM || e->len > 2 || atoi(tok_str(r, e)) > 64) {
        parse_fail(r->p, e->line, "exponent must be a constant up to 64");
        r->depth--;
        return SMT_NULL;
      }
      r->pos++;
      int k = atoi(tok_str(r, e));
      if (!need(r, x, SMT_SORT_INT, line)) x = SMT_NULL;
      if (x && k == 0) {
        x = smt_mk_int(r->p->ctx, 1);
      } else if (x) { /* one n-ary product: repeated binary products are slow in smt */
        smt_term f[64];
        for (int i = 0; i < k; i++) f[i] = x;
        x = smt_mk_int_mul(r->p->ctx, (uint32_t)k, f);
      }
    }
  }
  r->depth--;
  return x;
}

/* a * b * ...: one n-ary product (repeated binary products of sums are
 * slow in smt). */
static smt_term expr_prod(kr *r) {
  smt_term x = expr_unary(r);
  if (!x || !(is_op(cur(r), "*") || is_op(cur(r), "/") || is_op(cur(r), "%"))) return x;
  smt_term_vec f = {0};
  if (need(r, x, SMT_SORT_INT, cur(r)->line)) VEC_PUSH(f, x);
  while (f.len && (is_op(cur(r), "*") || is_op(cur(r), "/") || is_op(cur(r), "%"))) {
    tok *o = cur(r);
    if (!is_op(o, "*")) {
      parse_fail(r->p, o->line, "operator '%.*s' is not supported", (int)o->len, o->s);
      f.len = 0;
      break;
    }
    r->pos++;
    smt_term y = need(r, expr_unary(r), SMT_SORT_INT, o->line);
    if (!y) {
      f.len = 0;
      break;
    }
    VEC_PUSH(f, y);
  }
  x = f.len ? smt_mk_int_mul(r->p->ctx, (uint32_t)f.len, f.data) : SMT_NULL;
  VEC_FREE(f);
  return x;
}

static smt_term expr_sum(kr *r) {
  smt_term x = expr_prod(r);
  while (x && (is_op(cur(r), "+") || is_op(cur(r), "-"))) {
    bool plus = is_op(cur(r), "+");
    int line = cur(r)->line;
    r->pos++;
    smt_term y = need(r, expr_prod(r), SMT_SORT_INT, line);
    if (!need(r, x, SMT_SORT_INT, line) || !y) return SMT_NULL;
    x = plus ? smt_mk_int_add2(r->p->ctx, x, y) : smt_mk_int_sub(r->p->ctx, x, y);
  }
  return x;
}

static smt_term expr_rel(kr *r) {
  smt_term x = expr_sum(r);
  static const char *const rel[] = {"<=", ">=", "<", ">", "==", "=", "!="};
  for (size_t i = 0; x && i < sizeof rel / sizeof rel[0]; i++) {
    if (!is_op(cur(r), rel[i])) continue;
    int line = cur(r)->line;
    r->pos++;
    smt_term y = need(r, expr_sum(r), SMT_SORT_INT, line);
    if (!need(r, x, SMT_SORT_INT, line) || !y) return SMT_NULL;
    smt_ctx *c = r->p->ctx;
    switch (i) {
    case 0: return smt_mk_int_le(c, x, y);
    case 1: return smt_mk_int_ge(c, x, y);
    case 2: return smt_mk_int_lt(c, x, y);
    case 3: return smt_mk_int_gt(c, x, y);
    case 4:
    case 5: return smt_mk_eq(c, x, y);
    default: return smt_mk_not(c, smt_mk_eq(c, x, y));
    }
  }
  return x;
}

static smt_term expr_and(kr *r) {
  smt_term x = expr_rel(r);
  while (x && (is_op(cur(r), "&&") || is_op(cur(r), "/\\"))) {
    int line = cur(r)->line;
    r->pos++;
    smt_term y = need(r, expr_rel(r), SMT_SORT_BOOL, line);
    if (!need(r, x, SMT_SORT_BOOL, line) || !y) return SMT_NULL;
    x = smt_mk_and2(r->p->ctx, x, y);
  }
  return x;
}

static smt_term expr_or(kr *r) {
  if (!deeper(r)) return SMT_NULL;
  smt_term x = expr_and(r);
  while (x && (is_op(cur(r), "||") || is_op(cur(r), "\\/"))) {
    int line = cur(r)->line;
    r->pos++;
    smt_term y = need(r, expr_and(r), SMT_SORT_BOOL, line);
    if (!need(r, x, SMT_SORT_BOOL, line) || !y) {
      x = SMT_NULL;
      break;
    }
    x = smt_mk_or2(r->p->ctx, x, y);
  }
  r->depth--;
  return x;
}

/* ---- rules ------------------------------------------------------------------------ */
static uint32_t loc_index(kr *r, const tok *t) {
  char *raw = tok_str(r, t);
  for (size_t i = 0; i < r->loc_raw.len; i++)
    if (strcmp(r->loc_raw.data[i], raw) == 0) return (uint32_t)i;
  char *base = parse_clean_name(raw), *nm = xstrdup(base);
  for (unsigned k = 1; its_find_loc(r->s, nm) != ITS_NONE; k++) {
    free(nm);
    nm = xasprintf("%s_%u", base, k);
  }
  uint32_t l = its_add_loc(r->s, nm);
  free(base);
  free(nm);
  VEC_PUSH(r->loc_raw, raw);
  return l;
}

typedef struct {
  uint32_t loc;
  smt_term *args;
} app;

/* f(e1, ..., en); with lhs, the arguments must be distinct variables. */
static bool read_app(kr *r, bool lhs, app *out) {
  tok *f = cur(r);
  if (f->kind != T_ID) return parse_fail(r->p, f->line, "expected a function symbol");
  r->pos++;
  if (!expect(r, "(")) return false;
  smt_term_vec args = {0};
  VEC(tok *) names = {0};
  if (!is_op(cur(r), ")")) {
    do {
      tok *a = cur(r);
      if (lhs) {
        if (a->kind != T_ID || !(is_op(&r->toks.data[r->pos + 1], ",") || is_op(&r->toks.data[r->pos + 1], ")"))) {
          VEC_FREE(args);
          VEC_FREE(names);
          return parse_fail(r->p, a->line, "left-hand side arguments must be variables");
        }
        for (size_t i = 0; i < names.len; i++)
          if (names.data[i]->len == a->len && strncmp(names.data[i]->s, a->s, a->len) == 0) {
            VEC_FREE(args);
            VEC_FREE(names);
            return parse_fail(r->p, a->line, "variable '%.*s' twice in a left-hand side", (int)a->len, a->s);
          }
        VEC_PUSH(names, a);
        r->pos++;
        VEC_PUSH(args, SMT_NULL);
      } else {
        smt_term x = need(r, expr_or(r), SMT_SORT_INT, a->line);
        if (!x) {
          VEC_FREE(args);
          VEC_FREE(names);
          return false;
        }
        VEC_PUSH(args, x);
      }
    } while (accept(r, ","));
  }
  if (!expect(r, ")")) {
    VEC_FREE(args);
    VEC_FREE(names);
    return false;
  }
  if (lhs && !r->named) {
    r->named = true;
    /* the first rule names the variables */
    for (size_t i = 0; i < names.len; i++) {
      char *raw = tok_str(r, names.data[i]), *base = parse_clean_name(raw), *nm = xstrdup(base);
      for (unsigned k = 1; its_find_var(r->s, nm) != ITS_NONE; k++) {
        free(nm);
        nm = xasprintf("%s_%u", base, k);
      }
      its_add_var(r->s, nm);
      free(base);
      free(nm);
    }
  }
  size_t n = lhs ? names.len : args.len;
  if (n != r->s->nvars) {
    VEC_FREE(args);
    VEC_FREE(names);
    return parse_fail(r->p, f->line, "'%.*s' has %zu arguments, expected %u", (int)f->len, f->s, n, r->s->nvars);
  }
  if (lhs)
    for (size_t i = 0; i < names.len; i++) {
      struct kbind b = {tok_str(r, names.data[i]), r->s->pre[i]};
      VEC_PUSH(r->bind, b);
    }
  out->loc = loc_index(r, f);
  out->args = args.data;
  VEC_FREE(names);
  return true;
}

static bool read_rule(kr *r) {
  r->bind.len = 0;
  app l = {0};
  if (!read_app(r, true, &l)) return false;
  free(l.args);
  if (accept(r, "-{")) {
    while (cur(r)->kind != T_END && !is_op(cur(r), "}>")) r->pos++;
    if (!expect(r, "}>")) return false;
  } else if (!expect(r, "->")) {
    return false;
  }
  VEC(app) rhs = {0};
  bool ok = true;
  tok *f = cur(r);
  if (f->kind == T_ID && f->len > 4 && strncmp(f->s, "Com_", 4) == 0) {
    r->pos++;
    ok = expect(r, "(");
    if (ok && !is_op(cur(r), ")")) do {
        app a = {0};
        ok = read_app(r, false, &a);
        if (ok) VEC_PUSH(rhs, a);
      } while (ok && accept(r, ","));
    ok = ok && expect(r, ")");
  } else {
    app a = {0};
    ok = read_app(r, false, &a);
    if (ok) VEC_PUSH(rhs, a);
  }
  smt_term guard = SMT_TRUE;
  if (ok && (accept(r, ":|:") || is_op(cur(r), "["))) {
    bool bracket = accept(r, "[");
    int line = cur(r)->line;
    guard = need(r, expr_or(r), SMT_SORT_BOOL, line);
    ok = guard && (!bracket || expect(r, "]"));
  }
  for (size_t i = 0; i < rhs.len; i++) {
    if (ok) its_add_trans(r->s, l.loc, rhs.data[i].loc, guard, rhs.data[i].args);
    free(rhs.data[i].args);
  }
  VEC_FREE(rhs);
  return ok;
}

static bool read_file(kr *r) {
  bool have_rules = false;
  while (accept(r, "(")) {
    tok *h = cur(r);
    if (h->kind != T_ID) return parse_fail(r->p, h->line, "expected a section name");
    r->pos++;
    if (is_id(h, "GOAL")) {
      if (cur(r)->kind != T_ID) return parse_fail(r->p, h->line, "expected a goal");
      r->pos++;
    } else if (is_id(h, "STARTTERM")) {
      if (!expect(r, "(")) return false;
      if (!is_id(cur(r), "FUNCTIONSYMBOLS")) return parse_fail(r->p, cur(r)->line, "expected (FUNCTIONSYMBOLS f)");
      r->pos++;
      if (cur(r)->kind != T_ID) return parse_fail(r->p, cur(r)->line, "expected the start symbol");
      its_set_start(r->s, loc_index(r, cur(r)));
      r->pos++;
      if (!expect(r, ")")) return false;
    } else if (is_id(h, "VAR")) {
      r->have_vars = true;
      while (cur(r)->kind == T_ID) {
        VEC_PUSH(r->vars, tok_str(r, cur(r)));
        r->pos++;
      }
    } else if (is_id(h, "RULES")) {
      if (r->s->start == ITS_NONE) return parse_fail(r->p, h->line, "RULES before STARTTERM");
      have_rules = true;
      while (cur(r)->kind == T_ID)
        if (!read_rule(r)) return false;
    } else {
      return parse_fail(r->p, h->line, "unknown section '%.*s'", (int)h->len, h->s);
    }
    if (!expect(r, ")")) return false;
  }
  if (cur(r)->kind != T_END) return parse_fail(r->p, cur(r)->line, "expected '(' or end of file");
  if (!have_rules) return parse_fail(r->p, cur(r)->line, "no RULES section");
  return true;
}

its *its_parse_koat(smt_ctx *ctx, const char *text, char *err, size_t errlen) {
  parse_state p;
  parse_init(&p, ctx, err, errlen);
  kr r = {0};
  r.p = &p;
  r.s = its_new(ctx);
  bool ok = tokenize(&r, text) && read_file(&r);
  if (ok) {
    char msg[200];
    if (!its_validate(r.s, msg, sizeof msg)) ok = parse_fail(&p, 1, "%s", msg);
  }
  VEC_FREE(r.toks);
  VEC_FREE(r.vars);
  VEC_FREE(r.loc_raw);
  VEC_FREE(r.bind);
  parse_fini(&p);
  if (!ok) {
    its_free(r.s);
    return NULL;
  }
  return r.s;
}
