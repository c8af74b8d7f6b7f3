#!/usr/bin/env python3
"""bitprove benchmark runner: SV-COMP tasks, scoring, tables.

Runs `bitprove task TASK.yml --property NAME` for every selected task and
property under CPU-time and memory limits, classifies each verdict against the
task's expected verdict as SV-COMP does, scores it (+2 correct TRUE, +1 correct
FALSE, -32 wrong TRUE, -16 wrong FALSE, 0 UNKNOWN), writes results.csv, prints
and prints a table per folder.  Measurements that must hold up (cgroups,
exact CPU time and memory), HTML tables and quantile plots are BenchExec's
job (bench/benchexec/); this runner is what the test suite and quick
development loops use, where BenchExec (not a Debian package) may be absent.

With --frontend-only it runs `bitprove --frontend-only` once per distinct
program (and data model) instead and reports how much of the benchmark set the
front end lowers, and why the rest is not lowered.

Python 3 standard library and PyYAML.  See bench/README.md.
"""

import argparse
import collections
import csv
import datetime
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

try:
    import yaml
except ImportError:
    sys.exit('bench/run.py needs PyYAML: apt-get install -y python3-yaml')

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(SCRIPT_DIR)
DEFAULT_TERMCOMP_BENCHMARKS = [os.path.normpath(os.path.join(REPO_DIR, '..', 'shared', 'benchmarks', 'tpdb', d))
                               for d in ('C', 'C_Integer')]
DEFAULT_ITS_BENCHMARKS = os.path.normpath(
    os.path.join(REPO_DIR, '..', 'shared', 'benchmarks', 'tpdb', 'Integer_Transition_Systems'))
DEFAULT_BENCHMARKS = os.path.normpath(
    os.path.join(REPO_DIR, '..', 'shared', 'benchmarks', 'sv-comp'))
DEFAULT_BITPROVE = os.path.join(REPO_DIR, 'build', 'bitprove')

SCORES = {'correct-true': 2, 'correct-false': 1,
          'wrong-true': -32, 'wrong-false': -16, 'unknown': 0}
STATUSES = ['correct-true', 'correct-false', 'wrong-true', 'wrong-false', 'unknown']
# Properties whose only subproperty is the property itself.  For
# valid-memsafety the subproperty (valid-deref, valid-free, valid-memtrack)
# comes from the task.
MULTI_SUBPROPERTY = {'valid-memsafety'}

CSV_COLUMNS = ['task', 'folder', 'property', 'expected', 'verdict', 'status',
               'cpu_s', 'wall_s', 'mem_mb', 'reason']
FE_CSV_COLUMNS = ['program', 'folder', 'data_model', 'status', 'float_threads',
                  'cpu_s', 'wall_s', 'mem_mb', 'reason', 'unsupported']

MEMORY_PATTERNS = re.compile(
    r'out of memory|cannot allocate memory|bad_alloc|memory exhausted|'
    r'MemoryError|failed to allocate', re.IGNORECASE)


# ---------------------------------------------------------------------------
# Task definitions are YAML: read with PyYAML (Debian python3-yaml, which
# BenchExec needs too), scalars turned into strings where tasks use them.

class YamlError(Exception):
    pass


def parse_yaml(text):
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise YamlError(' '.join(str(e).split()))
    return {} if doc is None else doc


# ---------------------------------------------------------------------------
# Tasks

class Property:
    def __init__(self, name, prp, expected, subproperty):
        self.name = name              # basename of the .prp without extension
        self.prp = prp                # absolute path of the property file
        self.expected = expected      # 'true', 'false' or None (no verdict given)
        self.subproperty = subproperty

    def expected_str(self):
        if self.expected is None:
            return ''
        if self.expected == 'false' and self.subproperty:
            return 'false(%s)' % self.subproperty
        return self.expected


class Task:
    def __init__(self, yml, folder):
        self.yml = yml
        self.folder = folder
        self.name = os.path.splitext(os.path.basename(yml))[0]
        self.programs = []
        self.data_model = 'ILP32'
        self.properties = []

    @property
    def ident(self):
        return '%s/%s' % (self.folder, self.name)


def load_task(yml, folder):
    with open(yml, encoding='utf-8', errors='replace') as f:
        doc = parse_yaml(f.read())
    if not isinstance(doc, dict):
        raise YamlError('top level is not a mapping')
    task = Task(yml, folder)
    base = os.path.dirname(yml)
    inputs = doc.get('input_files')
    if isinstance(inputs, str):
        inputs = [inputs]
    if not inputs:
        raise YamlError('no input_files')
    task.programs = [os.path.normpath(os.path.join(base, p)) for p in inputs]
    options = doc.get('options') or {}
    if isinstance(options, dict) and options.get('data_model'):
        task.data_model = str(options['data_model'])
    for p in doc.get('properties') or []:
        if not isinstance(p, dict) or not p.get('property_file'):
            raise YamlError('property entry without property_file')
        prp = os.path.normpath(os.path.join(base, p['property_file']))
        name = os.path.basename(prp)
        if name.endswith('.prp'):
            name = name[:-4]
        expected = p.get('expected_verdict')
        if expected is not None:
            expected = str(expected).strip().lower()  # YAML true/false arrive as booleans
            if expected not in ('true', 'false'):
                raise YamlError('expected_verdict %r is neither true nor false' % expected)
        task.properties.append(Property(name, prp, expected, p.get('subproperty')))
    return task


