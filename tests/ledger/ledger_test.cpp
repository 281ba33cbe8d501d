// The ledger: an audit recorded in one transaction, re-audits superseding
// without changing a row, history read back exactly, and every way the file
// can be wrong (not SQLite, another program's database, a newer schema, a
// crash in the middle of recording) ending in a clear error or a whole audit.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sqlite3.h>
#include <thread>

#include "ledger/database.h"
#include "ledger/history.h"
#include "ledger/record.h"
#include "tests/ledger/temp_ledger.h"
#include "tests/report/sample_report.h"

namespace fs = std::filesystem;
using namespace slaudit;
using ledger::Database;
using test::TempLedger;

namespace {

audit::AuditReport sample() {
  static const SourceFile source = test::sample_contract_source();
  return test::sample_report(source);
}

int64_t count(Database& db, const std::string& table) {
  ledger::Statement s = db.prepare("SELECT count(*) FROM " + table);
  s.step();
  return s.int64(0);
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("ledger: an audit is recorded whole and read back exactly", "[ledger]") {
  TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  const audit::AuditReport report = sample();
  const ledger::Recorded r = ledger::record_audit(db, report, "2026-12-01T00:00:00Z");
  CHECK(r.periods == report.periods.size());
  CHECK(r.superseded == 0);
  CHECK(count(db, "audit_input") == static_cast<int64_t>(report.inputs.size()));
  const auto rows = ledger::read_history(db, {});
  REQUIRE(rows.size() == 2);
  // Ordered by service name: "storage" (ASCII) sorts before "训练集群" (UTF-8 bytes 0xE8...).
  const ledger::HistoryRow& storage = rows[0];
  CHECK(storage.service == "storage");
  CHECK(storage.period == "2026-11");
  CHECK(storage.start_local == "2026-11-01");  // November 1st, 00:00 in Asia/Shanghai
  CHECK(storage.verdict == "breached");
  CHECK(storage.owed_minor == 3'000'000);  // 30,000.00 CNY
  CHECK(storage.currency == "CNY");
  CHECK(storage.availability == report.periods[1].availability);  // the exact fraction, not a float
  CHECK(storage.down_seconds == report.periods[1].down);
  CHECK(storage.claim_deadline == std::optional<std::string>("2026-12-30"));
  CHECK_FALSE(storage.superseded_by);
}

TEST_CASE("ledger: a re-audit supersedes the period's earlier version, which stays as it was", "[ledger]") {
  TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  audit::AuditReport first = sample();
  ledger::record_audit(db, first, "2026-12-01T00:00:00Z");
  audit::AuditReport again = sample();
  again.periods.resize(1);              // only 训练集群 re-audited
  again.periods[0].owed_minor = 12345;  // a late log changed its figures
  const ledger::Recorded r = ledger::record_audit(db, again, "2026-12-05T00:00:00Z");
  CHECK(r.superseded == 1);
  const auto current = ledger::read_history(db, {});
  REQUIRE(current.size() == 2);  // storage from the first audit, 训练集群 from the second
  CHECK(current[1].owed_minor == 12345);
  CHECK(current[1].audit_id == r.audit_id);
  ledger::HistoryQuery all;
  all.all_versions = true;
  const auto versions = ledger::read_history(db, all);
  REQUIRE(versions.size() == 3);
  CHECK(versions[2].owed_minor == first.periods[0].owed_minor);  // the earlier version, newest first before it
  CHECK(versions[2].superseded_by == std::optional<int64_t>(current[1].period_id));
  // Nothing is updated in place or deleted, even by hand.
  CHECK_THROWS_WITH(db.exec("UPDATE period SET owed_minor = 0"), Catch::Contains("append-only"));
  CHECK_THROWS_WITH(db.exec("DELETE FROM audit"), Catch::Contains("append-only"));
}

TEST_CASE("ledger: history filters by service and by the day its period starts", "[ledger]") {
  TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  ledger::HistoryQuery q;
  q.service = "storage";
  CHECK(ledger::read_history(db, q).size() == 1);
  q = {};
  q.first_day = "2026-12-01";
  CHECK(ledger::read_history(db, q).empty());  // November's periods start on 2026-11-01
  q.first_day = "2026-11-01";
  q.last_day = "2026-11-01";
  CHECK(ledger::read_history(db, q).size() == 2);
}

TEST_CASE("ledger: a failure in the middle of recording leaves nothing of the audit", "[ledger]") {
  TempLedger t;
  Database db(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  // The second audit supersedes: make its supersession row fail after its audit and periods went in.
  db.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON supersession BEGIN SELECT RAISE(ABORT, 'boom'); END");
  CHECK_THROWS_WITH(ledger::record_audit(db, sample(), "2026-12-02T00:00:00Z"), Catch::Contains("boom"));
  CHECK(count(db, "audit") == 1);
  CHECK(count(db, "period") == 2);
  CHECK(count(db, "audit_input") == 2);
}

TEST_CASE("ledger: files that are not this slaudit's ledger are refused, unchanged", "[ledger]") {
  TempLedger t;
  SECTION("not SQLite") {
    std::ofstream(t.path) << "incident,start\n";
    CHECK_THROWS_WITH(Database(t.path.string(), Database::Mode::ReadWrite), Catch::Contains("not a slaudit ledger"));
    CHECK(slurp(t.path) == "incident,start\n");
  }
  SECTION("another program's database") {
    { Database db(t.path.string(), Database::Mode::ReadWrite); }
    fs::remove(t.path);
    sqlite3* other = nullptr;
    REQUIRE(sqlite3_open(t.path.c_str(), &other) == SQLITE_OK);
    REQUIRE(sqlite3_exec(other, "CREATE TABLE notes (x)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(other);
    CHECK_THROWS_WITH(Database(t.path.string(), Database::Mode::ReadWrite), Catch::Contains("not a slaudit ledger"));
  }
  SECTION("a newer schema") {
    { Database db(t.path.string(), Database::Mode::ReadWrite); }
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(t.path.c_str(), &raw) == SQLITE_OK);
    REQUIRE(sqlite3_exec(raw, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
    const std::string before = slurp(t.path);
    CHECK_THROWS_WITH(Database(t.path.string(), Database::Mode::ReadWrite), Catch::Contains("newer than this slaudit"));
    CHECK(slurp(t.path) == before);
  }
  SECTION("read-only: an empty file holds no audit yet, and nothing is created") {
    std::ofstream(t.path).close();
    CHECK_THROWS_WITH(Database(t.path.string(), Database::Mode::ReadOnly),
                      Catch::Contains("holds no audit yet (an empty ledger: an audit with --ledger records the first)"));
    CHECK(fs::file_size(t.path) == 0);
    CHECK(std::distance(fs::directory_iterator(t.dir), fs::directory_iterator()) == 1);  // no -wal, no -shm
  }
  SECTION("read-write: an empty file (touched, or left by a first audit killed) becomes a ledger") {
    std::ofstream(t.path).close();
    Database db(t.path.string(), Database::Mode::ReadWrite);
    CHECK(ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z").audit_id == 1);
  }
}

TEST_CASE("ledger: two writers at once both land", "[ledger]") {
  TempLedger t;
  { Database db(t.path.string(), Database::Mode::ReadWrite); }  // the schema first
  const auto writer = [&] {
    Database db(t.path.string(), Database::Mode::ReadWrite);
    for (int k = 0; k < 10; ++k) ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  };
  std::thread a(writer), b(writer);
  a.join();
  b.join();
  Database db(t.path.string(), Database::Mode::ReadOnly);
  CHECK(count(db, "audit") == 20);
  CHECK(count(db, "period") == 40);
  CHECK(count(db, "supersession") == 38);  // every period version but the two current ones
}

TEST_CASE("ledger: a process killed while recording leaves whole audits only", "[ledger]") {
  TempLedger t;
  { Database db(t.path.string(), Database::Mode::ReadWrite); }
  audit::AuditReport big = sample();
  for (int k = 0; k < 500; ++k) {  // 1,000 periods an audit, so that a kill lands mid-transaction
    audit::PeriodAudit p = big.periods[k % 2];
    p.period = "2026-11#" + std::to_string(k);
    big.periods.push_back(p);
  }
  const size_t per_audit = big.periods.size();
  for (int delay_ms : {3, 17, 41}) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      try {
        Database db(t.path.string(), Database::Mode::ReadWrite);
        for (;;) ledger::record_audit(db, big, "2026-12-01T00:00:00Z");
      } catch (...) {
      }
      ::_exit(1);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    INFO("killed after " << delay_ms << " ms");
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::Statement check = db.prepare("PRAGMA integrity_check");
    REQUIRE(check.step());
    CHECK(check.text(0) == "ok");
    // Every audit in the file has all its periods: none was cut.
    ledger::Statement cut = db.prepare(
        "SELECT count(*) FROM audit a WHERE (SELECT count(*) FROM period p WHERE p.audit_id = a.id) <> ?");
    cut.bind(1, static_cast<int64_t>(per_audit));
    cut.step();
    CHECK(cut.int64(0) == 0);
  }
}

TEST_CASE("ledger: a full disk and a read-only ledger are clear errors, with nothing half-written", "[ledger]") {
  TempLedger t;
  {
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  }
  audit::AuditReport big = sample();
  for (int k = 0; k < 2000; ++k) {  // far more than the few pages left below
    audit::PeriodAudit p = big.periods[k % 2];
    p.period = "2026-11#" + std::to_string(k);
    big.periods.push_back(p);
  }
  SECTION("the disk fills up in the middle of an audit") {
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::Statement pages = db.prepare("PRAGMA page_count");
    pages.step();
    // The file may grow by four pages, as a disk with four pages free: the audit needs hundreds.
    db.exec("PRAGMA max_page_count = " + std::to_string(pages.int64(0) + 4));
    CHECK_THROWS_WITH(ledger::record_audit(db, big, "2026-12-02T00:00:00Z"), Catch::Contains("the disk is full"));
    CHECK(count(db, "audit") == 1);
    CHECK(count(db, "period") == 2);
  }
  SECTION("a ledger opened read-only is never written") {
    Database db(t.path.string(), Database::Mode::ReadOnly);
    CHECK_THROWS_WITH(ledger::record_audit(db, big, "2026-12-02T00:00:00Z"), Catch::Contains("cannot be written"));
    CHECK(count(db, "audit") == 1);
  }
}

TEST_CASE("ledger: a reader creates no file beside the ledger, and reads beside a writer", "[ledger]") {
  TempLedger t;
  {
    Database db(t.path.string(), Database::Mode::ReadWrite);
    ledger::record_audit(db, sample(), "2026-12-01T00:00:00Z");
  }
  const auto files = [&] { return std::distance(fs::directory_iterator(t.dir), fs::directory_iterator()); };
  REQUIRE(files() == 1);  // the last writer to close removed its -wal and -shm
  {
    // No writer has the file open (no -wal): read-only and immutable, so the
    // reader needs no -shm (a folder it cannot write would refuse one, and one
    // it made would stay owned by whoever read). Tests run as root, which no
    // folder refuses: the flags are checked here, the files left below.
    CHECK(ledger::reader_uri(t.path.string(), false) == "file:" + t.path.string() + "?mode=ro&immutable=1");
    Database reader(t.path.string(), Database::Mode::ReadOnly);
    CHECK(ledger::read_history(reader, {}).size() == 2);
  }
  CHECK(files() == 1);
  // A writer has it open: the reader shares its -wal and -shm (and sees what it committed).
  Database writer(t.path.string(), Database::Mode::ReadWrite);
  ledger::record_audit(writer, sample(), "2026-12-02T00:00:00Z");
  CHECK(ledger::reader_uri(t.path.string(), true) == "file:" + t.path.string() + "?mode=ro");
  Database reader(t.path.string(), Database::Mode::ReadOnly);
  ledger::HistoryQuery every_version;
  every_version.all_versions = true;
  CHECK(ledger::read_history(reader, every_version).size() == 4);
  CHECK(ledger::reader_uri("/tmp/a b?mode=rw#x", false) == "file:/tmp/a%20b%3Fmode%3Drw%23x?mode=ro&immutable=1");
}
