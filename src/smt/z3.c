/* z3: the Z3 back end of the solver interface (see solver.h).
 *
 * Contract: each solver owns one reference-counted Z3 context
 * (Z3_mk_context_rc) and one Z3 solver. Terms are translated as they are
 * (no simplification) with a memo indexed by term: every Z3_ast in the memo
 * holds one reference, released when the solver is freed, so a term is
 * translated once per solver however often it is asserted. Overflow
 * predicates are translated through their definition by base operations
 * (smt_expand_overflow), the same one the SMT-LIB printer uses, unless
 * smt_z3_set_native_overflow() selects Z3's own predicates. That is a
 * debugging aid only: in Z3 4.8.12 bvsmul_noovfl is wrong (it reports an
 * overflow for (-1)*(-1) at width 2 and for 2*(-1) at width 8), which
 * tests/unit/test_smt_fold.c documents.
 *
 * The per-query timeout is Z3's "timeout" parameter, set only when it
 * changes. Values come back through Z3_model_eval with model completion;
 * arrays are read from as-array function interpretations, or from
 * store/const-array values. Unsat cores come from
 * Z3_solver_check_assumptions and are mapped back to the assumption terms.
 * Floating-point kinds are translated by z3_fp.c.
 * Z3 errors do not abort the process: the error handler is disabled and
 * error codes are checked; an error during a check yields UNKNOWN.
 *
 * At a normal exit with no context left, Z3_finalize_memory() ends Z3's
 * timer threads: Z3 keeps one idle thread per timeout it ever set, and
 * LeakSanitizer, which judges the exit, occasionally reported their
 * states (scoped_timer, which Z3 4.8 leaves running on purpose) as
 * leaked. An exit with a context still alive leaves them as they are.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "build.h"
#include "internal.h"
#include "z3_fp.h"

typedef struct {
  smt_solver base;
  Z3_context z;
  Z3_solver s;
  VEC(Z3_ast) memo; /* by term index; NULL = not translated yet */
  smt_map sort_slot;       /* sort code -> 1 + index in sorts */
  VEC(Z3_sort) sorts;
  Z3_model model;          /* after SAT, else NULL */
  smt_term_vec core;       /* after UNSAT under assumptions */
  smt_term_vec assumptions;
  unsigned timeout_ms;     /* the value last given to Z3 */
  bool timeout_set;
  bool native_overflow;
  bool relaxed;            /* Int read as Real (smt_z3_relax_ints) */
  char reason[256];
} z3_solver;

static z3_solver *Z(smt_solver *s) { return (z3_solver *)s; }

static void check_error(z3_solver *zs, const char *what) {
  Z3_error_code e = Z3_get_error_code(zs->z);
  if (e != Z3_OK) smt_fatal("z3 back end: %s: %s", what, Z3_get_error_msg(zs->z, e));
}

/* ---- sorts ---------------------------------------------------------------- */
static Z3_sort z3_sort(z3_solver *zs, smt_sort s) {
  uint32_t i = smt_map_get(&zs->sort_slot, s, 0);
  if (i) return zs->sorts.data[i - 1];
  Z3_sort r;
  if (s == SMT_SORT_BOOL) {
    r = Z3_mk_bool_sort(zs->z);
  } else if (s == SMT_SORT_INT) {
    r = zs->relaxed ? Z3_mk_real_sort(zs->z) : Z3_mk_int_sort(zs->z);
  } else if (smt_sort_is_bv(s)) {
    r = Z3_mk_bv_sort(zs->z, smt_sort_width(s));
  } else {
    Z3_sort dom = z3_sort(zs, smt_sort_bv(smt_sort_width(s)));
    Z3_sort rng = z3_sort(zs, smt_sort_bv(8));
    r = Z3_mk_array_sort(zs->z, dom, rng);
  }
  Z3_inc_ref(zs->z, Z3_sort_to_ast(zs->z, r));
  VEC_PUSH(zs->sorts, r);
  smt_map_put(&zs->sort_slot, s, (uint32_t)zs->sorts.len);
  return r;
}

