/* Queries and the solver interface: validity and implication, the cache,
 * the pre-check against Z3 on random implications, models (Int, BV,
 * arrays), unsat cores, push/pop, timeouts, query dumps, statistics, and
 * many contexts created and destroyed (for ASan/LeakSanitizer). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "smt/smt.h"
#include "test_util.h"

static uint64_t rng_state = 0x853c49e6748fea9bull;
static uint64_t rnd(void) {
  return test_xorshift(&rng_state);
}
static int pick(int n) { return (int)(rnd() % (uint64_t)n); }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_validity(void) {
  smt_ctx *ctx = smt_ctx_new();
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT), y = smt_mk_var(ctx, "y", SMT_SORT_INT);
  smt_term k3 = smt_mk_int(ctx, 3), k5 = smt_mk_int(ctx, 5);
  CHECK(smt_is_valid(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1)))) == SMT_YES);
  CHECK(smt_is_valid(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, k5)) == SMT_NO);
  CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, k3), smt_mk_int_le(ctx, x, k5)) == SMT_YES);
  CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, k5), smt_mk_int_le(ctx, x, k3)) == SMT_NO);
  /* x <= y and y <= 3 implies x < 5, with x*y non-linear as a bystander */
  smt_term a = smt_mk_and2(ctx, smt_mk_int_le(ctx, x, y), smt_mk_int_le(ctx, y, k3));
  CHECK(smt_implies(ctx, budget_unlimited(), a, smt_mk_int_lt(ctx, x, k5)) == SMT_YES);
  CHECK(smt_implies(ctx, budget_unlimited(), a, smt_mk_int_ge(ctx, smt_mk_int_mul2(ctx, x, y), smt_mk_int(ctx, 0))) == SMT_NO);
  /* Euclidean div/mod: 0 <= x mod 3 < 3, also for negative x */
  smt_term m = smt_mk_int_mod(ctx, x, k3);
  CHECK(smt_is_valid(ctx, budget_unlimited(), smt_mk_and2(ctx, smt_mk_int_le(ctx, smt_mk_int(ctx, 0), m),
                                      smt_mk_int_lt(ctx, m, k3))) == SMT_YES);
  /* BV: a <u 10 implies a <u 20; a + 1 >u a is not valid (wrap-around) */
  smt_term b = smt_mk_var(ctx, "b", smt_sort_bv(32));
  CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_bv_op2(ctx, SMT_BV_ULT, b, smt_mk_bv(ctx, 32, 10)),
                    smt_mk_bv_op2(ctx, SMT_BV_ULT, b, smt_mk_bv(ctx, 32, 20))) == SMT_YES);
  smt_term b1 = smt_mk_bv_op2(ctx, SMT_BV_ADD, b, smt_mk_bv(ctx, 32, 1));
  CHECK(smt_is_valid(ctx, budget_unlimited(), smt_mk_bv_op2(ctx, SMT_BV_UGT, b1, b)) == SMT_NO);
  /* not uaddo(b, 1) => b + 1 >u b */
  smt_term no_ovf = smt_mk_not(ctx, smt_mk_bv_op2(ctx, SMT_BV_UADDO, b, smt_mk_bv(ctx, 32, 1)));
  CHECK(smt_implies(ctx, budget_unlimited(), no_ovf, smt_mk_bv_op2(ctx, SMT_BV_UGT, b1, b)) == SMT_YES);
  /* is_sat */
  CHECK(smt_is_sat(ctx, budget_unlimited(), smt_mk_eq(ctx, smt_mk_int_mul2(ctx, x, x), smt_mk_int(ctx, 49))) == SMT_SAT);
  CHECK(smt_is_sat(ctx, budget_unlimited(), smt_mk_eq(ctx, smt_mk_int_mul2(ctx, smt_mk_int(ctx, 2), x),
                                  smt_mk_int_add2(ctx, smt_mk_int_mul2(ctx, smt_mk_int(ctx, 2), y),
                                                  smt_mk_int(ctx, 1)))) == SMT_UNSAT);
  CHECK(smt_is_sat(ctx, budget_unlimited(), SMT_TRUE) == SMT_SAT && smt_is_sat(ctx, budget_unlimited(), SMT_FALSE) == SMT_UNSAT);

  /* the cache: the same question again is a hit, and is_valid(A => B)
   * shares its entry with implies(A, B) */
  const smt_stats *st = smt_stats_get(ctx);
  smt_term p = smt_mk_int_le(ctx, smt_mk_int_mul2(ctx, x, y), k5); /* non-linear: goes to the solver */
  smt_term q = smt_mk_int_le(ctx, smt_mk_int_mul2(ctx, x, y), smt_mk_int(ctx, 7));
  uint64_t calls0 = st->q[SMT_Q_IMPLIES].solver_calls;
  CHECK(smt_implies(ctx, budget_unlimited(), p, q) == SMT_YES);
  CHECK(st->q[SMT_Q_IMPLIES].solver_calls == calls0 + 1);
  CHECK(smt_implies(ctx, budget_unlimited(), p, q) == SMT_YES);
  CHECK(st->q[SMT_Q_IMPLIES].solver_calls == calls0 + 1 && st->q[SMT_Q_IMPLIES].cache_hits >= 1);
  CHECK(smt_is_valid(ctx, budget_unlimited(), smt_mk_implies(ctx, p, q)) == SMT_YES);
  CHECK(st->q[SMT_Q_VALID].cache_hits >= 1);
  /* the pre-check decides linear implications without the solver */
  uint64_t pre0 = st->q[SMT_Q_IMPLIES].precheck_unsat + st->q[SMT_Q_IMPLIES].precheck_sat;
  smt_term z = smt_mk_var(ctx, "z", SMT_SORT_INT);
  smt_term a2 = smt_mk_and(
      ctx, 2, (smt_term[]){smt_mk_int_le(ctx, x, k5), smt_mk_eq(ctx, z, smt_mk_int_add2(ctx, x, y))});
  CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_and2(ctx, a2, smt_mk_int_le(ctx, y, k3)),
                    smt_mk_int_le(ctx, z, smt_mk_int(ctx, 8))) == SMT_YES);
  CHECK(smt_implies(ctx, budget_unlimited(), a2, smt_mk_int_le(ctx, z, smt_mk_int(ctx, 8))) == SMT_NO);
  CHECK(st->q[SMT_Q_IMPLIES].precheck_unsat + st->q[SMT_Q_IMPLIES].precheck_sat == pre0 + 2);
  /* statistics print */
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  smt_stats_print(ctx, f);
  fclose(f);
  CHECK(buf && strstr(buf, "cache hits") && strstr(buf, "pre-check unsat") && strstr(buf, "solver calls"));
  free(buf);
  smt_ctx_free(ctx);
}

