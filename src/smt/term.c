/* term: the hash-consing term table (see term.h for the story of the data).
 *
 * Contract: smt_mk_raw() and the leaf constructors return the unique term
 * with the given kind, sort, payload and arguments, creating it if needed.
 * They check sorts and arity (aborting on misuse) and never simplify.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const kind_names[SMT_NUM_KINDS] = {
    [SMT_KIND_NONE] = "<none>",
    [SMT_BOOL_CONST] = "<bool>",
    [SMT_INT_CONST] = "<int>",
    [SMT_BV_CONST] = "<bv>",
    [SMT_VAR] = "<var>",
    [SMT_NOT] = "not",
    [SMT_AND] = "and",
    [SMT_OR] = "or",
    [SMT_XOR] = "xor",
    [SMT_IMPLIES] = "=>",
    [SMT_EQ] = "=",
    [SMT_ITE] = "ite",
    [SMT_INT_NEG] = "-",
    [SMT_INT_ADD] = "+",
    [SMT_INT_SUB] = "-",
    [SMT_INT_MUL] = "*",
    [SMT_INT_DIV] = "div",
    [SMT_INT_MOD] = "mod",
    [SMT_INT_LE] = "<=",
    [SMT_INT_LT] = "<",
    [SMT_INT_GE] = ">=",
    [SMT_INT_GT] = ">",
    [SMT_BV_NOT] = "bvnot",
    [SMT_BV_NEG] = "bvneg",
    [SMT_BV_AND] = "bvand",
    [SMT_BV_OR] = "bvor",
    [SMT_BV_XOR] = "bvxor",
    [SMT_BV_ADD] = "bvadd",
    [SMT_BV_SUB] = "bvsub",
    [SMT_BV_MUL] = "bvmul",
    [SMT_BV_UDIV] = "bvudiv",
    [SMT_BV_UREM] = "bvurem",
    [SMT_BV_SDIV] = "bvsdiv",
    [SMT_BV_SREM] = "bvsrem",
    [SMT_BV_SMOD] = "bvsmod",
    [SMT_BV_SHL] = "bvshl",
    [SMT_BV_LSHR] = "bvlshr",
    [SMT_BV_ASHR] = "bvashr",
    [SMT_BV_CONCAT] = "concat",
    [SMT_BV_EXTRACT] = "extract",
    [SMT_BV_ZEXT] = "zero_extend",
    [SMT_BV_SEXT] = "sign_extend",
    [SMT_BV_ULT] = "bvult",
    [SMT_BV_ULE] = "bvule",
    [SMT_BV_UGT] = "bvugt",
    [SMT_BV_UGE] = "bvuge",
    [SMT_BV_SLT] = "bvslt",
    [SMT_BV_SLE] = "bvsle",
    [SMT_BV_SGT] = "bvsgt",
    [SMT_BV_SGE] = "bvsge",
    [SMT_BV_UADDO] = "bvuaddo",
    [SMT_BV_SADDO] = "bvsaddo",
    [SMT_BV_USUBO] = "bvusubo",
    [SMT_BV_SSUBO] = "bvssubo",
    [SMT_BV_UMULO] = "bvumulo",
    [SMT_BV_SMULO] = "bvsmulo",
    [SMT_BV_SDIVO] = "bvsdivo",
    [SMT_BV2NAT] = "bv2nat",
    [SMT_BV2INT] = "bv2int",
    [SMT_INT2BV] = "int2bv",
    [SMT_SELECT] = "select",
    [SMT_STORE] = "store",
    [SMT_CONST_ARRAY] = "const",
    [SMT_FP_ADD] = "fp.add",
    [SMT_FP_SUB] = "fp.sub",
    [SMT_FP_MUL] = "fp.mul",
    [SMT_FP_DIV] = "fp.div",
    [SMT_FP_REM] = "fp.rem",
    [SMT_FP_MIN] = "fp.min",
    [SMT_FP_MAX] = "fp.max",
    [SMT_FP_SQRT] = "fp.sqrt",
    [SMT_FP_ROUND] = "fp.roundToIntegral",
    [SMT_FP_EQ] = "fp.eq",
    [SMT_FP_LT] = "fp.lt",
    [SMT_FP_LEQ] = "fp.leq",
    [SMT_FP_ISNAN] = "fp.isNaN",
    [SMT_FP_TO_SBV] = "fp.to_sbv",
    [SMT_FP_TO_UBV] = "fp.to_ubv",
    [SMT_SBV_TO_FP] = "to_fp",
    [SMT_UBV_TO_FP] = "to_fp_unsigned",
    [SMT_FP_EXT] = "fp.ext",
    [SMT_FP_TRUNC] = "fp.trunc",
};

const char *smt_kind_name(smt_kind k) {
  return (unsigned)k < SMT_NUM_KINDS ? kind_names[k] : "<bad kind>";
}

/* ---- hashing ----------------------------------------------------------- */
static inline uint32_t mix(uint32_t h, uint32_t x) {
  h ^= x * 0x9e3779b1u;
  h = (h << 13) | (h >> 19);
  return h * 5u + 0xe6546b64u;
}

