"""Programs for the tests that use native execution as an oracle: run.py
(the interpreter against native runs) and verify.py (the verifying engines
on programs whose native run ends).

Each program is preprocessed once (`clang-14 -E`) into a `.i` that both the
native build (`clang-14 -O0 -w ... -lm`) and bitprove read, so no header can differ
between the two sides.  csmith programs are generated with fixed seeds; seeds
whose native run times out or crashes are skipped and the next ones taken, so
the selection is reproducible and independent of the number of jobs.
Generated programs, `.i` files and native results are cached, keyed by the
harness version, the csmith version and options, and the clang version.

Python 3 standard library only.
"""

import argparse
import glob
import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time

HARNESS_VERSION = '1'       # bump to invalidate every cache
NATIVE_MEMORY = 1 << 30     # bytes, native programs


# ---------------------------------------------------------------------------
# processes

class Proc:
    def __init__(self):
        self.rc = None          # exit status, or None if killed by a signal
        self.signal = None
        self.stdout = b''
        self.stderr = b''
        self.wall = 0.0
        self.timed_out = False


def run_cmd(argv, timeout, memory=None, cwd=None):
    """Run argv in its own process group; kill the group after `timeout`
    wall-clock seconds.  `memory` caps the address space (set right after the
    spawn with prlimit, so no preexec_fn is needed in this threaded code)."""
    p = Proc()
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=cwd, start_new_session=True)
    except OSError as e:
        p.rc = 127
        p.stderr = str(e).encode()
        return p
    if memory:
        try:
            resource.prlimit(proc.pid, resource.RLIMIT_AS, (memory, memory))
            resource.prlimit(proc.pid, resource.RLIMIT_CORE, (0, 0))
        except (OSError, ValueError, AttributeError):
            pass
    try:
        p.stdout, p.stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.timed_out = True
        _killpg(proc.pid)
        p.stdout, p.stderr = proc.communicate()
    _killpg(proc.pid)
    p.wall = time.monotonic() - start
    if proc.returncode < 0:
        p.signal = -proc.returncode
    else:
        p.rc = proc.returncode
    return p


