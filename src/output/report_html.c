/* report_html: the run's verdicts as one self-contained HTML page
 * (report_html.h). */
#define _POSIX_C_SOURCE 200809L /* getcwd */
#include "report_html.h"

#include <gvc.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/budget.h"

/* ---- text ---------------------------------------------------------------------------------- */

/* s[0 .. n) as HTML text (also safe inside a quoted attribute): the five
 * special characters as entities, control characters but tab and newline
 * dropped, bytes that are not UTF-8 as U+FFFD. */
static void esc_n(strbuf *o, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s, *end = p + n;
  while (p < end) {
    unsigned c = *p;
    const char *ent = c == '&'    ? "&amp;"
                      : c == '<'  ? "&lt;"
                      : c == '>'  ? "&gt;"
                      : c == '"'  ? "&quot;"
                      : c == '\'' ? "&#39;"
                                   : NULL;
    if (ent) {
      strbuf_append(o, ent, strlen(ent));
      p++;
    } else if (c < 0x20 || c == 0x7f) {
      if (c == '\t' || c == '\n') strbuf_append(o, (const char *)p, 1);
      p++;
    } else {
      /* report_utf8_seq reads up to 3 bytes past a lead byte; a NUL ends it early */
      unsigned char tmp[4] = {0, 0, 0, 0};
      size_t avail = (size_t)(end - p) < 4 ? (size_t)(end - p) : 4;
      memcpy(tmp, p, avail);
      size_t k = report_utf8_seq(tmp);
      if (k && k <= avail) strbuf_append(o, (const char *)p, k), p += k;
      else strbuf_append(o, "\xEF\xBF\xBD", 3), p++;
    }
  }
}

static void esc(strbuf *o, const char *s) {
  if (s) esc_n(o, s, strlen(s));
}

/* ---- links to the other files the run wrote ------------------------------------------------ */

typedef VEC(char *) part_vec;

/* The components of path (absolute: from the current directory), "." and
 * ".." resolved as names (no symbolic links followed). */
static void path_parts(const char *path, part_vec *out) {
  strbuf full = {0};
  if (path[0] != '/') {
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd)) strbuf_printf(&full, "%s/", cwd);
  }
  strbuf_printf(&full, "%s", path);
  const char *s = full.data ? full.data : "";
  while (*s) {
    size_t n = strcspn(s, "/");
    if (n == 2 && strncmp(s, "..", 2) == 0) {
      if (out->len) free(out->data[--out->len]);
    } else if (n && !(n == 1 && s[0] == '.')) {
      VEC_PUSH(*out, xstrndup(s, n));
    }
    s += n + (s[n] == '/');
  }
  strbuf_free(&full);
}

static void parts_free(part_vec *v) {
  for (size_t i = 0; i < v->len; i++) free(v->data[i]);
  VEC_FREE(*v);
}

/* The URL of `target` as seen from the page at `page`: a relative one. */
static void rel_link(strbuf *o, const char *page, const char *target) {
  part_vec from = {0}, to = {0};
  path_parts(page, &from);
  path_parts(target, &to);
  if (from.len) free(from.data[--from.len]); /* the page's directory */
  size_t common = 0;
  while (common < from.len && common < to.len && strcmp(from.data[common], to.data[common]) == 0) common++;
  strbuf rel = {0};
  for (size_t i = common; i < from.len; i++) strbuf_printf(&rel, "../");
  for (size_t i = common; i < to.len; i++) strbuf_printf(&rel, "%s%s", to.data[i], i + 1 < to.len ? "/" : "");
  report_url_path(o, rel.data ? rel.data : ".");
  strbuf_free(&rel);
  parts_free(&from);
  parts_free(&to);
}

/* ---- the graph ----------------------------------------------------------------------------- */

typedef struct {
  const char *dot;
  char id[32]; /* the graph's id: Graphviz prefixes the SVG's element ids with it (unique on the page) */
} layout_job;

/* In the child process: lays out the dot text and renders it as SVG.
 * Output: "S" and the SVG, or "N<count>" (too many nodes), or "E" and why. */
static void layout_child(void *arg, strbuf *out) {
  const layout_job *job = arg;
  agseterr(AGMAX); /* no warnings on stderr */
  Agraph_t *g = agmemread(job->dot);
  if (!g) {
    strbuf_printf(out, "Ethe dot text does not parse");
    return;
  }
  int n = agnnodes(g);
  if (n > REPORT_HTML_MAX_NODES) {
    strbuf_printf(out, "N%d", n);
    agclose(g);
    return;
  }
  agsafeset(g, "id", (char *)job->id, "");
  GVC_t *gvc = gvContext();
  if (gvLayout(gvc, g, "dot") != 0) {
    strbuf_printf(out, "EGraphviz's dot layout failed");
  } else {
    char *data = NULL;
    unsigned int len = 0;
    if (gvRenderData(gvc, g, "svg", &data, &len) == 0 && data) {
      strbuf_append(out, "S", 1);
      strbuf_append(out, data, len);
    } else {
      strbuf_printf(out, "EGraphviz could not render SVG");
    }
    if (data) gvFreeRenderData(data);
    gvFreeLayout(gvc, g);
  }
  agclose(g);
  gvFreeContext(gvc);
}

