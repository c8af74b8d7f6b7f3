/* print.c: writers for integer transition systems (its.h).
 *
 * Contract: the KoAT, termCOMP SMT2 and ARI writers produce text their
 * readers read back into an equal system (its_equal): same names, start,
 * transitions in the same order, guards and updates. An unconstrained
 * update is written as a fresh variable ("x_nd", made unique) that occurs
 * nowhere else, which the readers turn back into "unconstrained". Guards
 * and updates are written from the terms as they are (simplified forms
 * print as such); SMT-LIB text comes from smt_print_term(), infix text
 * (KoAT, its_print) from the printer below. Terms are written as trees:
 * a term sharing subterms heavily (hostile input) prints large. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "its.h"

/* ---- infix terms ------------------------------------------------------------- */
typedef struct {
  const smt_ctx *ctx;
  strbuf *out;
  bool koat; /* fail on what KoAT cannot say; otherwise fall back to SMT-LIB */
  const char *bad;
} infix;

static void put(infix *f, const char *s) { strbuf_append(f->out, s, strlen(s)); }

static bool is_compound_arith(const smt_ctx *ctx, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  return k == SMT_INT_ADD || k == SMT_INT_SUB || k == SMT_INT_NEG ||
         (k == SMT_INT_CONST && mpz_sgn(smt_term_value(ctx, t)) < 0);
}

static void pr(infix *f, smt_term t);

static void pr_paren(infix *f, smt_term t, bool paren) {
  if (paren) put(f, "(");
  pr(f, t);
  if (paren) put(f, ")");
}

/* A monomial c*m with c < 0, printed as " - |c|*m". */
static bool pr_negative_summand(infix *f, smt_term a) {
  const smt_ctx *ctx = f->ctx;
  smt_kind k = smt_term_kind(ctx, a);
  if (k == SMT_INT_CONST && mpz_sgn(smt_term_value(ctx, a)) < 0) {
    char *s = mpz_get_str(NULL, 10, smt_term_value(ctx, a));
    put(f, " - ");
    put(f, s + 1);
    free(s);
    return true;
  }
  if (k == SMT_INT_MUL && smt_term_nargs(ctx, a) >= 2) {
    smt_term c = smt_term_arg(ctx, a, 0);
    if (smt_term_kind(ctx, c) != SMT_INT_CONST || mpz_sgn(smt_term_value(ctx, c)) >= 0) return false;
    put(f, " - ");
    if (mpz_cmp_si(smt_term_value(ctx, c), -1) != 0) {
      char *s = mpz_get_str(NULL, 10, smt_term_value(ctx, c));
      put(f, s + 1);
      free(s);
      put(f, "*");
    }
    for (uint32_t i = 1; i < smt_term_nargs(ctx, a); i++) {
      if (i > 1) put(f, "*");
      smt_term x = smt_term_arg(ctx, a, i);
      pr_paren(f, x, is_compound_arith(ctx, x));
    }
    return true;
  }
  return false;
}

/* A sum or monomial whose first monomial has a negative coefficient. */
static bool leading_negative(const smt_ctx *ctx, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  if (k == SMT_INT_ADD) {
    smt_term a = smt_term_arg(ctx, t, 0);
    if (smt_term_kind(ctx, a) == SMT_INT_CONST) return false;
    return leading_negative(ctx, a);
  }
  if (k == SMT_INT_NEG) return true;
  if (k != SMT_INT_MUL) return false;
  smt_term c = smt_term_arg(ctx, t, 0);
  return smt_term_kind(ctx, c) == SMT_INT_CONST && mpz_sgn(smt_term_value(ctx, c)) < 0;
}

