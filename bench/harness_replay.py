#!/usr/bin/env python3
"""Native replay of bitprove's FALSE answers on SV-COMP tasks (--harness).

For every selected task property whose expected verdict is false (default:
unreach-call, valid-memsafety, no-overflow, valid-memcleanup; termination
has no harness), it runs

    bitprove task --property P --timeout T --harness H.c TASK.yml

and, when the answer is FALSE, builds the program with H.c by the command in
H.c's first comment (clang -fsanitize=address,undefined -g [-m32] PROGRAM H.c),
runs the result natively with a time limit and decides whether the run shows
the violation: reach_error's message (or ASan's report of its abort()) and a
non-zero status (unreach-call), an AddressSanitizer report of the right kind
(valid-deref, valid-free), a LeakSanitizer report of a block the program
allocated (valid-memcleanup) that shows, for valid-memtrack, every allocation
site of the blocks the interpreter lost (bitprove's `run: leak valid-memtrack`
line), or a UBSan overflow report (no-overflow). What counts is
tests/harness/check_harness.py's `shows()`, the same rule as the ctest.

It prints one table per (sub)property and data model: FALSE answers, harnesses
written, built, reproduced, and the share reproduced; then every FALSE that did
not reproduce, with the last lines of its native run, and the overall share.

    bench/harness_replay.py                      # every dev SV-COMP task, 20 s per bitprove run, -j 2
    bench/harness_replay.py --sample 2 -j 2      # every 2nd task of each folder
    bench/harness_replay.py --filter ldv-memsafety --out /tmp/hr

Files (bitprove's output, the harness, the native run's output) go to --out
(default bench/results/harness-<timestamp>/). Exit status 0, or 1 with
--min-share S when some property and data model reproduces below S percent.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import signal
import subprocess
import sys

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(SCRIPT_DIR)
sys.path.insert(0, SCRIPT_DIR)
sys.path.insert(0, os.path.join(REPO_DIR, 'tests', 'harness'))

import run  # noqa: E402  (bench/run.py: tasks, sampling, limits, verdicts)
from check_harness import lost_sites, shows, SANITIZER_ENV  # noqa: E402  (what "reproduced" means)

DEFAULT_PROPERTIES = 'unreach-call,valid-memsafety,no-overflow,valid-memcleanup'
COMMAND_RE = re.compile(r'^ \*   (clang\S* .*?) && \./a\.out$', re.M)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('folders', nargs='*', metavar='FOLDER',
                    help='benchmark root, task folders or .yml files (default: %s)' % run.DEFAULT_BENCHMARKS)
    ap.add_argument('--bitprove', default=run.DEFAULT_BITPROVE, help='bitprove binary (default: %(default)s)')
    ap.add_argument('--timeout', type=float, default=20, help='CPU seconds per bitprove run (default: %(default)s)')
    ap.add_argument('--run-timeout', type=float, default=30,
                    help='wall seconds for one native run of program + harness (default: %(default)s)')
    ap.add_argument('--memory', type=int, default=4000, help='MB per bitprove run (default: %(default)s)')
    ap.add_argument('-j', type=int, default=2, dest='jobs', help='parallel runs (default: %(default)s)')
    ap.add_argument('--sample', type=int, metavar='N', help='only every N-th task of each folder, in name order')
    ap.add_argument('--filter', help='only tasks whose "folder/name" matches this regex')
    ap.add_argument('--limit', type=int, help='only the first N tasks (after --filter and --sample)')
    ap.add_argument('--properties', default=DEFAULT_PROPERTIES,
                    help='comma-separated property names (default: %(default)s)')
    ap.add_argument('--clang', default='clang',
                    help='compiler that replaces the `clang` of the harness\'s command (default: %(default)s)')
    ap.add_argument('--out', help='output folder (default: bench/results/harness-<timestamp>/)')
    ap.add_argument('--min-share', type=float, metavar='PERCENT',
                    help='exit 1 if some property and data model reproduces below this share')
    ap.add_argument('-q', '--quiet', action='store_true', help='no line per finished task')
    return ap.parse_args(argv)


def _run(argv, cwd, timeout, env=None):
    """(exit status or -signal, output) of argv in its own process group,
    killed after timeout wall seconds (status None)."""
    try:
        p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, start_new_session=True)
    except OSError as e:
        return 127, str(e)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode('utf-8', errors='replace')
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, _ = p.communicate()
        return None, out.decode('utf-8', errors='replace') + '\n[killed after %g s]' % timeout


def harness_command(path):
    """The build command of the harness's first comment, as an argv."""
    with open(path, errors='replace') as f:
        head = f.read(8192)
    end = head.find('*/')
    m = COMMAND_RE.search(head[:end if end >= 0 else len(head)])
    return shlex.split(m.group(1)) if m else None


def replay(case, args, env):
    """Builds and runs one FALSE answer's harness; fills case['result'],
    case['detail']."""
    work, h = case['work'], case['harness']
    cmd = harness_command(h)
    if not cmd:
        case['result'], case['detail'] = 'no-command', 'no build command in the first comment'
        return case
    cmd[0] = args.clang if cmd[0] == 'clang' else cmd[0]
    rc, out = _run(cmd + ['-w'], work, 300)
    with open(os.path.join(work, 'build.log'), 'w') as f:
        f.write(' '.join(shlex.quote(a) for a in cmd) + '\n' + out)
    if rc != 0:
        case['result'] = 'build-failed'
        case['detail'] = ' | '.join(l for l in out.strip().splitlines() if 'error' in l)[:300] or out[-300:]
        return case
    rc, out = _run([os.path.join(work, 'a.out')], work, args.run_timeout, env)
    with open(os.path.join(work, 'native.log'), 'w') as f:
        f.write('exit: %s\n%s' % (rc, out))
    evidence = shows(case['sub'], rc if rc is not None else -1, out, case['program'], case['lost'])
    if evidence:
        case['result'], case['detail'] = 'reproduced', evidence
    else:
        case['result'] = 'timeout' if rc is None else 'not-shown'
        tail = [l for l in out.strip().splitlines() if l.strip()][-3:]
        case['detail'] = 'exit %s: %s' % (rc, ' | '.join(tail)[:400])
    case['exit'] = rc
    return case


