// ledger history --by-period: a fleet's current rows summed in SQL, the lowest
// availability exact and, among equal ones, named by the smallest resource id
// whatever order the rows were recorded in.
#include <catch2/catch.hpp>

#include "ledger/account_summary.h"
#include "ledger/record.h"
#include "tests/ledger/temp_ledger.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

// The sample's "storage" November (availability 29/30, owed 30,000.00 CNY) as resources, in the order given.
audit::FleetReport fleet(const std::vector<std::string>& ids, const std::vector<Rational>& availability) {
  static const SourceFile source = test::sample_contract_source();
  const audit::AuditReport sample = test::sample_report(source);
  audit::FleetReport f;
  f.engine_version = sample.engine_version;
  f.tzdata_version = sample.tzdata_version;
  f.contract_title = sample.contract_title;
  f.timezone = sample.timezone;
  f.range = sample.range;
  f.currency = sample.currency;
  f.inputs = sample.inputs;
  for (size_t k = 0; k < ids.size(); ++k) {
    audit::PeriodAudit p = sample.periods[1];
    p.availability = availability[k];
    audit::ResourcePeriod r;
    r.resource = ids[k];
    r.figures = audit::ResourceFigures::of(std::move(p));
    f.periods.push_back(std::move(r));
  }
  return f;
}

}  // namespace

TEST_CASE("ledger summary: resources summed, the lowest exact and chosen by id among equals", "[ledger]") {
  test::TempLedger t;
  ledger::Database db(t.path.string(), ledger::Database::Mode::ReadWrite);
  // Recorded in the order c, b, a: b and a tie at 9/10, the lowest; c is higher.
  ledger::record_fleet_audit(db, fleet({"c", "b", "a"}, {Rational(19, 20), Rational(9, 10), Rational(9, 10)}), "t");
  const auto rows = ledger::read_account_summary(db, {});
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].service == "storage");
  CHECK(rows[0].rows == 3);
  CHECK(rows[0].owed_minor == 3 * 3'000'000);  // 30,000.00 CNY each
  CHECK(rows[0].lowest == Rational(9, 10));
  CHECK(rows[0].lowest_resource == "a");
  // A re-audit supersedes every row: only the new versions count.
  ledger::record_fleet_audit(db, fleet({"a", "b", "c"}, {Rational(1), Rational(99, 100), Rational(1)}), "t");
  const auto again = ledger::read_account_summary(db, {});
  REQUIRE(again.size() == 1);
  CHECK(again[0].rows == 3);
  CHECK(again[0].lowest == Rational(99, 100));
  CHECK(again[0].lowest_resource == "b");
}