/* ---- translation ------------------------------------------------------------ */
static void memo_reserve(z3_solver *zs, uint32_t n) {
  while (zs->memo.len < n) VEC_PUSH(zs->memo, NULL);
}

static Z3_ast mk_numeral(z3_solver *zs, mpz_srcptr v, smt_sort s) {
  char *str = mpz_get_str(NULL, 10, v);
  Z3_ast r = Z3_mk_numeral(zs->z, str, z3_sort(zs, s));
  void (*freefunc)(void *, size_t);
  mp_get_memory_functions(NULL, NULL, &freefunc);
  freefunc(str, strlen(str) + 1);
  return r;
}

/* The Z3 term of a term whose arguments are translated (a = their asts). */
static Z3_ast translate_node(z3_solver *zs, smt_term t, const Z3_ast *a) {
  smt_ctx *ctx = zs->base.ctx;
  Z3_context z = zs->z;
  const smt_tdesc *d = smt_desc(ctx, t);
  uint32_t n = d->nargs;
  switch ((smt_kind)d->kind) {
  case SMT_BOOL_CONST: return t == SMT_TRUE ? Z3_mk_true(z) : Z3_mk_false(z);
  case SMT_INT_CONST:
  case SMT_BV_CONST: return mk_numeral(zs, smt_term_value(ctx, t), d->sort);
  case SMT_VAR: {
    Z3_sort s = z3_sort(zs, d->sort);
    return Z3_mk_const(z, Z3_mk_string_symbol(z, smt_term_print_name(ctx, t)), s);
  }
  case SMT_NOT: return Z3_mk_not(z, a[0]);
  case SMT_AND: return Z3_mk_and(z, n, a);
  case SMT_OR: return Z3_mk_or(z, n, a);
  case SMT_XOR: return Z3_mk_xor(z, a[0], a[1]);
  case SMT_IMPLIES: return Z3_mk_implies(z, a[0], a[1]);
  case SMT_EQ: return Z3_mk_eq(z, a[0], a[1]);
  case SMT_ITE: return Z3_mk_ite(z, a[0], a[1], a[2]);
  case SMT_INT_NEG: return Z3_mk_unary_minus(z, a[0]);
  case SMT_INT_ADD: return n == 1 ? a[0] : Z3_mk_add(z, n, a);
  case SMT_INT_SUB: return Z3_mk_sub(z, 2, a);
  case SMT_INT_MUL: return n == 1 ? a[0] : Z3_mk_mul(z, n, a);
  case SMT_INT_DIV: return Z3_mk_div(z, a[0], a[1]);
  case SMT_INT_MOD: return Z3_mk_mod(z, a[0], a[1]);
  case SMT_INT_LE: return Z3_mk_le(z, a[0], a[1]);
  case SMT_INT_LT: return Z3_mk_lt(z, a[0], a[1]);
  case SMT_INT_GE: return Z3_mk_ge(z, a[0], a[1]);
  case SMT_INT_GT: return Z3_mk_gt(z, a[0], a[1]);
  case SMT_BV_NOT: return Z3_mk_bvnot(z, a[0]);
  case SMT_BV_NEG: return Z3_mk_bvneg(z, a[0]);
  case SMT_BV_AND: return Z3_mk_bvand(z, a[0], a[1]);
  case SMT_BV_OR: return Z3_mk_bvor(z, a[0], a[1]);
  case SMT_BV_XOR: return Z3_mk_bvxor(z, a[0], a[1]);
  case SMT_BV_ADD: return Z3_mk_bvadd(z, a[0], a[1]);
  case SMT_BV_SUB: return Z3_mk_bvsub(z, a[0], a[1]);
  case SMT_BV_MUL: return Z3_mk_bvmul(z, a[0], a[1]);
  case SMT_BV_UDIV: return Z3_mk_bvudiv(z, a[0], a[1]);
  case SMT_BV_UREM: return Z3_mk_bvurem(z, a[0], a[1]);
  case SMT_BV_SDIV: return Z3_mk_bvsdiv(z, a[0], a[1]);
  case SMT_BV_SREM: return Z3_mk_bvsrem(z, a[0], a[1]);
  case SMT_BV_SMOD: return Z3_mk_bvsmod(z, a[0], a[1]);
  case SMT_BV_SHL: return Z3_mk_bvshl(z, a[0], a[1]);
  case SMT_BV_LSHR: return Z3_mk_bvlshr(z, a[0], a[1]);
  case SMT_BV_ASHR: return Z3_mk_bvashr(z, a[0], a[1]);
  case SMT_BV_CONCAT: return Z3_mk_concat(z, a[0], a[1]);
  case SMT_BV_EXTRACT: return Z3_mk_extract(z, smt_extract_hi(ctx, t), smt_extract_lo(ctx, t), a[0]);
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT: {
    unsigned k = smt_sort_width(d->sort) - smt_bv_width(ctx, d->args[0]);
    return d->kind == SMT_BV_ZEXT ? Z3_mk_zero_ext(z, k, a[0]) : Z3_mk_sign_ext(z, k, a[0]);
  }
  case SMT_BV_ULT: return Z3_mk_bvult(z, a[0], a[1]);
  case SMT_BV_ULE: return Z3_mk_bvule(z, a[0], a[1]);
  case SMT_BV_UGT: return Z3_mk_bvugt(z, a[0], a[1]);
  case SMT_BV_UGE: return Z3_mk_bvuge(z, a[0], a[1]);
  case SMT_BV_SLT: return Z3_mk_bvslt(z, a[0], a[1]);
  case SMT_BV_SLE: return Z3_mk_bvsle(z, a[0], a[1]);
  case SMT_BV_SGT: return Z3_mk_bvsgt(z, a[0], a[1]);
  case SMT_BV_SGE: return Z3_mk_bvsge(z, a[0], a[1]);
  /* Z3's own predicates (native mode only): each says "no overflow" in one
   * direction, so overflow is the negation of their conjunction. */
  case SMT_BV_UADDO: return Z3_mk_not(z, Z3_mk_bvadd_no_overflow(z, a[0], a[1], false));
  case SMT_BV_SADDO: {
    Z3_ast c[2] = {Z3_mk_bvadd_no_overflow(z, a[0], a[1], true), NULL};
    Z3_inc_ref(z, c[0]);
    c[1] = Z3_mk_bvadd_no_underflow(z, a[0], a[1]);
    Z3_inc_ref(z, c[1]);
    /* the result stays alive as Z3's last result: dec_ref makes none */
    Z3_ast r = Z3_mk_not(z, Z3_mk_and(z, 2, c));
    Z3_dec_ref(z, c[0]);
    Z3_dec_ref(z, c[1]);
    return r;
  }
  case SMT_BV_USUBO: return Z3_mk_not(z, Z3_mk_bvsub_no_underflow(z, a[0], a[1], false));
  case SMT_BV_SSUBO: {
    Z3_ast c[2] = {Z3_mk_bvsub_no_overflow(z, a[0], a[1]), NULL};
    Z3_inc_ref(z, c[0]);
    c[1] = Z3_mk_bvsub_no_underflow(z, a[0], a[1], true);
    Z3_inc_ref(z, c[1]);
    Z3_ast r = Z3_mk_not(z, Z3_mk_and(z, 2, c));
    Z3_dec_ref(z, c[0]);
    Z3_dec_ref(z, c[1]);
    return r;
  }
  case SMT_BV_UMULO: return Z3_mk_not(z, Z3_mk_bvmul_no_overflow(z, a[0], a[1], false));
  case SMT_BV_SMULO: {
    Z3_ast c[2] = {Z3_mk_bvmul_no_overflow(z, a[0], a[1], true), NULL};
    Z3_inc_ref(z, c[0]);
    c[1] = Z3_mk_bvmul_no_underflow(z, a[0], a[1]);
    Z3_inc_ref(z, c[1]);
    Z3_ast r = Z3_mk_not(z, Z3_mk_and(z, 2, c));
    Z3_dec_ref(z, c[0]);
    Z3_dec_ref(z, c[1]);
    return r;
  }
  case SMT_BV_SDIVO: return Z3_mk_not(z, Z3_mk_bvsdiv_no_overflow(z, a[0], a[1]));
  case SMT_BV2NAT: return Z3_mk_bv2int(z, a[0], false);
  case SMT_BV2INT: return Z3_mk_bv2int(z, a[0], true);
  case SMT_INT2BV: return Z3_mk_int2bv(z, smt_sort_width(d->sort), a[0]);
  case SMT_SELECT: return Z3_mk_select(z, a[0], a[1]);
  case SMT_STORE: return Z3_mk_store(z, a[0], a[1], a[2]);
  case SMT_CONST_ARRAY:
    return Z3_mk_const_array(z, z3_sort(zs, smt_sort_bv(smt_sort_width(d->sort))), a[0]);
  default: smt_fatal("z3 back end: cannot translate kind %s", smt_kind_name((smt_kind)d->kind));
  }
}

