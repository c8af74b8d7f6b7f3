#!/usr/bin/env bash
# check-run.sh BITPROVE — runs `BITPROVE run` on every tests/regression/*.c and
# compares the report on stderr (and optionally stdout) with the expectations
# written in the program's header comments. The format is documented in
# README.md next to this script. Prints one line per failing program, then
# "N passed, N failed" as the last line; exits non-zero on any failure.
#
# Optional: a second argument restricts the run to programs whose name
# contains it (e.g. `check-run.sh bitprove oob`).
set -u

exe=${1:?usage: check-run.sh BITPROVE [FILTER]}
filter=${2:-}
case $exe in /*) ;; *) exe=$PWD/$exe ;; esac
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$dir" || exit 2

limit=()
command -v timeout >/dev/null && limit=(timeout 120)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0

# Normalises the run: lines: a path before file:line: becomes its basename.
normalise() { sed -E 's#(^|[ (,])[^ (,]*/([^/ (,:]+:[0-9]+:)#\1\2#g'; }

for src in *.c; do
  [[ -n $filter && $src != *"$filter"* ]] && continue
  name=${src%.c}
  problems=()

  run_args=$(sed -n 's|^// RUN: ||p' "$src" | head -n 1)
  mapfile -t expects < <(sed -n 's|^// EXPECT: ||p' "$src")
  mapfile -t extras < <(sed -n 's|^// EXPECT-EXTRA: ||p' "$src")
  mapfile -t nots < <(sed -n 's|^// EXPECT-NOT: ||p' "$src")
  mapfile -t stdout_lines < <(sed -n 's|^// STDOUT: \{0,1\}||p' "$src")
  here=$(grep -n '// HERE[[:space:]]*$' "$src" | head -n 1 | cut -d: -f1)

  # @HERE names the line of the `// HERE` marker: "<file>:<line>:".
  subst() { printf '%s' "${1//@HERE/$src:$here:}"; }
  if [[ -z $here ]] && grep -q '^// EXPECT.*@HERE' "$src"; then
    problems+=("@HERE used but no '// HERE' marker")
  fi

  if [[ ${#expects[@]} -ne 1 ]]; then
    problems+=("needs exactly one '// EXPECT:' line, has ${#expects[@]}")
  fi
  if [[ ! -f $name.yml ]] || ! grep -q "^input_files: '$src'" "$name.yml"; then
    problems+=("missing task file $name.yml (with input_files: '$src')")
  fi

  # shellcheck disable=SC2086 # RUN arguments are split on purpose
  "${limit[@]}" "$exe" run $run_args "$src" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [[ $status -ne 0 ]]; then
    problems+=("bitprove run exited with status $status")
  fi
  mapfile -t lines < <(grep '^run: ' "$tmp/err" | grep -v '^run: warning:' | normalise)
  outcome=${lines[0]:-<no run: line>}

  if [[ ${#expects[@]} -ge 1 ]]; then
    pattern=$(subst "${expects[0]}")
    # shellcheck disable=SC2053 # the expectation is a glob
    if [[ $outcome != $pattern ]]; then
      problems+=("outcome: expected '$pattern', got '$outcome'")
    fi
  fi
  for e in "${extras[@]}"; do
    pattern=$(subst "$e")
    found=0
    for l in "${lines[@]:1}"; do
      # shellcheck disable=SC2053
      [[ $l == $pattern ]] && found=1
    done
    [[ $found -eq 1 ]] || problems+=("no report line matches '$pattern'")
  done
  for e in "${nots[@]}"; do
    pattern=$(subst "$e")
    for l in "${lines[@]}"; do
      # shellcheck disable=SC2053
      [[ $l == $pattern ]] && problems+=("unexpected report line '$l'")
    done
  done
  if [[ ${#stdout_lines[@]} -gt 0 ]]; then
    want=$(printf '%s\n' "${stdout_lines[@]}")
    got=$(cat "$tmp/out")
    if [[ $got != "$want" ]]; then
      problems+=("stdout differs: expected '$want', got '$got'")
    fi
  fi

  if [[ ${#problems[@]} -eq 0 ]]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    for p in "${problems[@]}"; do
      echo "FAIL $src: $p"
    done
    grep -v '^run: ' "$tmp/err" | head -n 5 | sed 's/^/  stderr: /'
  fi
done

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
