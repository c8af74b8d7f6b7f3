#!/usr/bin/env bash
# The HTML report (--report FILE.html) in a real browser: headless Chromium
# opens the reports of five regression tasks (FALSE valid-memsafety, a
# FALSE(termination) lasso, TRUE by the graph, TRUE by k-induction,
# UNKNOWN) from disk, and the page, after its script ran, must hold:
#   - data-report-ok="1" on <body> and no data-report-error (no script error);
#   - FALSE: the violation marker and the marked source line;
#   - TRUE by the graph: the drawn <svg> with nodes, its size handed to the
#     pan/zoom script (no width="...pt" left on it), and the node search
#     (the page opened with #search=main:entry:0 marks some nodes, not all).
# A graph through a called function opened with #hide=step: step's states
# hidden by its check box, main's shown.
# Then every command of README.md that writes an HTML report runs as shown
# (its report put into OUTDIR) and its page is opened the same way: the
# verdict the README promises, the violation marked for a FALSE, the graph
# drawn for a TRUE.
# Screenshots stay in OUTDIR (artifacts): OUTDIR/<case>.png.
#
#   browser.sh BITPROVE OUTDIR
#
# Skipped (exit 77) when no chromium is installed: scripts/install-deps.sh
# installs it only in CI (CI=true). $BITPROVE_CHROMIUM names another binary.
set -u
bitprove=$(realpath "$1")
out=$(mkdir -p "$2" && realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

browser=${BITPROVE_CHROMIUM:-}
if [ -z "$browser" ]; then
  for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null; then browser=$(command -v "$b"); break; fi
  done
fi
if [ -z "$browser" ]; then
  echo "SKIP: no chromium (install it, e.g. apt-get install chromium; CI installs it with CI=true scripts/install-deps.sh)"
  exit 77
fi

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# case task checks...
run_case() {
  local name=$1 task=$2
  shift 2
  local page="$out/$name.html" hash=""
  case " $* " in *" graph "*) hash="#search=main:entry:0" ;; esac
  rm -f "$page" "$out/$name.png" "$out/$name.dom.html"
  (cd "$repo" && "$bitprove" task "tests/regression/$task.yml" --report "$page" --timeout 60 >"$out/$name.txt" 2>&1)
  open_page "$name" "$page" "$hash" "$@"
}

# open_page NAME PAGE HASH CHECKS...: the page in Chromium, its DOM checked
open_page() {
  local name=$1 page=$2 hash=$3 before=$fails
  shift 3
  [ -s "$page" ] || { fail "$name: no report"; return; }
  local flags=(--headless --disable-gpu --no-sandbox --user-data-dir="$profile" --window-size=1280,2000)
  if ! timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$page$hash" >"$out/$name.dom.html" 2>/dev/null; then
    fail "$name: chromium --dump-dom failed"
    return
  fi
  timeout 120 "$browser" "${flags[@]}" --screenshot="$out/$name.png" "file://$page" >/dev/null 2>&1
  [ -s "$out/$name.png" ] || fail "$name: no screenshot"
  local dom="$out/$name.dom.html"
  grep -q '<body[^>]*data-report-ok="1"' "$dom" || fail "$name: the page's script did not finish (no data-report-ok)"
  if grep -q '<body[^>]*data-report-error' "$dom"; then
    fail "$name: script error: $(grep -o '<body[^>]*data-report-error="[^"]*"' "$dom" | head -1)"
  fi
  for want in "$@"; do
    case $want in
      violation)
        grep -q 'class="violation-marker"' "$dom" || fail "$name: no violation marker"
        grep -q '<tr id="f0-l[0-9]*" class="violation"' "$dom" || fail "$name: no marked source line" ;;
      graph)
        grep -q '<svg viewBox="[^"]*"' "$dom" || fail "$name: no svg with its view box set by the script"
        grep -q '<svg width="[0-9.]*pt"' "$dom" && fail "$name: the svg still has dot's size (pan/zoom not set up)"
        local nodes hits
        nodes=$(grep -c '<g id="[a-z0-9]*_node[0-9]*" class="node' "$dom")
        hits=$(grep -c 'class="node hit"' "$dom")
        [ "$nodes" -ge 5 ] || fail "$name: fewer than 5 graph nodes"
        # opened with #search=main:entry:0: the search marked the entry node, not every node
        [ "$hits" -ge 1 ] && [ "$hits" -lt "$nodes" ] || fail "$name: the search marked $hits of $nodes nodes"
        grep -q 'node(s) found' "$dom" || fail "$name: the search did not count its nodes" ;;
      svg)
        grep -q '<svg viewBox="[^"]*"' "$dom" || fail "$name: no drawn graph" ;;
      verdict:*)
        grep -q "badge v-${want#verdict:}" "$dom" || fail "$name: no ${want#verdict:} verdict" ;;
    esac
  done
  [ "$fails" -eq "$before" ] && echo "ok $name: $(stat -c %s "$page") bytes, screenshot $out/$name.png"
}

