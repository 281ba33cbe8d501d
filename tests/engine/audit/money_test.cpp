// Sums of money (engine/audit/money.h): a total of credits is exact in int64
// or the audit is refused with why; never a wrapped or saturated figure.
#include <catch2/catch.hpp>

#include "engine/audit/money.h"
#include "tests/support/audit_fixture.h"

using namespace slaudit;

namespace {

// Two services at the largest monthly fee a contract may state, 10^15 cents, both down throughout and credited
// 100% by the year: 2 x 12 x 10^15 = 2.4 x 10^16 cents a year. Periods long past, so every one is judged.
const char* const kContract =
    "contract \"t\" {\n  provider \"P\"; customer \"C\";\n  effective 1400-01-01 to 2000-12-31;\n"
    "  timezone \"UTC\"; currency USD;\n"
    "  service api { fee 10000000000000.00 per month; }\n  service db { fee 10000000000000.00 per month; }\n"
    "  availability api {\n    target 99.9%;\n    period calendar year;\n"
    "    credit of monthly fee { below 99.9%: 100%; }\n  }\n"
    "  availability db {\n    target 99.9%;\n    period calendar year;\n"
    "    credit of monthly fee { below 99.9%: 100%; }\n  }\n}\n";
const char* const kDownThroughout =
    "{\"id\":\"INC-1\",\"service\":\"api\",\"start\":\"1400-01-01T00:00:00Z\",\"end\":\"1900-01-01T00:00:00Z\"}\n"
    "{\"id\":\"INC-2\",\"service\":\"db\",\"start\":\"1400-01-01T00:00:00Z\",\"end\":\"1900-01-01T00:00:00Z\"}\n";

}  // namespace

TEST_CASE("money: add_money adds within int64 and refuses past it", "[audit][money]") {
  int64_t sum = INT64_MAX - 5;
  CHECK(audit::add_money(sum, 5));
  CHECK(sum == INT64_MAX);
  CHECK_FALSE(audit::add_money(sum, 1));
  CHECK(sum == INT64_MAX);  // unchanged
  sum = INT64_MIN + 1;
  CHECK_FALSE(audit::add_money(sum, -2));
}

TEST_CASE("money: 384 years of the largest fees owed sum exactly, one more is refused, never wrapped",
          "[audit][money]") {
  // 1400..1783 is 384 years: 384 x 2.4 x 10^16 = 9,216,000,000,000,000,000 cents <= 2^63 - 1.
  auto fits = testing::run_audit_text(kContract, kDownThroughout, "1400-01-01..1783-12-31", {}, false);
  REQUIRE(fits->result.report.has_value());
  CHECK(fits->report().periods.size() == 768);  // 384 years x 2 services
  CHECK(fits->report().total_owed_minor == 9'216'000'000'000'000'000);
  // 385 years: 9.24 x 10^18 > 2^63 - 1 = 9,223,372,036,854,775,807. Before, the total wrapped negative.
  audit::AuditRequest req;
  req.contract = &*fits->compiled.contract;
  req.contract_source = fits->source.get();
  req.incidents = fits->log.incidents;
  req.range = *audit::parse_audit_range("1400-01-01..1784-12-31");
  const audit::AuditResult over = audit::run_audit(req);
  CHECK_FALSE(over.report.has_value());
  REQUIRE(over.errors.size() == 1);
  CHECK(over.errors[0].message == audit::total_too_large());
  CHECK(over.errors[0].input_fault);
}