/* ---- the pre-check never contradicts Z3 ------------------------------------------------ */
static smt_term random_atom(smt_ctx *ctx, const smt_term *v, int nv, bool bv) {
  if (bv) {
    smt_term a = v[pick(nv)], b = pick(3) ? v[pick(nv)] : smt_mk_bv(ctx, 8, (uint64_t)pick(256));
    static const smt_kind ks[] = {SMT_BV_ULT, SMT_BV_ULE, SMT_BV_UGT, SMT_BV_UGE, SMT_EQ};
    smt_term t = smt_mk_bv_op2(ctx, ks[pick(5)], a, b);
    return pick(5) == 0 ? smt_mk_not(ctx, t) : t;
  }
  /* sum of 1-3 terms c*x compared with a small constant */
  int n = 1 + pick(3);
  smt_term terms[4];
  for (int i = 0; i < n; i++) terms[i] = smt_mk_int_mul2(ctx, smt_mk_int(ctx, pick(7) - 3), v[pick(nv)]);
  smt_term lhs = smt_mk_int_add(ctx, (uint32_t)n, terms), rhs = smt_mk_int(ctx, pick(21) - 10);
  switch (pick(6)) {
  case 0: return smt_mk_int_lt(ctx, lhs, rhs);
  case 1: return smt_mk_int_ge(ctx, lhs, rhs);
  case 2: return smt_mk_eq(ctx, lhs, rhs);
  case 3: return smt_mk_not(ctx, smt_mk_eq(ctx, lhs, rhs));
  default: return smt_mk_int_le(ctx, lhs, rhs);
  }
}

