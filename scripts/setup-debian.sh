#!/usr/bin/env bash
# Installs everything slaudit needs to build and test on a fresh Debian 12 machine.
# Idempotent: installs only what is missing, so `./run` can call it every time.
# `setup-debian.sh fuzz` also installs clang and libFuzzer, for `./run fuzz` only.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  lld                                                 # LLVM's linker: the big test binaries link in seconds
  antlr4 default-jre-headless libantlr4-runtime-dev   # parser generator (tool 4.7.2) + C++ runtime 4.9
  nlohmann-json3-dev libboost-date-time-dev libcli11-dev catch2
  libssl-dev                                          # SHA-256 digests of audit inputs
  zlib1g-dev                                          # gzip probe files (.gz), inflated as they stream
  libcurl4-openssl-dev                                # audit --prometheus: the Prometheus HTTP API
  libsqlite3-dev                                      # the audit ledger (audit --ledger, slaudit ledger)
  sqlite3                                             # the sqlite3 shell: bench_kuma times count(*) beside the Uptime Kuma reader
  prometheus                                          # prometheus + promtool 2.42: the rule and live-server tests
  tzdata                                              # IANA zones, embedded into the binary at build time
  dpkg-dev binutils                                   # ./run package (dpkg-shlibdeps); readelf for the install test
  chromium fonts-dejavu-core fonts-wqy-microhei       # the HTML report's browser test (headless); a 5 MB CJK font, not noto-cjk's 91 MB
  poppler-utils                                       # pdftoppm: the printed report's pages, rendered to check none is half blank
)
if [ "${1:-}" = fuzz ]; then
  packages+=(clang-14 libclang-rt-14-dev)             # libFuzzer and clang's sanitizers (docs/fuzzing.md)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
