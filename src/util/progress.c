/* progress: the record of phases behind a timeout's answer and the live
 * status line (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Every field is a C11 atomic accessed with relaxed order: the engine thread
 * writes the record while the timeout's signal handler and the live line's
 * thread read it (progress_live.c). On the targets bitprove builds for these
 * are plain loads and stores (lock-free, hence async-signal-safe); the
 * atomics only keep the compiler from caching or tearing them. A reader may
 * see one phase's fields from different moments (progress.h). */
typedef struct {
  _Atomic(const char *) name;
  _Atomic(const char *) step;
  _Atomic double start, end; /* end 0: still running */
  _Atomic uint64_t queries_at_start, queries_at_end;
  _Atomic(const char *) counter_name[UTIL_PROGRESS_COUNTERS];
  _Atomic uint64_t counter[UTIL_PROGRESS_COUNTERS];
} phase;

_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2 && ATOMIC_LLONG_LOCK_FREE == 2,
               "the progress record needs lock-free atomics (async-signal-safe)");
#if defined(__GNUC__)
_Static_assert(__atomic_always_lock_free(sizeof(double), 0), "lock-free atomic double");
#endif

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

static _Atomic uint32_t nphases; /* stored with release: a reader sees a filled slot */
static phase phases[UTIL_PROGRESS_PHASES];
static _Atomic uint64_t queries;

/* util_now() without the dependency on util.c (and async-signal-safe). */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint32_t count_phases(void) {
  uint32_t n = atomic_load_explicit(&nphases, memory_order_acquire);
  return n < UTIL_PROGRESS_PHASES ? n : UTIL_PROGRESS_PHASES;
}

static phase *current(void) {
  uint32_t n = count_phases();
  if (n == 0) return NULL;
  phase *p = &phases[n - 1];
  return LOAD(p->end) == 0 ? p : NULL;
}

void util_progress_end(void) {
  phase *p = current();
  if (!p) return;
  STORE(p->queries_at_end, LOAD(queries));
  STORE(p->end, now());
}

void util_progress_begin(const char *phase_name) {
  assert(phase_name);
  util_progress_end();
  uint32_t n = count_phases();
  uint32_t k = n < UTIL_PROGRESS_PHASES ? n : UTIL_PROGRESS_PHASES - 1;
  phase *p = &phases[k];
  STORE(p->name, phase_name);
  STORE(p->step, (const char *)NULL);
  STORE(p->start, now());
  STORE(p->end, 0.0);
  STORE(p->queries_at_start, LOAD(queries));
  STORE(p->queries_at_end, 0);
  for (int i = 0; i < UTIL_PROGRESS_COUNTERS; i++) {
    STORE(p->counter_name[i], (const char *)NULL);
    STORE(p->counter[i], 0);
  }
  atomic_store_explicit(&nphases, k + 1, memory_order_release); /* published last */
}

void util_progress_step(const char *step) {
  phase *p = current();
  if (p) STORE(p->step, step);
}

void util_progress_count(const char *name, uint64_t value) {
  phase *p = current();
  if (!p) return;
  for (int i = 0; i < UTIL_PROGRESS_COUNTERS; i++) {
    const char *have = LOAD(p->counter_name[i]);
    if (have == name || (have && strcmp(have, name) == 0)) {
      STORE(p->counter[i], value);
      return;
    }
    if (!have) {
      STORE(p->counter[i], value);
      STORE(p->counter_name[i], name);
      return;
    }
  }
}

/* one writer (the engine thread): no read-modify-write needed */
void util_progress_query(void) { STORE(queries, LOAD(queries) + 1); }

void util_progress_reset(void) { atomic_store_explicit(&nphases, 0, memory_order_release); }

/* ---- async-signal-safe output ---------------------------------------------- */
/* Text goes to buf; with fd >= 0 a full buffer is written to fd, with fd < 0
 * (a caller's buffer) what does not fit in limit bytes is dropped. */
typedef struct {
  int fd;
  char *buf;
  size_t cap, len, limit;
} out;

static void flush(out *o) {
  size_t done = 0;
  while (done < o->len) {
    ssize_t w = write(o->fd, o->buf + done, o->len - done);
    if (w <= 0) break;
    done += (size_t)w;
  }
  o->len = 0;
}

static void put(out *o, const char *s) {
  for (; *s; s++) {
    if (o->fd < 0) {
      if (o->len >= o->limit) return;
    } else if (o->len == o->cap) {
      flush(o);
    }
    o->buf[o->len++] = *s;
  }
}

