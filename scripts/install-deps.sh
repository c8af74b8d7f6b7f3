#!/usr/bin/env bash
# Installs the Debian packages bitprove needs, and only those that are missing.
# Used by `make demo` and `make check`; safe to run again.
set -euo pipefail

packages=(
  cmake make gcc python3        # build and test tooling
  clang-14 llvm-14-dev          # C front end and the LLVM C API
  libc6-dev-i386                # 32-bit libc headers: C programs with #include under ILP32 (-m32)
  lib32gcc-12-dev               # 32-bit crtbeginS.o and libgcc: without them clang-14 -m32 links nothing (ILP32 harnesses, tests/harness)
  libclang-rt-14-dev            # ASan/UBSan/LSan runtimes, x86-64 and i386 (only recommended by clang-14): harnesses and the sanitizer build
  libz3-dev libgmp-dev          # SMT solving and arbitrary-precision constants (engines)
  csmith libcsmith-dev          # random programs (and their header) for the interpreter's differential test
  python3-yaml                  # task definitions: bench/run.py, and BenchExec (tool-info test of bench/benchexec)
  python3-lxml                  # WitnessLint (../shared/tools/witnesslint), which checks our GraphML witnesses in tests/witness
  python3-jsonschema            # validates --report's SARIF files against the SARIF 2.1.0 schema (tests/report)
  libgraphviz-dev pkg-config    # Graphviz's libgvc: --report FILE.html draws the symbolic execution graph as SVG
)
# A headless browser for the HTML report's browser test (tests/report/browser.sh),
# only in CI (CI=true): `make demo` and `make check` on a user's machine do not
# pull in a browser; without it that test is skipped.
if [ "${CI:-}" = "true" ]; then
  packages+=(chromium)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "bitprove: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
