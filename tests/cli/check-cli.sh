#!/usr/bin/env bash
# Checks bitprove's command line as a user meets it: the verdict is the first
# line, bad input gives UNKNOWN with a reason (never a crash), usage errors exit 2.
# Usage: check-cli.sh PATH/TO/bitprove   (run from the repository root)
set -u
bp=${1:?usage: check-cli.sh BITPROVE}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run NAME EXPECTED_EXIT ARGS...: runs bitprove, keeps stdout/stderr in $out/$err.
run() {
  local name=$1 want=$2
  shift 2
  out=$("$bp" "$@" 2>"$tmp/stderr")
  code=$?
  err=$(cat "$tmp/stderr")
  if [ "$code" -ne "$want" ]; then bad "$name: exit $code, expected $want (stderr: $err)"; return 1; fi
  if [ "$code" -ge 128 ]; then bad "$name: killed by a signal"; return 1; fi
  return 0
}
first_line() { printf '%s\n' "$out" | head -n 1; }
expect_first() { # NAME WANT
  if [ "$(first_line)" = "$2" ]; then ok; else bad "$1: first line '$(first_line)', expected '$2'"; fi
}
expect_out() { # NAME REGEX
  if printf '%s\n' "$out" | grep -Eq -- "$2"; then ok; else bad "$1: stdout lacks /$2/: $out"; fi
}
expect_err() { # NAME REGEX
  if printf '%s\n' "$err" | grep -Eq -- "$2"; then ok; else bad "$1: stderr lacks /$2/: $err"; fi
}

cat >"$tmp/ok.c" <<'C'
extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); while (x > 0) x--; return 0; }
C
cat >"$tmp/unsafe.c" <<'C'
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }
C
cat >"$tmp/float.c" <<'C'
int main(void) { long double d = 1.5; d = d * 2; return (int)d; }
C
cat >"$tmp/double.c" <<'C'
#include <math.h>
int main(void) { double d = 1.5; float f = (float)sqrt(d * 2); return (int)d + (f < 0.5f); }
C
cat >"$tmp/asm-reg.c" <<'C'
int main(void) { int x = 1, y; __asm__ volatile("movl %1, %0" : "=r"(y) : "r"(x)); return y; }
C
cat >"$tmp/asm-mem.c" <<'C'
int g;
int main(void) { __asm__ volatile("incl %0" : "+m"(g)); return g; }
C
cat >"$tmp/asm-clobber.c" <<'C'
int g;
int main(void) { g = 1; __asm__ volatile("mfence" ::: "memory"); return g; }
C
cat >"$tmp/asm-multi.c" <<'C'
int main(void) { unsigned lo, hi; __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)); return (int)(lo ^ hi); }
C
cat >"$tmp/asm-barrier.c" <<'C'
int main(void) { int x = 0; __asm__ volatile("" ::: "memory"); return x; }
C
cat >"$tmp/asm-goto.c" <<'C'
int main(void) { __asm__ goto("jmp %l0" :::: out); return 0; out: return 1; }
C
cat >"$tmp/syntax.c" <<'C'
int main(void) { return 0 }
C
cat >"$tmp/nomain.c" <<'C'
int f(int x) { return x + 1; }
C
printf 'this is not a property\n' >"$tmp/bad.prp"
printf 'extern int ext(void);\nint main(void) { int x = ext(); while (x > 0) x--; return 0; }\n' >"$tmp/undef.c"
printf "format_version: '2.0'\ninput_files: 'undef.c'\nproperties:\n  - property_file: $PWD/properties/termination.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n" >"$tmp/task-undef.yml"
cat >"$tmp/task.yml" <<YML
format_version: '2.0'
input_files: 'ok.c'
properties:
  - property_file: $PWD/properties/termination.prp
    expected_verdict: true
  - property_file: $PWD/properties/valid-memsafety.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
YML
printf 'input_files: ok.c\nproperties: [\n' >"$tmp/broken.yml"

# Usage and information.
run version 0 --version && expect_first version "bitprove 0.1.0"
run help 0 --help && expect_out help "^usage: bitprove"
run no-args 2 && expect_err no-args "no input file"
run unknown-option 2 --frobnicate x.c && expect_err unknown-option "unknown option"
run no-prop 2 "$tmp/ok.c" && expect_err no-prop "no property"
run bad-data-model 2 --data-model LP128 --prop termination "$tmp/ok.c" && expect_err bad-data-model "data model"

