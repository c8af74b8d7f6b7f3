#!/usr/bin/env python3
"""Mutation fuzzer for every input format bitprove reads.

Each mutant is a valid file of the tests (C, preprocessed C, SV-COMP property
and task files, termCOMP SMT2, KoAT, ARI) with 1-4 random edits: byte
changes, insertions of the format's own tokens, deletions, duplications,
splices with another file of the same format, extreme numbers, truncation,
line edits.  bitprove must answer every mutant as a user would want:

  * exit status 0 and no signal;
  * a verdict on the first stdout line (TRUE / FALSE(p) / UNKNOWN, a task's
    "name: VERDICT", or YES / NO / MAYBE for ITS files);
  * every stderr line a one-line message "bitprove: error: ..." or
    "bitprove: warning: ...";
  * no sanitizer or assertion report;
  * done within --timeout plus a grace period (a run that overruns is run
    again, and it is a hang only if it overruns again: these machines are
    noisy).

Mutant i of seed S is the same on every machine and with any -j: its random
generator is seeded with (S, i), and --index i reproduces it alone.  Files in
tests/fuzz/crashers/ (inputs that once failed) are replayed before the
mutants.  Failing inputs are written to --failures DIR with the command and
the reason.  Exit status 1 when anything failed.
"""

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FORMATS = ["c", "i", "prp", "yml", "smt2", "koat", "ari"]
ITS_FORMATS = ("smt2", "koat", "ari")
PROPERTIES = ["termination", "valid-memsafety", "no-overflow", "unreach-call", "valid-memcleanup"]
ENGINES = ["auto", "seg", "direct", "bmc"]

# Tokens a mutation may insert, per format: what the format's readers branch on.
TOKENS = {
    "c": ["while (1)", "for (;;)", "*", "&", "->", ".", "[", "]", "(", ")", "{", "}", ";", "0x7fffffff",
          "-2147483648", "4294967295u", "1e308", "0.5f", "__VERIFIER_nondet_int()", "__VERIFIER_assume(",
          "reach_error();", "abort();", "malloc(", "free(", "alloca(", "goto L;", "L:", "#include <stdlib.h>\n",
          "#define X(", "\\\n", "/*", "*/", "//", "\"", "'", "unsigned long long", "_Bool", "struct s",
          "union u", "typedef", "static", "extern", "volatile", "sizeof", "return", "switch", "case 1:",
          "__asm__(\"\")", "long double", "__int128", "<<", ">>=", "/", "%", "?:"],
    "prp": ["CHECK", "(", ")", ",", "init(main())", "init(", "LTL(", "G ", "F ", "! ", "end", "valid-free",
            "valid-deref", "valid-memtrack", "valid-memcleanup", "call(reach_error())", "call(",
            "overflow", "G ! overflow", "F end", "\n", "//", "\t", "\x00", "\xff"],
    "yml": ["format_version: '2.0'\n", "'1.0'", "input_files:", "properties:\n", "  - property_file: ",
            "expected_verdict: ", "true", "false", "subproperty: ", "options:\n", "language: ", "C", "Java",
            "data_model: ", "ILP32", "LP64", "[", "]", "{", "}", ",", "- ", ": ", "'", "\"", "&a ", "*a",
            "|\n", ">\n", "\t", "#", "---\n", "...\n", "~", "null", "\\", "../", "/dev/zero", "\n  ", "\x00"],
    "its": ["(", ")", "->", ":|:", "&&", "||", "/\\", "\\/", "Com_1(", "Com_3(", "-{", "}>", "exists",
            "forall", "declare-fun", "define-fun", "assert", "and", "or", "not", "ite", "=>", "distinct",
            "9999999999999999999999999", "-0", "0", "-1", "*", "+", "-", "^", "div", "mod", "<=", ">=",
            "<", ">", "=", "!=", "true", "false", "VAR", "RULES", "GOAL", "STARTTERM", "FUNCTIONSYMBOLS",
            "rule", "fun", "entrypoint", "theory", "format", ":guard", ":var", "Int", "Bool", "Loc",
            "x", "y'", "x^0", "x^post", "cfg_trans2", "\n", " ", ";", "|a b|"],
}
EXTREMES = ["0", "-1", "1", "2147483647", "-2147483648", "4294967296", "9223372036854775807",
            "18446744073709551616", "340282366920938463463374607431768211456", "00", "0x", "1e999"]
