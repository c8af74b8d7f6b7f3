#!/usr/bin/env python3
"""Compares a BenchExec run with a bench/run.py run of the same tasks, run by run.

usage: compare.py RESULTS.csv BENCHEXEC-RESULT.xml[.bz2]...

RESULTS.csv is run.py's (--out DIR/results.csv); the XML files are BenchExec's
per-run-definition results (*.results.<rundef>.xml.bz2, not the per-task-set
ones, or each run is counted twice).  A run is a task (folder/name of its .yml)
and a property.  Prints the SV-COMP score of each tool over the runs both have,
the runs whose verdict (true / false / unknown) or score differs, and the runs
only one of them has.  Exit 1 if a score differs.
"""

import bz2
import csv
import os
import sys
import xml.etree.ElementTree as ET

# SV-COMP's scores; run.py's statuses map onto BenchExec's categories.
POINTS = {("correct", "true"): 2, ("correct", "false"): 1, ("wrong", "true"): -32, ("wrong", "false"): -16}


def verdict_class(status):
    """'true', 'false' or 'unknown' of a BenchExec status or a run.py verdict."""
    s = status.strip().lower()
    if s == "true":
        return "true"
    if s.startswith("false"):
        return "false"
    return "unknown"


def run_key(yml, prop):
    return "%s/%s" % (os.path.basename(os.path.dirname(yml)), os.path.splitext(os.path.basename(yml))[0]), prop


def read_benchexec(paths):
    runs = {}
    for path in paths:
        opener = bz2.open if path.endswith(".bz2") else open
        with opener(path) as f:
            root = ET.parse(f).getroot()
        for run in root.iter("run"):
            cols = {c.get("title"): c.get("value") for c in run.iter("column")}
            verdict = verdict_class(cols.get("status", ""))
            category = cols.get("category", "unknown")
            runs[run_key(run.get("name"), run.get("properties"))] = (
                verdict, POINTS.get((category, verdict), 0), cols.get("status", ""))
    return runs


def read_runpy(path):
    runs = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            verdict = verdict_class(row["verdict"]) if row["status"] != "unknown" else "unknown"
            status = row["status"]  # correct-true, wrong-false, unknown, ...
            points = POINTS.get((status.split("-")[0], verdict), 0) if status != "unknown" else 0
            runs[("%s/%s" % (os.path.basename(row["folder"]), row["task"]), row["property"])] = (
                verdict, points, row["verdict"] or row["reason"])
    return runs


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    ours, theirs = read_runpy(argv[1]), read_benchexec(argv[2:])
    both = sorted(set(ours) & set(theirs))
    differ = [k for k in both if ours[k][:2] != theirs[k][:2]]
    score_r, score_b = sum(ours[k][1] for k in both), sum(theirs[k][1] for k in both)
    print("runs in both: %d; run.py score %d, BenchExec score %d" % (len(both), score_r, score_b))
    for name, mine, other in (("run.py", ours, theirs), ("BenchExec", theirs, ours)):
        only = sorted(set(mine) - set(other))
        if only:
            print("only in %s: %d runs, e.g. %s" % (name, len(only), ", ".join("%s %s" % k for k in only[:5])))
    for k in differ:
        print("differs: %s %s: run.py %s (%d, %s), BenchExec %s (%d, %s)" % (
            k + ours[k][:2] + (ours[k][2],) + theirs[k][:2] + (theirs[k][2],)))
    print("%d runs differ in verdict or score" % len(differ))
    return 1 if score_r != score_b else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
