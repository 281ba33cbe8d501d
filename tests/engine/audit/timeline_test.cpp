// classify(): every second of [from, to) gets exactly one state, and each
// classified second one owner (docs/audit.md): an exclusion window beats a
// counted incident, which beats an excluded incident; among intervals of one
// kind the heaviest wins, then the earliest start, then the lowest index.
// Worked cases first, then random interval sets checked second by second
// against a direct reading of those rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/audit/timeline.h"
#include "tests/support/audit_fixture.h"

using namespace slaudit;
using namespace slaudit::audit;

namespace {

Instant at(int64_t s) { return Instant{Seconds{s}}; }

TimelineInterval down(int64_t start, int64_t end, size_t owner, Weight w = kWeightOne) {
  return {at(start), at(end), IntervalKind::Down, w, owner};
}
TimelineInterval window(int64_t start, int64_t end, size_t owner = SIZE_MAX) {
  return {at(start), at(end), IntervalKind::ExclusionWindow, Weight{0, 1}, owner};
}
TimelineInterval excluded(int64_t start, int64_t end, size_t owner) {
  return {at(start), at(end), IntervalKind::ExcludedIncident, Weight{0, 1}, owner};
}

const char* state_name(TimeState s) {
  return s == TimeState::Up ? "up" : s == TimeState::Down ? "down" : "excluded";
}

// "up 0-10; down 10-20 #0 1/4; ..." (owner "-" for none; weight only when down).
std::string describe(const Classification& c) {
  std::string out;
  for (const auto& s : c.segments) {
    if (!out.empty()) out += "; ";
    out += std::string(state_name(s.state)) + " " + std::to_string(s.start.time_since_epoch().count()) + "-" +
           std::to_string(s.end.time_since_epoch().count());
    if (s.owner != SIZE_MAX) out += " #" + std::to_string(s.owner);
    if (s.state == TimeState::Down) out += " " + std::to_string(s.weight.num) + "/" + std::to_string(s.weight.den);
  }
  return out;
}

struct Case {
  const char* what;
  std::vector<TimelineInterval> intervals;
  const char* expected;
};

}  // namespace

