// From buckets to service downtime: consecutive-run minimums, any / all /
// share / averaged, missing-data rules, requests and average error rate.
// Each case draws its targets' buckets as strings: '.' good, 'x' bad, ' ' no sample.
#include <catch2/catch.hpp>

#include "engine/audit/probe/probe_outcome.h"
#include "base/num/wide_count.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::probe;
using model::MissingData;
using model::TargetCombination;

namespace {

const Instant kStart = test::utc(2026, 11, 2);

model::ProbeRule make_rule(TargetCombination combine, int64_t min, Decimal share = Decimal(0, 0)) {
  model::ProbeRule r;
  r.signal = model::ProbeSignal::SuccessRatio;
  r.cmp = model::Comparator::LessThan;
  r.threshold = Decimal(95, 2);
  r.min_consecutive = min;
  r.combine = combine;
  r.combine_share = share;
  return r;
}

// Feeds one string per target ("a", "b", ...) into an engine over len(rows[0]) minutes.
struct Drawn {
  ProbeTargets targets;
  std::unique_ptr<ProbeClauseEngine> engine;
};
std::unique_ptr<Drawn> draw(const model::ProbeRule& r, const std::vector<std::string>& rows,
                            std::vector<ProbePart> parts = {}) {
  auto d = std::make_unique<Drawn>();
  const int64_t n = static_cast<int64_t>(rows[0].size());
  if (parts.empty()) parts = {{kStart, kStart, kStart + Seconds{n * 60}}};
  std::vector<std::string> names;
  for (size_t t = 0; t < rows.size(); ++t) names.push_back(std::string(1, static_cast<char>('a' + t)));
  d->engine = std::make_unique<ProbeClauseEngine>(r, parts, d->targets, names);
  for (size_t t = 0; t < rows.size(); ++t)
    for (int64_t m = 0; m < n; ++m) {
      const char c = rows[t][static_cast<size_t>(m)];
      if (c == ' ') continue;
      ProbeSample s;
      s.at = kStart + Seconds{m * 60};
      s.target = d->targets.intern(names[t]);
      s.ok = c == 'x' ? 0 : 1;
      s.total = 1;
      d->engine->add(s);
    }
  d->engine->finish();
  return d;
}

// The service's buckets as a string: '.' up, 's' bad but in a short run, 'D' down, 'E' excluded.
std::string states(const ProbeOutcome& o) {
  std::string s;
  for (auto b : o.state) s += b == ServiceBucket::Up ? '.' : b == ServiceBucket::BadShort ? 's' : b == ServiceBucket::Down ? 'D' : 'E';
  return s;
}

}  // namespace

TEST_CASE("probe: consecutive-run minimums and target combinations", "[probe]") {
  struct Row {
    const char* name;
    TargetCombination combine;
    int64_t min;
    Decimal share;
    std::vector<std::string> targets;
    MissingData missing;
    std::string expected;
  };
  const Row rows[] = {
      {"min 3: a run of 2 is short, a run of 3 counts", TargetCombination::Any, 3, {},
       {".xx..xxx.."}, MissingData::Up, ".ss..DDD.."},
      {"min 1: every bad bucket counts", TargetCombination::Any, 1, {}, {".xx..xxx.."}, MissingData::Up, ".DD..DDD.."},
      {"any: one target bad is enough", TargetCombination::Any, 2, {},
       {"xx....", "..xx.."}, MissingData::Up, "DDDD.."},
      {"all: every target bad", TargetCombination::All, 1, {},
       {"xxx...", ".xxx.."}, MissingData::Up, ".DD..."},
      {"at least 50%: 2 of 4 is exactly half, bad", TargetCombination::AtLeastShare, 1, Decimal(5, 1),
       {"xx..", "xx..", "x.x.", "...."}, MissingData::Up, "DD.."},
      // bucket 0: 3 of 4 bad; 1: 2 of 4 = 50%; 2: 1 of 4 = 25%
      {"at least 51%: 2 of 4 is not enough", TargetCombination::AtLeastShare, 1, Decimal(51, 2),
       {"xx..", "xx..", "x.x.", "...."}, MissingData::Up, "D..."},
      {"missing counts as up", TargetCombination::Any, 2, {}, {".  x."}, MissingData::Up, "...s."},
      {"missing counts as down: a run of 3", TargetCombination::Any, 2, {}, {".  x."}, MissingData::Down, ".DDD."},
      {"missing excluded: neither breaks nor extends the run", TargetCombination::Any, 2, {},
       {".x  x."}, MissingData::Excluded, ".DEED."},
      {"all with one target missing and excluded: the other decides", TargetCombination::All, 1, {},
       {"x x", "xxx"}, MissingData::Excluded, "DDD"},
      {"all with one target missing and up: not all bad", TargetCombination::All, 1, {},
       {"x x", "xxx"}, MissingData::Up, "D.D"},
  };
  for (const auto& r : rows) {
    INFO(r.name);
    auto d = draw(make_rule(r.combine, r.min, r.share), r.targets);
    CHECK(states(service_outcome(*d->engine, r.missing)) == r.expected);
  }
}

