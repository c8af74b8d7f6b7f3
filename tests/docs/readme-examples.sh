#!/usr/bin/env bash
# The README's examples run as shown, and every link of the docs points to a
# file that exists.
#
#   readme-examples.sh BITPROVE SOURCE_DIR
#
# Convention (README.md):
# - A fenced block whose opening line is exactly ```sh is run. Any other
#   fence (```sh norun, ```console, ```) is shown only: use ```sh norun for
#   commands that need what the repository does not have (your prog.c,
#   benchmark sets, a long `make check`).
# - In a run block every line that is not empty and not a comment is one
#   command, run with bash from the repository root; a line `cd DIR` changes
#   the directory for the rest of its block. A leading `bitprove` is the
#   built binary (BITPROVE).
# - A trailing `# -> VERDICT` says what the first line of stdout must be
#   (TRUE, FALSE(valid-deref), YES, ...); a trailing `# exit N` the exit
#   status (default 0). Every `bitprove` command other than `bitprove run`,
#   `--print`, `--dump-ir` and `--help` must print a verdict line (TRUE,
#   FALSE(...), UNKNOWN, YES, NO, MAYBE) first.
# - Each command gets TIMEOUT seconds (default 120).
#
# Links: in README.md and docs/*.md every markdown link [text](target) whose
# target is not a URL (http:, https:, mailto:) or an anchor of the same page
# must name an existing file or folder, relative to the page; an anchor
# after '#' into a markdown page must be one of its headings (GitHub's slugs:
# lower case, punctuation dropped, spaces to hyphens).
set -u
BITPROVE=$(realpath "$1")
SRC=$(realpath "$2")
TIMEOUT=${TIMEOUT:-120}
README=${README:-$SRC/README.md}
fail=0
n=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

verdict_re='^(TRUE|FALSE(\([a-z-]+\))?|UNKNOWN|YES|NO|MAYBE)$'

run_command() { # dir, line
  local dir=$1 line=$2 cmd expect="" status=0 code first
  cmd=${line%%#*}
  cmd=$(echo "$cmd" | sed 's/[[:space:]]*$//')
  if [[ $line =~ \#[[:space:]]*-\>[[:space:]]*([^[:space:]]+) ]]; then expect=${BASH_REMATCH[1]}; fi
  if [[ $line =~ \#[[:space:]]*exit[[:space:]]+([0-9]+) ]]; then status=${BASH_REMATCH[1]}; fi
  local shown=$cmd
  if [[ $cmd == bitprove\ * ]]; then cmd="\"$BITPROVE\"${cmd#bitprove}"; fi
  n=$((n + 1))
  (cd "$dir" && timeout "$TIMEOUT" bash -c "$cmd") >"$out" 2>&1 </dev/null
  code=$?
  first=$(head -n 1 "$out")
  local why=""
  if [ "$code" != "$status" ]; then why="exit status $code, expected $status"
  elif [ -n "$expect" ] && [ "$first" != "$expect" ]; then why="first line '$first', expected '$expect'"
  elif [[ $shown == bitprove\ * ]] && [[ $shown != bitprove\ run\ * ]] && [[ $shown != *--print* ]] \
       && [[ $shown != *--dump-ir* ]] && [[ $shown != *--help* ]] && ! [[ $first =~ $verdict_re ]]; then
    why="no verdict line first: '$first'"
  fi
  if [ -n "$why" ]; then
    local where=${dir#"$SRC"/}
    [ "$dir" = "$SRC" ] && where=.
    echo "FAIL (in $where): $shown"
    echo "  $why; output:"
    head -n 15 "$out" | sed 's/^/    /'
    fail=1
  else
    echo "ok   $shown"
  fi
}

# the examples
in_block=0
dir=$SRC
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  if [ $in_block = 0 ]; then
    if [ "$line" = '```sh' ]; then in_block=1; dir=$SRC; fi
    continue
  fi
  if [[ $line == '```'* ]]; then in_block=0; continue; fi
  trimmed=$(echo "$line" | sed 's/^[[:space:]]*//')
  [ -z "$trimmed" ] && continue
  [[ $trimmed == \#* ]] && continue
  if [[ $trimmed =~ ^cd[[:space:]]+([^[:space:]#]+) ]]; then
    dir=$(cd "$dir" && cd "${BASH_REMATCH[1]}" && pwd) || { echo "FAIL: README.md:$lineno: $trimmed"; fail=1; }
    continue
  fi
  run_command "$dir" "$trimmed"
done <"$README"
if [ $in_block = 1 ]; then echo "FAIL: README.md: a \`\`\`sh block is not closed"; fail=1; fi
if [ $n -lt 10 ]; then echo "FAIL: only $n examples found in $README (the convention changed?)"; fail=1; fi

# the links
links=0
for page in "$README" "$SRC"/docs/*.md; do
  pdir=$(dirname "$page")
  while IFS= read -r target; do
    case $target in http:* | https:* | mailto:*) continue ;; esac
    path=${target%%#*}
    links=$((links + 1))
    [ -z "$path" ] && path=$(basename "$page")
    if [ ! -e "$pdir/$path" ]; then
      echo "FAIL: ${page#$SRC/}: link to $target: no such file"
      fail=1
    elif [[ $target == *'#'* ]] && [[ $path == *.md ]] && ! python3 - "$pdir/$path" "${target#*#}" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'```.*?```', '', text, flags=re.S)
slugs = {re.sub(r' ', '-', re.sub(r'[^\w\- ]', '', h.strip().lower()))
         for h in re.findall(r'^#+ (.*)$', text, flags=re.M)}
sys.exit(0 if sys.argv[2] in slugs else 1)
PY
    then
      echo "FAIL: ${page#$SRC/}: link to $target: no such heading"
      fail=1
    fi
  done < <(grep -o '\]([^)[:space:]]*)' "$page" | sed 's/^](//; s/)$//')
done
echo "$n examples, $links links checked"
exit $fail
