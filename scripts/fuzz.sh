#!/usr/bin/env bash
# ./run fuzz [SECONDS]: builds the libFuzzer harnesses with clang in build/fuzz
# (ASan + UBSan, coverage everywhere) and runs each for SECONDS, one after
# another, each over its own corpus (build/fuzz/fuzz/corpus/NAME: the seeds,
# copied at configure time, plus what libFuzzer adds) with its dictionary.
# Prints per harness: executions, exec/s, coverage (cov/ft of libFuzzer's
# final line), corpus size and findings (crash, leak, timeout and OOM files in
# build/fuzz/findings/NAME). Exit 1 when anything was found. docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
case "$seconds" in (*[!0-9]*|'') echo "usage: ./run fuzz [SECONDS]" >&2; exit 2 ;; esac
dir=build/fuzz
cxx=$(command -v clang++-14 || command -v clang++)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1 with line tables: what libFuzzer's documentation suggests, and quicker to build than -O2 -g.
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DSLAUDIT_FUZZ=ON -DSLAUDIT_TESTS=OFF "${launcher[@]}" >/dev/null
cmake --build "$dir" --target slaudit_fuzzers -j "${SLAUDIT_FUZZ_BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}"

export UBSAN_OPTIONS=print_stacktrace=1
mkdir -p "$dir/logs"
found_any=0
printf '%-18s %12s %8s %7s %7s %7s  %s\n' harness executions exec/s cov ft corpus findings
while read -r name dict; do
  findings="$dir/findings/$name"
  mkdir -p "$findings"
  before=$(ls "$findings" | wc -l)
  log="$dir/logs/$name.log"
  status=0
  "$dir/fuzz/fuzz_$name" "$dir/fuzz/corpus/$name" -dict="$dict" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1 || status=$?
  stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.*corp: \([0-9]*\).*/\1/p' <<<"$last")
  new=$(( $(ls "$findings" | wc -l) - before ))
  what="none"
  if [ "$status" -ne 0 ] || [ "$new" -gt 0 ]; then
    found_any=1
    # The first line that says what went wrong, and the file that reproduces it.
    reason=$(grep -m1 -E 'fuzz expectation failed|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|uncaught exception|terminate called' "$log" || echo "exit $status")
    what="$new new: ${reason:0:160} (log $log; files in $findings)"
  fi
  printf '%-18s %12s %8s %7s %7s %7s  %s\n' "$name" "$(stat number_of_executed_units)" \
    "$(stat average_exec_per_sec)" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$what"
done <"$dir/fuzz/harnesses.txt"
exit "$found_any"
