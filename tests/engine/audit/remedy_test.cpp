// From availability to money: caps, claim deadlines, the clock-hour rule,
// lost-time credits, partial periods. Arithmetic beside each figure.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::ClaimState;
using slaudit::audit::Rational;
using slaudit::testing::run_audit_text;

namespace {
std::string contract(const std::string& clause, const std::string& service = "fee 1000.00 per month;",
                     const std::string& zone = "Asia/Shanghai") {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"" + zone + "\"; currency CNY;\n"
         "  service s { " + service + " }\n  availability s {\n" + clause + "\n  }\n}\n";
}
std::string incident(const std::string& id, const std::string& start, const std::string& end) {
  return "{\"id\":\"" + id + "\",\"service\":\"s\",\"start\":\"" + start + "\",\"end\":\"" + end + "\"}\n";
}
const std::string kTiers = "    target 99.9%; period calendar month;\n"
                           "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n";
// November 2026, 2,592,000 s: a 2-day outage (172,800 s) gives 2,419,200 / 2,592,000 = 93.33...% -> the 100% tier.
const std::string kTwoDays = incident("big", "2026-11-10T00:00:00+08:00", "2026-11-12T00:00:00+08:00");
}  // namespace

TEST_CASE("a credit cap applies after the tier", "[audit][remedy]") {
  // 100% of 1,000.00 = 1,000.00, capped at 50% of the monthly fee = 500.00 CNY.
  auto fx = run_audit_text(contract(kTiers + "    cap 50% of monthly fee;"), kTwoDays, "2026-11");
  const auto& p = fx->period("s", "2026-11");
  CHECK(p.credit_minor == 100000);
  CHECK(p.cap_minor == 50000);
  CHECK(p.owed_minor == 50000);
}

TEST_CASE("an absolute cap", "[audit][remedy]") {
  auto fx = run_audit_text(contract(kTiers + "    cap 120.00;"), kTwoDays, "2026-11");
  CHECK(fx->period("s", "2026-11").owed_minor == 12000);
}

TEST_CASE("a cap over trailing months counts earlier credits", "[audit][remedy]") {
  // Cap 150% of the monthly fee (1,500.00) over 12 trailing months. October: 1,000.00 owed; November earns
  // 1,000.00 but only 500.00 is left under the cap.
  auto fx = run_audit_text(contract(kTiers + "    cap 150% of monthly fee per trailing 12 months;"),
                           incident("oct", "2026-10-10T00:00:00+08:00", "2026-10-12T00:00:00+08:00") + kTwoDays,
                           "2026-10-01..2026-11-30");
  CHECK(fx->period("s", "2026-10").owed_minor == 100000);
  CHECK(fx->period("s", "2026-11").owed_minor == 50000);
}

