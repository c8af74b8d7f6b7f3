/* progress: what the running command has done so far, so that an answer cut
 * short by the global timeout or by memory exhaustion says where the time
 * went (util_die_unknown prints it after the "reason:" line).
 *
 * The story of the data: a run is a flat sequence of phases (the lasso
 * search, the symbolic execution graph, the direct translation, the ITS back
 * end, BMC, ...), at most UTIL_PROGRESS_PHASES of them; a phase that starts
 * while the table is full reuses the last slot. Each phase has a name, the
 * wall time it started and ended (util_now()), the current step inside it
 * ("linear ranking", "bound 8"), up to UTIL_PROGRESS_COUNTERS named
 * counters, and the solver queries asked while it ran (the smt layer counts
 * every solver call with util_progress_query()).
 *
 * Contract:
 *  - Every string given (phase, step, counter name) must live forever
 *    (a literal): the record keeps the pointer.
 *  - Engines only write the record; util_progress_write() reads it and makes
 *    only async-signal-safe calls (write, clock_gettime), so the timeout's
 *    signal handler may call it at any moment. A counter being updated at
 *    that moment may show its old value.
 *  - Nothing here changes what any engine computes; with nothing recorded
 *    util_progress_write() writes nothing.
 *
 * Output (one line):
 *   progress: lasso search 0.91 s (runs 14); symbolic execution graph 14.2 s
 *   (states 3102, solver queries 10233); ITS back end 12.8 s, still running,
 *   at linear ranking (SCCs 2, solver queries 1203)
 */
#ifndef BITPROVE_UTIL_PROGRESS_H
#define BITPROVE_UTIL_PROGRESS_H

#include <stdint.h>

#define UTIL_PROGRESS_PHASES 16
#define UTIL_PROGRESS_COUNTERS 4

/* Ends the current phase (if any) and starts one named `phase`. */
void util_progress_begin(const char *phase);
/* Ends the current phase (its time stops counting). */
void util_progress_end(void);
/* The step the current phase is at (NULL: none). */
void util_progress_step(const char *step);
/* Sets counter `name` of the current phase to value (a new name takes a free
 * slot; with none free the update is dropped). No phase: nothing happens. */
void util_progress_count(const char *name, uint64_t value);
/* One solver call (the smt layer calls this). */
void util_progress_query(void);
/* Writes the "progress: ..." line to fd if any phase was recorded.
 * Async-signal-safe. */
void util_progress_write(int fd);
/* Forgets every phase (tests; a command that runs several checks). */
void util_progress_reset(void);

#endif