def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for k, r in enumerate(rows):
        lines.append('  '.join((str(c).ljust(w) if i == 0 else str(c).rjust(w)) for i, (c, w) in
                               enumerate(zip(r, widths))))
        if k == 0:
            lines.append('  '.join('-' * w for w in widths))
    return '\n'.join(lines)


def share(n, d):
    return '%.1f%%' % (100.0 * n / d) if d else '-'


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    prepared = run.prepare_output(args.bitprove, args.out, 'harness', 'harness_replay.py')
    if not prepared:
        return 2
    out_dir, bitprove = prepared
    tasks = run.select_tasks(args.folders or [run.DEFAULT_BENCHMARKS], args, 'harness_replay.py')
    wanted = [p.strip() for p in args.properties.split(',') if p.strip()]
    jobs = []
    for t in tasks:
        for p in t.properties:
            if p.name not in wanted or p.expected != 'false':
                continue
            work = os.path.join(out_dir, t.folder, '%s.%s' % (t.name, p.name))
            os.makedirs(work, exist_ok=True)
            h = os.path.join(work, 'h.c')
            if os.path.exists(h):
                os.unlink(h)
            argv = [bitprove, 'task', '--property', p.name, '--timeout', '%g' % args.timeout,
                    '--harness', h, t.yml]
            jobs.append(run.Job({'task': t, 'prop': p, 'work': work, 'harness': h},
                                argv, os.path.join(work, 'bitprove.log')))
    limits = run.Limits(args.timeout, args.memory)
    print('harness_replay: %d task properties expected false in %d task files; bitprove %g s, -j %d; output %s'
          % (len(jobs), len(tasks), args.timeout, args.jobs, out_dir), file=sys.stderr, flush=True)

    cases, to_replay = [], []
    env = {k: v for k, v in os.environ.items() if k not in SANITIZER_ENV}

    def note(c):
        if not args.quiet:
            print('[%d/%d] %s %s: %s %s' % (len(cases), len(jobs), c['ident'], c['key'], c['result'],
                                           c['detail'][:160]), file=sys.stderr, flush=True)

    def done(job):
        run.write_log(job)
        c = dict(job.key)
        t, p = c['task'], c['prop']
        verdict, sub, reason = run.parse_verdict(job.stdout)
        c.update(ident=t.ident, model=t.data_model, program=t.programs[0], verdict=verdict, exit=None,
                 lost=lost_sites(job.stdout),
                 sub=sub or (p.name if p.name != 'valid-memsafety' else None),
                 key='%s%s' % (p.name, '/' + p.subproperty if p.subproperty else ''))
        if verdict != 'FALSE':
            c['result'], c['detail'] = 'no-false', verdict or reason or 'no verdict'
        elif not os.path.exists(c['harness']):
            c['result'], c['detail'] = 'no-harness', (job.stderr.strip().splitlines() or ['?'])[-1]
        else:
            to_replay.append(c)
            return
        cases.append(c)
        note(c)

    # first every bitprove run, then every native build and run: -j N processes at a time in both
    if run.run_all(jobs, args.jobs, limits, out_dir, done):
        return 130
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for c in pool.map(lambda c: replay(c, args, env), to_replay):
            cases.append(c)
            note(c)
    cases.sort(key=lambda c: (c['key'], c['model'], c['ident']))

    lines = []
    by = collections.OrderedDict()
    for c in cases:
        if c['result'] == 'no-false':
            continue
        by.setdefault((c['key'], c['model']), []).append(c)
    rows = [['property', 'model', 'FALSE', 'harness', 'built', 'reproduced', 'share']]
    tot = collections.Counter()
    below = []
    for (key, model), cs in by.items():
        n = len(cs)
        h = sum(c['result'] not in ('no-harness',) for c in cs)
        b = sum(c['result'] in ('reproduced', 'not-shown', 'timeout') for c in cs)
        r = sum(c['result'] == 'reproduced' for c in cs)
        rows.append([key, model, n, h, b, r, share(r, n)])
        tot.update(n=n, h=h, b=b, r=r)
        if args.min_share is not None and 100.0 * r / n < args.min_share:
            below.append('%s %s' % (key, model))
    rows.append(['all', '', tot['n'], tot['h'], tot['b'], tot['r'], share(tot['r'], tot['n'])])
    answered = collections.Counter(c['verdict'] or 'none' for c in cases)
    lines.append('bitprove answers on %d task properties expected false: %s'
                 % (len(cases), ', '.join('%s %d' % kv for kv in sorted(answered.items()))))
    lines.append('')
    lines.append(table(rows))
    bad = [c for c in cases if c['result'] not in ('reproduced', 'no-false')]
    if bad:
        lines.append('\nFALSE answers whose harness does not reproduce the violation:')
        for c in bad:
            lines.append('  %s %s (%s): %s: %s' % (c['ident'], c['key'], c['model'], c['result'], c['detail']))
    lines.append('\nSUMMARY: %d of %d FALSE answers reproduced natively (%s)'
                 % (tot['r'], tot['n'], share(tot['r'], tot['n'])))
    text = '\n'.join(lines)
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    if below:
        print('below %g%%: %s' % (args.min_share, ', '.join(below)))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