static uint32_t hash_mpz(uint32_t h, mpz_srcptr v) {
  size_t n = mpz_size(v);
  h = mix(h, (uint32_t)mpz_sgn(v));
  for (size_t i = 0; i < n; i++) {
    mp_limb_t l = mpz_getlimbn(v, (mp_size_t)i);
    h = mix(h, (uint32_t)l);
    if (sizeof l > 4) h = mix(h, (uint32_t)((uint64_t)l >> 32));
  }
  return h;
}

static uint32_t hash_str(uint32_t h, const char *s) {
  for (; *s; s++) h = mix(h, (unsigned char)*s);
  return h;
}

/* What a term is made of, before it has an index. */
typedef struct {
  smt_kind kind;
  smt_sort sort;
  uint32_t nargs;
  const smt_term *args;
  uint32_t aux;      /* extract lo */
  mpz_srcptr value;  /* constants */
  const char *name;  /* variables */
} term_key;

static uint32_t key_hash(const term_key *k) {
  uint32_t h = mix(mix(0x811c9dc5u, (uint32_t)k->kind), k->sort);
  switch (k->kind) {
  case SMT_INT_CONST:
  case SMT_BV_CONST: return hash_mpz(h, k->value);
  case SMT_VAR: return hash_str(h, k->name);
  default: break;
  }
  h = mix(h, k->aux);
  for (uint32_t i = 0; i < k->nargs; i++) h = mix(h, k->args[i]);
  return mix(h, k->nargs);
}

static bool key_equal(const smt_ctx *ctx, const smt_tdesc *d, const term_key *k, uint32_t h) {
  if (d->hash != h || d->kind != k->kind || d->sort != k->sort || d->nargs != k->nargs) return false;
  switch (k->kind) {
  case SMT_INT_CONST:
  case SMT_BV_CONST: return mpz_cmp(ctx->values.data[d->aux], k->value) == 0;
  case SMT_VAR: return strcmp(ctx->vars.data[d->aux].name, k->name) == 0;
  default: break;
  }
  return d->aux == k->aux && memcmp(d->args, k->args, k->nargs * sizeof *k->args) == 0;
}

/* The hash-consing table and the name set below are open addressing of
 * their own, not the util map (map.h): their keys are structural (kind,
 * sort, payload and arguments compared by key_equal; strings), stored once
 * in the term table, not integers. */
static void htab_grow(smt_ctx *ctx) {
  uint32_t ncap = ctx->hcap ? 2 * ctx->hcap : 1024;
  assert((ncap & (ncap - 1)) == 0 && ncap > ctx->hcap); /* probing masks with ncap - 1 */
  uint32_t *n = xcalloc(ncap, sizeof *n);
  for (uint32_t i = 0; i < ctx->hcap; i++) {
    uint32_t t = ctx->htab[i];
    if (!t) continue;
    uint32_t j = ctx->terms.data[t].hash & (ncap - 1);
    while (n[j]) j = (j + 1) & (ncap - 1);
    n[j] = t;
  }
  free(ctx->htab);
  ctx->htab = n;
  ctx->hcap = ncap;
}