static smt_term random_conj(smt_ctx *ctx, const smt_term *v, int nv, bool bv, int max) {
  smt_term a[8];
  int n = 1 + pick(max);
  for (int i = 0; i < n; i++) a[i] = random_atom(ctx, v, nv, bv);
  return smt_mk_and(ctx, (uint32_t)n, a);
}

/* A conjunction of inequalities l_i <= c_i and a consequence-like B:
 * l_i + l_j <= c_i + c_j + delta, valid for delta >= 0 (by elimination),
 * often invalid for delta < 0. These exercise refutation. */
static void combined_query(smt_ctx *ctx, const smt_term *v, int nv, smt_term *A, smt_term *B) {
  int n = 2 + pick(3);
  smt_term lhs[4], atoms[4];
  int64_t c[4];
  for (int i = 0; i < n; i++) {
    smt_term terms[3];
    int k = 1 + pick(2);
    for (int j = 0; j < k; j++) terms[j] = smt_mk_int_mul2(ctx, smt_mk_int(ctx, pick(5) - 2), v[pick(nv)]);
    lhs[i] = smt_mk_int_add(ctx, (uint32_t)k, terms);
    c[i] = pick(11) - 5;
    atoms[i] = smt_mk_int_le(ctx, lhs[i], smt_mk_int(ctx, c[i]));
  }
  *A = smt_mk_and(ctx, (uint32_t)n, atoms);
  int i = pick(n), j = pick(n);
  int64_t delta = pick(3) - 1;
  *B = smt_mk_int_le(ctx, smt_mk_int_add2(ctx, lhs[i], lhs[j]), smt_mk_int(ctx, c[i] + c[j] + delta));
}

static void test_precheck_agrees(void) {
  smt_ctx *ctx = smt_ctx_new();
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  smt_term iv[5], bv[4];
  static const char *in[5] = {"x", "y", "z", "u", "w"}, *bn[4] = {"a", "b", "c", "d"};
  for (int i = 0; i < 5; i++) iv[i] = smt_mk_var(ctx, in[i], SMT_SORT_INT);
  for (int i = 0; i < 4; i++) bv[i] = smt_mk_var(ctx, bn[i], smt_sort_bv(8));
  int decided_sat = 0, decided_unsat = 0, undecided = 0, disagree = 0, total = 0;
  for (int round = 0; round < 3000; round++) {
    bool use_bv = round % 4 == 3;
    const smt_term *v = use_bv ? bv : iv;
    int nv = use_bv ? 3 : 3 + pick(3);
    smt_term A = random_conj(ctx, v, nv, use_bv, 5), B = random_conj(ctx, v, nv, use_bv, 2);
    if (!use_bv && round % 4 < 2) combined_query(ctx, v, nv, &A, &B);
    smt_term q = smt_mk_and2(ctx, A, smt_mk_not(ctx, B)); /* A => B valid iff q unsat */
    if (q == SMT_TRUE || q == SMT_FALSE) continue;
    total++;
    smt_result pre = smt_precheck_sat(ctx, q);
    if (pre == SMT_UNKNOWN) {
      undecided++;
      continue;
    }
    smt_solver_push(s);
    smt_solver_assert(s, q);
    smt_result z = smt_solver_check(s, budget_queries(budget_unlimited(), 5000));
    smt_solver_pop(s, 1);
    if (pre == SMT_SAT)
      decided_sat++;
    else
      decided_unsat++;
    if (z != SMT_UNKNOWN && z != pre) {
      disagree++;
      strbuf b = {0};
      smt_print_term(ctx, &b, q);
      fprintf(stderr, "pre-check says %s, Z3 %s: %s\n", smt_result_name(pre), smt_result_name(z), b.data);
      strbuf_free(&b);
    }
  }
  CHECK_MSG(disagree == 0, "%d disagreements", disagree);
  /* it must decide a good share, or it is not worth its cost */
  CHECK_MSG(decided_sat + decided_unsat > total / 2, "decided only %d of %d", decided_sat + decided_unsat,
            total);
  printf("pre-check: %d queries, %d sat, %d unsat, %d undecided\n", total, decided_sat, decided_unsat,
         undecided);
  smt_solver_free(s);
  smt_ctx_free(ctx);
}

