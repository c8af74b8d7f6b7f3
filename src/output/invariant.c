/* invariant.c: loop invariants of a proof in C (invariant.h). */
#include "invariant.h"


#include <assert.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../smt/build.h"
#include "../ir/c_types.h"

#define MAX_DISJUNCTS 6
#define MAX_TERMS 4

typedef struct {
  const ir_module *m;
  const ir_func *main_fn;
  const seg_graph *g;
  smt_ctx *ctx;
} render_ctx;

typedef struct {
  mpz_t coef;
  const char *var;
  unsigned bits;
  bool is_signed;
} term;

/* Reads a slot variable. */
static bool slot_of(const render_ctx *r, smt_term t, term *out) {
  uint32_t inst;
  bool sgn;
  if (smt_term_kind(r->ctx, t) != SMT_VAR || !seg_fact_slot(r->g, t, &inst, &sgn)) return false;
  const ir_inst *in = &r->main_fn->insts[inst];
  if (!in->var || in->type.kind != IR_TY_INT || !c_int_type(in->type.bits, sgn)) return false;
  out->var = in->var, out->bits = in->type.bits, out->is_signed = sgn;
  return true;
}

/* Decomposes a constant-free linear polynomial into terms. */
static bool linear_terms(const render_ctx *r, smt_term p, term *ts, unsigned *n) {
  smt_kind k = smt_term_kind(r->ctx, p);
  if (k == SMT_INT_ADD) {
    for (uint32_t i = 0; i < smt_term_nargs(r->ctx, p); i++)
      if (!linear_terms(r, smt_term_arg(r->ctx, p, i), ts, n)) return false;
    return true;
  }
  if (*n >= MAX_TERMS) return false;
  term *t = &ts[*n];
  if (k == SMT_VAR) {
    if (!slot_of(r, p, t)) return false;
    mpz_set_ui(t->coef, 1);
  } else if (k == SMT_INT_MUL && smt_term_nargs(r->ctx, p) == 2 &&
             smt_term_kind(r->ctx, smt_term_arg(r->ctx, p, 0)) == SMT_INT_CONST) {
    if (!slot_of(r, smt_term_arg(r->ctx, p, 1), t)) return false;
    mpz_set(t->coef, smt_term_value(r->ctx, smt_term_arg(r->ctx, p, 0)));
  } else {
    return false;
  }
  (*n)++;
  return true;
}

/* The bounds of a term's C type. */
static void type_range(const term *t, mpz_t lo, mpz_t hi) {
  if (t->is_signed) {
    mpz_ui_pow_ui(hi, 2, t->bits - 1);
    mpz_neg(lo, hi);
    mpz_sub_ui(hi, hi, 1);
  } else {
    mpz_set_ui(lo, 0);
    mpz_ui_pow_ui(hi, 2, t->bits);
    mpz_sub_ui(hi, hi, 1);
  }
}

/* A constant k of term t's type as a C literal (k within the type). */
static void type_literal(const term *t, mpz_srcptr k, strbuf *out) {
  char *digits = mpz_get_str(NULL, 10, k);
  if (!t->is_signed) {
    strbuf_printf(out, "%s%s", digits, t->bits > 32 ? "ULL" : "U");
  } else if (t->bits == 64 && strcmp(digits, "-9223372036854775808") == 0) {
    strbuf_printf(out, "(-9223372036854775807LL - 1)");
  } else if (t->bits <= 32 && strcmp(digits, "-2147483648") == 0) {
    strbuf_printf(out, "(-2147483647 - 1)");
  } else {
    strbuf_printf(out, "%s%s", digits, t->bits > 32 ? "LL" : "");
  }
  free(digits);
}

/* One atom (sum <= k, or sum == k); false when it cannot be written. */
static bool render_atom(const render_ctx *r, smt_term atom, strbuf *out) {
  smt_kind k = smt_term_kind(r->ctx, atom);
  bool eq = k == SMT_EQ;
  if ((k != SMT_INT_LE && !eq) || smt_term_nargs(r->ctx, atom) != 2) return false;
  smt_term p = smt_term_arg(r->ctx, atom, 0), c = smt_term_arg(r->ctx, atom, 1);
  if (smt_term_kind(r->ctx, c) != SMT_INT_CONST) return false;
  term ts[MAX_TERMS];
  for (unsigned i = 0; i < MAX_TERMS; i++) mpz_init(ts[i].coef);
  unsigned n = 0;
  bool ok = linear_terms(r, p, ts, &n) && n > 0;
  mpz_t K, lo, hi, q;
  mpz_inits(K, lo, hi, q, NULL);
  mpz_set(K, smt_term_value(r->ctx, c));
  if (ok && n == 1 && (mpz_cmp_ui(ts[0].coef, 1) == 0 || mpz_cmp_si(ts[0].coef, -1) == 0)) {
    /* x <= K, -x <= K (x >= -K), x == K, -x == K */
    bool neg = mpz_sgn(ts[0].coef) < 0;
    if (neg) mpz_neg(K, K);
    type_range(&ts[0], lo, hi);
    const char *op = eq ? "==" : neg ? ">=" : "<=";
    /* decided by the type's range alone: 1 (dropped from a conjunction) or 0 */
    int vs_lo = mpz_cmp(K, lo), vs_hi = mpz_cmp(K, hi);
    int decided = -1;
    if (eq && (vs_lo < 0 || vs_hi > 0)) decided = 0;
    else if (!eq && !neg) decided = vs_hi >= 0 ? 1 : vs_lo < 0 ? 0 : -1;
    else if (!eq && neg) decided = vs_lo <= 0 ? 1 : vs_hi > 0 ? 0 : -1;
    if (decided >= 0) {
      strbuf_printf(out, "%d", decided);
    } else {
      strbuf_printf(out, "(%s)%s %s ", c_int_type(ts[0].bits, ts[0].is_signed), ts[0].var, op);
      type_literal(&ts[0], K, out);
    }
  } else if (ok) {
    /* in long long: every value fits in 32 bits, |coef| < 2^20, |K| < 2^60 */
    for (unsigned i = 0; i < n && ok; i++) ok = ts[i].bits <= 32 && mpz_sizeinbase(ts[i].coef, 2) <= 20;
    ok = ok && mpz_sizeinbase(K, 2) <= 60;
    for (unsigned i = 0; i < n && ok; i++) {
      bool neg = mpz_sgn(ts[i].coef) < 0;
      mpz_abs(q, ts[i].coef);
      strbuf_printf(out, "%s", neg ? (i ? " - " : "-") : (i ? " + " : ""));
      if (mpz_cmp_ui(q, 1) != 0) {
        char *cs = mpz_get_str(NULL, 10, q);
        strbuf_printf(out, "%sLL * ", cs);
        free(cs);
      }
      strbuf_printf(out, "(long long)(%s)%s", c_int_type(ts[i].bits, ts[i].is_signed), ts[i].var);
    }
    if (ok) {
      char *ks = mpz_get_str(NULL, 10, K);
      strbuf_printf(out, " %s %sLL", eq ? "==" : "<=", ks);
      free(ks);
    }
  }
  mpz_clears(K, lo, hi, q, NULL);
  for (unsigned i = 0; i < MAX_TERMS; i++) mpz_clear(ts[i].coef);
  return ok;
}