/* Argument arrays live in blocks that never move. */
static const smt_term *pool_args(smt_ctx *ctx, uint32_t n, const smt_term *args) {
  if (n == 0) return NULL;
  if (ctx->arg_left < n) {
    size_t size = n > 16384 ? n : 16384;
    ctx->arg_cur = xmalloc(size * sizeof(smt_term));
    ctx->arg_left = size;
    VEC_PUSH(ctx->arg_blocks, ctx->arg_cur);
  }
  assert(ctx->arg_left >= n);
  smt_term *p = ctx->arg_cur;
  memcpy(p, args, n * sizeof *args);
  ctx->arg_cur += n;
  ctx->arg_left -= n;
  return p;
}

/* ---- variable names ------------------------------------------------------ */
/* Print names must be unique across the context so that printed queries can
 * declare each variable once; names_used is a set of all names given out
 * (both the requested and the print names). */
static uint32_t str_hash(const char *s) { return hash_str(0x12345u, s); }

static bool names_has(const smt_ctx *ctx, const char *s) {
  if (!ctx->name_cap) return false;
  uint32_t j = str_hash(s) & (ctx->name_cap - 1);
  while (ctx->name_slot[j]) {
    if (strcmp(ctx->name_slot[j], s) == 0) return true;
    j = (j + 1) & (ctx->name_cap - 1);
  }
  return false;
}

static void names_add(smt_ctx *ctx, const char *s) {
  if (2 * (ctx->name_count + 1) > ctx->name_cap) {
    uint32_t ncap = ctx->name_cap ? 2 * ctx->name_cap : 256;
    const char **n = xcalloc(ncap, sizeof *n);
    for (uint32_t i = 0; i < ctx->name_cap; i++) {
      if (!ctx->name_slot[i]) continue;
      uint32_t j = str_hash(ctx->name_slot[i]) & (ncap - 1);
      while (n[j]) j = (j + 1) & (ncap - 1);
      n[j] = ctx->name_slot[i];
    }
    free(ctx->name_slot);
    ctx->name_slot = n;
    ctx->name_cap = ncap;
  }
  assert((ctx->name_cap & (ctx->name_cap - 1)) == 0 && 2 * (ctx->name_count + 1) <= ctx->name_cap);
  uint32_t j = str_hash(s) & (ctx->name_cap - 1);
  while (ctx->name_slot[j]) {
    if (strcmp(ctx->name_slot[j], s) == 0) return;
    j = (j + 1) & (ctx->name_cap - 1);
  }
  ctx->name_slot[j] = s;
  ctx->name_count++;
}

bool smt_name_taken(const smt_ctx *ctx, const char *name) { return names_has(ctx, name); }

/* ---- interning ------------------------------------------------------------- */
static smt_term intern(smt_ctx *ctx, const term_key *k) {
  uint32_t h = key_hash(k);
  if (2 * (ctx->hcount + 1) > ctx->hcap) htab_grow(ctx);
  assert(2 * (ctx->hcount + 1) <= ctx->hcap); /* a free slot: the probe below ends */
  uint32_t mask = ctx->hcap - 1, j = h & mask;
  for (;;) {
    uint32_t t = ctx->htab[j];
    if (!t) break;
    if (key_equal(ctx, &ctx->terms.data[t], k, h)) return t;
    j = (j + 1) & mask;
  }
  if (ctx->terms.len >= UINT32_MAX - 1) util_die_unknown("out of memory (term table full)");
  smt_tdesc d = {.kind = (uint16_t)k->kind, .sort = k->sort, .nargs = k->nargs, .hash = h};
  if (k->kind == SMT_INT_CONST || k->kind == SMT_BV_CONST) {
    mpz_ptr v = arena_alloc(&ctx->pool, sizeof(__mpz_struct));
    mpz_init_set(v, k->value);
    d.aux = (uint32_t)ctx->values.len;
    VEC_PUSH(ctx->values, v);
  } else if (k->kind == SMT_VAR) {
    smt_varinfo vi;
    vi.name = arena_strdup(&ctx->pool, k->name);
    vi.print_name = vi.name;
    if (names_has(ctx, k->name)) {
      /* The name is taken by a variable of another sort (or by another
       * variable's print name): pick a fresh print name. */
      for (;;) {
        char *cand = xasprintf("%s!%u", k->name, ++ctx->fresh_counter);
        bool taken = names_has(ctx, cand);
        if (!taken) vi.print_name = arena_strdup(&ctx->pool, cand);
        free(cand);
        if (!taken) break;
      }
    }
    assert(!names_has(ctx, vi.print_name)); /* print names are unique in the context */
    names_add(ctx, vi.name);
    names_add(ctx, vi.print_name);
    d.aux = (uint32_t)ctx->vars.len;
    VEC_PUSH(ctx->vars, vi);
  } else {
    d.aux = k->aux;
    d.args = pool_args(ctx, k->nargs, k->args);
  }
  smt_term t = (smt_term)ctx->terms.len;
  VEC_PUSH(ctx->terms, d);
  ctx->htab[j] = t;
  ctx->hcount++;
  return t;
}

