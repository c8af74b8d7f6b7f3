/* transform: the transformations of ITS transitions that the ITS back end,
 * the direct translation and the non-termination search share: the location
 * graph, sequential composition, DNF of guards, and dead-end removal. Each
 * is written once here; the callers differ only in the options they pass.
 *
 * Location graph. its_location_graph() is the CSR graph (util/graph.h) of
 * the locations with one edge per transition of a subset, in the subset's
 * order; the edge id is the transition index.
 *
 * Composition (chains). A chain is the relational composition of a
 * sequence of transitions t_1 .. t_k of s, starting at the pre-state:
 *     guard  over the pre-state variables and fresh variables,
 *     state  one term per variable (the values after t_k), SMT_NULL for a
 *            value that is unconstrained (any integer).
 * Appending t renames t's temporaries to fresh variables (of their own
 * sort, "<temp_prefix>!N"), so that temporaries of different steps never
 * capture each other; a value the state leaves unconstrained becomes a
 * fresh Int variable ("<free_prefix>!N") before t reads it; then, with
 * sigma = [x := state, temps := fresh], guard := guard /\ sigma(g_t) and
 * state := sigma(u_t) (SMT_NULL stays SMT_NULL). So the chain's relation
 *     exists fresh. guard /\ x' = state
 * is exactly the composition t_1; ...; t_k.
 *
 * DNF. its_to_dnf() writes a formula (or its negation) as a list of
 * disjuncts, each a conjunction of atoms, and fails when the list would get
 * longer than a limit. Int disequalities become "<" or ">"; implications
 * are expanded as "not a or b". The callers' differences are options:
 *   - preprocessing (splitting): fold_and, limit ITS_PRE_MAX_SPLIT, depth 64;
 *   - non-termination (loop guards): atoms, limit 8, depth 40;
 *   - direct translation (path conditions): atoms, limit = room for states,
 *     no depth limit, and bool_connectives (xor, = on Bool, Bool ite).
 * What the three former copies did alike is now done one way: a literal
 * that is false yields no disjunct and true an empty one; a conjunction
 * stops at its first false part (the direct translation's copy did; the
 * others went on and could fail on a later part for nothing); a => b is
 * expanded in place (preprocessing built not a \/ b first, one level
 * deeper).
 *
 * Dead ends (seed 001 Sect. 3.3 item 1, on transitions). A transition t
 * inside an SCC C of the location graph after which no transition of C can
 * follow (every composition t;q with q leaving t's target inside C is
 * unsatisfiable) is taken at most once per visit of C, as its last step.
 * The ITS prover drops such transitions from a termination problem; the
 * direct translation redirects them to a copy of their target that has
 * only the transitions leaving C.
 */
#ifndef BITPROVE_ITS_TRANSFORM_H
#define BITPROVE_ITS_TRANSFORM_H

#include "../smt/solver.h"
#include "../util/graph.h"
#include "its.h"

/* ---- location graph ------------------------------------------------------ */

/* g := the location graph of s->nlocs nodes with one edge from -> to for
 * each transition tidx[0..nt) (tidx == NULL: every transition, nt ignored),
 * in that order, with the transition index as edge id. */
void its_location_graph(const its *s, const uint32_t *tidx, uint32_t nt, graph *g);

/* Relevant variables (seed 001, Sect. 3.2, backward slicing) of the
 * transitions tidx[0..nt-1] (all of s when tidx is NULL): those some guard
 * reads, closed under "occurs in the update of a relevant variable". A bool
 * array of s->nvars entries, which the caller frees. */
bool *its_relevant_vars(const its *s, const uint32_t *tidx, uint32_t nt);

/* ---- composition --------------------------------------------------------- */

typedef struct {
  const its *s;
  smt_term guard;
  smt_term *state; /* s->nvars entries */
  const char *temp_prefix, *free_prefix;
  /* Substitute in two steps (temporaries, then the state) rather than one:
   * the same relation, terms of another shape (its_compose; the loops of
   * the non-termination search use one step). */
  bool two_step;
} its_chain;

