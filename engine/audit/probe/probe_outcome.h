#pragma once
// From a finished ProbeClauseEngine to the service's downtime, under one
// missing-data rule (docs/audit.md, "Probe audits"):
//  - any / all / at least a share: per bucket the targets combine into one
//    service bucket (bad, good, or excluded when every target is missing and
//    missing data is excluded); then only runs of at least the clause's minimum
//    consecutive bad service buckets are downtime. Runs continue across
//    adjacent periods and are judged by their whole length; each period counts
//    its own buckets.
//  - averaged: the minimum run applies per target; a bucket's downtime weight
//    is (targets in a qualifying run) / (targets counted in it), so the period's
//    weighted downtime is the average over targets of their downtime.
//  - requests and average error rate: figures over the buckets of the period
//    that no exclusion touches.
#include <optional>
#include <vector>

#include "engine/audit/probe/probe_engine.h"
#include "engine/audit/report.h"
#include "engine/audit/timeline.h"

namespace slaudit::probe {

enum class ServiceBucket : uint8_t { Up, BadShort, Down, Excluded };

// Per global bucket: the service's state and, when Down, its weight.
struct ProbeOutcome {
  model::MissingData missing = model::MissingData::Up;
  std::vector<ServiceBucket> state;
  std::vector<audit::Weight> weight;  // Down only
};

ProbeOutcome service_outcome(const ProbeClauseEngine& engine, model::MissingData missing);

struct BucketFigures {
  int64_t buckets = 0;           // service buckets in the part
  int64_t bad = 0;               // bad service buckets, before the run minimum (averaged: with some target bad)
  int64_t down = 0;              // buckets counted as downtime (averaged: with some target in a qualifying run)
  int64_t no_data = 0;           // buckets where no target had a sample
  int64_t excluded = 0;          // buckets excluded for missing data
  uint64_t target_buckets_missing = 0;  // (target, bucket) pairs without a sample
  std::vector<audit::TimelineInterval> intervals;  // Down runs and missing-data exclusions, merged
};

BucketFigures part_figures(const ProbeClauseEngine& engine, const ProbeOutcome& outcome, size_t part);

// Requests and average error rate over part `part`, leaving out every bucket
// that overlaps `excluded` (sorted, disjoint [start, end) spans).
struct RateFigures {
  WideCount ok = 0, total = 0;            // requests in counted buckets
  int64_t buckets = 0, left_out = 0;      // buckets averaged / left out (excluded, or missing under `excluded`)
  int64_t below_minimum = 0;              // buckets with requests, but fewer than the minimum per bucket: missing data
  audit::Rational error_rate_sum = 0;     // sum of per-bucket error rates
  std::optional<audit::Rational> availability;  // by the clause's method; none when nothing to measure
};

RateFigures rate_figures(const ProbeClauseEngine& engine, size_t part, model::MissingData missing,
                         const std::vector<std::pair<Instant, Instant>>& excluded);

}  // namespace slaudit::probe
