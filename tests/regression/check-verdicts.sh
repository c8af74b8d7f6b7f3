#!/usr/bin/env bash
# check-verdicts.sh BITPROVE [FILTER] — for every tests/regression/*.c (whose
# name contains FILTER, when given) with a header
# line `// VERDICT: V` (V is TRUE, FALSE(prop) or UNKNOWN, for the property
# `prop`, or `// VERDICT: V for PROP`), runs `BITPROVE task --property PROP`
# on the program's task file and requires the verdict line to be exactly V.
# `// VERDICT-SEG: V for PROP` does the same with `--engine seg` (what the
# symbolic execution graph alone answers), `// VERDICT-BMC: V for PROP` with
# `--engine bmc`, `// VERDICT-DIRECT: V for PROP` with `--engine direct`
# (the direct translation alone); a file may have several of these lines.
# (regression/verdicts only fails on wrong answers; this pins the answers we
# promise to give.) Prints one line per failure, then "N passed, N failed";
# exits non-zero on any failure.
set -u
exe=${1:?usage: check-verdicts.sh BITPROVE [FILTER]}
filter=${2:-}
case $exe in /*) ;; *) exe=$PWD/$exe ;; esac
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$dir" || exit 2
limit=()
command -v timeout >/dev/null && limit=(timeout 120)
pass=0
fail=0
check() { # src line engine-args...
  local src=$1 line=$2
  shift 2
  local want=${line#// VERDICT*: }
  local prop=
  case $want in
  *" for "*) prop=${want##* for }; want=${want%% for *} ;;
  FALSE\(*\)) prop=${want#FALSE(}; prop=${prop%)} ;;
  esac
  if [ -z "$prop" ]; then
    echo "FAIL $src: no property in '$line'"
    fail=$((fail + 1))
    return
  fi
  got=$("${limit[@]}" "$exe" task "$@" --property "$prop" --timeout 60 "${src%.c}.yml" 2>/dev/null | head -1)
  if [ "$got" = "$want" ]; then
    pass=$((pass + 1))
  else
    echo "FAIL $src${1:+ ($*)}: verdict '$got', expected '$want'"
    fail=$((fail + 1))
  fi
}
for src in *.c; do
  case $src in *"$filter"*) ;; *) continue ;; esac
  line=$(grep -m1 '^// VERDICT: ' "$src") && check "$src" "$line"
  line=$(grep -m1 '^// VERDICT-SEG: ' "$src") && check "$src" "$line" --engine seg
  line=$(grep -m1 '^// VERDICT-BMC: ' "$src") && check "$src" "$line" --engine bmc
  line=$(grep -m1 '^// VERDICT-DIRECT: ' "$src") && check "$src" "$line" --engine direct
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