/* Translation of root, iterative post-order so deep terms do not overflow
 * the C stack. An overflow predicate (outside native mode) stands for its
 * expansion, which is translated in its place. */
static Z3_ast translate(z3_solver *zs, smt_term root) {
  smt_ctx *ctx = zs->base.ctx;
  memo_reserve(zs, smt_num_terms(ctx));
  if (zs->memo.data[root]) return zs->memo.data[root];
  smt_term_vec stack = {0};
  VEC(Z3_ast) args = {0};
  VEC_PUSH(stack, root);
  while (stack.len) {
    smt_term t = stack.data[stack.len - 1];
    if (zs->memo.data[t]) {
      stack.len--;
      continue;
    }
    if (!zs->native_overflow && smt_kind_is_overflow(smt_term_kind(ctx, t))) {
      smt_term e = smt_expand_overflow(ctx, t); /* may grow the table */
      memo_reserve(zs, smt_num_terms(ctx));
      if (!zs->memo.data[e]) {
        VEC_PUSH(stack, e);
        continue;
      }
      zs->memo.data[t] = zs->memo.data[e];
      Z3_inc_ref(zs->z, zs->memo.data[t]);
      stack.len--;
      continue;
    }
    const smt_tdesc *d = smt_desc(ctx, t);
    bool ready = true;
    for (uint32_t i = 0; i < d->nargs; i++)
      if (!zs->memo.data[d->args[i]]) {
        VEC_PUSH(stack, d->args[i]);
        ready = false;
      }
    if (!ready) continue;
    args.len = 0;
    for (uint32_t i = 0; i < d->nargs; i++) VEC_PUSH(args, zs->memo.data[d->args[i]]);
    Z3_ast r;
    if (smt_kind_is_fp((smt_kind)d->kind)) {
      r = smt_z3_fp_node(zs->z, ctx, t, args.data); /* referenced already */
      check_error(zs, smt_kind_name((smt_kind)d->kind));
    } else {
      r = translate_node(zs, t, args.data);
      check_error(zs, smt_kind_name((smt_kind)d->kind));
      Z3_inc_ref(zs->z, r);
    }
    zs->memo.data[t] = r;
    stack.len--;
  }
  VEC_FREE(stack);
  VEC_FREE(args);
  return zs->memo.data[root];
}

