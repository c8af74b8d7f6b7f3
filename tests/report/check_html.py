#!/usr/bin/env python3
"""Checks bitprove's HTML report (--report FILE.html) on regression tasks of
the repository and on tests/report's programs.

    check_html.py --bitprove PATH [--out DIR]

For each case bitprove writes a report; the page must parse with
html.parser with every element closed in order, every in-page link
(href="#id") must name an id on the page, and it must hold what its
verdict promises:
  FALSE valid-memsafety (oob-unsafe): the verdict, the trace, the source
    line of the bug with class "violation" and a violation marker;
  FALSE(termination), a lasso (nonterm-stem-unsafe): the stem and the cycle
    apart, the cycle head, the loop's line marked;
  TRUE by the symbolic execution graph (term-nested): the graph drawn as
    <svg> with nodes, the proof text (the ITS, YES);
  TRUE by k-induction (kind-invariant-safe): the invariant at the loop's line;
  UNKNOWN (extern-pointer): the reason and the phases table;
  a task with two properties (tests/report/multi.yml): both verdicts;
  a long trace (tests/report/long-trace.c): the note that steps are left
    out, the violation still marked;
  links to the harness and the witnesses written by the same run;
  an unwritable report: one "bitprove: error:" line, the verdict stands;
  a run killed during its check (tests/report/collatz.c): the draft page.
The reports stay in DIR (default: a temporary directory) for the browser
test and for a look.
"""
import argparse
import html.parser
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
REG = os.path.join(REPO, "tests", "regression")

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


