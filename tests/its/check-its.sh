#!/bin/bash
# Checks `bitprove its`: --print text of the small systems here against
# their .expected files, re-reading every printed format, the MAYBE answer,
# input errors and usage errors. Usage: check-its.sh BITPROVE
set -u
bp=$1
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

for f in "$dir"/*.koat "$dir"/*.smt2 "$dir"/*.ari; do
  [ -f "$f.expected" ] || continue
  name=$(basename "$f")
  "$bp" its --print text "$f" >"$tmp/out" 2>"$tmp/err" || bad "$name: exit status $?"
  diff -u "$f.expected" "$tmp/out" >"$tmp/diff" || { bad "$name: --print text differs"; cat "$tmp/diff"; }
  # every printed format reads back into the same system
  for fmt in koat smt2 ari; do
    "$bp" its --print "$fmt" "$f" >"$tmp/p.$fmt" 2>"$tmp/err" || { bad "$name: --print $fmt failed"; continue; }
    "$bp" its --format "$fmt" --print text "$tmp/p.$fmt" >"$tmp/back" 2>"$tmp/err" || bad "$name: re-reading $fmt failed"
    # temporaries may be renamed, so compare the shape: locations and endpoints
    grep -E '^(variables|start|transitions)' "$tmp/out" >"$tmp/a"
    grep -E '^(variables|start|transitions)' "$tmp/back" >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || bad "$name: $fmt round trip changed the system"
    grep -q 'bitprove: error' "$tmp/err" && bad "$name: $fmt round trip: $(cat "$tmp/err")"
  done
done

# square-loop.koat is while (2 <= x <= 99) x = x*x over 32-bit values (the
# direct translation of SV-COMP's ex3a-alloca has this shape): the polynomial
# step must prove it whatever the queries before it asked (its search once
# read counterexamples from the shared solver's models and failed here).
# the answers: FILE.answer holds the expected first line (YES, NO or MAYBE);
# a YES must show that its functions were checked, a NO its checked witness,
# a MAYBE a reason
for a in "$dir"/*.answer; do
  f=${a%.answer}
  name=$(basename "$f")
  want=$(cat "$a")
  "$bp" its --timeout 60 "$f" >"$tmp/out" 2>"$tmp/err" || bad "$name: exit status $?"
  [ "$(head -1 "$tmp/out")" = "$want" ] || { bad "$name: first line is not $want"; cat "$tmp/out"; }
  case $want in
    YES) grep -q 'every function was checked against the transitions' "$tmp/out" || bad "$name: no check line" ;;
    NO) grep -q '^checked: ' "$tmp/out" || bad "$name: no checked witness" ;;
    MAYBE) grep -q '^reason: ' "$tmp/out" || bad "$name: no reason line" ;;
  esac
done
# lex2.koat needs two ranking steps (x, then y on what is left)
"$bp" its "$dir/lex2.koat" >"$tmp/out" 2>&1
[ "$(grep -c ': linear ranking function$' "$tmp/out")" -eq 2 ] || bad "lex2.koat: not two ranking steps"

# phases.koat needs control-flow refinement (or the minmax step's
# max(0, x - m), which is switched off here): MAYBE without it; its twin
# phases-endless.koat is never YES, with or without it
"$bp" its --timeout 60 --without cfr --without minmax "$dir/phases.koat" >"$tmp/out" 2>&1
[ "$(head -1 "$tmp/out")" = MAYBE ] || { bad "phases.koat: not MAYBE without cfr"; cat "$tmp/out"; }
grep -q 'control-flow refinement' "$dir/phases.koat" &&
  "$bp" its --without minmax "$dir/phases.koat" | grep -q '^SCC .*: control-flow refinement' ||
  bad "phases.koat: the proof does not show the refinement"
"$bp" its --timeout 60 --without cfr "$dir/phases-endless.koat" >"$tmp/out" 2>&1
[ "$(head -1 "$tmp/out")" != YES ] || bad "phases-endless.koat: YES without cfr"

# multiphase.koat needs the multiphase step, minmax.koat the minmax step:
# each MAYBE without its step, and the proof names it; their twins
# (multiphase-endless.koat, minmax-endless.koat) are never YES
for step in multiphase minmax; do
  "$bp" its --timeout 60 "$dir/$step.koat" >"$tmp/out" 2>&1
  case $step in
    multiphase) grep -q ': multiphase ranking function of depth 3' "$tmp/out" ;;
    minmax) grep -q ': min ranking function$' "$tmp/out" ;;
  esac || { bad "$step.koat: the proof does not show the $step step"; cat "$tmp/out"; }
  "$bp" its --timeout 60 --without "$step" "$dir/$step.koat" >"$tmp/out" 2>&1
  [ "$(head -1 "$tmp/out")" = MAYBE ] || { bad "$step.koat: not MAYBE without $step"; cat "$tmp/out"; }
  for w in "" "--without $step"; do
    # shellcheck disable=SC2086
    "$bp" its --timeout 60 $w "$dir/$step-endless.koat" >"$tmp/out" 2>&1
    [ "$(head -1 "$tmp/out")" != YES ] || bad "$step-endless.koat: YES ($w)"
  done
done

# accel-inner.koat needs loop acceleration (the inner loop taken y times at
# once, then the outer one: a closed recurrent set): NO only with the accel
# step, which the witness names; its twin accel-inner-ends.koat (the outer
# loop counts down) is never NO, with or without it
"$bp" its --timeout 60 "$dir/accel-inner.koat" >"$tmp/out" 2>&1
grep -q '^found by the accel step' "$tmp/out" && grep -q '\[t[0-9]* accelerated\]' "$tmp/out" ||
  { bad "accel-inner.koat: the witness does not show the acceleration"; cat "$tmp/out"; }
"$bp" its --timeout 60 --without accel "$dir/accel-inner.koat" >"$tmp/out" 2>&1
[ "$(head -1 "$tmp/out")" = MAYBE ] || { bad "accel-inner.koat: not MAYBE without accel"; cat "$tmp/out"; }
for w in "" "--without linear" "--without accel"; do
  # shellcheck disable=SC2086
  "$bp" its --timeout 60 $w "$dir/accel-inner-ends.koat" >"$tmp/out" 2>&1
  [ "$(head -1 "$tmp/out")" != NO ] || bad "accel-inner-ends.koat: NO ($w)"
done

# malformed input: MAYBE on stdout, one error line with the line number, exit 0
"$bp" its "$dir/bad.koat" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || bad "bad.koat: exit status $rc"
[ "$(cat "$tmp/out")" = MAYBE ] || bad "bad.koat: stdout is not MAYBE"
grep -q '^bitprove: error: .*bad.koat: line 5: ' "$tmp/err" || bad "bad.koat: error line: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || bad "bad.koat: more than one error line"

# a missing file is an input error too
"$bp" its "$tmp/missing.koat" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(cat "$tmp/out")" = MAYBE ] || bad "missing file: not MAYBE / exit 0"

# giving up on time is termCOMP's MAYBE, with the reason
"$bp" its --timeout 0.000001 "$dir/lex2.koat" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = MAYBE ] && grep -q '^reason: timeout' "$tmp/out" ||
  bad "timeout: not MAYBE + reason: timeout: $(cat "$tmp/out")"

# usage errors exit 2
for args in "" "--print foo $dir/count.koat" "--format xml $dir/count.koat" "--timeout" \
            "--bogus $dir/count.koat" "$dir/count.expected-unknown-ext"; do
  # shellcheck disable=SC2086
  "$bp" its $args >/dev/null 2>&1
  [ $? -eq 2 ] || bad "usage error not exit 2: its $args"
done
"$bp" its --help >"$tmp/out" 2>&1 && grep -q '^usage: bitprove its' "$tmp/out" || bad "--help"

[ $fail -eq 0 ] && echo "its: all checks passed"
exit $fail
