/* util: memory, growable vectors, diagnostics shared by every module.
 *
 * Contract:
 *  - xmalloc/xcalloc/xrealloc/xstrdup never return NULL. When memory is
 *    exhausted they print the verdict UNKNOWN and "reason: out of memory"
 *    and exit with status 0 (a verdict is not a usage error).
 *  - An arena hands out memory that lives until arena_free(); nothing taken
 *    from it is freed on its own.
 *  - VEC(T) is a growable array {T *data; size_t len, cap;}; VEC_PUSH grows it
 *    with xrealloc. The owner frees .data with free(). u32_vec and u64_vec
 *    are the named vectors of those element types.
 *  - The hash map (uint64 -> uint64) is in map.h.
 *  - util_error() prints one line "bitprove: error: ..." on stderr.
 */
#ifndef BITPROVE_UTIL_H
#define BITPROVE_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "budget.h"

#if defined(__GNUC__)
#define UTIL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define UTIL_NORETURN __attribute__((noreturn))
#else
#define UTIL_PRINTF(f, a)
#define UTIL_NORETURN
#endif

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a fresh heap string. */
char *xasprintf(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* Out-of-memory and timeout end the process with the give-up verdict
 * (UNKNOWN in SV-COMP mode; `bitprove its` sets termCOMP's MAYBE) and a
 * "reason:" line. `word` must be a string that lives forever.
 * util_die_unknown only makes async-signal-safe calls (write, _exit). */
UTIL_NORETURN void util_die_unknown(const char *reason);
void util_set_giveup_verdict(const char *word);

/* ---- time ------------------------------------------------------------
 * One clock. Every deadline in bitprove (the global one below, an engine's
 * own, the smt context's, an isolated run's) is a value of util_now():
 * seconds of wall time on CLOCK_MONOTONIC. Budgets are passed down as such
 * deadlines (budget.h), never as "seconds from whenever the callee starts".
 *
 * The global timeout (--timeout S) is armed by util_set_timeout(S): after S
 * seconds of wall time (ITIMER_REAL) or S seconds of this process's CPU
 * time (ITIMER_PROF, all threads), whichever comes first, the signal
 * handler prints the give-up verdict with reason "timeout" and exits 0.
 * bitprove computes in one thread and waits (without CPU) for the children
 * it starts (clang, isolated runs), so its CPU time, children included,
 * stays below its wall time: --timeout S keeps both a wall-time limit and
 * a CPU-time limit of S such as BenchExec and bench/run.py impose; the CPU
 * timer is the backstop should a solver ever use several threads. */
/* Arms the global timeout (see above); seconds <= 0 disarms it. */
void util_set_timeout(double seconds);
/* The global deadline (a util_now() value), 0 when none is armed. */
double util_deadline(void);
/* Seconds of wall time on the monotonic clock. */
double util_now(void);
/* Parses a number of seconds as the command lines take it: a whole decimal
 * number (strtod syntax), finite and >= 0. False for anything else. */
bool util_parse_seconds(const char *s, double *out);

/* One-line diagnostics on stderr. */
void util_error(const char *fmt, ...) UTIL_PRINTF(1, 2);
void util_warning(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* ---- arena ---------------------------------------------------------- */
typedef struct arena_chunk arena_chunk;
typedef struct {
  arena_chunk *head;
  size_t used_total;
} arena;

void arena_init(arena *a);
void arena_free(arena *a);
void *arena_alloc(arena *a, size_t n);          /* zeroed, 16-byte aligned */
char *arena_strdup(arena *a, const char *s);
char *arena_strndup(arena *a, const char *s, size_t n);
void *arena_memdup(arena *a, const void *p, size_t n);

/* ---- vectors -------------------------------------------------------- */
#define VEC(T) struct { T *data; size_t len, cap; }
#define VEC_PUSH(v, x)                                                        \
  do {                                                                        \
    if ((v).len == (v).cap) {                                                 \
      (v).cap = (v).cap ? 2 * (v).cap : 8;                                    \
      (v).data = xrealloc((v).data, (v).cap * sizeof *(v).data);              \
    }                                                                         \
    (v).data[(v).len++] = (x);                                                \
  } while (0)
#define VEC_FREE(v) (free((v).data), (v).data = NULL, (v).len = (v).cap = 0)
/* VEC(T) is a new type at each use: code that passes vectors between
 * functions uses these named ones (smt_term_vec lives in smt/term.h). */
typedef VEC(uint32_t) u32_vec;
typedef VEC(uint64_t) u64_vec;

/* ---- string buffer -------------------------------------------------- */
typedef struct {
  char *data;
  size_t len, cap;
} strbuf;
void strbuf_printf(strbuf *b, const char *fmt, ...) UTIL_PRINTF(2, 3);
void strbuf_append(strbuf *b, const char *s, size_t n);
void strbuf_free(strbuf *b);

/* Reads fd until end of file, appending at most `cap` bytes in all to *out
 * (what comes beyond is read and dropped, so the writer never blocks).
 * Returns false when the util_now() deadline (0 = none) passed first. */
bool util_read_until(int fd, double deadline, size_t cap, strbuf *out);

/* Runs fn(arg, out) in a child process (fork) and waits until b's deadline
 * (none: no limit): the text the child appended to its strbuf
 * is appended to *out. The child runs without the global timeout (the
 * parent keeps it) and dies with the parent (PR_SET_PDEATHSIG), so a parent
 * ended by its timeout or a kill never leaves it running. Returns true when the child finished normally;
 * false when it had to be killed at the deadline or died, with a reason
 * ("timeout", "crashed") in *out. For work whose solver calls may overrun
 * their timeouts (Z3 on non-linear problems): the parent stays in control
 * of its time budget. The child's other effects are lost. */
bool util_run_isolated(budget b, void (*fn)(void *arg, strbuf *out), void *arg, strbuf *out);

/* ---- files ---------------------------------------------------------- */
/* Reads a whole file into a NUL-terminated heap buffer; NULL if unreadable
 * (errno set). *len_out may be NULL. */
char *util_read_file(const char *path, size_t *len_out);
/* Reads a file the user gave as input: only a regular file of at most
 * max_len bytes (a property file of /dev/zero must not fill the memory);
 * NULL with the reason, one lower-case phrase, in why[whylen] otherwise. */
char *util_read_input(const char *path, size_t max_len, size_t *len_out, char *why, size_t whylen);
/* The largest property, task or ITS file bitprove reads. */
#define UTIL_INPUT_MAX ((size_t)256 << 20)
bool util_ends_with(const char *s, const char *suffix);
/* A 64-bit hash of a NUL-terminated string (FNV-1a), e.g. as a map key. */
uint64_t util_str_hash(const char *s);

#endif