/* ---- solver operations ----------------------------------------------------------- */
static void forget_results(z3_solver *zs) {
  if (zs->model) {
    Z3_model_dec_ref(zs->z, zs->model);
    zs->model = NULL;
  }
  zs->core.len = 0;
}

static unsigned live_contexts;

static void finalize_at_exit(void) {
  if (live_contexts == 0) Z3_finalize_memory();
}

static void z3_destroy(smt_solver *s) {
  z3_solver *zs = Z(s);
  forget_results(zs);
  for (size_t i = 0; i < zs->memo.len; i++)
    if (zs->memo.data[i]) Z3_dec_ref(zs->z, zs->memo.data[i]);
  for (size_t i = 0; i < zs->sorts.len; i++) Z3_dec_ref(zs->z, Z3_sort_to_ast(zs->z, zs->sorts.data[i]));
  Z3_solver_dec_ref(zs->z, zs->s);
  Z3_del_context(zs->z);
  assert(live_contexts > 0);
  live_contexts--;
  VEC_FREE(zs->memo);
  VEC_FREE(zs->sorts);
  VEC_FREE(zs->core);
  VEC_FREE(zs->assumptions);
  smt_map_free(&zs->sort_slot);
  free(zs);
}

static void z3_push(smt_solver *s) {
  z3_solver *zs = Z(s);
  forget_results(zs);
  Z3_solver_push(zs->z, zs->s);
}

