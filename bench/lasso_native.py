#!/usr/bin/env python3
"""Replays a FALSE(termination) lasso of bitprove natively.

    lasso_native.py [--bitprove B] [--iterations N] TASK.yml

Runs `bitprove task TASK.yml --property termination`, reads the lasso's
nondet values from its answer (the `stem:` and `cycle:` lines), compiles the
task's program natively with clang, with every __VERIFIER_nondet_* function
answering the stem's values and then the cycle's, over and over, and runs it.
The program must still be running after N passes of the cycle (default
1,000,000): it then prints `REPRODUCED` and exits 0. Symbols the program
declares but no file defines (the Linux kernel's functions and data) are
defined as zero-filled data: a run that calls one of them crashes and is
reported NOT REPRODUCED, so a run that reaches inline asm of the kernel
(which faults in user space) or a function without a body does not count.

For a task whose label says the program terminates, a REPRODUCED run is a
concrete counterexample to the label (docs/results.md, disputed labels).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import yaml

NONDET_TYPES = {
    'int': 'int', 'uint': 'unsigned int', 'long': 'long', 'ulong': 'unsigned long',
    'short': 'short', 'ushort': 'unsigned short', 'char': 'char', 'uchar': 'unsigned char',
    'bool': '_Bool', 'size_t': 'unsigned long', 'u32': 'unsigned int', 'u16': 'unsigned short',
    'u8': 'unsigned char', 'unsigned': 'unsigned int', 'longlong': 'long long',
    'ulonglong': 'unsigned long long',
}


def values(answer, label):
    m = re.search(r'^%s: nondet values \(\d+\): ([0-9,]*)$' % label, answer, re.M)
    return [int(v) for v in m.group(1).split(',') if v] if m else None


def stub_source(stem, cycle, iterations):
    vals = stem + cycle
    lines = ['#include <stdio.h>', '#include <stdlib.h>',
             'static const unsigned long long vals[] = {%s};' % ', '.join('%dULL' % v for v in vals),
             'static unsigned long long drawn;',
             'static unsigned long long next(void) {',
             '  unsigned long long i = drawn++;',
             '  if (i < %d) return vals[i];' % len(stem),
             '  unsigned long long k = (i - %d) / %d;' % (len(stem), len(cycle)),
             '  if (k >= %dULL) { printf("REPRODUCED: %%llu passes of the cycle\\n", k); fflush(stdout); _Exit(0); }'
             % iterations,
             '  return vals[%d + (i - %d) %% %d];' % (len(stem), len(stem), len(cycle)),
             '}']
    for name, ctype in NONDET_TYPES.items():
        lines.append('%s __VERIFIER_nondet_%s(void) { return (%s)next(); }' % (ctype, name, ctype))
    lines.append('void *__VERIFIER_nondet_pointer(void) { return (void *)next(); }')
    return '\n'.join(lines) + '\n'


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--bitprove', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build',
                                                      'bitprove'))
    ap.add_argument('--iterations', type=int, default=1000000)
    ap.add_argument('--timeout', type=int, default=60, help='seconds for bitprove and for the native run')
    ap.add_argument('task')
    a = ap.parse_args()
    with open(a.task) as f:
        task = yaml.safe_load(f)
    files = task['input_files']
    program = os.path.join(os.path.dirname(os.path.abspath(a.task)), files if isinstance(files, str) else files[0])
    answer = run([a.bitprove, 'task', a.task, '--property', 'termination', '--timeout', str(a.timeout)]).stdout
    stem, cycle = values(answer, 'stem'), values(answer, 'cycle')
    if not answer.startswith('FALSE(termination)') or stem is None or not cycle:
        print('NO LASSO: bitprove answered %s' % (answer.splitlines() or ['nothing'])[0])
        return 2
    print('lasso: stem %d value(s), cycle %d value(s)' % (len(stem), len(cycle)))
    with tempfile.TemporaryDirectory() as tmp:
        stub = os.path.join(tmp, 'nondet.c')
        with open(stub, 'w') as f:
            f.write(stub_source(stem, cycle, a.iterations))
        obj = os.path.join(tmp, 'prog.o')
        lang = [] if program.endswith('.c') else ['-x', 'c']
        r = run(['clang-14', '-w', '-O0', '-c', '-o', obj] + lang + [program])
        if r.returncode:
            print('NOT COMPILED: ' + r.stderr.strip().splitlines()[-1])
            return 2
        undefined = run(['nm', '-u', obj]).stdout.split()
        ours = set('__VERIFIER_nondet_' + n for n in NONDET_TYPES) | {'__VERIFIER_nondet_pointer'}
        libc = run(['nm', '-D', '--defined-only', '/lib/x86_64-linux-gnu/libc.so.6']).stdout
        libc_names = set(line.split()[-1].split('@')[0] for line in libc.splitlines() if line.strip())
        missing = [s for s in undefined if s not in ours and s not in libc_names and s != 'U']
        with open(stub, 'a') as f:
            for s in missing:  # data, so that a call of it faults
                f.write('__attribute__((aligned(64))) char %s[4096];\n' % s)
        exe = os.path.join(tmp, 'prog')
        r = run(['clang-14', '-w', '-o', exe, obj, stub])
        if r.returncode:
            print('NOT LINKED: ' + r.stderr.strip().splitlines()[-1])
            return 2
        try:
            r = run([exe], timeout=a.timeout)
        except subprocess.TimeoutExpired:
            print('NOT REPRODUCED: the native run did not finish %d passes within %d s' % (a.iterations, a.timeout))
            return 1
        if r.returncode == 0 and 'REPRODUCED' in r.stdout:
            print(r.stdout.strip().splitlines()[-1])
            return 0
        print('NOT REPRODUCED: the native run ended (status %d): %s' % (r.returncode, r.stdout.strip()[-200:]))
        return 1


if __name__ == '__main__':
    sys.exit(main())
