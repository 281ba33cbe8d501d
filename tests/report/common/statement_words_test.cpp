// The statement's totals in words (report/common/statement_words.h): exact,
// or said to be past int64, never wrapped.
#include <catch2/catch.hpp>

#include "report/common/statement_words.h"

using namespace slaudit;

namespace {

// `periods` periods, each owing 0 and paid `paid_minor`: each one overpaid by all of it.
audit::AuditReport paid_report(size_t periods, int64_t paid_minor) {
  audit::AuditReport report;
  report.currency = model::Currency{"USD", 2};
  for (size_t k = 0; k < periods; ++k) {
    audit::PeriodAudit p;
    p.statement = audit::StatementFigures{"99.2%", "s.csv", k + 2, 0, paid_minor};
    report.periods.push_back(std::move(p));
  }
  return report;
}

}  // namespace

TEST_CASE("statement words: credits paid are totalled exactly, or said not to be", "[report][statement]") {
  // Two periods paid 10^15 cents each (the most a row may state): 2 x 10^13 USD paid, all overpaid.
  CHECK(report::statement_total_text(paid_report(2, 1'000'000'000'000'000)) ==
        "owed 0.00 USD at the stated figures, paid 20,000,000,000,000.00 USD: overpaid by 20,000,000,000,000.00 USD");
  // 9,224 such periods: 9.224 x 10^18 > 2^63 - 1. The sum wrapped before.
  CHECK(report::statement_total_text(paid_report(9224, 1'000'000'000'000'000)) ==
        "the credits owed or paid sum to more than 9223372036854775807 minor units: not totalled");
}