def find_tasks(paths, errors):
    """Tasks below the given folders / .yml files, sorted, without duplicates."""
    seen = set()
    tasks = []
    for path in paths:
        path = os.path.abspath(path)
        found = []   # (yml, folder)
        if os.path.isdir(path):
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames.sort()
                for fn in sorted(filenames):
                    if fn.endswith(('.yml', '.yaml')):
                        rel = os.path.relpath(dirpath, path)
                        folder = os.path.basename(path) if rel == '.' else rel
                        found.append((os.path.join(dirpath, fn), folder))
        elif os.path.isfile(path):
            found.append((path, os.path.basename(os.path.dirname(path))))
        else:
            errors.append('%s: no such file or folder' % path)
        for yml, folder in found:
            real = os.path.realpath(yml)
            if real in seen:
                continue
            seen.add(real)
            try:
                tasks.append(load_task(yml, folder))
            except (OSError, YamlError) as e:
                errors.append('%s: %s' % (yml, e))
    tasks.sort(key=lambda t: (t.folder, t.name))
    return tasks


# ---------------------------------------------------------------------------
# Running processes under limits

class Job:
    def __init__(self, key, argv, log_path, cwd=None):
        self.key = key
        self.argv = argv
        self.log_path = log_path
        self.cwd = cwd                # working directory of the run (None: ours)
        # filled in by the runner
        self.stdout = ''
        self.stderr = ''
        self.exit_code = None     # exit status if the process exited
        self.signal = None        # signal number if it was killed
        self.cpu = 0.0
        self.wall = 0.0
        self.maxrss_mb = 0.0
        self.wall_killed = False
        self.spawn_error = None


class Limits:
    def __init__(self, timeout, memory_mb, wall_limit=None):
        self.timeout = float(timeout)
        self.memory_mb = memory_mb
        grace = min(5.0, max(1.0, 0.1 * self.timeout))
        self.cpu_soft = int(self.timeout + grace + 0.999)
        self.cpu_hard = self.cpu_soft + 5
        self.wall = wall_limit if wall_limit else 2 * self.timeout + 10

    def preexec(self):
        cpu = (self.cpu_soft, self.cpu_hard)
        mem = int(self.memory_mb) * 1024 * 1024 if self.memory_mb else None

        def apply():
            resource.setrlimit(resource.RLIMIT_CPU, cpu)
            if mem:
                resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        return apply


def _read_capped(path, cap=4 * 1024 * 1024):
    try:
        with open(path, 'rb') as f:
            data = f.read(cap)
        return data.decode('utf-8', errors='replace')
    except OSError:
        return ''


def run_jobs(jobs, parallel, limits, tmp_dir, on_done):
    """Run jobs, at most `parallel` at a time, each in its own process group
    with RLIMIT_CPU/RLIMIT_AS set in the child.  Resource usage comes from
    wait4(), which includes the descendants the child waited for.  The main
    thread is the only thread, so preexec_fn is safe."""
    pending = collections.deque(jobs)
    running = {}       # pid -> (job, proc, start, out_path, err_path)
    counter = 0
    os.makedirs(tmp_dir, exist_ok=True)
    try:
        while pending or running:
            while pending and len(running) < parallel:
                job = pending.popleft()
                counter += 1
                out_path = os.path.join(tmp_dir, '%d.out' % counter)
                err_path = os.path.join(tmp_dir, '%d.err' % counter)
                with open(out_path, 'wb') as out, open(err_path, 'wb') as err:
                    start = time.monotonic()
                    try:
                        proc = subprocess.Popen(job.argv, cwd=job.cwd, stdin=subprocess.DEVNULL,
                                                stdout=out, stderr=err,
                                                start_new_session=True,
                                                preexec_fn=limits.preexec())
                    except OSError as e:
                        job.spawn_error = str(e)
                        on_done(job)
                        continue
                running[proc.pid] = (job, proc, start, out_path, err_path)
            reaped = False
            now = time.monotonic()
            for pid in list(running):
                job, proc, start, out_path, err_path = running[pid]
                wpid, status, ru = os.wait4(pid, os.WNOHANG)
                if wpid == 0:
                    if now - start > limits.wall and not job.wall_killed:
                        job.wall_killed = True
                        _killpg(pid)
                    continue
                reaped = True
                job.wall = time.monotonic() - start
                proc.returncode = status     # keep Popen from waiting again
                _killpg(pid)                 # leftovers in the process group
                del running[pid]
                if os.WIFSIGNALED(status):
                    job.signal = os.WTERMSIG(status)
                else:
                    job.exit_code = os.WEXITSTATUS(status)
                job.cpu = ru.ru_utime + ru.ru_stime
                job.maxrss_mb = ru.ru_maxrss / 1024.0
                job.stdout = _read_capped(out_path)
                job.stderr = _read_capped(err_path)
                for p in (out_path, err_path):
                    try:
                        os.unlink(p)
                    except OSError:
                        pass
                on_done(job)
            if not reaped and running:
                time.sleep(0.01 if len(running) < 4 else 0.02)
    except BaseException:
        for pid in list(running):
            _killpg(pid)
            try:
                os.waitpid(pid, 0)
            except OSError:
                pass
        raise