class Page(html.parser.HTMLParser):
    """Checks nesting and collects ids, in-page links, classes per tag."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []
        self.ids = set()
        self.links = []
        self.rows = {}  # tr id -> class
        self.body_attrs = {}
        self.svg_nodes = 0
        self.text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            if a["id"] in self.ids:
                self.errors.append("duplicate id %s" % a["id"])
            self.ids.add(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag == "tr" and "id" in a:
            self.rows[a["id"]] = a.get("class") or ""
        if tag == "body":
            self.body_attrs = a
        if tag == "g" and (a.get("class") or "") == "node":
            self.svg_nodes += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            if a["id"] in self.ids:
                self.errors.append("duplicate id %s" % a["id"])
            self.ids.add(a["id"])

    def stack_has(self, tag):
        return tag in self.stack

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def line_of(path, needle):
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if needle in line:
                return n
    raise SystemExit("%s: no line with %r" % (path, needle))


def run(bitprove, args, cwd=REPO):
    p = subprocess.run([bitprove] + args, cwd=cwd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def report(bitprove, out, name, args, cwd=REPO):
    path = os.path.join(out, name + ".html")
    if os.path.exists(path):
        os.remove(path)
    rc, stdout, stderr = run(bitprove, args + ["--report", path, "--timeout", "60"], cwd)
    check(rc == 0, "%s: exit status %d (%s)" % (name, rc, stderr.strip()[-300:]))
    if not check(os.path.exists(path), "%s: no report written (%s)" % (name, stderr.strip()[-300:])):
        return None, stdout, ""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    page = Page()
    page.feed(text)
    page.close()
    check(not page.errors, "%s: not well-formed: %s" % (name, "; ".join(page.errors[:5])))
    check(not page.stack, "%s: elements left open: %s" % (name, page.stack[-5:]))
    missing = sorted(set(l for l in page.links if l not in page.ids))
    check(not missing, "%s: links to ids not on the page: %s" % (name, missing[:5]))
    check(text.startswith("<!DOCTYPE html>"), name + ": no doctype")
    check("A draft:" not in text and 'class="pending"' not in text, name + ": the final page is a draft")
    check("<script src" not in text and "<link" not in text and "http://" not in text.replace(
        "http://www.w3.org/", ""), name + ": refers to something outside the page")
    return page, stdout, text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bitprove", required=True)
    ap.add_argument("--out")
    a = ap.parse_args()
    out = a.out or tempfile.mkdtemp(prefix="bitprove-html-")
    os.makedirs(out, exist_ok=True)
    bp = os.path.abspath(a.bitprove)

    # FALSE of valid-memsafety: the violation's line marked
    src = os.path.join(REG, "oob-unsafe.c")
    bug = line_of(src, "// HERE")
    page, stdout, text = report(bp, out, "false-memsafety", ["task", os.path.join(REG, "oob-unsafe.yml")])
    if page:
        check(stdout.startswith("FALSE(valid-deref)"), "false-memsafety: verdict " + stdout[:40])
        check("FALSE(valid-deref)" in text, "false-memsafety: no FALSE(valid-deref) on the page")
        row = page.rows.get("f0-l%d" % bug, None)
        check(row is not None and "violation" in row, "false-memsafety: line %d not marked (%r)" % (bug, row))
        check(text.count('class="violation-marker"') == 1, "false-memsafety: not one violation marker")
        check('class="step k-violation violation-step"' in text, "false-memsafety: no violation step")
        check("<svg" not in text, "false-memsafety: a graph for a FALSE")

    # FALSE(termination), a lasso: stem and cycle apart
    src = os.path.join(REG, "nonterm-stem-unsafe.c")
    loop = line_of(src, "while (s != 7)")
    page, stdout, text = report(bp, out, "false-lasso", ["task", os.path.join(REG, "nonterm-stem-unsafe.yml")])
    if page:
        check(stdout.startswith("FALSE(termination)"), "false-lasso: verdict " + stdout[:40])
        check('class="trace-part stem"' in text and 'class="trace-part cycle"' in text,
              "false-lasso: stem and cycle not apart")
        check(text.find('class="trace-part cycle"') < text.find("k-cycle-head") or "k-cycle-head" not in text,
              "false-lasso: the cycle head outside the cycle")
        check("cycle head" in text, "false-lasso: no cycle head at the loop's line")
        check("violation" in page.rows.get("f0-l%d" % loop, ""), "false-lasso: loop line %d not marked" % loop)
        check("__VERIFIER_nondet_int() = " in text, "false-lasso: no values at their lines")
        check("<details open><summary>" in text and "call of assume_abort_if_not" in text,
              "false-lasso: the call not nested")

    # TRUE by the symbolic execution graph: drawn, with the proof text
    page, stdout, text = report(bp, out, "true-graph", ["task", os.path.join(REG, "term-nested.yml")])
    if page:
        check(stdout.startswith("TRUE"), "true-graph: verdict " + stdout[:40])
        check("proof: the symbolic execution graph" in stdout, "true-graph: not the graph's proof")
        check("<svg" in text and page.svg_nodes >= 5, "true-graph: no graph drawn (%d nodes)" % page.svg_nodes)
        check("YES" in text and "ranking" in text, "true-graph: no ITS proof text")
        check("ITS and the ranking functions" not in stdout or "(--proof prints" in stdout,
              "true-graph: the proof printed without --proof")
        check("graph-search" in text, "true-graph: no search box")
        check("symbolic execution graph" in "".join(page.text), "true-graph: no phases")

    # TRUE by k-induction: the invariant at the loop's line
    src = os.path.join(REG, "kind-invariant-safe.c")
    loop = line_of(src, "while (i < n)")
    page, stdout, text = report(bp, out, "true-kind", ["task", os.path.join(REG, "kind-invariant-safe.yml")])
    if page:
        check(stdout.startswith("TRUE") and "k-induction" in stdout, "true-kind: verdict " + stdout[:60])
        check("inv" in page.rows.get("f0-l%d" % loop, ""), "true-kind: no invariant at line %d" % loop)
        check("loop invariant: " in text, "true-kind: no invariant text")

    # UNKNOWN: reason and where the time went
    page, stdout, text = report(bp, out, "unknown", ["task", os.path.join(REG, "extern-pointer.yml")])
    if page:
        check(stdout.startswith("UNKNOWN"), "unknown: verdict " + stdout[:40])
        check("badge v-UNKNOWN" in text and "Reason:" in text, "unknown: no verdict or reason")
        check('class="sum phases"' in text, "unknown: no phases")

    # several properties: every verdict
    page, stdout, text = report(bp, out, "multi", ["task", "multi.yml"], cwd=HERE)
    if page:
        check(text.count('<section class="verdict') == 2, "multi: not two verdicts")
        check("TRUE" in text and "FALSE(no-overflow)" in text, "multi: verdicts missing")

    # a long trace: cut with a note, the violation still marked
    src = os.path.join(HERE, "long-trace.c")
    bug = line_of(src, "REPORT-BUG")
    page, stdout, text = report(bp, out, "long-trace", ["--prop", "unreach-call", "long-trace.c"], cwd=HERE)
    if page:
        check(stdout.startswith("FALSE(unreach-call)"), "long-trace: verdict " + stdout[:40])
        check(re.search(r"&hellip; \d+ steps not shown|\u2026 \d+ steps not shown", text) is not None,
              "long-trace: no note on the steps left out")
        check(text.count('<li class="step') < 2100, "long-trace: too many steps shown")
        check("violation" in page.rows.get("f0-l%d" % bug, ""), "long-trace: line %d not marked" % bug)
        check("(+" in text, "long-trace: values at one line not capped")

    # links to the files the same run wrote, relative to the page
    sub = os.path.join(out, "links")
    os.makedirs(sub, exist_ok=True)
    harness = os.path.join(out, "h.c")
    witness = os.path.join(sub, "w")
    page, stdout, text = report(bp, sub, "links", ["task", os.path.join(REG, "reach-error-unsafe.yml"),
                                                   "--harness", harness, "--witness", witness])
    if page:
        check('href="../h.c"' in text, "links: no relative link to the harness")
        check('href="w.graphml"' in text and 'href="w.yml"' in text, "links: no links to the witnesses")
        check("clang -fsanitize=address,undefined" in text, "links: no compile command")

    # an unwritable report: one error line, the verdict stands
    rc, stdout, stderr = run(bp, ["task", os.path.join(REG, "oob-unsafe.yml"), "--report",
                                  os.path.join(out, "no-such-dir", "r.html")])
    check(rc == 0 and stdout.startswith("FALSE(valid-deref)"), "unwritable: verdict lost (%d)" % rc)
    check(len([l for l in stderr.splitlines() if l.startswith("bitprove: error:")]) == 1,
          "unwritable: not one error line: " + stderr[-200:])
    # a run ended before its verdict (killed, as its --timeout would): the
    # draft written before the check stays, naming the property pending
    draft = os.path.join(out, "draft.html")
    if os.path.exists(draft):
        os.remove(draft)
    proc = subprocess.Popen([bp, "--prop", "termination", "collatz.c", "--report", draft, "--timeout", "300"],
                            cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while not os.path.exists(draft) and proc.poll() is None and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the draft is written whole before the check starts
    finished = proc.poll() is not None
    proc.kill()
    proc.communicate()
    if check(not finished and os.path.exists(draft), "draft: no draft while the check ran"):
        with open(draft, encoding="utf-8") as f:
            text = f.read()
        dp = Page()
        dp.feed(text)
        dp.close()
        check(not dp.errors and not dp.stack, "draft: not well-formed")
        check('<tr class="pending"><td>termination</td>' in text, "draft: termination not pending")
        check("A draft:" in text, "draft: no note that it is a draft")
        check("collatz.c</h2>" in text, "draft: no source")

    # a bad name
    rc, _, stderr = run(bp, ["task", os.path.join(REG, "oob-unsafe.yml"), "--report", "r.htmlx"])
    check(rc == 2 and ".html" in stderr, "bad name: exit %d" % rc)

    for f in failures:
        print("FAIL", f)
    print("html report: %d failure(s); reports in %s" % (len(failures), out))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