TEST_CASE("probe: averaged targets weigh each bucket by the share of targets down", "[probe]") {
  // min 2 per target. a: run of 3 (0-2) counts; b: run of 1 (bucket 1) is short, run of 2 (4-5) counts.
  // Weights: 0 -> 1/2, 1 -> 1/2 (b's single bucket is short), 2 -> 1/2, 3 -> 0, 4 -> 1/2, 5 -> 1/2.
  // Downtime over 6 minutes: a 3 min, b 2 min; average (3 + 2) / 2 = 2.5 min = 150 s
  // = sum of weights 5 x 1/2 x 60 s.
  auto d = draw(make_rule(TargetCombination::Averaged, 2), {"xxx...", ".x..xx"});
  const auto o = service_outcome(*d->engine, MissingData::Up);
  CHECK(states(o) == "DDD.DD");
  const auto f = part_figures(*d->engine, o, 0);
  audit::Rational down = 0;
  for (const auto& iv : f.intervals)
    down += audit::Rational(iv.weight.num, iv.weight.den) * (iv.end - iv.start).count();
  CHECK(down == 150);
  REQUIRE(f.intervals.size() == 2);  // 0-3 and 4-6 at weight 1/2, merged
  CHECK(f.intervals[0].end - f.intervals[0].start == Seconds{180});
}

TEST_CASE("probe: averaged targets with missing data excluded average over targets present", "[probe]") {
  // a: "xx x" (min 2: a run of 3 skipping the missing bucket 2); b: "...." ; missing excluded.
  // Bucket 2 counts only b (present), which is good: weight 0/1 -> up; buckets 0,1,3: 1/2.
  auto d = draw(make_rule(TargetCombination::Averaged, 2), {"xx x", "...."});
  const auto o = service_outcome(*d->engine, MissingData::Excluded);
  CHECK(states(o) == "DD.D");
  CHECK(o.weight[0] == audit::Weight{1, 2});
}

TEST_CASE("probe: a run across adjacent periods is judged by its whole length", "[probe]") {
  // Two adjacent parts of 4 minutes; minutes 2-5 bad (2 in each): min 3 -> all four count.
  // With a gap between the parts the run breaks: 2 + 2, both short.
  const Instant mid = kStart + Seconds{240}, end = kStart + Seconds{480};
  auto joined = draw(make_rule(TargetCombination::Any, 3), {"..xxxx.."}, {{kStart, kStart, mid}, {mid, mid, end}});
  CHECK(states(service_outcome(*joined->engine, MissingData::Up)) == "..DDDD..");
  const Instant later = end + Seconds{3600};
  auto d = std::make_unique<Drawn>();
  model::ProbeRule r = make_rule(TargetCombination::Any, 3);
  ProbeClauseEngine e(r, {{kStart, kStart, mid}, {later, later, later + Seconds{240}}}, d->targets, {"a"});
  for (int m : {2, 3}) {
    ProbeSample s;
    s.at = kStart + Seconds{m * 60};
    s.total = 1;
    e.add(s);
  }
  for (int m : {0, 1}) {
    ProbeSample s;
    s.at = later + Seconds{m * 60};
    s.total = 1;
    e.add(s);
  }
  e.finish();
  CHECK(states(service_outcome(e, MissingData::Up)) == "..ssss..");
}

