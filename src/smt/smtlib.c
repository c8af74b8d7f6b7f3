/* smtlib: the SMT-LIB 2 printer and the query dump (see smtlib.h).
 *
 * Printing walks the DAG iteratively (explicit stacks), since BMC terms can
 * be chains far deeper than the C stack allows. Operators SMT-LIB 2.6 lacks
 * are replaced, child by child, by their expansion (smt_expand_top), which
 * builds raw terms in the context: the printed text is the meaning of the
 * term, never a simplification of it.
 *
 * Floating-point kinds (on bit patterns) print as applications of helper
 * functions (".fp.add.32" ...) that smt_print_query defines once per query
 * with FloatingPoint operations and Z3's fp.to_ieee_bv. The text fixes what
 * the term semantics leave open (a NaN's pattern, out-of-range conversions,
 * min/max of zeros): dumps are for reading and replaying, not for proofs.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build.h"
#include "internal.h"
#include "smtlib.h"

void smt_print_sort(strbuf *out, smt_sort s) {
  if (s == SMT_SORT_BOOL) strbuf_printf(out, "Bool");
  else if (s == SMT_SORT_INT) strbuf_printf(out, "Int");
  else if (smt_sort_is_bv(s)) strbuf_printf(out, "(_ BitVec %u)", smt_sort_width(s));
  else strbuf_printf(out, "(Array (_ BitVec %u) (_ BitVec 8))", smt_sort_width(s));
}

static bool simple_symbol(const char *s) {
  static const char *const reserved[] = {"true", "false", "let", "forall", "exists", "match", "par",
                                         "_", "!", "as", "NUMERAL", "DECIMAL", "STRING", NULL};
  if (!*s || (*s >= '0' && *s <= '9')) return false;
  for (const char *p = s; *p; p++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr("~!@$%^&*_-+=<>.?/", c) != NULL;
    if (!ok) return false;
  }
  for (int i = 0; reserved[i]; i++)
    if (strcmp(s, reserved[i]) == 0) return false;
  return true;
}

static void print_symbol(strbuf *out, const char *s) {
  if (simple_symbol(s)) {
    strbuf_printf(out, "%s", s);
    return;
  }
  /* quoted symbols cannot contain | or \ */
  strbuf_append(out, "|", 1);
  for (const char *p = s; *p; p++) strbuf_append(out, (*p == '|' || *p == '\\') ? "_" : p, 1);
  strbuf_append(out, "|", 1);
}

/* The term printed in place of t: its definition if SMT-LIB lacks t's operator. */
static smt_term resolve(smt_ctx *ctx, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  return (smt_kind_is_overflow(k) || k == SMT_BV2INT) ? smt_expand_top(ctx, t) : t;
}

static bool is_leaf(const smt_ctx *ctx, smt_term t) { return smt_term_nargs(ctx, t) == 0; }

static void print_leaf(smt_ctx *ctx, strbuf *out, smt_term t) {
  switch (smt_term_kind(ctx, t)) {
  case SMT_BOOL_CONST: strbuf_printf(out, t == SMT_TRUE ? "true" : "false"); break;
  case SMT_INT_CONST: {
    mpz_srcptr v = smt_term_value(ctx, t);
    char *s = mpz_get_str(NULL, 10, v);
    if (mpz_sgn(v) < 0) strbuf_printf(out, "(- %s)", s + 1);
    else strbuf_printf(out, "%s", s);
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(s, strlen(s) + 1);
    break;
  }
  case SMT_BV_CONST: {
    char *s = mpz_get_str(NULL, 10, smt_term_value(ctx, t));
    strbuf_printf(out, "(_ bv%s %u)", s, smt_bv_width(ctx, t));
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(s, strlen(s) + 1);
    break;
  }
  case SMT_VAR: print_symbol(out, smt_term_print_name(ctx, t)); break;
  default: strbuf_printf(out, "<?>"); break;
  }
}

