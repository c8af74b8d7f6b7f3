#!/usr/bin/env python3
"""Verification sweep: csmith programs as an oracle for the verifying engines.

csmith programs are free of undefined behaviour by construction, and a
program whose native run ends terminates.  For such a program
`termination`, `valid-memsafety` and `no-overflow` hold, so no engine may
answer FALSE, and every TRUE is right.  Every program whose native run ended
(the same selection as run.py: seeds 1, 2, ..., skipping those whose native
run timed out or crashed) is checked for the three properties with each
engine (`--engine seg`, `direct`, `bmc`, `auto`):

    bitprove --prop P --engine E --timeout SEC --data-model LP64 seed-N.i

A run fails the test when it answers FALSE, crashes, exits non-zero, prints
no verdict, prints a sanitizer report or a failed assertion (run it with the
ASan+UBSan build), or runs past its limit (SEC + a grace for start-up and
shutdown).  TRUE and UNKNOWN pass; the report counts, per engine and
property, how many programs got TRUE: how often bitprove proves small real
code.

Besides seeds 1, 2, ..., the seeds in PINNED_SEEDS always run: programs
that once broke an engine.

    verify.py --bitprove build-asan/bitprove          CI sample (ctest differential/verify-sample)
    verify.py --full                                  300 programs
    verify.py --count 50 --timeout 10 -j 2            any number, any limit
    verify.py --only 'seed-(313|317)$' -v             some programs, a line for each run

Python 3 standard library only.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import sys
import time

from csmith_programs import add_common_args, count_of, run_cmd, tail, toolchain_from_args

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

SAMPLE_COUNT = 3
FULL_COUNT = 300
PROPERTIES = ['termination', 'valid-memsafety', 'no-overflow']
ENGINES = ['seg', 'direct', 'bmc', 'auto']
# csmith 2.3 seeds 313 and 317 with these options made the direct
# translation read past a heap buffer (issue 17).
PINNED_SEEDS = [313, 317]

# The options of issue 17: smaller than run.py's (four functions, expression
# complexity 5), since every program runs twelve times; no floating point,
# volatiles, argc or packed structs, for the reasons given in run.py.
CSMITH_OPTIONS = ['--no-argc', '--no-float', '--no-volatiles', '--no-volatile-pointers', '--no-packed-struct',
                  '--max-funcs', '4', '--max-block-depth', '3', '--max-array-dim', '2',
                  '--max-array-len-per-dim', '5', '--max-expr-complexity', '5',
                  '--concise', '--quiet']

VERDICT = re.compile(r'^(TRUE|FALSE\([a-z-]+\)|UNKNOWN)$')
SANITIZER = re.compile(r'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|'
                       r'Assertion .* failed|Aborted')
# An engine that does not decide a property says so at once (not a failure,
# and not an answer to count).
NOT_DECIDED = re.compile(r'decides termination only|does not decide termination')


class Run:
    def __init__(self, prog, prop, engine):
        self.prog = prog
        self.prop = prop
        self.engine = engine
        self.outcome = None   # 'true', 'unknown', 'n/a', or 'fail'
        self.reason = ''      # UNKNOWN's reason, or what failed
        self.wall = 0.0


def check(run, args):
    argv = [args.bitprove, '--prop', run.prop, '--engine', run.engine, '--timeout', '%g' % args.timeout,
            '--data-model', 'LP64', run.prog.i_path]
    limit = args.timeout + args.grace
    p = run_cmd(argv, 2 * args.timeout + 10, memory=args.memory << 20 if args.memory else None)
    run.wall = p.wall
    repro = ' '.join(argv)
    out = p.stdout.decode(errors='replace').splitlines()
    err = p.stderr.decode(errors='replace')
    sanitizer = SANITIZER.search(err)
    if p.timed_out:
        run.outcome, run.reason = 'fail', 'did not stop: killed after %.0f s (%s)' % (p.wall, repro)
    elif p.signal is not None:
        run.outcome, run.reason = 'fail', 'killed by signal %d: %s (%s)' % (p.signal, tail(p.stderr), repro)
    elif sanitizer:
        line = next(l for l in err.splitlines() if SANITIZER.search(l))
        run.outcome, run.reason = 'fail', 'sanitizer or assertion: %s (%s)' % (line.strip()[:200], repro)
    elif p.rc != 0:
        run.outcome, run.reason = 'fail', 'exit status %d: %s (%s)' % (p.rc, tail(p.stderr), repro)
    elif not out or not VERDICT.match(out[0]):
        run.outcome, run.reason = 'fail', 'no verdict line: %r (%s)' % (out[0][:100] if out else '', repro)
    elif out[0].startswith('FALSE'):
        run.outcome, run.reason = 'fail', '%s for a program whose native run ended: %s (%s)' % (
            out[0], ' | '.join(out[1:4])[:300], repro)
    elif p.wall > limit:
        run.outcome, run.reason = 'fail', 'ran %.1f s, past its limit of %.0f s (%s)' % (p.wall, limit, repro)
    elif out[0] == 'TRUE':
        run.outcome = 'true'
    else:
        reason = next((l[len('reason: '):] for l in out[1:] if l.startswith('reason: ')), '')
        run.outcome = 'n/a' if NOT_DECIDED.search(reason) else 'unknown'
        run.reason = reason
    return run


def reason_class(reason):
    """A short class of an UNKNOWN's reason, for the summary."""
    r = reason.lower()
    for key, name in (('timeout', 'timeout'), ('unsupported', 'unsupported'), ('incomplete', 'graph incomplete'),
                      ('no termination proof', 'no proof'), ('bound', 'bmc bound'), ('memory', 'memory')):
        if key in r:
            return name
    return re.sub(r'[:(].*', '', reason)[:40] or 'no reason'