static void put_u64(out *o, uint64_t v) {
  char tmp[24];
  int n = 0;
  do tmp[n++] = (char)('0' + v % 10), v /= 10;
  while (v);
  char s[24];
  for (int i = 0; i < n; i++) s[i] = tmp[n - 1 - i];
  s[n] = 0;
  put(o, s);
}

/* seconds with two decimals (one above 10 s) */
static void put_seconds(out *o, double s) {
  if (s < 0) s = 0;
  uint64_t whole = (uint64_t)s;
  put_u64(o, whole);
  put(o, ".");
  if (s >= 10) {
    put_u64(o, (uint64_t)((s - (double)whole) * 10) % 10);
  } else {
    uint64_t c = (uint64_t)((s - (double)whole) * 100) % 100;
    if (c < 10) put(o, "0");
    put_u64(o, c);
  }
  put(o, " s");
}

/* The phase's counters as "name value, name value" after `lead` (nothing
 * when it has none), its q solver queries last (none: not named). Returns
 * whether anything was written. */
static bool put_counters(out *o, const phase *p, const char *lead, const char *sep, uint64_t q) {
  bool any = false;
  for (int k = 0; k < UTIL_PROGRESS_COUNTERS; k++) {
    const char *name = LOAD(p->counter_name[k]);
    if (!name) continue;
    put(o, any ? sep : lead);
    put(o, name);
    put(o, " ");
    put_u64(o, LOAD(p->counter[k]));
    any = true;
  }
  if (q) {
    put(o, any ? sep : lead);
    put(o, "solver queries ");
    put_u64(o, q);
    any = true;
  }
  return any;
}

/* The solver queries of phase p (a running one: up to now). */
static uint64_t phase_queries(const phase *p, bool running) {
  uint64_t at_start = LOAD(p->queries_at_start);
  uint64_t at_end = running ? LOAD(queries) : LOAD(p->queries_at_end);
  return at_end >= at_start ? at_end - at_start : 0; /* a torn read: nothing */
}

size_t util_progress_phase_count(void) { return count_phases(); }

size_t util_progress_phases(size_t first, util_progress_phase *out, size_t cap) {
  size_t n = count_phases(), k = 0;
  double t = now();
  for (size_t i = first; i < n && k < cap; i++, k++) {
    const phase *p = &phases[i];
    double end = LOAD(p->end);
    bool running = end == 0;
    const char *name = LOAD(p->name);
    out[k].name = name ? name : "?";
    out[k].running = running;
    out[k].seconds = (running ? t : end) - LOAD(p->start);
    if (out[k].seconds < 0) out[k].seconds = 0;
    out[k].queries = phase_queries(p, running);
  }
  return k;
}

void util_progress_write(int fd) {
  uint32_t n = count_phases();
  if (n == 0) return;
  char buf[1024];
  out o = {fd, buf, sizeof buf, 0, 0};
  put(&o, "progress: ");
  double t = now();
  for (uint32_t i = 0; i < n; i++) {
    const phase *p = &phases[i];
    double end = LOAD(p->end);
    bool running = end == 0;
    const char *name = LOAD(p->name), *step = LOAD(p->step);
    if (i) put(&o, "; ");
    put(&o, name ? name : "?");
    put(&o, " ");
    put_seconds(&o, (running ? t : end) - LOAD(p->start));
    if (running) put(&o, ", still running");
    if (running && step) {
      put(&o, ", at ");
      put(&o, step);
    }
    if (put_counters(&o, p, " (", ", ", phase_queries(p, running))) put(&o, ")");
  }
  put(&o, "\n");
  flush(&o);
}

size_t util_progress_status(char *buf, size_t cap, double since, double t, size_t width) {
  if (cap == 0) return 0;
  uint32_t n = count_phases();
  if (n == 0) {
    buf[0] = 0;
    return 0;
  }
  size_t limit = cap - 1;
  if (width && width < limit) limit = width;
  out o = {-1, buf, cap, 0, limit};
  const phase *p = &phases[n - 1];
  double end = LOAD(p->end);
  bool running = end == 0;
  const char *name = LOAD(p->name), *step = LOAD(p->step);
  put(&o, "bitprove ");
  put_seconds(&o, t - since);
  put(&o, " | ");
  put(&o, name ? name : "?");
  put(&o, " ");
  put_seconds(&o, (running ? t : end) - LOAD(p->start));
  if (!running) put(&o, ", done");
  if (running && step) {
    put(&o, " | ");
    put(&o, step);
  }
  put_counters(&o, p, " | ", ", ", phase_queries(p, running));
  buf[o.len] = 0;
  return o.len;
}
