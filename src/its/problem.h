/* problem: one termination problem of the ITS prover (a set of transitions
 * inside one SCC of the location graph), the results the ranking
 * techniques produce for it, and the independent checks of those results.
 *
 * The prover (prove.c) keeps a worklist of problems. A technique looks at a
 * problem and either
 *   - proves that a non-empty subset of its transitions (the "strict" ones)
 *     can be taken only finitely often in any run that stays inside the
 *     problem: an its_rank_step (one function per location that no
 *     transition of the problem increases and the strict ones decrease by
 *     >= 1 while it is >= 0). The prover removes the strict transitions and
 *     pushes the SCCs of what is left as new problems; or
 *   - proves that no run stays inside the problem forever: an its_nested
 *     (a nested or a multiphase ranking function for all its transitions).
 * Whatever a technique found, the prover accepts it only after
 * its_check_step() / its_check_nested() proved it with smt_implies over Z
 * against the ORIGINAL guards and updates of the transitions (not against
 * any abstraction): a technique proposes, the checks decide.
 *
 * Functions are Int terms over the pre-state variables s->pre[0..nvars-1]
 * only (no temporaries, no post-state variables), any polynomial. The value
 * of location l's function after a transition is the same term with the
 * post-state variables s->post substituted (smt_subst).
 *
 * Conditions checked, for every transition k of the problem from l to l'
 * with relation R_k = guard_k /\ AND_{x_i constrained} x_i' = update_k,i:
 *   step:    R_k => f_l(x) - f_l'(x') >= 0                    (every k)
 *            R_k => f_l(x) - f_l'(x') >= 1 /\ f_l(x) >= 0     (strict k)
 *            at least one transition strict.
 *   nested (depth d >= 1, functions f^1 .. f^d per location; seed-free,
 *            after Leike & Heizmann's nested ranking templates):
 *            R_k => f^1_l(x) - f^1_l'(x') >= 1
 *            R_k => f^i_l(x) - f^i_l'(x') + f^{i-1}_l(x) >= 1   (1 < i <= d)
 *            R_k => f^d_l(x) >= 0
 *   Why nested suffices: on an infinite run inside the problem f^1 drops by
 *   >= 1 at every step, so from some point on f^1 <= -1; from then on f^2
 *   drops by >= 1 - f^1 >= 2 at every step, so eventually f^2 <= -1; ...;
 *   eventually f^d <= -1, contradicting f^d >= 0 before every step.
 *   multiphase (kind ITS_NESTED_PHASES; Ben-Amram & Genaim, "On
 *            multiphase-linear ranking functions", CAV 2017, Def. 1 with
 *            per-location functions), with P^1_k = R_k and
 *            P^{i+1}_k = P^i_k /\ f^i_l(x) <= -1:
 *            P^i_k => f^i_l(x) - f^i_l'(x') >= 1              (1 <= i <= d)
 *            P^d_k => f^d_l(x) >= 0
 *   Why multiphase suffices: on an infinite run inside the problem f^1
 *   drops by >= 1 at every step, so from some point on f^1 <= -1 and stays
 *   there; from then on every step satisfies P^2, so f^2 drops at every
 *   step; ...; eventually every step satisfies P^d, where f^d >= 0 and
 *   drops by >= 1 at every step: impossible forever. Unlike nested, a phase
 *   need not pay for the previous one's growth, so several transitions that
 *   grow different variables fit (x = x + y or x = x + z, then y = y + z,
 *   z = z - 1: phases z, y, x).
 *
 * Ownership: its_rank_step / its_nested results belong to the caller
 * (its_rank_step_free / its_nested_free); their terms live in s->ctx.
 */
#ifndef BITPROVE_ITS_PROBLEM_H
#define BITPROVE_ITS_PROBLEM_H

#include <stdbool.h>
#include <stdint.h>

#include "../smt/query.h"
#include "../util/budget.h"
#include "../util/util.h"
#include "its.h"

typedef struct {
  its *s;
  uint32_t nt;
  const uint32_t *tidx; /* the problem's transitions (indices into s->trans) */
  uint32_t nloc;
  const uint32_t *locs; /* ITS indices of the problem's locations */
  const uint32_t *lloc; /* s->nlocs entries: local index of an ITS location
                           (meaningful for the locations in locs) */
  budget budget;        /* every solver query of the problem's checks */
} its_problem;

typedef struct {
  uint32_t nloc, nt;
  smt_term *f;  /* nloc terms: f[lloc[l]] is location l's function */
  bool *strict; /* nt entries, in the order of the problem's tidx */
  const char *technique; /* static string, e.g. "linear", "polynomial" */
} its_rank_step;

typedef enum {
  ITS_NESTED_SUM = 0,   /* the nested conditions above */
  ITS_NESTED_PHASES = 1 /* the multiphase conditions above */
} its_nested_kind;

typedef struct {
  uint32_t depth, nloc;
  smt_term *f; /* depth * nloc terms: f[i * nloc + lloc[l]] is f^{i+1}_l */
  its_nested_kind kind;
  const char *technique;
} its_nested;

its_rank_step *its_rank_step_new(uint32_t nloc, uint32_t nt, const char *technique);
void its_rank_step_free(its_rank_step *st);
/* A nested function (kind ITS_NESTED_SUM) with every term SMT_NULL. */
its_nested *its_nested_new(uint32_t depth, uint32_t nloc, const char *technique);
void its_nested_free(its_nested *n);

/* The relation R_k of transition tidx (guard and constrained updates). */
smt_term its_problem_relation(const its *s, uint32_t tidx);

/* SMT_YES when every condition above is proved, SMT_NO when one is refuted
 * or the shape is wrong (sizes, no strict transition, a function that
 * mentions something other than pre-state variables), SMT_DONT_KNOW when a
 * query was not decided. */
smt_answer its_check_step(const its_problem *p, const its_rank_step *st);
/* Checks n's conditions by its kind (nested or multiphase). */
smt_answer its_check_nested(const its_problem *p, const its_nested *n);
/* its_check_nested of a candidate a technique synthesised over the linear
 * abstraction: SMT_YES keeps it; otherwise it is freed, and a refutation
 * (SMT_NO: R => R# is sound, so this is a bug) is reported on stderr with
 * the functions, naming the technique `who`. */
smt_answer its_accept_nested(const its_problem *p, its_nested *cand, const char *who);

/* Readable forms: "l1: 2*x - y + 1; l2: x" (one function per location). */
void its_print_functions(const its_problem *p, const smt_term *f, strbuf *out);

#endif
