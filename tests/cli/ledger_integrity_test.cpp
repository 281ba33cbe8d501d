// The ledger under writers started together and under forgery (issue 43):
// twelve audits started at once on a new file all recorded; October and
// November audited together under a cap over trailing months never leave a
// window over its cap that `ledger verify` passes; each forgery done with
// plain SQL through sqlite3 fails the default verify; what cannot be a ledger
// file is refused, and an empty one is used.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/raw_sql.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// 10% below 99.9%, capped at 15% of the 1000.00 fee = 150.00 over 12 trailing months.
const char* const kContract =
    "contract \"Integrity test\" {\n"
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

// One hour down in October and one in November: each month earns 10% = 100.00 before the cap.
const char* const kLog =
    "{\"id\":\"OCT\",\"service\":\"api\",\"start\":\"2026-10-02T10:00:00Z\",\"end\":\"2026-10-02T11:00:00Z\"}\n"
    "{\"id\":\"NOV\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n";

// $1 the slaudit binary, $2 the ledger, $3 how many audits, then each audit's --period in turn: all
// started together; each one's exit code in LEDGER.rc.K, its standard error in LEDGER.err.K.
const char* const kTogether =
    "bin=$1; ledger=$2; n=$3; shift 3; k=0\n"
    "while [ $k -lt $n ]; do k=$((k+1)); period=$1; shift\n"
    "  ( \"$bin\" audit contract.sla --incidents log.jsonl --period $period --ledger \"$ledger\" >/dev/null "
    "2>\"$ledger.err.$k\"; echo $? >\"$ledger.rc.$k\" ) &\n"
    "done\n"
    "wait\n";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-ledger-integrity") {
    write("contract.sla", kContract);
    write("log.jsonl", kLog);
    write("together.sh", kTogether);
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
  void together(const std::string& ledger, const std::vector<std::string>& periods) const {
    std::string args = "together.sh " SLAUDIT_CLI " " + ledger + " " + std::to_string(periods.size());
    for (const std::string& p : periods) args += " " + p;
    run("sh", args);
  }
  // What a ledger's current version of the api period owes, in cents.
  int64_t owed(const std::string& ledger, const std::string& period) const {
    // --unverified: a forged ledger's figures are read as the forger left them, to show what a forgery did.
    const Run r = slaudit("ledger history " + ledger + " --unverified --format json --period " + period);
    INFO(r.out << r.err);
    const auto rows = nlohmann::json::parse(r.out)["periods"];
    REQUIRE(rows.size() == 1);
    return rows[0]["owed_minor"].get<int64_t>();
  }
  void sql(const std::string& ledger, const std::string& text) const {
    slaudit::testing::run_raw_sql(path() / ledger, text);
  }
};

}  // namespace

TEST_CASE("cli ledger: twelve audits started together on a new ledger are all recorded", "[ledger][cli]") {
  const Scratch s;
  for (int attempt = 1; attempt <= 5; ++attempt) {
    const std::string ledger = "fresh" + std::to_string(attempt) + ".db";
    s.together(ledger, std::vector<std::string>(12, "2026-11"));
    for (int k = 1; k <= 12; ++k) {
      const std::string err = s.read(ledger + ".err." + std::to_string(k));
      INFO("attempt " << attempt << ", audit " << k << ": " << err);
      CHECK(s.read(ledger + ".rc." + std::to_string(k)) == "3\n");  // November breached: exit 3, not 2
      CHECK(has(err, "recorded in " + ledger + " as audit "));
    }
    // Twelve versions of November, each superseding the one before: 12 rows and the CSV header.
    const Run all = s.slaudit("ledger history " + ledger + " --all-versions --format csv");
    CHECK(std::count(all.out.begin(), all.out.end(), '\n') == 13);
    const Run verify = s.slaudit("ledger verify " + ledger);
    INFO(verify.out << verify.err);
    CHECK(verify.exit == 0);
    CHECK(has(verify.out, "chain: 12 link(s) recomputed"));
  }
}

TEST_CASE("cli ledger: October and November audited together never leave a window over its cap that verify passes",
          "[ledger][cli]") {
  const Scratch s;
  int stale = 0;
  for (int attempt = 1; attempt <= 12; ++attempt) {
    const std::string ledger = "race" + std::to_string(attempt) + ".db";
    s.together(ledger, {"2026-10", "2026-11"});
    INFO("attempt " << attempt << ": " << s.read(ledger + ".err.1") << s.read(ledger + ".err.2"));
    CHECK(s.owed(ledger, "2026-10") == 10000);  // October's window holds no earlier credit: 100.00
    const Run verify = s.slaudit("ledger verify " + ledger);
    INFO(verify.out);
    if (verify.exit == 0) {
      // November counted October's 100.00: 150.00 - 100.00 = 50.00; the window holds 150.00.
      CHECK(s.owed(ledger, "2026-11") == 5000);
      continue;
    }
    // November was recorded first, without October's credit: October's audit warns, verify names it stale ...
    ++stale;
    CHECK(has(s.read(ledger + ".err.1"), "slaudit: warning: caps over months: audit 1 of \"Integrity test\" (2026-11)"));
    CHECK(verify.exit == 3);
    CHECK(has(verify.out, "caps over months: audit 1 of \"Integrity test\" (2026-11) did not count api to 2026-10-31: "
                          "owed_minor 10000, which the ledger now holds: its figures are stale, audit its periods "
                          "again"));
    CHECK(s.owed(ledger, "2026-11") == 10000);
    // ... and its re-audit counts October: 50.00, and the ledger verifies.
    s.slaudit("audit contract.sla --incidents log.jsonl --period 2026-11 --ledger " + ledger);
    CHECK(s.owed(ledger, "2026-11") == 5000);
    CHECK(s.slaudit("ledger verify " + ledger).exit == 0);
  }
  INFO(stale << " of 12 attempts recorded November first");
  SUCCEED();
}

