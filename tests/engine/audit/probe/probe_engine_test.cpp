// The probe engine: bucket alignment (DST), exact thresholds, duplicates,
// unsorted and late rows, the memory window. Every figure is worked beside it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/audit/probe/probe_engine.h"
#include "engine/audit/probe/probe_outcome.h"
#include "base/num/wide_count.h"
#include "base/time/period.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::probe;
using test::utc;

namespace {

model::ProbeRule rule(model::ProbeSignal sig, model::Comparator cmp, Decimal th, int64_t min = 1,
                      Seconds bucket = Seconds{60}) {
  model::ProbeRule r;
  r.signal = sig;
  r.cmp = cmp;
  r.threshold = th;
  r.min_consecutive = min;
  r.bucket = bucket;
  return r;
}
model::ProbeRule below95(int64_t min = 1) {
  return rule(model::ProbeSignal::SuccessRatio, model::Comparator::LessThan, Decimal(95, 2), min);
}

const Instant kStart = utc(2026, 11, 2);  // a Monday, 00:00 UTC

ProbeSample sample(TargetId t, Instant at, uint64_t ok, uint64_t total, uint64_t line = 0) {
  ProbeSample s;
  s.at = at;
  s.target = t;
  s.ok = ok;
  s.total = total;
  s.record = line;
  return s;
}
Instant minute(int64_t m, int64_t sec = 0) { return kStart + Seconds{m * 60 + sec}; }

// One part of `minutes` one-minute buckets from kStart.
std::vector<ProbePart> one_part(int64_t minutes) { return {{kStart, kStart, kStart + Seconds{minutes * 60}}}; }

}  // namespace

TEST_CASE("probe: threshold boundaries hit exactly go to the comparator's side", "[probe]") {
  using model::Comparator;
  using model::ProbeSignal;
  struct Row { ProbeSignal sig; Comparator cmp; Decimal th; uint64_t ok, total; bool bad; };
  const Row rows[] = {
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(95, 2), 95, 100, false},  // 0.95 < 0.95: no
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(95, 2), 94, 100, true},   // 0.94 < 0.95
      {ProbeSignal::SuccessRatio, Comparator::AtMost, Decimal(95, 2), 19, 20, true},      // 19/20 = 0.95 <= 0.95
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(999, 3), 998001, 999000, false},  // = 0.999 exactly
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(999, 3), 998000, 999000, true},   // 0.998998...
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(2, 3), 2, 1000, false},   // 0.002 < 0.002: no
      {ProbeSignal::SuccessRatio, Comparator::LessThan, Decimal(2, 3), 1, 1000, true},    // 0.001 < 0.002
      {ProbeSignal::ErrorRate, Comparator::GreaterThan, Decimal(5, 2), 95, 100, false},   // 5/100 > 0.05: no
      {ProbeSignal::ErrorRate, Comparator::GreaterThan, Decimal(5, 2), 94, 100, true},    // 6/100 > 0.05
      {ProbeSignal::ErrorRate, Comparator::AtLeast, Decimal(5, 2), 19, 20, true},         // 1/20 = 0.05 >= 0.05
      {ProbeSignal::ErrorRate, Comparator::GreaterThan, Decimal(0, 0), 1, 1, false},      // 0 > 0: no
  };
  for (const auto& r : rows) {
    INFO(r.ok << "/" << r.total << " vs " << r.th.to_string());
    CHECK(bucket_is_bad(rule(r.sig, r.cmp, r.th), r.ok, r.total) == r.bad);
  }
}

