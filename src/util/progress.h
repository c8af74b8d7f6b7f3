/* progress: what the running command has done so far, so that an answer cut
 * short by the global timeout or by memory exhaustion says where the time
 * went (util_die_unknown prints it after the "reason:" line), and so that a
 * long check on a terminal shows what it is doing (the live status line,
 * below).
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
 *  - Engines (one thread) only write the record; util_progress_write() and
 *    util_progress_status() read it and make only async-signal-safe calls
 *    (write, clock_gettime), so the timeout's signal handler may call them
 *    at any moment, and the live line's thread reads the record while the
 *    engine writes it (every field is a relaxed C11 atomic: no lock, no
 *    cached or torn value). A counter being updated at that moment may show
 *    its old value; a phase being begun may show fields of the old one.
 *  - Nothing here changes what any engine computes; with nothing recorded
 *    util_progress_write() writes nothing.
 *
 * Output (one line):
 *   progress: lasso search 0.91 s (runs 14); symbolic execution graph 14.2 s
 *   (states 3102, solver queries 10233); ITS back end 12.8 s, still running,
 *   at linear ranking (SCCs 2, solver queries 1203)
 *
 * The live status line (progress_live.c): while a check runs, a thread of
 * its own rewrites one line on stderr with the current (last) phase in
 * short form (util_progress_status):
 *   bitprove 12.3 s | ITS back end 2.07 s | linear ranking | SCCs done 2, solver queries 1203
 * (the whole run's time since util_progress_live_start, the phase, its time,
 * its step, its counters and solver queries; ", done" after the time of a
 * phase that has ended and no new one begun). Nothing is shown before the
 * first phase begins.
 *  - On a terminal (stderr is a tty and TERM is not "dumb") it is one line
 *    redrawn in place every 250 ms: "\r" LINE "\033[K", cut to the
 *    terminal's width less one column (TIOCGWINSZ; 80 when unknown).
 *    Otherwise (forced on with --progress) it is one full line ending in
 *    "\n" every second, never cut, without control characters.
 *  - It is written to stderr only (write(2) on fd 2), never to stdout.
 *  - The thread only reads the record and shared flags, blocks every
 *    signal (the timeout's SIGALRM/SIGPROF run in the engine thread) and
 *    makes no call that takes a lock the engine thread could hold (no
 *    malloc, no stdio), so a fork() in the engine thread is safe; the child
 *    of a fork has no live line (pthread_atfork).
 *  - util_progress_live_pause() erases a shown line ("\r\033[K") and keeps
 *    the thread from drawing until util_progress_live_resume(): util_error,
 *    util_warning and the verdict's printing go between the two;
 *    util_die_unknown pauses for good (the timeout's answer starts on a
 *    clean line). util_progress_live_stop() erases it and ends the thread
 *    (also at exit()).
 */
#ifndef BITPROVE_UTIL_PROGRESS_H
#define BITPROVE_UTIL_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
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

/* One phase as data (--report FILE.html: where a property's time went). */
typedef struct {
  const char *name; /* the phase's name (a literal, as given) */
  double seconds;   /* its wall time; a running phase: up to now */
  bool running;
  uint64_t queries; /* the solver queries asked while it ran */
} util_progress_phase;
/* How many phases are recorded (at most UTIL_PROGRESS_PHASES: when the
 * table is full, a new phase reuses the last slot). */
size_t util_progress_phase_count(void);
/* Copies phases first, first + 1, ... (at most cap of them) into out;
 * returns how many. */
size_t util_progress_phases(size_t first, util_progress_phase *out, size_t cap);

/* The live status line's text for the current (last) phase into buf[cap],
 * NUL-terminated, without newline or control characters: at most `width`
 * characters (0: as many as buf holds), the run's time counted from the
 * util_now() value `since` to `now`. Returns its length, 0 (and "") when no
 * phase was recorded. Async-signal-safe. */
size_t util_progress_status(char *buf, size_t cap, double since, double now, size_t width);

/* --progress / --no-progress / neither */
typedef enum { UTIL_LIVE_AUTO, UTIL_LIVE_ON, UTIL_LIVE_OFF } util_live_mode;
/* Parses "--progress" / "--no-progress" into *mode; false for any other
 * argument (the command lines share it). */
bool util_progress_live_option(const char *arg, util_live_mode *mode);
/* Starts the live status line. UTIL_LIVE_AUTO: only when stderr is a
 * terminal, TERM is not "dumb" and CI is unset, empty, "0" or "false".
 * UTIL_LIVE_ON: always (on a terminal in place, otherwise as lines).
 * Returns whether it runs. A second start while it runs changes nothing. */
bool util_progress_live_start(util_live_mode mode);
/* Erases the line and ends the thread (waits for it). Nothing when it does
 * not run. Not from a signal handler. */
void util_progress_live_stop(void);
/* Erases a shown status line and keeps it off stderr until the matching
 * resume (pauses nest). Async-signal-safe. */
void util_progress_live_pause(void);
void util_progress_live_resume(void);

#endif