/* The empty chain (guard true, state = pre-state). */
void its_chain_init(its_chain *c, const its *s, const char *temp_prefix, const char *free_prefix);
void its_chain_free(its_chain *c);
/* Appends t (see the top of the file). renamed (may be NULL) gets t->ntemps
 * entries: the fresh variable of each temporary. When free_out is not NULL
 * the values t leaves unconstrained become fresh variables at once:
 * free_out[i] is that variable (SMT_NULL where t defines x_i) and
 * before_out[i] (may be NULL) the value x_i had before t. */
void its_chain_append(its_chain *c, const its_trans *t, smt_term *renamed, smt_term *free_out, smt_term *before_out);

/* The composition t1;t2 in *guard and upd[0..nvars) (SMT_NULL where t2
 * leaves a value unconstrained). */
void its_compose(const its *s, const its_trans *t1, const its_trans *t2, const char *prefix, smt_term *guard,
                 smt_term *upd);

/* ---- DNF ----------------------------------------------------------------- */

typedef VEC(smt_term_vec) its_dnf;

typedef struct {
  size_t max_disjuncts; /* fail when a disjunction or product would have more */
  unsigned max_depth;   /* fail when nested deeper (0: no limit) */
  bool bool_connectives; /* also expand xor, = on Bool and ite on Bool */
  /* Each disjunct is ONE term, the conjunction built with smt_mk_and2 (so
   * contradictions the simplifier sees drop a disjunct, and the limit counts
   * what is left); otherwise a disjunct is the list of its atoms. */
  bool fold_and;
} its_dnf_opts;

/* Appends the DNF of t (positive) or of not t to *out (which must be empty).
 * An empty result means false; a disjunct without atoms means true. False
 * when over a limit (*out is then emptied). Exact: the disjunction of the
 * disjuncts is equivalent to the input. */
bool its_to_dnf(smt_ctx *ctx, smt_term t, bool positive, const its_dnf_opts *o, its_dnf *out);
void its_dnf_free(its_dnf *d);

/* ---- dead ends ----------------------------------------------------------- */

typedef struct {
  const char *prefix;   /* of the fresh variables of the compositions */
  uint32_t max_out;     /* skip t when its target has more outgoing transitions (0: no limit) */
  uint32_t *budget;     /* transitions checked at most, decremented (NULL: no limit) */
  budget query;         /* of the default satisfiability check */
  /* Satisfiability of one composition (NULL: smt_is_sat); anything but
   * SMT_UNSAT keeps the transition. */
  smt_result (*sat)(void *arg, smt_term f);
  bool (*stop)(void *arg); /* out of time: no more checks (NULL: never) */
  void *arg;
} its_dead_end_opts;

/* Marks dead[k] for the dead ends among the transitions tidx[0..nt) of s
 * (SCCs of the location graph of that subset; each candidate is checked
 * against all transitions of the subset, dead or not). Returns how many. */
uint32_t its_dead_ends_mark(const its *s, const uint32_t *tidx, uint32_t nt, const its_dead_end_opts *o, bool *dead);

/* Redirects the dead ends among all transitions of s, in two rounds (SCCs
 * recomputed after the first). Within a round transitions are checked in
 * order and redirected at once; a transition already redirected has left
 * its SCC (it is not a successor to check, and it goes into exit copies).
 * The copy of location l is a new location "<l>_exit" (made unique) with
 * a copy of every transition leaving l that leaves l's SCC; copies are
 * appended to s->trans. Returns the number of transitions redirected. */
uint32_t its_dead_ends_redirect(its *s, const its_dead_end_opts *o);
/* A new location (variable) named base, or base_2, base_3, ... (base cut
 * to 200 characters) when that name is taken; base must be an identifier. */
uint32_t its_add_loc_unique(its *s, const char *base);
uint32_t its_add_var_unique(its *s, const char *base);

#endif