static void pr(infix *f, smt_term t) {
  const smt_ctx *ctx = f->ctx;
  smt_kind k = smt_term_kind(ctx, t);
  uint32_t n = smt_term_nargs(ctx, t);
  const char *op = NULL;
  switch (k) {
  case SMT_BOOL_CONST: put(f, t == SMT_TRUE ? "TRUE" : "FALSE"); return;
  case SMT_INT_CONST: {
    char *s = mpz_get_str(NULL, 10, smt_term_value(ctx, t));
    put(f, s);
    free(s);
    return;
  }
  case SMT_VAR: put(f, smt_term_name(ctx, t)); return;
  case SMT_INT_ADD: {
    /* the constant, which the simplifier puts first, goes last */
    uint32_t first = n > 1 && smt_term_kind(ctx, smt_term_arg(ctx, t, 0)) == SMT_INT_CONST ? 1 : 0;
    for (uint32_t j = 0; j < n; j++) {
      smt_term a = smt_term_arg(ctx, t, (first + j) % n);
      if (j > 0 && pr_negative_summand(f, a)) continue;
      if (j > 0) put(f, " + ");
      pr(f, a);
    }
    return;
  }
  case SMT_INT_MUL:
    for (uint32_t i = 0; i < n; i++) {
      smt_term a = smt_term_arg(ctx, t, i);
      if (i > 0) put(f, "*");
      pr_paren(f, a, is_compound_arith(ctx, a) && !(i == 0 && smt_term_kind(ctx, a) == SMT_INT_CONST));
    }
    return;
  case SMT_INT_NEG:
    put(f, "-");
    pr_paren(f, smt_term_arg(ctx, t, 0), true);
    return;
  case SMT_INT_SUB:
    pr(f, smt_term_arg(ctx, t, 0));
    put(f, " - ");
    pr_paren(f, smt_term_arg(ctx, t, 1), is_compound_arith(ctx, smt_term_arg(ctx, t, 1)));
    return;
  case SMT_INT_LE:
    if (leading_negative(ctx, smt_term_arg(ctx, t, 0))) { /* -x <= -1 reads better as x >= 1 */
      smt_ctx *c = (smt_ctx *)ctx;
      pr(f, smt_mk_int_neg(c, smt_term_arg(ctx, t, 0)));
      put(f, " >= ");
      pr(f, smt_mk_int_neg(c, smt_term_arg(ctx, t, 1)));
      return;
    }
    op = " <= ";
    break;
  case SMT_INT_LT: op = " < "; break;
  case SMT_INT_GE: op = " >= "; break;
  case SMT_INT_GT: op = " > "; break;
  case SMT_EQ:
    if (smt_sort_is_int(smt_term_sort(ctx, smt_term_arg(ctx, t, 0)))) op = " = ";
    break;
  case SMT_AND:
  case SMT_OR:
    if (k == SMT_OR) put(f, "(");
    for (uint32_t i = 0; i < n; i++) {
      if (i > 0) put(f, k == SMT_AND ? " && " : " || ");
      smt_term a = smt_term_arg(ctx, t, i);
      pr_paren(f, a, smt_term_kind(ctx, a) == SMT_AND);
    }
    if (k == SMT_OR) put(f, ")");
    return;
  case SMT_ITE:
    if (f->koat) break;
    put(f, "(");
    pr(f, smt_term_arg(ctx, t, 0));
    put(f, " ? ");
    pr(f, smt_term_arg(ctx, t, 1));
    put(f, " : ");
    pr(f, smt_term_arg(ctx, t, 2));
    put(f, ")");
    return;
  case SMT_NOT:
    put(f, "!(");
    pr(f, smt_term_arg(ctx, t, 0));
    put(f, ")");
    return;
  default: break;
  }
  if (op) {
    pr(f, smt_term_arg(ctx, t, 0));
    put(f, op);
    pr(f, smt_term_arg(ctx, t, 1));
    return;
  }
  if (f->koat && !f->bad) f->bad = smt_kind_name(k);
  smt_print_term((smt_ctx *)ctx, f->out, t);
}

static bool print_infix(const smt_ctx *ctx, strbuf *out, smt_term t, bool koat, char *err, size_t errlen) {
  infix f = {ctx, out, koat, NULL};
  pr(&f, t);
  if (f.bad) {
    if (err && errlen) snprintf(err, errlen, "KoAT has no operator '%s'", f.bad);
    return false;
  }
  return true;
}

/* ---- names for unconstrained updates -------------------------------------------- */
static bool name_used(const its *s, const char *nm) {
  if (its_find_var(s, nm) != ITS_NONE || its_find_loc(s, nm) != ITS_NONE) return true;
  for (size_t k = 0; k < s->trans.len; k++)
    for (uint32_t j = 0; j < s->trans.data[k].ntemps; j++)
      if (strcmp(smt_term_name(s->ctx, s->trans.data[k].temps[j]), nm) == 0) return true;
  return false;
}

/* nd[i]: a fresh name for an unconstrained x_i (caller frees each). */
static char **nondet_names(const its *s) {
  char **nd = xcalloc(s->nvars + 1, sizeof *nd);
  for (uint32_t i = 0; i < s->nvars; i++) {
    char *nm = xasprintf("%s_nd", s->var_names[i]);
    for (unsigned k = 1; name_used(s, nm); k++) {
      free(nm);
      nm = xasprintf("%s_nd%u", s->var_names[i], k);
    }
    nd[i] = nm;
  }
  return nd;
}

static void free_names(char **nd, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) free(nd[i]);
  free(nd);
}

