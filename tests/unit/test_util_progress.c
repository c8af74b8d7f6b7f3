/* Unit tests of the progress record (src/util/progress.h): nothing recorded
 * writes nothing; ended and running phases with their counters, step and
 * solver queries in one line; a full table reuses its last slot; and the
 * global timeout's answer ends with the progress line of the phase that was
 * running when it fired. The live status line: its text (cut to a width),
 * its line form on a pipe, its in-place form on a terminal (a pseudo
 * terminal) erased before a warning and before the timeout's answer. */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 600
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/util/progress.h"
#include "../../src/util/util.h"
#include "test_util.h"

/* What util_progress_write prints, through a pipe. */
static void capture(strbuf *got) {
  int fds[2];
  CHECK(pipe(fds) == 0);
  util_progress_write(fds[1]);
  close(fds[1]);
  char buf[512];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) strbuf_append(got, buf, (size_t)n);
  close(fds[0]);
}

static void test_empty(void) {
  util_progress_reset();
  strbuf b = {0};
  capture(&b);
  CHECK(b.len == 0);
  util_progress_count("states", 3); /* no phase: dropped */
  util_progress_query();
  capture(&b);
  CHECK(b.len == 0);
  strbuf_free(&b);
}

static void test_phases(void) {
  util_progress_reset();
  util_progress_begin("lasso search");
  util_progress_count("runs", 14);
  util_progress_count("runs", 15); /* the same counter, updated */
  util_progress_begin("symbolic execution graph"); /* ends the lasso search */
  util_progress_count("states", 3102);
  util_progress_step("merging");
  for (int i = 0; i < 7; i++) util_progress_query();
  strbuf b = {0};
  capture(&b);
  const char *s = b.data ? b.data : "";
  CHECK_MSG(strncmp(s, "progress: lasso search 0.", 25) == 0, "%s", s);
  CHECK_MSG(strstr(s, " s (runs 15); symbolic execution graph ") != NULL, "%s", s);
  CHECK_MSG(strstr(s, ", still running, at merging (states 3102, solver queries 7)\n") != NULL, "%s", s);
  CHECK(strchr(s, '\n') == s + b.len - 1); /* one line */
  strbuf_free(&b);

  util_progress_end();
  util_progress_query(); /* after the end: not the phase's */
  capture(&b);
  s = b.data ? b.data : "";
  CHECK_MSG(strstr(s, "still running") == NULL && strstr(s, "(states 3102, solver queries 7)\n") != NULL, "%s", s);
  strbuf_free(&b);
}

static void test_counter_slots(void) {
  util_progress_reset();
  util_progress_begin("p");
  const char *names[] = {"a", "b", "c", "d", "e"};
  for (int i = 0; i < 5; i++) util_progress_count(names[i], (uint64_t)i + 1);
  strbuf b = {0};
  capture(&b);
  const char *s = b.data ? b.data : "";
  CHECK_MSG(strstr(s, "(a 1, b 2, c 3, d 4)") != NULL && strstr(s, "e 5") == NULL, "%s", s);
  strbuf_free(&b);
}

static void test_full_table(void) {
  util_progress_reset();
  static const char *const names[] = {"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9",
                                      "p10", "p11", "p12", "p13", "p14", "p15", "p16", "p17", "p18"};
  for (int i = 0; i < 19; i++) util_progress_begin(names[i]);
  strbuf b = {0};
  capture(&b);
  const char *s = b.data ? b.data : "";
  CHECK_MSG(strstr(s, "p14 ") != NULL && strstr(s, "; p18 ") != NULL && strstr(s, "p15 ") == NULL, "%s", s);
  strbuf_free(&b);
}