/* ---- context-level table setup (called from ctx.c) ----------------------- */

void smt_table_init(smt_ctx *ctx) {
  arena_init(&ctx->pool);
  smt_tdesc none = {0};
  VEC_PUSH(ctx->terms, none); /* index 0 is SMT_NULL */
  term_key kt = {.kind = SMT_BOOL_CONST, .sort = SMT_SORT_BOOL, .aux = 1};
  term_key kf = {.kind = SMT_BOOL_CONST, .sort = SMT_SORT_BOOL, .aux = 0};
  smt_term t = intern(ctx, &kt), f = intern(ctx, &kf);
  if (t != SMT_TRUE || f != SMT_FALSE) smt_fatal("term table: bad initial layout");
}

void smt_table_free(smt_ctx *ctx) {
  for (size_t i = 0; i < ctx->values.len; i++) mpz_clear(ctx->values.data[i]);
  VEC_FREE(ctx->values);
  VEC_FREE(ctx->vars);
  for (size_t i = 0; i < ctx->arg_blocks.len; i++) free(ctx->arg_blocks.data[i]);
  VEC_FREE(ctx->arg_blocks);
  VEC_FREE(ctx->terms);
  free(ctx->htab);
  ctx->htab = NULL;
  arena_free(&ctx->pool);
  free(ctx->name_slot);
  ctx->name_slot = NULL;
  ctx->name_cap = ctx->name_count = 0;
}

/* ---- leaf constructors --------------------------------------------------- */
smt_term smt_mk_bool(smt_ctx *ctx, bool b) {
  (void)ctx;
  return b ? SMT_TRUE : SMT_FALSE;
}

smt_term smt_mk_int_mpz(smt_ctx *ctx, mpz_srcptr v) {
  term_key k = {.kind = SMT_INT_CONST, .sort = SMT_SORT_INT, .value = v};
  return intern(ctx, &k);
}

smt_term smt_mk_int(smt_ctx *ctx, int64_t v) {
  mpz_t z;
  mpz_init(z);
  /* mpz_set_si takes a long, which may be 32 bits: go through two halves. */
  uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
  mpz_set_ui(z, (unsigned long)(mag >> 32));
  mpz_mul_2exp(z, z, 32);
  mpz_add_ui(z, z, (unsigned long)(mag & 0xffffffffu));
  if (v < 0) mpz_neg(z, z);
  smt_term t = smt_mk_int_mpz(ctx, z);
  mpz_clear(z);
  return t;
}

smt_term smt_mk_bv_mpz(smt_ctx *ctx, uint32_t width, mpz_srcptr v) {
  if (width == 0 || width > SMT_MAX_WIDTH) smt_fatal("smt_mk_bv: bad width %u", width);
  mpz_t z;
  mpz_init(z);
  mpz_fdiv_r_2exp(z, v, width); /* in [0, 2^width) also for negative v */
  assert(mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= width);
  term_key k = {.kind = SMT_BV_CONST, .sort = smt_sort_bv(width), .value = z};
  smt_term t = intern(ctx, &k);
  mpz_clear(z);
  return t;
}