/* ---- KoAT ------------------------------------------------------------------------- */
bool its_print_koat(const its *s, strbuf *out, char *err, size_t errlen) {
  if (s->start == ITS_NONE) {
    snprintf(err, errlen, "no start location");
    return false;
  }
  char **nd = nondet_names(s);
  strbuf_printf(out, "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS %s))\n(VAR", s->loc_names[s->start]);
  smt_term_vec seen = {0};
  for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, " %s", s->var_names[i]);
  for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, " %s", nd[i]);
  for (size_t k = 0; k < s->trans.len; k++)
    for (uint32_t j = 0; j < s->trans.data[k].ntemps; j++) {
      smt_term t = s->trans.data[k].temps[j];
      bool dup = false;
      for (size_t q = 0; q < seen.len && !dup; q++) dup = seen.data[q] == t;
      if (dup) continue;
      VEC_PUSH(seen, t);
      strbuf_printf(out, " %s", smt_term_name(s->ctx, t));
    }
  VEC_FREE(seen);
  strbuf_printf(out, ")\n(RULES\n");
  bool ok = true;
  for (size_t k = 0; ok && k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    strbuf_printf(out, "  %s(", s->loc_names[t->from]);
    for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, "%s%s", i ? ", " : "", s->var_names[i]);
    strbuf_printf(out, ") -> %s(", s->loc_names[t->to]);
    for (uint32_t i = 0; ok && i < s->nvars; i++) {
      if (i) strbuf_printf(out, ", ");
      if (t->update[i] == SMT_NULL)
        strbuf_printf(out, "%s", nd[i]);
      else
        ok = print_infix(s->ctx, out, t->update[i], true, err, errlen);
    }
    strbuf_printf(out, ")");
    if (ok && t->guard != SMT_TRUE) {
      strbuf_printf(out, " :|: ");
      ok = print_infix(s->ctx, out, t->guard, true, err, errlen);
    }
    strbuf_printf(out, "\n");
  }
  strbuf_printf(out, ")\n");
  free_names(nd, s->nvars);
  return ok;
}

/* ---- termCOMP SMT2 -------------------------------------------------------------------- */
static void smt2_params(const its *s, strbuf *out, const char *pc, bool post) {
  strbuf_printf(out, "(%s Loc)", pc);
  for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, " (%s%s Int)", s->var_names[i], post ? "^post" : "");
}

bool its_print_smt2(const its *s, strbuf *out, char *err, size_t errlen) {
  if (s->start == ITS_NONE) {
    snprintf(err, errlen, "no start location");
    return false;
  }
  strbuf_printf(out, "(declare-sort Loc 0)\n");
  for (uint32_t i = 0; i < s->nlocs; i++) strbuf_printf(out, "(declare-const %s Loc)\n", s->loc_names[i]);
  if (s->nlocs >= 2) {
    strbuf_printf(out, "(assert (distinct");
    for (uint32_t i = 0; i < s->nlocs; i++) strbuf_printf(out, " %s", s->loc_names[i]);
    strbuf_printf(out, "))\n");
  }
  strbuf_printf(out,
                "\n(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool\n  (and (= pc src) rel))\n"
                "\n(define-fun cfg_trans2 ( (pc Loc) (src Loc)\n                         (pc1 Loc) (dst Loc)\n"
                "                         (rel Bool) ) Bool\n  (and (= pc src) (= pc1 dst) rel))\n"
                "\n(define-fun cfg_trans3 ( (pc Loc) (exit Loc)\n                         (pc1 Loc) (call Loc)\n"
                "                         (pc2 Loc) (return Loc)\n                         (rel Bool) ) Bool\n"
                "  (and (= pc exit) (= pc1 call) (= pc2 return) rel))\n\n");
  strbuf_printf(out, "(define-fun init_main ( ");
  smt2_params(s, out, "pc^0", false);
  strbuf_printf(out, " ) Bool\n  (cfg_init pc^0 %s true))\n\n(define-fun next_main (\n    ", s->loc_names[s->start]);
  smt2_params(s, out, "pc^0", false);
  strbuf_printf(out, "\n    ");
  smt2_params(s, out, "pc^post", true);
  strbuf_printf(out, "\n  ) Bool\n  %s\n", s->trans.len ? "(or" : "false");
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    strbuf_printf(out, "    (cfg_trans2 pc^0 %s pc^post %s ", s->loc_names[t->from], s->loc_names[t->to]);
    if (t->ntemps) {
      strbuf_printf(out, "(exists (");
      for (uint32_t j = 0; j < t->ntemps; j++)
        strbuf_printf(out, "%s(%s Int)", j ? " " : "", smt_term_name(s->ctx, t->temps[j]));
      strbuf_printf(out, ") ");
    }
    strbuf_printf(out, "(and ");
    smt_print_term(s->ctx, out, t->guard);
    for (uint32_t i = 0; i < s->nvars; i++) {
      if (t->update[i] == SMT_NULL) continue;
      strbuf_printf(out, " (= %s^post ", s->var_names[i]);
      smt_print_term(s->ctx, out, t->update[i]);
      strbuf_printf(out, ")");
    }
    strbuf_printf(out, ")%s)\n", t->ntemps ? ")" : "");
  }
  strbuf_printf(out, "%s)\n", s->trans.len ? "  )\n" : "");
  return true;
}

