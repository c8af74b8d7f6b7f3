#!/usr/bin/env python3
"""Native replay of counterexamples (--harness, --testcase).

For every unsafe task (a *.yml with `expected_verdict: false`) in
tests/regression and tests/harness/tasks:

  bitprove task X.yml --harness H.c --testcase T.xml

must answer FALSE for each safety property expected false, and then
  - H.c compiles alone without warnings (clang-14 -Wall -Wextra -Werror,
    -m32 for ILP32),
  - T.xml is well-formed Test-Comp XML with as many <input> as H.c has values,
  - prog.c + H.c, built with clang-14 -fsanitize=address,undefined -g (and
    -m32 for ILP32), run natively, shows the violation (shows()): the message
    or assertion of reach_error, or ASan's report of an abort() with
    reach_error on its stack (unreach-call), an AddressSanitizer report
    (valid-deref, valid-free), a LeakSanitizer report of a block the program
    allocated (valid-memcleanup) that also shows every allocation site of
    the blocks the interpreter lost (valid-memtrack), or a UBSan
    `runtime error:` (no-overflow).
ILP32 runs need the i386 libraries (scripts/install-deps.sh installs them);
without them every ILP32 task fails. Unless a FILTER is given, at least one
ILP32 harness and one valid-memtrack harness must reproduce their violation
(tests/harness/tasks has both).
A property that is TRUE or UNKNOWN writes no file; termination (for which
bitprove gives no FALSE with a counterexample yet) and the properties bitprove
answers UNKNOWN for today (NO_COUNTEREXAMPLE) are skipped with that reason.
Violations that no sanitizer can show are listed in KNOWN with the reason:
they are printed, never counted as reproduced, and one that reproduces after
all fails the test (so that the list stays true).

Usage: check_harness.py --bitprove PATH [-j N] [--keep DIR] [FILTER]
Prints one line per task and property, then a summary; exits 1 on failure.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TASK_DIRS = [os.path.join(ROOT, "tests", "regression"), os.path.join(HERE, "tasks")]
CLANG = "clang-14"
SAN = ["-fsanitize=address,undefined", "-g"]
# The harness sets the sanitizers' options itself (__asan_default_options,
# __lsan_default_options): the native runs get none from the environment.
SANITIZER_ENV = ("ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS")

# (task file, property) -> why the native run cannot show the violation.
KNOWN = {
    ("uninit-nondet.yml", "unreach-call"):
        "the violating value comes from an uninitialised local, not from a "
        "__VERIFIER_nondet_* call (no harness can set it), and the program defines "
        "reach_error() with an empty body, so reaching it leaves no trace natively",
}


def parse_task(path):
    """A small reader for the task files here: input file, data model, and
    the properties with their expected verdicts."""
    props, inputs, model = [], None, "LP64"
    cur = None
    with open(path) as f:
        for raw in f:
            line = raw.split("#", 1)[0].rstrip()
            m = re.match(r"\s*(-\s*)?(\w+):\s*(.*)$", line)
            if not m:
                continue
            key, val = m.group(2), m.group(3).strip().strip("'\"")
            if key == "input_files":
                inputs = val
            elif key == "property_file":
                cur = {"file": val, "name": os.path.basename(val)[:-4], "expected": None, "sub": None}
                props.append(cur)
            elif key == "expected_verdict" and cur is not None:
                cur["expected"] = val
            elif key == "subproperty" and cur is not None:
                cur["sub"] = val
            elif key == "data_model":
                model = val
    return os.path.join(os.path.dirname(path), inputs), model, props


def verdicts_of(out, props):
    """property name -> first verdict line word (TRUE, FALSE(...), UNKNOWN)."""
    lines = out.splitlines()
    if len(props) == 1:
        return {props[0]["name"]: lines[0].strip() if lines else ""}
    got = {}
    for line in lines:
        m = re.match(r"^([\w-]+): (TRUE|FALSE\([\w-]+\)|UNKNOWN)$", line)
        if m:
            got[m.group(1)] = m.group(2)
    return got


def section_of(out, name, several):
    """The lines of one property's answer."""
    if not several:
        return out
    m = re.search(r"^%s: .*(\n  .*)*" % re.escape(name), out, re.M)
    return m.group(0) if m else ""


