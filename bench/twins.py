#!/usr/bin/env python3
"""Time to a verdict on the regression twins of the kinds issue 40 asks for.

For each task of the selected regression twins (tests/regression: a ring
buffer with memcpy of nondeterministic length and fields as divisors, tables
of function pointers, C11 atomics, a string function) and each engine
setting, it runs

    bitprove task [--engine E] --timeout T TASK.yml

--repeat times and prints, per task and setting, the verdict (the same on
every run, else "differs"), whether it is the expected one, and the median
and largest user + system CPU seconds of the runs (from wait4(): bitprove
and the clang it runs). CPU time, not wall time: this machine's wall clock
depends on what else runs. The goal is a verdict within 5 s per task.

    bench/twins.py                      # the default tasks, 3 runs each
    bench/twins.py --filter ringbuf --repeat 5
    bench/twins.py --bitprove /path/to/other/bitprove

Python 3 standard library only.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(SCRIPT_DIR)
REGRESSION = os.path.join(REPO_DIR, 'tests', 'regression')
# (task, engines): 'auto' is what a user gets; 'bmc' where bounded model
# checking alone is meant to decide the task (its memory encoding)
DEFAULT_TASKS = [('ringbuf-memcpy-safe', 'auto,bmc'), ('ringbuf-memcpy-unsafe', 'auto,bmc'),
                 ('fnptr-table-safe', 'auto'), ('fnptr-table-unsafe', 'auto'),
                 ('fnptr-hooks-safe', 'auto'), ('fnptr-hooks-unsafe', 'auto'),
                 ('atomics-counter-safe', 'auto'), ('atomics-counter-unsafe', 'auto'),
                 ('atomics-index-safe', 'auto'), ('atomics-index-unsafe', 'auto'),
                 ('strcopy-bounded-safe', 'auto'), ('strcopy-bounded-unsafe', 'auto')]
GOAL_S = 5.0


def expected(task):
    """(property, expected verdict line) from the task's `// VERDICT:` header."""
    with open(os.path.join(REGRESSION, task + '.c'), encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'// VERDICT: (.*)$', line.rstrip('\n'))
            if m:
                want = m.group(1)
                if ' for ' in want:
                    verdict, prop = want.split(' for ', 1)
                    return prop, verdict
                return want[len('FALSE('):-1], want
    return None, None


def run_once(bitprove, task, prop, engine, timeout):
    cmd = [bitprove, 'task', '--property', prop, '--timeout', str(timeout), '--no-progress']
    if engine != 'auto':
        cmd += ['--engine', engine]
    cmd.append(os.path.join(REGRESSION, task + '.yml'))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out, _ = p.communicate()
    return (out.splitlines() or [''])[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bitprove', default=os.path.join(REPO_DIR, 'build', 'bitprove'))
    ap.add_argument('--engines', help='comma-separated --engine values for every task (default: per task)')
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--timeout', type=int, default=60)
    ap.add_argument('--filter', help='only tasks whose name matches this regex')
    args = ap.parse_args(argv)
    tasks = [t for t in DEFAULT_TASKS if not args.filter or re.search(args.filter, t[0])]
    rows = []
    for task, engines in tasks:
        prop, want = expected(task)
        if not prop:
            print(f'{task}: no // VERDICT: line', file=sys.stderr)
            continue
        for engine in (args.engines or engines).split(','):
            verdicts, cpu = set(), []
            for _ in range(args.repeat):
                before = os.times()
                verdicts.add(run_once(args.bitprove, task, prop, engine, args.timeout))
                after = os.times()
                cpu.append((after.children_user - before.children_user) + (after.children_system - before.children_system))
            verdict = verdicts.pop() if len(verdicts) == 1 else 'differs'
            rows.append((task, engine, verdict, 'yes' if verdict == want else 'no', statistics.median(cpu), max(cpu)))
            print(f'{task:28} {engine:5} {verdict:24} expected: {rows[-1][3]:3}  cpu median {rows[-1][4]:6.2f} s'
                  f'  max {rows[-1][5]:6.2f} s', flush=True)
    decided = [r for r in rows if r[3] == 'yes']
    fast = [r for r in decided if r[4] <= GOAL_S]
    print(f'\n{len(decided)} of {len(rows)} task/engine pairs give the expected verdict; '
          f'{len(fast)} of them within {GOAL_S:g} s CPU (median of {args.repeat})')
    return 0 if len(decided) == len(rows) else 1


if __name__ == '__main__':
    sys.exit(main())
