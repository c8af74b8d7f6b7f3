#!/bin/bash
# How many ITS files `bitprove its` reads, with the reasons for failures.
# Usage: parse-coverage.sh BITPROVE [DIR]   (DIR: default the TPDB ITS folder
# in ../shared/benchmarks beside the checkout)
# Exit status: 0, or 1 when `bitprove its` crashed on a file (killed by a
# signal, or an exit status other than 0 and 1); 77 (ctest: skipped) when
# DIR does not exist. A file it cannot read is an error line, not a failure.
set -u
bp=$1
dir=${2:-$(dirname "$0")/../../../shared/benchmarks/tpdb/Integer_Transition_Systems}
if [ ! -d "$dir" ]; then
  echo "skipped: no benchmark folder $dir"
  exit 77
fi
total=0 ok=0 crashed=0
reasons=$(mktemp)
trap 'rm -f "$reasons"' EXIT
while IFS= read -r -d '' f; do
  total=$((total + 1))
  err=$("$bp" its --print text "$f" 2>&1 >/dev/null)
  rc=$?
  if [ $rc -gt 1 ]; then
    crashed=$((crashed + 1))
    echo "$f: crashed (exit $rc)"
  elif [ $rc -eq 0 ] && [ -z "$err" ]; then
    ok=$((ok + 1))
  else
    echo "$f: $err"
    echo "$err" | sed -e 's/.*: line [0-9]*: //' >>"$reasons"
  fi
done < <(find "$dir" -type f \( -name '*.smt2' -o -name '*.koat' -o -name '*.ari' \) -print0 | sort -z)
echo "parsed $ok/$total, crashed $crashed"
[ -s "$reasons" ] && sort "$reasons" | uniq -c | sort -rn
[ $crashed -eq 0 ]
