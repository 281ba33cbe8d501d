// ledger history --by-period: a fleet's current rows summed in SQL, the lowest
// availability exact and, among equal ones, named by the smallest resource id
// whatever order the rows were recorded in; the totals kept at recording time
// (period_total) always equal the sums of the rows, also after a re-audit of
// some resources only and after migrating a ledger recorded before them.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "ledger/account_summary.h"
#include "ledger/record.h"
#include "ledger/schema.h"
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

// Every field of the kept totals against the sums of the rows.
void check_same(const std::vector<ledger::PeriodSummary>& kept, const std::vector<ledger::PeriodSummary>& summed) {
  REQUIRE(kept.size() == summed.size());
  for (size_t k = 0; k < kept.size(); ++k) {
    const ledger::PeriodSummary &a = kept[k], &b = summed[k];
    INFO("row " << k << ": " << a.service << " " << a.period);
    CHECK(a.contract_title == b.contract_title);
    CHECK(a.service == b.service);
    CHECK(a.clause_label == b.clause_label);
    CHECK(a.period == b.period);
    CHECK(a.currency == b.currency);
    CHECK(a.start_local == b.start_local);
    CHECK(a.target == b.target);
    CHECK(a.rows == b.rows);
    CHECK(a.breached == b.breached);
    CHECK(a.not_assessed == b.not_assessed);
    CHECK(a.credit_not_stated == b.credit_not_stated);
    CHECK(a.credit_minor == b.credit_minor);
    CHECK(a.owed_minor == b.owed_minor);
    CHECK(a.lowest == b.lowest);
    CHECK(a.lowest_resource == b.lowest_resource);
  }
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

TEST_CASE("ledger summary: the totals kept at recording equal the rows' sums after a partial re-audit", "[ledger]") {
  test::TempLedger t;
  ledger::Database db(t.path.string(), ledger::Database::Mode::ReadWrite);
  ledger::record_fleet_audit(db, fleet({"c", "b", "a"}, {Rational(19, 20), Rational(9, 10), Rational(9, 10)}), "t");
  // A second audit of b alone (a late log): b at 1/2 and in a `not stated` tier.
  audit::FleetReport late = fleet({"b"}, {Rational(1, 2)});
  late.periods[0].figures.credit_not_stated = true;
  ledger::record_fleet_audit(db, late, "t");
  const auto kept = ledger::read_account_summary(db, {});
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].rows == 3);               // a and c from the first audit, b from the second
  CHECK(kept[0].lowest == Rational(1, 2));  // b's new figure; its 9/10 is superseded
  CHECK(kept[0].lowest_resource == "b");
  CHECK(kept[0].credit_not_stated == 1);
  check_same(kept, ledger::sum_account_summary(db, {}));
  // Each recording appended the totals as they stood: two rows, never an update.
  ledger::Statement n = db.prepare("SELECT count(*) FROM period_total");
  n.step();
  CHECK(n.int64(0) == 2);
  // The filters read the kept totals as they read the rows.
  ledger::HistoryQuery december;
  december.first_day = "2026-12-01";
  CHECK(ledger::read_account_summary(db, december).empty());
  ledger::HistoryQuery other;
  other.service = "训练集群";
  CHECK(ledger::read_account_summary(db, other).empty());
}

TEST_CASE("ledger summary: migrating a ledger recorded before the totals fills them in", "[ledger]") {
  test::TempLedger t;
  // Schema 2 by its own migrations, and two audits written as that schema did:
  // audit 1 records a (9/10) and b (1); audit 2 re-audits b at 4/5.
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(t.path.c_str(), &raw) == SQLITE_OK);
  const std::string sql = ledger::migration_sql(1) + ledger::migration_sql(2) +
                          "PRAGMA user_version = 2;"
                          "INSERT INTO audit (id, recorded_at, engine_version, tzdata_version, contract_title, timezone, "
                          "range, currency, currency_digits, verdict, evidence_complete, total_owed_minor, kind) VALUES "
                          "(1, 't', 'v', 'tz', 'Old', 'UTC', 'r', 'USD', 2, 'breached', 1, 0, 'fleet'),"
                          "(2, 't', 'v', 'tz', 'Old', 'UTC', 'r', 'USD', 2, 'breached', 1, 0, 'fleet');"
                          "INSERT INTO period (id, audit_id, service, clause_label, period, start_unix, end_unix, "
                          "start_local, partial, target, availability_num, availability_den, down_num, down_den, "
                          "eligible_num, eligible_den, excluded_seconds, verdict, fee_minor, credit_minor, owed_minor, "
                          "evidence_gaps, resource) VALUES "
                          "(1, 1, 'vm', '', '2026-11', 0, 10, '2026-11-01', 0, '99', '9', '10', '1', '1', '10', '1', 0, "
                          "'breached', 1000, 100, 100, 0, 'a'),"
                          "(2, 1, 'vm', '', '2026-11', 0, 10, '2026-11-01', 0, '99', '1', '1', '0', '1', '10', '1', 0, "
                          "'met', 1000, 0, 0, 0, 'b'),"
                          "(3, 2, 'vm', '', '2026-11', 0, 10, '2026-11-01', 0, '99', '4', '5', '2', '1', '10', '1', 0, "
                          "'breached', 1000, 250, 250, 0, 'b');"
                          "INSERT INTO supersession (period_id, by_period_id) VALUES (2, 3);";
  REQUIRE(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(raw);
  {
    ledger::Database reader(t.path.string(), ledger::Database::Mode::ReadOnly);
    CHECK(ledger::file_schema_version(reader) == 2);  // a reader does not migrate: it sums the rows
    const auto summed = ledger::read_account_summary(reader, {});
    REQUIRE(summed.size() == 1);
    CHECK(summed[0].lowest == Rational(4, 5));
  }
  ledger::Database writer(t.path.string(), ledger::Database::Mode::ReadWrite);
  REQUIRE(ledger::file_schema_version(writer) == ledger::schema_version());
  const auto kept = ledger::read_account_summary(writer, {});
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].rows == 2);
  CHECK(kept[0].breached == 2);
  CHECK(kept[0].owed_minor == 100 + 250);
  CHECK(kept[0].lowest == Rational(4, 5));  // b's current 4/5 is below a's 9/10
  CHECK(kept[0].lowest_resource == "b");
  check_same(kept, ledger::sum_account_summary(writer, {}));
}
