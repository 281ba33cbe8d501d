// `audit --ledger` and `ledger history` end to end: two audits of one month
// (the second supersedes), the history in each format, and the errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <filesystem>

#include "tests/support/cli_run.h"
#include "tests/support/raw_sql.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const char* const kContract =
    "contract \"Ledger test\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

// 60 minutes down in November: 1 - 60/43200 = 99.8611...% < 99.9%: 10% of 1000.00 = 100.00.
const char* const kNovember =
    "{\"id\":\"INC-1\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n";
// The late log: 30 minutes more, the same month: 90/43200 down, still the 10% tier.
const char* const kNovemberLate =
    "{\"id\":\"INC-1\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n"
    "{\"id\":\"INC-2\",\"service\":\"api\",\"start\":\"2026-11-20T10:00:00Z\",\"end\":\"2026-11-20T10:30:00Z\"}\n";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-ledger") {
    write("contract.sla", kContract);
    write("nov.jsonl", kNovember);
    write("nov-late.jsonl", kNovemberLate);
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
};

}  // namespace

TEST_CASE("cli ledger: two audits of a month, the second supersedes the first", "[ledger][cli]") {
  const Scratch s;
  const Run first = s.slaudit("audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger audits.db");
  CHECK(first.exit == 3);
  CHECK(has(first.err, "recorded in audits.db as audit 1 (1 period(s), 0 earlier version(s) superseded)"));
  const Run second = s.slaudit("audit contract.sla --incidents nov-late.jsonl --period 2026-11 --ledger audits.db");
  CHECK(has(second.err, "as audit 2 (1 period(s), 1 earlier version(s) superseded)"));

  const Run text = s.slaudit("ledger history audits.db");
  INFO(text.out << text.err);
  CHECK(text.exit == 0);
  CHECK(has(text.out, "Ledger history of \"Ledger test\" (down in minutes)\n"));
  // 90 min of 43,200: 1 - 1/480 = 99.7916...%, shown truncated.
  CHECK(has(text.out, "  api     -      2026-11  99.9%    99.7916%~       90 100.00 USD breached "));
  CHECK_FALSE(has(text.out, "99.8611%"));  // the superseded version is not shown by default

  const Run json = s.slaudit("ledger history audits.db --all-versions --format json");
  const auto history = nlohmann::json::parse(json.out);
  CHECK(history["schema"] == "slaudit-ledger-history/1");
  REQUIRE(history["periods"].size() == 2);
  CHECK(history["periods"][0]["availability"] == "479/480");   // (43200 - 90) / 43200
  CHECK(history["periods"][0]["superseded_by"].is_null());
  CHECK(history["periods"][1]["availability"] == "719/720");   // (43200 - 60) / 43200
  CHECK(history["periods"][1]["superseded_by"] == history["periods"][0]["period_id"]);
  CHECK(history["periods"][1]["owed_minor"] == 10000);

  const Run csv = s.slaudit("ledger history audits.db --format csv --period 2026-11");
  CHECK(has(csv.out, "\nLedger test,api,,2026-11,2026-11-01,99.9,479/480,99.7916%~,5400/1,breached,0,USD,100.00,100.00,"));
  CHECK(s.slaudit("ledger history audits.db --service other --format csv").out.find('\n') ==
        s.slaudit("ledger history audits.db --service other --format csv").out.size() - 1);  // the header only
}

TEST_CASE("cli ledger: a missing or foreign ledger is an error, exit 2", "[ledger][cli]") {
  const Scratch s;
  const Run missing = s.slaudit("ledger history nowhere.db");
  CHECK(missing.exit == 2);
  CHECK(has(missing.err, "nowhere.db: no such ledger"));
  s.write("notes.db", "these are notes, not a database\n");
  const Run audit = s.slaudit("audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger notes.db");
  CHECK(audit.exit == 2);
  CHECK(has(audit.err, "not a slaudit ledger"));
  CHECK(has(audit.err, "the audit was not recorded"));
  CHECK(s.read("notes.db") == "these are notes, not a database\n");
  const Run bad = s.slaudit("ledger history notes.db --period 2026-13");
  CHECK(bad.exit == 2);
}

