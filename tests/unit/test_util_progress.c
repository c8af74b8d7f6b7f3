/* Unit tests of the progress record (src/util/progress.h): nothing recorded
 * writes nothing; ended and running phases with their counters, step and
 * solver queries in one line; a full table reuses its last slot; and the
 * global timeout's answer ends with the progress line of the phase that was
 * running when it fired. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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

int main(void) {
  test_empty();
  test_phases();
  test_counter_slots();
  test_full_table();
  test_timeout_answer();
  return TEST_SUMMARY();
}