TEST_CASE("cli ledger: each forgery with plain SQL fails the default verify", "[ledger][cli]") {
  const Scratch s;
  const auto audit = [&](const std::string& period) {
    return s.slaudit("audit contract.sla --incidents log.jsonl --period " + period + " --ledger audits.db");
  };
  audit("2026-10");
  const Run november = audit("2026-11");  // owes 50.00 (see above)
  REQUIRE(s.slaudit("ledger verify audits.db").exit == 0);
  const std::string head = november.err.substr(november.err.find("ledger head ") + 12, 64);
  const Run kept = s.slaudit("ledger verify audits.db --head " + head);
  CHECK(kept.exit == 0);
  CHECK(has(kept.out, "--head " + head + ": link 2 (audit 2): nothing recorded up to it was rewritten"));

  SECTION("a forged re-audit owing 0.00, INSERTs only, then a genuine audit") {
    // Period 2 is November's: the forgery supersedes it with a period owing nothing.
    s.sql("audits.db",
          "INSERT INTO audit (recorded_at, engine_version, tzdata_version, contract_title, timezone, range, currency, "
          "currency_digits, verdict, evidence_complete, total_owed_minor, options, kind, recorded_schema) "
          "SELECT recorded_at, engine_version, tzdata_version, contract_title, timezone, range, currency, "
          "currency_digits, 'met', 1, 0, options, kind, recorded_schema FROM audit WHERE id = 2;"
          "INSERT INTO period (audit_id, service, clause_label, period, start_unix, end_unix, start_local, partial, "
          "target, availability_num, availability_den, down_num, down_den, eligible_num, eligible_den, "
          "excluded_seconds, verdict, fee_minor, credit_minor, owed_minor, evidence_gaps) "
          "SELECT 3, service, clause_label, period, start_unix, end_unix, start_local, partial, target, '1', '1', "
          "'0', '1', eligible_num, eligible_den, 0, 'met', fee_minor, 0, 0, 0 FROM period WHERE id = 2;"
          "INSERT INTO supersession (period_id, by_period_id) VALUES (2, last_insert_rowid());");
    CHECK(s.owed("audits.db", "2026-11") == 0);  // read --unverified, the history shows what the forger wrote
    audit("2026-12");                             // a genuine audit after it
    const Run verify = s.slaudit("ledger verify audits.db");
    INFO(verify.out);
    CHECK(verify.exit == 3);
    CHECK(has(verify.out, "Verified: run") == false);
    CHECK(has(verify.out, "chain: audit 3 is in no link of the chain: it was not recorded by slaudit"));
    CHECK(has(verify.out, "kept totals: \"Integrity test\" api 2026-11 owed_minor is 5000, the current rows sum to 0"));
    CHECK(s.slaudit("ledger verify audits.db --head " + head).exit == 3);  // the chain's problems still count
    // The readers do not show the forger's figures as the ledger's (they did: history read 0.00 owed, exit 0).
    const Run history = s.slaudit("ledger history audits.db");
    CHECK(history.exit == 2);
    CHECK(history.out.empty());
    CHECK(has(history.err, "slaudit ledger history: audits.db: the ledger was changed outside slaudit (1 problem(s), the first: "
                              "audit 3 is in no link of the chain: it was not recorded by slaudit): its figures may be forged"));
    CHECK(has(history.err, "--unverified reads it anyway"));
    const Run claims = s.slaudit("ledger claims audits.db --as-of 2026-12-05");
    CHECK(claims.exit == 2);
    CHECK(has(claims.err, "slaudit ledger claims: audits.db: the ledger was changed outside slaudit ("));
    const Run unverified = s.slaudit("ledger history audits.db --unverified --format csv");
    CHECK(unverified.exit == 4);  // read, never "all is well"
    CHECK_FALSE(unverified.out.empty());
    CHECK(has(unverified.err, "slaudit: warning: audits.db: the ledger was changed outside slaudit ("));
  }
  SECTION("the kept totals of a period, INSERTs only") {
    s.sql("audits.db",
          "INSERT INTO period_total SELECT 99, contract_title, service, clause_label, period, currency, "
          "currency_digits, start_local, start_unix, target, rows, breached, not_assessed, credit_not_stated, "
          "credit_minor, 0, lowest_num, lowest_den, lowest_resource FROM period_total WHERE audit_id = 2;");
    const Run verify = s.slaudit("ledger verify audits.db");
    CHECK(verify.exit == 3);
    CHECK(has(verify.out, "kept totals: \"Integrity test\" api 2026-11 owed_minor is 0, the current rows sum to 5000"));
    CHECK(has(verify.out, "chain: period_total of audit 99 belongs to no audit"));
  }
  SECTION("an older audit edited, its trigger dropped, then a genuine audit") {
    s.sql("audits.db", "DROP TRIGGER period_append_only; UPDATE period SET owed_minor = 0 WHERE audit_id = 1;");
    audit("2026-12");
    const Run verify = s.slaudit("ledger verify audits.db");
    CHECK(verify.exit == 3);
    CHECK(has(verify.out, "chain: link 1 (audit 1): its rows, or its digest, changed since it was recorded"));
    // The readers' quick check finds the trigger gone without reading every row.
    const Run history = s.slaudit("ledger history audits.db");
    CHECK(history.exit == 2);
    CHECK(has(history.err, "the first: table period lost a trigger that keeps it append-only: its rows may have "
                           "changed): its figures may be forged"));
  }
  SECTION("a head digest is 64 hex digits") {
    const Run bad = s.slaudit("ledger verify audits.db --head 12ab");
    CHECK(bad.exit == 2);
    CHECK(has(bad.err, "bad --head '12ab'"));
    const Run other = s.slaudit("ledger verify audits.db --head " + std::string(64, 'a'));
    CHECK(other.exit == 3);
    CHECK(has(other.out, "no link of the chain has it"));
  }
}

