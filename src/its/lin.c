/* lin: linear transition relations (lin.h): construction, text parser,
 * translation into smt terms, printing. */
#include "lin.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/build.h"

/* ---- construction ------------------------------------------------------ */

static char **copy_names(uint32_t n, const char *const *names, const char *prefix) {
  char **out = xcalloc(n ? n : 1, sizeof *out);
  for (uint32_t i = 0; i < n; i++)
    out[i] = names && names[i] ? xstrdup(names[i]) : xasprintf("%s%u", prefix, i);
  return out;
}

static void free_names(uint32_t n, char **names) {
  for (uint32_t i = 0; i < n; i++) free(names[i]);
  free(names);
}

lin_scc *lin_scc_new(uint32_t nvars, const char *const *var_names, uint32_t nlocs,
                     const char *const *loc_names) {
  lin_scc *scc = xcalloc(1, sizeof *scc);
  scc->nvars = nvars;
  scc->nlocs = nlocs;
  scc->var_names = copy_names(nvars, var_names, "x");
  scc->loc_names = copy_names(nlocs, loc_names, "l");
  return scc;
}

static void atom_free(lin_atom *at, uint32_t size) {
  for (uint32_t i = 0; i < size; i++) mpz_clear(at->a[i]);
  free(at->a);
}

static void trans_free(lin_scc *scc, lin_trans *t) {
  uint32_t size = 2 * scc->nvars + t->ntemps + 1;
  for (size_t i = 0; i < t->atoms.len; i++) atom_free(&t->atoms.data[i], size);
  VEC_FREE(t->atoms);
  free_names(t->ntemps, t->temp_names);
}

void lin_scc_free(lin_scc *scc) {
  if (!scc) return;
  for (size_t k = 0; k < scc->trans.len; k++) trans_free(scc, &scc->trans.data[k]);
  VEC_FREE(scc->trans);
  free_names(scc->nvars, scc->var_names);
  free_names(scc->nlocs, scc->loc_names);
  free(scc);
}

uint32_t lin_scc_add_trans(lin_scc *scc, uint32_t from, uint32_t to, uint32_t ntemps) {
  if (from >= scc->nlocs || to >= scc->nlocs) {
    fprintf(stderr, "lin_scc_add_trans: location out of range\n");
    abort();
  }
  lin_trans t;
  memset(&t, 0, sizeof t);
  t.from = from;
  t.to = to;
  t.ntemps = ntemps;
  t.temp_names = copy_names(ntemps, NULL, "t");
  VEC_PUSH(scc->trans, t);
  return (uint32_t)(scc->trans.len - 1);
}

static lin_atom *new_atom(lin_scc *scc, uint32_t k, lin_rel rel) {
  uint32_t size = lin_trans_width(scc, k) + 1;
  lin_atom at;
  at.rel = rel;
  at.a = xmalloc(size * sizeof *at.a);
  for (uint32_t i = 0; i < size; i++) mpz_init(at.a[i]);
  VEC_PUSH(scc->trans.data[k].atoms, at);
  return &scc->trans.data[k].atoms.data[scc->trans.data[k].atoms.len - 1];
}

void lin_trans_add_atom(lin_scc *scc, uint32_t k, lin_rel rel, mpz_srcptr const *coef) {
  uint32_t size = lin_trans_width(scc, k) + 1;
  lin_atom *at = new_atom(scc, k, rel);
  for (uint32_t i = 0; i < size; i++)
    if (coef[i]) mpz_set(at->a[i], coef[i]);
}

void lin_trans_add_atom_si(lin_scc *scc, uint32_t k, lin_rel rel, const int64_t *coef) {
  uint32_t size = lin_trans_width(scc, k) + 1;
  lin_atom *at = new_atom(scc, k, rel);
  /* mpz_set_si takes a long; go through a decimal string where long is narrower. */
  for (uint32_t i = 0; i < size; i++) {
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)coef[i]);
    mpz_set_str(at->a[i], buf, 10);
  }
}

/* ---- text parser ----------------------------------------------------------- */

typedef struct {
  const char *s;
  size_t pos;
  char *err;
  const lin_scc *scc;
  VEC(char *) temps;
} parser;

static void skip_ws(parser *p) {
  while (isspace((unsigned char)p->s[p->pos])) p->pos++;
}

static bool ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.'; }

static int64_t find_var(const lin_scc *scc, const char *name, size_t len) {
  for (uint32_t i = 0; i < scc->nvars; i++)
    if (strlen(scc->var_names[i]) == len && memcmp(scc->var_names[i], name, len) == 0) return i;
  return -1;
}

static int64_t find_temp(const parser *p, const char *name, size_t len) {
  for (size_t i = 0; i < p->temps.len; i++)
    if (strlen(p->temps.data[i]) == len && memcmp(p->temps.data[i], name, len) == 0)
      return (int64_t)i;
  return -1;
}

/* First pass: every unprimed identifier that is not a variable (and not the
 * keyword "true") is a temporary, numbered in order of appearance. */