def _killpg(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def write_log(job, extra=''):
    if not job.log_path:
        return
    os.makedirs(os.path.dirname(job.log_path), exist_ok=True)
    with open(job.log_path, 'w', encoding='utf-8') as f:
        f.write('command: %s\n' % ' '.join(_shell_quote(a) for a in job.argv))
        f.write('exit: %s  signal: %s  wall-killed: %s\n' % (job.exit_code, job.signal, job.wall_killed))
        f.write('cpu: %.3f s  wall: %.3f s  maxrss: %.1f MB\n' % (job.cpu, job.wall, job.maxrss_mb))
        if extra:
            f.write(extra + '\n')
        if job.spawn_error:
            f.write('spawn error: %s\n' % job.spawn_error)
        f.write('--- stdout ---\n%s' % job.stdout[:1024 * 1024])
        if job.stdout and not job.stdout.endswith('\n'):
            f.write('\n')
        f.write('--- stderr ---\n%s' % job.stderr[:1024 * 1024])


def _shell_quote(s):
    return s if re.match(r'^[\w@%+=:,./-]+$', s) else "'" + s.replace("'", "'\\''") + "'"


# ---------------------------------------------------------------------------
# Classification

VERDICT_RE = re.compile(r'^(TRUE|UNKNOWN|FALSE)(?:\(([^()]*)\))?$')


def parse_verdict(stdout):
    """(verdict, subproperty, reason) from bitprove's output; verdict None if
    the first line is not a verdict."""
    lines = stdout.splitlines()
    first = lines[0].strip() if lines else ''
    m = VERDICT_RE.match(first)
    reason = ''
    for line in lines[1:]:
        if line.startswith('reason:'):
            reason = line[len('reason:'):].strip()
            break
    if not m or (m.group(2) is not None and m.group(1) != 'FALSE'):
        return None, None, reason
    return m.group(1), m.group(2), reason


def prepare_output(bitprove, out, kind, prog):
    """The output folder (out, or results/<kind>-<time stamp>), created, and a
    copy of the bitprove binary in it, which the runs use: others may relink
    the build's binary meanwhile. (out_dir, copy), or None with a message on
    stderr when the binary is missing."""
    bitprove = os.path.abspath(bitprove)
    if not os.access(bitprove, os.X_OK):
        print('%s: bitprove binary not found: %s' % (prog, bitprove), file=sys.stderr)
        return None
    stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
    out_dir = os.path.abspath(out or os.path.join(SCRIPT_DIR, 'results', '%s-%s' % (kind, stamp)))
    os.makedirs(out_dir, exist_ok=True)
    snapshot = os.path.join(out_dir, 'bitprove')
    shutil.copy2(bitprove, snapshot)
    return out_dir, snapshot


def select_tasks(folders, args, prog):
    """The tasks of the folders that --filter, --sample and --limit (args) keep;
    problems with task files are warnings on stderr, prefixed by prog."""
    errors = []
    tasks = find_tasks(folders, errors)
    for e in errors:
        print('%s: warning: %s' % (prog, e), file=sys.stderr)
    if args.filter:
        rx = re.compile(args.filter)
        tasks = [t for t in tasks if rx.search(t.ident)]
    if args.sample:
        tasks = sample_per_folder(tasks, args.sample)
    if args.limit is not None:
        tasks = tasks[:args.limit]
    return tasks


def sample_per_folder(tasks, n):
    """Every n-th task of each folder (the first, the (n+1)-th, ...), in name order."""
    seen = collections.Counter()
    kept = []
    for t in sorted(tasks, key=lambda t: t.ident):
        if seen[t.folder] % n == 0:
            kept.append(t)
        seen[t.folder] += 1
    return kept


def _last_line(text, limit=160):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[-1][:limit] if lines else ''


# Reasons (see failure_reason) of runs that ended abnormally.
ABNORMAL_REASONS = ('crash', 'error', 'memory', 'timeout')


def failure_reason(job, limits):
    """Reason if the run ended abnormally (None if it exited with status 0)."""
    if job.spawn_error:
        return 'error: cannot run bitprove: %s' % job.spawn_error
    if job.wall_killed:
        return 'timeout'
    memory = (MEMORY_PATTERNS.search(job.stderr) is not None or
              (limits.memory_mb and job.maxrss_mb >= 0.9 * limits.memory_mb))
    if job.signal is not None:
        if job.signal in (signal.SIGXCPU, signal.SIGKILL) and job.cpu >= limits.timeout:
            return 'timeout'
        if memory:
            return 'memory'
        return 'crash: signal %d' % job.signal
    if job.exit_code != 0:
        if memory:
            return 'memory'
        return 'error: exit %d: %s' % (job.exit_code, _last_line(job.stderr) or 'no message')
    return None


def classify(prop, job, limits):
    """(verdict string, status, reason) of one run of one property."""
    verdict, sub, reason = parse_verdict(job.stdout)
    vstr = '' if verdict is None else (verdict + ('(%s)' % sub if sub is not None else ''))
    fail = failure_reason(job, limits)
    if fail:
        return vstr, 'unknown', fail
    if verdict is None:
        first = job.stdout.splitlines()[0].strip() if job.stdout.strip() else ''
        return '', 'unknown', 'error: unparsable output: %r' % first[:80]
    if verdict != 'UNKNOWN' and job.cpu > limits.timeout:
        return vstr, 'unknown', 'timeout (late %s)' % vstr
    if verdict == 'UNKNOWN':
        return vstr, 'unknown', reason or 'no reason given'
    return vstr, status_of(prop, verdict, sub), ''


def status_of(prop, verdict, sub):
    """SV-COMP classification of a TRUE/FALSE verdict.  The subproperty of a
    FALSE must match the task's subproperty when the task gives one; for
    properties with a single subproperty a FALSE naming a different one is
    wrong too (a FALSE without subproperty is accepted there)."""
    if verdict == 'TRUE':
        return 'correct-true' if prop.expected == 'true' else 'wrong-true'
    if prop.expected == 'true':
        return 'wrong-false'
    want = prop.subproperty
    if want:
        return 'correct-false' if sub == want else 'wrong-false'
    if sub is not None and prop.name not in MULTI_SUBPROPERTY and sub != prop.name:
        return 'wrong-false'
    return 'correct-false'


# ---------------------------------------------------------------------------
# Tables

def fmt_table(headers, rows, align=None):
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r or []):
            widths[i] = max(widths[i], len(str(c)))
    align = align or ['<'] + ['>'] * (len(headers) - 1)
    def line(cells):
        return '  '.join(('{:%s%d}' % (align[i], widths[i])).format(str(c))
                         for i, c in enumerate(cells)).rstrip()
    out = [line(headers), '  '.join('-' * w for w in widths)]
    for r in rows:
        if r is None:
            out.append('  '.join('-' * w for w in widths))
        else:
            out.append(line(r))
    return '\n'.join(out)