# Verdicts: a proof with its assumptions, a replayed counterexample, or an
# honest UNKNOWN with a reason.
run ok 0 --prop properties/termination.prp "$tmp/ok.c" && expect_first ok TRUE &&
  expect_out ok "symbolic execution graph .* terminates"
run ok-proof 0 --prop termination --engine seg --proof "$tmp/ok.c" && expect_first ok-proof TRUE &&
  expect_out ok-proof "ranking function"
run ok-direct 0 --prop termination --engine direct "$tmp/ok.c" && expect_first ok-direct TRUE &&
  expect_out ok-direct "^assumption: "
run ok-dot 0 --prop valid-memsafety --engine seg --dump-seg "$tmp/ok.dot" "$tmp/ok.c" &&
  expect_first ok-dot TRUE && expect_out ok-dot "graph written to"
run seg-stats 0 --prop no-overflow --engine seg --stats "$tmp/ok.c" && expect_first seg-stats TRUE &&
  expect_err seg-stats "seg queries per state"
run ok-bmc 0 --prop termination --engine bmc --bmc-bound 16 "$tmp/ok.c" && expect_first ok-bmc UNKNOWN &&
  expect_out ok-bmc "^reason: bmc: no bound can grow"
run direct-safety 0 --prop unreach-call --engine direct "$tmp/ok.c" && expect_first direct-safety UNKNOWN &&
  expect_out direct-safety "^reason: the direct translation decides termination only"
# The lasso search alone: a driver's environment loop whose idle command is
# none of the constants main compares with (the switch's default letter).
run lasso-default 0 --prop termination --engine lasso --timeout 60 tests/regression/env-default-unsafe.c &&
  expect_first lasso-default "FALSE(termination)" && expect_out lasso-default "^stem: nondet values \(3\): 0,1,3$"
# Modular graphs: a zeroing allocator's two return states (NULL, and a
# fresh object) stay apart, so its callers keep the object and its zeros.
run seg-modular-alloc 0 --prop valid-memsafety --engine seg --seg-modular-all --timeout 60 \
  tests/regression/calloc-zero-safe.c && expect_first seg-modular-alloc TRUE
run unsafe 0 --prop unreach-call --timeout 60 "$tmp/unsafe.c" && expect_first unsafe "FALSE(unreach-call)" &&
  expect_out unsafe "replayed by the interpreter"
run unsafe-bound 0 --prop unreach-call --bmc-bound 2 --timeout 60 "$tmp/unsafe.c" &&
  expect_first unsafe-bound "FALSE(unreach-call)"
run bad-engine 2 --engine sat --prop termination "$tmp/ok.c" && expect_err bad-engine "engine"
run bad-bound 2 --bmc-bound 0 --prop unreach-call "$tmp/ok.c" && expect_err bad-bound "bmc-bound"
run float 0 --prop termination "$tmp/float.c" && expect_first float UNKNOWN &&
  expect_out float "reason: unsupported construct: floating point \\(long double, x86_fp80\\) at .*float.c:1"

# Bad input: one error line, UNKNOWN with the reason, exit 0.
run missing-file 0 --prop termination "$tmp/nope.c" && expect_first missing-file UNKNOWN &&
  expect_err missing-file "^bitprove: error: "
run syntax 0 --prop termination "$tmp/syntax.c" && expect_first syntax UNKNOWN &&
  expect_out syntax "reason: compilation failed: .*syntax.c:1"
run nomain 0 --prop termination "$tmp/nomain.c" && expect_first nomain UNKNOWN && expect_out nomain "main"
run bad-prp 0 --prop "$tmp/bad.prp" "$tmp/ok.c" && expect_first bad-prp UNKNOWN &&
  expect_out bad-prp "reason: malformed property file"
run missing-prp 0 --prop "$tmp/none.prp" "$tmp/ok.c" && expect_first missing-prp UNKNOWN &&
  expect_out missing-prp "cannot read property file"
