// Bucket grid: exact threshold boundaries, minimum runs, missing data, duplicates
// summed, unsorted input. Every figure below is worked in its comment.
#include <catch2/catch.hpp>

#include "engine/audit/probe/bucket_grid.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {
const Instant kStart{std::chrono::seconds{1'775'000'000 - 1'775'000'000 % 60}};

model::ProbeRule rule(model::ProbeSignal sig, model::Comparator cmp, Decimal th, int64_t min = 1) {
  model::ProbeRule r;
  r.signal = sig;
  r.cmp = cmp;
  r.threshold = th;
  r.min_consecutive = min;
  return r;
}
ProbeSample at(int64_t minute, uint64_t ok, uint64_t total, int64_t second = 0) {
  ProbeSample s;
  s.at = kStart + Seconds{minute * 60 + second};
  s.ok = ok;
  s.total = total;
  return s;
}
int bad_count(const std::vector<BucketState>& v) {
  int n = 0;
  for (auto s : v) n += s == BucketState::Bad;
  return n;
}
}  // namespace

TEST_CASE("threshold boundaries are exact", "[probe-audit]") {
  using model::Comparator;
  using model::ProbeSignal;
  struct Row { ProbeSignal sig; Comparator cmp; Decimal th; uint64_t ok, total; bool bad; };
  const Row rows[] = {
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(95, 2), 95, 100, false},  // 0.95 < 0.95 no
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(95, 2), 94, 100, true},
      {ProbeSignal::SuccessRatio, Comparator::AtMost, Decimal(95, 2), 19, 20, true},      // 19/20 = 0.95
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(999, 3), 998001, 999000, false},  // = 0.999 exactly
      {ProbeSignal::ErrorRate, Comparator::GreaterThan, Decimal(5, 2), 95, 100, false},   // 5/100 > 0.05 no
      {ProbeSignal::ErrorRate, Comparator::GreaterThan, Decimal(5, 2), 94, 100, true},
      {ProbeSignal::ErrorRate, Comparator::AtLeast, Decimal(5, 2), 19, 20, true},         // 1/20 = 0.05
  };
  for (const auto& r : rows) {
    CHECK(bucket_is_bad(rule(r.sig, r.cmp, r.th), r.ok, r.total) == r.bad);
  }
}

TEST_CASE("only runs of at least the minimum count; duplicates summed; order free", "[probe-audit]") {
  // 10 one-minute buckets; minutes 1-2 bad (run of 2), 5-7 bad (run of 3); min 3.
  BucketGrid grid(kStart, kStart + Seconds{600}, Seconds{60}, 1);
  const int order[] = {9, 7, 0, 5, 3, 1, 8, 6, 2, 4};  // unsorted on purpose
  for (int m : order) {
    const bool bad = m == 1 || m == 2 || (m >= 5 && m <= 7);
    grid.add(at(m, bad ? 0 : 1, 1, 30));
  }
  // A second sample in minute 4: 1/1 + 0/1 = 1/2 < 0.95, but a run of 1 (<3) is not downtime.
  grid.add(at(4, 0, 1, 45));
  const auto r = rule(model::ProbeSignal::SuccessRatio, model::Comparator::LessThan, Decimal(95, 2), 3);
  const auto s = target_states(grid, 0, r, model::MissingData::Up);
  // Minute 4 joins 5-7 into a run of 4: 4 to 7 bad; 1-2 (run of 2) dropped.
  CHECK(bad_count(s) == 4);
  CHECK(s[4] == BucketState::Bad);
  CHECK(s[1] == BucketState::Good);
  CHECK(grid.counts().used == 11);
}

TEST_CASE("missing buckets follow the rule", "[probe-audit]") {
  // 5 buckets, samples only in 0 and 4 (both good): 3 missing.
  BucketGrid grid(kStart, kStart + Seconds{300}, Seconds{60}, 1);
  grid.add(at(0, 1, 1));
  grid.add(at(4, 1, 1));
  grid.add(at(5, 1, 1));  // at the end: outside the period
  const auto r = rule(model::ProbeSignal::SuccessRatio, model::Comparator::LessThan, Decimal(1, 0), 3);
  CHECK(bad_count(target_states(grid, 0, r, model::MissingData::Up)) == 0);
  CHECK(bad_count(target_states(grid, 0, r, model::MissingData::Down)) == 3);  // run of 3 >= 3
  auto ex = target_states(grid, 0, r, model::MissingData::Excluded);
  CHECK(ex[2] == BucketState::Excluded);
  CHECK(bad_count(ex) == 0);
  CHECK(grid.counts().outside_period == 1);
}
