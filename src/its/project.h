/* project: the projection of an ITS onto its counters, an
 * over-approximation that is cheap to prove terminating.
 *
 * A counter is a variable that some transition shifts by a nonzero
 * constant (x' = x + d). The kept variables V are the counters and,
 * closed under updates, every variable that an update of a kept variable
 * reads. The projection has the same variables, locations, start and
 * transitions; in each transition it keeps
 *   - the conjuncts of the guard's top-level conjunction whose program
 *     variables all lie in V (temporaries may occur),
 *   - the updates of the variables in V;
 * every other variable becomes unconstrained. Each projected relation
 * contains the original one (fewer constraints, the same temporaries), so
 * every run of the input is a run of the projection: if the projection
 * terminates from the start, so does the input. The converse does not
 * hold: a NO or MAYBE of the projection says nothing about the input.
 *
 * Why: a loop like `while (i < 10) { ...; i++; }` whose body branches on
 * many other variables (seq-mthreaded/pals_*: 80-300 variables, 1500-3500
 * transitions after the direct translation) spends the whole budget in
 * preprocessing and ranking the full system, while the projection onto
 * i is proved in milliseconds.
 *
 * Contract: its_project_counters() returns a NEW its over s->ctx (the
 * caller frees it), or NULL when there is no counter or every variable is
 * kept (nothing to gain). The names of the kept variables are appended to
 * kept (comma-separated) when kept is not NULL.
 */
#ifndef BITPROVE_ITS_PROJECT_H
#define BITPROVE_ITS_PROJECT_H

#include "../util/util.h"
#include "its.h"

its *its_project_counters(const its *s, strbuf *kept);

#endif