run not-c 0 --prop termination properties/termination.prp && expect_first not-c UNKNOWN
# Only regular files are read as property, task or ITS files: /dev/zero
# would otherwise be read until the memory is gone.
run prp-device 0 --prop /dev/zero "$tmp/ok.c" && expect_first prp-device UNKNOWN &&
  expect_out prp-device "cannot read property file '/dev/zero': not a regular file"
run prp-dir 0 --prop "$tmp" "$tmp/ok.c" && expect_first prp-dir UNKNOWN && expect_out prp-dir "is a directory"
run task-device 0 task /dev/zero && expect_first task-device UNKNOWN &&
  expect_out task-device "cannot read task file '/dev/zero': not a regular file"
ln -s /dev/zero "$tmp/zero.koat"
run its-device 0 its "$tmp/zero.koat" && expect_first its-device MAYBE &&
  expect_err its-device "^bitprove: error: .*zero.koat: cannot read: not a regular file$"

# Tasks.
run task 0 task "$tmp/task.yml" && expect_first task "termination: TRUE" &&
  expect_out task "^valid-memsafety: TRUE" && expect_out task "^  proof: "
run task-one 0 task "$tmp/task.yml" --property valid-memsafety && expect_first task-one TRUE
run task-no-such 2 task "$tmp/task.yml" --property termination2 && expect_err task-no-such "no such property"
run task-broken 0 task "$tmp/broken.yml" && expect_first task-broken UNKNOWN &&
  expect_out task-broken "reason: malformed task file"
run task-missing 0 task "$tmp/none.yml" && expect_first task-missing UNKNOWN
# A property's name comes from the task file and may be long: printed whole.
long=$(printf 'p%.0s' $(seq 200))
cp properties/termination.prp "$tmp/$long.prp"
cat >"$tmp/long.yml" <<YML
format_version: '2.0'
input_files: 'ok.c'
properties:
  - property_file: $tmp/$long.prp
  - property_file: $PWD/properties/valid-memsafety.prp
YML
run task-long-name 0 task "$tmp/long.yml" && expect_first task-long-name "$long: TRUE"

# Front end views and data models.
run dump-lp64 0 --dump-ir "$tmp/ok.c" && expect_out dump-lp64 "pointer width 64" && expect_out dump-lp64 "define i32 @main"
run dump-ilp32 0 --dump-ir --data-model ILP32 "$tmp/ok.c" && expect_out dump-ilp32 "pointer width 32"
run task-ilp32 0 task "$tmp/task.yml" --dump-ir && expect_out task-ilp32 "pointer width 32"
run fe-ok 0 --frontend-only "$tmp/ok.c" && expect_first fe-ok LOWERED
run fe-float 0 --frontend-only "$tmp/float.c" && expect_first fe-float UNKNOWN &&
  expect_out fe-float "^unsupported: floating point \\(long double, x86_fp80\\) at "
run fe-double 0 --frontend-only "$tmp/double.c" && expect_first fe-double LOWERED
run dump-double 0 --dump-ir "$tmp/double.c" && expect_out dump-double "= fmul i64 " &&
  expect_out dump-double "= fmath sqrt i64 " && expect_out dump-double "= fptrunc i64 " &&
  expect_out dump-double "= fcmp olt i32 " && expect_out dump-double "= fptosi i64 "
for a in asm-reg asm-mem asm-clobber asm-multi asm-barrier; do
  run "fe-$a" 0 --frontend-only "$tmp/$a.c" && expect_first "fe-$a" LOWERED
done
run dump-asm-mem 0 --dump-ir "$tmp/asm-mem.c" && expect_out dump-asm-mem "havoc 4 ptr @g"
run dump-asm-clobber 0 --dump-ir "$tmp/asm-clobber.c" && expect_out dump-asm-clobber "asm memory"
run fe-asm-goto 0 --frontend-only "$tmp/asm-goto.c" && expect_first fe-asm-goto UNKNOWN &&
  expect_out fe-asm-goto "^unsupported: inline asm goto at .*asm-goto.c:1"
run fe-syntax 0 --frontend-only "$tmp/syntax.c" && expect_first fe-syntax UNKNOWN
run dump-missing 1 --dump-ir "$tmp/nope.c" && expect_err dump-missing "^bitprove: error: "
clang-14 -S -emit-llvm -O0 -Xclang -disable-O0-optnone -o "$tmp/ok.ll" "$tmp/ok.c" 2>/dev/null
run ll-input 0 --frontend-only "$tmp/ok.ll" && expect_first ll-input LOWERED
clang-14 -E -o "$tmp/ok.i" "$tmp/ok.c" 2>/dev/null
run i-input 0 --frontend-only "$tmp/ok.i" && expect_first i-input LOWERED

