#!/bin/bash
# How many ITS files `bitprove its` reads, with the reasons for failures.
# Usage: parse-coverage.sh BITPROVE [DIR]   (DIR: default the TPDB ITS folder)
set -u
bp=$1
dir=${2:-/work/shared/benchmarks/tpdb/Integer_Transition_Systems}
total=0 ok=0
reasons=$(mktemp)
trap 'rm -f "$reasons"' EXIT
while IFS= read -r -d '' f; do
  total=$((total + 1))
  if err=$("$bp" its --print text "$f" 2>&1 >/dev/null) && [ -z "$err" ]; then
    ok=$((ok + 1))
  else
    echo "$f: $err"
    echo "$err" | sed -e 's/.*: line [0-9]*: //' >>"$reasons"
  fi
done < <(find "$dir" -type f \( -name '*.smt2' -o -name '*.koat' -o -name '*.ari' \) -print0 | sort -z)
echo "parsed $ok/$total"
[ -s "$reasons" ] && sort "$reasons" | uniq -c | sort -rn
exit 0