def _killpg(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def tail(data, n=3):
    """The last n non-empty lines of data, on one line."""
    lines = [l for l in data.decode(errors='replace').splitlines() if l.strip()]
    return ' | '.join(lines[-n:])[:300]


# ---------------------------------------------------------------------------
# tools

def find_clang():
    for name in ('clang-14', 'clang'):
        path = shutil.which(name)
        if path:
            return path
    return None


def find_csmith_include():
    """The folder of csmith.h (Debian: libcsmith-dev, /usr/include/csmith)."""
    candidates = []
    for pkg in ('libcsmith-dev', 'csmith'):
        try:
            out = subprocess.run(['dpkg', '-L', pkg], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL).stdout.decode(errors='replace')
            candidates += [l for l in out.splitlines() if l.endswith('/csmith.h')]
        except OSError:
            pass
    candidates += sorted(glob.glob('/usr/include/csmith*/csmith.h'))
    candidates += sorted(glob.glob('/usr/local/include/csmith*/csmith.h'))
    for c in candidates:
        if os.path.isfile(c):
            return os.path.dirname(c)
    return None


def tool_version(argv):
    try:
        out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout
        return out.decode(errors='replace').strip().splitlines()[0]
    except (OSError, IndexError):
        return '?'


def _atomic_write(path, data):
    tmp = path + '.tmp%d' % os.getpid()
    with open(tmp, 'wb') as f:
        f.write(data)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------
# programs

class Program:
    def __init__(self, name, kind, source=None, seed=None):
        self.name = name          # own/<file> or csmith/seed-<N>
        self.kind = kind          # 'own' or 'csmith'
        self.source = source      # hand-written source path
        self.seed = seed
        self.c_path = None        # the C file (in the cache for csmith)
        self.i_path = None        # the preprocessed file both sides run
        self.native = None        # dict: status ('ok', 'timeout', 'crash', 'error'), rc, wall, detail
        self.native_stdout = b''
        self.outcome = None       # set by the test
        self.detail = ''


class Toolchain:
    """clang, csmith and the cache folders for one set of csmith options.
    `errors` lists what is missing (empty when everything was found)."""

    def __init__(self, clang, csmith_options, bitprove, cache=None, need_csmith=True,
                 native_timeout=5.0):
        self.clang = clang
        self.csmith = shutil.which('csmith')
        self.csmith_inc = find_csmith_include()
        self.csmith_options = list(csmith_options)
        self.native_timeout = native_timeout
        self.errors = []
        if not clang:
            self.errors.append('clang-14 not found (apt-get install -y clang-14)')
        if not (os.path.isfile(bitprove) and os.access(bitprove, os.X_OK)):
            self.errors.append('bitprove not found: %s (build it: cmake -S . -B build && cmake --build build -j2)'
                               % bitprove)
        if need_csmith and not self.csmith:
            self.errors.append('csmith not found (apt-get install -y csmith libcsmith-dev)')
        if need_csmith and self.csmith and not self.csmith_inc:
            self.errors.append('csmith.h not found (apt-get install -y libcsmith-dev)')
        if self.errors:
            return
        if not cache:
            cache = os.path.join(os.path.dirname(bitprove), 'differential-cache') \
                if os.access(os.path.dirname(bitprove), os.W_OK) \
                else os.path.join(tempfile.gettempdir(), 'bitprove-differential-%d' % os.getuid())
        self.cache = cache
        clang_version = tool_version([clang, '--version'])
        key = '\n'.join([HARNESS_VERSION, tool_version([self.csmith, '--version']) if self.csmith else '',
                         ' '.join(self.csmith_options), clang_version, self.csmith_inc or ''])
        self.csmith_dir = os.path.join(cache, 'csmith-' + hashlib.sha1(key.encode()).hexdigest()[:12])
        self.own_dir = os.path.join(cache, 'own-' + hashlib.sha1(
            (HARNESS_VERSION + clang_version).encode()).hexdigest()[:12])
        os.makedirs(self.csmith_dir, exist_ok=True)
        os.makedirs(self.own_dir, exist_ok=True)

    def prepare(self, prog):
        """Generate (csmith), preprocess, compile and run natively; cached."""
        if prog.kind == 'csmith':
            base = os.path.join(self.csmith_dir, 'seed-%d' % prog.seed)
            prog.c_path = base + '.c'
            if not os.path.exists(prog.c_path):
                tmp = prog.c_path + '.tmp%d' % os.getpid()
                p = run_cmd([self.csmith, '--seed', str(prog.seed)] + self.csmith_options + ['-o', tmp], 60)
                if p.rc != 0 or not os.path.exists(tmp):
                    prog.native = {'status': 'error', 'detail': 'csmith failed: %s' % tail(p.stderr)}
                    return prog
                os.replace(tmp, prog.c_path)
            includes = ['-I', self.csmith_inc]
        else:
            with open(prog.source, 'rb') as f:
                digest = hashlib.sha1(f.read()).hexdigest()[:12]
            base = os.path.join(self.own_dir, '%s-%s' % (os.path.splitext(os.path.basename(prog.source))[0], digest))
            prog.c_path = prog.source
            includes = []
        prog.i_path = base + '.i'
        native_json = base + '.native.json'
        native_out = base + '.native.out'
        if os.path.exists(native_json) and os.path.exists(prog.i_path):
            with open(native_json) as f:
                prog.native = json.load(f)
            if os.path.exists(native_out):
                with open(native_out, 'rb') as f:
                    prog.native_stdout = f.read()
            return prog
        exe = base + '.exe%d' % os.getpid()
        tmp = prog.i_path + '.tmp%d' % os.getpid()
        p = run_cmd([self.clang, '-E'] + includes + [prog.c_path, '-o', tmp], 120)
        if p.rc != 0:
            prog.native = {'status': 'error', 'detail': 'preprocessing failed: %s' % tail(p.stderr)}
            return prog
        os.replace(tmp, prog.i_path)
        p = run_cmd([self.clang, '-O0', '-w', prog.i_path, '-o', exe, '-lm'], 120)
        if p.rc != 0:
            prog.native = {'status': 'error', 'detail': 'native compilation failed: %s' % tail(p.stderr)}
            return prog      # not cached: a broken toolchain should not stick
        p = run_cmd([exe], self.native_timeout, memory=NATIVE_MEMORY)
        if p.timed_out:
            native = {'status': 'timeout', 'detail': 'native run timed out (%g s)' % self.native_timeout}
        elif p.signal is not None:
            native = {'status': 'crash', 'detail': 'native run killed by signal %d' % p.signal}
        else:
            native = {'status': 'ok', 'rc': p.rc, 'wall': round(p.wall, 3)}
        try:
            os.unlink(exe)
        except OSError:
            pass
        _atomic_write(native_out, p.stdout)
        _atomic_write(native_json, json.dumps(native).encode())
        prog.native = native
        prog.native_stdout = p.stdout
        return prog

    def select_csmith(self, pool, count, jobs, only=None, extra_seeds=(), kind='csmith'):
        """Prepares csmith seeds 1, 2, ... until `count` of them ran natively
        (seeds whose native run times out or crashes are skipped), then the
        seeds in extra_seeds.  Returns (programs that ran natively, the others)."""
        ok, others = [], []
        seed = 1
        max_seed = max(3 * count + 20, 20)
        while count > 0 and len(ok) < count and seed <= max_seed:
            batch = []
            while len(batch) < max(2 * jobs, count - len(ok)) and seed <= max_seed:
                p = Program('%s/seed-%d' % (kind, seed), 'csmith', seed=seed)
                seed += 1
                if only and not only.search(p.name):
                    continue
                batch.append(p)
            if not batch:
                break
            for p in pool.map(self.prepare, batch):
                if len(ok) >= count:
                    break             # keep the selection independent of -j
                (ok if p.native['status'] == 'ok' else others).append(p)
            if only:
                break
        have = {p.seed for p in ok}
        extra = [Program('%s/seed-%d' % (kind, s), 'csmith', seed=s) for s in extra_seeds
                 if s not in have and (not only or only.search('%s/seed-%d' % (kind, s)))]
        for p in pool.map(self.prepare, extra):
            (ok if p.native['status'] == 'ok' else others).append(p)
        return ok, others


def add_common_args(ap, sample, full, default_bitprove):
    """The options run.py and verify.py share: program selection, tools, cache."""
    ap.add_argument('--full', action='store_true', help='%d csmith programs (default: %d)' % (full, sample))
    ap.add_argument('--count', type=int, help='number of csmith programs (overrides --full)')
    ap.add_argument('--bitprove', default=os.environ.get('BITPROVE', default_bitprove),
                    help='bitprove binary (default: $BITPROVE or %(default)s)')
    ap.add_argument('-j', type=int, default=os.cpu_count() or 1, dest='jobs', help='parallel runs')
    ap.add_argument('--native-timeout', type=float, default=5, help='native run wall-clock limit (default 5)')
    ap.add_argument('--cache', help='cache folder (default: <bitprove dir>/differential-cache, or /tmp)')
    ap.add_argument('--clang', default=find_clang(), help='clang for preprocessing and native builds')
    ap.add_argument('--only', help='only programs whose name (own/<file>, csmith/seed-<N>) matches this regex')
    ap.add_argument('-v', '--verbose', action='store_true', help='a line for every program or run')


def count_of(args, sample, full):
    return args.count if args.count is not None else (full if args.full else sample)


def toolchain_from_args(args, csmith_options, tag, need_csmith=True):
    """The Toolchain for parsed common arguments (args.bitprove made
    absolute), or None after printing what is missing as a failed test."""
    args.bitprove = os.path.abspath(args.bitprove)
    tools = Toolchain(args.clang, csmith_options, args.bitprove, cache=args.cache, need_csmith=need_csmith,
                      native_timeout=args.native_timeout)
    if tools.errors:
        for e in tools.errors:
            print('%s: %s' % (tag, e))
        print('0 passed, 1 failed')
        return None
    return tools