# modular graphs: a recursion's TRUE names the function summaries it used;
# --seg-modular-all gives a function with a loop summaries too
cat >"$tmp/rec.c" <<'C'
extern int __VERIFIER_nondet_int(void);
int down(int n) { if (n <= 0) return 0; return down(n - 1) + 1; }
int loop(int n) { int s = 0; while (n > 0) { n--; s++; } return s; }
int main(void) { int x = __VERIFIER_nondet_int(); if (x > 100) return 0; return down(x) + loop(x) + loop(3); }
C
run seg-recursion 0 --prop termination --engine seg --timeout 60 "$tmp/rec.c" && expect_first seg-recursion TRUE &&
  expect_out seg-recursion "^  down: 1 entry state\(s\)"
run seg-modular-all 0 --prop termination --engine seg --seg-modular-all --timeout 60 "$tmp/rec.c" &&
  expect_first seg-modular-all TRUE && expect_out seg-modular-all "^  loop: [0-9]+ entry state\(s\), [0-9]+ call state"

# --seg-join-states N: merging at join points (seed 004 Sect. 5.1); a chain of
# 12 branches has 4096 paths, which the graph's state limit does not allow
# without merging; N must be a number
{
  echo 'extern int __VERIFIER_nondet_int(void);'
  echo 'int main(void) { int x = __VERIFIER_nondet_int(), c = 0; if (x < 0 || x > 99) return 0;'
  for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "  if (__VERIFIER_nondet_int()) { x += $i; c++; } else { x -= $i; c++; }"; done
  echo '  while (x > 0) x--; return c; }'
} >"$tmp/chain.c"
run seg-join 0 --prop termination --engine seg --seg-join-states 2 --timeout 60 "$tmp/chain.c" && expect_first seg-join TRUE
run seg-join-off 0 --prop termination --engine seg --seg-join-states 0 --timeout 60 "$tmp/chain.c" &&
  expect_first seg-join-off UNKNOWN && expect_out seg-join-off "state limit"
run seg-join-bad 2 --seg-join-states x "$tmp/chain.c" && expect_err seg-join-bad "needs a number"

# --harness / --testcase: written on FALSE only; several properties name
# the files after the property; a file that cannot be written is one error
# line, and the verdict stands.
run harness-usage 2 --prop unreach-call "$tmp/unsafe.c" --harness && expect_err harness-usage "needs a file"
run harness 0 --prop unreach-call "$tmp/unsafe.c" --harness "$tmp/h.c" --testcase "$tmp/t.xml" &&
  expect_first harness "FALSE(unreach-call)"
if grep -q '^int __VERIFIER_nondet_int(void) {' "$tmp/h.c" && grep -q '^void reach_error(void) {' "$tmp/h.c" &&
  grep -q '<input type="int">42</input>' "$tmp/t.xml"; then ok; else bad "harness: $(cat "$tmp/h.c" "$tmp/t.xml")"; fi
run harness-true 0 --prop valid-memsafety "$tmp/ok.c" --harness "$tmp/h2.c" --testcase "$tmp/t2.xml" &&
  expect_first harness-true TRUE
# (the symbolic execution graph proves unreach-call of ok.c, whose loop BMC
# cannot unwind)
run harness-proof 0 --prop unreach-call "$tmp/ok.c" --harness "$tmp/h2.c" --testcase "$tmp/t2.xml" &&
  expect_first harness-proof TRUE
if [ ! -e "$tmp/h2.c" ] && [ ! -e "$tmp/t2.xml" ]; then ok; else bad "harness-true: a file was written"; fi
cat >"$tmp/unsafe-task.yml" <<YML
format_version: '2.0'
input_files: 'unsafe.c'
properties:
  - property_file: $PWD/properties/unreach-call.prp
  - property_file: $PWD/properties/valid-memsafety.prp
YML
run harness-task 0 task "$tmp/unsafe-task.yml" --harness "$tmp/h3.c" --testcase "$tmp/t3" &&
  expect_out harness-task "^unreach-call: FALSE"
