#!/usr/bin/env python3
"""Checks bitprove's machine-readable reports (--report FILE.json|FILE.sarif)
and --fail-on-violation on the small programs of tests/report.

    check_report.py --bitprove PATH [--part json|sarif]

--part json (default): the JSON report's contents (property, verdict, the
violated check, the bug's line, the trace, assumptions), the SARIF report's
structure (ruleId, region, code flow, run.properties.verdicts), exit
statuses (0 by default, 10 with --fail-on-violation on a FALSE, 2 for a bad
--report name), the error line for an unwritable report, JSON escaping of a
file name with a quote, a backslash, a blank and a non-ASCII letter.

--part sarif: every SARIF report validated against the SARIF 2.1.0 JSON
schema with python3-jsonschema. The schema is $BITPROVE_SARIF_SCHEMA, else
<repo>/../shared/schemas/sarif-schema-2.1.0.json; when it or the jsonschema
module is missing the part is skipped (exit 77, CTest's SKIP_RETURN_CODE).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def bug_line(path):
    """The line of the program marked with REPORT-BUG (the expected location)."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if "REPORT-BUG" in line:
                return n
    raise SystemExit(f"{path}: no REPORT-BUG marker")


class Runner:
    def __init__(self, bitprove, tmp):
        self.bitprove = bitprove
        self.tmp = tmp

    def run(self, args, cwd=None):
        p = subprocess.run([self.bitprove] + args, cwd=cwd or HERE, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def report(self, name, args, want_rc, cwd=None):
        """Runs bitprove with --report TMP/name; checks the exit status; returns the parsed report."""
        path = os.path.join(self.tmp, name)
        if os.path.exists(path):
            os.remove(path)
        rc, out, err = self.run(args + ["--report", path], cwd)
        check(rc == want_rc, f"{name}: bitprove {' '.join(args)}: exit {rc}, expected {want_rc} (stderr: {err.strip()})")
        if not check(os.path.exists(path), f"{name}: no report written (stderr: {err.strip()})"):
            return None
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            return json.loads(text)
        except ValueError as e:
            check(False, f"{name}: not JSON: {e}")
            return None


def json_part(r):
    oob = "oob-unsafe.c"
    oob_line = bug_line(os.path.join(HERE, oob))
    multi_line = bug_line(os.path.join(HERE, "multi.c"))
    rc, out, _ = r.run(["--version"])
    version = out.split()[-1] if out.split() else "?"

    # one FALSE: exit 0 without the flag, 10 with it; the report either way
    for flag, want in (([], 0), (["--fail-on-violation"], 10)):
        d = r.report("oob.json", ["--prop", "valid-memsafety", oob] + flag, want)
        if not d:
            continue
        check(d.get("tool") == "bitprove" and d.get("version") == version, f"oob.json: tool/version {d.get('tool')} {d.get('version')}")
        check(d.get("inputs") == [oob], f"oob.json: inputs {d.get('inputs')}")
        res = d.get("results", [])
        if not check(len(res) == 1, f"oob.json: {len(res)} results, expected 1"):
            continue
        x = res[0]
        check(x["property"] == "valid-memsafety", f"oob.json: property {x['property']}")
        check(x["verdict"] == "FALSE" and x["violated"] == "valid-deref", f"oob.json: verdict {x['verdict']}({x['violated']})")
        loc = x.get("location") or {}
        check(loc.get("file") == oob and loc.get("line") == oob_line and loc.get("column", 0) > 0,
              f"oob.json: location {loc}, expected {oob}:{oob_line}")
        tr = x.get("trace", [])
        check(len(tr) >= 2, f"oob.json: trace of {len(tr)} steps")
        if tr:
            check(tr[-1]["kind"] == "violation" and tr[-1]["line"] == oob_line, f"oob.json: trace ends with {tr[-1]}")
            nd = [s for s in tr if s["kind"] == "nondet"]
            check(nd and nd[0].get("value") == "4" and nd[0].get("function_called") == "__VERIFIER_nondet_int",
                  f"oob.json: the nondet step {nd}")
            check(all(s["file"] == oob and s["line"] > 0 for s in tr), "oob.json: a trace step without file or line")
            check(any(s["kind"] == "branch" and s["taken"] is True and s["line"] == oob_line - 1 for s in tr),
                  f"oob.json: no taken branch at line {oob_line - 1}")

    # the safe program: TRUE, exit 0 even with the flag
    d = r.report("safe.json", ["--prop", "valid-memsafety", "--fail-on-violation", "safe.c"], 0)
    if d and check(len(d["results"]) == 1, "safe.json: one result"):
        x = d["results"][0]
        check(x["verdict"] == "TRUE" and x["violated"] is None and x["location"] is None and x["trace"] == [],
              f"safe.json: {x}")
        check(x["checks"] == ["valid-deref", "valid-free", "valid-memtrack"], f"safe.json: checks {x['checks']}")

    # a task with two properties: termination TRUE (with an assumption), no-overflow FALSE
    for flag, want in (([], 0), (["--fail-on-violation"], 10)):
        d = r.report("multi.json", ["task", "multi.yml"] + flag, want)
        if not d:
            continue
        check(d["inputs"] == ["multi.c"], f"multi.json: inputs {d['inputs']}")
        got = {x["property"]: x for x in d["results"]}
        check(sorted(got) == ["no-overflow", "termination"], f"multi.json: properties {sorted(got)}")
        t, o = got.get("termination"), got.get("no-overflow")
        if t:
            check(t["verdict"] == "TRUE", f"multi.json: termination {t['verdict']}")
            check(any("'ticks'" in a for a in t["assumptions"]), f"multi.json: termination's assumptions {t['assumptions']}")
            check(not any(a.startswith("assumption") for a in t["assumptions"]), "multi.json: prefix kept in assumptions")
        if o:
            check(o["verdict"] == "FALSE" and o["violated"] == "no-overflow", f"multi.json: no-overflow {o['verdict']}")
            check((o["location"] or {}).get("line") == multi_line, f"multi.json: location {o['location']}, expected line {multi_line}")
    # only the TRUE property: no violation, exit 0 with the flag
    d = r.report("multi-term.json", ["task", "multi.yml", "--property", "termination", "--fail-on-violation"], 0)
    if d:
        check([x["verdict"] for x in d["results"]] == ["TRUE"], f"multi-term.json: {[x['verdict'] for x in d['results']]}")

    # SARIF: structure (the schema is the other part)
    s = r.report("oob.sarif", ["--prop", "valid-memsafety", oob], 0)
    if s:
        run = s["runs"][0]
        check(s["version"] == "2.1.0", "oob.sarif: version")
        drv = run["tool"]["driver"]
        check(drv["name"] == "bitprove" and drv["version"] == version, f"oob.sarif: driver {drv.get('name')} {drv.get('version')}")
        check([x["id"] for x in drv["rules"]] == ["valid-memsafety"], f"oob.sarif: rules {drv['rules']}")
        check([a["location"]["uri"] for a in run["artifacts"]] == [oob], f"oob.sarif: artifacts {run['artifacts']}")
        if check(len(run["results"]) == 1, f"oob.sarif: {len(run['results'])} results"):
            res = run["results"][0]
            check(res["ruleId"] == "valid-memsafety" and res["ruleIndex"] == 0, f"oob.sarif: ruleId {res['ruleId']}")
            check(res["properties"]["verdict"] == "FALSE" and res["properties"]["violated"] == "valid-deref",
                  f"oob.sarif: properties {res['properties']}")
            pl = res["locations"][0]["physicalLocation"]
            check(pl["artifactLocation"]["uri"] == oob and pl["region"]["startLine"] == oob_line,
                  f"oob.sarif: location {pl}")
            flow = res.get("codeFlows", [{}])[0].get("threadFlows", [{}])[0].get("locations", [])
            check(len(flow) >= 2, f"oob.sarif: code flow of {len(flow)} locations")
            if flow:
                last = flow[-1]["location"]["physicalLocation"]["region"]["startLine"]
                check(last == oob_line, f"oob.sarif: code flow ends at line {last}")
                check(any("returns 4" in f["location"]["message"]["text"] for f in flow), "oob.sarif: no nondet value in the flow")
        check([v["verdict"] for v in run["properties"]["verdicts"]] == ["FALSE"], "oob.sarif: run.properties.verdicts")
    s = r.report("multi.sarif", ["task", "multi.yml"], 0)
    if s:
        run = s["runs"][0]
        check(sorted(x["id"] for x in run["tool"]["driver"]["rules"]) == ["no-overflow", "termination"], "multi.sarif: rules")
        check([x["ruleId"] for x in run["results"]] == ["no-overflow"], f"multi.sarif: results {[x['ruleId'] for x in run['results']]}")
        v = {x["property"]: x for x in run["properties"]["verdicts"]}
        check(v.get("termination", {}).get("verdict") == "TRUE" and v["termination"]["assumptions"],
              f"multi.sarif: termination in run.properties.verdicts: {v.get('termination')}")
        check(v.get("no-overflow", {}).get("verdict") == "FALSE", "multi.sarif: no-overflow in run.properties.verdicts")
        if run["results"]:
            rl = run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"]
            check(rl == multi_line, f"multi.sarif: result at line {rl}, expected {multi_line}")
    s = r.report("safe.sarif", ["--prop", "valid-memsafety", "safe.c"], 0)
    if s:
        run = s["runs"][0]
        check(run["results"] == [] and [v["verdict"] for v in run["properties"]["verdicts"]] == ["TRUE"],
              "safe.sarif: a TRUE is no result but a run-level verdict")

    # a program of two files: both are inputs (artifacts), the bug is in the second
    put = "two-files-put.c"
    put_line = bug_line(os.path.join(HERE, put))
    d = r.report("two.json", ["--prop", "valid-memsafety", "two-files-main.c", put], 0)
    if d and check(len(d["results"]) == 1, "two.json: one result"):
        check(d["inputs"] == ["two-files-main.c", put], f"two.json: inputs {d['inputs']}")
        x = d["results"][0]
        loc = x["location"] or {}
        check(x["violated"] == "valid-deref" and (loc.get("file"), loc.get("line"), loc.get("function")) == (put, put_line, "put"),
              f"two.json: {x['violated']} at {loc}, expected valid-deref at {put}:{put_line} in put")
        check(any(s["kind"] == "call" and s["file"] == "two-files-main.c" and s.get("function") == "main" and s.get("callee") == "put"
                  for s in x["trace"]), f"two.json: no call of put from main in {x['trace']}")
    s = r.report("two.sarif", ["--prop", "valid-memsafety", "two-files-main.c", put], 0)
    if s and check(len(s["runs"][0]["results"]) == 1, "two.sarif: one result"):
        run = s["runs"][0]
        check([a["location"]["uri"] for a in run["artifacts"]] == ["two-files-main.c", put], "two.sarif: artifacts")
        al = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        check(al == {"uri": put, "index": 1}, f"two.sarif: artifactLocation {al}")

    # --prop assert: the rule and the violation are named assert
    d = r.report("assert.json", ["--prop", "assert", "--fail-on-violation", "assert-unsafe.c"], 10)
    if d and check(len(d["results"]) == 1, "assert.json: one result"):
        x = d["results"][0]
        check(x["property"] == "assert" and x["verdict"] == "FALSE" and x["violated"] == "assert",
              f"assert.json: {x['property']} {x['verdict']}({x['violated']})")
        check((x["location"] or {}).get("line") == bug_line(os.path.join(HERE, "assert-unsafe.c")),
              f"assert.json: location {x['location']}")

    # escaping: a file name with a quote, a backslash, a blank and a non-ASCII letter
    weird_dir = os.path.join(r.tmp, "w")
    os.makedirs(weird_dir, exist_ok=True)
    weird = 'we"ird \\\u00e9.c'
    shutil.copy(os.path.join(HERE, oob), os.path.join(weird_dir, weird))
    d = r.report("weird.json", ["--prop", "valid-memsafety", weird], 0, cwd=weird_dir)
    if d:
        check(d["inputs"] == [weird], f"weird.json: inputs {d['inputs']!r}")
        check(d["results"] and (d["results"][0]["location"] or {}).get("file") == weird, "weird.json: location's file")
    s = r.report("weird.sarif", ["--prop", "valid-memsafety", weird], 0, cwd=weird_dir)
    if s:
        uri = s["runs"][0]["artifacts"][0]["location"]["uri"]
        check(uri == "we%22ird%20%5C%C3%A9.c", f"weird.sarif: uri {uri!r}")

    # usage errors and an unwritable report
    rc, out, err = r.run(["--prop", "valid-memsafety", "--report", os.path.join(r.tmp, "r.txt"), oob])
    check(rc == 2 and "--report" in (err.splitlines() or [""])[0] and out == "", f"--report r.txt: exit {rc}, stderr {err!r}")
    rc, out, err = r.run(["--prop", "valid-memsafety", oob, "--report"])
    check(rc == 2, f"--report without a file: exit {rc}")
    bad = os.path.join(r.tmp, "no-such-dir", "r.json")
    rc, out, err = r.run(["--prop", "valid-memsafety", "--fail-on-violation", "--report", bad, oob])
    check(rc == 10 and out.startswith("FALSE(valid-deref)"), f"unwritable report: exit {rc}, stdout {out!r}")
    check(f"bitprove: error: cannot write {bad}: " in err and len(err.strip().splitlines()) == 1,
          f"unwritable report: stderr {err!r}")
    rc, out, err = r.run(["--help"])
    check("--report FILE" in out and "--fail-on-violation" in out, "--help lacks --report / --fail-on-violation")


def sarif_part(r):
    try:
        import jsonschema
    except ImportError:
        print("SKIP: the python module jsonschema is missing (Debian: apt-get install python3-jsonschema)")
        return SKIP
    schema_path = os.environ.get("BITPROVE_SARIF_SCHEMA") or os.path.join(
        os.path.dirname(REPO), "shared", "schemas", "sarif-schema-2.1.0.json")
    if not os.path.isfile(schema_path):
        print(f"SKIP: no SARIF 2.1.0 schema at {schema_path} (set BITPROVE_SARIF_SCHEMA)")
        return SKIP
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)  # the draft its $schema names (draft-04)
    cls.check_schema(schema)
    validator = cls(schema)
    runs = {
        "oob.sarif": (["--prop", "valid-memsafety", "oob-unsafe.c", "--fail-on-violation"], 10),
        "safe.sarif": (["--prop", "valid-memsafety", "safe.c"], 0),
        "multi.sarif": (["task", "multi.yml"], 0),
        "two.sarif": (["--prop", "valid-memsafety", "two-files-main.c", "two-files-put.c"], 0),
        "assert.sarif": (["--prop", "assert", "assert-unsafe.c"], 0),
    }
    for name, (args, want) in runs.items():
        doc = r.report(name, args, want)
        if doc is None:
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        check(not errors, f"{name}: not valid SARIF 2.1.0: " +
              "; ".join(f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:5]))
        if name == "oob.sarif" and not errors:
            # the validation bites: a result kind outside the schema's enum must fail
            doc["runs"][0]["results"][0]["kind"] = "bogus"
            check(not validator.is_valid(doc), "the schema accepted a result of kind 'bogus'")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bitprove", required=True)
    ap.add_argument("--part", choices=["json", "sarif"], default="json")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bitprove-report-") as tmp:
        r = Runner(os.path.abspath(a.bitprove), tmp)
        if a.part == "json":
            json_part(r)
        elif sarif_part(r) == SKIP:
            return SKIP
    for f in failures:
        print("FAIL:", f)
    print(f"report/{a.part}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