TEST_CASE("probe: a bucket of many exact ratios is compared exactly, past 128-bit products", "[probe]") {
  using model::Comparator;
  using model::ProbeSignal;
  using U = unsigned __int128;
  const U scale = kRatioScale;  // 10^19
  // 86,400 one-second ratios of a one-day bucket: the sum is up to 86,400 * 10^19 (~2^79), and a
  // threshold of 18 decimals has a denominator of 10^18 (~2^60): their product (~2^139) would not fit.
  const U n = 86'400;
  const Decimal th(999'999'999'999'999'999, 18);  // 0.999999999999999999
  const auto bad = [&](U sum) {
    return bucket_is_bad(rule(ProbeSignal::SuccessRatio, Comparator::LessThan, th), sum, n * scale);
  };
  // Exactly the threshold: mean = 0.999999999999999999, so the sum is n * (10^19 - 10): not below it.
  CHECK_FALSE(bad(n * (scale - 10)));
  CHECK(bad(n * (scale - 10) - 1));  // one part in 10^19 less: below
  CHECK_FALSE(bad(n * scale));       // every sample 1
}

TEST_CASE("probe: buckets align to the period start in New York across DST", "[probe]") {
  const TimeZone ny = test::zone("America/New_York");
  struct Row {
    unsigned month;
    int64_t buckets;   // minute buckets in the month
    Instant sample;    // a sample...
    int64_t bucket;    // ...lands in this bucket
  };
  // March 2026: starts 2026-03-01 00:00 EST = 05:00 UTC; 31 days minus the skipped hour:
  //   743 h x 60 = 44,580 buckets. 2026-03-08 03:00 EDT (07:00 UTC) is 7 x 1440 + 2 x 60 = 10,200
  //   minutes after the start (02:00-03:00 does not exist).
  // November 2026: starts 2026-11-01 00:00 EDT = 04:00 UTC; 30 days plus the repeated hour:
  //   721 h x 60 = 43,260 buckets. 01:30 EST (06:30 UTC, the second 01:30) is 150 minutes in.
  const Row rows[] = {
      {3, 44'580, utc(2026, 3, 8, 7, 0, 30), 10'200},
      {3, 44'580, utc(2026, 3, 1, 5, 0, 0), 0},
      {3, 44'580, utc(2026, 4, 1, 3, 59, 59), 44'579},  // the last second of March EDT
      {11, 43'260, utc(2026, 11, 1, 6, 30, 0), 150},
      {11, 43'260, utc(2026, 11, 1, 5, 30, 0), 90},     // the first 01:30 (EDT)
  };
  for (const auto& r : rows) {
    const auto periods = periods_for_dates(PeriodScheme::calendar_month(), ny, test::date(2026, r.month, 1),
                                           test::date(2026, r.month, 1));
    REQUIRE(periods.size() == 1);
    ProbeTargets targets;
    ProbeClauseEngine e(below95(), {{periods[0].start, periods[0].start, periods[0].end}}, targets, {"a"});
    CHECK(e.bucket_count() == r.buckets);
    e.add(sample(0, r.sample, 0, 1));
    e.finish();
    CHECK(e.counts().used == 1);
    CHECK(e.tally(static_cast<int64_t>(r.bucket)).bad == 1);
    // Every minute bucket starts on a whole local minute.
    CHECK(e.bucket_start(r.bucket) == periods[0].start + Seconds{r.bucket * 60});
  }
}

TEST_CASE("probe: a 7-minute bucket leaves a clipped last bucket", "[probe]") {
  ProbeTargets targets;
  // 60 minutes / 7 = 8 whole buckets and one of 4 minutes (56..60).
  ProbeClauseEngine e(rule(model::ProbeSignal::SuccessRatio, model::Comparator::LessThan, Decimal(1, 0), 1, Seconds{420}),
                      one_part(60), targets, {"a"});
  CHECK(e.bucket_count() == 9);
  CHECK(e.bucket_end(8) - e.bucket_start(8) == Seconds{240});
}

TEST_CASE("probe: duplicates, unsorted rows and sums per bucket", "[probe]") {
  ProbeTargets targets;
  ProbeClauseEngine e(below95(), one_part(10), targets, {"a"});
  // Unsorted rows; minute 3 gets samples at two seconds, :10 and :40.
  e.add(sample(0, minute(5), 10, 10, 2));
  e.add(sample(0, minute(3, 10), 10, 10, 3));
  e.add(sample(0, minute(1), 10, 10, 4));
  e.add(sample(0, minute(3, 40), 8, 10, 5));
  e.add(sample(0, minute(3, 40), 8, 10, 6));  // identical repeat of line 5: ignored
  e.add(sample(0, minute(3, 10), 0, 10, 7));  // conflicts with line 3: neither is used
  e.add(sample(0, minute(5), 10, 10, 8));     // identical repeat of a single-sample bucket
  e.finish();
  const auto& c = e.counts();
  CHECK(c.seen == 7);
  CHECK(c.used == 3);                   // lines 2, 4, 5
  CHECK(c.duplicate_identical == 2);    // lines 6, 8
  CHECK(c.duplicate_conflicting == 2);  // lines 3 and 7, both
  // Minute 3 keeps only line 5: 8/10 = 0.8 < 0.95, bad.
  CHECK(e.tally(3).ok == 8);
  CHECK(e.tally(3).total == 10);
  CHECK(e.tally(3).bad == 1);
  CHECK(e.tally(5).bad == 0);
  REQUIRE(c.examples.size() == 3);
  CHECK(c.examples[1].record == 7);  // kept in the order met: lines 6, 7, 8
}

TEST_CASE("probe: without request sums a bucket keeps its targets and verdicts, and no counts", "[probe]") {
  // A bad-bucket clause reads only how many targets had data and how many were bad:
  // the engine can leave the request sums out (8 bytes a bucket instead of 40).
  ProbeTargets targets;
  ProbeEngineOptions lean;
  lean.request_sums = false;
  ProbeClauseEngine with(below95(), one_part(10), targets, {"a", "b"});
  ProbeClauseEngine without(below95(), one_part(10), targets, {"a", "b"}, lean);
  for (ProbeClauseEngine* e : {&with, &without}) {
    e->add(sample(0, minute(3), 8, 10, 2));   // a: 8/10 < 95%: bad
    e->add(sample(1, minute(3), 10, 10, 3));  // b: good
    e->add(sample(1, minute(4), 10, 10, 4));
    e->finish();
  }
  for (int64_t g = 0; g < 10; ++g) {
    INFO("bucket " << g);
    CHECK(without.tally(g).present == with.tally(g).present);
    CHECK(without.tally(g).bad == with.tally(g).bad);
    CHECK(without.tally(g).total == 0);
  }
  CHECK(with.tally(3).present == 2);
  CHECK(with.tally(3).bad == 1);
  CHECK(with.tally(3).ok == 18);  // 8 + 10
  CHECK(with.tally(3).total == 20);
  // No run counts either, unless the targets are averaged.
  CHECK(without.run_targets(model::MissingData::Down).empty());
}

TEST_CASE("probe: duplicates and mixed kinds give the same cell in every order of the rows", "[probe]") {
  // One target, minute 0 and minute 1. Every permutation of the rows must give
  // the same tallies and the same accounting.
  const auto ratio = [](Instant at, uint64_t ok, uint64_t total, uint64_t line) {
    ProbeSample s = sample(0, at, ok, total, line);
    s.kind = SampleKind::Ratio;
    return s;
  };
  const std::vector<ProbeSample> rows = {
      sample(0, minute(0, 5), 10, 10, 1),  // minute 0 :05, three rows: two identical, one other
      sample(0, minute(0, 5), 10, 10, 2),
      sample(0, minute(0, 5), 9, 10, 3),   //   -> all three conflicting, none used
      sample(0, minute(0, 30), 7, 10, 4),  // minute 0 :30 alone: used, 7/10 < 0.95, bad
      sample(0, minute(1, 0), 10, 10, 5),  // minute 1: counts and a ratio -> all unusable
      ratio(minute(1, 20), 1, 2, 6),
  };
  std::vector<size_t> order(rows.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  size_t permutations = 0;
  do {
    ProbeTargets targets;
    ProbeClauseEngine e(below95(), one_part(2), targets, {"a"});
    for (size_t i : order) e.add(rows[i]);
    e.finish();
    const auto& c = e.counts();
    INFO("permutation " << permutations);
    CHECK(c.used == 1);                   // line 4
    CHECK(c.duplicate_identical == 0);
    CHECK(c.duplicate_conflicting == 3);  // lines 1, 2, 3
    CHECK(c.unusable == 2);               // lines 5, 6
    CHECK(e.tally(0).present == 1);
    CHECK(e.tally(0).ok == 7);
    CHECK(e.tally(0).bad == 1);
    CHECK(e.tally(1).present == 0);   // nothing usable: missing
    CHECK(e.part_gaps(0) == 5);           // every row but line 4
    ++permutations;
  } while (std::next_permutation(order.begin(), order.end()));
  CHECK(permutations == 720);
}

TEST_CASE("probe: a row later than the window is counted late, not used", "[probe]") {
  ProbeTargets targets;
  ProbeEngineOptions options;
  options.lateness = Seconds{300};  // 5 one-minute buckets: window of 6
  ProbeClauseEngine e(below95(), one_part(60), targets, {"a"}, options);
  CHECK(e.window_buckets() == 6);
  e.add(sample(0, minute(20), 0, 1, 2));
  e.add(sample(0, minute(15), 0, 1, 3));  // 20 - 15 = 5 buckets behind: still open
  e.add(sample(0, minute(14), 0, 1, 4));  // 6 behind: finished, late
  e.add(sample(0, minute(61), 1, 1, 5));  // after the period
  e.finish();
  e.add(sample(0, minute(40), 1, 1, 6));  // after finish(): late too
  const auto& c = e.counts();
  CHECK(c.used == 2);
  CHECK(c.late == 2);
  CHECK(c.outside_period == 1);
  CHECK(e.tally(15).bad == 1);
  CHECK(e.tally(14).present == 0);
}

TEST_CASE("probe: request counts past 2^64 in one bucket are summed exactly in any row order", "[probe]") {
  // Every count is 9999999999999999999, the largest a reader takes (19 digits,
  // under 2^64 = 18446744073709551616): two of them pass 2^64.
  const uint64_t big = 9'999'999'999'999'999'999ULL;
  struct Row {
    TargetId target;
    Instant at;
    uint64_t ok, total, line;
  };
  std::vector<Row> rows = {
      {0, minute(0), big, big, 2},      // minute 0: a and b all good
      {1, minute(0), big, big, 3},
      {0, minute(1), big, big, 4},      // minute 1: a at :00 all good, at :30 all bad
      {0, minute(1, 30), 0, big, 5},
  };
  std::sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) { return x.line < y.line; });
  do {
    ProbeTargets targets;
    ProbeClauseEngine e(below95(), one_part(2), targets, {"a", "b"});
    for (const Row& r : rows) e.add(sample(r.target, r.at, r.ok, r.total, r.line));
    e.finish();
    REQUIRE(e.counts().used == 4);
    // Minute 0: 2 x 9999999999999999999 = 19999999999999999998 of as many.
    CHECK(to_decimal(e.tally(0).ok) == "19999999999999999998");
    CHECK(to_decimal(e.tally(0).total) == "19999999999999999998");
    CHECK(e.tally(0).bad == 0);
    // Minute 1, target a: 9999999999999999999 of 19999999999999999998 = 1/2 < 95%: bad
    // (summed in 64 bits the total wraps to 1553255926290448382, below ok, and the bucket looks good).
    CHECK(to_decimal(e.tally(1).ok) == "9999999999999999999");
    CHECK(to_decimal(e.tally(1).total) == "19999999999999999998");
    CHECK(e.tally(1).bad == 1);
  } while (std::next_permutation(rows.begin(), rows.end(),
                                 [](const Row& x, const Row& y) { return x.line < y.line; }));
}

TEST_CASE("probe: ratio samples are averaged one weight per sample", "[probe]") {
  ProbeTargets targets;
  ProbeClauseEngine e(below95(), one_part(3), targets, {"a"});
  ProbeSample s = sample(0, minute(0), 99, 100);
  s.kind = SampleKind::Ratio;
  e.add(s);                   // 0.99
  s.at = minute(0, 30);
  s.ok = 90;                  // 0.90: mean (0.99 + 0.90) / 2 = 0.945 < 0.95: bad
  e.add(s);
  s.at = minute(1);
  s.ok = 1;
  s.total = 3;                // 1/3 has no exact decimal form of 19 places: not used
  e.add(s);
  // avg_over_time as Prometheus writes it: "0.9833333333333333" (16 places) is used, exactly;
  // with "0.95" the mean (0.9833333333333333 + 0.95) / 2 = 0.96666666666666665 >= 0.95: good.
  s.at = minute(2);
  s.ok = 9'833'333'333'333'333;
  s.total = 10'000'000'000'000'000;
  e.add(s);
  s.at = minute(2, 30);
  s.ok = 95;
  s.total = 100;
  e.add(s);
  e.finish();
  CHECK(e.counts().used == 4);
  CHECK(e.counts().unusable == 1);
  CHECK(e.tally(0).bad == 1);
  CHECK(e.tally(0).total == 0);  // ratios carry no request counts
  CHECK(e.tally(2).present == 1);
  CHECK(e.tally(2).bad == 0);
}

TEST_CASE("probe: unlisted targets are not the clause's, listed ones without data are missing", "[probe]") {
  ProbeTargets targets;
  ProbeClauseEngine e(below95(), one_part(2), targets, {"a", "b"});
  const TargetId other = targets.intern("other");
  e.add(sample(other, minute(0), 1, 1));
  e.add(sample(targets.intern("a"), minute(0), 1, 1));
  e.finish();
  CHECK(e.target_count() == 2);
  CHECK(e.counts().not_a_target == 1);
  CHECK(e.tally(0).present == 1);
}

TEST_CASE("probe: memory is a window, not the month", "[probe]") {
  // 30 days of minute buckets with a 3 h lateness: 181 slots per target.
  ProbeTargets targets;
  ProbeClauseEngine e(below95(), one_part(30 * 1440), targets, {});
  CHECK(e.window_buckets() == 181);
}

TEST_CASE("probe: a partial part keeps the period's grid and clips its first bucket", "[probe]") {
  // The service starts 90 s after the period: buckets stay on the period's minute grid,
  // [90, 120), [120, 180), [180, 240), [240, 300): 4 buckets, the first 30 s long.
  ProbeTargets targets;
  ProbeClauseEngine e(below95(), {{kStart, kStart + Seconds{90}, kStart + Seconds{300}}}, targets, {"a"});
  CHECK(e.bucket_count() == 4);
  CHECK(e.bucket_start(0) == kStart + Seconds{90});
  CHECK(e.bucket_end(0) == kStart + Seconds{120});
  CHECK(e.bucket_start(1) == kStart + Seconds{120});
  e.add(sample(0, kStart + Seconds{100}, 0, 1));  // bucket 0
  e.add(sample(0, kStart + Seconds{60}, 0, 1));   // before the service started: outside
  e.add(sample(0, kStart + Seconds{250}, 0, 1));  // bucket 3
  e.finish();
  CHECK(e.tally(0).bad == 1);
  CHECK(e.tally(3).bad == 1);
  CHECK(e.counts().outside_period == 1);
}
