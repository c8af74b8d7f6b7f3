#!/bin/bash
# Symbolic execution graphs (src/seg): every tests/regression/seg-*.yml task
# is checked with `bitprove task --engine seg` for each of its properties.
# Expected verdict true: the answer must be TRUE (a proof that stops being
# found fails this check). Expected verdict false: the answer must not be
# TRUE but UNKNOWN or FALSE (so a crash fails too; a FALSE must name the
# task's subproperty when it gives one). Also: --dump-seg writes a Graphviz
# file ("digraph" first) and the --proof output of seg-strlen-safe
# termination mentions its ranking function. One line per check, then
# "N passed, N failed"; exit 1 on any failure.
# Usage: check-seg.sh BITPROVE [FILTER]
set -u
bitprove=${1:?usage: check-seg.sh BITPROVE [FILTER]}
filter=${2:-}
case $bitprove in /*) ;; *) bitprove=$PWD/$bitprove ;; esac
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../regression" && pwd)
limit=()
command -v timeout >/dev/null && limit=(timeout 150)
seg=(task --engine seg --timeout 120)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# The properties of a task file, one "name verdict subproperty" line each
# (verdict "none" when the file gives no expected_verdict).
properties() {
  awk '
    function flush() { if (p != "") print p, (v == "" ? "none" : v), s; p = ""; v = ""; s = "" }
    /property_file:/ { flush(); p = $NF; sub(/.*\//, "", p); sub(/\.prp$/, "", p) }
    /expected_verdict:/ { v = $NF }
    /subproperty:/ { s = $NF }
    END { flush() }' "$1"
}

shopt -s nullglob
ymls=("$dir"/seg-*.yml)
[[ ${#ymls[@]} -gt 0 ]] || bad "no tests/regression/seg-*.yml tasks"
for yml in "${ymls[@]}"; do
  name=$(basename "$yml" .yml)
  [[ -n $filter && $name != *"$filter"* ]] && continue
  while read -r prop expected sub; do
    answer=$("${limit[@]}" "$bitprove" "${seg[@]}" --property "$prop" "$yml" 2>/dev/null </dev/null | head -n 1)
    what="$name $prop: expected $expected${sub:+($sub)}, got '${answer}'"
    case $expected in
      true)
        if [[ $answer == TRUE ]]; then ok "$what"; else bad "$what"; fi ;;
      false)
        if [[ $answer == TRUE ]]; then
          bad "$what (wrong TRUE)"
        elif [[ $answer != UNKNOWN* && $answer != FALSE* ]]; then
          bad "$what (neither UNKNOWN nor FALSE)"
        elif [[ -n $sub && $answer == FALSE* && $answer != "FALSE($sub)" ]]; then
          bad "$what (wrong subproperty)"
        else
          ok "$what"
        fi ;;
      *) bad "$name $prop: no expected verdict in $(basename "$yml")" ;;
    esac
  done < <(properties "$yml")
done

if [[ -z $filter || seg-strlen-safe == *"$filter"* ]]; then
  yml=$dir/seg-strlen-safe.yml
  # --dump-seg: the graph is written in Graphviz dot.
  dot=$tmp/seg-strlen-safe.dot
  answer=$("${limit[@]}" "$bitprove" "${seg[@]}" --property termination --dump-seg "$dot" "$yml" 2>/dev/null </dev/null | head -n 1)
  if [[ -s $dot && $(head -c 7 "$dot") == digraph ]]; then
    ok "seg-strlen-safe --dump-seg: $(wc -l <"$dot") lines starting with 'digraph' (answer '$answer')"
  elif [[ -s $dot ]]; then
    bad "seg-strlen-safe --dump-seg: the file starts with '$(head -c 20 "$dot" | head -n 1)', not 'digraph' (answer '$answer')"
  else
    bad "seg-strlen-safe --dump-seg: no file written (answer '$answer')"
  fi
  # --proof: the termination proof names a ranking function.
  "${limit[@]}" "$bitprove" "${seg[@]}" --property termination --proof "$yml" >"$tmp/proof" 2>&1 </dev/null
  first=$(head -n 1 "$tmp/proof")
  if grep -qi ranking "$tmp/proof"; then
    ok "seg-strlen-safe --proof: mentions a ranking function (answer '$first')"
  else
    bad "seg-strlen-safe --proof: no 'ranking' in the output (answer '$first')"
    head -n 5 "$tmp/proof" | sed 's/^/  output: /'
  fi
fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 && $pass -gt 0 ]]