def per_property(path, name, several):
    if not several:
        return path
    stem, ext = os.path.splitext(path)
    return "%s.%s%s" % (stem, name, ext)


def run(cmd, env=None, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout after %ds" % timeout


def can_link_m32(tmp):
    src = os.path.join(tmp, "probe.c")
    with open(src, "w") as f:
        f.write("#include <stdlib.h>\nint main(void) { return abs(0); }\n")
    rc, _, err = run([CLANG, "-m32"] + SAN + [src, "-o", os.path.join(tmp, "probe")])
    return rc == 0, (err.strip().splitlines() or ["?"])[0]


# Unsafe tasks bitprove answers UNKNOWN for today (no counterexample, so no
# harness). Any other expected-false safety property must be FALSE; one of
# these that becomes FALSE is checked like the others.
NO_COUNTEREXAMPLE = {
    ("memtrack-abort-unsafe.yml", "valid-memsafety"),
    ("oob-neighbour-unsafe.yml", "valid-memsafety"),
    ("shift-overflow-unsafe.yml", "no-overflow"),
    ("sprintf-unsafe.yml", "valid-memsafety"),
    ("strings-unsafe.yml", "valid-memsafety"),
}


# What the native run must show, per (sub)property.
ASAN_FREE = re.compile(r"ERROR: AddressSanitizer: (attempting double-free|attempting free on address|bad-free)")
ASAN_ANY = re.compile(r"ERROR: AddressSanitizer: ([\w-]+)")
UBSAN_DEREF = re.compile(r"runtime error: .*(null pointer|out of bounds for type)")
LEAK = re.compile(r"ERROR: LeakSanitizer: detected memory leaks")
OVERFLOW = re.compile(r"runtime error: .*(signed integer overflow|negation of|cannot be represented|left shift of|division of)")
REACH = re.compile(r"bitprove harness: (reach_error|__VERIFIER_error)\(\) called|"
                   r"reach_error(\(\w*\))?: Assertion .* failed")
ABORT_IN_REACH = re.compile(r"(ERROR: AddressSanitizer: ABRT)(?:(?!SUMMARY:).)*?"
                            r"#\d+ 0x[0-9a-f]+ (in (reach_error|__VERIFIER_error) \S+)", re.S)


def lost_sites(bitprove_out):
    """The allocation sites (file base name, line) of the blocks the
    interpreter found lost, from bitprove's `run: leak valid-memtrack:` line
    (at most 3 sites; none when the line is missing)."""
    m = re.search(r"run: leak valid-memtrack: \d+ object\(s\) unreachable [^,]*, allocated at (.*)", bitprove_out)
    sites = []
    for loc in (m.group(1).split(", ") if m else []):
        lm = re.match(r"(.*):(\d+):\d+$", loc.strip())
        if lm:
            sites.append((os.path.basename(lm.group(1)), lm.group(2)))
    return sites


def shows(sub, rc, text, prog, lost=()):
    """The evidence of violation `sub` in a native run's output, or None.
    valid-memtrack: `lost` (lost_sites()) are allocation sites the leak
    report must show, each in some allocation stack."""
    if sub == "unreach-call":
        m = REACH.search(text)
        if m and rc != 0:
            return m.group(0)
        # the program's own reach_error() aborts without a word: ASan's report of
        # the SIGABRT (handle_abort=1) has reach_error on its stack
        m = ABORT_IN_REACH.search(text)
        return "%s, %s" % (m.group(1), m.group(2)) if m and rc != 0 else None
    if sub == "valid-free":
        m = ASAN_FREE.search(text)
        return m.group(0) if m else None
    if sub == "valid-deref":
        for m in ASAN_ANY.finditer(text):
            if not ASAN_FREE.match(m.group(0)):
                return m.group(0)
        m = UBSAN_DEREF.search(text)
        return m.group(0) if m else None
    if sub in ("valid-memtrack", "valid-memcleanup"):
        # a leak report with a block the program allocated (not libc)
        m = LEAK.search(text)
        if not m:
            return None
        report = text[m.start():]
        frame = re.search(r"#\d+ 0x[0-9a-f]+ in \S+ \S*%s:\d+" % re.escape(os.path.basename(prog)), report)
        if not frame:
            return None
        lost = lost if sub == "valid-memtrack" else ()
        for base, line in lost:
            if not re.search(r"#\d+ 0x[0-9a-f]+ in \S+ \S*%s:%s\b" % (re.escape(base), line), report):
                return None  # a block the interpreter lost is not in the report
        return "%s, allocated at %s%s" % (m.group(0), frame.group(0).split(" in ")[1],
                                          ", and every site of a lost block (%d)" % len(lost) if lost else "")
    if sub == "no-overflow":
        m = OVERFLOW.search(text)
        return m.group(0) if m else None
    return None


def check_task(task, bitprove, tmp, m32_ok, m32_why, env):
    """Checks one task; returns (kind, line) pairs, kind one of ok, known,
    skip, fail."""
    tname = os.path.basename(task)
    prog, model, props = parse_task(task)
    res = []
    work = os.path.join(tmp, tname[:-4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    h, t = os.path.join(work, "h.c"), os.path.join(work, "t.xml")
    rc, out, err = run([bitprove, "task", task, "--harness", h, "--testcase", t, "--timeout", "60"])
    if rc != 0:
        return [("fail", "%s: bitprove exit %s: %s" % (tname, rc, err.strip()))]
    got = verdicts_of(out, props)
    several = len(props) > 1
    m32 = ["-m32"] if model == "ILP32" else []
    for p in props:
        key = "%s %s" % (tname, p["name"])
        hp, tp = per_property(h, p["name"], several), per_property(t, p["name"], several)
        verdict = got.get(p["name"], "?")
        if not verdict.startswith("FALSE") and (os.path.exists(hp) or os.path.exists(tp)):
            res.append(("fail", "%s: %s, yet a harness or test case was written" % (key, verdict)))
        if p["expected"] != "false":
            continue
        if p["name"] == "termination":
            res.append(("skip", "%s: termination has no counterexample harness (bitprove answers %s)"
                        % (key, verdict)))
            continue
        if verdict == "UNKNOWN" and (tname, p["name"]) in NO_COUNTEREXAMPLE:
            reason = re.search(r"reason: (.*)", section_of(out, p["name"], several))
            res.append(("skip", "%s: bitprove answers UNKNOWN (%s): no counterexample, no harness"
                        % (key, reason.group(1) if reason else "?")))
            continue
        if not verdict.startswith("FALSE"):
            res.append(("fail", "%s: %s, expected FALSE" % (key, verdict)))
            continue
        sub = verdict[6:-1]
        if not (os.path.exists(hp) and os.path.exists(tp)):
            res.append(("fail", "%s: FALSE, but %s or %s is missing" % (key, hp, tp)))
            continue
        # the harness alone: no warnings in its data model
        rc, _, cerr = run([CLANG, "-Wall", "-Wextra", "-Werror", "-c"] + m32 + [hp, "-o", os.devnull])
        if rc != 0:
            res.append(("fail", "%s: the harness does not compile cleanly: %s" % (key, cerr.strip())))
            continue
        # the test case: well-formed, one input per harness value
        with open(hp) as f:
            m = re.search(r"static const unsigned long bp_count = (\d+);", f.read())
        nvalues = int(m.group(1)) if m else 0
        try:
            root = ET.parse(tp).getroot()
        except ET.ParseError as e:
            res.append(("fail", "%s: test case is not well-formed XML: %s" % (key, e)))
            continue
        ninputs = len(root.findall("input"))
        if root.tag != "testcase" or ninputs != nvalues:
            res.append(("fail", "%s: test case has root <%s> and %d input(s), the harness %d value(s)"
                        % (key, root.tag, ninputs, nvalues)))
            continue
        if m32 and not m32_ok:
            res.append(("fail", "%s: ILP32, and clang-14 -m32 cannot link here (%s): scripts/install-deps.sh "
                        "installs what it needs (libc6-dev-i386, lib32gcc-12-dev, libclang-rt-14-dev)"
                        % (key, m32_why)))
            continue
        exe = os.path.join(work, "a.out." + p["name"])
        rc, _, cerr = run([CLANG] + SAN + m32 + ["-w", prog, hp, "-o", exe])
        if rc != 0:
            res.append(("fail", "%s: program + harness do not build: %s" % (key, cerr.strip())))
            continue
        rc, nout, nerr = run([exe], env=env, timeout=60)
        evidence = shows(sub, rc, nout + nerr, prog, lost_sites(section_of(out, p["name"], several)))
        why = KNOWN.get((tname, p["name"]))
        if evidence and why:
            res.append(("fail", "%s: listed as not reproducible natively, yet the native run shows %s"
                        % (key, evidence)))
        elif evidence:
            res.append(("ok", "%s: FALSE(%s), %s, native run: %s" % (key, sub, model, evidence)))
        elif why:
            res.append(("known", "%s: FALSE(%s): %s" % (key, sub, why)))
        else:
            tail = " | ".join((nout + nerr).strip().splitlines()[-4:])
            res.append(("fail", "%s: FALSE(%s), but the native run (exit %s) does not show it: %s"
                        % (key, sub, rc, tail)))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bitprove", required=True)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--keep", help="keep the generated files in this directory")
    ap.add_argument("filter", nargs="?", default="", help="only tasks whose file name contains this")
    args = ap.parse_args()
    if not shutil.which(CLANG):
        print("SKIP: %s not found" % CLANG)
        return 0
    tmp = args.keep or tempfile.mkdtemp(prefix="bitprove-harness-")
    os.makedirs(tmp, exist_ok=True)
    m32_ok, m32_why = can_link_m32(tmp)
    if not m32_ok:
        print("FAIL: clang-14 -m32 -fsanitize=address,undefined cannot link here (%s): every ILP32 task fails; "
              "scripts/install-deps.sh installs what it needs" % m32_why)
    env = {k: v for k, v in os.environ.items() if k not in SANITIZER_ENV}
    tasks = []
    for d in TASK_DIRS:
        if os.path.isdir(d):
            tasks += [os.path.join(d, f) for f in sorted(os.listdir(d))
                      if f.endswith(".yml") and args.filter in f]
    tasks = [t for t in tasks if any(p["expected"] == "false" for p in parse_task(t)[2])]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda t: check_task(t, args.bitprove, tmp, m32_ok, m32_why, env), tasks))
    label = {"ok": "ok   ", "known": "not reproducible natively: ", "skip": "skip ", "fail": "FAIL "}
    counts = {k: 0 for k in label}
    for res in results:
        for kind, line in res:
            counts[kind] += 1
            if kind != "fail":
                print(label[kind] + line)
    for res in results:
        for kind, line in res:
            if kind == "fail":
                print(label[kind] + line)
    # CI must build and run an ILP32 harness and a valid-memtrack one (tests/harness/tasks)
    oks = [line for res in results for kind, line in res if kind == "ok"]
    for what, needle in (("an ILP32 harness", ", ILP32, native run:"),
                         ("a valid-memtrack harness", "FALSE(valid-memtrack)")):
        if not args.filter and not any(needle in line for line in oks):
            counts["fail"] += 1
            print("FAIL no %s reproduced its violation natively" % what)
    print("%d reproduced natively, %d not reproducible by a sanitizer (listed), %d skipped, %d failed"
          % (counts["ok"], counts["known"], counts["skip"], counts["fail"]))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