TEST_CASE("claim deadlines", "[audit][remedy]") {
  SECTION("within 30 d after period end: November's deadline is 2026-12-30") {
    const std::string c = contract(kTiers + "    claim within 30 d after period end;");
    auto in_time = run_audit_text(c, kTwoDays, "2026-11", {{"", "", {2026, 12, 30}}});
    CHECK(in_time->period("s", "2026-11").claim.state == ClaimState::InTime);
    CHECK(in_time->period("s", "2026-11").owed_minor == 100000);
    auto late = run_audit_text(c, kTwoDays, "2026-11", {{"", "", {2026, 12, 31}}});
    const auto& p = late->period("s", "2026-11");
    CHECK(p.claim.state == ClaimState::Late);
    CHECK(p.claim.reason == "claimed 2026-12-31, after the deadline 2026-12-30: no credit is owed");
    CHECK(p.credit_minor == 100000);
    CHECK(p.owed_minor == 0);
  }
  SECTION("no claim date given: the deadline is stated and the credit is owed if claimed by it") {
    auto fx = run_audit_text(contract(kTiers + "    claim within 30 d after period end;"), kTwoDays, "2026-11");
    const auto& p = fx->period("s", "2026-11");
    CHECK(p.claim.state == ClaimState::NotGiven);
    CHECK(p.claim.reason == "no claim date given: credit is owed if claimed by 2026-12-30");
    CHECK(p.owed_minor == 100000);
  }
  SECTION("by the end of the 2nd billing cycle after the incident (AWS)") {
    // Incident in November; the second cycle after it is January 2027: deadline 2027-01-31.
    auto fx = run_audit_text(contract(kTiers + "    claim by end of 2nd billing cycle after incident;"), kTwoDays,
                             "2026-11", {{"", "", {2027, 2, 1}}});
    const auto& p = fx->period("s", "2026-11");
    CHECK(p.claim.deadline == model::CivilDate{2027, 1, 31});
    CHECK(p.claim.state == ClaimState::Late);
  }
  SECTION("within 2 months, not before 5 working days (Alibaba)") {
    // November ends Monday 2026-11-30 (last day); the 5th working day after it is Monday 2026-12-07;
    // 2 months after the end (2026-12-01) is 2027-02-01, so the last day is 2027-01-31.
    const std::string c =
        contract(kTiers + "    claim within 2 months after period end, not before 5 working days after period end;");
    auto early = run_audit_text(c, kTwoDays, "2026-11", {{"", "", {2026, 12, 4}}});
    const auto& p = early->period("s", "2026-11");
    CHECK(p.claim.earliest == model::CivilDate{2026, 12, 7});
    CHECK(p.claim.deadline == model::CivilDate{2027, 1, 31});
    CHECK(p.claim.state == ClaimState::TooEarly);
    CHECK(p.owed_minor == 0);
    auto ok = run_audit_text(c, kTwoDays, "2026-11", {{"", "", {2026, 12, 7}}});
    CHECK(ok->period("s", "2026-11").claim.state == ClaimState::InTime);
  }
}

TEST_CASE("rounding of money follows the contract", "[audit][remedy]") {
  // Fee 0.05 CNY = 5 fen; 10% = 0.5 fen: half up -> 1 fen, half even -> 0 fen, down -> 0, up -> 1.
  const auto run = [](const std::string& rounding) {
    auto fx = run_audit_text(contract(kTiers + rounding, "fee 0.05 per month;"),
                             incident("a", "2026-11-10T00:00:00+08:00", "2026-11-10T01:00:00+08:00"), "2026-11");
    return fx->period("s", "2026-11").owed_minor;
  };
  CHECK(run("") == 1);
  CHECK(run("    rounding half even;") == 0);
  CHECK(run("    rounding down;") == 0);
  CHECK(run("    rounding up;") == 1);
}

TEST_CASE("the clock-hour rule credits each hour with more than 6 min down", "[audit][remedy]") {
  // Down 10:00-10:07 (7 min: over the limit) and 12:00-12:06 (6 min: not more than 6) -> 1 hour.
  // Fee 0.10 per hour: 1 hour x 10 fen = 10 fen, credited without a claim.
  auto fx = run_audit_text(contract("    target 99.5%; period calendar month;\n"
                                    "    no charge for clock hour with more than 6 min down;",
                                    "fee 0.10 per hour;"),
                           incident("a", "2026-11-10T10:00:00+08:00", "2026-11-10T10:07:00+08:00") +
                               incident("b", "2026-11-10T12:00:00+08:00", "2026-11-10T12:06:00+08:00"),
                           "2026-11");
  const auto& p = fx->period("s", "2026-11");
  CHECK(p.free_hours == 1);
  CHECK(p.hour_rule_minor == 10);
  CHECK(p.owed_minor == 10);
}

TEST_CASE("lost time at the hourly rate, times a multiplier", "[audit][remedy]") {
  // 3 h down x 0.50 per hour x 10 = 15.00 CNY.
  auto fx = run_audit_text(contract("    target 99.9%; period calendar month; credit lost time at hourly rate times 10;",
                                    "fee 0.50 per hour;"),
                           incident("a", "2026-11-10T00:00:00+08:00", "2026-11-10T03:00:00+08:00"), "2026-11");
  CHECK(fx->period("s", "2026-11").owed_minor == 1500);
}

