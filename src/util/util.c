/* util: see util.h for the contract. */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include "progress.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <poll.h>
#include <sys/wait.h>
#include <sys/prctl.h>

static const char *giveup_verdict = "UNKNOWN";

void util_set_giveup_verdict(const char *word) { giveup_verdict = word; }

/* write(2) of a NUL-terminated string; async-signal-safe (no strlen). */
static void write_str(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  ssize_t r = write(STDOUT_FILENO, s, n);
  (void)r;
}

void util_die_unknown(const char *reason) {
  /* Only async-signal-safe calls: this also runs from the timeout handler. */
  util_progress_live_pause(); /* the live status line leaves the terminal for good */
  write_str(giveup_verdict);
  write_str("\nreason: ");
  write_str(reason);
  write_str("\n");
  util_progress_write(STDOUT_FILENO); /* where the time went */
  _exit(0);
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) util_die_unknown("out of memory");
  return p;
}

void *xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p) util_die_unknown("out of memory");
  return p;
}

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) util_die_unknown("out of memory");
  return q;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n) {
  char *d = xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *xasprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

static void on_timeout(int sig) {
  (void)sig;
  util_die_unknown("timeout");
}

static double global_deadline; /* util_now() value, 0 = none */

/* Arms (seconds > 0) or disarms both timers of the global timeout. */
static void arm_timers(double seconds) {
  struct itimerval t = {{0, 0}, {0, 0}};
  if (seconds > 0) {
    t.it_value.tv_sec = (time_t)seconds;
    t.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) t.it_value.tv_usec = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_timeout;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    sigaction(SIGPROF, &sa, NULL);
  }
  setitimer(ITIMER_REAL, &t, NULL); /* wall time */
  setitimer(ITIMER_PROF, &t, NULL); /* CPU time of the process */
}

void util_set_timeout(double seconds) {
  global_deadline = seconds > 0 ? util_now() + seconds : 0;
  arm_timers(seconds);
}

double util_deadline(void) { return global_deadline; }

double util_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void vdiag(const char *kind, const char *fmt, va_list ap) {
  util_progress_live_pause(); /* the message starts on a clean line */
  fprintf(stderr, "bitprove: %s: ", kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
  util_progress_live_resume();
}

void util_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag("error", fmt, ap);
  va_end(ap);
}

void util_warning(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag("warning", fmt, ap);
  va_end(ap);
}

/* ---- arena ---------------------------------------------------------- */
struct arena_chunk {
  arena_chunk *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
};

void arena_init(arena *a) {
  a->head = NULL;
  a->used_total = 0;
}

void arena_free(arena *a) {
  arena_chunk *c = a->head;
  while (c) {
    arena_chunk *n = c->next;
    free(c);
    c = n;
  }
  a->head = NULL;
  a->used_total = 0;
}

void *arena_alloc(arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  arena_chunk *c = a->head;
  if (!c || c->size - c->used < n) {
    size_t size = n > 65536 ? n : 65536;
    c = xmalloc(sizeof *c + size);
    c->size = size;
    c->used = 0;
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  a->used_total += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(arena *a, const char *s, size_t n) {
  char *d = arena_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *arena_strdup(arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

void *arena_memdup(arena *a, const void *p, size_t n) {
  void *d = arena_alloc(a, n);
  if (n) memcpy(d, p, n);
  return d;
}

/* ---- string buffer -------------------------------------------------- */
void strbuf_append(strbuf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void strbuf_printf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n <= 0) return;
  if (b->len + (size_t)n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + (size_t)n + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void strbuf_free(strbuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

/* ---- files ---------------------------------------------------------- */
char *util_read_file(const char *path, size_t *len_out) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  strbuf b = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) strbuf_append(&b, buf, n);
  int err = ferror(f);
  fclose(f);
  if (err) {
    strbuf_free(&b);
    errno = EIO;
    return NULL;
  }
  if (!b.data) strbuf_append(&b, "", 0);
  if (len_out) *len_out = b.len;
  return b.data;
}

char *util_read_input(const char *path, size_t max_len, size_t *len_out, char *why, size_t whylen) {
  struct stat st;
  if (stat(path, &st) != 0) {
    snprintf(why, whylen, "%s", strerror(errno));
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    snprintf(why, whylen, "%s", S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
    return NULL;
  }
  /* the size check comes first so that a huge file is never read; the file
   * may still grow while we read it, hence the second check below */
  if ((unsigned long long)st.st_size > max_len) {
    snprintf(why, whylen, "larger than %zu bytes", max_len);
    return NULL;
  }
  size_t len = 0;
  char *text = util_read_file(path, &len);
  if (!text) {
    snprintf(why, whylen, "%s", strerror(errno));
    return NULL;
  }
  if (len > max_len) {
    free(text);
    snprintf(why, whylen, "larger than %zu bytes", max_len);
    return NULL;
  }
  if (len_out) *len_out = len;
  return text;
}

bool util_ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && memcmp(s + a - b, suffix, b) == 0;
}

/* ---- isolated runs ---------------------------------------------------- */

bool util_read_until(int fd, double deadline, size_t cap, strbuf *out) {
  char buf[4096];
  for (;;) {
    int wait_ms = -1;
    if (deadline > 0) {
      double left = deadline - util_now();
      if (left <= 0) return false;
      wait_ms = (int)(left * 1000) + 1;
    }
    struct pollfd pf = {fd, POLLIN, 0};
    int r = poll(&pf, 1, wait_ms);
    if (r < 0 && errno != EINTR) return true; /* nothing more can be read */
    if (r <= 0) continue;                    /* interrupted or woken early: re-check the deadline */
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true; /* end of file (or an error: nothing more to read) */
    size_t keep = out->len < cap ? cap - out->len : 0;
    strbuf_append(out, buf, (size_t)n < keep ? (size_t)n : keep);
  }
}

bool util_run_isolated(budget b, void (*fn)(void *arg, strbuf *out), void *arg, strbuf *out) {
  int fds[2];
  if (pipe(fds) != 0) {
    strbuf_printf(out, "cannot create a pipe: %s", strerror(errno));
    return false;
  }
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]), close(fds[1]);
    strbuf_printf(out, "cannot fork: %s", strerror(errno));
    return false;
  }
  if (pid == 0) { /* child: run, write, leave without the parent's exit handlers */
    close(fds[0]);
    global_deadline = 0;
    arm_timers(0); /* the parent keeps the deadline */
    /* ...and when the parent dies first (its own global timeout, or a kill
     * aimed at it alone), the child must not live on as an orphan that
     * computes for hours: the kernel kills it with its parent. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1); /* the parent died before prctl */
    strbuf b = {0};
    fn(arg, &b);
    size_t done = 0;
    while (done < b.len) {
      ssize_t w = write(fds[1], b.data + done, b.len - done);
      if (w <= 0) break;
      done += (size_t)w;
    }
    close(fds[1]);
    _exit(done == b.len ? 0 : 1);
  }
  close(fds[1]);
  strbuf got = {0};
  bool timed_out = !util_read_until(fds[0], b.deadline, SIZE_MAX, &got);
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  bool ok = !timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (ok)
    strbuf_append(out, got.data ? got.data : "", got.len);
  else
    strbuf_printf(out, "%s", timed_out ? "timeout" : "crashed");
  strbuf_free(&got);
  return ok;
}

uint64_t util_str_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) h = (h ^ *p) * 0x100000001b3ull;
  return h;
}

bool util_parse_seconds(const char *s, double *out) {
  if (!s || !*s) return false;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (*end || errno || !isfinite(v) || v < 0) return false;
  *out = v;
  return true;
}
