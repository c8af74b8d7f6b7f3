/* internal: what lasso.c hands to recur.c (nonterm.h describes both). */
#ifndef BITPROVE_NONTERM_INTERNAL_H
#define BITPROVE_NONTERM_INTERNAL_H

#include "nonterm.h"

/* Where a run that does not end was caught. */
typedef struct {
  bool recursion;       /* a recursion: func's entry, visit = the call depth of the call */
  uint32_t func, block; /* the loop head */
  uint64_t visit;       /* its visit number in the run */
  uint64_t ndraws;      /* draws of the run before that visit */
  uint64_t steps;       /* the run's length (a bound for the replay) */
} nonterm_candidate;

/* A recurrent set at cand, reached by the replayed stem draws[0 ..
 * cand->ndraws): true with *out filled (RECURRENT), false with *out
 * untouched. */
bool nonterm_recur_try(const ir_module *m, const interp_nondet_vec *draws, const nonterm_candidate *cand, budget b,
                       const nonterm_provers *provers, bool debug, nonterm_result *out);

/* Appends one explanation line. */
void nonterm_note(nonterm_result *r, const char *fmt, ...) UTIL_PRINTF(2, 3);

#endif
