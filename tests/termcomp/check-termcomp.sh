#!/usr/bin/env bash
# `bitprove termcomp` in both integer semantics: every tests/termcomp/*.c
# states its admissible first lines per semantics in its header
#   // termcomp-bit: YES            (exactly YES)
#   // termcomp-math: MAYBE|NO      (one of these; never YES)
# and the run must give one of them, followed by the "semantics:" line.
# Also checks the usage errors and the answer for a file that does not compile.
# Usage: check-termcomp.sh PATH/TO/bitprove DIR
set -u
bp=${1:?usage: check-termcomp.sh BITPROVE DIR}
dir=${2:?usage: check-termcomp.sh BITPROVE DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

for f in "$dir"/*.c; do
  for sem in bit math; do
    want=$(sed -n "s|^// termcomp-$sem: *||p" "$f" | head -n 1)
    if [ -z "$want" ]; then bad "$f: no '// termcomp-$sem:' line"; continue; fi
    "$bp" termcomp --int-semantics "$sem" --timeout 60 "$f" >"$tmp/out" 2>"$tmp/err"
    code=$?
    got=$(head -n 1 "$tmp/out")
    if [ "$code" -ne 0 ]; then bad "$f ($sem): exit $code: $(cat "$tmp/err")"; continue; fi
    if ! printf '%s\n' "$want" | tr '|' '\n' | grep -qx -- "$got"; then
      bad "$f ($sem): answered '$got', expected $want"
      sed 's/^/  | /' "$tmp/out"
      continue
    fi
    if ! sed -n 2p "$tmp/out" | grep -q "^semantics: "; then bad "$f ($sem): no 'semantics:' line"; continue; fi
    passed=$((passed + 1))
  done
done

# the default is math
"$bp" termcomp --timeout 60 "$dir/le_unsigned_max.c" >"$tmp/out" 2>&1
if [ "$(head -n 1 "$tmp/out")" = YES ] && grep -q '^semantics: mathematical' "$tmp/out"; then
  passed=$((passed + 1))
else bad "default semantics: $(head -n 2 "$tmp/out" | tr '\n' ' ')"; fi

# bad input: MAYBE with a reason, exit 0; usage errors exit 2
printf 'int main(void) { return 0 +; }\n' >"$tmp/broken.c"
"$bp" termcomp "$tmp/broken.c" >"$tmp/out" 2>/dev/null
if [ $? -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = MAYBE ] && grep -q '^reason: ' "$tmp/out"; then
  passed=$((passed + 1))
else bad "broken file: $(head -n 2 "$tmp/out" | tr '\n' ' ')"; fi
for args in "--int-semantics float $dir/countdown.c" "--bogus $dir/countdown.c" "" "$dir/countdown.c $dir/countdown.c"; do
  # shellcheck disable=SC2086
  "$bp" termcomp $args >/dev/null 2>"$tmp/err"
  code=$?
  if [ "$code" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -ge 1 ]; then passed=$((passed + 1)); else bad "usage error '$args': exit $code"; fi
done

echo "termcomp: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
