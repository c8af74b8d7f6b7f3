/* solver: the back-end-independent solver interface.
 *
 * A solver holds a stack of assertions over the terms of one smt_ctx and
 * answers check-sat, optionally under assumptions, within a per-call
 * timeout. After SAT it gives values of terms; after UNSAT under
 * assumptions, a subset of the assumptions that is already unsatisfiable
 * (an unsat core). After UNKNOWN, a reason ("timeout", "incomplete", ...).
 *
 * A back end is one smt_solver_ops table; the Z3 C API is the first one
 * (z3.c). The interface is small on purpose: terms go in as smt_term and
 * values come back as constant terms of the same context, so a second back
 * end (an SMT-LIB2 pipe to another solver, say) needs only these entries.
 *
 * Ownership: smt_solver_new() returns a solver the caller frees with
 * smt_solver_free(), before the context is freed. Back ends translate terms
 * as they are, without simplifying: simplify with build.h first if wanted.
 */
#ifndef BITPROVE_SMT_SOLVER_H
#define BITPROVE_SMT_SOLVER_H

#include <gmp.h>

#include "../util/budget.h"
#include "../util/util.h"
#include "term.h"

typedef enum { SMT_UNKNOWN = 0, SMT_SAT = 1, SMT_UNSAT = 2 } smt_result;
const char *smt_result_name(smt_result r); /* "sat", "unsat", "unknown" */

typedef struct smt_solver smt_solver;

typedef struct {
  const char *name;
  void (*destroy)(smt_solver *s);
  void (*push)(smt_solver *s);
  void (*pop)(smt_solver *s, unsigned levels);
  void (*assert_term)(smt_solver *s, smt_term t);
  /* timeout_ms == 0: no limit. */
  smt_result (*check)(smt_solver *s, uint32_t nassumptions, const smt_term *assumptions,
                      unsigned timeout_ms);
  const char *(*reason_unknown)(smt_solver *s);
  /* After SAT: the value of t in the model as a constant term (Bool, Int, BV;
   * arrays as stores over a constant array); SMT_NULL if unavailable. */
  smt_term (*value)(smt_solver *s, smt_term t);
  /* After UNSAT under assumptions: appends the core to out. */
  void (*unsat_core)(smt_solver *s, smt_term_vec *out);
} smt_solver_ops;

struct smt_solver {
  const smt_solver_ops *ops;
  smt_ctx *ctx;
};

typedef enum { SMT_BACKEND_Z3 = 0 } smt_backend;

smt_solver *smt_solver_new(smt_ctx *ctx, smt_backend backend);
void smt_solver_free(smt_solver *s);
void smt_solver_push(smt_solver *s);
void smt_solver_pop(smt_solver *s, unsigned levels);
void smt_solver_assert(smt_solver *s, smt_term t);
/* A check gets the budget's query limit, capped by its deadline
 * (budget_query_timeout; util/budget.h). */
smt_result smt_solver_check(smt_solver *s, budget b);
smt_result smt_solver_check_assumptions(smt_solver *s, uint32_t n, const smt_term *assumptions, budget b);
const char *smt_solver_reason(smt_solver *s);
smt_term smt_solver_value(smt_solver *s, smt_term t);
void smt_solver_unsat_core(smt_solver *s, smt_term_vec *out);

/* The Z3 back end (z3.c). */
smt_solver *smt_z3_solver_new(smt_ctx *ctx);
/* Translate overflow predicates with Z3's own bvadd_no_overflow & co.
 * instead of our definition by base operations (for cross-checking). No
 * effect on other back ends. */
void smt_z3_set_native_overflow(smt_solver *s, bool on);
/* Reads every Int of this solver as a real number: linear real arithmetic
 * (simplex) instead of integer arithmetic, for problems whose rational
 * solutions serve as well as integer ones (Farkas certificates, which are
 * scaled to integers). Only before anything is asserted; false otherwise
 * or for another back end. Int division, modulo and bit-vector conversions
 * have no meaning then. */
bool smt_z3_relax_ints(smt_solver *s);
/* After SAT of a relaxed solver: the value of Int term t as a rational
 * (canonical). False if unavailable. */
bool smt_z3_value_rational(smt_solver *s, smt_term t, mpq_t out);

#endif