/* n-ary operators applied to one argument print as that argument */
static bool transparent(const smt_ctx *ctx, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  return smt_term_nargs(ctx, t) == 1 && (k == SMT_AND || k == SMT_OR || k == SMT_INT_ADD || k == SMT_INT_MUL);
}

static void print_head(smt_ctx *ctx, strbuf *out, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  smt_sort s = smt_term_sort(ctx, t);
  switch (k) {
  case SMT_BV_EXTRACT:
    strbuf_printf(out, "((_ extract %u %u)", smt_extract_hi(ctx, t), smt_extract_lo(ctx, t));
    break;
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT:
    strbuf_printf(out, "((_ %s %u)", smt_kind_name(k),
                  smt_sort_width(s) - smt_bv_width(ctx, smt_term_arg(ctx, t, 0)));
    break;
  case SMT_INT2BV: strbuf_printf(out, "((_ int2bv %u)", smt_sort_width(s)); break;
  case SMT_FP_ROUND: {
    static const char *const m[] = {"rne", "rna", "rtp", "rtn", "rtz"};
    strbuf_printf(out, "(.fp.round.%s.%u", m[smt_fp_round_mode(ctx, t)], smt_bv_width(ctx, smt_term_arg(ctx, t, 0)));
    break;
  }
  case SMT_FP_TO_SBV: case SMT_FP_TO_UBV: case SMT_SBV_TO_FP: case SMT_UBV_TO_FP:
    strbuf_printf(out, "(.%s.%u.%u", smt_kind_name(k), smt_bv_width(ctx, smt_term_arg(ctx, t, 0)), smt_sort_width(s));
    break;
  case SMT_CONST_ARRAY:
    strbuf_printf(out, "((as const ");
    smt_print_sort(out, s);
    strbuf_printf(out, ")");
    break;
  default:
    if (smt_kind_is_fp(k)) strbuf_printf(out, "(.%s.%u", smt_kind_name(k), smt_bv_width(ctx, smt_term_arg(ctx, t, 0)));
    else strbuf_printf(out, "(%s", smt_kind_name(k));
    break;
  }
}

/* The definition of the helper function print_head names for the float
 * term t (its name is the head without the parenthesis). */
static void print_fp_def(smt_ctx *ctx, strbuf *out, smt_term t) {
  smt_kind k = smt_term_kind(ctx, t);
  uint32_t w = smt_bv_width(ctx, smt_term_arg(ctx, t, 0)), rw = smt_sort_width(smt_term_sort(ctx, t));
  strbuf head = {0};
  print_head(ctx, &head, t);
  const char *to = w == 32 ? "(_ to_fp 8 24)" : "(_ to_fp 11 53)";
  const char *rto = rw == 32 ? "(_ to_fp 8 24)" : "(_ to_fp 11 53)";
  const char *rtou = rw == 32 ? "(_ to_fp_unsigned 8 24)" : "(_ to_fp_unsigned 11 53)";
  strbuf_printf(out, "(define-fun %s ", head.data + 1);
  strbuf_free(&head);
  if (smt_term_nargs(ctx, t) == 2) strbuf_printf(out, "((a (_ BitVec %u)) (b (_ BitVec %u))) ", w, w);
  else strbuf_printf(out, "((a (_ BitVec %u))) ", w);
  smt_print_sort(out, smt_term_sort(ctx, t));
  switch (k) {
  case SMT_FP_ADD: case SMT_FP_SUB: case SMT_FP_MUL: case SMT_FP_DIV:
    strbuf_printf(out, " (fp.to_ieee_bv (%s RNE (%s a) (%s b))))\n", smt_kind_name(k), to, to);
    break;
  case SMT_FP_REM: case SMT_FP_MIN: case SMT_FP_MAX:
    strbuf_printf(out, " (fp.to_ieee_bv (%s (%s a) (%s b))))\n", smt_kind_name(k), to, to);
    break;
  case SMT_FP_EQ: case SMT_FP_LT: case SMT_FP_LEQ:
    strbuf_printf(out, " (%s (%s a) (%s b)))\n", smt_kind_name(k), to, to);
    break;
  case SMT_FP_ISNAN: strbuf_printf(out, " (fp.isNaN (%s a)))\n", to); break;
  case SMT_FP_SQRT: strbuf_printf(out, " (fp.to_ieee_bv (fp.sqrt RNE (%s a))))\n", to); break;
  case SMT_FP_ROUND: {
    static const char *const m[] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};
    strbuf_printf(out, " (fp.to_ieee_bv (fp.roundToIntegral %s (%s a))))\n", m[smt_fp_round_mode(ctx, t)], to);
    break;
  }
  case SMT_FP_TO_SBV: case SMT_FP_TO_UBV:
    strbuf_printf(out, " ((_ %s %u) RTZ (%s a)))\n", smt_kind_name(k), rw, to);
    break;
  case SMT_SBV_TO_FP: strbuf_printf(out, " (fp.to_ieee_bv (%s RNE a)))\n", rto); break;
  case SMT_UBV_TO_FP: strbuf_printf(out, " (fp.to_ieee_bv (%s RNE a)))\n", rtou); break;
  default: strbuf_printf(out, " (fp.to_ieee_bv (%s RNE (%s a))))\n", rto, to); break; /* ext, trunc */
  }
}

