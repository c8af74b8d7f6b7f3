#!/usr/bin/env python3
"""Differential test: bitprove's concrete interpreter against native execution.

Every program is preprocessed once with `clang-14 -E` into a `.i`; that same
`.i` is compiled natively (`clang-14 -O0 -w`) and run, and given to
`bitprove run --data-model LP64 --timeout SEC`.  Both must agree on the exit
status (bitprove reports it as `run: exit N` on stderr) and on stdout, byte
for byte.  Feeding the `.i` to both sides means no header can differ between
them and bitprove needs no include path (csmith.h lives outside the default
one).

Programs: the hand-written ones in programs/*.c, and csmith programs made
with fixed seeds 1, 2, ... and options that keep them small, UB-free and free
of floating point and volatiles.  Seeds whose native run times out or crashes
are skipped (counted, never failures) and the next seeds are taken, so the
requested number of programs is always compared.  Generated programs and
native results are cached (next to the bitprove binary, or in /tmp).

Outcomes per program: passed; FAIL (different exit status or stdout, a UB
report, no `run:` line, bitprove crashed or hung); SKIP (native timeout or
crash); UNSUPPORTED (`run: unsupported: ...`); OUT-OF-STEPS (`run: out of
steps` or `run: timeout`).  The test fails on any FAIL, and also when more
than 10% of the compared programs are UNSUPPORTED or OUT-OF-STEPS, so it
cannot pass vacuously.  The last line is `N passed, N failed`.

    run.py                      CI sample: 30 csmith programs + programs/*.c
    run.py --full               200 csmith programs + programs/*.c
    run.py --count 500 -j 2     any number
    run.py --only 'seed-17$'    one program (names: own/<file>, csmith/seed-<N>)

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import sys
import time

from csmith_programs import Program, add_common_args, count_of, run_cmd, tail, toolchain_from_args

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROGRAMS_DIR = os.path.join(HERE, 'programs')

SAMPLE_COUNT = 30
FULL_COUNT = 200
INCONCLUSIVE_LIMIT = 0.10   # max share of unsupported + out-of-steps programs

# csmith 2.3: small programs (few functions, shallow blocks, short arrays),
# no floating point, no volatiles (their semantics is not what we test), no
# argc/argv (main(void): the checksum line is the only output), no packed
# structs (#pragma pack(1) bit-field structs make clang load the bit-field
# storage as i72/i80, which bitprove does not support: about 9% of the
# programs; programs/packed.c keeps that case covered).  Bit-fields, unions,
# pointers, 64-bit math stay on.
CSMITH_OPTIONS = ['--no-argc', '--no-float', '--no-volatiles', '--no-volatile-pointers', '--no-packed-struct',
                  '--max-funcs', '5', '--max-block-depth', '3', '--max-array-dim', '2',
                  '--max-array-len-per-dim', '5', '--max-expr-complexity', '6',
                  '--concise', '--quiet']

# csmith with floating point (float and double variables, its safe_*_func_float
# wrappers): the same options with --float; a smaller sample.
CSMITH_FLOAT_OPTIONS = [o if o != '--no-float' else '--float' for o in CSMITH_OPTIONS]
FLOAT_SAMPLE_COUNT = 10
FLOAT_FULL_COUNT = 60

BITPROVE_MEMORY = 4 << 30          # bytes, bitprove run


RUN_LINE = re.compile(r'^run: (.*)$')
NOT_OUTCOME = ('warning:', 'leak ', 'nondet values', 'steps ')


def compare(prog, args):
    """Run bitprove on the .i and compare with the native result."""
    argv = [args.bitprove, 'run', '--data-model', 'LP64', '--timeout', '%g' % args.timeout] \
        + args.extra + [prog.i_path]
    p = run_cmd(argv, args.timeout * 2 + 10, memory=args.memory << 20 if args.memory else None)
    repro = ' '.join(argv)
    if p.timed_out:
        return 'fail', 'bitprove did not stop: killed after %.0f s (%s)' % (p.wall, repro)
    if p.signal is not None:
        return 'fail', 'bitprove killed by signal %d: %s (%s)' % (p.signal, tail(p.stderr), repro)
    # stderr: `run: warning: ...` lines, the outcome line, then `run: leak ...`,
    # `run: nondet values ...`, `run: steps ...` lines.
    run_lines = [m.group(1) for m in map(RUN_LINE.match, p.stderr.decode(errors='replace').splitlines()) if m]
    outcome = [l for l in run_lines if not l.startswith(NOT_OUTCOME)]
    if p.rc != 0:
        return 'fail', 'bitprove exit status %d: %s (%s)' % (p.rc, tail(p.stderr), repro)
    if not outcome:
        if re.search(rb'(^|\n)UNKNOWN\nreason: timeout', p.stdout):
            return 'steps', 'bitprove timeout (%g s)' % args.timeout
        return 'fail', 'no "run:" outcome line on stderr: %s (%s)' % (tail(p.stderr) or 'empty', repro)
    report = outcome[0]
    if report.startswith('unsupported'):
        return 'unsupported', 'run: ' + report
    if report.startswith('out of steps') or report.startswith('timeout'):
        return 'steps', 'run: ' + report
    m = re.match(r'^exit (-?\d+)\b', report)
    if not m:
        return 'fail', 'run: %s (native: exit %d)%s (%s)' % (report, prog.native['rc'], _hints(run_lines), repro)
    code = int(m.group(1)) & 0xff
    problems = []
    if code != prog.native['rc']:
        problems.append('exit status: native %d, bitprove %d' % (prog.native['rc'], code))
    if p.stdout != prog.native_stdout:
        problems.append(_first_difference(prog.native_stdout, p.stdout))
    if problems:
        return 'fail', '; '.join(problems) + _hints(run_lines) + ' (%s)' % repro
    return 'pass', ''


def _hints(run_lines):
    """What bitprove said that may explain a mismatch: a deterministic
    program should draw no nondet values, and unsupported constructs should
    stop the run when they are reached."""
    hints = []
    for l in run_lines:
        m = re.match(r'^nondet values \((\d+)\)', l)
        if m and int(m.group(1)) > 0:
            hints.append('drew %s nondet values' % m.group(1))
    constructs = sorted({re.sub(r' at \S+$', '', l[len('warning: unsupported construct: '):])
                         for l in run_lines if l.startswith('warning: unsupported construct: ')})
    if constructs:
        hints.append('unsupported constructs: ' + ', '.join(constructs))
    return ' [bitprove %s]' % '; '.join(hints) if hints else ''


def _first_difference(native, ours):
    a = native.decode(errors='replace').splitlines(keepends=True)
    b = ours.decode(errors='replace').splitlines(keepends=True)
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else '<end of output>'
        y = b[i] if i < len(b) else '<end of output>'
        if x != y:
            return 'stdout differs at line %d: native %r, bitprove %r' % (i + 1, x[:120], y[:120])
    return 'stdout differs (%d vs %d bytes)' % (len(native), len(ours))


# ---------------------------------------------------------------------------
# main

def parse_args(argv):
    ap = argparse.ArgumentParser(description='Differential test of bitprove run against native execution.')
    add_common_args(ap, SAMPLE_COUNT, FULL_COUNT, os.path.join(REPO, 'build', 'bitprove'))
    ap.add_argument('--timeout', type=float, default=60, help='bitprove run --timeout (default 60)')
    ap.add_argument('--memory', type=int, default=BITPROVE_MEMORY >> 20,
                    help='address-space limit of bitprove run in MB, 0 for none (sanitizer builds: '
                         'ASan reserves terabytes of address space) (default: %(default)s)')
    ap.add_argument('--no-own', action='store_true', help='skip programs/*.c')
    ap.add_argument('--float-count', type=int,
                    help='number of csmith --float programs (default: %d, --full: %d)'
                         % (FLOAT_SAMPLE_COUNT, FLOAT_FULL_COUNT))
    ap.add_argument('--extra', action='append', default=[], metavar='ARG', help='extra argument for bitprove run')
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    count = count_of(args, SAMPLE_COUNT, FULL_COUNT)
    float_count = args.float_count if args.float_count is not None else \
        (0 if args.count is not None else FLOAT_FULL_COUNT if args.full else FLOAT_SAMPLE_COUNT)
    tools = toolchain_from_args(args, CSMITH_OPTIONS, 'differential', need_csmith=count > 0)
    if not tools:
        return 1
    float_tools = toolchain_from_args(args, CSMITH_FLOAT_OPTIONS, 'differential',
                                      need_csmith=True) if float_count > 0 else None
    if float_count > 0 and not float_tools:
        return 1
    only = re.compile(args.only) if args.only else None
    start = time.monotonic()

    programs = []
    if not args.no_own:
        for src in sorted(glob.glob(os.path.join(PROGRAMS_DIR, '*.c'))):
            name = 'own/' + os.path.basename(src)
            if not only or only.search(name):
                programs.append(Program(name, 'own', source=src))

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    skipped = []
    # Native preparation: own programs, then csmith seeds in order until
    # `count` seeds ran natively (seeds that time out or crash are skipped).
    prepared = list(pool.map(tools.prepare, programs))
    csmith_ok, not_ok = tools.select_csmith(pool, count, args.jobs, only)
    prepared += not_ok
    float_ok = []
    if float_tools:
        float_ok, float_not_ok = float_tools.select_csmith(pool, float_count, args.jobs, only, kind='csmith-float')
        prepared += float_not_ok
        csmith_ok += float_ok
    selected = [p for p in prepared if p.native['status'] == 'ok'] + csmith_ok
    for p in prepared:
        if p.native['status'] != 'ok':
            p.outcome = 'fail' if p.native['status'] == 'error' else 'skip'
            p.detail = p.native['detail']
            skipped.append(p)
    prep_time = time.monotonic() - start

    def work(p):
        p.outcome, p.detail = compare(p, args)
        return p

    done = []
    for p in pool.map(work, selected):
        done.append(p)
        if p.outcome != 'pass' or args.verbose:
            print('%-12s %s: %s' % (p.outcome.upper().replace('STEPS', 'OUT-OF-STEPS'), p.name,
                                    p.detail or 'ok'), flush=True)
    pool.shutdown()
    for p in skipped:
        print('%-12s %s: %s' % ('FAIL' if p.outcome == 'fail' else 'SKIP', p.name, p.detail), flush=True)

    everything = done + skipped
    n = {k: sum(1 for p in everything if p.outcome == k) for k in ('pass', 'fail', 'skip', 'unsupported', 'steps')}
    compared = len(done)
    inconclusive = n['unsupported'] + n['steps']
    failed = n['fail']
    own_n = sum(1 for p in done if p.kind == 'own')
    print('compared %d programs (%d own, %d csmith%s) in %.0f s (%.0f s preparation); cache: %s'
          % (compared, own_n, compared - own_n,
             '' if len(csmith_ok) - len(float_ok) >= count or only else
             ', only %d of %d csmith programs ran natively' % (len(csmith_ok) - len(float_ok), count),
             time.monotonic() - start, prep_time, tools.cache))
    if compared and inconclusive > INCONCLUSIVE_LIMIT * compared:
        print('FAIL: %d of %d programs (%.0f%%) are unsupported or out of steps; at most %.0f%% may be'
              % (inconclusive, compared, 100.0 * inconclusive / compared, 100 * INCONCLUSIVE_LIMIT))
        failed += 1
    if count > 0 and not only and len(csmith_ok) - len(float_ok) < count:
        print('FAIL: only %d csmith programs ran natively, %d wanted' % (len(csmith_ok) - len(float_ok), count))
        failed += 1
    if float_count > 0 and not only and len(float_ok) < float_count:
        print('FAIL: only %d csmith --float programs ran natively, %d wanted' % (len(float_ok), float_count))
        failed += 1
    if compared == 0:
        print('FAIL: no program compared')
        failed += 1
    print('skipped: %d, unsupported: %d, out of steps: %d' % (n['skip'], n['unsupported'], n['steps']))
    print('%d passed, %d failed' % (n['pass'], failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
