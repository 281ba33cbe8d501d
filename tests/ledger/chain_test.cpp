// The ledger's hash chain (ledger/chain.h): every audit a link whose digest
// covers its rows and the link before; each way of changing the ledger with
// plain SQL (rows added, an older audit or the kept totals edited, the chain
// itself recomputed) is found; a ledger of schema 3 gets its chain at
// migration, the same one recording would have built.
#include <catch2/catch.hpp>


#include <string>

#include "ledger/chain.h"
#include "ledger/database.h"
#include "ledger/record.h"
#include "ledger/schema.h"
#include "tests/ledger/temp_ledger.h"
#include "tests/support/raw_sql.h"
#include "tests/report/sample_report.h"

using namespace slaudit;
using ledger::Database;

namespace {

audit::AuditReport sample() {
  static const SourceFile source = test::sample_contract_source();
  return test::sample_report(source);
}

// Plain SQL through SQLite, as another tool would write (tests/support/raw_sql.h).
void sql(const test::TempLedger& t, const std::string& text) { slaudit::testing::run_raw_sql(t.path, text); }

std::string problems_of(const test::TempLedger& t) {
  Database db(t.path.string(), Database::Mode::ReadOnly);
  std::string out;
  for (const std::string& p : ledger::check_chain(db).problems) out += p + "\n";
  return out;
}

// Two audits of the sample (the second supersedes the first's periods).
std::string two_audits(const test::TempLedger& t) {
  Database db(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  return ledger::record_audit(db, sample(), "2026-12-02T00:00:00Z").head;
}

}  // namespace

TEST_CASE("ledger chain: each audit is a link over its rows and the one before", "[ledger]") {
  test::TempLedger t;
  const std::string head = two_audits(t);
  Database db(t.path.string(), Database::Mode::ReadOnly);
  const ledger::ChainCheck chain = ledger::check_chain(db);
  CHECK(chain.problems.empty());
  CHECK(chain.links == 2);
  REQUIRE(chain.head);
  CHECK(chain.head->digest == head);
  CHECK(head.size() == 64);
  CHECK(ledger::link_name(*chain.head) == "audit 2");
  const std::optional<ledger::ChainLink> found = ledger::find_link(db, head);
  REQUIRE(found);
  CHECK(found->position == 2);
  // The same rows recorded in another ledger give the same digest: what is hashed is canonical.
  test::TempLedger other;
  CHECK(two_audits(other) == head);
}

TEST_CASE("ledger chain: every change made with plain SQL is found", "[ledger]") {
  test::TempLedger t;
  two_audits(t);
  REQUIRE(problems_of(t).empty());
  SECTION("a forged re-audit owing 0.00, with INSERTs only, superseding the current period") {
    // Period 3 is audit 2's storage period (periods 1 and 2 are audit 1's).
    sql(t,
        "INSERT INTO audit (id, recorded_at, engine_version, tzdata_version, contract_title, timezone, range, "
        "currency, currency_digits, verdict, evidence_complete, total_owed_minor) "
        "SELECT 3, recorded_at, engine_version, tzdata_version, contract_title, timezone, range, currency, "
        "currency_digits, 'met', 1, 0 FROM audit WHERE id = 2;"
        "INSERT INTO period (audit_id, service, clause_label, period, start_unix, end_unix, start_local, partial, "
        "down_num, down_den, eligible_num, eligible_den, excluded_seconds, verdict, fee_minor, credit_minor, "
        "owed_minor, evidence_gaps) SELECT 3, service, clause_label, period, start_unix, end_unix, start_local, "
        "partial, '0', '1', eligible_num, eligible_den, 0, 'met', fee_minor, 0, 0, 0 FROM period WHERE id = 3;"
        "INSERT INTO supersession (period_id, by_period_id) VALUES (3, last_insert_rowid());");
    CHECK_THAT(problems_of(t), Catch::Contains("audit 3 is in no link of the chain: it was not recorded by slaudit"));
    // A genuine audit after it links itself to the chain, and the forgery is still named.
    { Database db(t.path.string(), Database::Mode::ReadWrite); ledger::record_audit(db, sample(), "2026-12-03T00:00:00Z"); }
    CHECK_THAT(problems_of(t), Catch::Contains("audit 3 is in no link"));
  }
  SECTION("an older audit's period edited (its trigger dropped)") {
    sql(t, "DROP TRIGGER period_append_only; UPDATE period SET owed_minor = owed_minor + 1 WHERE id = 1;");
    CHECK(problems_of(t) == "link 1 (audit 1): its rows, or its digest, changed since it was recorded\n");
  }
  SECTION("the kept totals edited") {
    sql(t, "DROP TRIGGER period_total_append_only; UPDATE period_total SET owed_minor = 0;");
    CHECK_THAT(problems_of(t), Catch::Contains("link 2 (audit 2): its rows"));
  }
  SECTION("a claim event inserted by hand") {
    sql(t, "INSERT INTO claim_event (recorded_at, contract_title, service, clause_label, period, event, on_day) "
           "VALUES ('t', 'x', 'storage', '', '2026-11', 'filed', '2026-12-05');");
    CHECK_THAT(problems_of(t), Catch::Contains("claim event 1 is in no link"));
  }
  SECTION("the whole chain recomputed after an edit: only a head kept elsewhere tells") {
    std::string kept;
    {
      Database db(t.path.string(), Database::Mode::ReadOnly);
      kept = ledger::chain_head(db)->digest;
    }
    // The forger edits audit 1 and rebuilds the chain the way migration 4 does.
    sql(t, "DROP TRIGGER period_append_only; UPDATE period SET owed_minor = owed_minor + 1 WHERE id = 1;"
           "DROP TRIGGER chain_no_delete; DELETE FROM chain; PRAGMA user_version = 3;"
           "DROP TABLE chain; DROP INDEX period_by_audit; DROP INDEX supersession_by_period;"
           "DROP INDEX period_total_by_audit; DROP INDEX recovery_by_audit;");
    { Database db(t.path.string(), Database::Mode::ReadWrite); }  // migration 4 links the edited rows
    CHECK(problems_of(t).empty());
    Database db(t.path.string(), Database::Mode::ReadOnly);
    CHECK_FALSE(ledger::find_link(db, kept));
  }
}

TEST_CASE("ledger chain: a ledger of schema 3 gets the chain recording would have built", "[ledger]") {
  test::TempLedger t;
  const std::string head = two_audits(t);
  // Back to schema 3: what migration 4 adds, removed.
  sql(t, "DROP TRIGGER chain_no_delete; DROP TRIGGER chain_append_only; DROP TABLE chain;"
         "DROP INDEX period_by_audit; DROP INDEX supersession_by_period; DROP INDEX period_total_by_audit;"
         "DROP INDEX recovery_by_audit; PRAGMA user_version = 3;");
  {
    Database reader(t.path.string(), Database::Mode::ReadOnly);  // read as it is, never migrated
    CHECK(ledger::file_schema_version(reader) == 3);
    CHECK(ledger::check_chain(reader).links == 0);
  }
  Database writer(t.path.string(), Database::Mode::ReadWrite);
  CHECK(ledger::file_schema_version(writer) == 4);
  const ledger::ChainCheck chain = ledger::check_chain(writer);
  CHECK(chain.problems.empty());
  CHECK(chain.links == 2);
  CHECK(chain.head->digest == head);  // audits in the order recorded: the same links
}