/* ---- solver interface: models, cores, push/pop, timeouts --------------------------------- */
static void test_models(void) {
  smt_ctx *ctx = smt_ctx_new();
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT);
  smt_term b = smt_mk_var(ctx, "b", smt_sort_bv(65));
  smt_term m = smt_mk_var(ctx, "m", smt_sort_array(16));
  mpz_t big;
  mpz_init(big);
  mpz_setbit(big, 70);
  mpz_add_ui(big, big, 3);
  smt_solver_assert(s, smt_mk_eq(ctx, x, smt_mk_int_mpz(ctx, big)));
  smt_solver_assert(s, smt_mk_eq(ctx, b, smt_mk_bv_signed(ctx, 65, -5)));
  smt_term i5 = smt_mk_bv(ctx, 16, 5), i6 = smt_mk_bv(ctx, 16, 6);
  smt_solver_assert(s, smt_mk_eq(ctx, smt_mk_select(ctx, m, i5), smt_mk_bv(ctx, 8, 7)));
  smt_solver_assert(s, smt_mk_eq(ctx, smt_mk_select(ctx, m, i6), smt_mk_bv(ctx, 8, 9)));
  CHECK(smt_solver_check(s, budget_unlimited()) == SMT_SAT);
  smt_term vx = smt_solver_value(s, x);
  CHECK(vx && smt_term_kind(ctx, vx) == SMT_INT_CONST && mpz_cmp(smt_term_value(ctx, vx), big) == 0);
  smt_term vx1 = smt_solver_value(s, smt_mk_int_add2(ctx, x, smt_mk_int(ctx, 1)));
  mpz_add_ui(big, big, 1);
  CHECK(vx1 && mpz_cmp(smt_term_value(ctx, vx1), big) == 0);
  CHECK(smt_solver_value(s, b) == smt_mk_bv_signed(ctx, 65, -5));
  smt_term vm = smt_solver_value(s, m);
  CHECK(vm && smt_term_sort(ctx, vm) == smt_sort_array(16));
  if (vm) {
    /* the array value is a constant term: reading it simplifies to constants */
    CHECK(smt_mk_select(ctx, vm, i5) == smt_mk_bv(ctx, 8, 7));
    CHECK(smt_mk_select(ctx, vm, i6) == smt_mk_bv(ctx, 8, 9));
    CHECK(smt_term_is_const(ctx, smt_mk_select(ctx, vm, smt_mk_bv(ctx, 16, 1000))));
  }
  CHECK(smt_solver_value(s, smt_mk_int_le(ctx, x, smt_mk_int(ctx, 0))) == SMT_FALSE);
  /* push/pop: a contradiction in a scope, then gone */
  smt_solver_push(s);
  smt_solver_assert(s, smt_mk_int_le(ctx, x, smt_mk_int(ctx, 0)));
  CHECK(smt_solver_check(s, budget_unlimited()) == SMT_UNSAT);
  CHECK(smt_solver_value(s, x) == SMT_NULL); /* no model after UNSAT */
  smt_solver_pop(s, 1);
  CHECK(smt_solver_check(s, budget_unlimited()) == SMT_SAT);
  mpz_clear(big);
  smt_solver_free(s);
  smt_ctx_free(ctx);
}