smt_term smt_mk_bv(smt_ctx *ctx, uint32_t width, uint64_t v) {
  mpz_t z;
  mpz_init_set_ui(z, (unsigned long)(v >> 32));
  mpz_mul_2exp(z, z, 32);
  mpz_add_ui(z, z, (unsigned long)(v & 0xffffffffu));
  smt_term t = smt_mk_bv_mpz(ctx, width, z);
  mpz_clear(z);
  return t;
}

smt_term smt_mk_bv_signed(smt_ctx *ctx, uint32_t width, int64_t v) {
  mpz_t z;
  mpz_init(z);
  uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
  mpz_set_ui(z, (unsigned long)(mag >> 32));
  mpz_mul_2exp(z, z, 32);
  mpz_add_ui(z, z, (unsigned long)(mag & 0xffffffffu));
  if (v < 0) mpz_neg(z, z);
  smt_term t = smt_mk_bv_mpz(ctx, width, z);
  mpz_clear(z);
  return t;
}

static bool valid_sort(smt_sort s) {
  if (s == SMT_SORT_BOOL || s == SMT_SORT_INT) return true;
  return (smt_sort_is_bv(s) || smt_sort_is_array(s)) && smt_sort_width(s) >= 1;
}

smt_term smt_mk_var(smt_ctx *ctx, const char *name, smt_sort sort) {
  if (!valid_sort(sort)) smt_fatal("smt_mk_var(%s): bad sort %u", name, sort);
  term_key k = {.kind = SMT_VAR, .sort = sort, .name = name};
  return intern(ctx, &k);
}

smt_term smt_mk_fresh(smt_ctx *ctx, const char *prefix, smt_sort sort) {
  for (;;) {
    char *name = xasprintf("%s!%u", prefix, ++ctx->fresh_counter);
    bool taken = names_has(ctx, name);
    smt_term t = taken ? SMT_NULL : smt_mk_var(ctx, name, sort);
    free(name);
    if (t) return t;
  }
}

/* ---- operator constructor ------------------------------------------------ */
static const char *sort_str(smt_sort s, char buf[32]) {
  if (s == SMT_SORT_BOOL) return "Bool";
  if (s == SMT_SORT_INT) return "Int";
  snprintf(buf, 32, "%s%u", smt_sort_is_bv(s) ? "BV" : "Array", smt_sort_width(s));
  return buf;
}

UTIL_NORETURN static void sort_error(const smt_ctx *ctx, smt_kind k, uint32_t n, const smt_term *a,
                                     const char *why) {
  strbuf b = {0};
  char buf[32];
  for (uint32_t i = 0; i < n; i++)
    strbuf_printf(&b, " %s", a[i] && a[i] < ctx->terms.len ? sort_str(ctx->terms.data[a[i]].sort, buf)
                                                           : "<bad term>");
  smt_fatal("smt_mk_raw(%s):%s: %s", smt_kind_name(k), b.data ? b.data : "", why);
}

smt_sort smt_op_sort(const smt_ctx *ctx, smt_kind kind, uint32_t n, const smt_term *a, uint32_t p1,
                     uint32_t p2, uint32_t *aux) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] == SMT_NULL || a[i] >= ctx->terms.len) sort_error(ctx, kind, n, a, "bad argument");
