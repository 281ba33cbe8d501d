#!/usr/bin/env bash
# Installs a built tree into a scratch prefix (stripped, as a package would)
# and checks what a user gets: the binary runs and says its version, the man
# page documents every command, the completions load and complete, the
# manuals and the contract library are there. A ctest (CMakeLists.txt).
#   scripts/check-install.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" --strip >/dev/null
bin=$prefix/bin/slaudit
[ -x "$bin" ] || fail "no $bin"
version=$("$bin" --version)
[[ $version == "slaudit "* ]] || fail "--version printed '$version'"
if readelf -S "$bin" | grep -q '\.debug_'; then fail "the installed binary keeps debug sections"; fi

man=$prefix/share/man/man1/slaudit.1
[ -s "$man" ] || fail "no man page"
for cmd in check fmt ast audit rules claims prometheus-rules ledger compare; do
  grep -q "^\.SH \"COMMAND: $cmd\"" "$man" || fail "the man page has no section for $cmd"
done
grep -q -- '--holidays' "$man" || fail "the man page lacks audit's options"

completion=$prefix/share/bash-completion/completions/slaudit
[ -s "$completion" ] || fail "no bash completion"
[ -s "$prefix/share/zsh/vendor-completions/_slaudit" ] || fail "no zsh completion"
# Complete `slaudit au` and `slaudit audit --form` with the installed binary first on PATH.
got=$(PATH="$prefix/bin:$PATH" bash -c '
  source "$1"
  COMP_WORDS=(slaudit au); COMP_CWORD=1; _slaudit; echo "${COMPREPLY[*]}"
  COMP_WORDS=(slaudit audit --form); COMP_CWORD=2; _slaudit; echo "${COMPREPLY[*]}"
  COMP_WORDS=(slaudit audit --format cs); COMP_CWORD=3; _slaudit; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$got" = $'audit\n--format\ncsv csv-incidents' ] || fail "completion gave: $got"

for doc in README.md language.md audit.md; do
  [ -s "$prefix/share/doc/slaudit/$doc" ] || fail "no $doc under share/doc/slaudit"
done
[ -s "$prefix/share/slaudit/contracts/library/alibaba_ecs.sla" ] || fail "no contract library"
"$bin" check "$prefix/share/slaudit/contracts/quickstart/acme.sla" >/dev/null || fail "the installed quickstart does not check"
echo "check-install: ok ($version, $(stat -c %s "$bin") bytes stripped)"