SANITIZER = re.compile(r"AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|MemorySanitizer|"
                       r"runtime error:|SUMMARY: |Assertion .* failed|assertion failed|stack-overflow|"
                       r"Segmentation fault|core dumped")
C_VERDICT = re.compile(r"(TRUE|FALSE\([^()\n]+\)|UNKNOWN)")
ITS_VERDICT = re.compile(r"(YES|NO|MAYBE)")
STDERR_LINE = re.compile(r"bitprove: (error|warning): \S")


def tokens_for(fmt):
    if fmt in ITS_FORMATS:
        return TOKENS["its"]
    return TOKENS["c" if fmt == "i" else fmt]


# ---- mutations ----------------------------------------------------------------

def pick_range(rng, data, longest=64):
    if not data:
        return 0, 0
    a = rng.randrange(len(data))
    return a, min(len(data), a + rng.randint(1, longest))


def m_byte(rng, data, fmt, others):
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    b = rng.choice([rng.randrange(256), rng.choice(b"(){}[];,:'\"\n\t\\0-9 *&|")])
    return data[:i] + bytes([b]) + data[i + 1:]


def m_insert(rng, data, fmt, others):
    i = rng.randint(0, len(data))
    tok = rng.choice(tokens_for(fmt)).encode("latin-1")
    return data[:i] + tok * rng.choice([1, 1, 1, 2, 16]) + data[i:]


def m_delete(rng, data, fmt, others):
    a, b = pick_range(rng, data)
    return data[:a] + data[b:]


def m_duplicate(rng, data, fmt, others):
    a, b = pick_range(rng, data, 256)
    i = rng.randint(0, len(data))
    return data[:i] + data[a:b] * rng.choice([1, 2, 50]) + data[i:]


def m_splice(rng, data, fmt, others):
    other = rng.choice(others)
    i = rng.randint(0, len(data))
    j = rng.randint(0, len(other))
    return data[:i] + other[j:]


def m_number(rng, data, fmt, others):
    spans = [m.span() for m in re.finditer(rb"\b\d+\b", data)]
    if not spans:
        return m_insert(rng, data, fmt, others)
    a, b = rng.choice(spans)
    return data[:a] + rng.choice(EXTREMES).encode() + data[b:]


# Operators that may replace each other without breaking C's syntax.
OPERATORS = [b"<=", b">=", b"==", b"!=", b"<", b">", b"+", b"-", b"*", b"/", b"%", b"&", b"|", b"^", b"<<", b">>"]


def m_operator(rng, data, fmt, others):
    spans = [m.span() for m in re.finditer(rb"(?<=[ \w)])(<=|>=|==|!=|<<|>>|[<>+\-*/%&|^])(?=[ \w(])", data)
             if not data[data.rfind(b"\n", 0, m.start()) + 1:].lstrip().startswith(b"#")]  # not #include <x>
    if not spans:
        return m_number(rng, data, fmt, others)
    a, b = rng.choice(spans)
    return data[:a] + rng.choice(OPERATORS) + data[b:]


def m_truncate(rng, data, fmt, others):
    return data[:rng.randint(0, len(data))]


def m_lines(rng, data, fmt, others):
    lines = data.split(b"\n")
    if len(lines) < 2:
        return m_byte(rng, data, fmt, others)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.randrange(3)
    if op == 0:
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 1:
        del lines[i]
    else:
        lines.insert(i, lines[j])
    return b"\n".join(lines)