/* A fact: and/or of atoms. In a conjunction an unwritable part is dropped
 * (weaker); anywhere else it makes the whole unwritable. */
static bool render(const render_ctx *r, smt_term t, strbuf *out) {
  smt_kind k = smt_term_kind(r->ctx, t);
  if (k == SMT_AND || k == SMT_OR) {
    strbuf parts = {0};
    unsigned written = 0;
    bool ok = true;
    for (uint32_t i = 0; i < smt_term_nargs(r->ctx, t) && ok; i++) {
      strbuf one = {0};
      if (render(r, smt_term_arg(r->ctx, t, i), &one)) {
        if (k == SMT_AND && strcmp(one.data, "1") == 0) { /* true: nothing to say */
          strbuf_free(&one);
          continue;
        }
        if (k == SMT_OR && strcmp(one.data, "1") == 0) { /* the disjunction holds */
          strbuf_free(&one);
          strbuf_free(&parts);
          strbuf_printf(out, "1");
          return true;
        }
        strbuf_printf(&parts, "%s(%s)", written ? (k == SMT_AND ? " && " : " || ") : "", one.data);
        written++;
      } else if (k == SMT_OR) {
        ok = false;
      }
      strbuf_free(&one);
    }
    if (ok && written) strbuf_printf(out, "%s", parts.data);
    else if (ok) strbuf_printf(out, "%s", k == SMT_AND ? "1" : "0");
    strbuf_free(&parts);
    return ok;
  }
  if (k == SMT_BOOL_CONST) {
    strbuf_printf(out, "%s", t == SMT_TRUE ? "1" : "0");
    return true;
  }
  return render_atom(r, t, out);
}

/* Whether the source text at loc starts with `while` or `for`. */
bool invariant_at_loop_keyword(const ir_module *m, ir_loc loc) {
  if (loc.file == IR_NONE || loc.file >= m->files.len || !loc.line || !loc.col) return false;
  FILE *f = fopen(m->files.data[loc.file], "r");
  if (!f) return false;
  char line[4096];
  bool found = false;
  for (uint32_t l = 1; fgets(line, sizeof line, f); l++) {
    if (l < loc.line) {
      if (!strchr(line, '\n')) { /* a long line: skip the rest of it */
        int ch;
        while ((ch = fgetc(f)) != EOF && ch != '\n') {
        }
      }
      continue;
    }
    if (loc.col - 1 < strlen(line)) {
      const char *p = line + loc.col - 1;
      found = (strncmp(p, "while", 5) == 0 && !((p[5] >= 'a' && p[5] <= 'z') || p[5] == '_')) ||
              (strncmp(p, "for", 3) == 0 && !((p[3] >= 'a' && p[3] <= 'z') || p[3] == '_'));
    }
    break;
  }
  fclose(f);
  return found;
}

void invariant_from_seg(const ir_module *m, const seg_graph *g, smt_ctx *ctx, evidence_invariant_vec *out) {
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE) return;
  render_ctx r = {m, &m->funcs.data[mainf], g, ctx};
  seg_fact_vec facts = {0};
  seg_loop_facts(g, MAX_DISJUNCTS, &facts);
  for (size_t i = 0; i < facts.len; i++) {
    const ir_func *f = r.main_fn;
    const ir_block *blk = &f->blocks[facts.data[i].block];
    const ir_inst *term_inst = &f->insts[blk->first + blk->count - 1];
    if (term_inst->op != IR_CONDBR || !invariant_at_loop_keyword(m, term_inst->loc)) continue;
    strbuf text = {0};
    if (render(&r, facts.data[i].fact, &text) && text.data && strcmp(text.data, "1") != 0) {
      evidence_invariant inv = {term_inst->loc, xstrdup("main"), xstrdup(text.data), true};
      VEC_PUSH(*out, inv);
    }
    strbuf_free(&text);
  }
  VEC_FREE(facts);
}

