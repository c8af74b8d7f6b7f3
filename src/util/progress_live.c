/* progress_live: the live status line on stderr (progress.h).
 *
 * One thread draws; the engine thread and the timeout's signal handler
 * (which runs in the engine thread: the drawing thread blocks every signal)
 * keep it off the terminal while they write. The hand-over uses two
 * sequentially consistent flags and no lock, so that the signal handler can
 * take part: the drawer sets `drawing`, then draws only when `paused` is 0;
 * a pauser raises `paused`, then waits while `drawing` is set. Whatever the
 * interleaving, either the drawer sees the pause or the pauser sees the
 * drawing and waits for it to end, after which it erases the line. */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define TICK_TTY_MS 250   /* redraw period on a terminal */
#define TICK_LINES_MS 1000 /* one line per second otherwise */
#define PAUSE_WAIT_MS 200 /* how long a pause waits for a draw (a terminal stopped with ^S) */
#define LINE_MAX_BYTES 512

static atomic_bool running;   /* a drawing thread exists (this process) */
static atomic_int paused;     /* pauses not yet resumed */
static atomic_bool drawing;   /* the thread is between its check of `paused` and the end of its write */
static atomic_bool shown;     /* a status line stands on the terminal (tty form) */
static bool tty_form;         /* "\r" LINE "\033[K" in place; else LINE "\n" */
static double started;        /* util_now() value of the start */

static pthread_t thread;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* quit and the wake-up; never in a handler */
static pthread_cond_t wake;
static bool quit;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void write_all(const char *s, size_t n) {
  while (n) {
    ssize_t w = write(STDERR_FILENO, s, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

/* The terminal's columns (80 when unknown). */
static size_t columns(void) {
  struct winsize ws;
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

/* One refresh: formats the line, then writes it unless paused. */
static void draw(void) {
  char line[LINE_MAX_BYTES];
  size_t n;
  if (tty_form) {
    /* one column less than the width: a full row would wrap on some terminals */
    size_t width = columns() - 1;
    if (width == 0) width = 1;
    line[0] = '\r';
    n = util_progress_status(line + 1, sizeof line - 4, started, now(), width);
    if (n == 0) return;
    memcpy(line + 1 + n, "\033[K", 3);
    n += 4;
  } else {
    n = util_progress_status(line, sizeof line - 1, started, now(), 0);
    if (n == 0) return;
    line[n++] = '\n';
  }
  atomic_store(&drawing, true);
  if (atomic_load(&paused) == 0) {
    write_all(line, n);
    if (tty_form) atomic_store(&shown, true);
  }
  atomic_store(&drawing, false);
}

static void *refresher(void *arg) {
  (void)arg;
  long tick_ms = tty_form ? TICK_TTY_MS : TICK_LINES_MS;
  struct timespec next;
  clock_gettime(CLOCK_MONOTONIC, &next);
  pthread_mutex_lock(&lock);
  while (!quit) {
    next.tv_nsec += tick_ms * 1000000L;
    while (next.tv_nsec >= 1000000000L) next.tv_sec++, next.tv_nsec -= 1000000000L;
    int r;
    do r = pthread_cond_timedwait(&wake, &lock, &next); /* 0: woken (stop) or spuriously */
    while (!quit && r == 0);
    if (quit) break;
    pthread_mutex_unlock(&lock);
    draw();
    pthread_mutex_lock(&lock);
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec > next.tv_sec + 1) next = t; /* far behind (a stopped terminal): no burst of draws */
  }
  pthread_mutex_unlock(&lock);
  return NULL;
}

/* The child of a fork has no drawing thread; it must neither wait for one
 * nor erase the parent's line. */
static void forget_in_child(void) {
  atomic_store(&running, false);
  atomic_store(&paused, 0);
  atomic_store(&drawing, false);
  atomic_store(&shown, false);
}

static void at_exit(void) { util_progress_live_stop(); }

bool util_progress_live_option(const char *arg, util_live_mode *mode) {
  if (strcmp(arg, "--progress") == 0) *mode = UTIL_LIVE_ON;
  else if (strcmp(arg, "--no-progress") == 0) *mode = UTIL_LIVE_OFF;
  else return false;
  return true;
}

static bool wanted(util_live_mode mode, bool tty, bool dumb) {
  if (mode != UTIL_LIVE_AUTO) return mode == UTIL_LIVE_ON;
  const char *ci = getenv("CI");
  bool in_ci = ci && *ci && strcmp(ci, "0") != 0 && strcmp(ci, "false") != 0;
  return tty && !dumb && !in_ci;
}

bool util_progress_live_start(util_live_mode mode) {
  if (atomic_load(&running)) return true;
  const char *term = getenv("TERM");
  bool dumb = term && strcmp(term, "dumb") == 0;
  bool tty = isatty(STDERR_FILENO) == 1;
  if (!wanted(mode, tty, dumb)) return false;
  static bool once;
  if (!once) {
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&wake, &ca);
    pthread_condattr_destroy(&ca);
    pthread_atfork(NULL, NULL, forget_in_child);
    atexit(at_exit);
    once = true;
  }
  tty_form = tty && !dumb;
  started = now();
  quit = false;
  atomic_store(&paused, 0);
  atomic_store(&shown, false);
  /* the thread inherits a mask with every signal blocked: the timeout's
   * handler runs in the engine thread, and a write to a closed stderr fails
   * with EPIPE instead of killing the process from here */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  atomic_store(&running, true); /* before the thread: a pause from now on waits for its draws */
  int rc = pthread_create(&thread, NULL, refresher, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc != 0) atomic_store(&running, false);
  return rc == 0;
}

void util_progress_live_stop(void) {
  if (!atomic_load(&running)) return;
  util_progress_live_pause(); /* erases the line; no draw from here on */
  pthread_mutex_lock(&lock);
  quit = true;
  pthread_cond_signal(&wake);
  pthread_mutex_unlock(&lock);
  pthread_join(thread, NULL);
  atomic_store(&running, false);
  atomic_store(&paused, 0);
}

void util_progress_live_pause(void) {
  if (!atomic_load(&running)) return;
  atomic_fetch_add(&paused, 1);
  for (int i = 0; i < PAUSE_WAIT_MS && atomic_load(&drawing); i++) {
    struct timespec ms = {0, 1000000L};
    nanosleep(&ms, NULL);
  }
  if (atomic_exchange(&shown, false)) write_all("\r\033[K", 4);
}

void util_progress_live_resume(void) {
  if (!atomic_load(&running)) return;
  if (atomic_load(&paused) > 0) atomic_fetch_sub(&paused, 1);
}
