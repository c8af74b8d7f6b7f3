/* preprocess_internal.h: what the files of the ITS preprocessing share
 * (preprocess.c: driver, unsat/reachability, DNF splitting, constants,
 * slicing; preprocess_chain.c: chaining; preprocess_invariants.c: Houdini
 * invariants). Not for use outside src/its/preprocess*.c.
 *
 * Every step reads an its and returns a NEW its over the same context with
 * the same variables and the same locations (same indices), so that steps
 * compose freely; locations are only dropped at the very end. */
#ifndef BITPROVE_ITS_PREPROCESS_INTERNAL_H
#define BITPROVE_ITS_PREPROCESS_INTERNAL_H

#include "../util/map.h"
#include "preprocess.h"

typedef struct {
  smt_ctx *ctx;
  its_pre_stats *st;
  strbuf *log;          /* may be NULL */
  size_t max_trans;     /* chaining never lets the system grow beyond this */
  budget budget;        /* every query (a short leash: ITS_PRE_QUERY_MS at most) */
} pp_state;

/* A set of terms: the util map with the terms as keys (map.h). */
typedef u64_map pp_tset;
static inline bool pp_tset_has(const pp_tset *m, smt_term t) { return u64_map_has(m, t); }
/* Adds t; true when it was not there before. */
static inline bool pp_tset_add(pp_tset *m, smt_term t) { return u64_map_add(m, t, 0); }
static inline void pp_tset_free(pp_tset *m) { u64_map_free(m); }

/* A new its with the variables, locations and start of s, no transitions. */
its *pp_shell(const its *s);
/* Appends a copy of transition t of another its with the same variables
 * (update and temporaries duplicated as they are, nothing recomputed). */
void pp_copy_trans(its *dst, const its_trans *t);
/* Number of distinct nodes of the DAG of t, counting at most up to limit
 * (returns limit + 1 as soon as it is exceeded). */
size_t pp_term_size(const smt_ctx *ctx, smt_term t, size_t limit);
/* True when t mentions no variable other than the program (pre-state)
 * variables of s. */
bool pp_only_program_vars(const its *s, smt_term t);

/* The steps, each returning a new its (exposed for the unit tests). */
its *pp_prune(pp_state *p, const its *s);      /* unsat + unreachable */
its *pp_split(pp_state *p, const its *s);      /* DNF splitting */
its *pp_constants(pp_state *p, const its *s);  /* constant propagation */
its *pp_slice(pp_state *p, const its *s);      /* slicing */
its *pp_chain(pp_state *p, const its *s);      /* preprocess_chain.c */
its *pp_invariants(pp_state *p, const its *s); /* preprocess_invariants.c */

#endif