def report(runs, programs, args, wall):
    print('\nTRUE per engine and property (programs: %d; a dash: the engine does not decide it)' % len(programs))
    header = ['engine'] + args.properties
    rows = []
    for e in args.engines:
        row = [e]
        for prop in args.properties:
            cell = [r for r in runs if r.engine == e and r.prop == prop]
            if cell and all(r.outcome == 'n/a' for r in cell):
                row.append('-')
            else:
                row.append('%d/%d' % (sum(r.outcome == 'true' for r in cell), len(cell)))
        rows.append(row)
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    for row in [header] + rows:
        print('  ' + '  '.join(str(x).ljust(w) for x, w in zip(row, widths)))
    reasons = collections.Counter(reason_class(r.reason) for r in runs if r.outcome == 'unknown')
    print('UNKNOWN reasons: %s' % (', '.join('%s %d' % kv for kv in reasons.most_common()) or 'none'))
    walls = sorted(r.wall for r in runs)
    if walls:
        print('runs: %d in %.0f s; run time median %.1f s, max %.1f s'
              % (len(runs), wall, walls[len(walls) // 2], walls[-1]))


def parse_args(argv):
    ap = argparse.ArgumentParser(description='Verification sweep of bitprove over csmith programs.')
    add_common_args(ap, SAMPLE_COUNT, FULL_COUNT, os.path.join(REPO, 'build-asan', 'bitprove'))
    ap.add_argument('--timeout', type=float, default=3, help='bitprove --timeout per run (default 3)')
    ap.add_argument('--grace', type=float, default=None,
                    help='seconds a run may take beyond --timeout before it fails (default: 5 + timeout/2)')
    ap.add_argument('--memory', type=int, default=0,
                    help='address-space limit of bitprove in MB, 0 for none (ASan reserves terabytes) (default 0)')
    ap.add_argument('--engines', default=','.join(ENGINES), help='comma-separated (default: all)')
    ap.add_argument('--properties', default=','.join(PROPERTIES), help='comma-separated (default: all)')
    args = ap.parse_args(argv)
    args.engines = [e for e in args.engines.split(',') if e]
    args.properties = [p for p in args.properties.split(',') if p]
    if args.grace is None:
        args.grace = 5 + args.timeout / 2
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    count = count_of(args, SAMPLE_COUNT, FULL_COUNT)
    tools = toolchain_from_args(args, CSMITH_OPTIONS, 'verify')
    if not tools:
        return 1
    only = re.compile(args.only) if args.only else None
    start = time.monotonic()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    programs, others = tools.select_csmith(pool, count, args.jobs, only, extra_seeds=PINNED_SEEDS)
    failed = 0
    for p in others:
        if p.native['status'] == 'error':
            print('FAIL    %s: %s' % (p.name, p.native['detail']))
            failed += 1
    print('%d csmith programs whose native run ended (%d skipped: native timeout or crash); preparation %.0f s'
          % (len(programs), sum(p.native['status'] != 'error' for p in others), time.monotonic() - start),
          flush=True)
    runs = [Run(p, prop, e) for p in programs for prop in args.properties for e in args.engines]
    done = []
    step = max(1, len(runs) // 10)
    for r in pool.map(lambda r: check(r, args), runs):
        done.append(r)
        if r.outcome == 'fail' or args.verbose:
            print('%-7s %s %s --engine %s: %s (%.1f s)' % (r.outcome.upper(), r.prog.name, r.prop, r.engine,
                                                          r.reason or 'ok', r.wall), flush=True)
        elif len(done) % step == 0 and len(runs) >= 100:
            print('progress: %d of %d runs, %d failed, %.0f s' % (len(done), len(runs),
                  sum(x.outcome == 'fail' for x in done), time.monotonic() - start), flush=True)
    pool.shutdown()
    report(done, programs, args, time.monotonic() - start)
    n_fail = sum(r.outcome == 'fail' for r in done)
    failed += n_fail
    seeds = {p.seed for p in programs}
    if count > 0 and not only and (len(seeds - set(PINNED_SEEDS)) < count - len(set(PINNED_SEEDS) & seeds)
                                   or not set(PINNED_SEEDS) <= seeds):
        print('FAIL: fewer csmith programs ran natively than requested (%d, and the pinned seeds %s)'
              % (count, ', '.join(map(str, PINNED_SEEDS))))
        failed += 1
    if not done:
        print('FAIL: nothing ran')
        failed += 1
    print('%d passed, %d failed' % (len(done) - n_fail, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