#define S(i) (ctx->terms.data[a[i]].sort)
#define FPS(i) (S(i) == smt_sort_bv(32) || S(i) == smt_sort_bv(64))
#define NEED(c, why)                                                                              \
  do {                                                                                            \
    if (!(c)) sort_error(ctx, kind, n, a, why);                                                   \
  } while (0)
  term_key k = {.kind = kind, .nargs = n, .args = a};
  k.aux = 0;
  switch (kind) {
  case SMT_NOT:
    NEED(n == 1 && S(0) == SMT_SORT_BOOL, "expects one Bool");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_AND:
  case SMT_OR:
    NEED(n >= 1, "expects arguments");
    for (uint32_t i = 0; i < n; i++) NEED(S(i) == SMT_SORT_BOOL, "expects Bool");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_XOR:
  case SMT_IMPLIES:
    NEED(n == 2 && S(0) == SMT_SORT_BOOL && S(1) == SMT_SORT_BOOL, "expects two Bool");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_EQ:
    NEED(n == 2 && S(0) == S(1), "expects two arguments of one sort");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_ITE:
    NEED(n == 3 && S(0) == SMT_SORT_BOOL && S(1) == S(2), "expects Bool, s, s");
    k.sort = S(1);
    break;
  case SMT_INT_NEG:
    NEED(n == 1 && S(0) == SMT_SORT_INT, "expects one Int");
    k.sort = SMT_SORT_INT;
    break;
  case SMT_INT_ADD:
  case SMT_INT_MUL:
    NEED(n >= 1, "expects arguments");
    for (uint32_t i = 0; i < n; i++) NEED(S(i) == SMT_SORT_INT, "expects Int");
    k.sort = SMT_SORT_INT;
    break;
  case SMT_INT_SUB:
  case SMT_INT_DIV:
  case SMT_INT_MOD:
    NEED(n == 2 && S(0) == SMT_SORT_INT && S(1) == SMT_SORT_INT, "expects two Int");
    k.sort = SMT_SORT_INT;
    break;
  case SMT_INT_LE:
  case SMT_INT_LT:
  case SMT_INT_GE:
  case SMT_INT_GT:
    NEED(n == 2 && S(0) == SMT_SORT_INT && S(1) == SMT_SORT_INT, "expects two Int");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_BV_NOT:
  case SMT_BV_NEG:
    NEED(n == 1 && smt_sort_is_bv(S(0)), "expects one BV");
    k.sort = S(0);
    break;
  case SMT_BV_AND: case SMT_BV_OR: case SMT_BV_XOR: case SMT_BV_ADD: case SMT_BV_SUB:
  case SMT_BV_MUL: case SMT_BV_UDIV: case SMT_BV_UREM: case SMT_BV_SDIV: case SMT_BV_SREM:
  case SMT_BV_SMOD: case SMT_BV_SHL: case SMT_BV_LSHR: case SMT_BV_ASHR:
    NEED(n == 2 && smt_sort_is_bv(S(0)) && S(0) == S(1), "expects two BV of one width");
    k.sort = S(0);
    break;
  case SMT_BV_CONCAT:
    NEED(n == 2 && smt_sort_is_bv(S(0)) && smt_sort_is_bv(S(1)), "expects two BV");
    NEED((uint64_t)smt_sort_width(S(0)) + smt_sort_width(S(1)) <= SMT_MAX_WIDTH, "too wide");
    k.sort = smt_sort_bv(smt_sort_width(S(0)) + smt_sort_width(S(1)));
    break;
  case SMT_BV_EXTRACT:
    NEED(n == 1 && smt_sort_is_bv(S(0)), "expects one BV");
    NEED(p2 <= p1 && p1 < smt_sort_width(S(0)), "needs lo <= hi < width");
    k.sort = smt_sort_bv(p1 - p2 + 1);
    k.aux = p2;
    break;
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT:
    NEED(n == 1 && smt_sort_is_bv(S(0)), "expects one BV");
    NEED((uint64_t)smt_sort_width(S(0)) + p1 <= SMT_MAX_WIDTH, "too wide");
    k.sort = smt_sort_bv(smt_sort_width(S(0)) + p1);
    break;
  case SMT_BV_ULT: case SMT_BV_ULE: case SMT_BV_UGT: case SMT_BV_UGE: case SMT_BV_SLT:
  case SMT_BV_SLE: case SMT_BV_SGT: case SMT_BV_SGE: case SMT_BV_UADDO: case SMT_BV_SADDO:
  case SMT_BV_USUBO: case SMT_BV_SSUBO: case SMT_BV_UMULO: case SMT_BV_SMULO: case SMT_BV_SDIVO:
    NEED(n == 2 && smt_sort_is_bv(S(0)) && S(0) == S(1), "expects two BV of one width");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_BV2NAT:
  case SMT_BV2INT:
    NEED(n == 1 && smt_sort_is_bv(S(0)), "expects one BV");
    k.sort = SMT_SORT_INT;
    break;
  case SMT_INT2BV:
    NEED(n == 1 && S(0) == SMT_SORT_INT, "expects one Int");
    NEED(p1 >= 1 && p1 <= SMT_MAX_WIDTH, "bad width");
    k.sort = smt_sort_bv(p1);
    break;
  case SMT_SELECT:
    NEED(n == 2 && smt_sort_is_array(S(0)) && S(1) == smt_sort_bv(smt_sort_width(S(0))),
         "expects Array(BV(n)) and BV(n)");
    k.sort = smt_sort_bv(8);
    break;
  case SMT_STORE:
    NEED(n == 3 && smt_sort_is_array(S(0)) && S(1) == smt_sort_bv(smt_sort_width(S(0))) &&
             S(2) == smt_sort_bv(8),
         "expects Array(BV(n)), BV(n), BV(8)");
    k.sort = S(0);
    break;
  case SMT_CONST_ARRAY:
    NEED(n == 1 && S(0) == smt_sort_bv(8), "expects one BV(8)");
    NEED(p1 >= 1 && p1 <= SMT_MAX_WIDTH, "bad index width");
    k.sort = smt_sort_array(p1);
    break;
  case SMT_FP_ADD: case SMT_FP_SUB: case SMT_FP_MUL: case SMT_FP_DIV: case SMT_FP_REM:
  case SMT_FP_MIN: case SMT_FP_MAX:
    NEED(n == 2 && FPS(0) && S(0) == S(1), "expects two BV of width 32 or 64");
    k.sort = S(0);
    break;
  case SMT_FP_SQRT:
    NEED(n == 1 && FPS(0), "expects one BV of width 32 or 64");
    k.sort = S(0);
    break;
  case SMT_FP_ROUND:
    NEED(n == 1 && FPS(0), "expects one BV of width 32 or 64");
    NEED(p1 <= SMT_RM_RTZ, "bad rounding mode");
    k.sort = S(0);
    k.aux = p1;
    break;
  case SMT_FP_EQ: case SMT_FP_LT: case SMT_FP_LEQ:
    NEED(n == 2 && FPS(0) && S(0) == S(1), "expects two BV of width 32 or 64");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_FP_ISNAN:
    NEED(n == 1 && FPS(0), "expects one BV of width 32 or 64");
    k.sort = SMT_SORT_BOOL;
    break;
  case SMT_FP_TO_SBV: case SMT_FP_TO_UBV:
    NEED(n == 1 && FPS(0), "expects one BV of width 32 or 64");
    NEED(p1 >= 1 && p1 <= SMT_MAX_WIDTH, "bad width");
    k.sort = smt_sort_bv(p1);
    break;
  case SMT_SBV_TO_FP: case SMT_UBV_TO_FP:
    NEED(n == 1 && smt_sort_is_bv(S(0)), "expects one BV");
    NEED(p1 == 32 || p1 == 64, "float width must be 32 or 64");
    k.sort = smt_sort_bv(p1);
    break;
  case SMT_FP_EXT:
    NEED(n == 1 && S(0) == smt_sort_bv(32), "expects one BV(32)");
    k.sort = smt_sort_bv(64);
    break;
  case SMT_FP_TRUNC:
    NEED(n == 1 && S(0) == smt_sort_bv(64), "expects one BV(64)");
    k.sort = smt_sort_bv(32);
    break;
  default:
    sort_error(ctx, kind, n, a, "not an operator kind (use the leaf constructors)");
  }