def aggregate(results):
    agg = collections.Counter()
    cpu = 0.0
    for r in results:
        agg[r['status']] += 1
        cpu += r['cpu_s']
    score = sum(SCORES[s] * n for s, n in agg.items())
    return agg, score, cpu


SUMMARY_HEADERS = ['tasks', 'correct TRUE', 'correct FALSE', 'wrong TRUE',
                   'wrong FALSE', 'UNKNOWN', 'score', 'CPU time (s)']


def summary_row(name, results):
    agg, score, cpu = aggregate(results)
    return [name, len(results), agg['correct-true'], agg['correct-false'],
            agg['wrong-true'], agg['wrong-false'], agg['unknown'], score, '%.1f' % cpu]


def report(results, header_lines):
    """The text printed at the end of a verification run."""
    out = list(header_lines)
    by_folder = collections.OrderedDict()
    for r in sorted(results, key=lambda r: r['folder']):
        by_folder.setdefault(r['folder'], []).append(r)
    rows = [summary_row(f, rs) for f, rs in by_folder.items()]
    rows.append(None)
    rows.append(summary_row('TOTAL', results))
    out.append('')
    out.append(fmt_table(['folder'] + SUMMARY_HEADERS, rows))

    by_prop = collections.OrderedDict()
    for r in sorted(results, key=lambda r: r['property']):
        by_prop.setdefault(r['property'], []).append(r)
    out.append('')
    out.append(fmt_table(['property'] + SUMMARY_HEADERS,
                         [summary_row(p, rs) for p, rs in by_prop.items()]))

    reasons = collections.Counter(_reason_key(r['reason']) for r in results
                                  if r['status'] == 'unknown')
    if reasons:
        out.append('')
        out.append('UNKNOWN reasons (top 10):')
        for reason, n in reasons.most_common(10):
            out.append('  %6d  %s' % (n, reason))

    wrong = [r for r in results if r['status'].startswith('wrong')]
    agg, score, cpu = aggregate(results)
    out.append('')
    if wrong:
        out.append('!' * 72)
        out.append('!!! %d WRONG VERDICT%s (the worst outcome: -32 per wrong TRUE, -16 per wrong FALSE)'
                   % (len(wrong), '' if len(wrong) == 1 else 'S'))
        for r in sorted(wrong, key=lambda r: (r['status'], r['folder'], r['task'])):
            out.append('!!!   %-11s %s/%s  %s: expected %s, got %s'
                       % (r['status'].upper(), r['folder'], r['task'], r['property'],
                          r['expected'], r['verdict']))
        out.append('!' * 72)
    else:
        out.append('no wrong verdicts')
    correct = agg['correct-true'] + agg['correct-false']
    out.append('SUMMARY: score %d | %d tasks: %d correct (%d TRUE, %d FALSE), %d wrong '
               '(%d TRUE, %d FALSE), %d UNKNOWN | CPU %.1f s'
               % (score, len(results), correct, agg['correct-true'], agg['correct-false'],
                  agg['wrong-true'] + agg['wrong-false'], agg['wrong-true'],
                  agg['wrong-false'], agg['unknown'], cpu))
    return '\n'.join(out)


def _reason_key(reason):
    """A reason with its run-specific details cut off, for counting."""
    for prefix in ('error: exit', 'compilation failed', 'error: unparsable output',
                   'timeout (late'):
        if reason.startswith(prefix):
            return prefix + (')' if prefix.endswith('(late') else '')
    return reason[:100]


# ---------------------------------------------------------------------------
# Front-end mode

FE_FLOAT_THREADS = re.compile(r'float|double|thread|pthread', re.IGNORECASE)
# `call to undefined function 'foo'`, `external global 'jiffies'`: the kind
# is counted as one reason, the names get their own top list.
NAMED_CONSTRUCT = re.compile(r"^(.*\S)\s+'([^']*)'$")


def fe_classify(job, limits):
    """(status, reason, unsupported constructs) of one --frontend-only run."""
    lines = job.stdout.splitlines()
    first = lines[0].strip() if lines else ''
    reason = ''
    unsupported = []
    for line in lines[1:]:
        if line.startswith('reason:') and not reason:
            reason = line[len('reason:'):].strip()
        elif line.startswith('unsupported:'):
            unsupported.append(line[len('unsupported:'):].strip())
    fail = failure_reason(job, limits)
    if fail:
        return ('TIMEOUT' if fail == 'timeout' else 'CRASH'), fail, unsupported
    if first == 'LOWERED':
        return 'LOWERED', '', unsupported
    if first == 'UNKNOWN':
        if reason.startswith('timeout'):
            return 'TIMEOUT', reason, unsupported
        if reason.startswith('compilation failed'):
            return 'ERROR', reason, unsupported
        if unsupported:
            return 'UNSUPPORTED', reason, unsupported
        return 'ERROR', reason or 'UNKNOWN without reason', unsupported
    return 'CRASH', ('crash: missing first line' if not first
                     else 'crash: unexpected first line %r' % first[:60]), unsupported


def construct_of(unsupported_line):
    """`what at file:line:col` -> `what`."""
    return re.sub(r'\s+at\s+\S+$', '', unsupported_line).strip()