static void collect_temps(parser *p) {
  const char *s = p->s;
  for (size_t i = 0; s[i];) {
    if (ident_start(s[i]) && (i == 0 || !ident_char(s[i - 1]))) {
      size_t j = i;
      while (ident_char(s[j])) j++;
      bool primed = s[j] == '\'';
      bool kw = j - i == 4 && memcmp(s + i, "true", 4) == 0;
      if (!primed && !kw && find_var(p->scc, s + i, j - i) < 0 && find_temp(p, s + i, j - i) < 0)
        VEC_PUSH(p->temps, xstrndup(s + i, j - i));
      i = j;
    } else {
      i++;
    }
  }
}

/* Parses a sum of terms into v (size 2n + m + 1), multiplied by sign. */
static bool parse_expr(parser *p, mpz_t *v, int sign) {
  uint32_t n = p->scc->nvars, m = (uint32_t)p->temps.len;
  bool first = true;
  mpz_t num;
  mpz_init(num);
  for (;;) {
    skip_ws(p);
    int s = sign;
    char c = p->s[p->pos];
    if (c == '+' || c == '-') {
      if (c == '-') s = -s;
      p->pos++;
      skip_ws(p);
    } else if (!first) {
      break;
    }
    first = false;
    c = p->s[p->pos];
    bool have_num = false;
    mpz_set_si(num, s);
    if (isdigit((unsigned char)c)) {
      size_t st = p->pos;
      while (isdigit((unsigned char)p->s[p->pos])) p->pos++;
      char *digits = xstrndup(p->s + st, p->pos - st);
      mpz_t d;
      mpz_init_set_str(d, digits, 10);
      mpz_mul(num, num, d);
      mpz_clear(d);
      free(digits);
      have_num = true;
      skip_ws(p);
      if (p->s[p->pos] != '*') {
        mpz_add(v[2 * n + m], v[2 * n + m], num);
        continue;
      }
      p->pos++;
      skip_ws(p);
      c = p->s[p->pos];
    }
    if (!ident_start(c)) {
      p->err = xasprintf("expected %s at offset %zu", have_num ? "a variable" : "a term", p->pos);
      mpz_clear(num);
      return false;
    }
    size_t st = p->pos;
    while (ident_char(p->s[p->pos])) p->pos++;
    size_t len = p->pos - st;
    bool primed = p->s[p->pos] == '\'';
    if (primed) p->pos++;
    int64_t idx = find_var(p->scc, p->s + st, len);
    uint32_t slot;
    if (idx >= 0) {
      slot = (uint32_t)idx + (primed ? n : 0);
    } else if (!primed && (idx = find_temp(p, p->s + st, len)) >= 0) {
      slot = 2 * n + (uint32_t)idx;
    } else {
      p->err = xasprintf("unknown primed variable at offset %zu", st);
      mpz_clear(num);
      return false;
    }
    mpz_add(v[slot], v[slot], num);
  }
  mpz_clear(num);
  return true;
}

uint32_t lin_scc_add_text(lin_scc *scc, uint32_t from, uint32_t to, const char *text, char **err) {
  parser p;
  memset(&p, 0, sizeof p);
  p.s = text;
  p.scc = scc;
  collect_temps(&p);
  uint32_t n = scc->nvars, m = (uint32_t)p.temps.len, size = 2 * n + m + 1;
  VEC(lin_atom) atoms = {0};
  mpz_t *rhs = xmalloc(size * sizeof *rhs);
  for (uint32_t i = 0; i < size; i++) mpz_init(rhs[i]);
  bool ok = true;
  skip_ws(&p);
  if (strncmp(p.s + p.pos, "true", 4) == 0 && !ident_char(p.s[p.pos + 4])) p.pos += 4;
  skip_ws(&p);
  while (ok && p.s[p.pos]) {
    lin_atom at;
    at.a = xmalloc(size * sizeof *at.a);
    for (uint32_t i = 0; i < size; i++) {
      mpz_init(at.a[i]);
      mpz_set_ui(rhs[i], 0);
    }
    ok = parse_expr(&p, at.a, 1);
    const char *r = p.s + p.pos;
    int kind = -1; /* 0 <=, 1 <, 2 >=, 3 >, 4 = */
    if (ok) {
      if (r[0] == '<' && r[1] == '=') kind = 0, p.pos += 2;
      else if (r[0] == '<') kind = 1, p.pos += 1;
      else if (r[0] == '>' && r[1] == '=') kind = 2, p.pos += 2;
      else if (r[0] == '>') kind = 3, p.pos += 1;
      else if (r[0] == '=' && r[1] == '=') kind = 4, p.pos += 2;
      else if (r[0] == '=') kind = 4, p.pos += 1;
      else {
        p.err = xasprintf("expected a comparison at offset %zu", p.pos);
        ok = false;
      }
    }
    if (ok) ok = parse_expr(&p, rhs, 1);
    if (ok) {
      /* lhs - rhs REL 0, normalised to <= 0 or = 0 */
      for (uint32_t i = 0; i < size; i++) mpz_sub(at.a[i], at.a[i], rhs[i]);
      if (kind == 2 || kind == 3)
        for (uint32_t i = 0; i < size; i++) mpz_neg(at.a[i], at.a[i]);
      if (kind == 1 || kind == 3) mpz_add_ui(at.a[size - 1], at.a[size - 1], 1); /* Z: e < 0 iff e + 1 <= 0 */
      at.rel = kind == 4 ? LIN_EQ : LIN_LE;
      VEC_PUSH(atoms, at);
      skip_ws(&p);
      if (p.s[p.pos] == ',') p.pos++;
      else if (p.s[p.pos] == '&' && p.s[p.pos + 1] == '&') p.pos += 2;
      else if (p.s[p.pos]) {
        p.err = xasprintf("expected && or , at offset %zu", p.pos);
        ok = false;
      }
      skip_ws(&p);
    } else {
      atom_free(&at, size);
    }
  }
  for (uint32_t i = 0; i < size; i++) mpz_clear(rhs[i]);
  free(rhs);
  uint32_t k = UINT32_MAX;
  if (ok) {
    k = lin_scc_add_trans(scc, from, to, m);
    lin_trans *t = &scc->trans.data[k];
    for (uint32_t j = 0; j < m; j++) {
      free(t->temp_names[j]);
      t->temp_names[j] = p.temps.data[j];
    }
    t->atoms.data = atoms.data;
    t->atoms.len = atoms.len;
    t->atoms.cap = atoms.cap;
  } else {
    for (size_t i = 0; i < atoms.len; i++) atom_free(&atoms.data[i], size);
    VEC_FREE(atoms);
    for (size_t j = 0; j < p.temps.len; j++) free(p.temps.data[j]);
    if (err) *err = p.err;
    else free(p.err);
  }
  VEC_FREE(p.temps);
  return k;
}

