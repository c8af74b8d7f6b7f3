/* query: validity, implication and satisfiability with cache, pre-check
 * and statistics (see query.h for the contract). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "internal.h"
#include "smtlib.h"

const char *smt_answer_name(smt_answer a) {
  switch (a) {
  case SMT_YES: return "yes";
  case SMT_NO: return "no";
  default: return "don't know";
  }
}

void smt_set_cache(smt_ctx *ctx, bool on) { ctx->use_cache = on; }
void smt_set_precheck(smt_ctx *ctx, bool on) { ctx->use_precheck = on; }

void smt_set_dump_dir(smt_ctx *ctx, const char *dir) {
  free(ctx->dump_dir);
  ctx->dump_dir = dir ? xstrdup(dir) : NULL;
}

const char *smt_last_reason(const smt_ctx *ctx) { return ctx->reason; }

smt_solver *smt_query_solver(smt_ctx *ctx) {
  if (!ctx->qsolver) ctx->qsolver = smt_solver_new(ctx, SMT_BACKEND_Z3);
  return ctx->qsolver;
}

/* ---- cache ----------------------------------------------------------------- */
static smt_cache_entry *cache_slot(smt_ctx *ctx, smt_term q) {
  while (ctx->cache.len <= q) {
    smt_cache_entry e = {0, 0};
    VEC_PUSH(ctx->cache, e);
  }
  return &ctx->cache.data[q];
}

/* A cached UNKNOWN is reused only if this query would not get more time. */
static bool cache_usable(budget b, const smt_cache_entry *e) {
  if (e->result == 0) return false;
  if (e->result - 1 != SMT_UNKNOWN) return true;
  if (e->timeout_ms == 0) return true; /* it had no limit at all */
  return b.query_ms != 0 && b.query_ms <= e->timeout_ms;
}

/* ---- the one query ------------------------------------------------------------ */
static smt_result solve(smt_ctx *ctx, budget b, smt_query_kind kind, smt_term q) {
  smt_query_stats *st = &ctx->stats.q[kind];
  double t0 = util_now();
  st->queries++;
  ctx->reason[0] = 0;
  smt_result r;
  if (q == SMT_TRUE || q == SMT_FALSE) {
    st->trivial++;
    r = q == SMT_TRUE ? SMT_SAT : SMT_UNSAT;
    goto done;
  }
  if (ctx->use_cache) {
    smt_cache_entry *e = cache_slot(ctx, q);
    if (cache_usable(b, e)) {
      st->cache_hits++;
      r = (smt_result)(e->result - 1);
      if (r == SMT_UNKNOWN) snprintf(ctx->reason, sizeof ctx->reason, "timeout (cached)");
      goto done;
    }
  }
  if (ctx->use_precheck) {
    r = smt_precheck_sat(ctx, q);
    if (r != SMT_UNKNOWN) {
      if (r == SMT_SAT) st->precheck_sat++;
      else st->precheck_unsat++;
      goto store;
    }
  }
  {
    smt_solver *s = smt_query_solver(ctx);
    char *path = NULL;
    if (ctx->dump_dir) {
      static const char *const names[] = {"is_sat", "is_valid (negated)", "implies (a and not b)"};
      char comment[64];
      snprintf(comment, sizeof comment, "bitprove smt query: %s", names[kind]);
      path = smt_dump_query(ctx, ctx->dump_dir, 1, &q, comment);
    }
    double s0 = util_now();
    smt_solver_push(s);
    smt_solver_assert(s, q);
    r = smt_solver_check(s, b);
    if (r == SMT_UNKNOWN) snprintf(ctx->reason, sizeof ctx->reason, "%s", smt_solver_reason(s));
    smt_solver_pop(s, 1);
    st->solver_seconds += util_now() - s0;
    st->solver_calls++;
    if (r == SMT_SAT) st->solver_sat++;
    else if (r == SMT_UNSAT) st->solver_unsat++;
    else st->solver_unknown++;
    if (path) {
      FILE *f = fopen(path, "a");
      if (f) {
        fprintf(f, "; result: %s%s%s (%.3f s)\n", smt_result_name(r), r == SMT_UNKNOWN ? " " : "",
                r == SMT_UNKNOWN ? ctx->reason : "", util_now() - s0);
        fclose(f);
      }
      free(path);
    }
  }
store:
  if (ctx->use_cache) {
    smt_cache_entry *e = cache_slot(ctx, q);
    e->result = (uint8_t)(r + 1);
    e->timeout_ms = b.query_ms;
  }
done:
  st->seconds += util_now() - t0;
  return r;
}

