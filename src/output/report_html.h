/* report_html: the run's verdicts as one self-contained HTML page
 * (--report FILE.html | FILE.htm), for people; report.h builds the data
 * (report_data.h), this module only reads it.
 *
 * The story of the page
 * ---------------------
 * One file, no network: the style and a small script are inline, the
 * graph is inline SVG, so the page opens from disk in any browser (and in
 * a headless one in CI). Top to bottom:
 *  - a summary table: per property its verdict, reason and time;
 *  - one section per property answered, in order (id "p<i>"): the
 *    verdict, the reason, its assumption lines, the time it took and the
 *    phases of the progress record that ran for it (name, seconds, solver
 *    queries: where the time went), the whole explanation (folded), and
 *      FALSE: the counterexample as a step list (values drawn, branches,
 *        calls with their steps nested in a <details>, returns, the
 *        violation last); each step links to its source line (#f<k>-l<n>);
 *        a lasso's stem and cycle in two lists, the cycle's head named;
 *        links to the harness and witness files the same run wrote
 *        (relative to the page's directory) and the harness's compile
 *        command; or why there is no trace;
 *      TRUE: the proof lines of the explanation, the proof text (the ITS
 *        and its ranking functions) when the driver kept it, the
 *        symbolic execution graph behind the proof drawn as SVG (dot's
 *        layout and colours, rendered by Graphviz's libgvc; wheel zoom,
 *        drag pan, a search box that marks the nodes whose text contains
 *        the query), the invariants (also at their lines in the source);
 *      UNKNOWN: the reason and the phases;
 *  - the sources: each input file with line numbers (id "f<k>-l<n>" per
 *    line), and beside each line what the verdicts say there: the values
 *    drawn there, the violation (the line's class "violation" and a
 *    marker with class "violation-marker"), a lasso's cycle head,
 *    invariants.
 * A page opened with "#search=TEXT" starts with TEXT in the search boxes.
 * Text is HTML-escaped; bytes that are not UTF-8 become U+FFFD. The
 * script sets data-report-ok="1" on <body> once it has set the page up,
 * and data-report-error="message" when a script error happens (tests).
 *
 * Limits (a report stays usable for big programs)
 * ----------------------------------------------
 *  - a source file's first REPORT_HTML_MAX_LINES lines are shown (a note
 *    says how many are not); the file itself is read up to
 *    REPORT_SOURCE_MAX bytes (report.h);
 *  - a trace shows its first REPORT_HTML_HEAD_STEPS steps and its last
 *    REPORT_HTML_TAIL_STEPS (and always a lasso's cycle head); a note says
 *    how many are left out (the JSON report has them all); calls nest at
 *    most REPORT_HTML_MAX_NESTING deep, deeper ones are listed flat; at most
 *    REPORT_HTML_LINE_NOTES values per property are noted at one line;
 *  - a graph with more than REPORT_HTML_MAX_NODES nodes, or whose layout
 *    takes longer than REPORT_HTML_LAYOUT_SECONDS (it runs in a child
 *    process), is not drawn: the page says so and holds the dot text in a
 *    folded block when it is at most REPORT_HTML_MAX_DOT bytes;
 *  - the proof text is cut after REPORT_HTML_MAX_DOT bytes too.
 * A draft (report_set_pending, report.h) lists the properties not answered
 * yet in the summary, says that it is a draft, and draws no graph.
 * report_html_text never fails: what it cannot show, it names. */
#ifndef BITPROVE_OUTPUT_REPORT_HTML_H
#define BITPROVE_OUTPUT_REPORT_HTML_H

#include "../util/util.h"
#include "report_data.h"

#define REPORT_HTML_MAX_LINES 50000
#define REPORT_HTML_HEAD_STEPS 1500
#define REPORT_HTML_TAIL_STEPS 500
#define REPORT_HTML_MAX_NESTING 40
#define REPORT_HTML_LINE_NOTES 8
#define REPORT_HTML_MAX_NODES 2000
#define REPORT_HTML_LAYOUT_SECONDS 20.0
#define REPORT_HTML_MAX_DOT ((size_t)2 << 20)

/* Appends the page for r, to be written to `path` (links to other files
 * are made relative to its directory), to *out. */
void report_html_text(const report *r, const char *path, strbuf *out);

#endif