# The README's commands that write an HTML report, run as the README shows
# them (from the repository root; a `cd DIR` earlier in the same ```sh block
# holds), each with its report put into OUTDIR instead of the path shown.
readme_cases() {
  local dir="" inblock=0 k=0 line
  while IFS= read -r line; do
    if [ "$line" = '```sh' ]; then inblock=1; dir=""; continue; fi
    if [ "${line:0:3}" = '```' ]; then inblock=0; continue; fi
    [ "$inblock" -eq 1 ] || continue
    case $line in
      "cd "*) dir=${line#cd }; continue ;;
      bitprove\ *--report\ *.html*) ;;
      *) continue ;;
    esac
    k=$((k + 1))
    local cmd=${line%%#*} want="" name="readme-$k"
    if [[ $line =~ \#[[:space:]]*-\>[[:space:]]*(TRUE|FALSE|UNKNOWN) ]]; then want=${BASH_REMATCH[1]}; fi
    local page="$out/$name.html"
    cmd=$(echo "$cmd" | sed -E "s#--report [^ ]+\.html#--report $page#; s#^bitprove#\"$bitprove\"#")
    rm -f "$page"
    (cd "$repo/$dir" && bash -c "$cmd" >"$out/$name.txt" 2>&1 </dev/null)
    local checks=()
    [ -n "$want" ] && checks+=("verdict:$want")
    [ "$want" = FALSE ] && checks+=(violation)
    [ "$want" = TRUE ] && checks+=(svg)
    open_page "$name" "$page" "" "${checks[@]}"
  done <"$repo/README.md"
  [ "$k" -ge 1 ] || fail "README: no command writes an HTML report"
}

run_case false-memsafety oob-unsafe verdict:FALSE violation
run_case false-lasso nonterm-stem-unsafe verdict:FALSE violation
run_case true-graph term-nested verdict:TRUE graph
run_case true-kind kind-invariant-safe verdict:TRUE
run_case unknown extern-pointer verdict:UNKNOWN
# Hiding a function's states: tests/report/steps.c opened with #hide=step
# shows a check box per function, and step's states (and their edges) hidden.
functions_case() {
  local page="$out/functions.html"
  rm -f "$page"
  (cd "$repo" && "$bitprove" --prop termination --engine seg --report "$page" tests/report/steps.c >"$out/functions.txt" 2>&1)
  open_page functions "$page" "#hide=step" verdict:TRUE svg
  local dom="$out/functions.dom.html"
  [ -s "$dom" ] || return
  grep -q '<input type="checkbox" value="step">' "$dom" || fail "functions: no check box for step"
  local shown hidden
  hidden=$(grep -c '<g id="[a-z0-9]*_node[0-9]*" class="node" data-func="step" style="display: none;"' "$dom")
  shown=$(grep -c '<g id="[a-z0-9]*_node[0-9]*" class="node" data-func="main">' "$dom")
  [ "$hidden" -ge 1 ] && [ "$shown" -ge 1 ] || fail "functions: $hidden state(s) of step hidden, $shown of main shown"
}

functions_case
readme_cases

echo "browser: $fails failure(s)"
[ "$fails" -eq 0 ]