/* ---- ARI -------------------------------------------------------------------------------- */
static void ari_app(const its *s, strbuf *out, uint32_t loc, const smt_term *args, char **nd) {
  if (s->nvars == 0) {
    strbuf_printf(out, "%s", s->loc_names[loc]);
    return;
  }
  strbuf_printf(out, "(%s", s->loc_names[loc]);
  for (uint32_t i = 0; i < s->nvars; i++) {
    strbuf_printf(out, " ");
    if (!args)
      strbuf_printf(out, "%s", s->var_names[i]);
    else if (args[i] == SMT_NULL)
      strbuf_printf(out, "%s", nd[i]);
    else
      smt_print_term(s->ctx, out, args[i]);
  }
  strbuf_printf(out, ")");
}

bool its_print_ari(const its *s, strbuf *out, char *err, size_t errlen) {
  if (s->start == ITS_NONE) {
    snprintf(err, errlen, "no start location");
    return false;
  }
  char **nd = nondet_names(s);
  strbuf_printf(out, "(format LCTRS :smtlib 2.6)\n(theory Ints)\n");
  for (uint32_t l = 0; l < s->nlocs; l++) {
    if (s->nvars == 0) {
      strbuf_printf(out, "(fun %s Bool)\n", s->loc_names[l]);
      continue;
    }
    strbuf_printf(out, "(fun %s (->", s->loc_names[l]);
    for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, " Int");
    strbuf_printf(out, " Bool))\n");
  }
  strbuf_printf(out, "(entrypoint %s)\n", s->loc_names[s->start]);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    strbuf_printf(out, "(rule ");
    ari_app(s, out, t->from, NULL, nd);
    strbuf_printf(out, " ");
    ari_app(s, out, t->to, t->update, nd);
    if (t->guard != SMT_TRUE) {
      strbuf_printf(out, " :guard ");
      smt_print_term(s->ctx, out, t->guard);
    }
    strbuf_printf(out, ")\n");
  }
  free_names(nd, s->nvars);
  return true;
}

/* ---- human-readable --------------------------------------------------------------------- */
void its_print_term(const smt_ctx *ctx, strbuf *out, smt_term t) { print_infix(ctx, out, t, false, NULL, 0); }

void its_print(const its *s, strbuf *out) {
  strbuf_printf(out, "variables:");
  for (uint32_t i = 0; i < s->nvars; i++) strbuf_printf(out, " %s", s->var_names[i]);
  strbuf_printf(out, "\nlocations:");
  for (uint32_t i = 0; i < s->nlocs; i++) strbuf_printf(out, " %s", s->loc_names[i]);
  strbuf_printf(out, "\nstart: %s\ntransitions: %zu\n", s->start == ITS_NONE ? "(none)" : s->loc_names[s->start],
                s->trans.len);
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    strbuf_printf(out, "  t%zu: %s -> %s", k, s->loc_names[t->from], s->loc_names[t->to]);
    if (t->guard != SMT_TRUE) {
      strbuf_printf(out, " if ");
      print_infix(s->ctx, out, t->guard, false, NULL, 0);
    }
    bool any = false;
    for (uint32_t i = 0; i < s->nvars; i++) {
      if (t->update[i] == s->pre[i]) continue;
      strbuf_printf(out, "%s%s' = ", any ? ", " : "; ", s->var_names[i]);
      any = true;
      if (t->update[i] == SMT_NULL)
        strbuf_printf(out, "*");
      else
        print_infix(s->ctx, out, t->update[i], false, NULL, 0);
    }
    if (t->ntemps) {
      strbuf_printf(out, " (temporaries:");
      for (uint32_t j = 0; j < t->ntemps; j++) strbuf_printf(out, " %s", smt_term_name(s->ctx, t->temps[j]));
      strbuf_printf(out, ")");
    }
    strbuf_printf(out, "\n");
  }
}

bool its_print_format(const its *s, const char *format, strbuf *out, char *err, size_t errlen) {
  if (strcmp(format, "koat") == 0) return its_print_koat(s, out, err, errlen);
  if (strcmp(format, "smt2") == 0) return its_print_smt2(s, out, err, errlen);
  if (strcmp(format, "ari") == 0) return its_print_ari(s, out, err, errlen);
  if (strcmp(format, "text") == 0) {
    its_print(s, out);
    return true;
  }
  snprintf(err, errlen, "unknown format '%s'", format);
  return false;
}