if [ -s "$tmp/h3.unreach-call.c" ] && [ -s "$tmp/t3.unreach-call" ] && [ ! -e "$tmp/h3.c" ] &&
  [ ! -e "$tmp/h3.valid-memsafety.c" ]; then ok; else bad "harness-task: $(ls "$tmp")"; fi
run harness-unwritable 0 --prop unreach-call "$tmp/unsafe.c" --harness "$tmp/no/such/dir/h.c" &&
  expect_first harness-unwritable "FALSE(unreach-call)" &&
  expect_err harness-unwritable "^bitprove: error: --harness: cannot write .*no/such/dir/h.c"
run help-harness 0 --help && expect_out help-harness "--harness FILE.c"

# k-induction (--engine kind): a proof names its k and the invariants it
# assumed; a property violated only late is never proved; termination and
# memory safety are refused with a reason.
cat >"$tmp/kind.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, k = 0;
  while (i < n) { i++; k++; }
  if (k != n) reach_error();
  return 0;
}
C
cat >"$tmp/kind-late.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) { int i = 0; while (__VERIFIER_nondet_int()) { i++; if (i == 40) reach_error(); } return 0; }
C
run kind-proof 0 --prop unreach-call --engine kind --timeout 30 "$tmp/kind.c" && expect_first kind-proof TRUE &&
  expect_out kind-proof "^proof: k-induction with k = 1 " &&
  expect_out kind-proof "^invariant \(Houdini, proved inductive\) at the loop at .*kind.c:7:.* in main: .*\(\(int\)i == \(int\)k\)"
run kind-late 0 --prop unreach-call --engine kind --timeout 10 "$tmp/kind-late.c" && expect_first kind-late UNKNOWN &&
  expect_out kind-late "^reason: k-induction: step not proved up to k"
run kind-termination 0 --prop termination --engine kind "$tmp/kind.c" && expect_first kind-termination UNKNOWN
run kind-memsafety 0 --prop valid-memsafety --engine kind "$tmp/kind.c" && expect_first kind-memsafety UNKNOWN &&
  expect_out kind-memsafety "address-based"

# A timeout ends with UNKNOWN (timeout), not a hang.
run timeout 0 --timeout 0.000001 --prop termination "$tmp/ok.c" && expect_first timeout UNKNOWN

# The live status line (--progress): on stderr only, never on stdout; off a
# terminal one whole line a second; on a terminal (by default) redrawn in
# place, "\r" LINE ESC[K, and erased before the answer; --no-progress and
# CI=true: none. slow.c keeps every engine busy until its share of the
# timeout is spent.
cat >"$tmp/slow.c" <<'C'
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  while (x != y) { x = x * 1103515245u + 12345u; y = y + x * x; }
  return 0;
}
C
phases='(non-termination search|bounded model checking|symbolic execution graph|direct translation|ITS back end)'
status_re="^bitprove [0-9]+\.[0-9]+ s \| $phases"
run progress 0 --progress --prop termination --timeout 2 "$tmp/slow.c" && expect_first progress UNKNOWN &&
  expect_err progress "$status_re"
if printf '%s\n' "$out" | grep -Eq 'bitprove [0-9.]+ s \|'; then bad "progress: a status line on stdout"; else ok; fi
if grep -q $'[\r\033]' "$tmp/stderr"; then bad "progress: control characters off a terminal"; else ok; fi
run no-progress 0 --progress --no-progress --prop termination --timeout 1.5 "$tmp/slow.c" &&
  expect_first no-progress UNKNOWN