typedef struct {
  smt_map name_of; /* term -> 1 + index in names */
  VEC(char *) names;
} defs;

/* Prints the expression of root; arguments that have a definition are
 * printed by name. */
static void print_expr(smt_ctx *ctx, strbuf *out, smt_term root, const defs *df) {
  typedef struct {
    smt_term t;
    uint32_t next;
  } frame;
  root = resolve(ctx, root);
  if (is_leaf(ctx, root)) {
    print_leaf(ctx, out, root);
    return;
  }
  VEC(frame) st = {0};
  VEC_PUSH(st, ((frame){root, 0}));
  while (st.len) {
    frame *f = &st.data[st.len - 1];
    smt_term t = f->t;
    bool tr = transparent(ctx, t);
    if (f->next == 0 && !tr) print_head(ctx, out, t);
    if (f->next < smt_term_nargs(ctx, t)) {
      smt_term c = resolve(ctx, smt_term_arg(ctx, t, f->next));
      f->next++;
      if (!tr) strbuf_append(out, " ", 1);
      uint32_t name = df ? smt_map_get(&df->name_of, c, 0) : 0;
      if (name) strbuf_printf(out, "%s", df->names.data[name - 1]);
      else if (is_leaf(ctx, c)) print_leaf(ctx, out, c);
      else VEC_PUSH(st, ((frame){c, 0}));
    } else {
      if (!tr) strbuf_append(out, ")", 1);
      st.len--;
    }
  }
  VEC_FREE(st);
}

void smt_print_term(smt_ctx *ctx, strbuf *out, smt_term t) { print_expr(ctx, out, t, NULL); }

