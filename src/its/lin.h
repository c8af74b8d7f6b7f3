/* lin: linear transition relations over the integers, the input of the
 * linear ranking function synthesis (rank_linear.h).
 *
 * The story of the data
 * ---------------------
 * A lin_scc is a set of transitions between locations 0 .. nlocs-1 over n
 * program variables x_0 .. x_{n-1}; every variable ranges over Z. A
 * transition (from -> to) is a conjunction of atoms, each
 *
 *     sum_i a_i*x_i + sum_i b_i*x'_i + sum_j c_j*t_j + d   <= 0   (LIN_LE)
 *                                                          =  0   (LIN_EQ)
 *
 * where x is the pre-state, x' the post-state and t_0 .. t_{m-1} the
 * transition's own temporaries (existentially quantified: nondeterministic
 * values, abstracted operations). An atom stores its coefficients as one
 * array of 2n + m + 1 GMP integers in that order: a (n), b (n), c (m), d.
 * Coefficients are exact (mpz); there is no overflow anywhere.
 *
 * A variable x_i that no atom mentions primed is NOT kept: x'_i is free.
 * Writers of a transition state x'_i = x_i explicitly where a variable is
 * unchanged (the text parser below does not add it either).
 *
 * A location index out of range is a programming error (abort).
 *
 * Ownership: a lin_scc owns its transitions, atoms, coefficients and
 * names; lin_scc_free() releases everything.
 *
 * Text form (lin_scc_add_text), for tests and debugging: atoms separated by
 * "&&" or ",", each `e1 REL e2` with REL one of <= < >= > = ==, and e1, e2
 * sums and differences of terms `N`, `x` and `N*x` (N a decimal integer).
 * Identifiers are the variable names given to lin_scc_new(), primed (x')
 * for the post-state; any other unprimed identifier is a temporary of this
 * transition. Strict comparisons are tightened over Z (e1 < e2 becomes
 * e1 - e2 + 1 <= 0). "true" or "" is the empty conjunction.
 */
#ifndef BITPROVE_ITS_LIN_H
#define BITPROVE_ITS_LIN_H

#include <assert.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../smt/term.h"
#include "../util/util.h"

typedef enum { LIN_LE = 0, LIN_EQ = 1 } lin_rel;

typedef struct {
  lin_rel rel;
  mpz_t *a; /* 2n + m + 1 coefficients: pre, post, temporaries, constant */
} lin_atom;

typedef struct {
  uint32_t from, to;
  uint32_t ntemps;
  char **temp_names; /* ntemps names (owned) */
  VEC(lin_atom) atoms;
} lin_trans;

typedef struct {
  uint32_t nvars, nlocs;
  char **var_names; /* nvars (owned) */
  char **loc_names; /* nlocs (owned) */
  VEC(lin_trans) trans;
} lin_scc;

/* A new empty SCC. var_names/loc_names may be NULL (then x0.., l0..); the
 * strings are copied. */
lin_scc *lin_scc_new(uint32_t nvars, const char *const *var_names, uint32_t nlocs,
                     const char *const *loc_names);
void lin_scc_free(lin_scc *scc);

/* Adds an empty transition (the relation "true") with ntemps temporaries
 * named t0.. and returns its index. */
uint32_t lin_scc_add_trans(lin_scc *scc, uint32_t from, uint32_t to, uint32_t ntemps);
/* Adds an atom to transition k. coef has 2n + m + 1 entries (see above);
 * NULL entries (mpz version) are 0. */
void lin_trans_add_atom(lin_scc *scc, uint32_t k, lin_rel rel, mpz_srcptr const *coef);
void lin_trans_add_atom_si(lin_scc *scc, uint32_t k, lin_rel rel, const int64_t *coef);
/* Parses the text form (header) into a new transition from -> to. Returns
 * its index, or UINT32_MAX with *err set to a heap message (caller frees;
 * err may be NULL) and the SCC unchanged. */
uint32_t lin_scc_add_text(lin_scc *scc, uint32_t from, uint32_t to, const char *text, char **err);

/* Width of transition k's atoms without the constant: 2n + m. */
static inline uint32_t lin_trans_width(const lin_scc *scc, uint32_t k) {
  assert(k < scc->trans.len);
  return 2 * scc->nvars + scc->trans.data[k].ntemps;
}

/* The relation of transition k as a Bool term: pre[i], post[i] are the Int
 * terms standing for x_i, x'_i, tmp[j] for t_j (tmp may be NULL when the
 * transition has no temporaries). */
smt_term lin_trans_term(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *pre,
                        const smt_term *post, const smt_term *tmp);

/* Printers: one transition "l0 -> l1: -x + 1 <= 0 && x' - x + 1 = 0", and
 * the whole SCC, one transition per line prefixed by its index. */
void lin_trans_print(FILE *out, const lin_scc *scc, uint32_t k);
void lin_scc_print(FILE *out, const lin_scc *scc);

#endif
