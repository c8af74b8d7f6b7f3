/* Unit tests of util_run_isolated and util_now: the child's text comes back,
 * a child past its deadline is killed (and the parent keeps its time), a
 * crashing child is reported, not fatal; the global timeout: one deadline
 * on util_now's clock, not inherited by isolated runs, and its handler
 * ends a busy or a sleeping process with the give-up verdict. */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/util/util.h"
#include "test_util.h"

static void say_hello(void *arg, strbuf *out) { strbuf_printf(out, "hello %s", (const char *)arg); }

static void sleep_long(void *arg, strbuf *out) {
  (void)arg;
  strbuf_printf(out, "too late");
  sleep(30);
}

static void crash(void *arg, strbuf *out) {
  (void)arg;
  (void)out;
  raise(SIGKILL);
}

static void big(void *arg, strbuf *out) {
  (void)arg;
  for (int i = 0; i < 100000; i++) strbuf_printf(out, "%d\n", i);
}

static void time_left(void *arg, strbuf *out) {
  (void)arg;
  strbuf_printf(out, "%g %g", budget_left(budget_of_run()), util_deadline());
}

static void spin(void) {
  for (volatile unsigned long i = 0;; i++) {
  }
}

/* Runs util_set_timeout(0.3) then busy (spin) or sleeping in a child whose
 * stdout is a pipe; returns what it printed; *status its exit status. */
static void timeout_child(bool busy, strbuf *got, int *status) {
  int fds[2];
  CHECK(pipe(fds) == 0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    util_set_timeout(0.3);
    if (busy) spin();
    sleep(30);
    _exit(3);
  }
  close(fds[1]);
  char buf[256];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) strbuf_append(got, buf, (size_t)n);
  close(fds[0]);
  waitpid(pid, status, 0);
}

static void test_global_timeout(void) {
  CHECK(budget_left(budget_of_run()) == -1 && util_deadline() == 0);
  double t0 = util_now();
  util_set_timeout(1000);
  double left = budget_left(budget_of_run());
  CHECK_MSG(left > 999 && left <= 1000, "left %g", left);
  CHECK(util_deadline() >= t0 + 1000 && util_deadline() <= util_now() + 1000);
  /* the isolated child runs without it */
  strbuf b = {0};
  CHECK(util_run_isolated(budget_until(budget_unlimited(), util_now() + 10), time_left, NULL, &b));
  CHECK_MSG(b.data && strcmp(b.data, "-1 0") == 0, "%s", b.data ? b.data : "");
  strbuf_free(&b);
  CHECK(budget_left(budget_of_run()) > 990); /* and the parent keeps it */
  util_set_timeout(0);
  CHECK(budget_left(budget_of_run()) == -1 && util_deadline() == 0);

  for (int busy = 0; busy < 2; busy++) {
    int status = -1;
    double s0 = util_now();
    timeout_child(busy, &b, &status);
    CHECK_MSG(util_now() - s0 < 10, "the timeout did not fire");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK_MSG(b.data && strcmp(b.data, "UNKNOWN\nreason: timeout\n") == 0, "%s", b.data ? b.data : "");
    strbuf_free(&b);
  }
}

int main(void) {
  test_global_timeout();
  strbuf b = {0};
  CHECK(util_run_isolated(budget_until(budget_unlimited(), util_now() + 10), say_hello, "world", &b));
  CHECK(b.data && strcmp(b.data, "hello world") == 0);
  strbuf_free(&b);

  double t0 = util_now();
  CHECK(!util_run_isolated(budget_until(budget_unlimited(), util_now() + 0.3), sleep_long, NULL, &b));
  double took = util_now() - t0;
  CHECK_MSG(took < 5, "the child was not killed in time (%.1f s)", took);
  CHECK(b.data && strcmp(b.data, "timeout") == 0);
  strbuf_free(&b);

  CHECK(!util_run_isolated(budget_until(budget_unlimited(), util_now() + 10), crash, NULL, &b));
  CHECK(b.data && strcmp(b.data, "crashed") == 0);
  strbuf_free(&b);

  /* more than a pipe's buffer: the parent reads while the child writes */
  CHECK(util_run_isolated(budget_unlimited(), big, NULL, &b));
  CHECK(b.data && b.len > 500000 && strstr(b.data, "\n99999\n") != NULL);
  strbuf_free(&b);
  return TEST_SUMMARY();
}