TEST_CASE("classify: worked cases", "[audit][timeline]") {
  const Weight quarter{1, 4}, half{1, 2};
  const std::vector<Case> cases = {
      {"nothing logged: all up", {}, "up 0-30"},
      {"one outage", {down(10, 20, 0)}, "up 0-10; down 10-20 #0 1/1; up 20-30"},
      {"clipped to the period", {down(-5, 5, 0), down(25, 40, 1)}, "down 0-5 #0 1/1; up 5-25; down 25-30 #1 1/1"},
      {"half-open: back to back, no second counted twice", {down(0, 10, 0), down(10, 20, 1)},
       "down 0-10 #0 1/1; down 10-20 #1 1/1; up 20-30"},
      {"an exclusion window beats an outage", {down(10, 30, 0), window(15, 20)},
       "up 0-10; down 10-15 #0 1/1; excluded 15-20; down 20-30 #0 1/1"},
      {"an outage beats an excluded incident", {excluded(0, 20, 0), down(5, 10, 1)},
       "excluded 0-5 #0; down 5-10 #1 1/1; excluded 10-20 #0; up 20-30"},
      // 0-10: only #0 (1/4); 10-20: #1 (1/2) is heavier; 20-30: #1 alone.
      {"the heaviest outage is attributed", {down(0, 20, 0, quarter), down(10, 30, 1, half)},
       "down 0-10 #0 1/4; down 10-30 #1 1/2"},
      // Equal weights: #1 started first (at 2) and keeps 5-12 although #0 is listed first.
      {"equal weights: the earliest start", {down(5, 15, 0), down(2, 12, 1)},
       "up 0-2; down 2-12 #1 1/1; down 12-15 #0 1/1; up 15-30"},
      {"equal weights and starts: the lowest index", {down(5, 15, 7), down(5, 10, 3)},
       "up 0-5; down 5-15 #7 1/1; up 15-30"},
      // 1/3 and 2/6 are the same share: the earlier one (#0) keeps the segment.
      {"equal shares written differently", {down(0, 10, 0, Weight{1, 3}), down(0, 10, 1, Weight{2, 6})},
       "down 0-10 #0 1/3; up 10-30"},
      {"an empty or inverted interval is nothing", {down(10, 10, 0), down(20, 15, 1)}, "up 0-30"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(describe(classify(at(0), at(30), c.intervals)) == c.expected);
  }
}

namespace {

// The rules read directly, one second at a time.
struct SecondState {
  TimeState state = TimeState::Up;
  size_t owner = SIZE_MAX;
  Weight weight{0, 1};
};

// Starts are compared as clipped to the period: two outages already running
// when it begins rank by index, as classify() sees them.
SecondState expected_at(const std::vector<TimelineInterval>& intervals, int64_t from, int64_t t) {
  SecondState out;
  size_t best[3] = {SIZE_MAX, SIZE_MAX, SIZE_MAX};
  for (size_t i = 0; i < intervals.size(); ++i) {
    const auto& iv = intervals[i];
    if (!(iv.start <= at(t) && at(t) < iv.end)) continue;
    size_t& b = best[static_cast<int>(iv.kind)];
    if (b == SIZE_MAX) {
      b = i;
      continue;
    }
    const auto& cur = intervals[b];
    const bool heavier = cur.weight < iv.weight;
    const bool same = cur.weight == iv.weight;
    if (heavier || (same && std::max(iv.start, at(from)) < std::max(cur.start, at(from)))) b = i;  // equal start: the lower index (b) stays
  }
  const size_t w = best[static_cast<int>(IntervalKind::ExclusionWindow)];
  const size_t d = best[static_cast<int>(IntervalKind::Down)];
  const size_t x = best[static_cast<int>(IntervalKind::ExcludedIncident)];
  if (w != SIZE_MAX) {
    out.state = TimeState::Excluded;
    out.owner = intervals[w].owner;
  } else if (d != SIZE_MAX) {
    out.state = TimeState::Down;
    out.owner = intervals[d].owner;
    out.weight = intervals[d].weight;
  } else if (x != SIZE_MAX) {
    out.state = TimeState::Excluded;
    out.owner = intervals[x].owner;
  }
  return out;
}

}  // namespace

TEST_CASE("classify: random intervals agree with the rules second by second", "[audit][timeline]") {
  std::mt19937_64 random(20261203);
  const Weight weights[] = {{1, 4}, {1, 3}, {2, 6}, {1, 2}, {1, 1}};
  for (int round = 0; round < 400; ++round) {
    const int64_t from = 0, to = 120;
    std::vector<TimelineInterval> intervals;
    const int count = static_cast<int>(random() % 40);
    for (int i = 0; i < count; ++i) {
      const int64_t start = static_cast<int64_t>(random() % 140) - 10;
      const int64_t end = start + static_cast<int64_t>(random() % 50);
      const int kind = static_cast<int>(random() % 6);  // mostly outages, as in logs
      const size_t owner = static_cast<size_t>(random() % 30);  // owners may repeat (a capped maintenance)
      if (kind == 0) intervals.push_back(window(start, end, random() % 2 ? owner : SIZE_MAX));
      else if (kind == 1) intervals.push_back(excluded(start, end, owner));
      else intervals.push_back(down(start, end, owner, weights[random() % 5]));
    }
    // Half the rounds in start order, as a sorted log gives them.
    if (round % 2 == 0)
      std::stable_sort(intervals.begin(), intervals.end(),
                       [](const auto& a, const auto& b) { return a.start < b.start; });
    const Classification got = classify(at(from), at(to), intervals);
    INFO("round " << round << ": " << describe(got));
    REQUIRE(!got.segments.empty());
    CHECK(got.segments.front().start == at(from));
    CHECK(got.segments.back().end == at(to));
    for (size_t s = 0; s < got.segments.size(); ++s) {
      const auto& seg = got.segments[s];
      if (s > 0) CHECK(got.segments[s - 1].end == seg.start);
      if (s > 0)  // maximal: neighbours differ in state, owner or weight
        CHECK_FALSE((got.segments[s - 1].state == seg.state && got.segments[s - 1].owner == seg.owner &&
                     got.segments[s - 1].weight == seg.weight));
      for (int64_t t = seg.start.time_since_epoch().count(); t < seg.end.time_since_epoch().count(); ++t) {
        const SecondState want = expected_at(intervals, from, t);
        INFO("second " << t);
        CHECK(seg.state == want.state);
        CHECK(seg.owner == want.owner);
        if (want.state == TimeState::Down) CHECK(seg.weight == want.weight);
      }
    }
  }
}

// The report's timeline (PeriodAudit::timeline): maximal runs of one state,
// each incident naming its run of segments once (SegmentSpan), however many
// incidents share a run. docs/audit.md section 24.
TEST_CASE("a period's timeline: maximal runs, each incident's span named once", "[audit][timeline]") {
  const std::string contract =
      "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
      "  service training { fee 1200000.00 per month; }\n"
      "  availability training { target 99.9%; period calendar month; exclude cause in (customer); }\n}\n";
  const auto incident = [](const std::string& id, const std::string& start, const std::string& end,
                           const std::string& extra = "") {
    return "{\"id\":\"" + id + "\",\"service\":\"training\",\"start\":\"2026-11-10T" + start +
           ":00+08:00\",\"end\":\"2026-11-10T" + end + ":00+08:00\"" + extra + "}\n";
  };
  // a 10:00-11:00 and b 10:30-12:00 are down (the classification attributes
  // 10:00-11:00 to a, 11:00-12:00 to b: two classified segments, one run);
  // c 10:10-10:20 lies inside a; cust 11:00-14:00 is excluded, but down wins
  // until 12:00, so it is excluded 12:00-14:00. Runs: up, down 10:00-12:00,
  // excluded 12:00-14:00, up.
  auto fx = testing::run_audit_text(contract,
                                    incident("a", "10:00", "11:00") + incident("b", "10:30", "12:00") +
                                        incident("c", "10:10", "10:20") +
                                        incident("cust", "11:00", "14:00", ",\"cause\":\"customer\""),
                                    "2026-11");
  const PeriodAudit& p = fx->period("training", "2026-11");
  const auto at_local = [](int hour) {  // 2026-11-10 hour:00 in Shanghai (UTC+8)
    return Instant{std::chrono::sys_days{std::chrono::year{2026} / 11 / 10}} + std::chrono::hours(hour - 8);
  };
  REQUIRE(p.timeline.size() == 4);
  const std::vector<TimeState> states = {TimeState::Up, TimeState::Down, TimeState::Excluded, TimeState::Up};
  for (size_t s = 0; s < 4; ++s) {
    INFO("segment " << s);
    CHECK(p.timeline[s].state == states[s]);
    if (s > 0) CHECK(p.timeline[s].start == p.timeline[s - 1].end);
  }
  CHECK(p.timeline.front().start == p.start);
  CHECK(p.timeline.back().end == p.end);
  CHECK(p.timeline[1].start == at_local(10));
  CHECK(p.timeline[1].end == at_local(12));
  CHECK(p.timeline[2].end == at_local(14));
  CHECK(fx->finding(p, "a").segments == SegmentSpan{1, 1});
  CHECK(fx->finding(p, "b").segments == SegmentSpan{1, 1});
  CHECK(fx->finding(p, "c").segments == SegmentSpan{1, 1});     // overlapped, still lies in the run
  CHECK(fx->finding(p, "cust").segments == SegmentSpan{1, 2});  // 11:00-14:00 spans the down and excluded runs
}
