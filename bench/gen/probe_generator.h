#pragma once
// A realistic probe file for benchmarks and tests: per-minute samples for N
// targets over a period, deterministic from a seed (same options, same bytes).
//  - outages per target: a few short ones (1 to 4 minutes, under a 5-minute
//    consecutive rule; 3 to 5 in 30 days) and up to two long ones (6 to 60
//    minutes), fewer in shorter periods;
//  - fleet-wide outages on every target at once: 12 minutes on day 9 and
//    3 minutes on day 20 (at 14:00 UTC) when the period is that long;
//  - noise: 1 in 20 good minutes has 1 or 2 failed requests (counts schema),
//    1 in 500 good probes fails (success schema);
//  - telemetry gaps: up to two per target (2 to 20 minutes, no rows) and a
//    fleet-wide 8-minute gap on day 15 at 03:00 (a collector outage);
//  - anomalies (unless turned off): 1 row in 20,000 written twice
//    (identical), 1 in 20,000 written two minutes late (out of order).
// Rows are time-ordered otherwise (minute by minute, targets in order):
//   rows = targets * minutes - gap_rows + duplicate_rows   (plus the header)
// so N = 1,000 over 30 days is about 43.2 million rows.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace slaudit::bench {

struct ProbeGenOptions {
  uint32_t targets = 1000;
  int64_t start = 1793491200;  // 2026-11-01T00:00:00Z
  uint32_t minutes = 30 * 24 * 60;
  uint64_t seed = 1;
  enum class Schema { Counts, Success } schema = Schema::Counts;  // ok,total or success
  enum class Clock { Unix, Iso } clock = Clock::Unix;             // 1793491200 or 2026-11-01T00:00:00Z
  bool anomalies = true;                                          // duplicate and out-of-order rows
};

struct ProbeGenStats {
  uint64_t rows = 0;            // data rows written (the header not counted)
  uint64_t gap_rows = 0;        // target-minutes left out by telemetry gaps
  uint64_t duplicate_rows = 0;  // extra copies written
  uint64_t late_rows = 0;       // rows written two minutes late
  uint64_t outage_rows = 0;     // target-minutes inside an outage
  uint64_t bytes = 0;           // header included
};

// Writes the header and the rows through `write`, in chunks of about 1 MiB.
ProbeGenStats generate_probes(const ProbeGenOptions& options, const std::function<void(std::string_view)>& write);

// The name of target `i` (0-based) in generated files: "probe-00042".
std::string probe_target_name(uint32_t i);

}  // namespace slaudit::bench
