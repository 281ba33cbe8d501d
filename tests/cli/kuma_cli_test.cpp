// Uptime Kuma's database end to end (tests/data/sources/uptime_kuma/): the
// contract's monitor audited from its heartbeats, the figure worked by hand.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kData = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/uptime_kuma/";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-kuma") {
    copy_in(kData + "contract.sla", "c.sla");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((path() / "kuma.db").c_str(), &db) == SQLITE_OK);
    const int rc = sqlite3_exec(db, slaudit::testing::slurp(kData + "kuma.sql").c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
  }
};

}  // namespace

TEST_CASE("cli kuma: the monitor's heartbeats audit the contract, worked by hand", "[cli][kuma]") {
  const Scratch s;
  const CliRun run = s.run(SLAUDIT_CLI, "audit c.sla --probes kuma.db --period 2026-11 --format text");
  INFO(run.out << run.err);
  // Minute buckets of monitor api (3 heartbeats a minute): 02:01 down, pending,
  // down: 0/3, bad (< 90%); 02:02 up, down, up: 2/3 = 66.7%, bad; 02:03 in
  // maintenance: no sample, missing, counted up; 02:00 and 02:04 3/3.
  // 2 minutes down in November's 43,200: 43,198 / 43,200 = 99.99537...% <
  // 99.999%: 10% of 100.00 = 10.00.
  CHECK(run.exit == 3);
  CHECK(has(run.out, "43200         2"));
  CHECK(has(run.out, "99.9953%"));
  CHECK(has(run.out, "10.00"));
  // 20 heartbeats: 13 used, 4 rejected, 3 in maintenance (read = used + rejected + missing).
  CHECK(has(run.out, "kuma.db: read 20, used 13, rejected 4\n"));
  CHECK(has(run.out, "3 heartbeats in maintenance (status 3)"));
  CHECK(has(run.out, "monitor_id 99 has no monitor"));
  // The monitor name with a newline is rejected, never printed as a line of its own.
  CHECK_FALSE(has(run.out, "\nTotal owed: 0.00 EUR"));
}