static void z3_pop(smt_solver *s, unsigned levels) {
  z3_solver *zs = Z(s);
  forget_results(zs);
  Z3_solver_pop(zs->z, zs->s, levels);
  check_error(zs, "pop");
}

static void z3_assert(smt_solver *s, smt_term t) {
  z3_solver *zs = Z(s);
  if (smt_term_sort(s->ctx, t) != SMT_SORT_BOOL) smt_fatal("smt_solver_assert: not a Bool term");
  forget_results(zs);
  Z3_solver_assert(zs->z, zs->s, translate(zs, t));
  check_error(zs, "assert");
}

static void set_timeout(z3_solver *zs, unsigned ms) {
  if (zs->timeout_set && zs->timeout_ms == ms) return;
  Z3_params p = Z3_mk_params(zs->z);
  Z3_params_inc_ref(zs->z, p);
  Z3_params_set_uint(zs->z, p, Z3_mk_string_symbol(zs->z, "timeout"), ms ? ms : UINT_MAX);
  Z3_solver_set_params(zs->z, zs->s, p);
  Z3_params_dec_ref(zs->z, p);
  zs->timeout_ms = ms;
  zs->timeout_set = true;
}

static smt_result z3_check(smt_solver *s, uint32_t n, const smt_term *assumptions, unsigned timeout_ms) {
  z3_solver *zs = Z(s);
  forget_results(zs);
  set_timeout(zs, timeout_ms);
  zs->assumptions.len = 0;
  Z3_ast *as = n ? xmalloc(n * sizeof *as) : NULL;
  for (uint32_t i = 0; i < n; i++) {
    if (smt_term_sort(s->ctx, assumptions[i]) != SMT_SORT_BOOL)
      smt_fatal("smt_solver_check: assumption not Bool");
    as[i] = translate(zs, assumptions[i]);
    VEC_PUSH(zs->assumptions, assumptions[i]);
  }
  Z3_lbool r = n ? Z3_solver_check_assumptions(zs->z, zs->s, n, as) : Z3_solver_check(zs->z, zs->s);
  free(as);
  Z3_error_code e = Z3_get_error_code(zs->z);
  if (e != Z3_OK) {
    snprintf(zs->reason, sizeof zs->reason, "z3 error: %s", Z3_get_error_msg(zs->z, e));
    return SMT_UNKNOWN;
  }
  if (r == Z3_L_TRUE) {
    zs->model = Z3_solver_get_model(zs->z, zs->s);
    Z3_model_inc_ref(zs->z, zs->model);
    zs->reason[0] = 0;
    return SMT_SAT;
  }
  if (r == Z3_L_FALSE) {
    zs->reason[0] = 0;
    if (n) {
      Z3_ast_vector v = Z3_solver_get_unsat_core(zs->z, zs->s);
      Z3_ast_vector_inc_ref(zs->z, v);
      unsigned m = Z3_ast_vector_size(zs->z, v);
      for (unsigned i = 0; i < m; i++) {
        Z3_ast c = Z3_ast_vector_get(zs->z, v, i);
        unsigned id = Z3_get_ast_id(zs->z, c);
        for (uint32_t j = 0; j < n; j++)
          if (Z3_get_ast_id(zs->z, zs->memo.data[assumptions[j]]) == id) {
            VEC_PUSH(zs->core, assumptions[j]);
            break;
          }
      }
      Z3_ast_vector_dec_ref(zs->z, v);
    }
    return SMT_UNSAT;
  }
  const char *why = Z3_solver_get_reason_unknown(zs->z, zs->s);
  /* Z3 says "timeout" or "canceled" when the time limit hits */
  if (strstr(why, "timeout") || strstr(why, "canceled")) why = "timeout";
  snprintf(zs->reason, sizeof zs->reason, "%s", why);
  return SMT_UNKNOWN;
}

