#!/usr/bin/env python3
"""Verification witnesses (--witness) of the regression tasks.

For every task (*.yml) in tests/regression and tests/harness/tasks:

  bitprove task --timeout T --witness DIR/w X.yml

and for every property answered TRUE or FALSE, both witness files must be
there (w.graphml and w.yml; w.<property>.* for tasks with several
properties) and:
  - GraphML: WitnessLint (../shared/tools/witnesslint) accepts it with
    --svcomp (exit code 0), and with --strictChecking it reports nothing but
    "'F' is not a functionname of the program" (a false positive of this
    linter version: its collection of function names is an unimplemented
    TODO, so every function name is reported);
    the witness type matches the verdict, programhash is the SHA-256 of the
    program, the specification names the violated check (FALSE), exactly one
    entry node, a violation node for FALSE and none for TRUE, every edge's
    endpoints exist, and every `\\result` assumption has a resultfunction;
  - YAML: parses, one entry of type violation_sequence (FALSE) or
    invariant_set (TRUE) with metadata (format_version 2.0, uuid,
    creation_time, producer, task with input_files, input_file_hashes = the
    SHA-256, specification, data_model of the task, language C) and content;
    a violation's segments each end in their only `follow` waypoint and the
    last waypoint is the `target`; line numbers exist in the program;
  - FALSE: GraphML and YAML pin the same values, and no more values than the
    counterexample has ("nondet values: ..." of the verdict);
  - TRUE with loop invariants: the GraphML and YAML carry the same ones, at a
    `while` / `for` keyword, and each holds in concrete runs: the program
    with a check of the invariant put into the loop's condition
    (`while ((INV ? (void)0 : __builtin_trap()), cond)`; for a `for`, at the
    start of its condition) runs in bitprove's interpreter with RUNS
    different inputs (small values first, then its PRNG), and no run may
    trap there.
UNKNOWN writes no witness (checked too).

Without WitnessLint or python3-lxml for it, the linter step is skipped with
a printed reason and the exit status SKIP (77) when nothing else failed.

Usage: check_witness.py --bitprove PATH [--linter DIR] [--python PY] [-j N] [--keep DIR]
                        [--tasks DIR]... [--property P] [--engine E] [FILTER]

--tasks, --property and --engine check other tasks the same way, e.g. the
FALSE(termination) answers of an SV-COMP sweep:
  check_witness.py --bitprove build/bitprove --tasks ../shared/benchmarks/sv-comp/locks \
                   --property termination --engine lasso --timeout 5
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TASK_DIRS = [os.path.join(ROOT, "tests", "regression"), os.path.join(ROOT, "tests", "harness", "tasks")]
GML = "{http://graphml.graphdrawing.org/xmlns}"
SKIP = 77
CHECK_TEXT = {
    "termination": "F end",
    "unreach-call": "G ! call(reach_error())",
    "no-overflow": "G ! overflow",
    "valid-deref": "G valid-deref",
    "valid-free": "G valid-free",
    "valid-memtrack": "G valid-memtrack",
    "valid-memcleanup": "G valid-memcleanup",
}
STRICT_FALSE_POSITIVE = re.compile(r"is not a functionname of the program")


def parse_task(path):
    """Input file and data model of a task file; the property count."""
    with open(path) as f:
        doc = yaml.safe_load(f)
    inputs = doc["input_files"]
    if isinstance(inputs, list):
        inputs = inputs[0]
    model = (doc.get("options") or {}).get("data_model", "LP64")
    return os.path.join(os.path.dirname(path), inputs), model, len(doc.get("properties") or [])


def lasso_values(text):
    """Values of a lasso's stem and cycle ("stem: nondet values (N): ...")."""
    return sum(int(n) for n in re.findall(r"(?:stem|cycle): nondet values \((\d+)\)", text))


