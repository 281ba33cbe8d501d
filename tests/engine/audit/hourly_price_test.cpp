// Hourly prices with more decimals than the currency (EC2's 0.0416 USD an
// hour): the period's fee and every credit are computed on the exact price and
// rounded once. Each case states its arithmetic beside the expected figures.
#include <catch2/catch.hpp>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::Rational;
using slaudit::testing::run_audit_text;

namespace {

std::string contract(const std::string& fee, const std::string& clause) {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service vm { fee " + fee + " per hour; }\n"
         "  availability vm {\n    target 99.5%; period calendar month;\n    " + clause + "\n  }\n}\n";
}

const char* kTiers =
    "credit of monthly fee { below 99.5% and at least 99.0%: 10%; below 99.0% and at least 95.0%: 30%; "
    "below 95.0%: 100%; }";

// 10 h down on 2026-11-10: 36,000 s of November's 2,592,000 s, 98.61%: the 30% tier.
const std::string kTenHours =
    "{\"id\":\"a\",\"service\":\"vm\",\"start\":\"2026-11-10T00:00:00Z\",\"end\":\"2026-11-10T10:00:00Z\"}\n";
// 3 h 45 min down: 13,500 s = 3.75 h.
const std::string kThreeHours45 =
    "{\"id\":\"b\",\"service\":\"vm\",\"start\":\"2026-11-10T00:00:00Z\",\"end\":\"2026-11-10T03:45:00Z\"}\n";

struct Case {
  const char* name;
  std::string fee;
  std::string clause;
  const std::string* log;
  int64_t fee_minor;
  int64_t credit_minor;
};

}  // namespace

TEST_CASE("hourly prices below a cent: the fee and the credit are exact, rounded once", "[audit]") {
  const std::vector<Case> cases = {
      // 0.0416 USD x 720 h = 29.952 USD = 2,995.2 cents: shown 2,995. 30% of 2,995.2 = 898.56 -> 899.
      // (Rounding the fee first would give 30% of 2,995 = 898.5 -> 898 half even.)
      {"tier credit, half even", "0.0416", std::string(kTiers) + " rounding half even;", &kTenHours, 2995, 899},
      {"tier credit, half up", "0.0416", kTiers, &kTenHours, 2995, 899},
      // 0.018 USD x 720 h = 12.96 USD exactly. Lost time: 3.75 h x 1.8 cents = 6.75 -> 7
      // (a rate rounded to 2 cents first would give 7.5 -> 8).
      {"lost time at an hourly price", "0.018", "credit lost time at hourly rate;", &kThreeHours45, 1296, 7},
      // A whole-cent price changes nothing: 0.34 x 720 = 244.80; 30% = 73.44.
      {"whole-cent price", "0.34", kTiers, &kTenHours, 24480, 7344},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    auto fx = run_audit_text(contract(c.fee, c.clause), *c.log, "2026-11");
    const auto& p = fx->period("vm", "2026-11");
    CHECK(p.fee_minor == c.fee_minor);
    CHECK(p.credit_minor == c.credit_minor);
  }
}

TEST_CASE("hourly prices below a cent: the exact fee is kept beside the rounded one", "[audit]") {
  auto fx = run_audit_text(contract("0.0416", kTiers), kTenHours, "2026-11");
  const auto& p = fx->period("vm", "2026-11");
  REQUIRE(p.fee_exact_minor.has_value());
  CHECK(*p.fee_exact_minor == Rational(29952, 10));  // 4.16 cents x 720 h
  CHECK(p.fee_base() == Rational(29952, 10));
}
