/* Unit tests of util_run_isolated and util_now: the child's text comes back,
 * a child past its deadline is killed (and the parent keeps its time), a
 * crashing child is reported, not fatal. */
#include <signal.h>
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

int main(void) {
  strbuf b = {0};
  CHECK(util_run_isolated(10, say_hello, "world", &b));
  CHECK(b.data && strcmp(b.data, "hello world") == 0);
  strbuf_free(&b);

  double t0 = util_now();
  CHECK(!util_run_isolated(0.3, sleep_long, NULL, &b));
  double took = util_now() - t0;
  CHECK_MSG(took < 5, "the child was not killed in time (%.1f s)", took);
  CHECK(b.data && strcmp(b.data, "timeout") == 0);
  strbuf_free(&b);

  CHECK(!util_run_isolated(10, crash, NULL, &b));
  CHECK(b.data && strcmp(b.data, "crashed") == 0);
  strbuf_free(&b);

  /* more than a pipe's buffer: the parent reads while the child writes */
  CHECK(util_run_isolated(0, big, NULL, &b));
  CHECK(b.data && b.len > 500000 && strstr(b.data, "\n99999\n") != NULL);
  strbuf_free(&b);
  return TEST_SUMMARY();
}
