/* farkas: the affine Farkas lemma as a constraint generator, shared by the
 * Farkas-based ranking techniques (rank_linear, rank_nested).
 *
 * Transition k of a lin_scc is a conjunction A z + d <= 0 / = 0 over
 * z = (x, x', t) (lin.h). The universally quantified implication
 *     forall z.  A z + d (<=/=) 0  =>  u.z + u0 >= delta
 * whose coefficients u, u0 are terms LINEAR in some unknowns holds over Q
 * when (and, for a satisfiable relation, only when) there are multipliers
 * lambda (>= 0 for the <= rows, free for the = rows) with
 *     lambda^T A + u = 0   (componentwise)   and   lambda^T d + u0 >= delta,
 * an existential constraint linear in the unknowns and lambda
 * (Podelski-Rybalchenko style synthesis). Over Q it is sound for Z: the
 * integer points are among the rational ones. An unsatisfiable rational
 * relation admits every u, u0 (a multiplier row sums to 0 <= -1).
 *
 * The multipliers are fresh Int variables "rk.l!N": every constraint is
 * homogeneous in (unknowns, lambda) except the ">= delta" row, so for
 * delta >= 0 a rational solution scaled by a positive common denominator is
 * an integer one, and solving over Int loses nothing.
 */
#ifndef BITPROVE_ITS_FARKAS_H
#define BITPROVE_ITS_FARKAS_H

#include "../smt/solver.h" /* smt_term_vec */
#include "../smt/term.h"
#include "../util/util.h"
#include "lin.h"


/* Appends to out the conjuncts of the Farkas constraint for
 * "relation of transition k => u.z + u0 >= delta". u has lin_trans_width()
 * entries; u[j] == SMT_NULL stands for the coefficient 0. */
void its_farkas(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *u, smt_term u0, int delta,
                smt_term_vec *out);
/* The same; lambda (when not NULL) receives the multipliers, one per atom
 * of transition k in order, for constraints on how the proof may use the
 * atoms. */
void its_farkas_multipliers(smt_ctx *ctx, const lin_scc *scc, uint32_t k, const smt_term *u, smt_term u0,
                            int delta, smt_term_vec *out, smt_term *lambda);

/* The values of the unknowns c[0..n-1] in sv's model as integers (out[i]
 * initialised by the caller). With relaxed (smt_z3_relax_ints: the solver
 * read the Int unknowns as reals), the rational values are scaled by the
 * least common multiple of their denominators: every Farkas constraint is
 * homogeneous except ">= delta" with delta in {0, 1}, so the scaled
 * solution satisfies them all (header). An unknown the model has no value
 * for is 0; the caller's independent check judges the result. */
void its_farkas_model(smt_ctx *ctx, smt_solver *sv, bool relaxed, const smt_term *c, size_t n, mpz_t *out);
/* c[0] + sum_j c[1 + j] * xs[j] (j < n) as an Int term, zero coefficients
 * left out. */
smt_term its_affine_term(smt_ctx *ctx, const mpz_t *c, uint32_t n, const smt_term *xs);

#endif
