// Group-level clauses measured from probes (docs/fleet.md, "Groups measured
// from probes"): each member is down in its own runs of bad buckets, a zone
// is down while all its running members are, and the region by its down rule;
// a member no target probes is missing data for its whole life, and said so.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/probe_month.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;
using slaudit::testing::probe_csv;
using slaudit::testing::report_row;

const char* const kContract =
    "contract \"Probed regions\" {\n"
    "  provider \"P\"; customer \"C\"; timezone \"UTC\"; currency USD;\n"
    "  service vm { resources instance with zones; }\n"
    "  availability vm per region {\n"
    "    target 99.99%;\n"
    "    period calendar month;\n"
    "    unavailable when at least 2 zones down;\n"
    "    unavailable from probes {\n"
    "      bucket 5 min;\n"
    "      bad when success ratio < 100%;\n"
    "      targets any;\n"
    "    }\n"
    "    missing data counts as down;\n"
    "    credit of monthly fee { below 99.99%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// r1: vm-a in r1a, vm-b and vm-c in r1b; r2: vm-d in r2a, vm-e in r2b.
const char* const kInventory =
    "id,service,region,zone,zones,launched,terminated\n"
    "vm-a,vm,r1,r1a,1,,\n"
    "vm-b,vm,r1,r1b,1,,\n"
    "vm-c,vm,r1,r1b,1,,\n"
    "vm-d,vm,r2,r2a,1,,\n"
    "vm-e,vm,r2,r2b,1,,\n";

const char* const kBilling =
    "resource,period,charge,currency\n"
    "vm-a,2026-11,10.00,USD\n"
    "vm-b,2026-11,10.00,USD\n"
    "vm-c,2026-11,10.00,USD\n"
    "vm-d,2026-11,10.00,USD\n"
    "vm-e,2026-11,10.00,USD\n";

constexpr int kNov10At10 = 9 * 1440 + 600;  // 2026-11-10 10:00
constexpr int kNov12At08 = 11 * 1440 + 480;
constexpr int kNov13At08 = 12 * 1440 + 480;

// A sample every 5 minutes of November (8,640), failing in [from, to).
void add_target(std::vector<std::string>& rows, const std::string& target, int from, int to) {
  slaudit::testing::add_november_target(rows, target, 0, [&](int m) { return m >= from && m < to; });
}

// r1: vm-a bad 11-10 10:00-11:00, vm-b 10:30-11:30, vm-c 10:30-11:00, so zone
// r1a is down 10:00-11:00 and r1b (both members) 10:30-11:00: two zones down
// 10:30-11:00. r2: vm-d bad 11-12 08:00-09:00, vm-e 11-13 08:00-09:00: one
// zone at a time, never two.
std::vector<std::string> month_rows() {
  std::vector<std::string> rows;
  add_target(rows, "vm-a", kNov10At10, kNov10At10 + 60);
  add_target(rows, "vm-b", kNov10At10 + 30, kNov10At10 + 90);
  add_target(rows, "vm-c", kNov10At10 + 30, kNov10At10 + 60);
  add_target(rows, "vm-d", kNov12At08, kNov12At08 + 60);
  add_target(rows, "vm-e", kNov13At08, kNov13At08 + 60);
  return rows;
}

class Scratch : public slaudit::testing::ScratchDir {
 public:
  explicit Scratch(const std::string& inventory = kInventory) : ScratchDir("fleet-group-probes") {
    write("fleet.sla", kContract);
    write("inventory.csv", inventory);
    write("billing.csv", kBilling);
  }
  Run audit(const std::string& args) const {
    return run(SLAUDIT_CLI, "audit fleet.sla --inventory inventory.csv --billing-export billing.csv --period 2026-11 " + args);
  }
};

}  // namespace

