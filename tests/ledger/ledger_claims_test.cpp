// The claims lifecycle in the ledger: steps recorded in order or refused with
// why (nothing written), where a claim stands on a day, the filings an audit
// reads back, and an older ledger read as it is and migrated on writing.
//
// The sample audit (tests/report/sample_report.h) records November 2026 for
// "storage" (owes 30,000.00 CNY, claim deadline 2026-12-30) and "训练集群".
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "base/time/civil_date.h"
#include "ledger/claims.h"
#include "ledger/history.h"
#include "ledger/record.h"
#include "ledger/schema.h"
#include "tests/ledger/temp_ledger.h"
#include "tests/report/sample_report.h"

using namespace slaudit;
using ledger::ClaimEventKind;
using ledger::ClaimStanding;
using ledger::Database;

namespace {

audit::AuditReport sample() {
  static const SourceFile source = test::sample_contract_source();
  return test::sample_report(source);
}

struct Step {
  ClaimEventKind kind;
  const char* on;
  const char* amount = "";
  const char* reason = "";
  const char* period = "2026-11";
};

ledger::ClaimStep claim_step(const Step& s) {
  ledger::ClaimStep out;
  out.service = "storage";
  out.period = s.period;
  out.kind = s.kind;
  out.on = *parse_civil_date(s.on);
  out.amount = s.amount;
  out.reason = s.reason;
  if (s.kind == ClaimEventKind::Filed) out.reference = "CASE-7";
  return out;
}

int64_t events(Database& db) {
  ledger::Statement s = db.prepare("SELECT count(*) FROM claim_event");
  s.step();
  return s.int64(0);
}

ledger::ClaimRow storage_claim(Database& db) {
  for (ledger::ClaimRow& row : ledger::read_claims(db))
    if (row.service == "storage") return row;
  FAIL("no storage claim");
  return {};
}

constexpr ClaimEventKind F = ClaimEventKind::Filed, A = ClaimEventKind::Accepted, P = ClaimEventKind::Paid,
                         R = ClaimEventKind::Refused;

}  // namespace

TEST_CASE("ledger claims: a step out of order is refused and nothing is written", "[ledger][claims]") {
  struct Case {
    std::vector<Step> steps;  // all but the last succeed
    const char* problem;
  };
  const std::vector<Case> cases = {
      {{{A, "2026-12-05"}}, "the claim was not filed"},
      {{{F, "2026-12-05"}, {F, "2026-12-06"}}, "already filed on 2026-12-05"},
      {{{F, "2026-12-05"}, {A, "2026-12-04"}}, "accepted on 2026-12-04 cannot come before its filing on 2026-12-05"},
      {{{F, "2026-12-05"}, {A, "2026-12-06"}, {A, "2026-12-07"}}, "already accepted"},
      {{{F, "2026-12-05"}, {R, "2026-12-09", "", "outside scope"}, {P, "2026-12-10", "10.00"}}, "refused (outside scope)"},
      {{{F, "2026-12-05"}, {P, "2026-12-20", "10.00"}, {R, "2026-12-21", "", "no"}}, "cannot follow a payment"},
      {{{F, "2026-12-05"}, {P, "2026-12-20", "10.00"}, {P, "2026-12-19", "10.00"}}, "before the earlier payment"},
      {{{F, "2026-12-05"}, {P, "2026-12-20", "0"}}, "bad amount '0'"},
      {{{F, "2026-12-05"}, {P, "2026-12-20", "1.234"}}, "more decimals than CNY allows (2)"},
      // The payment: eleven of them summed to -85,467,... Past 10^15 fen, one is refused.
      {{{F, "2026-12-05"}, {P, "2026-12-20", "9000000000000000.00"}},
       "the amount '9000000000000000.00' is over the largest amount slaudit records, 10000000000000.00 CNY"},
      // At the limit, then one fen more: the claim's payments would pass 10^15 fen.
      {{{F, "2026-12-05"}, {P, "2026-12-20", "10000000000000.00"}, {P, "2026-12-21", "0.01"}},
       "the claim's payments would sum to more than 10000000000000.00 CNY"},
      {{{F, "2026-12-05", "", "", "2026-10"}}, "no recorded period 2026-10 of service 'storage'"},
  };
  for (size_t k = 0; k < cases.size(); ++k) {
    INFO("case " << k);
    test::TempLedger t;
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
    const auto& steps = cases[k].steps;
    for (size_t s = 0; s + 1 < steps.size(); ++s) ledger::record_claim_step(db, claim_step(steps[s]), "t");
    CHECK_THROWS_WITH(ledger::record_claim_step(db, claim_step(steps.back()), "t"), Catch::Contains(cases[k].problem));
    CHECK(events(db) == static_cast<int64_t>(steps.size() - 1));
  }
}