if [ -z "$err" ]; then ok; else bad "no-progress: stderr: $err"; fi
run help-progress 0 --help && expect_out help-progress "--no-progress"
# on_tty NAME [VAR=VALUE...] -- ARGS...: bitprove with stderr on a pseudo
# terminal (script(1)) and stdout in $tmp/tty-out; the terminal's bytes in $tty
on_tty() {
  local name=$1 envs=() cmd
  shift
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  cmd="$(printf '%q ' "$bp" "$@") >$(printf '%q' "$tmp/tty-out")"
  env -u CI TERM=xterm ${envs[@]+"${envs[@]}"} script -qec "$cmd" /dev/null >"$tmp/tty" 2>&1 </dev/null
  tty=$(cat "$tmp/tty")
  out=$(cat "$tmp/tty-out")
  expect_first "$name" UNKNOWN
}
if command -v script >/dev/null 2>&1; then
  on_tty tty-progress -- --prop termination --timeout 1 "$tmp/slow.c"
  if printf '%s' "$tty" | grep -Eq $'\rbitprove [0-9]+\\.[0-9]+ s \\| '"$phases"$'.*\033\\[K' &&
    [ "${tty: -4}" = $'\r\033[K' ]; then ok; else bad "tty-progress: $(printf '%s' "$tty" | od -c | head -20)"; fi
  on_tty tty-no-progress -- --no-progress --prop termination --timeout 1 "$tmp/slow.c"
  if [ -z "$tty" ]; then ok; else bad "tty-no-progress: $tty"; fi
  on_tty tty-ci CI=true -- --prop termination --timeout 1 "$tmp/slow.c"
  if [ -z "$tty" ]; then ok; else bad "tty-ci: $tty"; fi
  on_tty tty-dumb TERM=dumb -- --prop termination --timeout 1 "$tmp/slow.c"
  if [ -z "$tty" ]; then ok; else bad "tty-dumb: $tty"; fi
fi

# Several input files: compiled with the given flags, linked; a task with two
# input files; option errors of the project's options.
mkdir -p "$tmp/inc"
printf '#define LIMIT (N + 1)\nint step(int x);\n' >"$tmp/inc/lim.h"
printf '#include "lim.h"\nint step(int x) { return x - LIMIT; }\n' >"$tmp/step.c"
printf '#include "lim.h"\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  while (x > 0) x = step(x);\n  return 0;\n}\n' >"$tmp/loop.c"
run two-files 0 --prop termination -I "$tmp/inc" -D N=2 "$tmp/loop.c" "$tmp/step.c" && expect_first two-files TRUE
run two-files-undef 0 --prop termination -I "$tmp/inc" "$tmp/loop.c" "$tmp/step.c" && expect_first two-files-undef UNKNOWN &&
  expect_out two-files-undef "reason: compilation failed: .*N"
cat >"$tmp/two.yml" <<YML
format_version: '2.0'
input_files: ['loop.c', 'step2.c']
properties:
  - property_file: $PWD/properties/termination.prp
    expected_verdict: true
options:
  language: C
  data_model: LP64
YML
printf 'int step(int x) { return x - 3; }\n' >"$tmp/step2.c"
cp "$tmp/inc/lim.h" "$tmp/lim.h"
run two-file-task 0 task "$tmp/two.yml" && expect_first two-file-task TRUE
run bad-object-size 2 --object-size 0 --function f --prop termination "$tmp/ok.c" && expect_err bad-object-size "object-size"
run bad-undefined 2 --undefined-functions maybe --prop termination "$tmp/ok.c" && expect_err bad-undefined "undefined-functions"
run task-undefined 0 task "$tmp/task-undef.yml" && expect_first task-undefined UNKNOWN &&
  expect_out task-undefined "call to undefined function 'ext'"
run file-undefined 0 --prop termination "$tmp/undef.c" && expect_first file-undefined TRUE &&
  expect_out file-undefined "assumption: the functions without a body \('ext'\)"

# Atomics are read sequentially; every TRUE and FALSE says so (and only then).
cat >"$tmp/atomic.c" <<'C'
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
atomic_int c;
int main(void) {
  int n = __VERIFIER_nondet_int(), e = 0;
  if (n < 0 || n > 3) return 0;
  for (int i = 0; i < n; i++) atomic_fetch_add(&c, 1);
  atomic_compare_exchange_weak(&c, &e, 7);
  if (atomic_load(&c) == 3) reach_error();
  return 0;
}
C
run atomic-false 0 --prop unreach-call --timeout 60 "$tmp/atomic.c" && expect_first atomic-false "FALSE(unreach-call)" &&
  expect_out atomic-false "^assumption: the program is single-threaded: atomic operations are read as their sequential meaning \(a weak compare-exchange"
run atomic-true 0 --prop termination --timeout 60 "$tmp/atomic.c" && expect_first atomic-true TRUE &&
  expect_out atomic-true "^assumption: the program is single-threaded"