MUTATIONS = [m_byte, m_insert, m_delete, m_duplicate, m_splice, m_number, m_truncate, m_lines]
# C mutants that still compile reach the engines: half of C's edits keep the syntax.
C_MUTATIONS = MUTATIONS + [m_number, m_operator] * 4


def mutate(seed, index, fmt, corpus):
    """Mutant `index` of `seed`: deterministic, independent of the others."""
    rng = random.Random(f"{seed}/{index}")
    files = corpus[fmt]
    name, data = rng.choice(files)
    others = [d for _, d in files]
    edits = []
    for _ in range(rng.choice([1, 1, 1, 2, 3, 4])):  # mostly one edit: deeper than the parser
        m = rng.choice(C_MUTATIONS if fmt in ("c", "i") else MUTATIONS)
        data = m(rng, data, fmt, others)
        edits.append(m.__name__[2:])
    return name, data, edits


# ---- the corpus ---------------------------------------------------------------

def read(path):
    with open(path, "rb") as f:
        return f.read()


def build_corpus(bp, work, jobs):
    """The valid inputs of the tests, by format, as (name, bytes)."""
    corpus = {f: [] for f in FORMATS}
    c_files = sorted(
        [os.path.join(ROOT, "tests/regression", f) for f in os.listdir(os.path.join(ROOT, "tests/regression"))
         if f.endswith(".c")] +
        [os.path.join(ROOT, "tests/differential/programs", f)
         for f in os.listdir(os.path.join(ROOT, "tests/differential/programs")) if f.endswith(".c")] +
        [os.path.join(ROOT, "examples", f) for f in os.listdir(os.path.join(ROOT, "examples")) if f.endswith(".c")])
    # whole-line comments dropped: an edit there would test nothing
    corpus["c"] = [(os.path.relpath(p, ROOT), re.sub(rb"(?m)^[ \t]*//.*\n", b"", read(p))) for p in c_files]
    corpus["prp"] = [(os.path.join("properties", f), read(os.path.join(ROOT, "properties", f)))
                     for f in sorted(os.listdir(os.path.join(ROOT, "properties"))) if f.endswith(".prp")]
    reg = os.path.join(ROOT, "tests/regression")
    corpus["yml"] = [(os.path.join("tests/regression", f), read(os.path.join(reg, f)))
                     for f in sorted(os.listdir(reg)) if f.endswith(".yml")]
    its_dir = os.path.join(ROOT, "tests/its")
    for f in sorted(os.listdir(its_dir)):
        ext = f.rsplit(".", 1)[-1]
        if ext in ITS_FORMATS:
            corpus[ext].append((os.path.join("tests/its", f), read(os.path.join(its_dir, f))))

    # Preprocessed C: a sample of the C files through clang's preprocessor.
    clang = shutil.which("clang-14") or shutil.which("clang")
    sample = c_files[::7]
    if clang:
        for p in sample:
            r = subprocess.run([clang, "-E", "-P", p], capture_output=True)
            if r.returncode == 0:
                corpus["i"].append((os.path.relpath(p, ROOT) + " (preprocessed)", r.stdout))
    if not corpus["i"]:
        print("fuzz: no clang to preprocess C files: .i mutants are plain C files", flush=True)
        corpus["i"] = list(corpus["c"])

    # More ITS files: the direct translation of a few regression programs.
    def dump(p, fmt):
        out = os.path.join(work, "corpus-%s.%s" % (os.path.basename(p), fmt))
        subprocess.run([bp, "--prop", "termination", "--engine", "direct", "--timeout", "5",
                        "--dump-its", fmt, out, p], capture_output=True, timeout=120)
        if os.path.exists(out) and os.path.getsize(out) > 0:
            return fmt, (os.path.relpath(p, ROOT) + " (--dump-its %s)" % fmt, read(out))
        return fmt, None

    loops = [p for p in c_files if b"while" in read(p) or b"for (" in read(p)][:6]
    with ThreadPoolExecutor(jobs) as pool:
        for fmt, item in pool.map(lambda a: dump(*a), [(p, f) for p in loops for f in ITS_FORMATS]):
            if item:
                corpus[fmt].append(item)
    for f in FORMATS:
        if not corpus[f]:
            sys.exit("fuzz: no valid %s files to start from" % f)
    return corpus