/* The graph of e as inline SVG into o; false with why when it is not drawn. */
static bool draw_graph(strbuf *o, const rentry *e, size_t idx, char *why, size_t whylen) {
  if (e->graph_states > REPORT_HTML_MAX_NODES || !e->graph_dot) {
    snprintf(why, whylen, "the graph has %u states, more than the %d this report draws", e->graph_states,
             REPORT_HTML_MAX_NODES);
    return false;
  }
  strbuf res = {0};
  budget b = budget_until(budget_unlimited(), util_now() + REPORT_HTML_LAYOUT_SECONDS);
  layout_job job = {e->graph_dot, ""};
  snprintf(job.id, sizeof job.id, "seg%zu", idx);
  bool finished = util_run_isolated(b, layout_child, &job, &res);
  const char *t = res.data ? res.data : "";
  bool ok = false;
  if (!finished) {
    snprintf(why, whylen, "Graphviz's layout did not finish within %.0f s (%s)", REPORT_HTML_LAYOUT_SECONDS,
             strstr(t, "timeout") ? "timeout" : "crashed");
  } else if (t[0] == 'N') {
    snprintf(why, whylen, "the graph has %s nodes, more than the %d this report draws", t + 1, REPORT_HTML_MAX_NODES);
  } else if (t[0] == 'S' && strstr(t, "<svg")) {
    const char *svg = strstr(t, "<svg");
    size_t n = strlen(svg);
    while (n && (svg[n - 1] == '\n' || svg[n - 1] == ' ')) n--;
    strbuf_append(o, svg, n);
    ok = true;
  } else {
    snprintf(why, whylen, "%s", t[0] == 'E' ? t + 1 : "Graphviz gave no SVG");
  }
  strbuf_free(&res);
  return ok;
}

/* ---- notes beside the source lines --------------------------------------------------------- */

enum { NOTE_VIOLATION, NOTE_HEAD, NOTE_INVARIANT, NOTE_VALUE };

typedef struct {
  size_t file;  /* index into the inputs */
  uint32_t line;
  size_t order; /* keeps the order of insertion among equal lines */
  size_t entry; /* the property's entry */
  int kind;
  char *html; /* the note's markup (owned) */
} note;
typedef VEC(note) note_vec;