void smt_print_query(smt_ctx *ctx, strbuf *out, uint32_t n, const smt_term *assertions) {
  /* 1. count the parents of every node (through resolve), list variables,
   *    and record a post-order (children first) of the non-leaf nodes */
  smt_map count;
  smt_map_init(&count);
  smt_term_vec order = {0}, vars = {0};
  typedef struct {
    smt_term t;
    uint32_t next;
  } frame;
  VEC(frame) st = {0};
  for (uint32_t i = 0; i < n; i++) {
    smt_term r = resolve(ctx, assertions[i]);
    uint32_t c = smt_map_get(&count, r, 0);
    smt_map_put(&count, r, c + 1);
    if (c) continue;
    VEC_PUSH(st, ((frame){r, 0}));
    while (st.len) {
      frame *f = &st.data[st.len - 1];
      smt_term t = f->t;
      if (f->next < smt_term_nargs(ctx, t)) {
        smt_term ch = resolve(ctx, smt_term_arg(ctx, t, f->next));
        f->next++;
        uint32_t cc = smt_map_get(&count, ch, 0);
        smt_map_put(&count, ch, cc + 1);
        if (!cc) VEC_PUSH(st, ((frame){ch, 0}));
      } else {
        if (smt_term_kind(ctx, t) == SMT_VAR) VEC_PUSH(vars, t);
        else if (!is_leaf(ctx, t)) VEC_PUSH(order, t);
        st.len--;
      }
    }
  }
  /* 2. header and declarations */
  strbuf_printf(out, "(set-logic ALL)\n");
  for (size_t i = 0; i < vars.len; i++) {
    strbuf_printf(out, "(declare-fun ");
    print_symbol(out, smt_term_print_name(ctx, vars.data[i]));
    strbuf_printf(out, " () ");
    smt_print_sort(out, smt_term_sort(ctx, vars.data[i]));
    strbuf_printf(out, ")\n");
  }
  /* 3. one helper per float operation used, then shared non-leaf nodes
   *    become definitions, in post-order */
  {
    strbuf seen = {0}; /* the helpers defined so far, as "|name|" */
    for (size_t i = 0; i < order.len; i++) {
      smt_term t = order.data[i];
      if (!smt_kind_is_fp(smt_term_kind(ctx, t))) continue;
      strbuf h = {0};
      strbuf_printf(&h, "|");
      print_head(ctx, &h, t);
      strbuf_printf(&h, "|");
      if (!seen.data || !strstr(seen.data, h.data)) {
        strbuf_printf(&seen, "%s", h.data);
        print_fp_def(ctx, out, t);
      }
      strbuf_free(&h);
    }
    strbuf_free(&seen);
  }
  defs df;
  smt_map_init(&df.name_of);
  df.names.data = NULL;
  df.names.len = df.names.cap = 0;
  for (size_t i = 0; i < order.len; i++) {
    smt_term t = order.data[i];
    if (smt_map_get(&count, t, 0) < 2) continue;
    char *name = xasprintf(".t%u", t);
    while (smt_name_taken(ctx, name)) { /* a variable has that name */
      char *longer = xasprintf("%s.", name);
      free(name);
      name = longer;
    }
    strbuf_printf(out, "(define-fun %s () ", name);
    smt_print_sort(out, smt_term_sort(ctx, t));
    strbuf_append(out, " ", 1);
    print_expr(ctx, out, t, &df);
    strbuf_printf(out, ")\n");
    VEC_PUSH(df.names, name);
    smt_map_put(&df.name_of, t, (uint32_t)df.names.len);
  }
  for (uint32_t i = 0; i < n; i++) {
    smt_term r = resolve(ctx, assertions[i]);
    strbuf_printf(out, "(assert ");
    uint32_t name = smt_map_get(&df.name_of, r, 0);
    if (name) strbuf_printf(out, "%s", df.names.data[name - 1]);
    else print_expr(ctx, out, r, &df);
    strbuf_printf(out, ")\n");
  }
  strbuf_printf(out, "(check-sat)\n");
  for (size_t i = 0; i < df.names.len; i++) free(df.names.data[i]);
  VEC_FREE(df.names);
  smt_map_free(&df.name_of);
  smt_map_free(&count);
  VEC_FREE(order);
  VEC_FREE(vars);
  VEC_FREE(st);
}

char *smt_dump_query(smt_ctx *ctx, const char *dir, uint32_t n, const smt_term *assertions,
                     const char *comment) {
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    util_warning("cannot create dump directory %s: %s", dir, strerror(errno));
    return NULL;
  }
  char *path = xasprintf("%s/query-%06u.smt2", dir, ++ctx->dump_counter);
  strbuf b = {0};
  if (comment) strbuf_printf(&b, "; %s\n", comment);
  smt_print_query(ctx, &b, n, assertions);
  FILE *f = fopen(path, "w");
  bool ok = f && fwrite(b.data, 1, b.len, f) == b.len;
  if (f && fclose(f) != 0) ok = false;
  strbuf_free(&b);
  if (!ok) {
    util_warning("cannot write %s", path);
    free(path);
    return NULL;
  }
  return path;
}
