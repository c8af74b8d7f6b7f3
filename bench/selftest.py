#!/usr/bin/env python3
"""Self-test of bench/run.py with a fake bitprove.

Writes a fake `bitprove` (a Python script) and small SV-COMP-style tasks into
a temporary folder.  Each task says, in a comment, what the fake must do for
each property (`# fake termination: print:TRUE`, `spin`, `sleep`, `segv`,
...), so every classification path of the runner is exercised: correct and
wrong verdicts with and without subproperties, UNKNOWN with a reason, CPU
timeout, wall-clock timeout, crash by signal, error exit, unparsable output,
late verdict, CPU time of grandchildren, memory limit, the score table, the
exit status with --fail-on-wrong, and --frontend-only.

Prints one line per failed check and ends with `N passed, N failed`.
"""

import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_PY = os.path.join(HERE, 'run.py')
sys.path.insert(0, HERE)
import run  # noqa: E402

PASSED = 0
FAILED = 0


def check(cond, what):
    global PASSED, FAILED
    if cond:
        PASSED += 1
    else:
        FAILED += 1
        print('FAIL: %s' % what)


def eq(got, want, what):
    check(got == want, '%s: got %r, want %r' % (what, got, want))


FAKE = r'''#!/usr/bin/env python3
# Fake bitprove for bench/selftest.py: does what the task file says.
import os, re, signal, subprocess, sys, time
args = sys.argv[1:]
if args[:1] == ['--version']:
    print('fake-bitprove 0.0')
    sys.exit(0)
if args[:1] == ['task']:
    args = args[1:]
its_key = None
if args[:1] == ['its']:
    args = args[1:]
    its_key = 'its-alt' if '--alt' in args else 'its'
prop, frontend, files, i = None, False, [], 0
while i < len(args):
    a = args[i]
    if a == '--property':
        prop = args[i + 1]; i += 2
    elif a in ('--timeout', '--data-model', '--prop'):
        i += 2
    elif a == '--frontend-only':
        frontend = True; i += 1
    elif a.startswith('--'):
        i += 1
    else:
        files.append(a); i += 1
text = open(files[-1]).read()
key = its_key or ('frontend' if frontend else prop)
m = re.search(r'fake %s: (.*)' % re.escape(key), text)
action = m.group(1).strip() if m else 'print:UNKNOWN\\nreason: no fake action'
if action.startswith('print:'):
    sys.stdout.write(action[len('print:'):].replace('\\n', '\n') + '\n')
elif action == 'spin':
    while True:
        pass
elif action == 'sleep':
    time.sleep(1000)
elif action == 'segv':
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
elif action.startswith('exit '):
    sys.stderr.write('fake: usage error\n')
    sys.exit(int(action.split()[1]))
elif action == 'alloc':
    hog = []
    while True:
        hog.append(bytearray(32 * 1024 * 1024))
elif action.startswith('late '):
    while time.process_time() < 1.3:
        pass
    print(action.split(None, 1)[1])
elif action.startswith('child '):
    subprocess.run([sys.executable, '-c',
                    'import time\nwhile time.process_time() < 0.6: pass'])
    print(action.split(None, 1)[1])
else:
    print('fake: unknown action ' + action, file=sys.stderr)
    sys.exit(9)
'''