def fe_report(rows, header_lines):
    out = list(header_lines)
    total = len(rows)
    ft = [r for r in rows if r['float_threads']]
    rest = [r for r in rows if not r['float_threads']]
    counts = collections.Counter(r['status'] for r in rows)
    counts_rest = collections.Counter(r['status'] for r in rest)
    lowered_rest = counts_rest['LOWERED']
    share = 100.0 * lowered_rest / len(rest) if rest else 0.0
    statuses = ['LOWERED', 'UNSUPPORTED', 'ERROR', 'CRASH', 'TIMEOUT']
    by_folder = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: r['folder']):
        by_folder.setdefault(r['folder'], []).append(r)
    frows = []
    for folder, rs in by_folder.items():
        c = collections.Counter(r['status'] for r in rs)
        frows.append([folder, len(rs)] + [c[s] for s in statuses] +
                     [sum(r['float_threads'] for r in rs), '%.1f' % sum(r['cpu_s'] for r in rs)])
    out.append('')
    out.append(fmt_table(['folder', 'programs'] + statuses + ['float/threads', 'CPU time (s)'], frows))
    out.append('')
    out.append(fmt_table(['programs'] + statuses + ['total'],
                         [['all'] + [counts[s] for s in statuses] + [total],
                          ['with float/threads'] + [sum(1 for r in ft if r['status'] == s) for s in statuses] + [len(ft)],
                          ['without float/threads'] + [counts_rest[s] for s in statuses] + [len(rest)]]))

    constructs_all = collections.Counter()
    constructs_rest = collections.Counter()
    names = collections.OrderedDict()      # folded kind -> Counter of names
    names['call to undefined function'] = collections.Counter()
    for r in rows:
        if r['status'] == 'LOWERED':
            continue
        keys = set()
        for u in r['constructs']:
            m = NAMED_CONSTRUCT.match(u)
            if m:
                keys.add(m.group(1))
                names.setdefault(m.group(1), collections.Counter())[m.group(2)] += 1
            else:
                keys.add(u)
        if not keys:
            key = _reason_key(r['reason'] or 'no reason')
            keys.add('error: ' + key if r['status'] == 'ERROR' else key)
        for k in keys:
            constructs_all[k] += 1
            if not r['float_threads']:
                constructs_rest[k] += 1
    if constructs_all:
        out.append('')
        out.append("top-15 reasons (programs not lowered; a program counts once per construct; "
                   "names in quotes folded):")
        top = sorted(constructs_all, key=lambda k: (-constructs_rest[k], -constructs_all[k], k))[:15]
        out.append(fmt_table(['reason', 'w/o float/threads', 'all'],
                             [[k[:90], constructs_rest[k], constructs_all[k]] for k in top]))
    for kind, counter in names.items():
        if not counter:
            continue
        out.append('')
        title = 'undefined functions' if kind == 'call to undefined function' else "names in '%s'" % kind
        out.append('top-15 %s (programs):' % title)
        out.append(fmt_table(['name', 'programs'], [[f, n] for f, n in counter.most_common(15)]))
    crashes = [r for r in rows if r['status'] in ('CRASH', 'TIMEOUT')]
    if crashes:
        out.append('')
        out.append('!!! %d CRASH%s / TIMEOUT%s (target 0):' % (len(crashes), '' if len(crashes) == 1 else 'ES',
                                                           '' if len(crashes) == 1 else 'S'))
        for r in crashes[:50]:
            out.append('!!!   %-8s %s (%s): %s' % (r['status'], r['program'], r['data_model'], r['reason']))
    out.append('')
    out.append('FRONTEND SUMMARY: %d programs, %d with float/threads, %d without; lowered %d/%d = %.1f%% '
               'of those without float/threads (target >= 95%%); %d crashes, %d timeouts (target 0)'
               % (total, len(ft), len(rest), lowered_rest, len(rest), share,
                  counts['CRASH'], counts['TIMEOUT']))
    return '\n'.join(out)


# ---------------------------------------------------------------------------
# Main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description='Run bitprove on SV-COMP tasks and score the results.')
    ap.add_argument('folders', nargs='*', metavar='FOLDER',
                    help='benchmark root, task folders or .yml files (default: %s)' % DEFAULT_BENCHMARKS)
    ap.add_argument('--bitprove', default=DEFAULT_BITPROVE, help='bitprove binary (default: %(default)s)')
    ap.add_argument('--timeout', type=float, default=60, help='CPU seconds per run (default: %(default)s)')
    ap.add_argument('--memory', type=int, default=8000,
                    help='memory limit in MB, 0 for none (sanitizer builds) (default: %(default)s)')
    ap.add_argument('-j', type=int, default=1, dest='jobs', help='parallel runs (default: 1)')
    ap.add_argument('--properties', default='',
                    help='comma-separated property names (default: all of the task except coverage-*)')
    ap.add_argument('--out', help='output folder (default: bench/results/<timestamp>/)')
    ap.add_argument('--frontend-only', action='store_true',
                    help='run bitprove --frontend-only once per program instead of verifying')
    ap.add_argument('--extra', action='append', default=[], metavar='ARG',
                    help='extra argument for bitprove (repeatable)')
    ap.add_argument('--expected', choices=['true', 'false'],
                    help='only task properties with this expected verdict')
    ap.add_argument('--limit', type=int, help='only the first N tasks (after --filter)')
    ap.add_argument('--sample', type=int, metavar='N',
                    help='only every N-th task of each folder, in name order (after --filter): a dev sweep '
                         'that covers every folder and property in 1/N of the time')
    ap.add_argument('--filter', help='only tasks whose "folder/name" matches this regex')
    ap.add_argument('--fail-on-wrong', action='store_true',
                    help='exit with status 1 if any verdict is wrong')
    ap.add_argument('--fail-on-abnormal', action='store_true',
                    help='exit with status 1 if any run crashed, failed, or ran out of time or memory '
                         '(regression tests: bad input must give UNKNOWN, never a crash)')
    ap.add_argument('--wall-limit', type=float,
                    help='wall-clock seconds before a run is killed (default: 2 x timeout + 10)')
    ap.add_argument('--its', action='store_true',
                    help='termination of integer transition systems: run `bitprove its` on every .smt2/.koat/'
                         '.ari file under FOLDER (default: %s), count YES/NO/MAYBE, list contradictions'
                         % DEFAULT_ITS_BENCHMARKS)
    ap.add_argument('--termcomp', action='store_true',
                    help='termination of C programs as termCOMP asks it: run `bitprove termcomp` on every .c '
                         'file under FOLDER (default: the TPDB C and C_Integer sets), count YES/NO/MAYBE, list '
                         'contradictions; pick the integer semantics with --config, e.g. '
                         '--config math="--int-semantics math" --config bit="--int-semantics bit"')
    ap.add_argument('--config', action='append', default=[], metavar='NAME=ARGS',
                    help='--its/--termcomp: a prover configuration (extra `bitprove its`/`termcomp` arguments, space-separated); '
                         'repeatable; every file runs under every configuration (default: one, "default")')
    ap.add_argument('-q', '--quiet', action='store_true', help='no line per finished run')
    return ap.parse_args(argv)


