// `slaudit audit --inventory ... --prometheus URL` against a real Prometheus
// (Debian's package), as tests/cli/prometheus_live_test.cpp does for a
// service: a month of per-minute probe samples of five instances loaded as
// blocks, the rules of `slaudit prometheus-rules` evaluated over the month,
// then the fleet audit from the recorded figures must equal, resource by
// resource and cent for cent, the fleet audit of the same samples as CSV,
// for a per-instance clause (5-minute buckets) and a clause per region
// measured from its members' probes (1-hour buckets). Also: a target that
// probes no resource is rejected, value by value; an instance launched
// inside a bucket is noted; the saved responses replay to the same report,
// and an audit from them is recorded in a ledger and verified.
// Skipped, with the reason printed, only where the package is missing.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/probe_month.h"
#include "tests/support/prometheus_server.h"

namespace {

namespace fs = std::filesystem;
using slaudit::testing::has;
using slaudit::testing::report_row;
using slaudit::testing::PrometheusServer;

const char* const kContract = R"(contract "Live fleet" {
  provider "P"; customer "C"; timezone "UTC"; currency USD;
  service vm { resources instance with zones; }
  availability vm "instance" per instance {
    target 99.9%; period calendar month; partial period prorated;
    unavailable from probes { bucket 5 min; bad when success ratio < 100%; targets any; }
    missing data counts as down;
    credit of monthly fee { below 99.9%: 10%; }
  }
  availability vm "region" per region {
    target 99.99%; period calendar month;
    unavailable when at least 2 zones down;
    unavailable from probes { bucket 1 h; bad when success ratio < 90%; }
    missing data counts as down;
    credit of monthly fee { below 99.99%: 25%; }
  }
}
)";

// vm-3 is launched at 00:02, inside a 5-minute bucket; vm-4 terminated on the 20th at noon.
const char* const kInventory =
    "id,service,region,zone,zones,launched,terminated\n"
    "vm-1,vm,r1,r1a,1,,\n"
    "vm-2,vm,r1,r1b,1,,\n"
    "vm-3,vm,r1,r1b,1,2026-11-16T00:02:00Z,\n"
    "vm-4,vm,r1,r1a,1,,2026-11-20T12:00:00Z\n"
    "vm-5,vm,r2,r2a,1,,\n";

const char* const kBilling =
    "resource,period,charge,currency\n"
    "vm-1,2026-11,30.00,USD\n"
    "vm-2,2026-11,30.00,USD\n"
    "vm-3,2026-11,15.00,USD\n"
    "vm-4,2026-11,20.00,USD\n"
    "vm-5,2026-11,30.00,USD\n";

constexpr int64_t kNov1 = 1793491200;         // 2026-11-01T00:00:00Z
constexpr int64_t kNov10At10 = kNov1 + 9 * 86400 + 36000;
constexpr int64_t kVm3Launch = kNov1 + 15 * 86400 + 120;

// One sample a minute per target through November (vm-2 17 s after the
// minute, lb-1 30 s): vm-1, vm-2 and vm-4 fail 11-10 10:00-11:30 (both zones
// of r1 down: all their running members); at other times vm-3, vm-4 and vm-5
// fail one sample in 37 (vm-3 never in its first
// ten minutes, nor before its launch, so its first bucket is the same read
// either way); lb-1 probes no resource.
void write_samples(const slaudit::testing::ScratchDir& dir) {
  std::string om = "# TYPE probe_success gauge\n";
  std::vector<std::pair<int64_t, std::string>> rows;
  const struct { const char* name; int64_t offset; } targets[] = {
      {"vm-1", 0}, {"vm-2", 17}, {"vm-3", 0}, {"vm-4", 0}, {"vm-5", 0}, {"lb-1", 30}};
  uint64_t state = 20261207;
  for (const auto& t : targets)
    for (int64_t ts = kNov1 + t.offset; ts < kNov1 + 30 * 86400; ts += 60) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::string name = t.name;
      bool down = false;
      if (name == "vm-1" || name == "vm-2" || name == "vm-4") down = ts >= kNov10At10 && ts < kNov10At10 + 5400;
      else if (name != "lb-1") down = (state >> 33) % 37 == 0 && !(name == "vm-3" && ts < kVm3Launch + 600);
      const std::string v = down ? "0" : "1";
      om += "probe_success{instance=\"" + name + "\"} " + v + " " + std::to_string(ts) + "\n";
      rows.emplace_back(ts, std::to_string(ts) + "," + name + "," + v + "\n");
    }
  om += "# EOF\n";
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string csv = "timestamp,target,success\n";
  for (const auto& [_, line] : rows) csv += line;
  dir.write("probes.csv", csv);
  dir.write("probes.om", om);
}

}  // namespace

