#!/bin/sh
# Writes the slaudit(1) man page from the built binary's own --help texts, so
# the page can never disagree with the program: the main help, then each
# command's. Called by the build (CMakeLists.txt) after slaudit is linked.
#   scripts/make-man.sh BUILT_SLAUDIT OUTPUT
set -eu
bin=$1
out=$2
version=$("$bin" --version | sed 's/^slaudit //')

# troff: a leading '.' or ''' would be a request, a backslash an escape.
escape() { sed -e 's/\\/\\e/g' -e "s/^\\./\\\\\\&./" -e "s/^'/\\\\\\&'/" -e "s|$bin|slaudit|g"; }

commands() {  # the names under "Subcommands:" in the main help
  "$bin" --help | awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1; next} on && !/^  / {exit}'
}

{
  echo ".TH SLAUDIT 1 \"\" \"slaudit $version\" \"User Commands\""
  echo ".SH NAME"
  printf '%s\n' 'slaudit \- encode SLA clauses, audit them against outage logs and telemetry, flag what is ambiguous'
  echo ".SH SYNOPSIS"
  echo ".B slaudit"
  printf '%s\n' '\fICOMMAND\fR [\fIOPTIONS\fR] [\fIFILES\fR]'
  echo ".SH DESCRIPTION"
  echo ".nf"
  "$bin" --help | escape
  echo ".fi"
  for cmd in $(commands); do
    echo ".SH \"COMMAND: $cmd\""
    echo ".nf"
    "$bin" "$cmd" --help | escape
    echo ".fi"
  done
  echo ".SH FILES"
  echo "/usr/share/doc/slaudit: the README and the manuals (language.md, audit.md, fleet.md, ledger.md)."
  echo ".br"
  echo "/usr/share/slaudit/contracts: the contract library and the examples."
  echo ".SH SEE ALSO"
  echo "The language: /usr/share/doc/slaudit/language.md. The audit's arithmetic: /usr/share/doc/slaudit/audit.md."
} >"$out.tmp"
mv "$out.tmp" "$out"