/* ---- terms ------------------------------------------------------------------- */

smt_term lin_trans_term(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *pre,
                        const smt_term *post, const smt_term *tmp) {
  const lin_trans *t = &scc->trans.data[k];
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  smt_term_vec conj = {0};
  smt_term_vec sum = {0};
  for (size_t i = 0; i < t->atoms.len; i++) {
    const lin_atom *at = &t->atoms.data[i];
    sum.len = 0;
    for (uint32_t j = 0; j < w; j++) {
      if (mpz_sgn(at->a[j]) == 0) continue;
      smt_term x = j < n ? pre[j] : j < 2 * n ? post[j - n] : tmp[j - 2 * n];
      VEC_PUSH(sum, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, at->a[j]), x));
    }
    VEC_PUSH(sum, smt_mk_int_mpz(ctx, at->a[w]));
    smt_term e = smt_mk_int_add(ctx, (uint32_t)sum.len, sum.data);
    smt_term zero = smt_mk_int(ctx, 0);
    VEC_PUSH(conj, at->rel == LIN_EQ ? smt_mk_eq(ctx, e, zero) : smt_mk_int_le(ctx, e, zero));
  }
  smt_term r = smt_mk_and(ctx, (uint32_t)conj.len, conj.data);
  VEC_FREE(conj);
  VEC_FREE(sum);
  return r;
}

/* ---- printing -------------------------------------------------------------------- */

void lin_trans_print(FILE *out, const lin_scc *scc, uint32_t k) {
  const lin_trans *t = &scc->trans.data[k];
  uint32_t n = scc->nvars, w = lin_trans_width(scc, k);
  fprintf(out, "%s -> %s:", scc->loc_names[t->from], scc->loc_names[t->to]);
  if (t->atoms.len == 0) fputs(" true", out);
  for (size_t i = 0; i < t->atoms.len; i++) {
    const lin_atom *at = &t->atoms.data[i];
    if (i) fputs(" &&", out);
    bool first = true;
    for (uint32_t j = 0; j <= w; j++) {
      int sg = mpz_sgn(at->a[j]);
      if (sg == 0) continue;
      fputs(sg < 0 ? (first ? " -" : " - ") : (first ? " " : " + "), out);
      first = false;
      bool one = mpz_cmpabs_ui(at->a[j], 1) == 0;
      if (j == w || !one) {
        mpz_t mag;
        mpz_init(mag);
        mpz_abs(mag, at->a[j]);
        gmp_fprintf(out, "%Zd", mag);
        mpz_clear(mag);
      }
      if (j == w) break;
      if (!one) fputc('*', out);
      if (j < n) fputs(scc->var_names[j], out);
      else if (j < 2 * n) fprintf(out, "%s'", scc->var_names[j - n]);
      else fputs(t->temp_names[j - 2 * n], out);
    }
    if (first) fputs(" 0", out);
    fputs(at->rel == LIN_EQ ? " = 0" : " <= 0", out);
  }
}

void lin_scc_print(FILE *out, const lin_scc *scc) {
  for (size_t k = 0; k < scc->trans.len; k++) {
    fprintf(out, "%zu: ", k);
    lin_trans_print(out, scc, (uint32_t)k);
    fputc('\n', out);
  }
}
