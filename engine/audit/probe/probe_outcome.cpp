#include "engine/audit/probe/probe_outcome.h"

#include <algorithm>
#include <stdexcept>

namespace slaudit::probe {

namespace {

using model::MissingData;
using model::TargetCombination;

// Targets counted in bucket g and the bad ones among them, under `missing`.
std::pair<uint32_t, uint32_t> counted_targets(const BucketTally& t, uint32_t targets, MissingData missing) {
  const uint32_t absent = targets > t.present ? targets - t.present : 0;
  switch (missing) {
    case MissingData::Up: return {targets, t.bad};
    case MissingData::Down: return {targets, t.bad + absent};
    case MissingData::Excluded: return {t.present, t.bad};
  }
  return {targets, t.bad};
}

bool combined_bad(const model::ProbeRule& rule, uint32_t counted, uint32_t bad) {
  switch (rule.combine) {
    case TargetCombination::Any: return bad > 0;
    case TargetCombination::All: return counted > 0 && bad == counted;
    case TargetCombination::AtLeastShare: {
      // bad / counted >= share, exactly: bad * den >= coef * counted.
      const __int128 lhs = static_cast<__int128>(bad) * rule.combine_share.denominator();
      const __int128 rhs = static_cast<__int128>(rule.combine_share.coefficient()) * counted;
      return counted > 0 && lhs >= rhs;
    }
    case TargetCombination::Averaged: return bad > 0;
  }
  return false;
}

}  // namespace

ProbeOutcome service_outcome(const ProbeClauseEngine& e, MissingData missing) {
  ProbeOutcome out;
  out.missing = missing;
  const size_t n = static_cast<size_t>(e.bucket_count());
  out.state.assign(n, ServiceBucket::Up);
  out.weight.assign(n, audit::Weight{0, 1});
  const uint32_t targets = e.target_count();
  if (e.rule().combine == TargetCombination::Averaged) {
    const auto& in_run = e.run_targets(missing);
    if (in_run.size() != n) throw std::logic_error("probe engine built without the runs of this missing-data reading");
    for (size_t g = 0; g < n; ++g) {
      const auto [counted, bad] = counted_targets(e.tally(static_cast<int64_t>(g)), targets, missing);
      if (counted == 0) {
        out.state[g] = missing == MissingData::Excluded ? ServiceBucket::Excluded : ServiceBucket::Up;
        continue;
      }
      if (in_run[g] > 0) {
        out.state[g] = ServiceBucket::Down;
        out.weight[g] = audit::Weight{in_run[g], counted};
      } else if (bad > 0) {
        out.state[g] = ServiceBucket::BadShort;
      }
    }
    return out;
  }
  // Service buckets first, then runs of at least the minimum over them;
  // excluded buckets neither break nor extend a run.
  const int64_t need = std::max<int64_t>(1, e.rule().min_consecutive);
  std::vector<size_t> run;
  auto close = [&] {
    if (static_cast<int64_t>(run.size()) >= need)
      for (size_t g : run) {
        out.state[g] = ServiceBucket::Down;
        out.weight[g] = audit::kWeightOne;
      }
    run.clear();
  };
  for (size_t g = 0; g < n; ++g) {
    if (e.starts_segment(static_cast<int64_t>(g))) close();
    const auto [counted, bad] = counted_targets(e.tally(static_cast<int64_t>(g)), targets, missing);
    if (counted == 0 && missing == MissingData::Excluded) {
      out.state[g] = ServiceBucket::Excluded;
      continue;
    }
    // No target at all: missing data for the whole service.
    const bool is_bad = targets == 0 ? missing == MissingData::Down : combined_bad(e.rule(), counted, bad);
    if (is_bad) {
      out.state[g] = ServiceBucket::BadShort;
      run.push_back(g);
    } else {
      close();
    }
  }
  close();
  return out;
}

BucketFigures part_figures(const ProbeClauseEngine& e, const ProbeOutcome& o, size_t part) {
  BucketFigures f;
  const int64_t first = e.part_first(part), last = e.part_first(part + 1);
  const uint32_t targets = e.target_count();
  for (int64_t g = first; g < last; ++g) {
    const size_t i = static_cast<size_t>(g);
    const BucketTally t = e.tally(g);
    ++f.buckets;
    if (t.present == 0) ++f.no_data;
    f.target_buckets_missing += targets > t.present ? targets - t.present : 0;
    const ServiceBucket s = o.state[i];
    if (s == ServiceBucket::BadShort || s == ServiceBucket::Down) ++f.bad;
    if (s == ServiceBucket::Down) ++f.down;
    if (s == ServiceBucket::Excluded) ++f.excluded;
    if (s != ServiceBucket::Down && s != ServiceBucket::Excluded) continue;
    const Instant from = e.bucket_start(g), to = e.bucket_end(g);
    const auto kind = s == ServiceBucket::Down ? audit::IntervalKind::Down : audit::IntervalKind::ExclusionWindow;
    const audit::Weight w = s == ServiceBucket::Down ? o.weight[i] : audit::Weight{0, 1};
    if (!f.intervals.empty()) {
      auto& prev = f.intervals.back();
      if (prev.end == from && prev.kind == kind && prev.weight == w) {
        prev.end = to;
        continue;
      }
    }
    f.intervals.push_back({from, to, kind, w, SIZE_MAX});
  }
  return f;
}

RateFigures rate_figures(const ProbeClauseEngine& e, size_t part, MissingData missing,
                         const std::vector<std::pair<Instant, Instant>>& excluded) {
  RateFigures f;
  // A bucket with fewer requests than the clause's minimum per bucket has no
  // valid measurement: it is a bucket with missing data.
  const uint64_t need = e.rule().minimum_per_bucket ? static_cast<uint64_t>(e.rule().minimum_per_bucket->count) : 1;
  size_t x = 0;
  for (int64_t g = e.part_first(part); g < e.part_first(part + 1); ++g) {
    const Instant from = e.bucket_start(g), to = e.bucket_end(g);
    while (x < excluded.size() && excluded[x].second <= from) ++x;
    const bool touched = x < excluded.size() && excluded[x].first < to;
    const BucketTally t = e.tally(g);
    const bool valid = t.total >= need;
    if (touched) {
      ++f.left_out;
      continue;
    }
    if (t.total > 0 && !valid) ++f.below_minimum;
    if (!valid && missing == MissingData::Excluded) {
      ++f.left_out;
      continue;
    }
    ++f.buckets;
    if (!valid) {
      if (missing == MissingData::Down) f.error_rate_sum += 1;
      continue;
    }
    f.ok += t.ok;
    f.total += t.total;
    f.error_rate_sum += to_rational(t.total - t.ok) / to_rational(t.total);
  }
  if (e.rule().method == model::ProbeMethod::Requests) {
    if (f.total > 0) f.availability = to_rational(f.ok) / to_rational(f.total);
    // Not a single request: missing data counted as down makes the period a miss.
    else if (missing == MissingData::Down && f.buckets > 0) f.availability = audit::Rational(0);
  } else if (f.buckets > 0) {
    f.availability = 1 - f.error_rate_sum / f.buckets;
  }
  return f;
}

}  // namespace slaudit::probe
