/* seg_queries: micro-benchmark of the query layer on a SEG-like workload.
 *
 * The SEG asks, again and again, whether the knowledge base of one abstract
 * state implies that of another: implications between small conjunctions
 * of linear (in)equalities over a few integer variables, many of them
 * repeated. This program builds a pool of such implications (conjunctions
 * of 2-5 atoms over 3-6 variables: bounds, differences, offsets, small
 * linear combinations; half of the conclusions follow from the premise),
 * draws a stream of queries from the pool with a skewed distribution (a few
 * implications asked very often, as the SEG does), and answers the stream
 * with the query layer in four configurations:
 *   raw       no cache, no pre-check: every query goes to Z3
 *   cache     result cache only
 *   precheck  pre-check only
 *   both      cache and pre-check (the default of smt_ctx_new)
 * Each configuration uses a fresh context and the same stream (same seed),
 * and prints queries per second, the answers (which must agree) and the
 * counters of smt_stats_print.
 *
 * usage: seg_queries [raw|cache|precheck|both|all] [queries=20000] [seed=1]
 *                    [timeout_ms=10000, 0 = none]
 * Build and callgrind commands: bench/smt/README.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smt/smt.h"

static uint64_t rng;
static uint64_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static int pick(int n) { return (int)(rnd() % (uint64_t)n); }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
  smt_term a, b;
} implication;

/* One atom of a SEG knowledge base over variables v[0..nv-1]. */
static smt_term atom(smt_ctx *ctx, const smt_term *v, int nv) {
  smt_term x = v[pick(nv)], y = v[pick(nv)];
  smt_term c = smt_mk_int(ctx, pick(21) - 10);
  switch (pick(6)) {
  case 0: return smt_mk_int_le(ctx, x, c);                         /* x <= c */
  case 1: return smt_mk_int_ge(ctx, x, c);                         /* x >= c */
  case 2: return smt_mk_int_le(ctx, smt_mk_int_sub(ctx, x, y), c); /* x - y <= c */
  case 3: return smt_mk_eq(ctx, x, smt_mk_int_add2(ctx, y, c));    /* x = y + c */
  case 4: return smt_mk_int_lt(ctx, x, y);                         /* x < y */
  default: {                                                       /* 2x + y <= c */
    smt_term t = smt_mk_int_add2(ctx, smt_mk_int_mul2(ctx, smt_mk_int(ctx, 1 + pick(3)), x), y);
    return smt_mk_int_le(ctx, t, c);
  }
  }
}

/* A weakening of atom t: a consequence (bound relaxed) of it. */
static smt_term weaken(smt_ctx *ctx, smt_term t) {
  /* simplified atoms are (<= p c) or (= p c): relax c */
  smt_kind k = smt_term_kind(ctx, t);
  if (k == SMT_INT_LE) {
    smt_term c = smt_mk_int_add2(ctx, smt_term_arg(ctx, t, 1), smt_mk_int(ctx, pick(3)));
    return smt_mk_int_le(ctx, smt_term_arg(ctx, t, 0), c);
  }
  if (k == SMT_EQ && smt_term_sort(ctx, smt_term_arg(ctx, t, 0)) == SMT_SORT_INT)
    return smt_mk_int_le(ctx, smt_term_arg(ctx, t, 0), smt_term_arg(ctx, t, 1));
  return t;
}

static void build_pool(smt_ctx *ctx, implication *pool, int n) {
  static const char *names[6] = {"i", "j", "k", "n", "m", "len"};
  smt_term v[6];
  for (int i = 0; i < 6; i++) v[i] = smt_mk_var(ctx, names[i], SMT_SORT_INT);
  for (int q = 0; q < n; q++) {
    int nv = 3 + pick(4);
    smt_term as[5], bs[2];
    int na = 2 + pick(4), nb = 1 + pick(2);
    for (int i = 0; i < na; i++) as[i] = atom(ctx, v, nv);
    for (int i = 0; i < nb; i++) {
      /* half of the conclusions follow from the premise */
      bs[i] = pick(2) ? weaken(ctx, as[pick(na)]) : atom(ctx, v, nv);
    }
    pool[q].a = smt_mk_and(ctx, (uint32_t)na, as);
    pool[q].b = smt_mk_and(ctx, (uint32_t)nb, bs);
  }
}

typedef struct {
  const char *name;
  bool cache, precheck;
} config;

/* The measured part: the queries alone (callgrind --toggle-collect=answer_stream). */
__attribute__((noinline)) static void answer_stream(smt_ctx *ctx, const implication *pool, const int *stream,
                                                    int n, int count[3]) {
  for (int i = 0; i < n; i++) count[smt_implies(ctx, pool[stream[i]].a, pool[stream[i]].b)]++;
}

static void run(const config *cf, int nqueries, uint64_t seed, unsigned timeout_ms) {
  smt_ctx *ctx = smt_ctx_new();
  smt_set_cache(ctx, cf->cache);
  smt_set_precheck(ctx, cf->precheck);
  smt_set_timeout(ctx, timeout_ms);
  /* pool of distinct implications; the stream repeats them with a skewed
   * distribution: pool index = floor(P * u^3), u uniform in [0,1) */
  int pool_size = nqueries / 10 > 0 ? nqueries / 10 : 1;
  implication *pool = malloc((size_t)pool_size * sizeof *pool);
  rng = seed * 0x9e3779b97f4a7c15ull + 1;
  build_pool(ctx, pool, pool_size);
  int *stream = malloc((size_t)nqueries * sizeof *stream);
  for (int i = 0; i < nqueries; i++) {
    double u = (double)(rnd() >> 11) / 9007199254740992.0;
    stream[i] = (int)(pool_size * u * u * u);
  }
  int count[3] = {0, 0, 0};
  double t0 = now();
  answer_stream(ctx, pool, stream, nqueries, count);
  double dt = now() - t0;
  int yes = count[SMT_YES], no = count[SMT_NO], dk = count[SMT_DONT_KNOW];
  printf("== %-8s %d queries (%d distinct) in %.3f s: %.0f queries/s; answers yes %d, no %d, unknown %d\n",
         cf->name, nqueries, pool_size, dt, nqueries / dt, yes, no, dk);
  smt_stats_print(ctx, stdout);
  free(stream);
  free(pool);
  smt_ctx_free(ctx);
}

int main(int argc, char **argv) {
  static const config configs[] = {
      {"raw", false, false}, {"cache", true, false}, {"precheck", false, true}, {"both", true, true}};
  const char *which = argc > 1 ? argv[1] : "all";
  int n = argc > 2 ? atoi(argv[2]) : 20000;
  uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  unsigned timeout_ms = argc > 4 ? (unsigned)atoi(argv[4]) : 10000;
  bool any = false;
  for (size_t i = 0; i < sizeof configs / sizeof *configs; i++)
    if (strcmp(which, "all") == 0 || strcmp(which, configs[i].name) == 0) {
      run(&configs[i], n, seed, timeout_ms);
      any = true;
    }
  if (!any) {
    fprintf(stderr, "usage: %s [raw|cache|precheck|both|all] [queries] [seed] [timeout_ms]\n", argv[0]);
    return 2;
  }
  return 0;
}
