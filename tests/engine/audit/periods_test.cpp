// One worked example per statistical-period kind, figures computed by hand.
#include <catch2/catch.hpp>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::Rational;
using slaudit::testing::run_audit_text;

namespace {
std::string contract(const std::string& period, const std::string& zone = "Asia/Shanghai") {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"" + zone + "\"; currency CNY;\n"
         "  service s { fee 1000.00 per month; }\n"
         "  availability s { target 99.9%; period " + period + ";\n"
         "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; } }\n}\n";
}
std::string incident(const std::string& id, const std::string& start, const std::string& end) {
  return "{\"id\":\"" + id + "\",\"service\":\"s\",\"start\":\"" + start + "\",\"end\":\"" + end + "\"}\n";
}
}  // namespace

TEST_CASE("worked example: calendar month", "[audit][periods]") {
  // February 2026: 28 d = 2,419,200 s. 3,600 s down: 2,415,600 / 2,419,200 = 671/672 = 99.851...% < 99.9%
  // -> tier below 99.9% (>= 99.0%): 10% of 1,000.00 = 100.00 CNY.
  auto fx = run_audit_text(contract("calendar month"), incident("a", "2026-02-10T00:00:00+08:00", "2026-02-10T01:00:00+08:00"),
                           "2026-02");
  const auto& p = fx->period("s", "2026-02");
  CHECK(p.length == Seconds{2419200});
  CHECK(*p.availability == Rational(671, 672));
  CHECK(p.fee_minor == 100000);
  CHECK(p.owed_minor == 10000);
}

TEST_CASE("worked example: calendar quarter", "[audit][periods]") {
  // Q1 2026: 31 + 28 + 31 = 90 d = 7,776,000 s. 2 h = 7,200 s down:
  // 7,768,800 / 7,776,000 = 1,079/1,080 = 99.907...% >= 99.9% -> met.
  // 3 h = 10,800 s: 7,765,200 / 7,776,000 = 719/720 = 99.861...% -> 10% of the quarter's fee 3 x 1,000.00 = 300.00.
  auto met = run_audit_text(contract("calendar quarter"),
                            incident("a", "2026-02-10T00:00:00+08:00", "2026-02-10T02:00:00+08:00"), "2026-Q1");
  const auto& p = met->period("s", "2026-Q1");
  CHECK(p.length == Seconds{7776000});
  CHECK(*p.availability == Rational(1079, 1080));
  CHECK(p.met);
  auto missed = run_audit_text(contract("calendar quarter"),
                               incident("a", "2026-02-10T00:00:00+08:00", "2026-02-10T03:00:00+08:00"), "2026-Q1");
  const auto& q = missed->period("s", "2026-Q1");
  CHECK(*q.availability == Rational(719, 720));
  CHECK(q.fee_minor == 300000);
  CHECK(q.owed_minor == 30000);
}

TEST_CASE("worked example: calendar year", "[audit][periods]") {
  // 2026: 365 d = 31,536,000 s. 9 h = 32,400 s: 31,503,600 / 31,536,000 = 2,917/2,920 = 99.897...% -> 10%
  // of 12 x 1,000.00 = 1,200.00 CNY.
  auto fx = run_audit_text(contract("calendar year"), incident("a", "2026-06-01T00:00:00+08:00", "2026-06-01T09:00:00+08:00"),
                           "2026");
  const auto& p = fx->period("s", "2026");
  CHECK(p.length == Seconds{31536000});
  CHECK(*p.availability == Rational(2917, 2920));
  CHECK(p.fee_minor == 1200000);
  CHECK(p.owed_minor == 120000);
}