def bitprove_version(bitprove):
    try:
        p = subprocess.run([bitprove, '--version'], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=20)
        return p.stdout.decode(errors='replace').strip().splitlines()[0] if p.stdout.strip() else '?'
    except (OSError, subprocess.SubprocessError, IndexError):
        return '?'


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.jobs < 1:
        print('run.py: -j must be at least 1', file=sys.stderr)
        return 2
    bitprove = os.path.abspath(args.bitprove)
    if not (os.path.isfile(bitprove) and os.access(bitprove, os.X_OK)):
        print('run.py: bitprove binary not found: %s\n'
              '        build it: cmake -S %s -B %s/build && cmake --build %s/build -j2'
              % (bitprove, REPO_DIR, REPO_DIR, REPO_DIR), file=sys.stderr)
        return 2
    if args.its and args.termcomp:
        print('run.py: --its and --termcomp exclude each other', file=sys.stderr)
        return 2
    folders = args.folders or (DEFAULT_TERMCOMP_BENCHMARKS if args.termcomp
                               else [DEFAULT_ITS_BENCHMARKS if args.its else DEFAULT_BENCHMARKS])
    missing = [f for f in folders if not os.path.exists(f)]
    if missing:
        print('run.py: no such file or folder: %s' % ', '.join(missing), file=sys.stderr)
        return 2
    if args.its or args.termcomp:
        return run_its(args, folders, bitprove)
    tasks = select_tasks(folders, args, 'run.py')
    wanted = [p.strip() for p in args.properties.split(',') if p.strip()]

    stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
    out_dir = os.path.abspath(args.out or os.path.join(SCRIPT_DIR, 'results', stamp))
    os.makedirs(out_dir, exist_ok=True)
    limits = Limits(args.timeout, args.memory, args.wall_limit)
    version = bitprove_version(bitprove)
    header = ['bitprove: %s (%s)' % (bitprove, version),
              'limits: %g s CPU (killed at %d s), %d MB, wall %g s, -j %d'
              % (limits.timeout, limits.cpu_soft, args.memory, limits.wall, args.jobs),
              'output: %s' % out_dir]
    with open(os.path.join(out_dir, 'command.txt'), 'w') as f:
        f.write(' '.join(_shell_quote(a) for a in [sys.executable, os.path.abspath(__file__)] +
                         (sys.argv[1:] if argv is None else list(argv))) + '\n')
        f.write('\n'.join(header) + '\n')

    if args.frontend_only:
        return run_frontend(args, tasks, bitprove, limits, out_dir, header)
    return run_verify(args, tasks, wanted, bitprove, limits, out_dir, header)


def _progress(args, i, n, text):
    if not args.quiet:
        print('[%*d/%d] %s' % (len(str(n)), i, n, text), file=sys.stderr, flush=True)


def run_verify(args, tasks, wanted, bitprove, limits, out_dir, header):
    jobs = []
    skipped_no_expected = 0
    for t in tasks:
        for p in t.properties:
            if wanted:
                if p.name not in wanted:
                    continue
            elif p.name.startswith('coverage-'):
                continue
            if p.expected is None:
                skipped_no_expected += 1
                continue
            if args.expected and p.expected != args.expected:
                continue
            argv = [bitprove, 'task', '--property', p.name, '--timeout', '%g' % args.timeout] \
                + args.extra + [t.yml]
            log = os.path.join(out_dir, 'logs', t.folder, '%s.%s.log' % (t.name, p.name))
            job = Job((t, p), argv, log)
            jobs.append(job)
    header = header + ['tasks: %d task files, %d verification tasks%s'
                       % (len(tasks), len(jobs),
                          ', %d selected properties without expected verdict skipped' % skipped_no_expected
                          if skipped_no_expected else '')]
    if not args.quiet:
        print('\n'.join(header), file=sys.stderr, flush=True)

    results = []
    def done(job):
        t, p = job.key
        verdict, status, reason = classify(p, job, limits)
        row = {'task': t.name, 'folder': t.folder, 'property': p.name,
               'expected': p.expected_str(), 'verdict': verdict, 'status': status,
               'cpu_s': round(job.cpu, 3), 'wall_s': round(job.wall, 3),
               'mem_mb': round(job.maxrss_mb, 1), 'reason': reason, 'log': job.log_path}
        results.append(row)
        write_log(job, 'classification: %s %s %s' % (status, verdict, reason))
        mark = ' <<< WRONG' if status.startswith('wrong') else ''
        _progress(args, len(results), len(jobs), '%s %s: %s %s%s (%.2f s)%s'
                  % (t.ident, p.name, verdict or '-', status,
                     ' [%s]' % reason if reason else '', job.cpu, mark))

    interrupted = run_all(jobs, args.jobs, limits, out_dir, done)

    results.sort(key=lambda r: (r['folder'], r['task'], r['property']))
    write_csv(os.path.join(out_dir, 'results.csv'), CSV_COLUMNS, results)
    text = report(results, header + (['INTERRUPTED: partial results'] if interrupted else []))
    text += '\nresults: %s' % os.path.join(out_dir, 'results.csv')
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    if interrupted:
        return 130
    if args.fail_on_wrong and any(r['status'].startswith('wrong') for r in results):
        return 1
    abnormal = [r for r in results if r['reason'].startswith(ABNORMAL_REASONS)]
    if args.fail_on_abnormal and abnormal:
        for r in abnormal[:20]:
            print('ABNORMAL: %s %s: %s' % (r['task'], r['property'], r['reason']))
        return 1
    return 0