run no-atomic 0 --prop termination "$tmp/ok.c" &&
  if printf '%s\n' "$out" | grep -q "single-threaded"; then bad "no-atomic: the atomics assumption without atomics"; else ok; fi

# --function with string and buffer arguments (tests/cli/entry): the model
# decides between a proof and a violated precondition; a bug under it
# replays natively; a bad --buffer-arg is one line and UNKNOWN
ms=(--no-progress --timeout 120 --prop valid-memsafety)
run str-count 0 "${ms[@]}" --function count_char tests/cli/entry/strings.c && expect_first str-count TRUE &&
  expect_out str-count "assumption: .*argument s of count_char: a NUL-terminated string of at most 63 characters in an object of 64 bytes"
run str-bytes 0 "${ms[@]}" --char-args bytes --function count_char tests/cli/entry/strings.c &&
  expect_first str-bytes "FALSE(valid-deref)"
run str-uint8 0 "${ms[@]}" --function first_zero tests/cli/entry/strings.c && expect_first str-uint8 "FALSE(valid-deref)"
run str-off-by-one 0 "${ms[@]}" --function last_char --harness "$tmp/h-str.c" tests/cli/entry/strings.c &&
  expect_first str-off-by-one "FALSE(valid-deref)" && expect_out str-off-by-one "strings.c:22"
run buf-safe 0 "${ms[@]}" --function sum --buffer-arg buf,n tests/cli/entry/buffers.c && expect_first buf-safe TRUE &&
  expect_out buf-safe "argument buf of sum: an object of n bytes with arbitrary contents, 0 <= n <= 64"
run buf-safe-int 0 "${ms[@]}" --function isum --buffer-arg 2,1 tests/cli/entry/buffers.c && expect_first buf-safe-int TRUE
run buf-unsafe 0 "${ms[@]}" --function sum_bad --buffer-arg buf,n --harness "$tmp/h-buf.c" tests/cli/entry/buffers.c &&
  expect_first buf-unsafe "FALSE(valid-deref)" && expect_out buf-unsafe "buffers.c:14"
run buf-no-param 0 "${ms[@]}" --function sum --buffer-arg buf,len tests/cli/entry/buffers.c &&
  expect_first buf-no-param UNKNOWN && expect_out buf-no-param "^reason: --function sum: --buffer-arg buf,len: the length is not a parameter"
run buf-not-ptr 0 "${ms[@]}" --function sum --buffer-arg n,buf tests/cli/entry/buffers.c &&
  expect_first buf-not-ptr UNKNOWN && expect_out buf-not-ptr "the pointer is not a pointer"
run buf-not-int 0 "${ms[@]}" --function strs --buffer-arg a,b tests/cli/entry/buffers.c &&
  expect_first buf-not-int UNKNOWN && expect_out buf-not-int "the length is not an integer"
run buf-syntax 2 --buffer-arg buf --function sum tests/cli/entry/buffers.c && expect_err buf-syntax "POINTER,LENGTH"
run char-args-bad 2 --char-args text --function sum tests/cli/entry/buffers.c && expect_err char-args-bad "string or bytes"
# the two bugs replay natively (the command in the harness's first comment)
if command -v clang >/dev/null && echo 'int main(void){return 0;}' >"$tmp/asan.c" &&
  clang -fsanitize=address "$tmp/asan.c" -o "$tmp/asan" 2>/dev/null; then
  for h in h-str:strings.c:22 h-buf:buffers.c:14; do
    f=${h%%:*}
    site=${h#*:}
    build=$(sed -n 's/^ \*   \(clang .*\) \&\& \.\/a\.out$/\1/p' "$tmp/$f.c" | head -n 1)
    if [ -z "$build" ] || ! eval "$build -o $tmp/$f" >"$tmp/$f.log" 2>&1; then
      bad "$f: the harness does not build: $build: $(head -3 "$tmp/$f.log" 2>/dev/null)"
    elif "$tmp/$f" >"$tmp/$f.run" 2>&1 || true; grep -q "heap-buffer-overflow" "$tmp/$f.run" &&
      grep -q "$site" "$tmp/$f.run"; then ok
    else bad "$f: the native run does not show the overflow at $site: $(head -5 "$tmp/$f.run")"; fi
  done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