TEST_CASE("cli ledger: a name that keeps nothing is refused, an empty ledger file is used", "[ledger][cli]") {
  const Scratch s;
  const std::string audit = "audit contract.sla --incidents log.jsonl --period 2026-11 --ledger ";
  const Run empty = s.slaudit(audit + "''");
  CHECK(empty.exit == 2);
  CHECK(has(empty.err, "--ledger: a file name is needed (an empty one would record nothing)"));
  const Run memory = s.slaudit(audit + ":memory:");
  CHECK(memory.exit == 2);
  CHECK(has(memory.err, "--ledger: ':memory:' is what SQLite reads as a database in memory or a URI, which keeps "
                        "nothing; name a file (./:memory: for a file of that name)"));
  CHECK_FALSE(has(memory.err, "recorded"));
  // Touched, as a first audit killed before it committed leaves it: a reader says so, an audit uses it.
  s.write("touched.db", "");
  const Run reader = s.slaudit("ledger history touched.db");
  CHECK(reader.exit == 2);
  CHECK(has(reader.err, "holds no audit yet"));
  const Run first = s.slaudit(audit + "touched.db");
  INFO(first.err);
  CHECK(first.exit == 3);
  CHECK(has(first.err, "recorded in touched.db as audit 1"));
}

TEST_CASE("cli ledger: readers leave no file beside the ledger, and read it in a folder they cannot write",
          "[ledger][cli]") {
  const Scratch s;
  REQUIRE(s.slaudit("audit contract.sla --incidents log.jsonl --period 2026-11 --ledger audits.db").exit == 3);
  const auto beside = [&] {
    return std::filesystem::exists(s.path() / "audits.db-wal") || std::filesystem::exists(s.path() / "audits.db-shm");
  };
  REQUIRE_FALSE(beside());
  CHECK(s.slaudit("ledger history audits.db").exit == 0);
  CHECK(s.slaudit("ledger claims audits.db --as-of 2026-12-05").exit == 0);
  CHECK(s.slaudit("ledger verify audits.db").exit == 0);
  CHECK_FALSE(beside());  // none made by a reader, owned by whoever read
  // A read-only folder: the scratch folder bound read-only in a mount namespace of its own (tests run as
  // root, whom permissions do not stop; a read-only mount does). Without the right to mount, nothing to test.
  std::filesystem::create_directories(s.path() / "ro");
  const Run ro = s.run("unshare", "-m sh -c 'mount --bind . ro && mount -o remount,ro,bind ro && "
                                  "touch ro/x 2>/dev/null; [ ! -e ro/x ] || exit 9; " SLAUDIT_CLI
                                  " ledger history ro/audits.db && " SLAUDIT_CLI
                                  " ledger claims ro/audits.db --as-of 2026-12-05 && " SLAUDIT_CLI
                                  " ledger verify ro/audits.db'");
  if (has(ro.err, "mount") || has(ro.err, "unshare") || ro.exit == 9) {
    WARN("no read-only mount here (" << ro.err << "): the read-only folder is not tested");
    return;
  }
  INFO(ro.out << ro.err);
  CHECK(ro.exit == 0);
  CHECK(has(ro.out, "Ledger history of \"Integrity test\""));
  CHECK(has(ro.out, "Whole: no row changed"));
}