def task_yml(program, props, style='indented', data_model='ILP32', fakes=()):
    """props: list of (property, expected or None, subproperty or None)."""
    lines = ["format_version: '2.0'", '# a comment line', '']
    for prop, action in fakes:
        lines.append('# fake %s: %s' % (prop, action))
    if style == 'indented':
        lines.append("input_files: '%s'   # trailing comment" % program)
        lines.append('')
        lines.append('properties:')
        for prop, exp, sub in props:
            lines.append('  - property_file: ../properties/%s.prp' % prop)
            if exp is not None:
                lines.append('    expected_verdict: %s' % exp)
            if sub:
                lines.append('    subproperty: %s' % sub)
        lines += ['', 'options:', '  language: C', '  data_model: %s' % data_model]
    else:   # the style of the recursified_* tasks: sequence at key indentation
        lines.append('input_files: [%s]' % program)
        lines += ['options:', "  data_model: '%s'" % data_model, '  language: C', 'properties:']
        for prop, exp, sub in props:
            if exp is not None:
                lines.append('- expected_verdict: %s' % exp)
                lines.append('  property_file: "../properties/%s.prp"' % prop)
            else:
                lines.append('- property_file: ../properties/%s.prp' % prop)
            if sub:
                lines.append('  subproperty: %s' % sub)
            lines.append('#- expected_verdict: true')
            lines.append('#  property_file: ../properties/valid-memsafety.prp')
    return '\n'.join(lines) + '\n'


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def test_yaml():
    doc = run.parse_yaml(
        "format_version: '2.0'\n"
        "# comment\n"
        "input_files: 'a#b.c'  # not part of the value\n"
        "properties:\n"
        "  - property_file: ../properties/termination.prp\n"
        "    expected_verdict: true\n"
        "  - property_file: \"../properties/valid-memsafety.prp\"\n"
        "    expected_verdict: false\n"
        "    subproperty: valid-free\n"
        "options:\n"
        "  language: C\n"
        "  data_model: LP64\n")
    eq(doc['format_version'], '2.0', 'yaml: quoted scalar')
    eq(doc['input_files'], 'a#b.c', 'yaml: # inside quotes')
    eq(len(doc['properties']), 2, 'yaml: list of mappings')
    eq(doc['properties'][1]['subproperty'], 'valid-free', 'yaml: nested key')
    eq(doc['properties'][1]['property_file'], '../properties/valid-memsafety.prp', 'yaml: double quotes')
    eq(doc['options'], {'language': 'C', 'data_model': 'LP64'}, 'yaml: options mapping')
    doc = run.parse_yaml(
        "input_files: [x.c, 'y.c']\n"
        "properties:\n"
        "- expected_verdict: false\n"
        "  property_file: p.prp\n"
        "#- expected_verdict: true\n"
        "- property_file: q.prp\n"
        "options: {data_model: ILP32, language: C}\n"
        "note: it's plain\n")
    eq(doc['input_files'], ['x.c', 'y.c'], 'yaml: flow sequence')
    eq(doc['properties'], [{'expected_verdict': False, 'property_file': 'p.prp'},
                           {'property_file': 'q.prp'}], 'yaml: sequence at key indentation')
    eq(doc['options'], {'data_model': 'ILP32', 'language': 'C'}, 'yaml: flow mapping')
    eq(doc['note'], "it's plain", 'yaml: apostrophe in plain scalar')
    eq(run.parse_yaml("a: 'it''s'\n"), {'a': "it's"}, 'yaml: escaped single quote')
    try:
        run.parse_yaml("a: b\n   c: d\n")
        check(False, 'yaml: bad indentation must raise')
    except run.YamlError:
        check(True, '')


def test_status_and_points():
    def P(name, expected, sub):
        return run.Property(name, name + '.prp', expected, sub)
    eq(run.status_of(P('termination', 'true', None), 'TRUE', None), 'correct-true', 'status TRUE/true')
    eq(run.status_of(P('termination', 'false', None), 'TRUE', None), 'wrong-true', 'status TRUE/false')
    eq(run.status_of(P('termination', 'true', None), 'FALSE', 'termination'), 'wrong-false', 'status FALSE/true')
    eq(run.status_of(P('termination', 'false', None), 'FALSE', 'termination'), 'correct-false', 'status FALSE/false')
    eq(run.status_of(P('termination', 'false', None), 'FALSE', None), 'correct-false', 'status FALSE()/false')
    eq(run.status_of(P('unreach-call', 'false', None), 'FALSE', 'no-overflow'), 'wrong-false', 'status other sub')
    ms = P('valid-memsafety', 'false', 'valid-deref')
    eq(run.status_of(ms, 'FALSE', 'valid-deref'), 'correct-false', 'status sub match')
    eq(run.status_of(ms, 'FALSE', 'valid-free'), 'wrong-false', 'status sub mismatch')
    eq(run.status_of(ms, 'FALSE', None), 'wrong-false', 'status sub missing')
    eq(run.status_of(P('valid-memsafety', 'false', None), 'FALSE', 'valid-free'), 'correct-false',
       'status memsafety without task subproperty')
    eq(run.parse_verdict('FALSE(valid-deref)\ntrace...\n'), ('FALSE', 'valid-deref', ''), 'parse FALSE(x)')
    eq(run.parse_verdict('UNKNOWN\nreason: no engine yet\n'), ('UNKNOWN', None, 'no engine yet'), 'parse UNKNOWN')
    eq(run.parse_verdict('TRUE(x)\n')[0], None, 'parse TRUE(x) is not a verdict')
    eq(run.parse_verdict('')[0], None, 'parse empty')