#undef S
#undef FPS
#undef NEED
  *aux = k.aux;
  return k.sort;
}

smt_term smt_mk_raw(smt_ctx *ctx, smt_kind kind, uint32_t n, const smt_term *a, uint32_t p1,
                    uint32_t p2) {
  term_key k = {.kind = kind, .nargs = n, .args = a};
  k.sort = smt_op_sort(ctx, kind, n, a, p1, p2, &k.aux);
  return intern(ctx, &k);
}

/* ---- accessors ------------------------------------------------------------ */
/* Every accessor takes a term of this context (1 .. num-1): SMT_NULL or an
 * index from another, larger context is a caller's bug. */
#define TERM_OK(ctx, t) assert((t) != SMT_NULL && (t) < (ctx)->terms.len)
uint32_t smt_num_terms(const smt_ctx *ctx) { return (uint32_t)ctx->terms.len; }
smt_kind smt_term_kind(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  return (smt_kind)ctx->terms.data[t].kind;
}
smt_sort smt_term_sort(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  return ctx->terms.data[t].sort;
}
uint32_t smt_term_nargs(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  return ctx->terms.data[t].nargs;
}
smt_term smt_term_arg(const smt_ctx *ctx, smt_term t, uint32_t i) {
  TERM_OK(ctx, t);
  assert(i < ctx->terms.data[t].nargs);
  return ctx->terms.data[t].args[i];
}
const smt_term *smt_term_args(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  return ctx->terms.data[t].args;
}

