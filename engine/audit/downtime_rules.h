#pragma once
// Minimum counted downtime and the partial-minute rule apply to each downtime
// run: a maximal stretch of consecutive down seconds. A run that crosses a
// period boundary is judged by its whole length (an outage from 23:59:30 to
// 00:00:40 lasted 70 s, not 30 s and 40 s); each period then counts its own
// part, rounded by the partial-minute rule.
#include <optional>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "engine/audit/report.h"
#include "engine/audit/timeline.h"
#include "language/model/contract.h"

namespace slaudit::audit {

struct DowntimeRun {
  Instant start, end;       // within the period
  int64_t full_seconds = 0; // seconds at full weight
  Rational partial = 0;     // seconds x weight where the weight is a share below 1, exact
  bool touches_start = false, touches_end = false;
  // Incidents attributed any second of the run: nearly always one or two, kept
  // inline (a fleet audit makes millions of runs; a heap list each was the
  // audit's most frequent allocation).
  boost::container::small_vector<size_t, 2> owners;
};

std::vector<DowntimeRun> downtime_runs(const Classification& c, Instant from, Instant to);

struct RunVerdict {
  bool ignored = false;     // shorter than the minimum
  Seconds whole_length{0};  // including its parts in adjacent periods
  Seconds counted{0};       // seconds counted after the partial-minute rule (unweighted)
};

// `before` and `after`: seconds of the same run in the previous and next periods.
RunVerdict judge_run(const DowntimeRun& run, Seconds before, Seconds after, const model::AvailabilityClause& clause);

}  // namespace slaudit::audit