# ---- running and judging --------------------------------------------------------

def command(bp, fmt, path, rng_key, timeout, sandbox):
    """The command line that checks one input of format fmt."""
    rng = random.Random(rng_key)
    t = ["--timeout", str(timeout)]
    if fmt in ("c", "i"):
        return [bp, "--prop", rng.choice(PROPERTIES), "--engine", rng.choice(ENGINES)] + t + [path]
    if fmt == "prp":
        program = rng.choice(["bmc-loop-safe.c", "bmc-free-unsafe.c", "bmc-overflow-unsafe.c"])
        return [bp, "--prop", path] + t + [os.path.join(sandbox, "tests/regression", program)]
    if fmt == "yml":
        return [bp, "task"] + t + [path]
    return [bp, "its"] + t + [path]


def judge(fmt, rc, out, err):
    """None if the run behaved, else the reason it did not."""
    if rc < 0:
        return "killed by signal %s" % signal.Signals(-rc).name
    if SANITIZER.search(err) or SANITIZER.search(out):
        m = SANITIZER.search(err) or SANITIZER.search(out)
        return "sanitizer or assertion report: %s" % m.group(0)
    if rc != 0:
        return "exit status %d" % rc
    first = out.split("\n", 1)[0]
    if fmt in ITS_FORMATS:
        ok = ITS_VERDICT.fullmatch(first)
    elif fmt == "yml":
        ok = C_VERDICT.fullmatch(first) or re.fullmatch(r".+: " + C_VERDICT.pattern, first)
    else:
        ok = C_VERDICT.fullmatch(first)
    if not ok:
        return "no verdict on the first line: %r" % first[:120]
    for line in err.split("\n"):
        if line and not STDERR_LINE.match(line):
            return "stderr line is not a one-line message: %r" % line[:120]
    if "\r" in out or "\r" in err:
        return "carriage return in the output"
    return None


def verdict_of(fmt, out):
    first = out.split("\n", 1)[0]
    m = re.search(r"(TRUE|FALSE|UNKNOWN|YES|NO|MAYBE)", first)
    return m.group(1) if m else "?"


def reason_of(out):
    """The kind of an UNKNOWN's reason: its words up to the first colon or quote."""
    m = re.search(r"^\s*reason: ([^:'\n]*)", out, re.M)
    return m.group(1).strip()[:40] if m else None


def run_once(cmd, limit):
    start = time.monotonic()
    try:
        # killed once it has overrun its limit by as much again (at most 30 s)
        p = subprocess.run(cmd, capture_output=True, timeout=limit + min(30.0, max(2.0, limit)))
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = -signal.SIGKILL, e.stdout or b"", e.stderr or b""
    wall = time.monotonic() - start
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), wall


def check(bp, fmt, path, key, timeout, grace, sandbox):
    """Runs one input; returns (verdict, failure reason or None, cmd, wall)."""
    cmd = command(bp, fmt, path, key, timeout, sandbox)
    limit = timeout + grace
    rc, out, err, wall = run_once(cmd, limit)
    if wall > limit:
        rc, out, err, wall = run_once(cmd, limit)  # noisy machine, or a real hang?
        if wall > limit:
            return ("HANG", None), "ran %.1f s, limit %.1f s (twice)" % (wall, limit), cmd, wall
    why = judge(fmt, rc, out, err)
    if why:
        why += "\n--- stdout\n%s--- stderr\n%s" % (out[-2000:], err[-4000:])
    return (verdict_of(fmt, out), reason_of(out)), why, cmd, wall