mpz_srcptr smt_term_value(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  const smt_tdesc *d = &ctx->terms.data[t];
  if (d->kind != SMT_INT_CONST && d->kind != SMT_BV_CONST) smt_fatal("smt_term_value: not a constant");
  return ctx->values.data[d->aux];
}

const char *smt_term_name(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  const smt_tdesc *d = &ctx->terms.data[t];
  return d->kind == SMT_VAR ? ctx->vars.data[d->aux].name : NULL;
}

const char *smt_term_print_name(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  const smt_tdesc *d = &ctx->terms.data[t];
  return d->kind == SMT_VAR ? ctx->vars.data[d->aux].print_name : NULL;
}

uint32_t smt_extract_lo(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  assert(ctx->terms.data[t].kind == SMT_BV_EXTRACT);
  return ctx->terms.data[t].aux;
}
uint32_t smt_extract_hi(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  const smt_tdesc *d = &ctx->terms.data[t];
  return d->aux + smt_sort_width(d->sort) - 1;
}

smt_fp_rmode smt_fp_round_mode(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  assert(ctx->terms.data[t].kind == SMT_FP_ROUND);
  return (smt_fp_rmode)ctx->terms.data[t].aux;
}

void smt_term_params(const smt_ctx *ctx, smt_term t, uint32_t *p1, uint32_t *p2) {
  TERM_OK(ctx, t);
  const smt_tdesc *d = &ctx->terms.data[t];
  *p1 = *p2 = 0;
  switch (d->kind) {
  case SMT_BV_EXTRACT:
    *p1 = d->aux + smt_sort_width(d->sort) - 1;
    *p2 = d->aux;
    break;
  case SMT_BV_ZEXT:
  case SMT_BV_SEXT: *p1 = smt_sort_width(d->sort) - smt_sort_width(ctx->terms.data[d->args[0]].sort); break;
  case SMT_INT2BV:
  case SMT_CONST_ARRAY:
  case SMT_FP_TO_SBV:
  case SMT_FP_TO_UBV:
  case SMT_SBV_TO_FP:
  case SMT_UBV_TO_FP: *p1 = smt_sort_width(d->sort); break;
  case SMT_FP_ROUND: *p1 = d->aux; break;
  default: break;
  }
}

uint32_t smt_bv_width(const smt_ctx *ctx, smt_term t) {
  TERM_OK(ctx, t);
  smt_sort s = ctx->terms.data[t].sort;
  return smt_sort_is_bv(s) ? smt_sort_width(s) : 0;
}

bool smt_term_is_const(const smt_ctx *ctx, smt_term t) {
  uint16_t k = ctx->terms.data[t].kind;
  return k == SMT_BOOL_CONST || k == SMT_INT_CONST || k == SMT_BV_CONST;
}