static int note_cmp(const void *a, const void *b) {
  const note *x = a, *y = b;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void add_note(note_vec *v, const report *r, const rloc *l, size_t entry, int kind, strbuf *html) {
  long f = report_input_index(r, l->file);
  if (f < 0 || !l->line) {
    strbuf_free(html);
    return;
  }
  note n = {(size_t)f, l->line, v->len, entry, kind, html->data ? html->data : xstrdup("")};
  VEC_PUSH(*v, n);
  *html = (strbuf){0};
}

/* What every verdict says at a source line. */
static void collect_notes(const report *r, note_vec *v) {
  bool several = r->entries.len > 1;
  for (size_t i = 0; i < r->entries.len; i++) {
    const rentry *e = &r->entries.data[i];
    strbuf h = {0};
    for (size_t k = 0; k < e->trace.len; k++) {
      const rstep *s = &e->trace.data[k];
      if (strcmp(s->kind, "violation") == 0) {
        strbuf_printf(&h, "<a class=\"violation-marker\" id=\"v%zu\" href=\"#p%zu\">&#9888; FALSE(", i, i);
        esc(&h, e->violated_name);
        strbuf_printf(&h, ")</a> ");
        char *msg = report_step_message(e, s);
        esc(&h, msg);
        free(msg);
        add_note(v, r, &s->loc, i, NOTE_VIOLATION, &h);
      } else if (strcmp(s->kind, "cycle-head") == 0) {
        strbuf_printf(&h, "<span class=\"n-head\">&#8635; cycle head; the state that repeats: ");
        esc(&h, s->note);
        strbuf_printf(&h, "</span>");
        add_note(v, r, &s->loc, i, NOTE_HEAD, &h);
      } else if (strcmp(s->kind, "nondet") == 0) {
        strbuf_printf(&h, "<span class=\"n-value%s\">", s->cycle ? " in-cycle" : "");
        if (several) strbuf_printf(&h, "[%zu] ", i + 1);
        esc(&h, s->called ? s->called : "nondet");
        strbuf_printf(&h, "() = ");
        esc(&h, s->value ? s->value : "?");
        strbuf_printf(&h, "</span>");
        add_note(v, r, &s->loc, i, NOTE_VALUE, &h);
      }
    }
    for (size_t k = 0; k < e->invariants.len; k++) {
      const rinvariant *inv = &e->invariants.data[k];
      strbuf_printf(&h, "<span class=\"n-inv\">");
      if (several) strbuf_printf(&h, "[%zu] ", i + 1);
      strbuf_printf(&h, "%s: ", inv->loop_head ? "loop invariant" : "invariant");
      esc(&h, inv->expr);
      strbuf_printf(&h, "</span>");
      add_note(v, r, &inv->loc, i, NOTE_INVARIANT, &h);
    }
  }
  if (v->len) qsort(v->data, v->len, sizeof *v->data, note_cmp);
}

/* ---- the page ------------------------------------------------------------------------------ */

static const char *const style =
    "body{font:14px/1.4 system-ui,sans-serif;margin:0 1.5em 3em;color:#222;background:#fff}\n"
    "h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1.05em}h4{margin:.6em 0 .2em}\n"
    "code,pre,.src{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}\n"
    "pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:30em;white-space:pre-wrap}\n"
    "table.sum{border-collapse:collapse}table.sum td,table.sum th{border:1px solid #ccc;padding:.2em .6em;"
    "text-align:left;vertical-align:top}\n"
    ".badge{font-weight:bold;padding:.05em .5em;border-radius:.3em;color:#fff}\n"
    ".v-TRUE{background:#1a7f37}.v-FALSE{background:#cf222e}.v-UNKNOWN{background:#8c6d1f}\n"
    "section.verdict{border-left:4px solid #ccc;padding-left:1em;margin:1.2em 0}\n"
    "section.verdict.a-TRUE{border-color:#1a7f37}section.verdict.a-FALSE{border-color:#cf222e}"
    "section.verdict.a-UNKNOWN{border-color:#8c6d1f}\n"
    "ol.trace{margin:.2em 0;padding-left:2.2em}ol.trace li{margin:.05em 0}\n"
    ".trace-part.cycle{border:1px dashed #cf222e;padding:.2em .6em;margin:.4em 0}\n"
    ".step .k{display:inline-block;min-width:5.5em;color:#666;font-size:.9em}\n"
    ".step.violation-step{font-weight:bold;color:#cf222e}.step.gap{color:#666;font-style:italic;list-style:none}\n"
    "details>summary{cursor:pointer}\n"
    "table.src{border-collapse:collapse;width:100%;table-layout:fixed}\n"
    "table.src td{padding:0 .5em;vertical-align:top;overflow:hidden}\n"
    "table.src td:nth-child(1){color:#999;text-align:right;user-select:none;width:4.5em;white-space:nowrap}\n"
    "table.src td:nth-child(1) a{color:inherit;text-decoration:none}\n"
    "table.src td:nth-child(2){white-space:pre-wrap;overflow-wrap:anywhere;tab-size:4}\n"
    "table.src td:nth-child(3){font-family:system-ui,sans-serif;font-size:12px;color:#444;width:32%}\n"
    "table.src tr.noted{background:#f3f7ff}table.src tr.violation{background:#ffe3e3}\n"
    "table.src tr.inv{background:#e9f7ec}table.src tr:target{background:#fff3a8;outline:2px solid #d4a300}\n"
    ".violation-marker{color:#cf222e;font-weight:bold;text-decoration:none}\n"
    ".n-value,.n-inv,.n-head{display:block}.n-value{color:#0550ae}.n-value.in-cycle{color:#8250df}\n"
    ".n-inv{color:#1a7f37}.n-head{color:#8250df}\n"
    ".graph-box{border:1px solid #ccc;margin:.5em 0}\n"
    ".graph-bar{padding:.3em;background:#f6f6f6;border-bottom:1px solid #ccc}\n"
    ".graph-funcs{font-size:.9em;color:#444}.graph-funcs label{margin-right:.6em;white-space:nowrap}\n"
    ".graph{height:600px;overflow:hidden;cursor:grab}.graph svg{width:100%;height:100%}\n"
    ".graph g.node.hit polygon,.graph g.node.hit ellipse,.graph g.node.hit path{stroke:#e00000;stroke-width:5px}\n"
    ".note{color:#666;font-style:italic}\n"
    ".draft{background:#fff3cd;border:1px solid #d4a300;padding:.5em}\n";

/* Pan and zoom for each drawn graph (the SVG's viewBox), the node search,
 * a check box per function that hides the states whose top frame is in it
 * (and their edges; #hide=F,G starts with them hidden), and the markers
 * the tests read (data-report-ms: milliseconds from the
 * page's navigation to the end of this script, the page's own open time
 * without the browser's start). */
static const char *const script =
    "(function(){\n"
    "var b=document.body;\n"
    "window.addEventListener('error',function(e){b.setAttribute('data-report-error',String(e.message||e));});\n"
    "try{\n"
    "document.querySelectorAll('.graph-box').forEach(function(box){\n"
    " var svg=box.querySelector('svg');if(!svg)return;\n"
    " var bb=svg.viewBox&&svg.viewBox.baseVal;\n"
    " var v=bb&&bb.width?{x:bb.x,y:bb.y,w:bb.width,h:bb.height}:{x:0,y:0,w:1000,h:1000};\n"
    " svg.removeAttribute('width');svg.removeAttribute('height');\n"
    " function set(){svg.setAttribute('viewBox',v.x+' '+v.y+' '+v.w+' '+v.h);}\n"
    " set();\n"
    " function at(e){var m=svg.getScreenCTM();var p=svg.createSVGPoint();p.x=e.clientX;p.y=e.clientY;"
    "return m?p.matrixTransform(m.inverse()):p;}\n"
    " svg.addEventListener('wheel',function(e){e.preventDefault();var p=at(e);var f=e.deltaY<0?0.8:1.25;"
    "v.x=p.x-(p.x-v.x)*f;v.y=p.y-(p.y-v.y)*f;v.w*=f;v.h*=f;set();},{passive:false});\n"
    " var drag=null;\n"
    " svg.addEventListener('mousedown',function(e){drag=at(e);e.preventDefault();});\n"
    " window.addEventListener('mousemove',function(e){if(!drag)return;var p=at(e);v.x-=p.x-drag.x;v.y-=p.y-drag.y;"
    "set();drag=at(e);});\n"
    " window.addEventListener('mouseup',function(){drag=null;});\n"
    " var q=box.querySelector('.graph-search'),out=box.querySelector('.graph-hits');\n"
    " if(q)q.addEventListener('input',function(){var t=q.value.toLowerCase(),n=0;\n"
    "  svg.querySelectorAll('g.node').forEach(function(g){var hit=t!==''&&g.textContent.toLowerCase()"
    ".indexOf(t)>=0;g.classList.toggle('hit',hit);if(hit)n++;});\n"
    "  if(out)out.textContent=t===''?'':n+' node(s) found';});\n"
    " var m=/[#&]search=([^&]*)/.exec(location.hash);\n"
    " if(q&&m){q.value=decodeURIComponent(m[1]);q.dispatchEvent(new Event('input'));}\n"
    " var fb=box.querySelector('.graph-funcs'),byf={},nodeOf={};\n"
    " svg.querySelectorAll('g.node').forEach(function(g){var t=g.querySelector('title');if(!t)return;\n"
    "  nodeOf[t.textContent]=g;var f=null;var ts=g.querySelectorAll('text');\n"
    "  for(var i=1;i<ts.length;i++){var m=/^([A-Za-z_][\\w.$]*):[^:\\s]+:\\d+$/.exec(ts[i].textContent);"
    "if(m)f=m[1];else if(/^(KB|AL|PT):/.test(ts[i].textContent))break;}\n"
    "  if(f){(byf[f]=byf[f]||[]).push(g);g.setAttribute('data-func',f);}});\n"
    " function hideEdges(){svg.querySelectorAll('g.edge').forEach(function(g){var t=g.querySelector('title');"
    "if(!t)return;var ends=t.textContent.split('->');var off=ends.some(function(n){var x=nodeOf[n.trim()];"
    "return x&&x.style.display==='none';});g.style.display=off?'none':'';});}\n"
    " var fs=Object.keys(byf).sort();\n"
    " if(fb&&fs.length>1){fb.appendChild(document.createTextNode('states of: '));fs.forEach(function(f){\n"
    "  var l=document.createElement('label');var c=document.createElement('input');c.type='checkbox';c.checked=true;"
    "c.value=f;\n"
    "  c.addEventListener('change',function(){byf[f].forEach(function(g){g.style.display=c.checked?'':'none';});"
    "hideEdges();});\n"
    "  l.appendChild(c);l.appendChild(document.createTextNode(f+' ('+byf[f].length+') '));fb.appendChild(l);});\n"
    "  var hm=/[#&]hide=([^&]*)/.exec(location.hash);\n"
    "  if(hm)decodeURIComponent(hm[1]).split(',').forEach(function(f){fb.querySelectorAll('input').forEach("
    "function(c){if(c.value===f&&c.checked){c.checked=false;c.dispatchEvent(new Event('change'));}});});}\n"
    " var r=box.querySelector('.graph-reset');\n"
    " if(r){var v0={x:v.x,y:v.y,w:v.w,h:v.h};r.addEventListener('click',function(){v={x:v0.x,y:v0.y,w:v0.w,h:v0.h};"
    "set();});}\n"
    "});\n"
    "b.setAttribute('data-report-ok','1');\n"
    "b.setAttribute('data-report-ms',String(Math.round(performance.now())));\n"
    "}catch(e){b.setAttribute('data-report-error',String(e));}\n"
    "})();\n";

static void seconds_text(strbuf *o, double s) {
  if (s < 0) strbuf_printf(o, "?");
  else strbuf_printf(o, "%.2f s", s);
}

static void verdict_badge(strbuf *o, const rentry *e) {
  const char *a = report_answer_name(e->answer);
  strbuf_printf(o, "<span class=\"badge v-%s\">%s", a, a);
  if (e->answer == REPORT_FALSE) {
    strbuf_printf(o, "(");
    esc(o, e->violated_name);
    strbuf_printf(o, ")");
  }
  strbuf_printf(o, "</span>");
}

/* A link to a location: to its line in the sources when it is an input. */
static void loc_link(strbuf *o, const report *r, const rloc *l) {
  long f = report_input_index(r, l->file);
  if (f >= 0 && l->line) strbuf_printf(o, "<a class=\"loc\" href=\"#f%ld-l%" PRIu32 "\">", f, l->line);
  esc(o, l->file ? l->file : "?");
  strbuf_printf(o, ":%" PRIu32, l->line);
  if (f >= 0 && l->line) strbuf_printf(o, "</a>");
  if (l->func) {
    strbuf_printf(o, " <span class=\"fn\">(");
    esc(o, l->func);
    strbuf_printf(o, ")</span>");
  }
}

static void step_body(strbuf *o, const report *r, const rentry *e, const rstep *s) {
  strbuf_printf(o, "<span class=\"k\">%s</span> ", s->kind);
  loc_link(o, r, &s->loc);
  strbuf_printf(o, ": ");
  char *msg = report_step_message(e, s);
  esc(o, msg);
  free(msg);
}

static void close_nesting(strbuf *o, unsigned *open) {
  for (; *open; (*open)--) strbuf_printf(o, "</ol></details></li>\n");
}

/* The counterexample as a step list (report_html.h: limits). */
static void trace_html(strbuf *o, const report *r, const rentry *e) {
  size_t n = e->trace.len;
  bool lasso = false;
  for (size_t i = 0; i < n && !lasso; i++) lasso = strcmp(e->trace.data[i].kind, "cycle-head") == 0;
  bool cut = n > REPORT_HTML_HEAD_STEPS + REPORT_HTML_TAIL_STEPS;
  unsigned open = 0;
  bool in_cycle = false;
  strbuf_printf(o, "<div class=\"trace-part stem\"><h4>%s (%zu steps)</h4><ol class=\"trace\">\n",
                lasso ? "The stem: from the start to the cycle" : "The run, replayed", n);
  for (size_t i = 0; i < n; i++) {
    const rstep *s = &e->trace.data[i];
    bool head = strcmp(s->kind, "cycle-head") == 0, viol = strcmp(s->kind, "violation") == 0;
    bool shown = !cut || i < REPORT_HTML_HEAD_STEPS || i >= n - REPORT_HTML_TAIL_STEPS || head || viol;
    if (!shown) {
      size_t j = i;
      while (j < n && !(j >= n - REPORT_HTML_TAIL_STEPS || strcmp(e->trace.data[j].kind, "cycle-head") == 0)) j++;
      close_nesting(o, &open);
      strbuf_printf(o, "<li class=\"step gap\">&hellip; %zu steps not shown (the JSON report, --report FILE.json, "
                       "has every step)</li>\n",
                    j - i);
      i = j - 1;
      continue;
    }
    if ((head || s->cycle) && !in_cycle) {
      close_nesting(o, &open);
      strbuf_printf(o, "</ol></div>\n<div class=\"trace-part cycle\"><h4>The cycle: from the cycle head back to "
                       "it in the same state, forever</h4><ol class=\"trace\">\n");
      in_cycle = true;
    }
    if (strcmp(s->kind, "return") == 0 && open) {
      strbuf_printf(o, "<li class=\"step k-return\">");
      step_body(o, r, e, s);
      strbuf_printf(o, "</li>\n</ol></details></li>\n");
      open--;
      continue;
    }
    if (strcmp(s->kind, "call") == 0 && open < REPORT_HTML_MAX_NESTING) {
      strbuf_printf(o, "<li class=\"step k-call\"><details%s><summary>", open < 3 ? " open" : "");
      step_body(o, r, e, s);
      strbuf_printf(o, "</summary><ol class=\"trace\">\n");
      open++;
      continue;
    }
    strbuf_printf(o, "<li class=\"step k-%s%s\">", s->kind, viol ? " violation-step" : "");
    step_body(o, r, e, s);
    strbuf_printf(o, "</li>\n");
  }
  close_nesting(o, &open);
  strbuf_printf(o, "</ol></div>\n");
}

static void lines_pre(strbuf *o, const report_str_vec *v) {
  strbuf_printf(o, "<pre>");
  for (size_t i = 0; i < v->len; i++) {
    esc(o, v->data[i]);
    strbuf_printf(o, "\n");
  }
  strbuf_printf(o, "</pre>\n");
}

/* Text in a <pre>, cut after REPORT_HTML_MAX_DOT bytes with a note. */
static void text_pre(strbuf *o, const char *text) {
  size_t n = strlen(text);
  strbuf_printf(o, "<pre>");
  esc_n(o, text, n < REPORT_HTML_MAX_DOT ? n : REPORT_HTML_MAX_DOT);
  strbuf_printf(o, "</pre>\n");
  if (n > REPORT_HTML_MAX_DOT)
    strbuf_printf(o, "<p class=\"note\">(cut: %zu bytes more)</p>\n", n - REPORT_HTML_MAX_DOT);
}

static void files_written(strbuf *o, const rentry *e, const char *page) {
  if (!e->harness && !e->witnesses.len) return;
  strbuf_printf(o, "<h3>Files this run wrote</h3><ul>\n");
  if (e->harness) {
    strbuf_printf(o, "<li>test harness: <a href=\"");
    rel_link(o, page, e->harness);
    strbuf_printf(o, "\">");
    esc(o, e->harness);
    strbuf_printf(o, "</a>");
    if (e->harness_command) {
      strbuf_printf(o, "; compile and run it: <code>");
      esc(o, e->harness_command);
      strbuf_printf(o, "</code>");
    }
    strbuf_printf(o, "</li>\n");
  }
  for (size_t i = 0; i < e->witnesses.len; i++) {
    strbuf_printf(o, "<li>witness: <a href=\"");
    rel_link(o, page, e->witnesses.data[i]);
    strbuf_printf(o, "\">");
    esc(o, e->witnesses.data[i]);
    strbuf_printf(o, "</a></li>\n");
  }
  strbuf_printf(o, "</ul>\n");
}

static void phases_html(strbuf *o, const rentry *e) {
  strbuf_printf(o, "<p>Time: ");
  seconds_text(o, e->seconds);
  strbuf_printf(o, "</p>\n");
  if (!e->phases.len) return;
  strbuf_printf(o, "<table class=\"sum phases\"><tr><th>phase (engine)</th><th>time</th><th>solver queries</th>"
                   "</tr>\n");
  for (size_t i = 0; i < e->phases.len; i++) {
    const util_progress_phase *p = &e->phases.data[i];
    strbuf_printf(o, "<tr><td>");
    esc(o, p->name);
    strbuf_printf(o, "%s</td><td>", p->running ? " (still running)" : "");
    seconds_text(o, p->seconds);
    strbuf_printf(o, "</td><td>%" PRIu64 "</td></tr>\n", p->queries);
  }
  strbuf_printf(o, "</table>\n");
}

static void proof_html(strbuf *o, const report *r, const rentry *e, size_t idx) {
  strbuf_printf(o, "<h3>The proof</h3>\n<ul class=\"proof-lines\">\n");
  bool any = false;
  for (size_t i = 0; i < e->lines.len; i++) {
    const char *l = e->lines.data[i];
    while (*l == ' ') l++;
    if (strncmp(l, "proof:", 6) != 0 && strncmp(l, "invariant", 9) != 0) continue;
    strbuf_printf(o, "<li>");
    esc(o, l);
    strbuf_printf(o, "</li>\n");
    any = true;
  }
  if (!any) strbuf_printf(o, "<li class=\"note\">(the explanation above says what the proof rests on)</li>\n");
  strbuf_printf(o, "</ul>\n");
  if (e->proof) {
    strbuf_printf(o, "<details open><summary>The integer transition system and its ranking functions</summary>\n");
    text_pre(o, e->proof);
    strbuf_printf(o, "</details>\n");
  }
  if (e->invariants.len) {
    strbuf_printf(o, "<h4>Invariants (also beside their lines in the source)</h4><ul>\n");
    for (size_t i = 0; i < e->invariants.len; i++) {
      const rinvariant *inv = &e->invariants.data[i];
      strbuf_printf(o, "<li>");
      esc(o, inv->loc.file);
      strbuf_printf(o, ":%" PRIu32 ": <code>", inv->loc.line);
      esc(o, inv->expr);
      strbuf_printf(o, "</code></li>\n");
    }
    strbuf_printf(o, "</ul>\n");
  }
  if (e->graph_states) {
    strbuf_printf(o, "<h4>The symbolic execution graph (%u states)</h4>\n", e->graph_states);
    strbuf g = {0};
    char why[256];
    if (r->draft) snprintf(why, sizeof why, "this page was written while bitprove was running (graphs are drawn "
                                            "when it ends)");
    if (!r->draft && draw_graph(&g, e, idx, why, sizeof why)) {
      strbuf_printf(o, "<div class=\"graph-box\" id=\"g%zu\"><div class=\"graph-bar\"><input class=\"graph-search\" "
                       "type=\"search\" placeholder=\"mark nodes containing...\"> <button class=\"graph-reset\" "
                       "type=\"button\">reset view</button> <span class=\"graph-hits\"></span> <span class=\"note\">"
                       "wheel: zoom; drag: pan</span><div class=\"graph-funcs\"></div></div><div class=\"graph\">\n",
                    idx);
      strbuf_append(o, g.data, g.len);
      strbuf_printf(o, "\n</div></div>\n");
    } else {
      strbuf_printf(o, "<p class=\"note graph-not-drawn\">Not drawn: ");
      esc(o, why);
      strbuf_printf(o, ".</p>\n");
      if (e->graph_dot && strlen(e->graph_dot) <= REPORT_HTML_MAX_DOT) {
        strbuf_printf(o, "<details><summary>the graph as dot text (Graphviz)</summary>\n");
        text_pre(o, e->graph_dot);
        strbuf_printf(o, "</details>\n");
      }
    }
    strbuf_free(&g);
  }
}

static void entry_html(strbuf *o, const report *r, size_t idx, const char *page) {
  const rentry *e = &r->entries.data[idx];
  strbuf_printf(o, "<section class=\"verdict a-%s\" id=\"p%zu\">\n<h2>", report_answer_name(e->answer), idx);
  verdict_badge(o, e);
  strbuf_printf(o, " ");
  esc(o, e->property);
  strbuf_printf(o, "</h2>\n");
  if (e->reason) {
    strbuf_printf(o, "<p><b>%s:</b> ", e->answer == REPORT_UNKNOWN ? "Reason" : "In short");
    esc(o, e->reason);
    strbuf_printf(o, "</p>\n");
  }
  if (e->answer == REPORT_FALSE && e->loc.file) {
    strbuf_printf(o, "<p><b>Violation at</b> ");
    loc_link(o, r, &e->loc);
    strbuf_printf(o, "</p>\n");
  }
  if (e->assumptions.len) {
    strbuf_printf(o, "<h3>Assumptions</h3><ul class=\"assumptions\">\n");
    for (size_t i = 0; i < e->assumptions.len; i++) {
      strbuf_printf(o, "<li>assumption: ");
      esc(o, e->assumptions.data[i]);
      strbuf_printf(o, "</li>\n");
    }
    strbuf_printf(o, "</ul>\n");
  }
  phases_html(o, e);
  strbuf_printf(o, "<details%s><summary>The whole explanation (%zu lines)</summary>\n",
                e->lines.len <= 40 ? " open" : "", e->lines.len);
  lines_pre(o, &e->lines);
  strbuf_printf(o, "</details>\n");
  if (e->answer == REPORT_FALSE) {
    strbuf_printf(o, "<h3>The counterexample</h3>\n");
    if (e->trace.len) trace_html(o, r, e);
    else {
      strbuf_printf(o, "<p class=\"note\">No trace: ");
      esc(o, e->trace_error ? e->trace_error : "unknown");
      strbuf_printf(o, "</p>\n");
    }
    files_written(o, e, page);
  } else if (e->answer == REPORT_TRUE) {
    proof_html(o, r, e, idx);
    files_written(o, e, page);
  }
  strbuf_printf(o, "</section>\n");
}

/* One input file with line numbers and the notes at its lines; *k: the
 * first note of this file in the sorted notes, advanced past them. */
static void source_html(strbuf *o, const report *r, size_t f, const note_vec *notes, size_t *k) {
  strbuf_printf(o, "<section class=\"source\" id=\"f%zu\">\n<h2>", f);
  esc(o, r->inputs.data[f]);
  strbuf_printf(o, "</h2>\n");
  const char *text = r->sources.data[f];
  if (!text) {
    strbuf_printf(o, "<p class=\"note\">Not shown: ");
    esc(o, r->source_why.data[f] ? r->source_why.data[f] : "unreadable");
    strbuf_printf(o, "</p>\n</section>\n");
    while (*k < notes->len && notes->data[*k].file == f) (*k)++;
    return;
  }
  strbuf_printf(o, "<table class=\"src\">\n");
  uint32_t line = 0;
  const char *s = text;
  size_t nlines = 0;
  for (const char *c = text; *c; c++) nlines += *c == '\n';
  if (*text && text[strlen(text) - 1] != '\n') nlines++;
  while (*s && line < REPORT_HTML_MAX_LINES) {
    line++;
    size_t n = strcspn(s, "\n");
    size_t len = n && s[n - 1] == '\r' ? n - 1 : n;
    /* the notes at this line; values: at most REPORT_HTML_LINE_NOTES per property */
    while (*k < notes->len && notes->data[*k].file == f && notes->data[*k].line < line) (*k)++;
    size_t first = *k, last = first;
    while (last < notes->len && notes->data[last].file == f && notes->data[last].line == line) last++;
    bool viol = false, inv = false;
    for (size_t j = first; j < last; j++) {
      viol |= notes->data[j].kind == NOTE_VIOLATION;
      inv |= notes->data[j].kind == NOTE_INVARIANT;
    }
    const char *cls = viol ? "violation" : inv ? "inv" : first < last ? "noted" : NULL;
    strbuf_printf(o, "<tr id=\"f%zu-l%" PRIu32 "\"", f, line);
    if (cls) strbuf_printf(o, " class=\"%s\"", cls);
    strbuf_printf(o, "><td><a href=\"#f%zu-l%" PRIu32 "\">%" PRIu32 "</a></td><td>", f, line, line);
    esc_n(o, s, len);
    strbuf_printf(o, "</td><td>");
    for (int kind = NOTE_VIOLATION; kind <= NOTE_VALUE; kind++) {
      size_t shown = 0, dropped = 0, entry = SIZE_MAX;
      for (size_t j = first; j < last; j++) {
        const note *nt = &notes->data[j];
        if (nt->kind != kind) continue;
        if (nt->entry != entry) {
          if (dropped) strbuf_printf(o, "<span class=\"note\">(+%zu more)</span>", dropped);
          entry = nt->entry, shown = dropped = 0;
        }
        if (kind == NOTE_VALUE && shown >= REPORT_HTML_LINE_NOTES) {
          dropped++;
          continue;
        }
        strbuf_printf(o, "%s", nt->html);
        shown++;
      }
      if (dropped) strbuf_printf(o, "<span class=\"note\">(+%zu more)</span>", dropped);
    }
    strbuf_printf(o, "</td></tr>\n");
    *k = last;
    s += n + (s[n] == '\n');
  }
  strbuf_printf(o, "</table>\n");
  if (nlines > line)
    strbuf_printf(o, "<p class=\"note\">(%zu more lines not shown: the report shows at most %d lines of a file)</p>\n",
                  nlines - line, REPORT_HTML_MAX_LINES);
  while (*k < notes->len && notes->data[*k].file == f) (*k)++;
  strbuf_printf(o, "</section>\n");
}

void report_html_text(const report *r, const char *path, strbuf *o) {
  strbuf_printf(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                   "<meta name=\"generator\" content=\"bitprove %s\">\n<title>bitprove report: ",
                BITPROVE_VERSION);
  esc(o, r->inputs.len ? r->inputs.data[0] : "no input");
  strbuf_printf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>bitprove %s: ", style, BITPROVE_VERSION);
  for (size_t i = 0; i < r->inputs.len; i++) {
    if (i) strbuf_printf(o, ", ");
    strbuf_printf(o, "<a href=\"#f%zu\">", i);
    esc(o, r->inputs.data[i]);
    strbuf_printf(o, "</a>");
  }
  strbuf_printf(o, "</h1>\n<table class=\"sum summary\"><tr><th>property</th><th>verdict</th><th>time</th>"
                   "<th>reason</th></tr>\n");
  for (size_t i = 0; i < r->entries.len; i++) {
    const rentry *e = &r->entries.data[i];
    strbuf_printf(o, "<tr><td><a href=\"#p%zu\">", i);
    esc(o, e->property);
    strbuf_printf(o, "</a></td><td>");
    verdict_badge(o, e);
    strbuf_printf(o, "</td><td>");
    seconds_text(o, e->seconds);
    strbuf_printf(o, "</td><td>");
    esc(o, e->reason);
    strbuf_printf(o, "</td></tr>\n");
  }
  for (size_t i = 0; i < r->pending.len; i++) {
    strbuf_printf(o, "<tr class=\"pending\"><td>");
    esc(o, r->pending.data[i]);
    strbuf_printf(o, "</td><td><span class=\"badge v-UNKNOWN\">no verdict</span></td><td>?</td><td>not answered "
                     "when this page was written</td></tr>\n");
  }
  strbuf_printf(o, "</table>\n");
  if (r->draft)
    strbuf_printf(o, "<p class=\"draft\"><b>A draft:</b> bitprove wrote this page while it was running and did "
                     "not replace it with the final one, so the run ended before it answered every property (its "
                     "--timeout, or a kill). The properties without a verdict here are UNKNOWN; the run's output "
                     "says why.</p>\n");
  for (size_t i = 0; i < r->entries.len; i++) entry_html(o, r, i, path);
  note_vec notes = {0};
  collect_notes(r, &notes);
  size_t k = 0;
  for (size_t f = 0; f < r->inputs.len; f++) source_html(o, r, f, &notes, &k);
  for (size_t i = 0; i < notes.len; i++) free(notes.data[i].html);
  VEC_FREE(notes);
  strbuf_printf(o, "<script>\n%s</script>\n</body>\n</html>\n", script);
}
