#pragma once
// Probe buckets recorded by a time-series database (Prometheus, Thanos, Mimir):
// what `slaudit prometheus-rules` writes as recording rules and what
// `slaudit audit --prometheus` reads back. Pure arithmetic and plain data; the
// rule text is rendered in report/prometheus/, the HTTP reading is in
// telemetry/prometheus/ and jobs/.
//
// The geometry (docs/scale.md, "How a bucket is recorded"):
//  - a recording rule is evaluated every `bucket` seconds, at instants t the
//    server chooses (Prometheus staggers each group by a hash of its name);
//  - its expression evaluates, through a subquery of step `bucket`, at
//    tau = floor(t / bucket) * bucket (a multiple of the bucket since the Unix
//    epoch) and sums the raw samples of [tau - shift - bucket, tau - shift):
//    one clause bucket, whatever t is;
//  - shift = (bucket - phase) mod bucket + lag, where phase = period start mod
//    bucket puts tau - shift on a bucket end of the clause (a period starts at
//    local midnight, which is a whole number of buckets from the epoch only in
//    some zones), and lag (whole buckets) leaves late scrapes time to arrive.
// So the audit finds the figures of bucket [B, B + bucket) in the recorded
// sample at some t in [B + bucket + shift, B + 2 bucket + shift), and a range
// query of last_over_time(series[bucket - 1 ms]) at B + 2 bucket + shift - 1 ms
// returns exactly that sample (the range holds that one evaluation and no other).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/time/instant.h"
#include "engine/audit/probe/probe_engine.h"
#include "language/syntax/source.h"

namespace slaudit::probe {

// The recorded series: per target (the target label kept) and per bucket.
inline constexpr std::string_view kRecordedOk = "slaudit:probe_ok:bucket";        // good (sum of ok)
inline constexpr std::string_view kRecordedTotal = "slaudit:probe_total:bucket";  // sum of total (count of 0/1 samples)
// 1 for every evaluation, targets or not: a bucket without it was never recorded.
inline constexpr std::string_view kRecordedEvaluated = "slaudit:probe_evaluated:bucket";

// Labels every recorded series carries, so the audit finds the clause's own.
inline constexpr std::string_view kLabelContract = "slaudit_contract";
inline constexpr std::string_view kLabelService = "slaudit_service";
inline constexpr std::string_view kLabelBucket = "slaudit_bucket";  // seconds
inline constexpr std::string_view kLabelShift = "slaudit_shift";    // seconds

// period_start mod bucket, in [0, bucket), counted from the Unix epoch.
Seconds bucket_phase(Instant period_start, Seconds bucket);
// (bucket - phase) mod bucket, plus `lag` rounded up to whole buckets.
Seconds recording_shift(Seconds phase, Seconds bucket, Seconds lag);
// Whether rules recorded with `shift` give buckets of a period with `phase`.
bool shift_fits(Seconds shift, Seconds phase, Seconds bucket);

// Why the buckets of `parts` cannot be recorded one by one ("" when they can):
// every part must start and end a whole number of buckets after its period's
// start (a clipped bucket has no recorded twin).
std::string unrecordable_reason(Seconds bucket, const std::vector<ProbePart>& parts);

// The range-query instant (ms since the epoch) whose last_over_time(...[bucket])
// is the recorded figure of the bucket starting at `bucket_start`, and back.
int64_t recorded_query_ms(Instant bucket_start, Seconds bucket, Seconds shift);
Instant bucket_of_query_ms(int64_t ms, Seconds bucket, Seconds shift);

// What the raw samples are, per clause.
enum class RecordedSourceKind {
  Success,  // a 0/1 gauge (blackbox probe_success): ok = sum, total = count
  Counts,   // two gauges of per-sample counts (the CSV's ok,total): ok = sum, total = sum
};

struct RecordedSource {
  RecordedSourceKind kind = RecordedSourceKind::Success;
  std::string ok = "probe_success";  // a vector selector; the success gauge for Success
  std::string total;                 // Counts only
};

// PromQL's range selectors: Prometheus 2 takes [t - r, t], Prometheus 3 (t - r, t].
enum class RangeSemantics { Closed, LeftOpen };

struct RecordedClause {
  size_t clause = 0;  // index in Contract::availability
  std::string service;
  SourceRange range;  // the clause, for the rule's comment
  Seconds bucket{60};
  std::vector<Seconds> shifts;  // one rule group each, sorted
  RecordedSource source;
};

// Everything a rule file states.
struct RecordingRules {
  std::string contract_title;
  std::string target_label = "instance";
  RangeSemantics ranges = RangeSemantics::Closed;
  std::string range_label;  // the audited range the shifts were computed for
  std::vector<RecordedClause> clauses;
};

}  // namespace slaudit::probe