static void test_cores(void) {
  smt_ctx *ctx = smt_ctx_new();
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT), y = smt_mk_var(ctx, "y", SMT_SORT_INT);
  smt_term as[4] = {smt_mk_int_gt(ctx, y, smt_mk_int(ctx, 0)), smt_mk_int_gt(ctx, x, smt_mk_int(ctx, 5)),
                    smt_mk_int_le(ctx, y, smt_mk_int(ctx, 100)), smt_mk_int_lt(ctx, x, smt_mk_int(ctx, 3))};
  CHECK(smt_solver_check_assumptions(s, 4, as, budget_unlimited()) == SMT_UNSAT);
  smt_term_vec core = {0};
  smt_solver_unsat_core(s, &core);
  bool has1 = false, has3 = false;
  for (size_t i = 0; i < core.len; i++) {
    has1 |= core.data[i] == as[1];
    has3 |= core.data[i] == as[3];
  }
  CHECK(has1 && has3 && core.len <= 4);
  VEC_FREE(core);
  /* assumptions do not stay: without them it is satisfiable */
  CHECK(smt_solver_check(s, budget_unlimited()) == SMT_SAT);
  CHECK(smt_solver_check_assumptions(s, 2, as, budget_unlimited()) == SMT_SAT);
  smt_solver_free(s);
  smt_ctx_free(ctx);
}

/* factoring a 124-bit semiprime by bit-blasting: far beyond 100 ms */
static smt_term hard_query(smt_ctx *ctx) {
  smt_term p = smt_mk_var(ctx, "p", smt_sort_bv(62)), q = smt_mk_var(ctx, "q", smt_sort_bv(62));
  smt_term pw = smt_mk_bv_zext(ctx, p, 62), qw = smt_mk_bv_zext(ctx, q, 62);
  mpz_t n, a, b;
  mpz_inits(n, a, b, NULL);
  mpz_set_str(a, "4611686018427387847", 10); /* primes just below 2^62 */
  mpz_set_str(b, "4611686018427387817", 10);
  mpz_mul(n, a, b);
  smt_term prod = smt_mk_eq(ctx, smt_mk_bv_op2(ctx, SMT_BV_MUL, pw, qw), smt_mk_bv_mpz(ctx, 124, n));
  smt_term one = smt_mk_bv(ctx, 62, 1);
  smt_term r = smt_mk_and(
      ctx, 3,
      (smt_term[]){prod, smt_mk_bv_op2(ctx, SMT_BV_UGT, p, one), smt_mk_bv_op2(ctx, SMT_BV_UGT, q, one)});
  mpz_clears(n, a, b, NULL);
  return r;
}

static void test_timeouts(void) {
  smt_ctx *ctx = smt_ctx_new();
  smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
  smt_term h = hard_query(ctx);
  smt_solver_assert(s, h);
  double t0 = now();
  smt_result r = smt_solver_check(s, budget_queries(budget_unlimited(), 100));
  double dt = now() - t0;
  CHECK_MSG(r == SMT_UNKNOWN, "got %s", smt_result_name(r));
  CHECK_MSG(dt < 5.0, "took %.2f s", dt);
  CHECK(strcmp(smt_solver_reason(s), "timeout") == 0);
  smt_solver_free(s);
  /* through the query layer: DONT_KNOW with the reason, cached for the
   * same budget */
  t0 = now();
  budget b = budget_queries(budget_unlimited(), 100);
  CHECK(smt_is_sat(ctx, b, h) == SMT_UNKNOWN);
  CHECK(strcmp(smt_last_reason(ctx), "timeout") == 0);
  CHECK(smt_is_valid(ctx, b, smt_mk_not(ctx, h)) == SMT_DONT_KNOW);
  CHECK(smt_stats_get(ctx)->q[SMT_Q_VALID].cache_hits == 1);
  CHECK(now() - t0 < 5.0);
  smt_ctx_free(ctx);
}