def read_csv(path):
    with open(path, newline='') as f:
        return list(csv.DictReader(f))


def run_py(args):
    p = subprocess.run([sys.executable, RUN_PY, '-q'] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode(errors='replace'), p.stderr.decode(errors='replace')


def table_row(stdout, name):
    for line in stdout.splitlines():
        cells = line.split()
        if cells and cells[0] == name:
            return cells
    return None


def test_verify(tmp, fake):
    bench = os.path.join(tmp, 'bench')
    fa = os.path.join(bench, 'fa')
    fb = os.path.join(bench, 'fb')
    write(os.path.join(fa, 'prog.c'), 'int main(void) { return 0; }\n')
    write(os.path.join(fb, 'prog.c'), 'int main(void) { return 0; }\n')
    T, F = 'true', 'false'
    tasks = {
        (fa, 't1'): ([('termination', T, None), ('unreach-call', F, None), ('coverage-branches', None, None)],
                     [('termination', 'print:TRUE'), ('unreach-call', 'print:FALSE(unreach-call)\\ntrace')]),
        (fa, 't2'): ([('termination', T, None), ('unreach-call', F, None)],
                     [('termination', 'print:FALSE(termination)'), ('unreach-call', 'print:TRUE')]),
        (fa, 't3'): ([('valid-memsafety', F, 'valid-deref')], [('valid-memsafety', 'print:FALSE(valid-deref)')]),
        (fa, 't4'): ([('valid-memsafety', F, 'valid-memtrack')], [('valid-memsafety', 'print:FALSE(valid-free)')]),
        (fa, 't5'): ([('valid-memsafety', F, 'valid-free')], [('valid-memsafety', 'print:FALSE')]),
        (fa, 't6'): ([('no-overflow', T, None)], [('no-overflow', 'print:UNKNOWN\\nreason: no engine yet')]),
        (fa, 't7'): ([('unreach-call', F, None), ('termination', F, None)],
                     [('unreach-call', 'print:FALSE(no-overflow)'), ('termination', 'print:FALSE')]),
        (fb, 'spin'): ([('termination', T, None)], [('termination', 'spin')]),
        (fb, 'segv'): ([('termination', T, None)], [('termination', 'segv')]),
        (fb, 'exit'): ([('termination', T, None)], [('termination', 'exit 3')]),
        (fb, 'garbage'): ([('termination', T, None)], [('termination', 'print:hello world')]),
        (fb, 'late'): ([('termination', T, None)], [('termination', 'late TRUE')]),
        (fb, 'child'): ([('termination', F, None)], [('termination', 'child FALSE(termination)')]),
    }
    for i, ((folder, name), (props, fakes)) in enumerate(sorted(tasks.items())):
        write(os.path.join(folder, name + '.yml'),
              task_yml('prog.c', props, style='indented' if i % 2 else 'flat', fakes=fakes))
    out = os.path.join(tmp, 'out-verify')
    rc, stdout, stderr = run_py(['--bitprove', fake, '--timeout', '1', '--wall-limit', '30', '-j', '3',
                                 '--out', out, bench])
    eq(rc, 0, 'verify: exit status without --fail-on-wrong (stderr: %s)' % stderr.strip()[-300:])
    rows = read_csv(os.path.join(out, 'results.csv'))
    eq(list(rows[0].keys()) if rows else None, run.CSV_COLUMNS, 'csv columns')
    got = {(r['folder'], r['task'], r['property']): (r['status'], r['reason'], r['verdict'], r['expected'])
           for r in rows}
    want = {
        ('fa', 't1', 'termination'): ('correct-true', '', 'TRUE', 'true'),
        ('fa', 't1', 'unreach-call'): ('correct-false', '', 'FALSE(unreach-call)', 'false'),
        ('fa', 't2', 'termination'): ('wrong-false', '', 'FALSE(termination)', 'true'),
        ('fa', 't2', 'unreach-call'): ('wrong-true', '', 'TRUE', 'false'),
        ('fa', 't3', 'valid-memsafety'): ('correct-false', '', 'FALSE(valid-deref)', 'false(valid-deref)'),
        ('fa', 't4', 'valid-memsafety'): ('wrong-false', '', 'FALSE(valid-free)', 'false(valid-memtrack)'),
        ('fa', 't5', 'valid-memsafety'): ('wrong-false', '', 'FALSE', 'false(valid-free)'),
        ('fa', 't6', 'no-overflow'): ('unknown', 'no engine yet', 'UNKNOWN', 'true'),
        ('fa', 't7', 'unreach-call'): ('wrong-false', '', 'FALSE(no-overflow)', 'false'),
        ('fa', 't7', 'termination'): ('correct-false', '', 'FALSE', 'false'),
        ('fb', 'spin', 'termination'): ('unknown', 'timeout', '', 'true'),
        ('fb', 'segv', 'termination'): ('unknown', 'crash: signal 11', '', 'true'),
        ('fb', 'exit', 'termination'): ('unknown', 'error: exit 3: fake: usage error', '', 'true'),
        ('fb', 'garbage', 'termination'): ('unknown', "error: unparsable output: 'hello world'", '', 'true'),
        ('fb', 'late', 'termination'): ('unknown', 'timeout (late TRUE)', 'TRUE', 'true'),
        ('fb', 'child', 'termination'): ('correct-false', '', 'FALSE(termination)', 'false'),
    }
    eq(sorted(got), sorted(want), 'verify: set of runs (coverage-* and no-expected skipped)')
    for k, v in sorted(want.items()):
        eq(got.get(k), v, 'verify: %s' % '/'.join(k))
    for r in rows:
        if r['task'] == 'child':
            check(float(r['cpu_s']) >= 0.5, 'verify: CPU time includes grandchildren (%s)' % r['cpu_s'])
        if r['task'] == 'spin':
            check(float(r['cpu_s']) >= 1.0, 'verify: spin used its CPU time (%s)' % r['cpu_s'])
        check(os.path.exists(os.path.join(out, 'logs', r['folder'], '%s.%s.log' % (r['task'], r['property']))),
              'verify: log file of %s/%s' % (r['task'], r['property']))
    # tasks, cTRUE, cFALSE, wTRUE, wFALSE, UNKNOWN, score
    eq(table_row(stdout, 'fa')[1:8], ['10', '1', '3', '1', '4', '1', str(2 + 3 - 32 - 64)], 'table row fa')
    eq(table_row(stdout, 'fb')[1:8], ['6', '0', '1', '0', '0', '5', '1'], 'table row fb')
    eq(table_row(stdout, 'TOTAL')[1:8], ['16', '1', '4', '1', '4', '6', str(2 + 4 - 32 - 64)], 'table row TOTAL')
    eq(table_row(stdout, 'termination')[1:8], ['9', '1', '2', '0', '1', '5', '-12'], 'table row termination')
    check('SUMMARY: score -90 | 16 tasks: 5 correct (1 TRUE, 4 FALSE), 5 wrong (1 TRUE, 4 FALSE), 6 UNKNOWN'
          in stdout, 'verify: summary line')
    check('5 WRONG VERDICTS' in stdout, 'verify: wrong verdicts listed')
    for t in ('t2', 't4', 't5', 't7'):
        check(re.search(r'!!! +WRONG-(TRUE|FALSE) +fa/%s ' % t, stdout) is not None, 'verify: %s listed as wrong' % t)
    check(os.path.exists(os.path.join(out, 'summary.txt')), 'verify: summary.txt')

    # --fail-on-wrong, --filter, --properties, --limit
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '5', '--out', os.path.join(tmp, 'o2'),
                            '--fail-on-wrong', '--filter', '^fa/', bench])
    eq(rc, 1, 'verify: --fail-on-wrong with wrong verdicts')
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '5', '--out', os.path.join(tmp, 'o3'),
                            '--fail-on-wrong', '--properties', 'no-overflow,valid-memsafety',
                            '--filter', 't[36]', fa])
    eq(rc, 0, 'verify: --fail-on-wrong without wrong verdicts')
    eq(table_row(stdout, 'TOTAL')[1:8], ['2', '0', '1', '0', '0', '1', '1'], 'verify: --properties/--filter')
    # --fail-on-abnormal: a crash fails, a plain UNKNOWN does not.
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '5', '--out', os.path.join(tmp, 'o5'),
                            '--fail-on-abnormal', '--filter', 'fb/segv', bench])
    eq(rc, 1, 'verify: --fail-on-abnormal with a crash')
    check('ABNORMAL: segv termination: crash: signal 11' in stdout, 'verify: crash listed as abnormal')
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '5', '--out', os.path.join(tmp, 'o6'),
                            '--fail-on-abnormal', '--filter', 'fa/t6', bench])
    eq(rc, 0, 'verify: --fail-on-abnormal with an honest UNKNOWN')
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '5', '--out', os.path.join(tmp, 'o4'),
                            '--limit', '1', os.path.join(fa, 't1.yml'), fa])
    eq(table_row(stdout, 'TOTAL')[1:3], ['2', '1'], 'verify: single .yml and --limit')
    rc, _, stderr = run_py(['--bitprove', os.path.join(tmp, 'nonexistent'), bench])
    eq(rc, 2, 'verify: missing binary is a usage error')

    # wall-clock guard: the fake sleeps without using CPU time
    fs = os.path.join(tmp, 'bench-sleep', 'fs')
    write(os.path.join(fs, 'prog.c'), 'int main(void) { return 0; }\n')
    write(os.path.join(fs, 'sleep.yml'), task_yml('prog.c', [('termination', 'true', None)],
                                                  fakes=[('termination', 'sleep')]))
    out = os.path.join(tmp, 'out-sleep')
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '1', '--wall-limit', '3', '--out', out, fs])
    rows = read_csv(os.path.join(out, 'results.csv'))
    eq([(r['status'], r['reason']) for r in rows], [('unknown', 'timeout')], 'verify: wall-clock guard')
    check(rows and 2.9 <= float(rows[0]['wall_s']) < 10, 'verify: wall time of the sleeper (%s)'
          % (rows[0]['wall_s'] if rows else None))

    # memory limit: the fake allocates until the limit stops it
    fm = os.path.join(tmp, 'bench-mem', 'fm')
    write(os.path.join(fm, 'prog.c'), 'int main(void) { return 0; }\n')
    write(os.path.join(fm, 'alloc.yml'), task_yml('prog.c', [('termination', 'true', None)],
                                                  fakes=[('termination', 'alloc')]))
    out = os.path.join(tmp, 'out-mem')
    rc, stdout, _ = run_py(['--bitprove', fake, '--timeout', '20', '--memory', '300', '--out', out, fm])
    rows = read_csv(os.path.join(out, 'results.csv'))
    eq([(r['status'], r['reason']) for r in rows], [('unknown', 'memory')], 'verify: memory limit')