def verdicts(stdout, nprops):
    """[(property name or None, verdict line, nondet count)] from bitprove's answer."""
    lines = stdout.splitlines()
    out = []
    if nprops <= 1:
        name = None
        first = lines[0] if lines else ""
        m = re.search(r"nondet values: (.*)", stdout)
        n = len(m.group(1).split(",")) if m and m.group(1).strip() else 0
        out.append((name, first, n + lasso_values(stdout)))
        return out
    current = None
    for ln in lines:
        m = re.match(r"^([A-Za-z0-9_.-]+): (TRUE|FALSE\([a-z-]+\)|UNKNOWN)$", ln)
        if m:
            current = [m.group(1), m.group(2), 0]
            out.append(current)
            continue
        m = re.search(r"nondet values: (.*)", ln)
        if m and current is not None and m.group(1).strip():
            current[2] = len(m.group(1).split(","))
        if current is not None:
            current[2] += lasso_values(ln)
    return [tuple(x) for x in out]


def lint(args, witness, program):
    """None when accepted, else the reason."""
    cmd = [args.python, os.path.join(args.linter, "witnesslinter.py"), "--svcomp", "--witness", witness, program]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    if p.returncode != 0:
        return "witnesslint --svcomp: exit %d: %s" % (p.returncode, " | ".join(
            ln for ln in p.stdout.splitlines() if "WARNING" in ln or "ERROR" in ln or "rror" in ln)[:400])
    p = subprocess.run(cmd[:2] + ["--strictChecking"] + cmd[2:], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    bad = [ln for ln in p.stdout.splitlines()
           if ("WARNING" in ln or "ERROR" in ln or "CRITICAL" in ln) and not STRICT_FALSE_POSITIVE.search(ln)]
    if bad:
        return "witnesslint --strictChecking: " + " | ".join(bad)[:400]
    return None


def check_graphml(path, program, verdict, digest):
    """Structural checks; returns (problems, pinned values)."""
    problems = []
    root = ET.parse(path).getroot()
    graph = root.find(GML + "graph")
    gdata = {d.get("key"): (d.text or "") for d in graph.findall(GML + "data")}
    want_type = "violation_witness" if verdict.startswith("FALSE") else "correctness_witness"
    if gdata.get("witness-type") != want_type:
        problems.append("witness-type %r, expected %s" % (gdata.get("witness-type"), want_type))
    if gdata.get("programhash") != digest:
        problems.append("programhash is not the SHA-256 of the program")
    if verdict.startswith("FALSE"):
        sub = verdict[6:-1]
        if CHECK_TEXT.get(sub, "?") not in gdata.get("specification", ""):
            problems.append("specification %r does not name %s" % (gdata.get("specification"), sub))
    nodes = {}
    for n in graph.findall(GML + "node"):
        nodes[n.get("id")] = {d.get("key"): (d.text or "") for d in n.findall(GML + "data")}
    entries = [i for i, d in nodes.items() if d.get("entry") == "true"]
    violations = [i for i, d in nodes.items() if d.get("violation") == "true"]
    if len(entries) != 1:
        problems.append("%d entry nodes" % len(entries))
    cycleheads = [i for i, d in nodes.items() if d.get("cyclehead") == "true"]
    if verdict == "FALSE(termination)":
        if violations or len(cycleheads) != 1:
            problems.append("a lasso needs one cyclehead and no violation node (%d, %d)"
                            % (len(cycleheads), len(violations)))
        elif not nodes[cycleheads[0]].get("invariant"):
            problems.append("the cyclehead has no invariant")
        else:  # the cycle head is reached again from inside the cycle
            back = [e for e in graph.findall(GML + "edge") if e.get("target") == cycleheads[0]]
            if len(back) < 2:
                problems.append("no edge closes the cycle")
    elif verdict.startswith("FALSE") and len(violations) != 1:
        problems.append("%d violation nodes" % len(violations))
    if verdict == "TRUE" and violations:
        problems.append("a correctness witness with a violation node")
    pinned = []
    if verdict == "TRUE":  # the invariants, as (line, value), for comparison with the YAML
        for e in graph.findall(GML + "edge"):
            d = {x.get("key"): (x.text or "") for x in e.findall(GML + "data")}
            inv = nodes.get(e.get("target"), {}).get("invariant")
            if inv:
                pinned.append((int(d.get("startline", 0)), inv))
    for e in graph.findall(GML + "edge"):
        if e.get("source") not in nodes or e.get("target") not in nodes:
            problems.append("edge %s -> %s to a missing node" % (e.get("source"), e.get("target")))
        d = {x.get("key"): (x.text or "") for x in e.findall(GML + "data")}
        a = d.get("assumption")
        if a and "\\result" in a:
            if not d.get("assumption.resultfunction"):
                problems.append("\\result assumption without resultfunction")
            m = re.match(r"^\\result == (.*);$", a)
            if not m:
                problems.append("assumption %r is not '\\result == V;'" % a)
            else:
                pinned.append(m.group(1))
    return problems, pinned


def check_yaml(path, program, verdict, digest, model):
    problems = []
    with open(path) as f:
        doc = yaml.safe_load(f)
    if not isinstance(doc, list) or len(doc) != 1:
        return ["not a list of one entry"], []
    entry = doc[0]
    want = "violation_sequence" if verdict.startswith("FALSE") else "invariant_set"
    if entry.get("entry_type") != want:
        problems.append("entry_type %r, expected %s" % (entry.get("entry_type"), want))
    md = entry.get("metadata") or {}
    for key in ("format_version", "uuid", "creation_time", "producer", "task"):
        if key not in md:
            problems.append("metadata without %s" % key)
    lasso = verdict == "FALSE(termination)"
    if md.get("format_version") != ("2.1" if lasso else "2.0"):
        problems.append("format_version %r" % md.get("format_version"))
    if not re.match(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", str(md.get("uuid"))):
        problems.append("uuid %r is not a version-4 UUID" % md.get("uuid"))
    prod = md.get("producer") or {}
    if not prod.get("name") or not prod.get("version"):
        problems.append("producer without name or version")
    task = md.get("task") or {}
    for key in ("input_files", "input_file_hashes", "specification", "data_model", "language"):
        if key not in task:
            problems.append("task without %s" % key)
    hashes = task.get("input_file_hashes") or {}
    if list(hashes.values()) != [digest]:
        problems.append("input_file_hashes %r is not the SHA-256 of the program" % hashes)
    if task.get("data_model") != model:
        problems.append("data_model %r, the task says %s" % (task.get("data_model"), model))
    content = entry.get("content")
    if content is None or not isinstance(content, list):
        problems.append("no content list")
        return problems, []
    with open(program) as f:
        nlines = len(f.read().split("\n"))
    pinned = []
    if want == "violation_sequence":
        if not content:
            problems.append("no segments")
        for i, seg in enumerate(content):
            wps = [w.get("waypoint") or {} for w in (seg.get("segment") or [])]
            key = "cycle" if lasso and wps and wps[-1].get("action") == "cycle" else "follow"
            follows = [w for w in wps if w.get("action") == key]
            if len(follows) != 1 or not wps or wps[-1].get("action") != key:
                problems.append("segment %d: not exactly one %s waypoint, last" % (i, key))
            for w in wps:
                loc = w.get("location") or {}
                if not (1 <= int(loc.get("line", 0)) <= nlines):
                    problems.append("segment %d: line %r outside the program" % (i, loc.get("line")))
                if w.get("type") == "function_return":
                    c = (w.get("constraint") or {}).get("value", "")
                    m = re.match(r"^\\result == (.*)$", c)
                    if not m:
                        problems.append("function_return constraint %r" % c)
                    else:
                        pinned.append(m.group(1))
                if w.get("type") == "target" and "constraint" in w:
                    problems.append("a target with a constraint")
        last = ((content[-1].get("segment") or [{}])[-1].get("waypoint") or {}) if content else {}
        actions = [((seg.get("segment") or [{}])[-1].get("waypoint") or {}).get("action") for seg in content]
        if lasso:
            first_cycle = actions.index("cycle") if "cycle" in actions else -1
            if first_cycle < 0 or any(a != "cycle" for a in actions[first_cycle:]) or \
                    any(a != "follow" for a in actions[:first_cycle]):
                problems.append("a lasso needs follow segments, then cycle segments: %s" % actions)
            if any(((w.get("waypoint") or {}).get("type") == "target") for seg in content
                   for w in (seg.get("segment") or [])):
                problems.append("a lasso with a target")
        elif last.get("type") != "target":
            problems.append("the last waypoint is not the target")
    else:
        for inv in content:
            i = inv.get("invariant") or {}
            if i.get("type") not in ("loop_invariant", "location_invariant") or not i.get("value"):
                problems.append("malformed invariant %r" % inv)
                continue
            loc = i.get("location") or {}
            pinned.append((int(loc.get("line", 0)), int(loc.get("column", 0)), i["value"]))
    return problems, pinned


INV_RUNS = 24


def instrument(text, invariants):
    """The program with a trap unless each invariant holds, put at the start
    of its loop's condition; None when a location is not a while/for."""
    lines = text.split("\n")
    for line, col, value in sorted(invariants, reverse=True):
        if not (1 <= line <= len(lines)):
            return None
        src = lines[line - 1]
        rest = src[col - 1:]
        m = re.match(r"(while|for)\s*\(", rest)
        if not m:
            return None
        check = "((%s) ? (void)0 : __builtin_trap()), " % value
        pos = col - 1 + m.end()  # just after the '('
        if m.group(1) == "for":
            depth, i = 1, pos
            while i < len(src) and not (depth == 1 and src[i] == ";"):
                depth += src[i] == "("
                depth -= src[i] == ")"
                i += 1
            if i >= len(src):
                return None  # the for header spans lines: not instrumented
            pos = i + 1
            empty = src[pos:].lstrip().startswith(";")
            check = check + ("1" if empty else "")
        lines[line - 1] = src[:pos] + check + src[pos:]
    return "\n".join(lines)


def check_invariants(args, program, model, invariants, out_dir):
    """None when every run keeps the invariants, else the reason."""
    with open(program) as f:
        text = instrument(f.read(), invariants)
    if text is None:
        return "an invariant is not at a while/for keyword on one line"
    inst = os.path.join(out_dir, "instrumented.c")
    with open(inst, "w") as f:
        f.write(text)
    rng = __import__("random").Random(1)
    for k in range(INV_RUNS):
        small = ",".join(str(rng.randint(-4, 16)) for _ in range(64))
        cmd = [args.bitprove, "run", "--data-model", model, "--max-steps", "2000000", "--seed", str(k),
               "--show-nondet", "0"] + (["--nondet", small] if k % 3 else []) + [inst]
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120)
        if p.returncode != 0 or "run: unsupported" in p.stderr:
            return "the instrumented program does not run: %s" % p.stderr.strip()[:200]
        if "run: trap at" in p.stderr:
            return "an invariant fails in a concrete run (%s): %s" % (" ".join(cmd[2:-1]), p.stderr.strip()[:200])
    return None


def witness_files(base, name):
    stem = base if name is None else "%s.%s" % (base, name)
    return stem + ".graphml", stem + ".yml"


def run_task(args, task, workdir):
    """[(label, status, detail)]; status PASS, FAIL, or NONE (UNKNOWN, nothing to check)."""
    rel = os.path.relpath(task, ROOT)
    program, model, nprops = parse_task(task)
    out_dir = os.path.join(workdir, re.sub(r"[^A-Za-z0-9_.-]", "_", rel))
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, "w")
    cmd = [args.bitprove, "task", "--timeout", str(args.timeout), "--witness", base, task]
    if args.property:
        cmd[2:2] = ["--property", args.property]
        nprops = 1
    if args.engine:
        cmd[2:2] = ["--engine", args.engine]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=args.timeout * 4 + 60)
    except subprocess.TimeoutExpired:
        return [(rel, "FAIL", "bitprove did not finish")]
    if p.returncode != 0:
        return [(rel, "FAIL", "bitprove exit %d: %s" % (p.returncode, p.stderr.strip()[:300]))]
    if "witness:" in p.stderr:
        return [(rel, "FAIL", "witness not written: %s" % p.stderr.strip()[:300])]
    with open(program, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    results = []
    for name, verdict, ncex in verdicts(p.stdout, nprops):
        label = rel + ("" if name is None else " " + name)
        gml, yml = witness_files(base, name)
        if verdict == "UNKNOWN":
            if os.path.exists(gml) or os.path.exists(yml):
                results.append((label, "FAIL", "a witness for UNKNOWN"))
            else:
                results.append((label, "NONE", "UNKNOWN"))
            continue
        if not (os.path.exists(gml) and os.path.exists(yml)):
            results.append((label, "FAIL", "%s: witness files missing" % verdict))
            continue
        problems, pinned_g = check_graphml(gml, program, verdict, digest)
        yproblems, pinned_y = check_yaml(yml, program, verdict, digest, model)
        problems += ["yaml: " + x for x in yproblems]
        if verdict == "TRUE":
            if sorted(pinned_g) != sorted((line, value) for line, _, value in pinned_y):
                problems.append("GraphML and YAML invariants differ")
            elif pinned_y:
                why = check_invariants(args, program, "ILP32" if model == "ILP32" else "LP64", pinned_y, out_dir)
                if why:
                    problems.append(why)
        if verdict.startswith("FALSE"):
            if len(pinned_g) > ncex:
                problems.append("%d values pinned, the counterexample has %d" % (len(pinned_g), ncex))
            if pinned_y != pinned_g[:len(pinned_y)] and pinned_y != pinned_g:
                problems.append("GraphML pins %s, YAML %s" % (pinned_g, pinned_y))
        if args.lint:
            why = lint(args, gml, program)
            if why:
                problems.append(why)
        if problems:
            results.append((label, "FAIL", "%s: %s" % (verdict, "; ".join(problems))))
        else:
            what = "invariant(s), checked in %d runs" % INV_RUNS if verdict == "TRUE" else "value(s) pinned"
            results.append((label, "PASS", "%s, %d %s" % (verdict, len(pinned_g), what)))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bitprove", required=True)
    ap.add_argument("--linter", default=os.path.join(ROOT, "..", "shared", "tools", "witnesslint"))
    ap.add_argument("--python", default="/usr/bin/python3", help="Python with lxml, for the linter")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("-j", type=int, default=2, dest="jobs")
    ap.add_argument("--keep", help="keep the witnesses in this folder")
    ap.add_argument("--tasks", action="append", help="a folder of task files (repeatable; default: the regression tasks)")
    ap.add_argument("--property", help="check only this property of each task")
    ap.add_argument("--engine", help="bitprove --engine")
    ap.add_argument("--expected", choices=["true", "false"], help="with --property: only tasks expecting this verdict")
    ap.add_argument("filter", nargs="?", default="")
    args = ap.parse_args()
    args.lint = True
    skip_reason = None
    if not os.path.isfile(os.path.join(args.linter, "witnesslinter.py")):
        skip_reason = "WitnessLint not found at %s" % args.linter
    elif subprocess.run([args.python, "-c", "import lxml"], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode != 0:
        skip_reason = "%s has no lxml (Debian: python3-lxml), which WitnessLint needs" % args.python
    if skip_reason:
        args.lint = False
        print("SKIP lint: %s" % skip_reason)
    dirs = [os.path.abspath(d) for d in args.tasks] if args.tasks else TASK_DIRS
    tasks = sorted(os.path.join(d, f) for d in dirs for f in os.listdir(d) if f.endswith(".yml"))
    if args.property:
        pat = r"property_file:.*/%s\.prp" % re.escape(args.property)
        if args.expected:
            pat += r"\s*\n\s*expected_verdict:\s*%s" % args.expected
        tasks = [t for t in tasks if re.search(pat, open(t).read())]
    tasks = [t for t in tasks if args.filter in t]
    workdir = args.keep or tempfile.mkdtemp(prefix="bitprove-witness-")
    os.makedirs(workdir, exist_ok=True)
    counts = {"PASS": 0, "FAIL": 0, "NONE": 0}
    kinds = {"TRUE": 0, "FALSE": 0}
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            for results in ex.map(lambda t: run_task(args, t, workdir), tasks):
                for label, status, detail in results:
                    counts[status] += 1
                    if status == "PASS":
                        kinds["FALSE" if detail.startswith("FALSE") else "TRUE"] += 1
                    print("%-4s %s: %s" % (status, label, detail), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print("witnesses: %d checked (%d TRUE, %d FALSE), %d failed, %d UNKNOWN without witness%s"
          % (counts["PASS"] + counts["FAIL"], kinds["TRUE"], kinds["FALSE"], counts["FAIL"], counts["NONE"],
             "" if args.lint else "; linter skipped: " + skip_reason))
    if counts["FAIL"]:
        return 1
    return SKIP if skip_reason else 0


if __name__ == "__main__":
    sys.exit(main())