TEST_CASE("fleet group probes: a region is down while its members' probes put two zones down", "[fleet][probe][group]") {
  const Scratch scratch;
  scratch.write("probes.csv", probe_csv(month_rows()));
  const Run run = scratch.audit("--probes probes.csv --format json");
  INFO(run.err);
  REQUIRE(run.exit == 3);  // region r1 is breached
  const auto report = nlohmann::json::parse(run.out);

  // r1: two zones down 10:30-11:00 = 1,800 s of 2,592,000: 1 - 1/1440 = 1439/1440
  // = 99.9305% < 99.99%: 10% of the members' 30.00 USD = 3.00 USD.
  const auto& r1 = report_row(report, "region r1");
  CHECK(r1["group_by"] == "region");
  CHECK(r1["down_raw_seconds"] == 1800);
  CHECK(r1["availability"]["num"] == "1439");
  CHECK(r1["availability"]["den"] == "1440");
  CHECK(r1["verdict"] == "breached");
  CHECK(r1["fee"]["minor"] == 3000);
  CHECK(r1["owed"]["minor"] == 300);
  // What a claim names: the run of group downtime, and the members' probes behind it.
  REQUIRE(r1["counted_incidents"].size() == 1);
  CHECK(r1["counted_incidents"][0]["id"] == "region r1 down #1 (vm-a probes, vm-b probes, vm-c probes)");
  CHECK(r1["counted_incidents"][0]["start"] == "2026-11-10T10:30:00Z");
  CHECK(r1["counted_incidents"][0]["end"] == "2026-11-10T11:00:00Z");
  // r2: vm-d's zone down on the 12th, vm-e's on the 13th, never both: 100%, met.
  const auto& r2 = report_row(report, "region r2");
  CHECK(r2["down_raw_seconds"] == 0);
  CHECK(r2["availability_percent"] == "100.0000%");
  CHECK(r2["verdict"] == "met");
  // Every sample is a member's: 5 x 8,640 read and used.
  CHECK(report["records"][2]["read"] == 43200);
  CHECK(report["records"][2]["used"] == 43200);
  CHECK(report["unassessed"].empty());
  CHECK(report["total_owed"]["minor"] == 300);
}

TEST_CASE("fleet group probes: shuffled rows give the same figures", "[fleet][probe][group][order]") {
  const Scratch scratch;
  std::vector<std::string> rows = month_rows();
  scratch.write("probes.csv", probe_csv(rows));
  std::shuffle(rows.begin(), rows.end(), std::mt19937(20261207));
  scratch.write("shuffled.csv", probe_csv(rows));
  const Run in_order = scratch.audit("--probes probes.csv --format json");
  const Run shuffled = scratch.audit("--probes shuffled.csv --format json");
  REQUIRE(in_order.exit == 3);
  REQUIRE(shuffled.exit == 3);
  const auto a = nlohmann::json::parse(in_order.out), b = nlohmann::json::parse(shuffled.out);
  CHECK(a["resources"] == b["resources"]);
  CHECK(a["total_owed"] == b["total_owed"]);
}

TEST_CASE("fleet group probes: a member no target probes is missing data, and said so", "[fleet][probe][group]") {
  // vm-f joins zone r2a and is never probed: under "missing data counts as
  // down" it is down all month, so zone r2a is down whenever vm-d is
  // (11-12 08:00-09:00), still never at the same time as r2b: r2 stays 100%,
  // and its period carries the gap.
  // vm-g lived in October only: it needs no probe in November and is not named.
  const Scratch scratch(std::string(kInventory) + "vm-f,vm,r2,r2a,1,,\n" +
                        "vm-g,vm,r2,r2b,1,2026-10-01T00:00:00Z,2026-10-15T00:00:00Z\n");
  scratch.write("probes.csv", probe_csv(month_rows()));
  const Run run = scratch.audit("--probes probes.csv --format json");
  INFO(run.err);
  REQUIRE(run.exit == 3);
  const auto report = nlohmann::json::parse(run.out);
  const auto& r2 = report_row(report, "region r2");
  CHECK(r2["down_raw_seconds"] == 0);
  REQUIRE(r2["evidence_gaps"].size() >= 1);
  CHECK(has(r2["evidence_gaps"].dump(),
            "1 member(s) of region r2 have no probe target (first: vm-f): their time is missing data, counted as down"));
  CHECK(report["evidence_complete"] == false);
  // r1 is as before: its members are all probed.
  CHECK(report_row(report, "region r1")["owed"]["minor"] == 300);
}

TEST_CASE("fleet group probes: without --probes each group is not assessed, with the reason", "[fleet][probe][group]") {
  const Scratch scratch;
  scratch.write("incidents.csv", "id,service,start,end,resource\n");
  const Run run = scratch.audit("--incidents incidents.csv --format json");
  INFO(run.err);
  CHECK(run.exit != 0);
  const auto report = nlohmann::json::parse(run.out);
  CHECK(report["resources"].empty());
  REQUIRE(report["unassessed"].size() == 2);
  CHECK(report["unassessed"][0]["resource"] == "region r1");
  CHECK(report["unassessed"][1]["resource"] == "region r2");
  CHECK(has(report["unassessed"][0]["reason"].get<std::string>(),
            "availability per region (line 4) is measured from its members' probes and no probe input was given"));
}