# ---------------------------------------------------------------------------
# Integer transition systems (termCOMP conventions: YES / NO / MAYBE)

ITS_SUFFIXES = ('.smt2', '.koat', '.ari')
ITS_CSV_COLUMNS = ['file', 'folder', 'config', 'answer', 'status', 'cpu_s', 'wall_s', 'mem_mb', 'reason', 'path', 'log']


def find_its_files(paths, suffixes=ITS_SUFFIXES):
    files = []
    for p in paths:
        if os.path.isfile(p):
            files.append((os.path.abspath(p), os.path.basename(os.path.dirname(os.path.abspath(p)))))
            continue
        root = os.path.abspath(p)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for fn in sorted(filenames):
                if fn.endswith(suffixes):
                    # the folder below the given one; with several given, their names in front, so
                    # that C/Stroeder_15 and C_Integer/Stroeder_15 stay apart (and their logs too)
                    rel = os.path.relpath(dirpath, os.path.dirname(root)).split(os.sep)
                    folder = '/'.join(rel[:2]) if len(paths) > 1 else (rel[1] if len(rel) > 1 else rel[0])
                    files.append((os.path.join(dirpath, fn), folder))
    return files


def its_classify(job, limits):
    """(answer, status, reason): status is the answer, or TIMEOUT / ERROR."""
    first = job.stdout.splitlines()[0].strip() if job.stdout.strip() else ''
    fail = failure_reason(job, limits)
    if fail:
        return first, ('TIMEOUT' if fail.startswith(('timeout', 'memory')) else 'ERROR'), fail
    if first not in ('YES', 'NO', 'MAYBE'):
        return first, 'ERROR', 'unparsable output: %r' % first[:80]
    if first != 'MAYBE' and job.cpu > limits.timeout:
        return first, 'TIMEOUT', 'late %s' % first
    reason = ''
    if first == 'MAYBE':
        for line in job.stdout.splitlines()[1:3]:
            if line.startswith('reason:'):
                reason = line[len('reason:'):].strip()
        if job.cpu >= limits.timeout * 0.95 or 'time' in reason and 'out' in reason:
            return first, 'TIMEOUT', reason or 'gave up at the time limit'
    return first, first, reason


def run_its(args, folders, bitprove):
    limits = Limits(args.timeout, args.memory, args.wall_limit)
    configs = []
    for c in args.config or ['default=']:
        name, _, extra = c.partition('=')
        configs.append((name.strip() or 'default', extra.split()))
    subcommand = 'termcomp' if args.termcomp else 'its'
    files = find_its_files(folders, ('.c',) if args.termcomp else ITS_SUFFIXES)
    if args.filter:
        rx = re.compile(args.filter)
        files = [f for f in files if rx.search(f[0])]
    if args.limit is not None:
        files = files[:args.limit]
    stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
    out_dir = os.path.abspath(args.out or os.path.join(SCRIPT_DIR, 'results', subcommand + '-' + stamp))
    os.makedirs(out_dir, exist_ok=True)
    header = ['bitprove: %s (%s)' % (bitprove, bitprove_version(bitprove)),
              'limits: %g s CPU (killed at %d s), %d MB, wall %g s, -j %d'
              % (limits.timeout, limits.cpu_soft, args.memory, limits.wall, args.jobs),
              '%s files: %d, configurations: %s' % ('C' if args.termcomp else 'ITS', len(files), ', '.join(
                  '%s [%s]' % (n, ' '.join(e)) for n, e in configs)),
              'output: %s' % out_dir]
    with open(os.path.join(out_dir, 'command.txt'), 'w') as f:
        f.write(' '.join(_shell_quote(a) for a in [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]) + '\n')
    jobs = []
    for path, folder in files:
        for name, extra in configs:
            argv = [bitprove, subcommand, '--timeout', '%g' % args.timeout] + extra + args.extra + [path]
            log = os.path.join(out_dir, 'logs', name, folder, os.path.basename(path) + '.log')
            jobs.append(Job((path, folder, name), argv, log))
    if not args.quiet:
        print('\n'.join(header), file=sys.stderr, flush=True)
    rows = []

    def done(job):
        path, folder, name = job.key
        answer, status, reason = its_classify(job, limits)
        rows.append({'file': os.path.basename(path), 'path': path, 'folder': folder, 'config': name,
                     'answer': answer, 'status': status, 'cpu_s': round(job.cpu, 3),
                     'wall_s': round(job.wall, 3), 'mem_mb': round(job.maxrss_mb, 1),
                     'reason': reason, 'log': job.log_path})
        write_log(job, 'classification: %s %s' % (status, reason))
        _progress(args, len(rows), len(jobs), '%s/%s [%s]: %s%s (%.2f s)'
                  % (folder, os.path.basename(path), name, status,
                     ' [%s]' % reason[:100] if reason and status != 'MAYBE' else '', job.cpu))

    interrupted = run_all(jobs, args.jobs, limits, out_dir, done)
    rows.sort(key=lambda r: (r['folder'], r['file'], r['config']))
    write_csv(os.path.join(out_dir, 'its.csv'), ITS_CSV_COLUMNS, rows)
    text = its_report(rows, configs, header + (['INTERRUPTED: partial results'] if interrupted else []))
    text += '\nresults: %s' % os.path.join(out_dir, 'its.csv')
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    if interrupted:
        return 130
    if args.fail_on_wrong and its_contradictions(rows):
        return 1
    if args.fail_on_abnormal and any(r['status'] == 'ERROR' for r in rows):
        return 1
    return 0