def test_frontend(tmp, fake):
    bench = os.path.join(tmp, 'bench-fe')
    fc = os.path.join(bench, 'fc')
    progs = {
        'ok1.c': 'print:LOWERED',
        'ok2.i': 'print:LOWERED',
        'float.c': "print:UNKNOWN\\nreason: unsupported constructs\\n"
                   "unsupported: floating point at float.c:3:5\\nunsupported: floating point at float.c:4:5\\n"
                   "unsupported: call to undefined function 'sqrt' at float.c:5:1",
        'thread.c': "print:UNKNOWN\\nreason: unsupported constructs\\n"
                    "unsupported: threads (pthread_create) at thread.c:9:3\\n"
                    "unsupported: call to undefined function 'pthread_join' at thread.c:10:3",
        'undef.c': "print:UNKNOWN\\nreason: unsupported constructs\\n"
                   "unsupported: call to undefined function 'foo' at undef.c:2:3\\n"
                   "unsupported: call to undefined function 'bar' at undef.c:3:3\\n"
                   "unsupported: inline asm at undef.c:4:3\\n"
                   "unsupported: external global 'jiffies' at undef.c:5:3",
        'undef2.c': "print:UNKNOWN\\nreason: unsupported constructs\\n"
                    "unsupported: call to undefined function 'foo' at undef2.c:2:3",
        'cerr.c': 'print:UNKNOWN\\nreason: compilation failed: cerr.c:1:1: error: expected identifier',
        'crash.c': 'segv',
        'silent.c': 'print:',
    }
    for name, action in progs.items():
        write(os.path.join(fc, name), '// fake frontend: %s\nint main(void) { return 0; }\n' % action)
    for i, name in enumerate(sorted(progs)):
        write(os.path.join(fc, 'task_%s.yml' % name.replace('.', '_')),
              task_yml(name, [('termination', 'true', None)], style='flat' if i % 2 else 'indented'))
    # the same program in another task: once more with the same data model
    # (counted once) and once with another one (counted again)
    write(os.path.join(fc, 'again.yml'), task_yml('ok1.c', [('termination', 'true', None)]))
    write(os.path.join(fc, 'again64.yml'), task_yml('ok1.c', [('termination', 'true', None)], data_model='LP64'))
    out = os.path.join(tmp, 'out-fe')
    rc, stdout, stderr = run_py(['--bitprove', fake, '--frontend-only', '--timeout', '5', '-j', '2',
                                 '--out', out, bench])
    eq(rc, 0, 'frontend: exit status (stderr: %s)' % stderr.strip()[-300:])
    rows = read_csv(os.path.join(out, 'frontend.csv'))
    eq(list(rows[0].keys()) if rows else None, run.FE_CSV_COLUMNS, 'frontend: csv columns')
    got = {(r['program'], r['data_model']): (r['status'], r['float_threads']) for r in rows}
    want = {('ok1.c', 'ILP32'): ('LOWERED', '0'), ('ok1.c', 'LP64'): ('LOWERED', '0'),
            ('ok2.i', 'ILP32'): ('LOWERED', '0'), ('float.c', 'ILP32'): ('UNSUPPORTED', '1'),
            ('thread.c', 'ILP32'): ('UNSUPPORTED', '1'), ('undef.c', 'ILP32'): ('UNSUPPORTED', '0'),
            ('undef2.c', 'ILP32'): ('UNSUPPORTED', '0'), ('cerr.c', 'ILP32'): ('ERROR', '0'),
            ('crash.c', 'ILP32'): ('CRASH', '0'), ('silent.c', 'ILP32'): ('CRASH', '0')}
    eq(got, want, 'frontend: classification')
    # 10 programs, 2 with float/threads, 8 without, 3 of them lowered
    m = re.search(r'FRONTEND SUMMARY: (\d+) programs, (\d+) with float/threads, (\d+) without; '
                  r'lowered (\d+)/(\d+) = ([\d.]+)%.*; (\d+) crashes, (\d+) timeouts', stdout)
    check(m is not None, 'frontend: summary line present')
    if m:
        eq(m.groups(), ('10', '2', '8', '3', '8', '37.5', '2', '0'), 'frontend: summary numbers')
    reasons = {}
    for line in stdout.splitlines():
        mm = re.match(r'^(.*?)\s+(\d+)\s+(\d+)$', line)
        if mm:
            reasons[mm.group(1).strip()] = (int(mm.group(2)), int(mm.group(3)))
    eq(reasons.get('call to undefined function'), (2, 4), 'frontend: undefined calls folded')
    eq(reasons.get('floating point'), (0, 1), 'frontend: float counted once per program')
    eq(reasons.get('inline asm'), (1, 1), 'frontend: inline asm')
    eq(reasons.get('error: compilation failed'), (1, 1), 'frontend: compile error reason')
    eq(reasons.get('external global'), (1, 1), 'frontend: named construct folded')
    check(re.search(r"top-15 names in 'external global' \(programs\):\nname +programs\n[- ]+\njiffies +1\n",
                    stdout) is not None, 'frontend: list of external globals')
    funcs = {}
    for line in stdout.split('top-15 undefined functions')[-1].split('top-15 names')[0].splitlines():
        mm = re.match(r'^(\w+)\s+(\d+)$', line)
        if mm:
            funcs[mm.group(1)] = int(mm.group(2))
    eq(funcs, {'foo': 2, 'bar': 1, 'sqrt': 1, 'pthread_join': 1}, 'frontend: undefined function list')
    rc, _, _ = run_py(['--bitprove', fake, '--frontend-only', '--timeout', '5', '--fail-on-wrong',
                       '--out', os.path.join(tmp, 'o5'), bench])
    eq(rc, 1, 'frontend: --fail-on-wrong fails on crashes')