static const char *z3_reason(smt_solver *s) { return Z(s)->reason; }

/* A Z3 value back as a constant term of the context; SMT_NULL if it is not
 * a numeral/array value we can read. */
static smt_term value_term(z3_solver *zs, Z3_ast v, smt_sort s, int depth);

static smt_term numeral_term(z3_solver *zs, Z3_ast v, smt_sort s) {
  smt_ctx *ctx = zs->base.ctx;
  if (s == SMT_SORT_BOOL) {
    Z3_lbool b = Z3_get_bool_value(zs->z, v);
    return b == Z3_L_TRUE ? SMT_TRUE : b == Z3_L_FALSE ? SMT_FALSE : SMT_NULL;
  }
  if (!Z3_is_numeral_ast(zs->z, v)) return SMT_NULL;
  mpz_t m;
  mpz_init(m);
  smt_term r = SMT_NULL;
  if (mpz_set_str(m, Z3_get_numeral_string(zs->z, v), 10) == 0)
    r = s == SMT_SORT_INT ? smt_mk_int_mpz(ctx, m) : smt_mk_bv_mpz(ctx, smt_sort_width(s), m);
  mpz_clear(m);
  return r;
}

static smt_term array_value(z3_solver *zs, Z3_ast v, smt_sort s, int depth) {
  smt_ctx *ctx = zs->base.ctx;
  Z3_context z = zs->z;
  smt_sort is = smt_sort_bv(smt_sort_width(s)), es = smt_sort_bv(8);
  if (depth > 100000) return SMT_NULL;
  if (Z3_is_as_array(z, v)) {
    Z3_func_decl f = Z3_get_as_array_func_decl(z, v);
    Z3_func_interp fi = Z3_model_get_func_interp(z, zs->model, f);
    if (!fi) return SMT_NULL;
    Z3_func_interp_inc_ref(z, fi);
    smt_term r = value_term(zs, Z3_func_interp_get_else(z, fi), es, depth + 1);
    if (r) r = smt_mk_const_array(ctx, smt_sort_width(s), r);
    unsigned ne = Z3_func_interp_get_num_entries(z, fi);
    for (unsigned i = 0; i < ne && r; i++) {
      Z3_func_entry e = Z3_func_interp_get_entry(z, fi, i);
      Z3_func_entry_inc_ref(z, e);
      smt_term idx = value_term(zs, Z3_func_entry_get_arg(z, e, 0), is, depth + 1);
      smt_term val = value_term(zs, Z3_func_entry_get_value(z, e), es, depth + 1);
      Z3_func_entry_dec_ref(z, e);
      r = idx && val ? smt_mk_store(ctx, r, idx, val) : SMT_NULL;
    }
    Z3_func_interp_dec_ref(z, fi);
    return r;
  }
  if (Z3_get_ast_kind(z, v) != Z3_APP_AST) return SMT_NULL;
  Z3_app app = Z3_to_app(z, v);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k == Z3_OP_CONST_ARRAY) {
    smt_term e = value_term(zs, Z3_get_app_arg(z, app, 0), es, depth + 1);
    return e ? smt_mk_const_array(ctx, smt_sort_width(s), e) : SMT_NULL;
  }
  if (k == Z3_OP_STORE) {
    smt_term base = array_value(zs, Z3_get_app_arg(z, app, 0), s, depth + 1);
    smt_term idx = base ? value_term(zs, Z3_get_app_arg(z, app, 1), is, depth + 1) : SMT_NULL;
    smt_term val = idx ? value_term(zs, Z3_get_app_arg(z, app, 2), es, depth + 1) : SMT_NULL;
    return val ? smt_mk_store(ctx, base, idx, val) : SMT_NULL;
  }
  return SMT_NULL;
}