/* ---- dumps --------------------------------------------------------------------------- */
static void test_dump(void) {
  char dir[] = "/tmp/bitprove-smt-dump-XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK_MSG(false, "mkdtemp failed");
    return;
  }
  smt_ctx *ctx = smt_ctx_new();
  smt_set_dump_dir(ctx, dir);
  smt_set_precheck(ctx, false);
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT);
  CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, smt_mk_int(ctx, 3)),
                    smt_mk_int_le(ctx, x, smt_mk_int(ctx, 5))) == SMT_YES);
  CHECK(smt_is_sat(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, smt_mk_int(ctx, 3))) == SMT_SAT);
  smt_set_dump_dir(ctx, NULL);
  char *p1 = xasprintf("%s/query-000001.smt2", dir), *p2 = xasprintf("%s/query-000002.smt2", dir);
  char *t1 = util_read_file(p1, NULL), *t2 = util_read_file(p2, NULL);
  CHECK(t1 && strstr(t1, "(declare-fun x () Int)") && strstr(t1, "(check-sat)") &&
        strstr(t1, "; result: unsat"));
  CHECK(t2 && strstr(t2, "; result: sat"));
  /* replay with the z3 binary when it is installed */
  if (system("z3 -version >/dev/null 2>&1") == 0) {
    char *cmd = xasprintf("z3 %s", p1);
    FILE *f = popen(cmd, "r");
    char out[64] = {0};
    if (f) {
      if (!fgets(out, sizeof out, f)) out[0] = 0;
      pclose(f);
    }
    CHECK_MSG(strncmp(out, "unsat", 5) == 0, "z3 replay said '%s'", out);
    free(cmd);
  } else {
    printf("z3 binary not installed: replay of dumped queries skipped\n");
  }
  unlink(p1);
  unlink(p2);
  rmdir(dir);
  free(t1);
  free(t2);
  free(p1);
  free(p2);
  smt_ctx_free(ctx);
}

/* ---- many contexts ------------------------------------------------------------------------ */
static void test_many_contexts(void) {
  for (int i = 0; i < 40; i++) {
    smt_ctx *ctx = smt_ctx_new();
    smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT);
    smt_term a = smt_mk_var(ctx, "a", smt_sort_bv(16));
    smt_term m = smt_mk_var(ctx, "m", smt_sort_array(16));
    smt_set_precheck(ctx, i % 2 == 0);
    CHECK(smt_implies(ctx, budget_unlimited(), smt_mk_int_le(ctx, x, smt_mk_int(ctx, i)),
                      smt_mk_int_le(ctx, x, smt_mk_int(ctx, i + 1))) == SMT_YES);
    smt_term rd = smt_mk_select(ctx, smt_mk_store(ctx, m, a, smt_mk_bv(ctx, 8, 1)), a);
    CHECK(
        smt_is_valid(
            ctx, budget_unlimited(), smt_mk_eq(ctx,
                           smt_mk_raw(ctx, SMT_SELECT, 2,
                                      (smt_term[]){smt_mk_raw(ctx, SMT_STORE, 3,
                                                              (smt_term[]){m, a, smt_mk_bv(ctx, 8, 1)}, 0, 0),
                                                   a},
                                      0, 0),
                           rd)) == SMT_YES);
    if (i % 4 == 0) { /* a solver with a model still alive at free time */
      smt_solver *s = smt_solver_new(ctx, SMT_BACKEND_Z3);
      smt_solver_assert(s, smt_mk_eq(ctx, smt_mk_select(ctx, m, a), smt_mk_bv(ctx, 8, 3)));
      CHECK(smt_solver_check(s, budget_unlimited()) == SMT_SAT);
      CHECK(smt_solver_value(s, m) != SMT_NULL);
      smt_solver_free(s);
    }
    smt_ctx_free(ctx);
  }
}

int main(void) {
  if (getenv("SMT_TEST_SEED"))
    rng_state ^= strtoull(getenv("SMT_TEST_SEED"), NULL, 10) * 0x9e3779b97f4a7c15ull;
  test_validity();
  test_precheck_agrees();
  test_models();
  test_cores();
  test_timeouts();
  test_dump();
  test_many_contexts();
  return TEST_SUMMARY();
}
