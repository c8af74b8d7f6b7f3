#!/bin/bash
# Termination by direct translation: every tests/regression/term-*.yml task
# whose expected verdict is true must be answered TRUE (a proof that stops
# being found fails this check), and no task whose expected verdict is
# false may be answered TRUE.
# Usage: check-direct.sh BITPROVE [FILTER]
set -u
bitprove=${1:?usage: check-direct.sh BITPROVE [FILTER]}
filter=${2:-}
dir=$(cd "$(dirname "$0")/../regression" && pwd)
pass=0
fail=0
for yml in "$dir"/term-*.yml; do
  name=$(basename "$yml" .yml)
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  expected=$(sed -n 's/^ *expected_verdict: *\([a-z]*\).*/\1/p' "$yml" | head -1)
  answer=$("$bitprove" task --engine direct --property termination --timeout 60 "$yml" 2>/dev/null | head -1)
  if [[ "$expected" == true && "$answer" != TRUE ]]; then
    echo "FAIL $name: expected TRUE, got '${answer}'"
    fail=$((fail + 1))
  elif [[ "$expected" == false && "$answer" == TRUE ]]; then
    echo "FAIL $name: wrong TRUE (the program does not terminate)"
    fail=$((fail + 1))
  elif [[ "$expected" != true && "$expected" != false ]]; then
    echo "FAIL $name: no expected verdict in $yml"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
# --dump-its: the written ITS reads back and the ITS back end proves it too.
if [[ -z "$filter" ]]; then
  tmp=$(mktemp -d)
  for fmt in koat smt2 ari; do
    out=$("$bitprove" --prop termination --engine direct --dump-its "$fmt" "$tmp/its.$fmt" "$dir/term-seed000-g.c" 2>&1 | head -1)
    answer=$("$bitprove" its "$tmp/its.$fmt" 2>&1 | head -1)
    if [[ "$out" == TRUE && -s "$tmp/its.$fmt" && "$answer" == YES ]]; then
      pass=$((pass + 1))
    else
      echo "FAIL dump-its $fmt: bitprove answered '$out', the ITS file gave '$answer'"
      fail=$((fail + 1))
    fi
  done
  rm -rf "$tmp"
fi
echo "$pass passed, $fail failed"
[[ $fail -eq 0 && $pass -gt 0 ]]
