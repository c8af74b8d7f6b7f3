/* Unit tests of the HTML report (src/output/report_html.h) without the
 * engines: the file names report_format_of takes, the source shown escaped
 * (HTML's special characters, bytes that are not UTF-8) and cut after
 * REPORT_HTML_MAX_LINES lines, the graph drawn by libgvc, not drawn when
 * it has too many nodes (by the driver's count and by Graphviz's) or does
 * not parse (with the dot text folded in), the times and phases of an
 * UNKNOWN, and a file that cannot be written. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/output/report.h"
#include "../../src/output/report_html.h"
#include "test_util.h"

static void test_names(void) {
  report_format f = REPORT_JSON;
  CHECK(report_format_of("r.html", &f) && f == REPORT_HTML);
  f = REPORT_JSON;
  CHECK(report_format_of("dir/R.HTM", &f) && f == REPORT_HTML);
  CHECK(report_format_of("r.json", &f) && f == REPORT_JSON);
  CHECK(!report_format_of(".html", &f));
  CHECK(!report_format_of("dir/.html", &f));
  CHECK(!report_format_of("r.htmlx", &f));
}

static char *page_of(report *r, const char *dir, const char *name) {
  char path[512], err[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  CHECK_MSG(report_write(r, REPORT_HTML, path, err, sizeof err), "%s", err);
  char *text = util_read_file(path, NULL);
  CHECK(text != NULL);
  return text ? text : xstrdup("");
}

static size_t count(const char *s, const char *what) {
  size_t n = 0;
  for (const char *p = strstr(s, what); p; p = strstr(p + 1, what)) n++;
  return n;
}

/* A dot graph of n nodes in a chain. */
static char *chain(unsigned n) {
  strbuf b = {0};
  strbuf_printf(&b, "digraph seg {\n");
  for (unsigned i = 0; i < n; i++) strbuf_printf(&b, "  s%u [label=\"state %u\" fillcolor=\"#aaffaa\" style=filled];\n", i, i);
  for (unsigned i = 0; i + 1 < n; i++) strbuf_printf(&b, "  s%u -> s%u;\n", i, i + 1);
  strbuf_printf(&b, "}\n");
  return b.data;
}

static void test_page(const char *dir) {
  char src[512];
  snprintf(src, sizeof src, "%s/prog.c", dir);
  FILE *f = fopen(src, "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs("int main(void) { return 1 < 2 && \"&\"[0]; } /* \xff */\n", f);
  for (int i = 0; i < REPORT_HTML_MAX_LINES + 9; i++) fputs("// more\n", f);
  fclose(f);
  const char *inputs[] = {src};
  report *r = report_new(inputs, 1);

  report_verdict small = {.property = "termination", .answer = REPORT_TRUE, .detail = "proof: it is a test\n",
                          .seconds = 1.25, .proof = "YES\nrank: x\n"};
  char *dot = chain(3);
  small.graph_dot = dot;
  small.graph_states = 3;
  report_add(r, NULL, NULL, &small);

  report_verdict big = small; /* too large by the driver's count: not laid out */
  char *big_dot = chain(REPORT_HTML_MAX_NODES + 100);
  big.graph_dot = big_dot;
  big.graph_states = REPORT_HTML_MAX_NODES + 100;
  report_add(r, NULL, NULL, &big);

  report_verdict hidden = big; /* too large by Graphviz's count */
  hidden.graph_states = 5;
  report_add(r, NULL, NULL, &hidden);

  report_verdict broken = small;
  broken.graph_dot = "digraph { a -> ";
  report_add(r, NULL, NULL, &broken);

  util_progress_phase phases[] = {{"symbolic execution graph", 2.5, false, 17}, {"k-induction", 0.5, true, 3}};
  report_verdict unknown = {.property = "unreach-call", .answer = REPORT_UNKNOWN, .detail = "reason: timeout\n",
                            .seconds = 3.0, .phases = phases, .nphases = 2};
  report_add(r, NULL, NULL, &unknown);

  char *page = page_of(r, dir, "r.html");
  CHECK(strstr(page, "1 &lt; 2 &amp;&amp; &quot;&amp;&quot;[0]") != NULL); /* escaped */
  CHECK(strstr(page, "/* \xEF\xBF\xBD */") != NULL);                      /* not UTF-8 */
  CHECK(strstr(page, "(10 more lines not shown") != NULL);
  CHECK(count(page, "<section class=\"verdict") == 5);
  CHECK(count(page, "<svg") == 1);                    /* only the small graph is drawn */
  CHECK(count(page, "class=\"node\"") == 3);           /* with its three nodes */
  CHECK(strstr(page, "fill=\"#aaffaa\"") != NULL);     /* and dot's colours */
  CHECK(count(page, "graph-not-drawn") == 3);
  CHECK(strstr(page, "has 2100 states, more than the 2000") != NULL);
  CHECK(strstr(page, "has 2100 nodes, more than the 2000") != NULL);
  CHECK(strstr(page, "does not parse") != NULL);
  CHECK(count(page, "<summary>the graph as dot text") == 3); /* the text instead */
  CHECK(strstr(page, "YES\nrank: x") != NULL);
  CHECK(strstr(page, "<li>proof: it is a test</li>") != NULL);
  CHECK(strstr(page, "1.25 s") != NULL && strstr(page, "3.00 s") != NULL);
  CHECK(strstr(page, "k-induction (still running)") != NULL);
  CHECK(strstr(page, "<td>17</td>") != NULL);
  CHECK(strstr(page, "data-report-ok") != NULL);
  free(page);

  char err[256];
  snprintf(src, sizeof src, "%s/no-such-dir/r.html", dir);
  CHECK(!report_write(r, REPORT_HTML, src, err, sizeof err) && strstr(err, "cannot write") != NULL);
  report_free(r);
  free(dot);
  free(big_dot);
}

int main(void) {
  char dir[] = "/tmp/bitprove-report-html-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  test_names();
  test_page(dir);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  CHECK(system(cmd) == 0);
  return TEST_SUMMARY();
}
