// Uptime Kuma's database as a probe input (telemetry/probe/kuma_database.h):
// each heartbeat a 0/1 sample of its monitor's name, maintenance missing,
// every rejection with the heartbeat's id and reason, the schema checked.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "telemetry/probe/kuma_database.h"
#include "telemetry/probe/probe_input.h"
#include "tests/support/cli_run.h"
#include "tests/support/gzip.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {

const std::string kFixture = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/uptime_kuma/kuma.sql";

struct Collect : ProbeSink {
  std::vector<ProbeSample> samples;
  void add(const ProbeSample& s) override { samples.push_back(s); }
};

struct Result {
  std::string error;
  std::vector<ProbeSample> samples;
  ProbeAccounting accounting;
  ProbeTargets targets;
};

// A database at `path` made by running `sql`.
void make_db(const std::string& path, const std::string& sql) {
  std::filesystem::remove(path);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  INFO((error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

Result read_path(const std::string& path) {
  Result r;
  Collect sink;
  r.error = read_probe_input(path, {1, &r.targets, &sink, &r.accounting});
  r.samples = std::move(sink.samples);
  return r;
}

std::vector<std::string> reasons(const Result& r) {
  std::vector<std::string> out;
  for (const auto& rej : r.accounting.first_rejections) out.push_back(std::to_string(rej.record) + ": " + rej.reason);
  return out;
}

}  // namespace

TEST_CASE("kuma: the fixture's heartbeats, used, missing or rejected with their ids", "[probe-io][kuma]") {
  const slaudit::testing::ScratchDir dir("kuma-read");
  // Recognised by SQLite's magic, whatever the name.
  const std::string path = (dir.path() / "heartbeats.bin").string();
  make_db(path, slaudit::testing::slurp(kFixture));
  const Result r = read_path(path);
  REQUIRE(r.error.empty());
  // 20 heartbeats: 13 used (api 1-9 and 13-15, web 16), 3 in maintenance (10-12), 4 rejected.
  CHECK(r.accounting.read == 20);
  CHECK(r.accounting.used == 13);
  CHECK(r.accounting.missing == 3);
  CHECK(r.accounting.missing_noted == 3);
  CHECK(r.accounting.rejected == 4);
  CHECK(reasons(r) == std::vector<std::string>{
                          "17: the name of monitor 3 contains a control character: 'evil\\nTotal owed: 0.00 EUR'",
                          "18: monitor_id 99 has no monitor",
                          "19: status '7' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)",
                          "20: time '2026-11-03T02:04:55Z' is not 'YYYY-MM-DD HH:MM:SS[.fff]' (UTC)"});
  REQUIRE(r.samples.size() == 13);
  // up 1/1, down 0/1, pending 0/1 (a failed check being retried).
  struct Expected { uint64_t record; int64_t at; uint64_t ok; const char* target; };
  const std::vector<Expected> expected = {
      {1, 1793671200, 1, "api"}, {4, 1793671260, 0, "api"}, {5, 1793671280, 0, "api"},
      {8, 1793671340, 0, "api"}, {15, 1793671480, 1, "api"}, {16, 1793671205, 1, "web"}};
  for (const Expected& e : expected) {
    INFO(e.record);
    auto it = std::find_if(r.samples.begin(), r.samples.end(), [&](const ProbeSample& s) { return s.record == e.record; });
    REQUIRE(it != r.samples.end());
    CHECK(it->at.time_since_epoch().count() == e.at);  // the fraction floored: 02:00:00.112 is 02:00:00
    CHECK(it->ok == e.ok);
    CHECK(it->total == 1);
    CHECK(it->kind == SampleKind::Counts);
    CHECK(it->source == 1);
    CHECK(r.targets.name(it->target) == e.target);
  }
  REQUIRE(r.accounting.notes.size() == 2);
  CHECK(r.accounting.notes[0].starts_with("3 heartbeats in maintenance (status 3)"));
  CHECK(r.accounting.notes[1].starts_with("1 pending heartbeats (status 2"));
}

TEST_CASE("kuma: rows stored in any order read the same", "[probe-io][kuma]") {
  const slaudit::testing::ScratchDir dir("kuma-order");
  const std::string a = (dir.path() / "a.db").string(), b = (dir.path() / "b.db").string();
  make_db(a, slaudit::testing::slurp(kFixture));
  // The same rows, inserted last first (and so stored in another order of pages).
  make_db(b, slaudit::testing::slurp(kFixture) +
                 "CREATE TABLE h2 AS SELECT * FROM heartbeat ORDER BY id DESC; DELETE FROM heartbeat;"
                 "INSERT INTO heartbeat SELECT * FROM h2; DROP TABLE h2; VACUUM;");
  const Result ra = read_path(a), rb = read_path(b);
  REQUIRE(ra.samples.size() == rb.samples.size());
  for (size_t i = 0; i < ra.samples.size(); ++i) {
    CHECK(ra.samples[i].record == rb.samples[i].record);
    CHECK(ra.samples[i].at == rb.samples[i].at);
    CHECK(ra.samples[i].ok == rb.samples[i].ok);
  }
  CHECK(reasons(ra) == reasons(rb));
}

TEST_CASE("kuma: a database without Kuma's tables or columns is an error for the whole input", "[probe-io][kuma]") {
  const slaudit::testing::ScratchDir dir("kuma-schema");
  const std::string path = (dir.path() / "k.db").string();
  struct Case { const char* sql; const char* error; };
  const std::vector<Case> cases = {
      {"CREATE TABLE ledger (x);", "an SQLite database without a table 'monitor': not an Uptime Kuma database"},
      {"CREATE TABLE monitor (id INTEGER PRIMARY KEY, name TEXT);",
       "an SQLite database without a table 'heartbeat': not an Uptime Kuma database"},
      {"CREATE TABLE monitor (id INTEGER PRIMARY KEY, title TEXT);", "table 'monitor' has no column 'name'"},
      {"CREATE TABLE monitor (id INTEGER PRIMARY KEY, name TEXT);"
       "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY, monitor_id INTEGER, status INTEGER, at TEXT);",
       "table 'heartbeat' has no column 'time'"},
  };
  for (const Case& c : cases) {
    SECTION(c.error) {
      make_db(path, c.sql);
      const Result r = read_path(path);
      CHECK(r.error.starts_with(path + ": "));
      CHECK(r.error.find(c.error) != std::string::npos);
      CHECK(r.accounting.read == 0);
    }
  }
  SECTION("compressed") {
    make_db(path, slaudit::testing::slurp(kFixture));
    const std::string gz = path + ".gz";
    { std::ofstream(gz, std::ios::binary) << slaudit::testing::gzip(slaudit::testing::slurp(path)); }
    const Result r = read_path(gz);
    CHECK(r.error == gz + ": a gzip-compressed SQLite database: decompress it first (SQLite reads the file itself)");
  }
}

TEST_CASE("kuma: every rejection reason of a heartbeat", "[probe-io][kuma]") {
  const slaudit::testing::ScratchDir dir("kuma-rejections");
  const std::string path = (dir.path() / "k.db").string();
  struct Case { const char* insert; const char* reason; };
  const std::string schema =
      "CREATE TABLE monitor (id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY, monitor_id, status, time);"
      "INSERT INTO monitor VALUES (1, 'api'), (2, NULL), (3, ''), (4, 'twin'), (5, 'twin'),"
      " (6, 'a' || char(8238) || 'b');";
  const std::vector<Case> cases = {
      {"(1, 1, 1, '2026-11-03 02:00:00')", ""},
      {"(1, 1, 0, '2026-11-03 02:00:00.5')", ""},
      {"(1, 7, 1, '2026-11-03 02:00:00')", "monitor_id 7 has no monitor"},
      {"(1, 'one', 1, '2026-11-03 02:00:00')", "monitor_id is not an integer"},
      {"(1, 2, 1, '2026-11-03 02:00:00')", "monitor 2 has no name"},
      {"(1, 3, 1, '2026-11-03 02:00:00')", "monitor 3 has an empty name"},
      {"(1, 4, 1, '2026-11-03 02:00:00')",
       "the monitor name 'twin' is shared by monitors 4, 5: which one is the target would be a guess"},
      {"(1, 6, 1, '2026-11-03 02:00:00')",
       "the name of monitor 6 contains a bidirectional formatting character (U+202E)"},
      {"(1, 1, 4, '2026-11-03 02:00:00')", "status '4' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)"},
      {"(1, 1, -1, '2026-11-03 02:00:00')", "status '-1' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)"},
      {"(1, 1, 'up', '2026-11-03 02:00:00')", "status 'up' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)"},
      {"(1, 1, NULL, '2026-11-03 02:00:00')", "status 'NULL' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)"},
      {"(1, 1, 1, 1793671200)", "time is not text ('YYYY-MM-DD HH:MM:SS', UTC)"},
      {"(1, 1, 1, '2026-11-03 02:00')", "time '2026-11-03 02:00' is not 'YYYY-MM-DD HH:MM:SS[.fff]' (UTC)"},
      {"(1, 1, 1, '2026-11-03 02:00:00+01:00')",
       "time '2026-11-03 02:00:00+01:00' is not 'YYYY-MM-DD HH:MM:SS[.fff]' (UTC)"},
      {"(1, 1, 1, '2026-11-03 02:00:00.')", "time '2026-11-03 02:00:00.' is not 'YYYY-MM-DD HH:MM:SS[.fff]' (UTC)"},
      {"(1, 1, 1, '2026-02-29 02:00:00')", "time '2026-02-29 02:00:00' is not a valid date and time"},
      {"(1, 1, 1, '2026-11-03 24:00:00')", "time '2026-11-03 24:00:00' is not a valid date and time"},
  };
  for (const Case& c : cases) {
    SECTION(c.insert) {
      make_db(path, schema + "INSERT INTO heartbeat VALUES " + c.insert + ";");
      const Result r = read_path(path);
      REQUIRE(r.error.empty());
      CHECK(r.accounting.read == 1);
      if (std::string(c.reason).empty()) {
        CHECK(r.accounting.used == 1);
      } else {
        CHECK(r.accounting.rejected == 1);
        REQUIRE(r.accounting.first_rejections.size() == 1);
        CHECK(r.accounting.first_rejections[0].record == 1);
        // The reason as it starts (name_problem's go on to quote the value, escaped).
        CHECK(r.accounting.first_rejections[0].reason.starts_with(c.reason));
      }
    }
  }
}

TEST_CASE("kuma: heartbeat times, fast path and full parse agree", "[probe-io][kuma]") {
  struct Case { const char* text; int64_t seconds; };
  // 2024-02-29 is a leap day: 19,782 days after 1970-01-01 = 1,709,164,800 s.
  const std::vector<Case> cases = {{"1970-01-01 00:00:00", 0},
                                   {"2024-02-29 00:00:00", 1709164800},
                                   {"2024-02-29 23:59:59.999", 1709164800 + 86399},
                                   {"2026-11-03 02:00:00.112", 1793671200},
                                   {"1969-12-31 23:59:59", -1}};
  for (const Case& c : cases) {
    int64_t s = 0;
    CHECK(parse_kuma_time(c.text, s).empty());
    CHECK(s == c.seconds);
  }
  // Many rows of one date go through the fast path: the same seconds as the full parse.
  const slaudit::testing::ScratchDir dir("kuma-times");
  const std::string path = (dir.path() / "k.db").string();
  std::string sql = "CREATE TABLE monitor (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO monitor VALUES (1, 'a');"
                    "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY, monitor_id, status, time);";
  const std::vector<std::string> times = {"2024-02-29 00:00:00", "2024-02-29 23:59:59.999", "2024-02-29 12:00:61",
                                          "2024-02-29 12:00:00x", "2024-03-01 00:00:00"};
  for (size_t i = 0; i < times.size(); ++i)
    sql += "INSERT INTO heartbeat VALUES (" + std::to_string(i + 1) + ", 1, 1, '" + times[i] + "');";
  make_db(path, sql);
  const Result r = read_path(path);
  REQUIRE(r.samples.size() == 3);
  CHECK(r.samples[0].at.time_since_epoch().count() == 1709164800);
  CHECK(r.samples[1].at.time_since_epoch().count() == 1709164800 + 86399);
  CHECK(r.samples[2].at.time_since_epoch().count() == 1709164800 + 86400);
  CHECK(r.accounting.rejected == 2);
}

TEST_CASE("kuma: standard input cannot be a database", "[probe-io][kuma]") {
  const slaudit::testing::ScratchDir dir("kuma-stdin");
  const std::string path = (dir.path() / "k.db").string();
  make_db(path, slaudit::testing::slurp(kFixture));
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  ProbeAccounting accounting;
  ProbeTargets targets;
  Collect sink;
  ProbeReadOptions options;
  options.stdin_fd = fd;
  const std::string error = read_probe_input("-", {0, &targets, &sink, &accounting}, options);
  ::close(fd);
  CHECK(error == "<stdin>: an SQLite database (Uptime Kuma's kuma.db) is read from its file, not from standard input");
}