TEST_CASE("partial periods: prorated, whole, split", "[audit][remedy]") {
  // The service starts 2026-11-16: 15 of November's 30 days, 1,296,000 s active.
  // 2 h down = 7,200 s.
  const std::string log = incident("a", "2026-11-20T00:00:00+08:00", "2026-11-20T02:00:00+08:00");
  const auto run = [&](const std::string& mode) {
    return run_audit_text(contract(kTiers + mode, "fee 1000.00 per month; starts 2026-11-16;"), log, "2026-11");
  };
  SECTION("prorated: availability over the active part, fee x 15/30") {
    // 1,288,800 / 1,296,000 = 179/180 = 99.44% -> 10% of 500.00 = 50.00.
    auto fx = run("    partial period prorated;");
    const auto& p = fx->period("s", "2026-11");
    CHECK(p.partial);
    CHECK(p.length == Seconds{1296000});
    CHECK(*p.availability == Rational(179, 180));
    CHECK(p.fee_minor == 50000);
    CHECK(p.owed_minor == 5000);
  }
  SECTION("whole: the whole month, the whole fee") {
    // 2,584,800 / 2,592,000 = 359/360 = 99.72% -> 10% of 1,000.00 = 100.00.
    auto fx = run("    partial period whole;");
    const auto& p = fx->period("s", "2026-11");
    CHECK(p.length == Seconds{2592000});
    CHECK(*p.availability == Rational(359, 360));
    CHECK(p.owed_minor == 10000);
  }
  SECTION("split: the part audited alone, as prorated") {
    auto fx = run("    partial period split;");
    const auto& p = fx->period("s", "2026-11");
    CHECK(p.partial_rule == "split");
    CHECK(*p.availability == Rational(179, 180));
  }
}

TEST_CASE("a month after a month-end date is clamped, not snapped to the next month's end", "[audit][remedy]") {
  // Billing month from day 31: 2026-01-31/2026-02-27 ends on the 27th; "within 1 month after period end":
  // the period ends 2026-02-28 (the day after), one month later is 2026-03-28, so the last day is 2026-03-27.
  auto fx = run_audit_text(contract("    target 99.9%; period billing month from day 31;\n"
                                    "    credit of monthly fee { below 99.9%: 10%; }\n"
                                    "    claim within 1 month after period end;"),
                           incident("a", "2026-02-10T00:00:00+08:00", "2026-02-11T00:00:00+08:00"), "2026-02-10");
  CHECK(fx->period("s", "2026-01-31/2026-02-27").claim.deadline == model::CivilDate{2026, 3, 27});
}

TEST_CASE("the repeated hour when clocks go back is two clock hours", "[audit][remedy]") {
  // New York, 2026-11-01: 01:00-02:00 EDT then 01:00-02:00 EST. Down 01:30 EDT to 01:30 EST:
  // 30 min in each of the two hours -> both over 6 min -> 2 hours not charged.
  const std::string c = "contract \"t\" { timezone \"America/New_York\"; currency USD;\n"
                        "  service s { fee 1.00 per hour; }\n"
                        "  availability s { target 99.5%; period calendar month;\n"
                        "    no charge for clock hour with more than 6 min down; } }\n";
  auto fx = run_audit_text(c,
                           "{\"id\":\"a\",\"service\":\"s\",\"start\":\"2026-11-01T01:30:00-04:00\","
                           "\"end\":\"2026-11-01T01:30:00-05:00\"}\n",
                           "2026-11");
  CHECK(fx->period("s", "2026-11").free_hours == 2);
}

