/* progress: the record of phases behind a timeout's answer (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  const char *name;
  const char *step;
  double start, end; /* end 0: still running */
  uint64_t queries_at_start, queries_at_end;
  const char *counter_name[UTIL_PROGRESS_COUNTERS];
  uint64_t counter[UTIL_PROGRESS_COUNTERS];
} phase;

/* volatile: the signal handler reads what the engine thread writes */
static volatile uint32_t nphases;
static phase phases[UTIL_PROGRESS_PHASES];
static volatile uint64_t queries;

/* util_now() without the dependency on util.c (and async-signal-safe). */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static phase *current(void) {
  uint32_t n = nphases;
  if (n == 0) return NULL;
  phase *p = &phases[n - 1];
  return p->end == 0 ? p : NULL;
}

void util_progress_end(void) {
  phase *p = current();
  if (!p) return;
  p->queries_at_end = queries;
  p->end = now();
}

void util_progress_begin(const char *phase_name) {
  assert(phase_name);
  util_progress_end();
  uint32_t n = nphases;
  uint32_t k = n < UTIL_PROGRESS_PHASES ? n : UTIL_PROGRESS_PHASES - 1;
  phase p;
  memset(&p, 0, sizeof p);
  p.name = phase_name;
  p.start = now();
  p.queries_at_start = queries;
  phases[k] = p;
  nphases = k + 1; /* published last: the handler sees a complete slot */
}

void util_progress_step(const char *step) {
  phase *p = current();
  if (p) p->step = step;
}

void util_progress_count(const char *name, uint64_t value) {
  phase *p = current();
  if (!p) return;
  for (int i = 0; i < UTIL_PROGRESS_COUNTERS; i++) {
    if (p->counter_name[i] == name || (p->counter_name[i] && strcmp(p->counter_name[i], name) == 0)) {
      p->counter[i] = value;
      return;
    }
    if (!p->counter_name[i]) {
      p->counter[i] = value;
      p->counter_name[i] = name;
      return;
    }
  }
}

void util_progress_query(void) { queries = queries + 1; }

void util_progress_reset(void) { nphases = 0; }

/* ---- async-signal-safe output ---------------------------------------------- */
typedef struct {
  int fd;
  char buf[1024];
  size_t len;
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
    if (o->len == sizeof o->buf) flush(o);
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

void util_progress_write(int fd) {
  uint32_t n = nphases;
  if (n == 0) return;
  out o;
  o.fd = fd;
  o.len = 0;
  put(&o, "progress: ");
  double t = now();
  for (uint32_t i = 0; i < n; i++) {
    const phase *p = &phases[i];
    bool running = p->end == 0;
    if (i) put(&o, "; ");
    put(&o, p->name ? p->name : "?");
    put(&o, " ");
    put_seconds(&o, (running ? t : p->end) - p->start);
    if (running) put(&o, ", still running");
    if (running && p->step) {
      put(&o, ", at ");
      put(&o, p->step);
    }
    uint64_t q = (running ? queries : p->queries_at_end) - p->queries_at_start;
    bool any = false;
    for (int k = 0; k < UTIL_PROGRESS_COUNTERS; k++) {
      if (!p->counter_name[k]) continue;
      put(&o, any ? ", " : " (");
      put(&o, p->counter_name[k]);
      put(&o, " ");
      put_u64(&o, p->counter[k]);
      any = true;
    }
    if (q) {
      put(&o, any ? ", " : " (");
      put(&o, "solver queries ");
      put_u64(&o, q);
      any = true;
    }
    if (any) put(&o, ")");
  }
  put(&o, "\n");
  flush(&o);
}