namespace {

// A claim deadline and a cap over trailing months, so that months depend on
// each other through the ledger.
const char* const kClaimsContract =
    "contract \"Ledger claims test\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    cap 15% of monthly fee per trailing 12 months;\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// One hour down in October and one in November: each month 1 - 60/44640 (October) or 60/43200 (November)
// is under 99.9%, so each earns 10% of 1000.00 = 100.00 before the cap.
const char* const kTwoMonths =
    "{\"id\":\"OCT\",\"service\":\"api\",\"start\":\"2026-10-02T10:00:00Z\",\"end\":\"2026-10-02T11:00:00Z\"}\n"
    "{\"id\":\"NOV\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n";

class ClaimsScratch : public slaudit::testing::ScratchDir {
 public:
  ClaimsScratch() : ScratchDir("cli-ledger-claims") {
    write("contract.sla", kClaimsContract);
    write("log.jsonl", kTwoMonths);
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
  Run audit(const std::string& period) const {
    return slaudit("audit contract.sla --incidents log.jsonl --period " + period + " --ledger audits.db --format json");
  }
};

nlohmann::json first_period(const Run& r) {
  INFO(r.out << r.err);
  return nlohmann::json::parse(r.out)["periods"][0];
}

}  // namespace

TEST_CASE("cli ledger: a cap over trailing months counts the credits earlier audits recorded", "[ledger][cli]") {
  const ClaimsScratch s;
  CHECK(first_period(s.audit("2026-10"))["owed"]["minor"] == 10000);  // 100.00: under the 150.00 cap
  const Run november = s.audit("2026-11");
  // The cap is 15% of 1000.00 = 150.00 over the 12 months from 2025-12-01; October (audit 1) owed 100.00;
  // November's 100.00 credit is capped at 150.00 - 100.00 = 50.00.
  CHECK(first_period(november)["owed"]["minor"] == 5000);
  CHECK(has(november.out, "credits owed for earlier periods, from the ledger audits.db, count against caps over "
                          "months: api 2026-10 (audit 1): 100.00 USD"));
  // Without the ledger the audit sees no earlier credit: 100.00.
  const Run alone = s.slaudit("audit contract.sla --incidents log.jsonl --period 2026-11 --format json");
  CHECK(first_period(alone)["owed"]["minor"] == 10000);
}

TEST_CASE("cli ledger: a claim's steps, the audit judging its filing day, and the claims list", "[ledger][cli]") {
  const ClaimsScratch s;
  s.audit("2026-10");
  s.audit("2026-11");
  const Run filed = s.slaudit("ledger claim audits.db filed --service api --period 2026-10 --on 2026-11-05 "
                              "--reference CASE-1");
  CHECK(filed.exit == 0);
  CHECK(has(filed.err, "\"Ledger claims test\" api 2026-10 filed on 2026-11-05 (claim event 1); the claim is now filed"));
  CHECK(s.slaudit("ledger claim audits.db paid --service api --period 2026-10 --on 2026-12-01 --amount 60.00").exit == 0);
  const Run late = s.slaudit("ledger claim audits.db filed --service api --period 2026-11 --on 2027-01-05");
  CHECK(late.exit == 0);
  CHECK(has(late.err, "warning: filed on 2027-01-05, after the deadline 2026-12-30"));
  const Run twice = s.slaudit("ledger claim audits.db filed --service api --period 2026-11 --on 2027-01-06");
  CHECK(twice.exit == 2);
  CHECK(has(twice.err, "already filed on 2027-01-05"));
  CHECK(s.slaudit("ledger claim audits.db paid --service api --period 2026-11 --on 2027-01-06").exit == 2);  // no --amount

  // Re-auditing November judges the recorded filing: 2027-01-05 is after 2026-12-30, so nothing is owed.
  const Run again = s.audit("2026-11");
  const auto november = first_period(again);
  CHECK(november["claim"]["state"] == "late");
  CHECK(november["owed"]["minor"] == 0);
  CHECK(has(again.out, "claim filing days from the ledger audits.db (`slaudit ledger claim`): api 2026-11 filed 2027-01-05"));

  // October: 100.00 owed, 60.00 paid: short by 40.00. November: filed out of time, nothing owed.
  const Run list = s.slaudit("ledger claims audits.db --as-of 2026-12-06");
  INFO(list.out << list.err);
  CHECK(list.exit == 0);
  CHECK(has(list.out, "Claims in audits.db as of 2026-12-06\n"));
  CHECK(has(list.out, "paid 60.00 USD by 2026-12-01: short by 40.00 USD"));
  CHECK(has(list.out, "filed 2027-01-05, out of time (deadline 2026-12-30): nothing owed"));
  const Run csv = s.slaudit("ledger claims audits.db --as-of 2026-12-06 --open --format csv");
  CHECK(csv.out == "contract,service,clause_label,resource,period,currency,owed,claim_earliest,claim_deadline,stage,"
                   "standing,filed_on,reference,paid,short,refused_reason,audit_id,as_of,credit_stated\n"
                   "Ledger claims test,api,,,2026-10,USD,100.00,,2026-11-30,paid,paid_short,2026-11-05,CASE-1,60.00,"
                   "40.00,,1,2026-12-06,yes\n");
  const auto json = nlohmann::json::parse(s.slaudit("ledger claims audits.db --format json").out);
  CHECK(json["schema"] == "slaudit-ledger-claims/1");
  CHECK(json["as_of_source"] == "today_utc");
  CHECK(json["claims"][0]["events"].size() == 2);
  CHECK(s.slaudit("ledger claims audits.db --as-of 2026-13-01").exit == 2);
}

TEST_CASE("cli ledger: verify runs a recorded audit again and compares every figure", "[ledger][cli]") {
  const ClaimsScratch s;
  s.audit("2026-10");
  s.audit("2026-11");
  const Run same = s.slaudit("ledger verify audits.db");
  INFO(same.out << same.err);
  CHECK(same.exit == 0);
  CHECK(has(same.out, "Audit 2 of \"Ledger claims test\""));
  // November used October's credit from the ledger; verify reuses it as recorded.
  // 21 figures: the period's 19 (18 + credit_not_stated, schema 3) and the audit's verdict and total.
  CHECK(has(same.out, "Verified: run again from its inputs, every figure is the same (21 figures of 1 period(s))."));

  SECTION("a figure the ledger holds that today's engine does not give: exit 3") {
    slaudit::testing::run_raw_sql(s.path() / "audits.db",
                                  "DROP TRIGGER period_append_only; "
                                  "UPDATE period SET owed_minor = 4999 WHERE audit_id = 2");
    const Run differs = s.slaudit("ledger verify audits.db --audit 2 --format json");
    CHECK(differs.exit == 3);
    const auto v = nlohmann::json::parse(differs.out);
    CHECK(v["outcome"] == "differs");
    REQUIRE(v["differences"].size() == 1);
    CHECK(v["differences"][0] == nlohmann::json{{"period", "api 2026-11"}, {"figure", "owed_minor"},
                                                {"recorded", "4999"}, {"now", "5000"}});
  }
  SECTION("an input changed since: not verifiable, exit 4") {
    s.write("log.jsonl", std::string(kTwoMonths) + "\n");
    const Run changed = s.slaudit("ledger verify audits.db --audit 1");
    CHECK(changed.exit == 4);
    CHECK(has(changed.out, "incidents log.jsonl "));
    CHECK(has(changed.out, ": changed (now "));
    CHECK(has(changed.out, "Cannot verify:\n  the inputs are not those the audit read"));
  }
  SECTION("an input gone: not verifiable, exit 4") {
    std::filesystem::remove(s.path() / "log.jsonl");
    const Run gone = s.slaudit("ledger verify audits.db --audit 1");
    CHECK(gone.exit == 4);
    CHECK(has(gone.out, "the audit could not be run again from its recorded inputs"));
  }
  SECTION("no such audit: exit 2") { CHECK(s.slaudit("ledger verify audits.db --audit 9").exit == 2); }
}

TEST_CASE("cli ledger: a fleet audit records each resource's period, and claims and verify name resources", "[ledger][cli]") {
  slaudit::testing::ScratchDir s("cli-ledger-fleet");
  const std::string library = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/library/";
  for (const char* name : {"aws_ec2_fleet.sla", "aws_ec2_fleet.inventory.csv", "aws_ec2_fleet.billing.csv",
                           "aws_ec2_fleet.incidents.csv"})
    s.copy_in(library + name, name);
  const std::string audit = "audit aws_ec2_fleet.sla --inventory aws_ec2_fleet.inventory.csv --billing-export "
                            "aws_ec2_fleet.billing.csv --incidents aws_ec2_fleet.incidents.csv --period 2026-11 "
                            "--ledger audits.db --format json";
  const Run first = s.run(SLAUDIT_CLI, audit);
  CHECK(first.exit == 3);
  CHECK(has(first.err, "recorded in audits.db as audit 1 (60 period(s), 0 earlier version(s) superseded)"));

  // i-003: 2,400 of November's 43,200 minutes down: 1 - 2400/43200 = 17/18 = 94.4444...%; it owes 31.61 USD
  // (the library's golden fleet audit, tests/golden/library/aws_ec2_fleet).
  const Run one = s.run(SLAUDIT_CLI, "ledger history audits.db --resource i-003 --format json");
  const auto history = nlohmann::json::parse(one.out);
  REQUIRE(history["periods"].size() == 1);
  CHECK(history["periods"][0]["resource"] == "i-003");
  CHECK(history["periods"][0]["availability"] == "17/18");
  CHECK(history["periods"][0]["owed_minor"] == 3161);

  const std::string period = "--service ec2 --period 2026-11-01/2026-11-30 --on 2026-12-05";
  const Run which = s.run(SLAUDIT_CLI, "ledger claim audits.db filed " + period);
  CHECK(which.exit == 2);
  CHECK(has(which.err, "60 recorded periods match"));
  CHECK(has(which.err, "and 56 more): name one with --contract, --clause and --resource"));
  CHECK(s.run(SLAUDIT_CLI, "ledger claim audits.db filed " + period + " --resource i-003 --reference AWS-1").exit == 0);

  // The re-audit judges i-003's filing (in time: the deadline is 2027-01-31), and says where it came from.
  const Run again = s.run(SLAUDIT_CLI, audit);
  CHECK(has(again.err, "as audit 2 (60 period(s), 60 earlier version(s) superseded)"));
  CHECK(has(again.out, "claim filing days from the ledger audits.db (`slaudit ledger claim`): 1 resource period(s), "
                       "i-003 2026-11-01/2026-11-30 filed 2026-12-05"));
  const Run open = s.run(SLAUDIT_CLI, "ledger claims audits.db --as-of 2026-12-06 --open --format csv");
  CHECK(has(open.out, ",ec2,instance level,i-003,2026-11-01/2026-11-30,USD,31.61,,2027-01-31,filed,awaiting_payment,"
                      "2026-12-05,AWS-1,"));
  const Run verified = s.run(SLAUDIT_CLI, "ledger verify audits.db");
  INFO(verified.out << verified.err);
  CHECK(verified.exit == 0);
  CHECK(has(verified.out, "every figure is the same (1142 figures of 60 period(s))"));  // 60 x 19 + the audit's 2
}

TEST_CASE("cli ledger: a fleet's caps over months count each resource's own earlier credits", "[ledger][cli]") {
  slaudit::testing::ScratchDir s("cli-ledger-fleet-caps");
  s.write("fleet.sla",
          "contract \"Fleet caps test\" {\n"
          "  provider \"P\"; customer \"C\";\n"
          "  timezone \"UTC\";\n"
          "  currency USD;\n"
          "  service vm { resources instance; fee 100.00 per month; billing per month; }\n"
          "  availability vm per instance {\n"
          "    target 99.9%;\n"
          "    period calendar month;\n"
          "    unavailable when any incident;\n"
          "    credit of monthly fee { below 99.9%: 10%; }\n"
          "    cap 15% of monthly fee per trailing 12 months;\n"
          "  }\n"
          "}\n");
  s.write("inventory.csv", "id,service,region,zone\nvm-1,vm,r1,z1\nvm-2,vm,r1,z1\n");
  // vm-1 is down an hour in October and in November, vm-2 in November only: each such month is
  // 1 - 60/44640 or 1 - 60/43200 < 99.9%, 10% of 100.00 = 10.00 before the cap of 15% = 15.00.
  s.write("log.jsonl",
          "{\"id\":\"A\",\"service\":\"vm\",\"resource\":\"vm-1\",\"start\":\"2026-10-05T10:00:00Z\",\"end\":\"2026-10-05T11:00:00Z\"}\n"
          "{\"id\":\"B\",\"service\":\"vm\",\"resource\":\"vm-1\",\"start\":\"2026-11-05T10:00:00Z\",\"end\":\"2026-11-05T11:00:00Z\"}\n"
          "{\"id\":\"C\",\"service\":\"vm\",\"resource\":\"vm-2\",\"start\":\"2026-11-06T10:00:00Z\",\"end\":\"2026-11-06T11:00:00Z\"}\n");
  const std::string audit = "audit fleet.sla --inventory inventory.csv --incidents log.jsonl --ledger audits.db --period ";
  CHECK(s.run(SLAUDIT_CLI, audit + "2026-10").exit == 3);
  const Run november = s.run(SLAUDIT_CLI, audit + "2026-11 --format json");
  INFO(november.out << november.err);
  // vm-1: 15.00 - 10.00 (its October, audit 1) = 5.00; vm-2 owed nothing before: 10.00. Total 15.00.
  CHECK(nlohmann::json::parse(november.out)["total_owed"]["minor"] == 1500);
  CHECK(has(november.out, "count against each resource's caps over months: 1 resource period(s), vm-1 2026-10 "
                          "(audit 1): 10.00 USD"));
  const auto history = nlohmann::json::parse(s.run(SLAUDIT_CLI, "ledger history audits.db --period 2026-11 --format json").out);
  REQUIRE(history["periods"].size() == 2);
  for (const auto& p : history["periods"]) CHECK(p["owed_minor"] == (p["resource"] == "vm-1" ? 500 : 1000));
  CHECK(s.run(SLAUDIT_CLI, "ledger verify audits.db").exit == 0);  // the credits as the audit read them
  // By period: November's two resources tie at 719/720; the lowest is named by the smaller id, vm-1.
  const Run summary = s.run(SLAUDIT_CLI, "ledger history audits.db --by-period --format csv");
  CHECK(has(summary.out, "\nFleet caps test,vm,,2026-11,2026-11-01,99.9,2,2,0,719/720,99.8611%~,vm-1,USD,20.00,15.00,0\n"));
}

TEST_CASE("cli ledger: history by period sums a fleet's resources, the lowest named by the smallest id", "[ledger][cli]") {
  const ClaimsScratch s;  // a service: one row a period
  s.audit("2026-10");
  s.audit("2026-11");
  s.audit("2026-11");  // a re-audit: the superseded version does not count
  const Run csv = s.slaudit("ledger history audits.db --by-period --format csv");
  INFO(csv.out << csv.err);
  // October: 60 of 44,640 min down = 743/744; owed 100.00. November: 60 of 43,200 = 719/720; owed 50.00 (the cap).
  CHECK(has(csv.out, "\nLedger claims test,api,,2026-10,2026-10-01,99.9,1,1,0,743/744,99.8655%~,,USD,100.00,100.00,0\n"));
  CHECK(has(csv.out, "\nLedger claims test,api,,2026-11,2026-11-01,99.9,1,1,0,719/720,99.8611%~,,USD,100.00,50.00,0\n"));
  CHECK(s.slaudit("ledger history audits.db --by-period --all-versions").exit == 2);
  CHECK(s.slaudit("ledger history audits.db --by-period --format html").exit == 2);
}

TEST_CASE("cli ledger: a recovery clause is recorded with its breaches, listed and verified", "[ledger][cli]") {
  slaudit::testing::ScratchDir s("cli-ledger-recovery");
  const std::string examples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";
  const std::string audit = "audit " + examples + "gpu_cluster.sla --incidents " + examples +
                            "gpu_cluster.incidents.jsonl --period 2026-11 --ledger audits.db";
  REQUIRE(s.run(SLAUDIT_CLI, audit).exit == 3);
  // The GPU example's recovery clause (20 min, 1% of the 1,200,000.00 CNY fee a breach, cap 10%): 4 incidents
  // covered, one over 20 min (inc-02, gpu_xid, detected 14:03, recovered 14:35: 32 min = 1,920 s);
  // credit 1% x 1,200,000.00 = 12,000.00, under the 120,000.00 cap.
  const Run csv = s.run(SLAUDIT_CLI, "ledger history audits.db --recovery --format csv");
  INFO(csv.out << csv.err);
  CHECK(csv.exit == 0);
  CHECK(has(csv.out, ",2026-11,training,,yes,1200,4,1,CNY,12000.00,,12000.00,inc-02:gpu_xid:1920\n"));
  const Run text = s.run(SLAUDIT_CLI, "ledger history audits.db --recovery");
  CHECK(has(text.out, "inc-02 gpu_xid 32 min"));
  CHECK(s.run(SLAUDIT_CLI, "ledger history audits.db --recovery --by-period").exit == 2);
  // The audit's total owed is explained by its rows: the periods' and the recovery clause's.
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open((s.path() / "audits.db").c_str(), &raw) == SQLITE_OK);
  sqlite3_stmt* sum = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw,
                             "SELECT a.total_owed_minor, (SELECT SUM(owed_minor) FROM period WHERE audit_id = a.id) + "
                             "(SELECT SUM(owed_minor) FROM recovery WHERE audit_id = a.id) FROM audit a",
                             -1, &sum, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(sum) == SQLITE_ROW);
  CHECK(sqlite3_column_int64(sum, 0) == sqlite3_column_int64(sum, 1));
  sqlite3_finalize(sum);
  sqlite3_close(raw);

  const Run same = s.run(SLAUDIT_CLI, "ledger verify audits.db");
  INFO(same.out << same.err);
  CHECK(same.exit == 0);
  CHECK(has(same.out, "period(s) and 1 recovery clause(s))."));
  SECTION("an audit recorded under schema 2 kept no recovery rows: verify does not call that a difference") {
    slaudit::testing::run_raw_sql(s.path() / "audits.db",
                                  "DROP TRIGGER recovery_breach_no_delete; DROP TRIGGER recovery_no_delete; "
                                  "DROP TRIGGER audit_append_only; DELETE FROM recovery_breach; DELETE FROM recovery; "
                                  "UPDATE audit SET recorded_schema = 2; "
                                  // Such an audit is in a ledger of schema 3 until a writer migrates it (and
                                  // chains its rows as they are then): the chain recorded over the deleted rows
                                  // goes too.
                                  "DROP TABLE chain; PRAGMA user_version = 3");
    const Run old = s.run(SLAUDIT_CLI, "ledger verify audits.db");
    INFO(old.out << old.err);
    CHECK(old.exit == 0);
    CHECK(has(old.out, "every figure is the same"));
    CHECK_FALSE(has(old.out, "recovery clause(s)"));
  }
  SECTION("a recovery figure changed by hand: exit 3") {
    slaudit::testing::run_raw_sql(s.path() / "audits.db",
                                  "DROP TRIGGER recovery_append_only; UPDATE recovery SET owed_minor = 1");
    const Run differs = s.run(SLAUDIT_CLI, "ledger verify audits.db --format json");
    CHECK(differs.exit == 3);
    const auto v = nlohmann::json::parse(differs.out);
    REQUIRE(v["differences"].size() == 1);
    CHECK(v["differences"][0] == nlohmann::json{{"period", "recovery training"}, {"figure", "owed_minor"},
                                                {"recorded", "1"}, {"now", "1200000"}});
  }
}