def its_contradictions(rows):
    """Files answered YES under one configuration and NO under another."""
    seen = collections.defaultdict(set)
    for r in rows:
        if r['status'] in ('YES', 'NO'):
            seen[r['path']].add(r['status'])
    return sorted(p for p, s in seen.items() if len(s) > 1)


def its_report(rows, configs, header):
    out = list(header) + ['']
    statuses = ['YES', 'NO', 'MAYBE', 'TIMEOUT', 'ERROR']
    table = []
    for name, _ in configs:
        mine = [r for r in rows if r['config'] == name]
        for folder in sorted({r['folder'] for r in mine}) + [None]:
            sel = [r for r in mine if folder is None or r['folder'] == folder]
            if not sel:
                continue
            cpu = sorted(r['cpu_s'] for r in sel)
            counts = [sum(1 for r in sel if r['status'] == st) for st in statuses]
            if folder is None:
                table.append(None)
            table.append([name, folder or 'total', len(sel)] + counts +
                         ['%.1f' % sum(cpu), '%.2f' % cpu[len(cpu) // 2]])
    out.append(fmt_table(['config', 'folder', 'files'] + statuses + ['cpu_s', 'median_s'], table,
                         ['<', '<'] + ['>'] * 8))
    contra = its_contradictions(rows)
    out.append('')
    out.append('contradictions (YES and NO for the same file): %d' % len(contra))
    for p in contra[:50]:
        out.append('  CONTRADICTION: %s' % p)
    errors = [r for r in rows if r['status'] == 'ERROR']
    for r in errors[:20]:
        out.append('  ERROR: %s [%s]: %s' % (r['path'], r['config'], r['reason']))
    return '\n'.join(out)


def run_all(jobs, njobs, limits, out_dir, done):
    """Runs the jobs in out_dir/tmp; True if interrupted (partial results)."""
    interrupted = False
    try:
        run_jobs(jobs, njobs, limits, os.path.join(out_dir, 'tmp'), done)
    except KeyboardInterrupt:
        interrupted = True
        print('run.py: interrupted; partial results follow', file=sys.stderr)
    shutil.rmtree(os.path.join(out_dir, 'tmp'), ignore_errors=True)
    return interrupted


def write_csv(path, columns, rows):
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(columns)
        for r in rows:
            w.writerow([r[c] for c in columns])


def run_frontend(args, tasks, bitprove, limits, out_dir, header):
    programs = collections.OrderedDict()     # (program, data model) -> folder
    for t in tasks:
        for prog in t.programs:
            programs.setdefault((prog, t.data_model), t.folder)
    jobs = []
    for (prog, dm), folder in programs.items():
        argv = [bitprove, '--frontend-only', '--data-model', dm,
                '--timeout', '%g' % args.timeout] + args.extra + [prog]
        log = os.path.join(out_dir, 'logs', folder, '%s.%s.log' % (os.path.basename(prog), dm))
        jobs.append(Job((prog, dm, folder), argv, log))
    header = header + ['front end only: %d programs from %d tasks' % (len(jobs), len(tasks))]
    if not args.quiet:
        print('\n'.join(header), file=sys.stderr, flush=True)

    rows = []
    def done(job):
        prog, dm, folder = job.key
        status, reason, unsupported = fe_classify(job, limits)
        constructs = sorted({construct_of(u) for u in unsupported})
        ft = any(FE_FLOAT_THREADS.search(c) for c in constructs)
        rows.append({'program': os.path.basename(prog), 'path': prog, 'folder': folder,
                     'data_model': dm, 'status': status, 'float_threads': 1 if ft else 0,
                     'cpu_s': round(job.cpu, 3), 'wall_s': round(job.wall, 3),
                     'mem_mb': round(job.maxrss_mb, 1), 'reason': reason,
                     'unsupported': '; '.join(constructs), 'constructs': constructs})
        write_log(job, 'classification: %s %s' % (status, reason))
        _progress(args, len(rows), len(jobs), '%s/%s (%s): %s%s (%.2f s)'
                  % (folder, os.path.basename(prog), dm, status,
                     ' [%s]' % (reason or '; '.join(constructs))[:100] if status != 'LOWERED' else '',
                     job.cpu))

    interrupted = run_all(jobs, args.jobs, limits, out_dir, done)

    rows.sort(key=lambda r: (r['folder'], r['program'], r['data_model']))
    write_csv(os.path.join(out_dir, 'frontend.csv'), FE_CSV_COLUMNS, rows)
    text = fe_report(rows, header + (['INTERRUPTED: partial results'] if interrupted else []))
    text += '\nresults: %s' % os.path.join(out_dir, 'frontend.csv')
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    if interrupted:
        return 130
    if args.fail_on_wrong and any(r['status'] in ('CRASH', 'TIMEOUT') for r in rows):
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
