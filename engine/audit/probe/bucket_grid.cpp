#include "engine/audit/probe/bucket_grid.h"

#include <limits>

namespace slaudit::probe {

BucketGrid::BucketGrid(Instant start, Instant end, Seconds bucket, TargetId targets)
    : start_(start), bucket_(bucket), targets_(targets) {
  // A trailing partial bucket (period not a multiple of the size) still counts.
  const int64_t span = (end - start).count();
  const int64_t size = bucket.count() > 0 ? bucket.count() : 1;
  buckets_ = span > 0 ? (span + size - 1) / size : 0;
  cells_.assign(static_cast<size_t>(targets) * static_cast<size_t>(buckets_), BucketCell{});
}

void BucketGrid::add(const ProbeSample& sample) {
  if (sample.kind == SampleKind::Ratio) {
    ++counts_.ratio_unsupported;
    return;
  }
  const int64_t offset = (sample.at - start_).count();
  const int64_t index = offset < 0 ? -1 : offset / bucket_.count();
  if (index < 0 || index >= buckets_ || sample.target >= targets_) {
    ++counts_.outside_period;
    return;
  }
  BucketCell& c = cells_[static_cast<size_t>(sample.target) * static_cast<size_t>(buckets_) +
                         static_cast<size_t>(index)];
  constexpr uint64_t kMax = std::numeric_limits<uint32_t>::max();
  if (sample.ok > sample.total || c.total + sample.total > kMax) {
    ++counts_.overflow;
    return;
  }
  c.ok += static_cast<uint32_t>(sample.ok);
  c.total += static_cast<uint32_t>(sample.total);
  ++counts_.used;
}

bool bucket_is_bad(const model::ProbeRule& rule, uint64_t ok, uint64_t total) {
  using I = __int128;
  // The measured value as a fraction v/total: success ratio ok/total, error rate (total-ok)/total.
  const I v = rule.signal == model::ProbeSignal::SuccessRatio ? I(ok) : I(total - ok);
  const I lhs = v * I(rule.threshold.denominator());
  const I rhs = I(rule.threshold.coefficient()) * I(total);
  switch (rule.cmp) {
    case model::Comparator::LessThan: return lhs < rhs;
    case model::Comparator::AtMost: return lhs <= rhs;
    case model::Comparator::GreaterThan: return lhs > rhs;
    case model::Comparator::AtLeast: return lhs >= rhs;
    case model::Comparator::Equal:
    case model::Comparator::About: return lhs == rhs;
  }
  return false;
}

std::vector<BucketState> target_states(const BucketGrid& grid, TargetId target,
                                       const model::ProbeRule& rule, model::MissingData missing) {
  std::vector<BucketState> s(static_cast<size_t>(grid.bucket_count()), BucketState::Good);
  for (int64_t b = 0; b < grid.bucket_count(); ++b) {
    const BucketCell& c = grid.cell(target, b);
    if (c.total == 0) {
      s[b] = missing == model::MissingData::Down       ? BucketState::Bad
             : missing == model::MissingData::Excluded ? BucketState::Excluded
                                                       : BucketState::Good;
    } else if (bucket_is_bad(rule, c.ok, c.total)) {
      s[b] = BucketState::Bad;
    }
  }
  // Runs shorter than the minimum are not downtime; excluded buckets are skipped over.
  const int64_t need = rule.min_consecutive > 0 ? rule.min_consecutive : 1;
  std::vector<size_t> run;
  auto close_run = [&] {
    if (static_cast<int64_t>(run.size()) < need)
      for (size_t i : run) s[i] = BucketState::Good;
    run.clear();
  };
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == BucketState::Bad) run.push_back(i);
    else if (s[i] == BucketState::Good) close_run();
  }
  close_run();
  return s;
}

}  // namespace slaudit::probe
