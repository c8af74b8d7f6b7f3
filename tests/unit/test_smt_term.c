/* The term table: hash-consing identity, sorts, constants of any size,
 * variable names, accessors, raw constructors that do not simplify. */
#include <string.h>

#include "smt/smt.h"
#include "test_util.h"

int main(void) {
  smt_ctx *ctx = smt_ctx_new();

  /* sorts are codes */
  CHECK(smt_sort_is_bool(SMT_SORT_BOOL) && smt_sort_is_int(SMT_SORT_INT));
  CHECK(smt_sort_is_bv(smt_sort_bv(1)) && smt_sort_width(smt_sort_bv(65)) == 65);
  CHECK(smt_sort_is_array(smt_sort_array(32)) && smt_sort_width(smt_sort_array(32)) == 32);
  CHECK(!smt_sort_is_bv(smt_sort_array(8)) && !smt_sort_is_array(smt_sort_bv(8)));

  /* true/false are fixed */
  CHECK(smt_mk_bool(ctx, true) == SMT_TRUE && smt_mk_bool(ctx, false) == SMT_FALSE);
  CHECK(smt_term_kind(ctx, SMT_TRUE) == SMT_BOOL_CONST);

  /* variables: same name and sort, same term */
  smt_term x = smt_mk_var(ctx, "x", SMT_SORT_INT);
  CHECK(x == smt_mk_var(ctx, "x", SMT_SORT_INT));
  CHECK(strcmp(smt_term_name(ctx, x), "x") == 0 && strcmp(smt_term_print_name(ctx, x), "x") == 0);
  /* same name, other sort: another term with a distinct print name */
  smt_term xb = smt_mk_var(ctx, "x", smt_sort_bv(8));
  CHECK(xb != x && strcmp(smt_term_name(ctx, xb), "x") == 0);
  CHECK(strcmp(smt_term_print_name(ctx, xb), "x") != 0);
  CHECK(xb == smt_mk_var(ctx, "x", smt_sort_bv(8)));
  smt_term f1 = smt_mk_fresh(ctx, "x", SMT_SORT_INT), f2 = smt_mk_fresh(ctx, "x", SMT_SORT_INT);
  CHECK(f1 != f2 && f1 != x && strcmp(smt_term_name(ctx, f1), smt_term_name(ctx, f2)) != 0);
  CHECK(strcmp(smt_term_print_name(ctx, f1), smt_term_print_name(ctx, xb)) != 0);

  /* constants: exact, arbitrary size, BV reduced modulo 2^w */
  CHECK(smt_mk_int(ctx, 42) == smt_mk_int(ctx, 42));
  CHECK(smt_mk_int(ctx, 42) != smt_mk_int(ctx, -42));
  CHECK(smt_mk_int(ctx, INT64_MIN) != smt_mk_int(ctx, INT64_MAX));
  mpz_t v;
  mpz_init(v);
  mpz_setbit(v, 64);
  smt_term two64 = smt_mk_int_mpz(ctx, v);
  CHECK(smt_term_kind(ctx, two64) == SMT_INT_CONST && mpz_cmp(smt_term_value(ctx, two64), v) == 0);
  CHECK(two64 != smt_mk_int(ctx, 0));
  CHECK(smt_mk_bv_mpz(ctx, 64, v) == smt_mk_bv(ctx, 64, 0)); /* 2^64 mod 2^64 */
  CHECK(smt_mk_bv_signed(ctx, 8, -1) == smt_mk_bv(ctx, 8, 255));
  CHECK(smt_mk_bv(ctx, 8, 255) != smt_mk_bv(ctx, 16, 255)); /* the sort is part of it */
  mpz_set_si(v, -1);
  smt_term m65 = smt_mk_bv_mpz(ctx, 65, v);
  mpz_set_ui(v, 0);
  mpz_setbit(v, 65);
  mpz_sub_ui(v, v, 1);
  CHECK(mpz_cmp(smt_term_value(ctx, m65), v) == 0);
  CHECK(smt_bv_width(ctx, m65) == 65 && smt_term_is_const(ctx, m65));
  mpz_clear(v);

  /* operators: structural identity, argument order matters in the raw layer */
  smt_term y = smt_mk_var(ctx, "y", SMT_SORT_INT);
  smt_term s1 = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){x, y}, 0, 0);
  smt_term s2 = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){x, y}, 0, 0);
  smt_term s3 = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){y, x}, 0, 0);
  CHECK(s1 == s2 && s1 != s3);
  CHECK(smt_term_nargs(ctx, s1) == 2 && smt_term_arg(ctx, s1, 0) == x && smt_term_args(ctx, s1)[1] == y);
  CHECK(smt_term_sort(ctx, s1) == SMT_SORT_INT);
  /* the raw layer never simplifies */
  smt_term zero = smt_mk_int(ctx, 0);
  smt_term xp0 = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){x, zero}, 0, 0);
  CHECK(xp0 != x && smt_term_kind(ctx, xp0) == SMT_INT_ADD);
  CHECK(smt_simplify(ctx, xp0) == x);

  /* indexed operators: parameters are part of the identity */
  smt_term a = smt_mk_var(ctx, "a", smt_sort_bv(32));
  smt_term e1 = smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &a, 7, 0),
           e2 = smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &a, 15, 8);
  CHECK(e1 != e2 && smt_bv_width(ctx, e1) == 8 && smt_bv_width(ctx, e2) == 8);
  CHECK(smt_extract_lo(ctx, e2) == 8 && smt_extract_hi(ctx, e2) == 15);
  CHECK(e1 == smt_mk_raw(ctx, SMT_BV_EXTRACT, 1, &a, 7, 0));
  smt_term z1 = smt_mk_raw(ctx, SMT_BV_ZEXT, 1, &a, 32, 0);
  CHECK(smt_bv_width(ctx, z1) == 64 && z1 != smt_mk_raw(ctx, SMT_BV_SEXT, 1, &a, 32, 0));
  smt_term c = smt_mk_raw(ctx, SMT_BV_CONCAT, 2, (smt_term[]){e1, a}, 0, 0);
  CHECK(smt_bv_width(ctx, c) == 40);
  smt_term i2b = smt_mk_raw(ctx, SMT_INT2BV, 1, &x, 12, 0);
  CHECK(smt_bv_width(ctx, i2b) == 12);
  smt_term byte = smt_mk_bv(ctx, 8, 7);
  smt_term ca = smt_mk_raw(ctx, SMT_CONST_ARRAY, 1, &byte, 32, 0);
  CHECK(smt_term_sort(ctx, ca) == smt_sort_array(32));
  smt_term st = smt_mk_raw(ctx, SMT_STORE, 3, (smt_term[]){ca, a, byte}, 0, 0);
  CHECK(smt_term_sort(ctx, smt_mk_raw(ctx, SMT_SELECT, 2, (smt_term[]){st, a}, 0, 0)) == smt_sort_bv(8));
  CHECK(smt_term_sort(ctx, smt_mk_raw(ctx, SMT_BV_SMULO, 2, (smt_term[]){a, a}, 0, 0)) == SMT_SORT_BOOL);

  /* many terms: the table and its hash set grow, identities hold */
  smt_term prev = x;
  for (int i = 0; i < 100000; i++)
    prev = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){prev, smt_mk_int(ctx, i)}, 0, 0);
  smt_term again = x;
  for (int i = 0; i < 100000; i++)
    again = smt_mk_raw(ctx, SMT_INT_ADD, 2, (smt_term[]){again, smt_mk_int(ctx, i)}, 0, 0);
  CHECK(prev == again);
  CHECK(smt_num_terms(ctx) > 200000);
  /* a deep chain simplifies without recursion trouble: sum of 0..99999 plus x */
  smt_term deep = smt_simplify(ctx, prev);
  CHECK(deep == smt_mk_int_add2(ctx, smt_mk_int(ctx, 4999950000), x));

  printf("kind names: %s %s %s\n", smt_kind_name(SMT_BV_SDIVO), smt_kind_name(SMT_INT_MOD),
         smt_kind_name(SMT_STORE));
  smt_ctx_free(ctx);
  return TEST_SUMMARY();
}