smt_result smt_is_sat(smt_ctx *ctx, budget b, smt_term a) { return solve(ctx, b, SMT_Q_SAT, a); }

static smt_answer unsat_means_yes(smt_result r) {
  return r == SMT_UNSAT ? SMT_YES : r == SMT_SAT ? SMT_NO : SMT_DONT_KNOW;
}

/* not a, with the negation pushed through a top-level or, so that
 * is_valid(A => B) asks the same term as implies(A, B). */
static smt_term negate(smt_ctx *ctx, smt_term a) {
  if (smt_term_kind(ctx, a) != SMT_OR) return smt_mk_not(ctx, a);
  uint32_t n = smt_term_nargs(ctx, a);
  smt_term *neg = xmalloc(n * sizeof *neg);
  for (uint32_t i = 0; i < n; i++) neg[i] = smt_mk_not(ctx, smt_term_arg(ctx, a, i));
  smt_term r = smt_mk_and(ctx, n, neg);
  free(neg);
  return r;
}

smt_answer smt_is_valid(smt_ctx *ctx, budget b, smt_term a) {
  return unsat_means_yes(solve(ctx, b, SMT_Q_VALID, negate(ctx, a)));
}

smt_answer smt_implies(smt_ctx *ctx, budget bu, smt_term a, smt_term b) {
  return unsat_means_yes(solve(ctx, bu, SMT_Q_IMPLIES, smt_mk_and2(ctx, a, smt_mk_not(ctx, b))));
}

/* ---- statistics ------------------------------------------------------------------ */
const smt_stats *smt_stats_get(const smt_ctx *ctx) { return &ctx->stats; }
void smt_stats_reset(smt_ctx *ctx) { memset(&ctx->stats, 0, sizeof ctx->stats); }

void smt_stats_print(const smt_ctx *ctx, FILE *out) {
  const smt_stats *s = &ctx->stats;
  static const char *const kinds[SMT_Q_NUM_KINDS] = {"is_sat", "is_valid", "implies"};
  fprintf(out, "smt: %-20s %12s %12s %12s\n", "", kinds[0], kinds[1], kinds[2]);
#define ROWU(label, field)                                                                        \
  fprintf(out, "smt: %-20s %12llu %12llu %12llu\n", label, (unsigned long long)s->q[0].field,     \
          (unsigned long long)s->q[1].field, (unsigned long long)s->q[2].field)
#define ROWF(label, field)                                                                        \
  fprintf(out, "smt: %-20s %12.3f %12.3f %12.3f\n", label, s->q[0].field, s->q[1].field, s->q[2].field)
  ROWU("queries", queries);
  ROWU("trivial", trivial);
  ROWU("cache hits", cache_hits);
  ROWU("pre-check sat", precheck_sat);
  ROWU("pre-check unsat", precheck_unsat);
  ROWU("solver calls", solver_calls);
  ROWU("solver sat", solver_sat);
  ROWU("solver unsat", solver_unsat);
  ROWU("solver unknown", solver_unknown);
  ROWF("time (s)", seconds);
  ROWF("solver time (s)", solver_seconds);
#undef ROWU
#undef ROWF
  fprintf(out, "smt: pre-check calls %llu, %.3f s; terms %u\n", (unsigned long long)s->precheck_calls,
          s->precheck_seconds, smt_num_terms(ctx));
}