/* The global timeout fires while a phase runs: the answer names it. */
static void test_timeout_answer(void) {
  util_progress_reset();
  int fds[2];
  CHECK(pipe(fds) == 0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    util_progress_begin("direct translation");
    util_progress_count("transitions", 706);
    util_progress_begin("ITS back end");
    util_progress_step("linear ranking (Farkas)");
    util_set_timeout(0.3);
    sleep(30);
    _exit(3);
  }
  close(fds[1]);
  strbuf got = {0};
  char buf[512];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) strbuf_append(&got, buf, (size_t)n);
  close(fds[0]);
  int status = -1;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const char *s = got.data ? got.data : "";
  CHECK_MSG(strncmp(s, "UNKNOWN\nreason: timeout\nprogress: direct translation 0.", 55) == 0, "%s", s);
  CHECK_MSG(strstr(s, "(transitions 706); ITS back end 0.") != NULL, "%s", s);
  CHECK_MSG(strstr(s, ", still running, at linear ranking (Farkas)\n") != NULL, "%s", s);
  strbuf_free(&got);
}

/* The live line's text: run time, phase, its time, step, counters,
 * queries; cut to the width and to the buffer; ", done" after the end. */
static void test_status_text(void) {
  util_progress_reset();
  char buf[256];
  CHECK(util_progress_status(buf, sizeof buf, 0, util_now(), 0) == 0 && buf[0] == 0);
  util_progress_begin("lasso search");
  util_progress_begin("ITS back end");
  util_progress_step("linear ranking");
  util_progress_count("SCCs", 2);
  for (int i = 0; i < 3; i++) util_progress_query();
  double t = util_now();
  size_t n = util_progress_status(buf, sizeof buf, t - 12.34, t, 0);
  CHECK_MSG(n == strlen(buf), "%zu %s", n, buf);
  CHECK_MSG(strncmp(buf, "bitprove 12.3 s | ITS back end 0.", 33) == 0, "%s", buf);
  CHECK_MSG(util_ends_with(buf, " s | linear ranking | SCCs 2, solver queries 3"), "%s", buf);
  for (size_t i = 0; i < n; i++) CHECK(buf[i] >= ' ' && buf[i] < 127);
  char full[256];
  memcpy(full, buf, n + 1);
  CHECK(util_progress_status(buf, sizeof buf, t - 12.34, t, 20) == 20 && strncmp(buf, full, 20) == 0 && !buf[20]);
  CHECK(util_progress_status(buf, 8, t - 12.34, t, 0) == 7 && strncmp(buf, full, 7) == 0 && !buf[7]);
  util_progress_end();
  util_progress_status(buf, sizeof buf, t, t, 0);
  CHECK_MSG(strstr(buf, ", done | SCCs 2, solver queries 3") && !strstr(buf, "linear"), "%s", buf);
  CHECK(!util_progress_live_start(UTIL_LIVE_OFF));
  util_progress_live_pause(); /* nothing runs: nothing happens */
  util_progress_live_resume();
  util_progress_live_stop();
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Everything readable from fd until end of file (or EIO: a pseudo
 * terminal whose other side is closed). */
static void drain(int fd, strbuf *got) {
  char buf[512];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    strbuf_append(got, buf, (size_t)n);
  }
}