TEST_CASE("fleet prometheus: each resource from its recorded figures, as from its raw samples", "[fleet][prometheus][live]") {
  if (!PrometheusServer::available()) {
    WARN("skipped: the Debian package `prometheus` (prometheus, promtool) is not installed; scripts/setup-debian.sh installs it");
    return;
  }
  const slaudit::testing::ScratchDir dir("fleet-prometheus");
  dir.write("fleet.sla", kContract);
  dir.write("inventory.csv", kInventory);
  dir.write("billing.csv", kBilling);
  write_samples(dir);
  const auto rules = dir.run(SLAUDIT_CLI, "prometheus-rules fleet.sla --period 2026-11 -o rules.yml");
  INFO(rules.err);
  REQUIRE(rules.exit == 0);
  PrometheusServer server(dir.path() / "data");
  slaudit::testing::serve_recorded(dir, server, "probes.om", "rules.yml", "2026-10-31T00:00:00Z", "2026-12-02T00:00:00Z");

  const std::string fleet = "audit fleet.sla --inventory inventory.csv --billing-export billing.csv --period 2026-11 "
                            "--format json ";
  const auto raw = dir.run(SLAUDIT_CLI, fleet + "--probes probes.csv");
  const auto recorded = dir.run(SLAUDIT_CLI, fleet + "--prometheus " + server.url() + " --save-fetched fetched");
  INFO(recorded.err);
  REQUIRE(raw.exit == 3);
  REQUIRE(recorded.exit == raw.exit);
  const auto a = nlohmann::json::parse(raw.out), b = nlohmann::json::parse(recorded.out);
  CHECK(b["resources"] == a["resources"]);
  CHECK(b["totals"] == a["totals"]);
  CHECK(b["total_owed"] == a["total_owed"]);
  // Not a vacuous equality: vm-1 is down 90 min of the month (18 bad buckets:
  // 1 - 5,400 / 2,592,000 = 479/480 < 99.9%), and region r1 two zones down for
  // the hours 10:00 and 11:00 (vm-1, vm-4 in r1a and vm-2 in r1b ok in 0/60 and
  // 30/60 of their minutes, below 90%; vm-3 not yet launched): 7,200 s,
  // 1 - 7,200 / 2,592,000 = 359/360 < 99.99%.
  CHECK(report_row(b, "vm-1", "instance")["availability"]["num"] == "479");
  CHECK(report_row(b, "vm-1", "instance")["availability"]["den"] == "480");
  const auto& r1 = report_row(b, "region r1", "region");
  CHECK(r1["down_raw_seconds"] == 7200);
  CHECK(r1["verdict"] == "breached");
  CHECK(report_row(b, "vm-3", "instance")["start"] == "2026-11-16T00:02:00Z");

  // One input per clause read: the 5-minute series, then the hourly ones. lb-1
  // is in both: 8,640 and 720 buckets, each an ok and a total value, rejected.
  const auto& records = b["records"];
  REQUIRE(records.size() == 4);  // inventory, billing export, two recorded reads
  for (size_t k = 2; k < 4; ++k) {
    INFO(records[k].dump());
    CHECK(records[k]["read"].get<int64_t>() == records[k]["used"].get<int64_t>() + records[k]["rejected"].get<int64_t>());
  }
  CHECK(records[2]["rejected"] == 2 * 8640);
  CHECK(records[3]["rejected"] == 2 * 720);
  CHECK(has(b["rejected"].dump(), "target 'lb-1' probes no resource of the inventory: its 8640 bucket figure(s) are rejected"));
  CHECK(b["evidence_complete"] == false);  // lb-1's figures are rejected
  CHECK(has(b["notes"].dump(), "1 resource(s) (first: vm-3) start or end inside a bucket"));

  // Recorded in a ledger from the live server without --save-fetched: its
  // inputs cannot be read again, and verify says so.
  const auto live_only = dir.run(SLAUDIT_CLI, fleet + "--prometheus " + server.url() + " --ledger live.db");
  CHECK(live_only.exit == 3);
  const auto unverifiable = dir.run(SLAUDIT_CLI, "ledger verify live.db");
  CHECK(unverifiable.exit != 0);
  CHECK(has(unverifiable.out + unverifiable.err, "without --save-fetched: its inputs cannot be read again"));

  server.stop();
  const auto replay = dir.run(SLAUDIT_CLI, fleet + "--prometheus-replay fetched");
  CHECK(replay.exit == recorded.exit);
  CHECK(replay.out == recorded.out);
  // From the saved responses, recorded and verified: every figure the same.
  const auto in_ledger = dir.run(SLAUDIT_CLI, fleet + "--prometheus-replay fetched --ledger audits.db");
  INFO(in_ledger.err);
  CHECK(in_ledger.exit == 3);
  const auto verified = dir.run(SLAUDIT_CLI, "ledger verify audits.db");
  INFO(verified.out << verified.err);
  CHECK(verified.exit == 0);
  CHECK(has(verified.out, "every figure is the same"));
}

TEST_CASE("fleet prometheus: what it takes no part with is refused", "[fleet][prometheus]") {
  const slaudit::testing::ScratchDir dir("fleet-prometheus-refused");
  dir.write("fleet.sla", kContract);
  dir.write("inventory.csv", kInventory);
  dir.write("probes.csv", "timestamp,target,success\n");
  const std::string fleet = "audit fleet.sla --inventory inventory.csv --period 2026-11 --prometheus-replay fetched ";
  const auto both = dir.run(SLAUDIT_CLI, fleet + "--probes probes.csv");
  CHECK(both.exit == 2);
  CHECK(has(both.err, "--probes and --prometheus both measure the probe clauses; give one"));
  const auto no_replay = dir.run(SLAUDIT_CLI, fleet);  // the folder does not exist
  CHECK(no_replay.exit == 2);
  CHECK_FALSE(no_replay.err.empty());
}
