// Recovery clauses in the ledger: recorded with the audit (one row a clause,
// one a breach), read back in order, append-only, and absent from an older
// ledger. The sample audit (tests/report/sample_report.h) has one recovery
// clause: 训练集群, within 20 min, one breach (INC-1, node_down, 25 min), owed
// 1% of 1,200,000.00 CNY = 12,000.00 CNY.
#include <catch2/catch.hpp>

#include "ledger/record.h"
#include "ledger/recovery_history.h"
#include "report/ledger/recovery.h"
#include "tests/ledger/temp_ledger.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

TEST_CASE("ledger recovery: each audit's recovery clauses and breaches are recorded and read back", "[ledger]") {
  static const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  REQUIRE(report.recovery.size() == 1);
  // A covered incident within the limit is not a breach: only breaches are kept.
  audit::RecoveryFinding quick = report.recovery[0].findings[0];
  quick.id = "INC-2";
  quick.breach = false;
  quick.time_to_recover = Seconds(600);
  report.recovery[0].findings.push_back(quick);
  test::TempLedger t;
  ledger::Database db(t.path.string(), ledger::Database::Mode::ReadWrite);
  ledger::record_audit(db, report, "2026-12-01T00:00:00Z");
  ledger::record_audit(db, report, "2026-12-02T00:00:00Z");
  const std::vector<ledger::RecoveryRow> rows = ledger::read_recovery(db, "");
  REQUIRE(rows.size() == 2);  // one per audit: a range is not a period, nothing is superseded
  const ledger::RecoveryRow& r = rows[0];
  CHECK(r.audit_id == 1);
  CHECK(rows[1].audit_id == 2);
  CHECK(r.service == "训练集群");
  CHECK(r.assessed);
  CHECK(r.limit_seconds == 1200);
  CHECK(r.covered == 1);
  CHECK(r.breaches == 1);
  CHECK(r.credit_minor == 1'200'000);
  CHECK(r.owed_minor == 1'200'000);
  CHECK_FALSE(r.cap_minor.has_value());
  CHECK(r.currency == "CNY");
  REQUIRE(r.breach_list.size() == 1);
  CHECK(r.breach_list[0].incident == "INC-1");
  CHECK(r.breach_list[0].fault == "node_down");
  CHECK(r.breach_list[0].recover_seconds == 1500);
  CHECK(ledger::read_recovery(db, "storage").empty());
  CHECK_THROWS_WITH(db.exec("UPDATE recovery SET owed_minor = 0"), Catch::Contains("append-only"));
  CHECK_THROWS_WITH(db.exec("DELETE FROM recovery_breach"), Catch::Contains("append-only"));
  // The text names the breach with its time to recover in minutes: 1,500 s = 25 min.
  CHECK_THAT(report::render_recovery_text(rows), Catch::Contains("INC-1 node_down 25 min"));
  CHECK_THAT(report::render_recovery_text(rows), Catch::Contains("12,000.00 CNY"));
  CHECK_THAT(report::render_recovery_csv(rows), Catch::Contains(",CNY,12000.00,,12000.00,INC-1:node_down:1500\n"));
}