static void sleep_s(double s) {
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

/* --progress with stderr on a pipe: whole lines, one a second, no control
 * characters; the timeout's answer on stdout as without it. */
static void test_live_lines(void) {
  util_progress_reset();
  int err[2], out[2];
  CHECK(pipe(err) == 0 && pipe(out) == 0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err[1], STDERR_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(err[0]), close(out[0]), close(err[1]), close(out[1]);
    if (util_progress_live_start(UTIL_LIVE_AUTO)) _exit(4); /* not a terminal: off */
    util_progress_begin("direct translation");
    util_progress_count("transitions", 706);
    if (!util_progress_live_start(UTIL_LIVE_ON)) _exit(5);
    util_set_timeout(1.4);
    sleep(30);
    _exit(3);
  }
  close(err[1]), close(out[1]);
  strbuf e = {0}, o = {0};
  drain(err[0], &e);
  drain(out[0], &o);
  close(err[0]), close(out[0]);
  int status = -1;
  waitpid(pid, &status, 0);
  CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
  const char *es = e.data ? e.data : "", *os = o.data ? o.data : "";
  CHECK_MSG(starts(es, "bitprove 1.") && strstr(es, " s | direct translation 1.") &&
                util_ends_with(es, " s | transitions 706\n") && !strchr(es, '\r') && !strchr(es, '\033'),
            "%s", es);
  CHECK_MSG(starts(os, "UNKNOWN\nreason: timeout\nprogress: direct translation 1."), "%s", os);
  strbuf_free(&e);
  strbuf_free(&o);
}

/* On a terminal 40 columns wide (by default): "\r" LINE "\033[K" every
 * 250 ms, cut to 39 columns; erased before a warning and before the
 * timeout's answer, which goes to stdout alone. */
static void test_live_terminal(void) {
  util_progress_reset();
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  CHECK(master >= 0);
  if (master < 0) return;
  CHECK(grantpt(master) == 0 && unlockpt(master) == 0);
  const char *slave_name = ptsname(master);
  CHECK(slave_name != NULL);
  if (!slave_name) return;
  char slave_path[256];
  snprintf(slave_path, sizeof slave_path, "%s", slave_name);
  int out[2];
  CHECK(pipe(out) == 0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int slave = open(slave_path, O_RDWR | O_NOCTTY);
    if (slave < 0) _exit(6);
    struct winsize ws = {0};
    ws.ws_col = 40, ws.ws_row = 24;
    ioctl(slave, TIOCSWINSZ, &ws);
    dup2(slave, STDERR_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(slave), close(master), close(out[0]), close(out[1]);
    setenv("TERM", "xterm", 1);
    unsetenv("CI");
    util_progress_begin("ITS back end (direct translation's ITS)");
    util_progress_step("linear ranking (Farkas)");
    util_progress_count("transitions", 665);
    if (!util_progress_live_start(UTIL_LIVE_AUTO)) _exit(4);
    sleep_s(0.6);
    util_warning("hello");
    sleep_s(0.4);
    util_set_timeout(0.1);
    sleep(30);
    _exit(3);
  }
  close(out[1]);
  strbuf t = {0}, o = {0};
  drain(master, &t); /* until the child's end closes the terminal: EIO */
  drain(out[0], &o);
  close(master), close(out[0]);
  int status = -1;
  waitpid(pid, &status, 0);
  CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
  const char *ts = t.data ? t.data : "";
  const char *warn = strstr(ts, "\r\033[Kbitprove: warning: hello\r\n");
  CHECK_MSG(warn != NULL, "%s", ts);
  CHECK_MSG(starts(ts, "\rbitprove 0.") && util_ends_with(ts, "\033[K\r\033[K"), "%s", ts);
  /* every status line: 39 characters, the start of the full text */
  int lines = 0;
  for (const char *p = ts; (p = strstr(p, "\rbitprove ")) != NULL; p++) {
    const char *end = strstr(p, "\033[K");
    CHECK(end != NULL);
    if (!end) break;
    CHECK_MSG(end - p - 1 == 39, "%.*s", (int)(end - p), p);
    CHECK_MSG(starts(p + 1, "bitprove ") && starts(p + 1 + 16, "| ITS back end (direct"), "%.*s", (int)(end - p), p);
    lines++;
  }
  CHECK_MSG(lines >= 3, "%d lines: %s", lines, ts);
  const char *os = o.data ? o.data : "";
  CHECK_MSG(starts(os, "UNKNOWN\nreason: timeout\nprogress: ITS back end (direct translation's ITS) 1.") && !strstr(os, "\033"), "%s", os);
  strbuf_free(&t);
  strbuf_free(&o);
}

int main(void) {
  test_empty();
  test_phases();
  test_counter_slots();
  test_full_table();
  test_timeout_answer();
  test_status_text();
  test_live_lines();
  test_live_terminal();
  return TEST_SUMMARY();
}