TEST_CASE("probe: requests and average error rate over a period", "[probe]") {
  ProbeTargets targets;
  model::ProbeRule r = make_rule(TargetCombination::Any, 1);
  r.bucket = Seconds{300};
  const Instant end = kStart + Seconds{4 * 300};
  auto feed = [&](ProbeClauseEngine& e) {
    const TargetId a = targets.intern("a"), b = targets.intern("b");
    auto add = [&](TargetId t, int64_t bucket, uint64_t ok, uint64_t total) {
      ProbeSample s;
      s.at = kStart + Seconds{bucket * 300 + 10};
      s.target = t;
      s.ok = ok;
      s.total = total;
      e.add(s);
    };
    add(a, 0, 90, 100);  // bucket 0: a 90/100 + b 100/100 = 190/200, error 10/200 = 5%
    add(b, 0, 100, 100);
    add(a, 1, 0, 10);    // bucket 1: 0/10, error 100%
    add(a, 3, 99, 100);  // bucket 3: error 1%; bucket 2 has no sample
    e.finish();
  };
  SECTION("requests: good / total") {
    r.method = model::ProbeMethod::Requests;
    ProbeClauseEngine e(r, {{kStart, kStart, end}}, targets, {"a", "b"});
    feed(e);
    // (190 + 0 + 99) / (200 + 10 + 100) = 289 / 310
    const auto f = rate_figures(e, 0, MissingData::Up, {});
    CHECK(f.ok == 289);
    CHECK(f.total == 310);
    CHECK(*f.availability == audit::Rational(289, 310));
    // Bucket 1 inside a maintenance window: (190 + 99) / (200 + 100) = 289 / 300.
    const auto g = rate_figures(e, 0, MissingData::Up, {{kStart + Seconds{300}, kStart + Seconds{400}}});
    CHECK(*g.availability == audit::Rational(289, 300));
    CHECK(g.left_out == 1);
  }
  SECTION("average error rate under each missing-data rule") {
    r.method = model::ProbeMethod::AverageErrorRate;
    ProbeClauseEngine e(r, {{kStart, kStart, end}}, targets, {"a", "b"});
    feed(e);
    // Rates 5%, 100%, missing, 1%.
    // up:       missing = 0%:   1 - (0.05 + 1 + 0 + 0.01) / 4 = 1 - 1.06/4 = 0.735
    // down:     missing = 100%: 1 - (0.05 + 1 + 1 + 0.01) / 4 = 1 - 2.06/4 = 0.485
    // excluded: left out:       1 - (0.05 + 1 + 0.01) / 3   = 1 - 1.06/3 = 97/150 (0.64666...)
    CHECK(*rate_figures(e, 0, MissingData::Up, {}).availability == audit::Rational(735, 1000));
    CHECK(*rate_figures(e, 0, MissingData::Down, {}).availability == audit::Rational(485, 1000));
    CHECK(*rate_figures(e, 0, MissingData::Excluded, {}).availability == audit::Rational(97, 150));
  }
}

TEST_CASE("probe: requests past 2^64 over a period are summed exactly", "[probe]") {
  // 9999999999999999999 (the largest count a reader takes) in three buckets:
  // the period's sums pass 2^64 = 18446744073709551616.
  const uint64_t big = 9'999'999'999'999'999'999ULL;
  ProbeTargets targets;
  model::ProbeRule r = make_rule(TargetCombination::Any, 1);
  r.method = model::ProbeMethod::Requests;
  ProbeClauseEngine e(r, {{kStart, kStart, kStart + Seconds{3 * 60}}}, targets, {"a"});
  const TargetId a = targets.intern("a");
  const auto add = [&](int64_t m, uint64_t ok) {
    ProbeSample s;
    s.at = kStart + Seconds{m * 60};
    s.target = a;
    s.ok = ok;
    s.total = big;
    e.add(s);
  };
  add(0, big);
  add(1, big);
  add(2, 0);
  e.finish();
  const auto f = rate_figures(e, 0, MissingData::Up, {});
  // ok: 2 x 9999999999999999999 = 19999999999999999998; total: 3 x = 29999999999999999997.
  CHECK(to_decimal(f.ok) == "19999999999999999998");
  CHECK(to_decimal(f.total) == "29999999999999999997");
  CHECK(*f.availability == audit::Rational(2, 3));
}

TEST_CASE("probe: averaged runs through buckets where no target has a sample", "[probe]") {
  // Buckets 1 and 2 have no sample from any target. Min 2 per target.
  // Missing as down: a = bad, bad, bad, good (run of 3: 0-2); b = good, bad, bad, good (run of 2: 1-2).
  //   In a qualifying run: bucket 0 -> 1 of 2, 1 -> 2 of 2, 2 -> 2 of 2, 3 -> 0.
  // Missing as up: a's bad bucket 0 is a run of 1, short; nothing is down.
  auto d = draw(make_rule(TargetCombination::Averaged, 2), {"x  .", ".  ."});
  const auto down = service_outcome(*d->engine, MissingData::Down);
  CHECK(states(down) == "DDD.");
  CHECK(down.weight[0] == audit::Weight{1, 2});
  CHECK(down.weight[1] == audit::Weight{2, 2});
  CHECK(states(service_outcome(*d->engine, MissingData::Up)) == "s...");
  CHECK(states(service_outcome(*d->engine, MissingData::Excluded)) == "sEE.");
}