def make_sandbox(work):
    """A directory in which a mutated task file finds what the original found:
    its programs next to it and the properties at ../../properties."""
    box = os.path.join(work, "sandbox")
    reg = os.path.join(box, "tests/regression")
    os.makedirs(reg)
    os.symlink(os.path.join(ROOT, "properties"), os.path.join(box, "properties"))
    for f in os.listdir(os.path.join(ROOT, "tests/regression")):
        if not f.endswith(".yml"):
            os.symlink(os.path.join(ROOT, "tests/regression", f), os.path.join(reg, f))
    return box


def input_path(sandbox, work, fmt, tag):
    if fmt == "yml":
        return os.path.join(sandbox, "tests/regression", "fuzz-%s.yml" % tag)
    return os.path.join(work, "fuzz-%s.%s" % (tag, fmt))


# ---- self-test of the judge ------------------------------------------------------

FAKE = r'''#!/usr/bin/env python3
import os, sys, time, signal
mode = os.environ["FAKE_MODE"]
if mode == "good":
    print("UNKNOWN\nreason: malformed"); sys.stderr.write("bitprove: error: malformed\n")
elif mode == "segv":
    print("UNKNOWN"); sys.stdout.flush(); os.kill(os.getpid(), signal.SIGSEGV)
elif mode == "asan":
    print("TRUE"); sys.stderr.write("bitprove: error: x\n==1==ERROR: AddressSanitizer: heap-buffer-overflow\n")
elif mode == "ubsan":
    print("TRUE"); sys.stderr.write("src/x.c:3:5: runtime error: signed integer overflow\n")
elif mode == "multiline":
    print("UNKNOWN"); sys.stderr.write("bitprove: error: first\n  second line\n")
elif mode == "noverdict":
    print("checking...")
elif mode == "exit":
    print("UNKNOWN"); sys.exit(3)
elif mode == "hang":
    time.sleep(30)
'''


def self_test(work):
    """The judge must reject each way of misbehaving and accept a good run."""
    fake = os.path.join(work, "fake-bitprove")
    with open(fake, "w") as f:
        f.write(FAKE)
    os.chmod(fake, 0o755)
    target = os.path.join(work, "x.c")
    open(target, "w").close()
    failures = 0
    for mode, want in [("good", None), ("segv", "signal"), ("asan", "sanitizer"), ("ubsan", "sanitizer"),
                       ("multiline", "one-line"), ("noverdict", "no verdict"), ("exit", "exit status"),
                       ("hang", "twice")]:
        os.environ["FAKE_MODE"] = mode
        _, why, _, _ = check(fake, "c", target, 0, 0.5, 0.5, work)
        got = why.split("\n")[0] if why else None
        good = (got is None) if want is None else (got is not None and want in got)
        print("%-10s %-5s %s" % (mode, "ok" if good else "WRONG", got))
        failures += not good
    del os.environ["FAKE_MODE"]
    print("self-test: %d of 8 behaviours judged right" % (8 - failures))
    return 1 if failures else 0