TEST_CASE("worked example: billing month from day 15", "[audit][periods]") {
  // 2026-03-15 to 2026-04-14: 17 + 14 = 31 d = 2,678,400 s. 45 min = 2,700 s:
  // 2,675,700 / 2,678,400 = 991/992 = 99.899...% -> 10% of 1,000.00 = 100.00 CNY.
  auto fx = run_audit_text(contract("billing month from day 15"),
                           incident("a", "2026-04-01T00:00:00+08:00", "2026-04-01T00:45:00+08:00"), "2026-04-01");
  const auto& p = fx->period("s", "2026-03-15/2026-04-14");
  CHECK(p.length == Seconds{2678400});
  CHECK(*p.availability == Rational(991, 992));
  CHECK(p.owed_minor == 10000);
}

TEST_CASE("worked example: rolling 30 days from the effective date", "[audit][periods]") {
  // Windows from 2026-01-01: 01-01..01-30, 01-31..03-01, ... The window holding 2026-02-10 is 2026-01-31/2026-03-01:
  // 30 d = 2,592,000 s. 2,593 s down -> 2,589,407 / 2,592,000 < 99.9% -> 10% of 1,000.00 x 30/30 = 100.00 CNY.
  auto fx = run_audit_text(contract("rolling 30 d"),
                           incident("a", "2026-02-10T00:00:00+08:00", "2026-02-10T00:43:13+08:00"), "2026-02-10");
  const auto& p = fx->period("s", "2026-01-31/2026-03-01");
  CHECK(p.length == Seconds{2592000});
  CHECK(*p.availability == Rational(2589407, 2592000));
  CHECK(p.owed_minor == 10000);
}

TEST_CASE("worked example: ISO calendar weeks", "[audit][periods]") {
  // 2026-W48 is Monday 23 to Sunday 29 November: 7 d = 604,800 s. 2 h = 7,200 s down on Wednesday 25th:
  // 597,600 / 604,800 = 83/84 = 98.809...% < 99.0% -> 25% of the week's fee. The fee: 1,000.00 x 7/30 months
  // = 233.333... CNY (23,333.33 fen, exact); 25% of it = 5,833.33 fen, rounded once: 58.33 CNY.
  const std::string down = incident("a", "2026-11-25T10:00:00+08:00", "2026-11-25T12:00:00+08:00");
  auto fx = run_audit_text(contract("calendar week"), down, "2026-W48");
  REQUIRE(fx->report().periods.size() == 1);
  const auto& p = fx->period("s", "2026-W48");
  CHECK(p.length == Seconds{604800});
  CHECK(*p.availability == Rational(83, 84));
  CHECK(p.fee_minor == 23333);
  CHECK(p.owed_minor == 5833);
  // A month's range audits every week holding one of its days: W44 (26 October to 1 November) to W49
  // (30 November to 6 December), six weeks; only W48 has downtime.
  auto month = run_audit_text(contract("calendar week"), down, "2026-11");
  std::vector<std::string> labels;
  for (const auto& period : month->report().periods) labels.push_back(period.period);
  CHECK(labels == std::vector<std::string>{"2026-W44", "2026-W45", "2026-W46", "2026-W47", "2026-W48", "2026-W49"});
  CHECK(month->report().total_owed_minor == 5833);
}

TEST_CASE("worked example: a DST month in New York", "[audit][periods]") {
  // March 2026 in America/New_York: 44,580 min = 2,674,800 s. 2,676 s down:
  // 2,672,124 / 2,674,800 < 0.999 (0.999 x 2,674,800 = 2,672,125.2) -> missed.
  // 2,674 s down: 2,672,126 >= 2,672,125.2 -> met. (In a 31-day March without DST, 2,676 s would be met.)
  auto missed = run_audit_text(contract("calendar month", "America/New_York"),
                               incident("a", "2026-03-10T00:00:00-04:00", "2026-03-10T00:44:36-04:00"), "2026-03");
  CHECK_FALSE(missed->period("s", "2026-03").met);
  auto met = run_audit_text(contract("calendar month", "America/New_York"),
                            incident("a", "2026-03-10T00:00:00-04:00", "2026-03-10T00:44:34-04:00"), "2026-03");
  CHECK(met->period("s", "2026-03").met);
}