TEST_CASE("deadlines after the incident anchor on counted downtime, not on an ignored blip", "[audit][remedy]") {
  // A 30 s blip on the 2nd is ignored (shorter than 1 min); the counted outage starts on the 20th:
  // "within 10 d after incident" -> 2026-11-30.
  auto fx = run_audit_text(contract(kTiers + "    ignore downtime shorter than 1 min;\n    claim within 10 d after incident;"),
                           incident("blip", "2026-11-02T00:00:00+08:00", "2026-11-02T00:00:30+08:00") +
                               incident("real", "2026-11-20T00:00:00+08:00", "2026-11-22T00:00:00+08:00"),
                           "2026-11");
  CHECK(fx->period("s", "2026-11").claim.deadline == model::CivilDate{2026, 11, 30});
}

TEST_CASE("hour-rule credits do not use up a cap over trailing months", "[audit][remedy]") {
  // October: 10 hours over the limit (fee 1.00 per hour: 10.00, credited outside the cap), no tier credit.
  // November: the 2-day outage earns the 100% tier, capped at 50% over 12 months, and 48 more hours.
  std::string log;
  for (int h = 0; h < 10; ++h) {
    const std::string hh = (h < 10 ? "0" : "") + std::to_string(h);
    log += incident("o" + hh, "2026-10-05T" + hh + ":00:00+08:00", "2026-10-05T" + hh + ":07:00+08:00");
  }
  log += kTwoDays;
  auto fx = run_audit_text(contract("    target 99.0%; period calendar month;\n"
                                    "    credit of monthly fee { below 99.0%: 100%; }\n"
                                    "    no charge for clock hour with more than 6 min down;\n"
                                    "    cap 50% of monthly fee per trailing 12 months;",
                                    "fee 1.00 per hour;"),
                           log, "2026-10-01..2026-11-30");
  const auto& oct = fx->period("s", "2026-10");
  CHECK(oct.free_hours == 10);
  CHECK(oct.owed_minor == 1000);
  // November: fee 30 d x 24 h x 1.00 = 720.00; cap 50% = 360.00, none of it used by October's hour credits;
  // plus 48 hours x 1.00 = 48.00 under the hour rule: 408.00.
  const auto& nov = fx->period("s", "2026-11");
  CHECK(nov.cap_minor == 36000);
  CHECK(nov.hour_rule_minor == 4800);
  CHECK(nov.owed_minor == 40800);
}

TEST_CASE("the verdict: a target missed or a credit earned is a breach, with or without a target", "[audit][remedy]") {
  struct Case {
    const char* what;
    std::string clause, incidents;
    bool breached;
  };
  const std::string tiers_only = "    period calendar month;\n    credit of monthly fee { below 99.9%: 10%; }\n";
  const std::string late_claim = "    claim within 30 d after period end;\n";
  // One hour down in November (2,592,000 s): 2,588,400 / 2,592,000 = 99.861...% < 99.9%.
  const std::string one_hour = incident("h", "2026-11-10T00:00:00+08:00", "2026-11-10T01:00:00+08:00");
  // One minute: 2,591,940 / 2,592,000 = 99.997...% >= 99.9%.
  const std::string one_minute = incident("m", "2026-11-10T00:00:00+08:00", "2026-11-10T00:01:00+08:00");
  const std::vector<Case> cases = {
      {"target and tiers, missed", kTiers, one_hour, true},
      {"target and tiers, met", kTiers, one_minute, false},
      {"tiers and no target, a tier reached", tiers_only, one_hour, true},
      {"tiers and no target, no tier reached", tiers_only, one_minute, false},
      // The credit is earned, and lost by the late claim: the level was still missed.
      {"tiers and no target, claimed late", tiers_only + late_claim, one_hour, true},
      {"no target and no credit", "    period calendar month;\n", one_hour, false},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto fx = run_audit_text(contract(c.clause), c.incidents, "2026-11", {{"", "", {2027, 1, 15}}});
    CHECK(fx->report().breached() == c.breached);
    const auto& p = fx->period("s", "2026-11");
    const bool noted = std::find(p.notes.begin(), p.notes.end(),
                                 "the clause states no target: a credit is earned, so the audit counts the period as "
                                 "breached") != p.notes.end();
    CHECK(noted == (!p.target && c.breached));
  }
}
