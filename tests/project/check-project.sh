#!/usr/bin/env bash
# A project of three files (examples/ringbuf: include/, -D RB_CAP=8) checked
# as a user checks their own code (README "Checking your own code"):
#   - a bug in one function, found with --function, and its harness built
#     with the project's files and flags and run natively (ASan reports it);
#   - a correct sibling function proved memory safe;
#   - an assert() failure of the program found (--prop assert);
#   - calls of functions without a body (platform_log, read_sensor) that do
#     not make the answer UNKNOWN, and are named in it;
#   - the same results through --compile-commands (CMake's database);
#   - a symbol defined twice, and a missing -D: one line and UNKNOWN.
# usage: check-project.sh BITPROVE SOURCE_DIR
set -u
bp=$(realpath "${1:?usage: check-project.sh BITPROVE SOURCE_DIR}")
src=$(realpath "${2:?usage: check-project.sh BITPROVE SOURCE_DIR}")
ex="$src/examples/ringbuf"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run NAME ARGS...: bitprove's stdout in $out (exit status must be 0)
run() {
  local name=$1
  shift
  out=$(cd "$ex" && "$bp" --timeout 60 --no-progress "$@" 2>"$tmp/stderr")
  local code=$?
  if [ "$code" -ne 0 ]; then bad "$name: exit $code ($(cat "$tmp/stderr"))"; return 1; fi
  return 0
}
first() { # NAME WANT
  local got
  got=$(printf '%s\n' "$out" | head -n 1)
  if [ "$got" = "$2" ]; then ok; else bad "$1: first line '$got', expected '$2'"; printf '%s\n' "$out" | head -5; fi
}
has() { # NAME REGEX
  if printf '%s\n' "$out" | grep -Eq -- "$2"; then ok; else bad "$1: answer lacks /$2/"; fi
}

flags=(-I include -D RB_CAP=8)
lib=(src/ringbuf.c src/stats.c)

# 1. the bug, with --function, and its native replay
run get --prop valid-memsafety "${flags[@]}" --function rb_get --harness "$tmp/h.c" "${lib[@]}" src/app.c &&
  first get "FALSE(valid-deref)" && has get "src/ringbuf.c:28" && has get "assumption: rb_get is called with arbitrary arguments"
if [ -f "$tmp/h.c" ]; then
  # the command in the harness's first comment: " *   clang ... && ./a.out"
  build=$(sed -n 's/^ \*   \(clang .*\) && \.\/a\.out$/\1/p' "$tmp/h.c" | head -n 1)
  if [ -z "$build" ]; then
    bad "harness: no compile command in its first comment"
  elif ! (cd "$ex" && eval "$build -o $tmp/replay") >"$tmp/cc.log" 2>&1; then
    bad "harness: does not build: $build: $(head -5 "$tmp/cc.log")"
  else
    (cd "$ex" && "$tmp/replay") >"$tmp/run.log" 2>&1
    if grep -q "heap-buffer-overflow" "$tmp/run.log" && grep -q "ringbuf.c:28" "$tmp/run.log"; then ok
    else bad "harness: the native run does not report the out-of-bounds read: $(head -5 "$tmp/run.log")"; fi
  fi
else
  bad "harness: not written"
fi

# 2. the correct sibling, which calls platform_log (no body)
run push --prop valid-memsafety "${flags[@]}" --function rb_push "${lib[@]}" src/app.c &&
  first push TRUE && has push "assumption: the functions without a body \('platform_log'\)"
run pop --prop valid-memsafety "${flags[@]}" --function rb_pop "${lib[@]}" && first pop TRUE
run sum-ovf --prop no-overflow "${flags[@]}" --function rb_sum "${lib[@]}" && first sum-ovf TRUE
run sum-term --prop termination "${flags[@]}" --function rb_sum "${lib[@]}" && first sum-term TRUE

# 3. the assertion of the program (main in src/app.c)
run assert --prop assert "${flags[@]}" "${lib[@]}" src/app.c && first assert "FALSE(assert)" &&
  has assert "src/app.c:12" && has assert "depends on values returned by functions without a body \('read_sensor'\)"

# 4. --undefined-functions unsupported gives the old answer
run unsupported --prop valid-memsafety --undefined-functions unsupported "${flags[@]}" --function rb_push "${lib[@]}" &&
  first unsupported UNKNOWN && has unsupported "call to undefined function 'platform_log'"

# 5. the same through CMake's compilation database
if cmake -S "$ex" -B "$tmp/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$tmp/cmake.log" 2>&1; then
  db="$tmp/build/compile_commands.json"
  run db-get --prop valid-memsafety --compile-commands "$db" --function rb_get && first db-get "FALSE(valid-deref)"
  run db-push --prop valid-memsafety --compile-commands "$db" --function rb_push && first db-push TRUE
  run db-assert --prop assert --compile-commands "$db" && first db-assert "FALSE(assert)"
  run db-file --prop valid-memsafety --compile-commands "$db" --function rb_pop src/ringbuf.c && first db-file TRUE
else
  bad "cmake could not configure the example: $(tail -3 "$tmp/cmake.log")"
fi

# 6. bad projects: one line and UNKNOWN
printf 'void rb_init(void *p) { (void)p; }\n' >"$tmp/dup.c"
run dup --prop valid-memsafety "${flags[@]}" "${lib[@]}" src/app.c "$tmp/dup.c" && first dup UNKNOWN &&
  has dup "reason: cannot link .*dup.c: .*rb_init"
run no-define --prop valid-memsafety -I include "${lib[@]}" && first no-define UNKNOWN && has no-define "define RB_CAP"
run no-function --prop valid-memsafety "${flags[@]}" --function rb_nothing "${lib[@]}" && first no-function UNKNOWN &&
  has no-function "--function rb_nothing: no function of that name"
run no-main --prop valid-memsafety "${flags[@]}" "${lib[@]}" && first no-main UNKNOWN && has no-main "use --function"

echo "project: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
