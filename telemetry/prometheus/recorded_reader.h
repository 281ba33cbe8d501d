#pragma once
// Recorded bucket figures (the series `slaudit prometheus-rules` makes
// Prometheus record) turned back into the probe engine's input: per target and
// bucket, one Counts sample {ok, total} at the bucket's start, which the engine
// sums exactly as it would have summed the raw samples of that bucket.
// Samples go to the sink bucket by bucket, targets in name order, so the
// engine never sees one late. What the figures cannot tell is flagged, never
// guessed: a bucket the rules did not record, a NaN (a raw sample was NaN, so
// its bucket's sum is), a value that is not a whole number, ok without total,
// two points of one series at one time with different values (none is used,
// as the raw reader uses none of two differing rows; an identical repeat is
// counted once). Every point read is used, rejected or missing (NaN).
#include <cstdint>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "engine/records/probe_accounting.h"
#include "engine/records/probe_sample.h"
#include "engine/records/probe_targets.h"
#include "telemetry/prometheus/api_response.h"

namespace slaudit::prometheus {

// Buckets [first + k * bucket, first + (k + 1) * bucket) for k < count, as a
// range query at recorded_query_ms(...) of each returned them.
struct RecordedGrid {
  Instant first;
  Seconds bucket{60};
  Seconds shift{0};
  int64_t count = 0;
};

struct RecordedPage {
  const ApiResponse* ok = nullptr;     // last_over_time(slaudit:probe_ok:bucket{...}[bucket])
  const ApiResponse* total = nullptr;  // the same for slaudit:probe_total:bucket
  uint32_t ok_source = 0, total_source = 0;  // their input indexes, for the samples' records
  // Records number values from 1 across an input's responses: these are the
  // numbers of the values before each response's first.
  uint64_t ok_base = 0, total_base = 0;
  std::vector<bool> evaluated;         // per bucket: slaudit:probe_evaluated:bucket was recorded
};

// Why some figures of a page are not those the raw samples would give.
struct RecordedGaps {
  int64_t unrecorded_buckets = 0;   // no evaluation recorded: the rules were not running
  Instant first_unrecorded{};
  uint64_t nan_values = 0;          // target-buckets whose sum is NaN
  uint64_t unusable_values = 0;     // not a whole number, +Inf, ok without total, off the grid, two values at one time
  std::string first_problem;        // the first NaN or unusable value, with its target and bucket
  bool any() const { return unrecorded_buckets > 0 || nan_values > 0 || unusable_values > 0; }
};

struct RecordedPageResult {
  std::string error;  // the page as a whole cannot be read (a series without the target label, a target twice)
  RecordedGaps gaps;
  probe::ProbeAccounting ok_accounting, total_accounting;
};

RecordedPageResult read_recorded_page(const RecordedGrid& grid, const RecordedPage& page,
                                      const std::string& target_label, probe::ProbeTargets& targets,
                                      probe::ProbeSink& sink);

}  // namespace slaudit::prometheus