# ---- main ----------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bitprove", default=os.path.join(ROOT, "build-asan/bitprove"),
                    help="binary to fuzz (default: build-asan/bitprove, where a sanitizer sees the most)")
    ap.add_argument("--count", type=int, default=3500, help="number of mutants (default 3500)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, help="only mutant INDEX (to reproduce a failure)")
    ap.add_argument("--formats", default=",".join(FORMATS), help="comma-separated subset of " + ",".join(FORMATS))
    ap.add_argument("--timeout", type=float, default=2.0, help="bitprove's --timeout per input (default 2)")
    ap.add_argument("--grace", type=float, help="seconds a run may overrun --timeout (default 5 + T/2)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--failures", default="fuzz-failures", help="directory for failing inputs")
    ap.add_argument("--self-test", action="store_true", help="check the judge against a misbehaving fake")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line for every input")
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="bitprove-fuzz-")
    try:
        if a.self_test:
            return self_test(work)
        bp = os.path.abspath(a.bitprove)
        if not os.access(bp, os.X_OK):
            sys.exit("fuzz: no bitprove at %s (build it, or give --bitprove)" % bp)
        formats = a.formats.split(",")
        for f in formats:
            if f not in FORMATS:
                sys.exit("fuzz: unknown format %r" % f)
        grace = a.grace if a.grace is not None else 5 + a.timeout / 2
        t0 = time.monotonic()
        corpus = build_corpus(bp, work, a.jobs)
        sandbox = make_sandbox(work)
        print("fuzz: %s, seed %d, %d mutants, --timeout %g (+%g s grace), -j %d; corpus %s" % (
            bp, a.seed, a.count, a.timeout, grace, a.jobs,
            ", ".join("%s %d" % (f, len(corpus[f])) for f in formats)), flush=True)

        jobs = []  # (label, fmt, data, key)
        crash_dir = os.path.join(HERE, "crashers")
        if a.index is None and os.path.isdir(crash_dir):
            for f in sorted(os.listdir(crash_dir)):
                fmt = f.rsplit(".", 1)[-1]
                if fmt in formats:
                    jobs.append(("crasher %s" % f, fmt, read(os.path.join(crash_dir, f)), f))
        indices = [a.index] if a.index is not None else range(a.count)
        for i in indices:
            fmt = formats[i % len(formats)]
            name, data, edits = mutate(a.seed, i, fmt, corpus)
            jobs.append(("mutant %d of %s (%s)" % (i, name, "+".join(edits)), fmt, data, "%d/%d" % (a.seed, i)))

        counts = {f: {} for f in formats}
        reasons = {}
        failed = []
        done = [0]

        def one(n_job):
            n, (label, fmt, data, key) = n_job
            path = input_path(sandbox, work, fmt, n)
            with open(path, "wb") as f:
                f.write(data)
            verdict, why, cmd, wall = check(bp, fmt, path, key, a.timeout, grace, sandbox)
            return n, label, fmt, data, verdict, why, cmd, wall, path

        with ThreadPoolExecutor(a.jobs) as pool:
            for n, label, fmt, data, (verdict, reason), why, cmd, wall, path in pool.map(one, enumerate(jobs)):
                done[0] += 1
                if reason:
                    reasons[reason] = reasons.get(reason, 0) + 1
                counts[fmt][verdict] = counts[fmt].get(verdict, 0) + 1
                if why:
                    os.makedirs(a.failures, exist_ok=True)
                    keep = os.path.join(a.failures, "%d.%s" % (n, fmt))
                    with open(keep, "wb") as f:
                        f.write(data)
                    with open(keep + ".why", "w") as f:
                        f.write("%s\n%s\n%s\n" % (label, " ".join(cmd), why))
                    failed.append((label, fmt, keep, why.split("\n")[0]))
                    print("FAIL %s [%s]: %s (input kept in %s)" % (label, fmt, why.split("\n")[0], keep),
                          flush=True)
                elif a.verbose:
                    print("ok   %s [%s]: %s in %.1f s" % (label, fmt, verdict, wall), flush=True)
                if os.path.exists(path):
                    os.unlink(path)
                if done[0] % 250 == 0:
                    print("fuzz: %d of %d inputs, %d failed, %.0f s" % (
                        done[0], len(jobs), len(failed), time.monotonic() - t0), flush=True)

        print("\nverdicts per format:")
        names = ["TRUE", "FALSE", "UNKNOWN", "YES", "NO", "MAYBE", "HANG", "?"]
        for f in formats:
            c = counts[f]
            print("  %-5s %5d inputs: %s" % (f, sum(c.values()),
                                             ", ".join("%s %d" % (k, c[k]) for k in names if c.get(k))))
        print("most frequent reasons of UNKNOWN: " +
              ", ".join("%s %d" % kv for kv in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]))
        print("fuzz: %d inputs, %d failed (%d crashers replayed), %.0f s" % (
            len(jobs), len(failed), sum(1 for j in jobs if j[0].startswith("crasher")), time.monotonic() - t0))
        for label, fmt, keep, why in failed:
            print("  FAIL %s [%s]: %s -> %s" % (label, fmt, why, keep))
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