static smt_term value_term(z3_solver *zs, Z3_ast v, smt_sort s, int depth) {
  Z3_inc_ref(zs->z, v); /* keep v alive across the calls below */
  smt_term r = smt_sort_is_array(s) ? array_value(zs, v, s, depth) : numeral_term(zs, v, s);
  Z3_dec_ref(zs->z, v);
  return r;
}

static smt_term z3_value(smt_solver *s, smt_term t) {
  z3_solver *zs = Z(s);
  if (!zs->model) return SMT_NULL;
  Z3_ast a = translate(zs, t);
  Z3_ast v = NULL;
  if (!Z3_model_eval(zs->z, zs->model, a, true, &v) || !v) return SMT_NULL;
  return value_term(zs, v, smt_term_sort(s->ctx, t), 0);
}

static void z3_core(smt_solver *s, smt_term_vec *out) {
  z3_solver *zs = Z(s);
  for (size_t i = 0; i < zs->core.len; i++) VEC_PUSH(*out, zs->core.data[i]);
}

static const smt_solver_ops z3_ops = {
    .name = "z3",
    .destroy = z3_destroy,
    .push = z3_push,
    .pop = z3_pop,
    .assert_term = z3_assert,
    .check = z3_check,
    .reason_unknown = z3_reason,
    .value = z3_value,
    .unsat_core = z3_core,
};

smt_solver *smt_z3_solver_new(smt_ctx *ctx) {
  z3_solver *zs = xcalloc(1, sizeof *zs);
  zs->base.ops = &z3_ops;
  zs->base.ctx = ctx;
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  zs->z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  static bool finalizer_registered;
  if (!finalizer_registered) finalizer_registered = atexit(finalize_at_exit) == 0;
  live_contexts++;
  Z3_set_error_handler(zs->z, NULL);
  zs->s = Z3_mk_solver(zs->z);
  Z3_solver_inc_ref(zs->z, zs->s);
  smt_map_init(&zs->sort_slot);
  return &zs->base;
}

bool smt_z3_relax_ints(smt_solver *s) {
  if (s->ops != &z3_ops) return false;
  z3_solver *zs = Z(s);
  if (zs->sorts.len || zs->memo.len) return false; /* terms already translated as integers */
  zs->relaxed = true;
  return true;
}

bool smt_z3_value_rational(smt_solver *s, smt_term t, mpq_t out) {
  if (s->ops != &z3_ops) return false;
  z3_solver *zs = Z(s);
  if (!zs->model || smt_term_sort(s->ctx, t) != SMT_SORT_INT) return false;
  Z3_ast v = NULL;
  if (!Z3_model_eval(zs->z, zs->model, translate(zs, t), true, &v) || !v) return false;
  Z3_inc_ref(zs->z, v);
  bool ok = Z3_is_numeral_ast(zs->z, v) && mpq_set_str(out, Z3_get_numeral_string(zs->z, v), 10) == 0;
  Z3_dec_ref(zs->z, v);
  if (ok) mpq_canonicalize(out);
  return ok;
}

void smt_z3_set_native_overflow(smt_solver *s, bool on) {
  if (s->ops != &z3_ops) return;
  Z(s)->native_overflow = on;
}