def test_its(tmp, fake):
    bench = os.path.join(tmp, 'bench-its')
    files = {
        'A/yes.koat': ('print:YES\\nproof: f', 'print:YES'),
        'A/no.smt2': ('print:NO\\nwitness', 'print:NO'),
        'A/maybe.ari': ('print:MAYBE\\nreason: no ranking function', 'print:MAYBE\\nreason: x'),
        'A/clash.koat': ('print:YES', 'print:NO'),
        'B/spin.koat': ('spin', 'print:MAYBE\\nreason: y'),
        'B/bad.koat': ('print:PERHAPS', 'exit 3'),
        'B/ignored.txt': ('print:YES', 'print:YES'),
    }
    for name, (a, b) in files.items():
        write(os.path.join(bench, name), '; fake its: %s\n; fake its-alt: %s\n' % (a, b))
    out = os.path.join(tmp, 'its1')
    rc, stdout, _ = run_py(['--bitprove', fake, '--its', '--timeout', '1', '-j', '2', '-q', '--out', out,
                            '--config', 'main=', '--config', 'alt=--alt', bench])
    eq(rc, 0, 'its: exit status without --fail-on-wrong')
    rows = read_csv(os.path.join(out, 'its.csv'))
    eq(len(rows), 12, 'its: 6 files x 2 configurations (.txt ignored)')
    got = {(r['file'], r['config']): r['status'] for r in rows}
    eq(got[('yes.koat', 'main')], 'YES', 'its: YES')
    eq(got[('no.smt2', 'main')], 'NO', 'its: NO')
    eq(got[('maybe.ari', 'main')], 'MAYBE', 'its: MAYBE')
    eq(got[('spin.koat', 'main')], 'TIMEOUT', 'its: CPU timeout')
    eq(got[('bad.koat', 'main')], 'ERROR', 'its: unparsable answer')
    eq(got[('bad.koat', 'alt')], 'ERROR', 'its: error exit')
    eq({r['folder'] for r in rows}, {'A', 'B'}, 'its: folders')
    check('contradictions (YES and NO for the same file): 1' in stdout, 'its: one contradiction counted')
    check('CONTRADICTION: ' in stdout and 'clash.koat' in stdout, 'its: contradiction named')
    m = re.search(r"^main\s+total\s+6\s+2\s+1\s+1\s+1\s+1\b", stdout, re.M)
    check(m is not None, 'its: totals row of config main: %s' % stdout)
    rc, _, _ = run_py(['--bitprove', fake, '--its', '--timeout', '1', '-q', '--out', os.path.join(tmp, 'its2'),
                       '--config', 'main=', '--config', 'alt=--alt', '--fail-on-wrong', '--filter', 'clash', bench])
    eq(rc, 1, 'its: --fail-on-wrong fails on a contradiction')
    rc, _, _ = run_py(['--bitprove', fake, '--its', '--timeout', '1', '-q', '--out', os.path.join(tmp, 'its3'),
                       '--fail-on-wrong', '--filter', 'yes|no', bench])
    eq(rc, 0, 'its: --fail-on-wrong passes without contradictions')


def main():
    test_yaml()
    test_status_and_points()
    tmp = tempfile.mkdtemp(prefix='bitprove-bench-selftest-')
    try:
        fake = os.path.join(tmp, 'bitprove')
        write(fake, FAKE.replace('#!/usr/bin/env python3', '#!' + sys.executable, 1))
        os.chmod(fake, 0o755)
        test_verify(tmp, fake)
        test_frontend(tmp, fake)
        test_its(tmp, fake)
    finally:
        if FAILED == 0:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print('temporary files kept in %s' % tmp)
    print('%d passed, %d failed' % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == '__main__':
    sys.exit(main())
