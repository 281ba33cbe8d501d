// Credit tables of issue 17 item 3, audited and worked by hand: a table that
// stops (`below 99.0%: not stated;`) and fixed-amount tiers. Each row states
// its arithmetic beside the expected figures.
//
// November 2026 in Asia/Shanghai (no DST): 30 d x 86,400 s = 2,592,000 s.
// Fee 1,200,000.00 CNY a month. One incident from 2026-11-10 00:00 (+08:00)
// lasting `down` seconds.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::Rational;
using slaudit::audit::Verdict;
using slaudit::testing::run_audit_text;

namespace {

std::string contract(const std::string& clause) {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
         "  service training { fee 1200000.00 per month; }\n"
         "  availability training {\n    period calendar month;\n" + clause + "\n  }\n}\n";
}

// One incident from 00:00 lasting `down` seconds (under a day).
std::string incident(int64_t down) {
  auto two = [](int64_t n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  const std::string end = "2026-11-10T" + two(down / 3600) + ":" + two(down / 60 % 60) + ":" + two(down % 60) + "+08:00";
  return "{\"id\":\"a\",\"service\":\"training\",\"start\":\"2026-11-10T00:00:00+08:00\",\"end\":\"" + end + "\"}\n";
}

const std::string kStops =
    "    target 99.9%;\n"
    "    credit of monthly fee { below 99.9% and at least 99.0%: 10%; below 99.0%: not stated; }\n";
const std::string kStopsNoTarget =
    "    credit of monthly fee { below 99.9% and at least 99.0%: 10%; below 99.0%: not stated; }\n";
const std::string kAmounts =
    "    target 99.9%;\n"
    "    credit of monthly fee { below 99.9%: 100.00 CNY; below 99.0%: 250.00 CNY; }\n";
const std::string kAmountsCapped = kAmounts + "    cap 200.00 CNY;\n";

struct Row {
  const char* name;
  std::string clause;
  int64_t down;                // seconds
  Rational availability;
  bool met;
  const char* tier_below;      // "" when no tier
  bool not_stated;
  int64_t credit_minor, owed_minor;
  Verdict verdict;
  const char* credit_derivation;  // "" when the period earns none
};

const audit::Explanation* explanation(const audit::PeriodAudit& p, const std::string& figure) {
  auto it = std::find_if(p.explain.begin(), p.explain.end(), [&](const auto& e) { return e.figure == figure; });
  return it == p.explain.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("credit tiers: tables that stop and fixed amounts, audited", "[audit][tiers]") {
  const std::vector<Row> rows = {
      // 2,592 s: (2,592,000 - 2,592) / 2,592,000 = 0.999 = 99.9% exactly: met, no tier.
      {"stops: 99.9% exactly is met", kStops, 2592, Rational(999, 1000), true, "", false, 0, 0, Verdict::Met, ""},
      // 25,920 s (7 h 12 min): 2,566,080 / 2,592,000 = 0.99 = 99.0% exactly: at least 99.0%, the 10% tier:
      // 10% x 1,200,000.00 = 120,000.00 CNY.
      {"stops: 99.0% exactly is in the stated tier", kStops, 25920, Rational(99, 100), false, "99.9", false,
       12000000, 12000000, Verdict::Breached, "10% of 1200000.00 CNY (tier below 99.9%)"},
      // 25,921 s: 2,566,079 / 2,592,000 < 99.0%: the tier not stated. Missed; credit unknown, 0 counted.
      {"stops: below 99.0% the credit is not stated", kStops, 25921, Rational(2566079, 2592000), false, "99.0", true,
       0, 0, Verdict::Breached, ""},
      // No target: the tier not stated still makes the period breached (a credit is owed, unpriced).
      {"stops, no target: still breached", kStopsNoTarget, 25921, Rational(2566079, 2592000), true, "99.0", true, 0, 0,
       Verdict::Breached, ""},
      // 2,593 s: 2,589,407 / 2,592,000 < 99.9%: the tier below 99.9%, a fixed 100.00 CNY (the fee plays no part).
      {"amounts: the top tier", kAmounts, 2593, Rational(2589407, 2592000), false, "99.9", false, 10000, 10000,
       Verdict::Breached, "fixed 100.00 CNY (tier below 99.9%)"},
      // 25,921 s: below 99.0%: 250.00 CNY.
      {"amounts: the lower tier", kAmounts, 25921, Rational(2566079, 2592000), false, "99.0", false, 25000, 25000,
       Verdict::Breached, "fixed 250.00 CNY (tier below 99.0%)"},
      // The same with cap 200.00 CNY: credit 250.00 before caps, 200.00 owed.
      {"amounts: a cap still applies", kAmountsCapped, 25921, Rational(2566079, 2592000), false, "99.0", false,
       25000, 20000, Verdict::Breached, "fixed 250.00 CNY (tier below 99.0%)"},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      auto fx = run_audit_text(contract(r.clause), incident(r.down), "2026-11");
      REQUIRE(fx->result.report.has_value());
      const auto& p = fx->period("training", "2026-11");
      CHECK(p.down == Rational(r.down));
      CHECK(*p.availability == r.availability);
      CHECK(p.met == r.met);
      CHECK((p.tier ? p.tier->below.value.to_string() : std::string()) == r.tier_below);
      CHECK(p.credit_not_stated == r.not_stated);
      CHECK(p.credit_minor == r.credit_minor);
      CHECK(p.owed_minor == r.owed_minor);
      CHECK(p.verdict() == r.verdict);
      CHECK(fx->report().verdict == r.verdict);
      CHECK(fx->report().total_owed_minor == r.owed_minor);
      CHECK(fx->report().owed_is_lower_bound() == r.not_stated);
      const bool noted = std::any_of(p.notes.begin(), p.notes.end(), [](const std::string& n) {
        return n.rfind("credit not stated by the contract (below 99.0%)", 0) == 0;
      });
      CHECK(noted == r.not_stated);
      const audit::Explanation* credit = explanation(p, "credit");
      if (r.not_stated) {
        REQUIRE(credit != nullptr);
        CHECK(credit->value == "not stated");
      } else if (*r.credit_derivation) {
        REQUIRE(credit != nullptr);
        CHECK(credit->derivation == r.credit_derivation);
      }
    }
  }
}
