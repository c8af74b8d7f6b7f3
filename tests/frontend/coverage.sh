#!/bin/sh
# Front-end coverage over SV-COMP tasks: lowers every input of every task
# (*.yml, format 2.0) with `bitprove --frontend-only` in the task's data
# model and tallies: lowered clean, unsupported (by reason), errors, crashes.
#
# usage: tests/frontend/coverage.sh BITPROVE [BENCH_DIR] [JOBS]
#   BENCH_DIR defaults to ../shared/benchmarks/sv-comp beside the checkout;
#   per-file results go to $OUT (default /tmp/bitprove-fe-coverage).
# Exit status: 0, or 1 when the front end crashed on some input (a non-zero
# exit, or no LOWERED/UNKNOWN answer); 77 (ctest: skipped) when BENCH_DIR
# does not exist.
set -eu
BP=${1:?usage: coverage.sh BITPROVE [BENCH_DIR] [JOBS]}
DIR=${2:-$(dirname "$0")/../../../shared/benchmarks/sv-comp}
JOBS=${3:-2}
OUT=${OUT:-/tmp/bitprove-fe-coverage}
TIMEOUT=${TIMEOUT:-60}
if [ ! -d "$DIR" ]; then
  echo "skipped: no benchmark folder $DIR"
  exit 77
fi
mkdir -p "$OUT"
rm -f "$OUT"/*.out "$OUT"/*.err "$OUT"/*.rc

# one line per (input, data model)
for yml in "$DIR"/*/*.yml; do
  d=$(dirname "$yml")
  f=$(sed -n "s/^input_files: *'\{0,1\}\([^']*\)'\{0,1\} *$/\1/p" "$yml" | head -1)
  m=$(sed -n 's/^ *data_model: *\([A-Z0-9]*\).*/\1/p' "$yml" | head -1)
  [ -n "$f" ] || continue
  case "$f" in *.c|*.i) ;; *) continue ;; esac
  [ -f "$d/$f" ] || continue
  echo "${m:-LP64} $d/$f"
done | sort -u > "$OUT/list"

export BP OUT TIMEOUT

xargs -P "$JOBS" -L 1 sh -c '
  model=$0; file=$1
  key=$(echo "$model $file" | md5sum | cut -c1-16)
  timeout "$TIMEOUT" "$BP" --frontend-only --data-model "$model" "$file" > "$OUT/$key.out" 2> "$OUT/$key.err"
  echo "$? $model $file" > "$OUT/$key.rc"
' < "$OUT/list"

total=0; clean=0; unsup=0; err=0; crash=0; clean_nft=0; total_nft=0
: > "$OUT/reasons"; : > "$OUT/errors"; : > "$OUT/crashes"
for rcf in "$OUT"/*.rc; do
  key=${rcf%.rc}
  read -r rc model file < "$rcf"
  total=$((total + 1))
  ft=0
  if grep -q '^unsupported: \(floating point\|threads\)' "$key.out" 2>/dev/null; then ft=1; fi
  [ $ft -eq 0 ] && total_nft=$((total_nft + 1))
  if [ "$rc" -ne 0 ] || ! grep -q '^\(LOWERED\|UNKNOWN\)' "$key.out"; then
    crash=$((crash + 1)); echo "$rc $model $file" >> "$OUT/crashes"
  elif grep -q '^LOWERED' "$key.out"; then
    clean=$((clean + 1)); [ $ft -eq 0 ] && clean_nft=$((clean_nft + 1))
  elif grep -q '^unsupported:' "$key.out"; then
    unsup=$((unsup + 1))
    sed -n 's/^unsupported: \(.*\) at .*/\1/p' "$key.out" | sort -u >> "$OUT/reasons"
  else
    err=$((err + 1)); echo "$model $file: $(sed -n 's/^reason: //p' "$key.out")" >> "$OUT/errors"
  fi
done
echo "programs: $total  lowered clean: $clean  with unsupported: $unsup  errors: $err  crashes: $crash"
echo "without floating point/threads: $total_nft, lowered clean: $clean_nft"
echo "programs per unsupported reason:"
sort "$OUT/reasons" | uniq -c | sort -rn | head -25
[ -s "$OUT/errors" ] && { echo "errors:"; head -20 "$OUT/errors"; }
if [ -s "$OUT/crashes" ]; then
  echo "crashes:"; head -20 "$OUT/crashes"
  exit 1
fi
exit 0
