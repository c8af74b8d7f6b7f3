#!/usr/bin/env python3
"""Checks bitprove's BenchExec tool-info modules (bench/benchexec/bitprove.py,
bench/benchexec/bitprove_its.py, bench/benchexec/bitprove_termcomp.py).

  1. `python3 -m benchexec.test_tool_info` for both modules: the executable
     and version are found, the command lines are the expected ones, and
     sample outputs map to the expected results;
  2. the modules' determine_result on runs that ended abnormally (signal,
     exit status, BenchExec's time limit);
  3. end to end: bitprove runs a few regression tasks and ITS files with the
     command line the module builds, stdout and stderr into one file as
     BenchExec's runexec does, and the module's result is the expected one;
  4. BenchExec reads the benchmark definitions bench/benchexec/*.xml, and
     their runs are the ones bench/run.py makes of the same folders (when
     ../shared/benchmarks is there).

BenchExec comes from $BENCHEXEC_DIR, ../shared/tools/benchexec next to the
checkout, or an installed `benchexec`; without it (or without PyYAML, which
test_tool_info needs) the test prints why and exits 77 (ctest: skipped).

Usage: benchexec_tool_info.py BITPROVE
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def find_benchexec():
    """(directory for PYTHONPATH or None if installed, why not found)."""
    candidates = []
    if os.environ.get("BENCHEXEC_DIR"):
        candidates.append(os.environ["BENCHEXEC_DIR"])
    candidates.append(os.path.join(os.path.dirname(REPO), "shared", "tools", "benchexec"))
    for d in candidates:
        if os.path.isfile(os.path.join(d, "benchexec", "tools", "template.py")):
            return os.path.abspath(d), None
    try:
        import benchexec  # noqa: F401  an installed BenchExec (pip install benchexec)
    except ImportError:
        return None, "BenchExec not found (looked in %s and for an installed benchexec)" % ", ".join(
            candidates)
    return None, None


# (file name, output, expected result of bitprove.py)
SAMPLES = [
    ("true", "TRUE\nproof: the symbolic execution graph is complete\n", "true"),
    ("deref", "FALSE(valid-deref)\ncounterexample ...\n", "false(valid-deref)"),
    ("free", "FALSE(valid-free)\n", "false(valid-free)"),
    ("memtrack", "FALSE(valid-memtrack)\n", "false(valid-memtrack)"),
    ("memcleanup", "FALSE(valid-memcleanup)\n", "false(valid-memcleanup)"),
    ("reach", "FALSE(unreach-call)\n", "false(unreach-call)"),
    ("overflow", "FALSE(no-overflow)\n", "false(no-overflow)"),
    ("termination", "FALSE(termination)\n", "false(termination)"),
    ("unknown", "UNKNOWN\nreason: symbolic execution graph incomplete: timeout\n", "unknown"),
    ("timeout", "UNKNOWN\nreason: timeout\n", "TIMEOUT"),
    ("memory", "UNKNOWN\nreason: out of memory\n", "OUT OF MEMORY"),
    ("stderr-first", "bitprove: error: x.c:3: no such file\nUNKNOWN\nreason: compilation failed\n", "unknown"),
    ("no-verdict", "bitprove: error: something\n", "ERROR (no verdict)"),
    ("empty", "", "ERROR (no verdict)"),
    ("bad-subproperty", "FALSE(valid-nothing)\n", "ERROR (unknown subproperty valid-nothing)"),
]
ITS_SAMPLES = [
    ("yes", "YES\nranking function ...\n", "true"),
    ("no", "NO\ntechnique: fixed point\n", "false(termination)"),
    ("maybe", "MAYBE\nreason: no ranking function\n", "unknown"),
    ("maybe-timeout", "MAYBE\nreason: timeout\n", "TIMEOUT"),
    ("maybe-stderr", "bitprove: error: f.koat: line 5: bad\nMAYBE\n", "unknown"),
    ("nothing", "", "ERROR (no answer)"),
]

# test_tool_info warns about the dummy tasks without a property (bitprove needs
# one) and with two input files, and that `bitprove its` ignores a property
# file (its property is always termination); every other warning is a failure.
ALLOWED_WARNINGS = {
    "bench.benchexec.bitprove": re.compile(
        r"^WARNING: Tool-info module does not support .*"
        r"(bitprove needs a property|more than one input file)"),
    "bench.benchexec.bitprove_its": re.compile(
        r"^WARNING: (Tool-info module does not support .*more than one input file"
        r"|Tool module ignores property file)"),
    "bench.benchexec.bitprove_termcomp": re.compile(
        r"^WARNING: (Tool-info module does not support .*more than one input file"
        r"|Tool module ignores property file)"),
}


def test_tool_info(env, cwd, tooldir, module, samples, tmp, expect_lines, task_defs=()):
    paths = []
    for name, text, _ in samples:
        p = os.path.join(tmp, "%s.%s.out" % (module.rsplit(".", 1)[1], name))
        with open(p, "w") as f:
            f.write(text)
        paths.append(p)
    cmd = [sys.executable, "-m", "benchexec.test_tool_info", module, "--no-container",
           "--tool-directory", tooldir]
    for t in task_defs:
        cmd += ["--task-definition", t]
    cmd += ["--tool-output"] + paths
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    out = p.stdout + p.stderr
    # values in “...” (no colors: not a terminal); list values on tab-indented lines
    print("$ " + " ".join(cmd))
    if p.returncode != 0:
        fail("%s: test_tool_info exited with %d:\n%s" % (module, p.returncode, out))
        return
    if "Traceback" in out:
        fail("%s: a Python exception:\n%s" % (module, out))
    for line in out.splitlines():
        if line.startswith(("WARNING", "ERROR", "CRITICAL")) and not ALLOWED_WARNINGS[module].match(line):
            fail("%s: %s" % (module, line))
    missing = [want for want in expect_lines if want not in out]
    for want in missing:
        fail("%s: test_tool_info output lacks %r" % (module, want))
    if missing:
        print(out)
    results = dict(re.findall(r"Result of analyzing tool output in “(.*?)”:\s*\n\s*“(.*?)”", out))
    for path, (name, _, expected) in zip(paths, samples):
        got = results.get(path)
        if got != expected:
            fail("%s: output %r: result %r, expected %r" % (module, name, got, expected))
    print("%s: test_tool_info: %d sample outputs checked" % (module, len(samples)))


def abnormal_runs():
    """determine_result on runs that did not end normally."""
    from benchexec import util
    from benchexec.tools.template import BaseTool2

    import bench.benchexec.bitprove as bp
    import bench.benchexec.bitprove_its as bpi

    def run(text, value=0, signal=None, reason=None):
        code = util.ProcessExitCode.create(value=value) if signal is None \
            else util.ProcessExitCode.create(signal=signal)
        lines = [l + "\n" for l in text.splitlines()]
        return BaseTool2.Run(["bitprove"], code, BaseTool2.RunOutput(lines), reason)

    cases = [
        (bp.Tool(), run("TRUE\n", signal=11), "ERROR"),          # BenchExec: SEGMENTATION FAULT
        (bp.Tool(), run("FALSE(valid-deref)\n", value=1), "ERROR"),  # BenchExec: ERROR (1)
        (bp.Tool(), run("", value=2), "ERROR"),                  # usage error
        (bp.Tool(), run("TRUE\n", reason="cputime"), "TIMEOUT"),
        (bp.Tool(), run("", signal=9, reason="memory"), "ERROR"),  # BenchExec: OUT OF MEMORY
        (bpi.Tool(), run("YES\n", signal=6), "ERROR"),
        (bpi.Tool(), run("", signal=9, reason="walltime"), "TIMEOUT"),
    ]
    for tool, r, expected in cases:
        got = tool.determine_result(r)
        if got != expected:
            fail("%s on %r (exit %s, %s): %r, expected %r"
                 % (tool.name(), list(r.output), r.exit_code, r.termination_reason, got, expected))
    # column values
    out = BaseTool2.RunOutput(["bitprove: warning: x\n", "UNKNOWN\n", "reason: no proof\n"])
    if bp.Tool().get_value_from_output(out, "reason") != "no proof":
        fail("get_value_from_output(reason)")
    if bp.Tool().get_value_from_output(out, r"warning: (\w+)") != "x":
        fail("get_value_from_output(regex)")
    print("determine_result: %d abnormal runs checked" % len(cases))


def end_to_end(bitprove, tmp):
    """bitprove on regression tasks and ITS files, through the modules."""
    import yaml
    from benchexec import model, util
    from benchexec.tools.template import BaseTool2

    import bench.benchexec.bitprove as bp
    import bench.benchexec.bitprove_its as bpi
    import bench.benchexec.bitprove_termcomp as bpt

    limits = BaseTool2.ResourceLimits(cputime=60, cputime_hard=60)
    reg = os.path.join(REPO, "tests", "regression")
    its = os.path.join(REPO, "tests", "its")
    tc = os.path.join(REPO, "tests", "termcomp")
    # (tool, input, task definition or None, property name or None, expected)
    cases = [
        (bp.Tool(), None, "bmc-deref-unsafe.yml", "valid-memsafety", "false(valid-deref)"),
        (bp.Tool(), None, "bmc-memtrack-unsafe.yml", "valid-memsafety", "false(valid-memtrack)"),
        (bp.Tool(), None, "bmc-overflow-unsafe.yml", "no-overflow", "false(no-overflow)"),
        (bp.Tool(), None, "bmc-loop-unsafe.yml", "unreach-call", "false(unreach-call)"),
        (bp.Tool(), None, "seg-g.yml", "termination", "true"),
        (bpi.Tool(), os.path.join(its, "count.koat"), None, None, "true"),
        (bpi.Tool(), os.path.join(its, "loop.koat"), None, None, "false(termination)"),
        (bpi.Tool(), os.path.join(its, "bad.koat"), None, None, "unknown"),
        (bpt.Tool(), os.path.join(tc, "countdown.c"), None, None, "true"),
        (bpt.Tool(), os.path.join(tc, "grows_forever.c"), None, None, "unknown"),
    ]
    for tool, program, yml, prop, expected in cases:
        options = None
        prop_file = None
        if yml:
            yml = os.path.join(reg, yml)
            with open(yml) as f:
                task = yaml.safe_load(f)
            files = model.handle_files_from_task_definition(task.get("input_files"), yml)
            for p in task["properties"]:
                if os.path.basename(p["property_file"]) == prop + ".prp":
                    prop_file = os.path.normpath(os.path.join(os.path.dirname(yml), p["property_file"]))
            options = task.get("options")
        else:
            files = [program]
        cmd = model.cmdline_for_run(tool, bitprove, [], files, yml, prop_file, options, limits)
        log = os.path.join(tmp, "run.log")
        with open(log, "w") as f:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=f, timeout=300)
        with open(log) as f:
            lines = f.readlines()
        code = util.ProcessExitCode.create(value=p.returncode) if p.returncode >= 0 \
            else util.ProcessExitCode.create(signal=-p.returncode)
        got = tool.determine_result(BaseTool2.Run(cmd, code, BaseTool2.RunOutput(lines), None))
        name = os.path.basename(yml or program)
        if got != expected:
            fail("%s: %s gives %r, expected %r; output:\n%s" % (name, " ".join(cmd), got, expected,
                                                                 "".join(lines[:20])))
        else:
            print("%s: %s" % (name, got))


def benchmark_definitions():
    """BenchExec reads every bench/benchexec/*.xml, and its runs are exactly
    bench/run.py's: the same (task, property) pairs, or the same ITS files,
    below the folder of each include pattern."""
    import datetime
    import glob
    import logging

    from benchexec import benchexec as be
    from benchexec import model

    sys.path.insert(0, os.path.join(REPO, "bench"))
    import run as runpy

    logging.disable(logging.WARNING)  # BenchExec's notes on the system set-up
    xmls = sorted(glob.glob(os.path.join(REPO, "bench", "benchexec", "*.xml")))
    if not xmls:
        fail("no benchmark definitions in bench/benchexec")
    for xml in xmls:
        name = os.path.basename(xml)
        roots = set()
        for include in re.findall(r"<include>(.*?)</include>", open(xml).read()):
            root = os.path.normpath(os.path.join(os.path.dirname(xml), include.split("*")[0]))
            roots.add(root if os.path.isdir(root) else os.path.dirname(root))
        missing = [r for r in roots if not os.path.isdir(r)]
        if missing:
            print("%s: not checked: no benchmarks at %s" % (name, ", ".join(missing)))
            continue
        config = be.BenchExec().create_argument_parser().parse_args(["--no-container", xml])
        bench = model.Benchmark(xml, config, datetime.datetime.now())
        runs = set()
        for rs in bench.run_sets:
            for r in rs.runs:
                prop = os.path.basename(r.propertyfile)[:-4] if r.propertyfile else None
                if prop and not r.expected_results:
                    fail("%s: %s: no expected verdict for %s" % (name, r.identifier, prop))
                runs.add((os.path.abspath(r.identifier), prop))
        if bench.tool_module == "bench.benchexec.bitprove_its":
            want = {(path, None) for root in roots for path, _ in runpy.find_its_files([root])}
        elif bench.tool_module == "bench.benchexec.bitprove_termcomp":
            want = {(path, None) for root in roots for path, _ in runpy.find_its_files([root], (".c",))}
        else:
            errors = []
            want = {(t.yml, p.name) for t in runpy.find_tasks(sorted(roots), errors)
                    for p in t.properties if not p.name.startswith("coverage-") and p.expected is not None}
            if "-quick" in name:  # a sample: the properties it names
                want = {w for w in want if w[1] in {rs.real_name for rs in bench.run_sets}}
        if not runs or runs != want:
            fail("%s: %d runs, bench/run.py has %d; only BenchExec: %s; only run.py: %s"
                 % (name, len(runs), len(want), sorted(runs - want)[:5], sorted(want - runs)[:5]))
        else:
            print("%s: %d runs (%s), as bench/run.py" % (name, len(runs), bench.tool_module))
    logging.disable(logging.NOTSET)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bitprove = os.path.abspath(sys.argv[1])
    directory, why = find_benchexec()
    if why:
        print("SKIP: " + why)
        return SKIP
    if directory:
        sys.path.insert(0, directory)
    sys.path.insert(0, REPO)
    try:
        import yaml  # noqa: F401
    except ImportError:
        print("SKIP: BenchExec's test_tool_info needs PyYAML (Debian: python3-yaml)")
        return SKIP
    import benchexec
    print("BenchExec %s from %s" % (benchexec.__version__, os.path.dirname(os.path.dirname(benchexec.__file__))))

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        ([directory] if directory else []) + [REPO] +
        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    # a relative tool directory: test_tool_info warns about absolute executables
    bindir = os.path.dirname(bitprove)
    cwd, tooldir = os.path.dirname(bindir), os.path.basename(bindir)
    version = subprocess.run([bitprove, "--version"], capture_output=True, text=True).stdout.split()[-1]
    exe = os.path.join(tooldir, "bitprove")
    tmp = tempfile.mkdtemp(prefix="benchexec-tool-info-")
    try:
        nested = os.path.join(REPO, "tests", "regression", "bmc-deref-unsafe.yml")
        test_tool_info(env, cwd, tooldir, "bench.benchexec.bitprove", SAMPLES, tmp, [
            "Name of tool: “bitprove”",
            "Version: “%s”" % version,
            "Executable: “%s”" % exe,
            "“['%s', '--prop', 'PROPERTY.PRP', 'INPUT.FILE']”" % exe,
            "“['%s', '--timeout', '900', '--prop', 'PROPERTY.PRP', '--data-model', 'ILP32', 'INPUT.FILE']”"
            % exe,
            "“['%s', '--prop', '%s', '--data-model', 'LP64', '%s']”"
            % (exe, os.path.join(REPO, "properties", "valid-memsafety.prp"),
               os.path.join(REPO, "tests", "regression", "bmc-deref-unsafe.c")),
        ], task_defs=[nested])
        test_tool_info(env, cwd, tooldir, "bench.benchexec.bitprove_its", ITS_SAMPLES, tmp, [
            "Name of tool: “bitprove its”",
            "Version: “%s”" % version,
            "“['%s', 'its', 'INPUT.FILE']”" % exe,
            "“['%s', 'its', '-SOME_OPTION', 'INPUT.FILE']”" % exe,
            "“['%s', 'its', '--timeout', '123', 'INPUT.FILE']”" % exe,
        ])
        test_tool_info(env, cwd, tooldir, "bench.benchexec.bitprove_termcomp", ITS_SAMPLES, tmp, [
            "Name of tool: “bitprove termcomp”",
            "Version: “%s”" % version,
            "“['%s', 'termcomp', 'INPUT.FILE']”" % exe,
            "“['%s', 'termcomp', '-SOME_OPTION', 'INPUT.FILE']”" % exe,
        ])
        abnormal_runs()
        end_to_end(bitprove, tmp)
        benchmark_definitions()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
