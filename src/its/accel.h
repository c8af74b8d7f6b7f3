/* accel: loop acceleration for proofs of non-termination (Frohn and Giesl,
 * "Proving Non-Termination via Loop Acceleration", FMCAD 2019; the
 * acceleration of simple loops of LoAT).
 *
 * The story of the data
 * ---------------------
 * A self-loop t: l -> l with guard g(x, t) and updates u(x) (no update
 * reads a temporary, none is unconstrained) is accelerated when every
 * variable is
 *   unchanged    x_i' = x_i,
 *   a counter    x_i' = x_i + c_i   (c_i a non-zero integer constant), or
 *   assigned     x_i' = e_i(x)      (e_i reads unchanged variables only),
 * and at least one is a counter. An update of another form is proposed as
 * a counter with the increment it has in one model of the guard (y' = x - 1
 * under the guard's x = y is y' = y - 1); the conditions below decide. Then after k >= 1 rounds the state is the
 * closed form
 *     X(x, k)_i = x_i,  x_i + k*c_i,  e_i(x)   respectively
 * (seed-free: the "solvable loops" of Frohn and Giesl restricted to
 * constant increments, where the closed form is linear in k). The
 * accelerated transition a(t): l -> l has the fresh temporary n (the
 * number of rounds, "ac.n!N") besides t's temporaries, the guard
 *     A(x, n, t) = n >= 2 /\ g(x, t) /\ g(X(x, 1), t) /\ g(X(x, n - 1), t)
 * and the update X(x, n). "[The guard of a loop] needs to hold for all
 * iterations ... if [it] is monotonic, it suffices to require it for the
 * first and the last iteration" (Frohn and Giesl, Sect. 3, monotonic
 * decrease / increase): a linear atom is affine in k along X, so it holds
 * on 1 .. n-1 when it holds at both ends. t's temporaries keep one value
 * for all n rounds (a choice the original system may make).
 *
 * Soundness: an accelerated step is a run of n >= 2 steps of t
 * ----------
 * its_accelerate proposes a(t) only after the solver proved, over Z, on
 * t's ORIGINAL guard and updates (k a fresh Int variable, "ac.k!N"):
 *   (C1) A(x, n, t)  =>  u(x) = X(x, 1)          (the first round),
 *   (C2) A(x, n, t) /\ 1 <= k <= n - 1  =>  u(X(x, k)) = X(x, k + 1)
 *                                               (the induction step),
 *   (C3) A(x, n, t)  =>  g(x, t)                  (the first round's guard),
 *   (C4) A(x, n, t) /\ 1 <= k <= n - 1  =>  g(X(x, k), t)
 *        (every later round's guard, with the same temporaries).
 * By induction on k the state after k rounds is X(x, k) (1 <= k <= n), so
 * from every x with A(x, n, t) the original system can take t n times,
 * ending in X(x, n). Hence every run of the accelerated system is a run of the input
 * with some steps expanded, and an infinite one stays infinite: a NO of the
 * accelerated system is a NO of the input. A proposal whose conditions the
 * solver does not prove (non-linear or disjunctive guards, a budget that
 * runs out) is left out.
 *
 * Ownership: an its_accel owns its system (terms in the input's smt_ctx,
 * which must outlive it) and arrays; its_accel_free(). The input is not
 * changed.
 */
#ifndef BITPROVE_ITS_ACCEL_H
#define BITPROVE_ITS_ACCEL_H

#include <stdbool.h>
#include <stdint.h>

#include "../util/budget.h"
#include "its.h"

#define ITS_ACCEL_MAX 32 /* accelerated self-loops at most */

typedef struct {
  uint32_t loops, accelerated, rejected; /* self-loops seen, accelerated, proposals the solver did not prove */
} its_accel_stats;

typedef struct {
  its *s;            /* the input's variables, locations and transitions (same indices), then the accelerated ones */
  uint32_t norig;    /* transitions 0 .. norig-1 are the input's */
  uint32_t *origin;  /* s->trans.len - norig entries: the input's self-loop that transition norig + j accelerates */
  smt_term *rounds;  /* parallel: its temporary n, the number of rounds */
} its_accel;

/* Copies s and appends the accelerated self-loops (at most ITS_ACCEL_MAX;
 * each proved as above within b). Returns the number appended; *out is
 * always set (its_accel_free). stats may be NULL. */
uint32_t its_accelerate(const its *s, budget b, its_accel *out, its_accel_stats *stats);
void its_accel_free(its_accel *a);

#endif