TEST_CASE("ledger claims: where a claim stands after its steps, on a day", "[ledger][claims]") {
  struct Case {
    std::vector<Step> steps;
    const char* as_of;
    ledger::ClaimStage stage;
    ClaimStanding standing;
    int64_t paid_minor;
  };
  const std::vector<Case> cases = {
      {{}, "2026-12-06", ledger::ClaimStage::NotFiled, ClaimStanding::FileBy, 0},
      {{}, "2026-12-30", ledger::ClaimStage::NotFiled, ClaimStanding::FileBy, 0},  // the deadline is inclusive
      {{}, "2026-12-31", ledger::ClaimStage::NotFiled, ClaimStanding::Lapsed, 0},
      {{{F, "2026-12-05"}}, "2027-03-01", ledger::ClaimStage::Filed, ClaimStanding::AwaitingPayment, 0},
      {{{F, "2026-12-05"}, {A, "2026-12-09"}}, "2027-03-01", ledger::ClaimStage::Accepted,
       ClaimStanding::AwaitingPayment, 0},
      // 10,000.00 + 5,000.00 paid of 30,000.00 owed: short by 15,000.00.
      {{{F, "2026-12-05"}, {P, "2027-01-10", "10000.00"}, {P, "2027-02-10", "5000"}}, "2027-03-01",
       ledger::ClaimStage::Paid, ClaimStanding::PaidShort, 1'500'000},
      {{{F, "2026-12-05"}, {A, "2026-12-09"}, {P, "2027-01-10", "30000.00"}}, "2027-03-01", ledger::ClaimStage::Paid,
       ClaimStanding::Paid, 3'000'000},
      {{{F, "2026-12-05"}, {R, "2026-12-20", "", "the outage was scheduled maintenance"}}, "2027-03-01",
       ledger::ClaimStage::Refused, ClaimStanding::Refused, 0},
      {{{F, "2027-01-02"}}, "2027-03-01", ledger::ClaimStage::Filed, ClaimStanding::OutOfTime, 0},  // after 12-30
  };
  for (size_t k = 0; k < cases.size(); ++k) {
    INFO("case " << k);
    test::TempLedger t;
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
    for (const Step& s : cases[k].steps) ledger::record_claim_step(db, claim_step(s), "t");
    const ledger::ClaimRow row = storage_claim(db);
    CHECK(row.owed_minor == 3'000'000);
    CHECK(row.deadline == std::optional<std::string>("2026-12-30"));
    CHECK(row.progress.stage == cases[k].stage);
    CHECK(row.progress.paid_minor == cases[k].paid_minor);
    CHECK(ledger::standing_of(row, cases[k].as_of) == cases[k].standing);
  }
}

TEST_CASE("ledger claims: a filing after the deadline is recorded with a warning", "[ledger][claims]") {
  test::TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  const auto r = ledger::record_claim_step(db, claim_step({F, "2027-01-02"}), "t");
  REQUIRE(r.warnings.size() == 1);
  CHECK_THAT(r.warnings[0], Catch::Contains("after the deadline 2026-12-30"));
  const auto filings = ledger::read_filings(db, sample().contract_title);
  REQUIRE(filings.size() == 1);
  CHECK(filings[0].service == "storage");
  CHECK(filings[0].period == "2026-11");
  CHECK(filings[0].filed == CivilDate{2027, 1, 2});
  CHECK(filings[0].reference == "CASE-7");
  CHECK(ledger::read_filings(db, "another contract").empty());
}

TEST_CASE("ledger claims: the same period of two contracts needs the contract named", "[ledger][claims]") {
  test::TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  audit::AuditReport other = sample();
  other.contract_title = "Another contract";
  ledger::record_audit(db, other, "2026-12-01T00:00:00Z");
  CHECK_THROWS_WITH(ledger::record_claim_step(db, claim_step({F, "2026-12-05"}), "t"),
                    Catch::Contains("2 recorded periods match") && Catch::Contains("--contract"));
  ledger::ClaimStep named = claim_step({F, "2026-12-05"});
  named.contract_title = "Another contract";
  CHECK(ledger::record_claim_step(db, named, "t").contract_title == "Another contract");
  // Steps are append-only like every other row.
  CHECK_THROWS_WITH(db.exec("UPDATE claim_event SET on_day = '2026-12-01'"), Catch::Contains("append-only"));
}

TEST_CASE("ledger claims: a ledger of schema 1 is read as it is and migrated when written", "[ledger][claims]") {
  test::TempLedger t;
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(t.path.c_str(), &raw) == SQLITE_OK);
  REQUIRE(sqlite3_exec(raw, ledger::migration_sql(1).c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_exec(raw, "PRAGMA user_version = 1", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(raw);
  {
    Database reader(t.path.string(), Database::Mode::ReadOnly);
    CHECK(ledger::file_schema_version(reader) == 1);
    CHECK(ledger::read_history(reader, {}).empty());
    CHECK(ledger::read_claims(reader).empty());  // no claim table yet: no claim
  }
  Database writer(t.path.string(), Database::Mode::ReadWrite);
  CHECK(ledger::file_schema_version(writer) == ledger::schema_version());
  ledger::record_audit(writer, sample(), "2026-12-01T00:00:00Z");
  ledger::record_claim_step(writer, claim_step({F, "2026-12-05"}), "t");
  CHECK(storage_claim(writer).progress.stage == ledger::ClaimStage::Filed);
}

TEST_CASE("ledger claims: a period in a tier the contract leaves `not stated` is listed and flagged", "[ledger][claims]") {
  test::TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  // storage's November earns a credit the contract puts no figure on: owed 0 as far as stated.
  audit::AuditReport report = sample();
  audit::PeriodAudit& storage = report.periods[1];
  REQUIRE(storage.service == "storage");
  storage.credit_not_stated = true;
  storage.credit_minor = storage.owed_minor = 0;
  report.total_owed_minor = 0;
  ledger::record_audit(db, report, "2026-12-01T00:00:00Z");
  ledger::ClaimRow claim = storage_claim(db);  // listed although it owes 0
  CHECK(claim.credit_not_stated);
  CHECK(claim.owed_minor == 0);
  CHECK(ledger::standing_of(claim, "2026-12-06") == ClaimStanding::FileBy);
  // Filed, it awaits payment; "nothing owed" would be the figure the contract does not give.
  ledger::record_claim_step(db, claim_step({ClaimEventKind::Filed, "2026-12-05"}), "t");
  claim = storage_claim(db);
  CHECK(ledger::standing_of(claim, "2026-12-06") == ClaimStanding::AwaitingPayment);
}
