// `downtime counted in clock minutes;` and `downtime counted in N min
// intervals;`: every interval of the local clock holding counted downtime
// counts whole. Each case states its arithmetic beside the expected figures.
#include <catch2/catch.hpp>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::IncidentRole;
using slaudit::audit::Rational;
using slaudit::testing::run_audit_text;

namespace {

std::string contract(const std::string& clause, const std::string& zone = "Asia/Shanghai") {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"" + zone + "\"; currency CNY;\n"
         "  service training { fee 1200000.00 per month; }\n"
         "  availability training {\n    target 99.9%; period calendar month;\n    " + clause + "\n  }\n}\n";
}

std::string incident(const std::string& id, const std::string& start, const std::string& end) {
  return "{\"id\":\"" + id + "\",\"service\":\"training\",\"start\":\"" + start + "\",\"end\":\"" + end + "\"}\n";
}

Rational down(const std::string& clause, const std::string& log, const std::string& period = "2026-11",
              const std::string& zone = "Asia/Shanghai") {
  return run_audit_text(contract(clause, zone), log, period)->period("training", period).down;
}

struct Case {
  const char* name;
  const char* clause;
  std::string log;
  int64_t expected_seconds;
};

}  // namespace

TEST_CASE("downtime intervals: counted whole, once, on the local clock", "[audit]") {
  const std::string across = incident("a", "2026-11-10T10:00:45+08:00", "2026-11-10T10:01:15+08:00");
  const std::string two_in_one = incident("a", "2026-11-10T10:05:10+08:00", "2026-11-10T10:05:20+08:00") +
                                 incident("b", "2026-11-10T10:05:40+08:00", "2026-11-10T10:05:50+08:00");
  const std::string four_min = incident("a", "2026-11-10T10:03:00+08:00", "2026-11-10T10:07:00+08:00");
  const std::vector<Case> cases = {
      // 30 s across a minute boundary: 10:00 and 10:01 held downtime, 2 x 60 s.
      {"30 s across a minute boundary, clock minutes", "downtime counted in clock minutes;", across, 120},
      // The same 30 s rounded up as one run: 60 s; exact: 30 s.
      {"30 s across a minute boundary, rounded up", "partial minutes rounded up;", across, 60},
      {"30 s across a minute boundary, exact", "", across, 30},
      // Two runs of 10 s in the clock minute 10:05: the minute counts once, 60 s.
      {"two runs in one clock minute", "downtime counted in clock minutes;", two_in_one, 60},
      // ... where rounding each run up counts 2 x 60 s.
      {"two runs in one minute, each rounded up", "partial minutes rounded up;", two_in_one, 120},
      // 10:03-10:07 touches the intervals 10:00-10:05 and 10:05-10:10: 2 x 300 s.
      {"5 min intervals", "downtime counted in 5 min intervals;", four_min, 600},
      // In clock minutes the same 4 minutes are 10:03 .. 10:06: 240 s.
      {"4 whole clock minutes", "downtime counted in clock minutes;", four_min, 240},
      // 1 h intervals: 10:00-11:00, 3,600 s.
      {"1 h intervals", "downtime counted in 1 h intervals;", four_min, 3600},
      // 30 s across a boundary is shorter than 1 min: ignored before intervals are counted, 0 s.
      {"the minimum downtime applies first (ignored)",
       "ignore downtime shorter than 1 min; downtime counted in clock minutes;", across, 0},
      // 91 s from 10:00:30 to 10:02:01: counted, and it touches 10:00, 10:01 and 10:02: 180 s.
      {"the minimum downtime applies first (counted)",
       "ignore downtime shorter than 1 min; downtime counted in clock minutes;",
       incident("a", "2026-11-10T10:00:30+08:00", "2026-11-10T10:02:01+08:00"), 180},
      // Tuesday 10 November 10:00-10:02 is excluded: the interval 10:00-10:05 holds
      // downtime (10:02:30-10:03:00) and counts its 180 s outside the window.
      {"an interval counts its seconds outside exclusions",
       "exclude window Tue 10:00-10:02; downtime counted in 5 min intervals;",
       incident("a", "2026-11-10T10:02:30+08:00", "2026-11-10T10:03:00+08:00"), 180},
      // An incident wholly inside the exclusion window counts nothing: 0 s.
      {"downtime wholly excluded adds no interval",
       "exclude window Tue 10:00-10:02; downtime counted in 5 min intervals;",
       incident("a", "2026-11-10T10:00:30+08:00", "2026-11-10T10:01:00+08:00"), 0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(down(c.clause, c.log) == Rational(c.expected_seconds));
  }
}

TEST_CASE("downtime intervals: an interval across a period boundary counts in each period its own part", "[audit]") {
  // 23:59:50 to 00:00:10 local: November holds the clock minute 23:59 (60 s),
  // December the minute 00:00 (60 s); no second is counted in the wrong month.
  const std::string log = incident("x", "2026-11-30T23:59:50+08:00", "2026-12-01T00:00:10+08:00");
  auto fx = run_audit_text(contract("downtime counted in clock minutes;"), log, "2026-11-01..2026-12-31");
  CHECK(fx->period("training", "2026-11").down == Rational(60));
  CHECK(fx->period("training", "2026-12").down == Rational(60));
  // 5 min intervals: 23:55-24:00 (300 s) and 00:00-00:05 (300 s).
  auto five = run_audit_text(contract("downtime counted in 5 min intervals;"), log, "2026-11-01..2026-12-31");
  CHECK(five->period("training", "2026-11").down == Rational(300));
  CHECK(five->period("training", "2026-12").down == Rational(300));
}

TEST_CASE("downtime intervals follow the contract's local clock, not UTC", "[audit]") {
  // Asia/Kathmandu is UTC+05:45. 10:50-11:10 local touches the local hours
  // 10:00-11:00 and 11:00-12:00: 2 x 3,600 s = 7,200 s. In UTC the same
  // outage is 05:05-05:25, inside one hour: 3,600 s under a UTC clock.
  const std::string log = "{\"id\":\"k\",\"service\":\"training\",\"start\":\"2026-11-10T10:50:00+05:45\","
                          "\"end\":\"2026-11-10T11:10:00+05:45\"}\n";
  CHECK(down("downtime counted in 1 h intervals;", log, "2026-11", "Asia/Kathmandu") == Rational(7200));
  CHECK(down("downtime counted in 1 h intervals;", log, "2026-11", "UTC") == Rational(3600));
  // 15 min intervals, local: 10:45-11:00 and 11:00-11:15: 1,800 s.
  CHECK(down("downtime counted in 15 min intervals;", log, "2026-11", "Asia/Kathmandu") == Rational(1800));
}

TEST_CASE("downtime intervals: the figures and the verdict follow from the counted minutes", "[audit]") {
  // November: 43,200 min. 43 outages of 30 s, each across a minute boundary,
  // on 43 different hours: 43 x 2 clock minutes = 86 min = 5,160 s.
  // (2,592,000 - 5,160) / 2,592,000 = 2,586,840 / 2,592,000 < 99.9%: missed.
  // Counted exactly they are 43 x 30 s = 1,290 s: 99.95%, met.
  std::string log;
  for (int h = 0; h < 43; ++h) {
    const int day = 2 + h / 20, hour = h % 20;
    char start[64], end[64];
    std::snprintf(start, sizeof start, "2026-11-%02dT%02d:00:45+08:00", day, hour);
    std::snprintf(end, sizeof end, "2026-11-%02dT%02d:01:15+08:00", day, hour);
    log += incident("i" + std::to_string(h), start, end);
  }
  auto minutes = run_audit_text(contract("downtime counted in clock minutes;"), log, "2026-11");
  const auto& p = minutes->period("training", "2026-11");
  CHECK(p.down == Rational(5160));
  CHECK(*p.availability == Rational(2586840, 2592000));
  CHECK_FALSE(p.met);
  CHECK(minutes->finding(p, "i0").role == IncidentRole::Down);
  auto exact = run_audit_text(contract(""), log, "2026-11");
  CHECK(exact->period("training", "2026-11").down == Rational(1290));
  CHECK(exact->period("training", "2026-11").met);
}
